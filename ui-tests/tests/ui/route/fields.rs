// Every placeholder reads a field, every field has a placeholder (or `#[route(skip)]`), and
// each is named once; all mistakes of a type are reported in one compile.
use urlkit::Route;

#[derive(Route)]
#[route("/users/{idd}/posts/{slug}{?page}")]
struct Typo {
    id: u64,
    slug: String,
    page: Option<u32>,
}

#[derive(Route)]
#[route("/users/{id}")]
struct Extra {
    id: u64,
    cache: bool,
}

#[derive(Route)]
#[route("/users/{id}/{session}")]
struct Skipped {
    id: u64,
    #[route(skip)]
    session: String,
}

#[derive(Route)]
#[route("/keys/{0}")]
struct Tuple(u64, String);

// A field in another case is the one meant: one error.
#[derive(Route)]
#[route("/users/{userId}")]
struct Case {
    user_id: u64,
}

#[derive(Route)]
#[route("/users/{id}/copy/{id}")]
struct Twice {
    id: u64,
}

#[derive(Route)]
enum Api {
    #[route("/users/{login}")]
    Me,
}

fn main() {}
