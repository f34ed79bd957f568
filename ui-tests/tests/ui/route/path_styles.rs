// OpenAPI's path styles `label` (`{.x}`) and `matrix` (`{;x}`): one value in a segment, which
// is always written, so never absent; one placeholder per segment; and a query style is not
// theirs.
use urlkit::Route;

#[derive(Route)]
#[route("/users/{.id*}")]
struct ExplodedScalar {
    id: u64,
}

#[derive(Route)]
#[route("/users/{;id}")]
struct Absent {
    id: Option<u64>,
}

#[derive(Route)]
#[route("/users/{.id}")]
struct QueryStyle {
    #[route(style = "pipeDelimited")]
    id: Vec<String>,
}

#[derive(Route)]
#[route("/users/{;id}{.format}")]
struct TwoInOneSegment {
    id: u64,
    format: String,
}

#[derive(Route)]
#[route("/users/{.id,format}")]
struct TwoVariables {
    id: u64,
    format: String,
}

fn main() {}
