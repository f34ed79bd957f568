// `#[derive(Param)]`: an enum of unit variants, each one non-empty spelling that no other
// variant has; every problem is reported in one compile, at its culprit.
use urlkit::Param;

#[derive(Param)]
enum WithData {
    Newest,
    Since(u32),
    Between { from: u32, to: u32 },
}

#[derive(Param)]
#[param(rename_all = "lowercase")]
enum SameSpelling {
    Newest,
    NEWEST,
    #[param(rename = "newest")]
    Latest,
}

#[derive(Param)]
enum Empty {
    #[param(rename = "")]
    Nothing,
}

#[derive(Param)]
#[param(rename_all = "Title Case")]
enum UnknownCase {
    A,
}

#[derive(Param)]
enum Misplaced {
    #[param(rename_all = "lowercase")]
    A,
    #[param(renam = "b")]
    B,
}

#[derive(Param)]
enum NoVariants {}

#[derive(Param)]
struct NotAnEnum {
    sort: String,
}

// The enum's own errors only: its uses report nothing more.
#[derive(urlkit::Route)]
#[route("/issues{?sort}")]
struct Issues {
    sort: Option<SameSpelling>,
}

fn main() {}
