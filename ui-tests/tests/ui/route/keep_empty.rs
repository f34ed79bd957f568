// `#[route(keep_empty)]`: on an `Option` field read in the query, it keeps an empty value
// (`?page=`) as `Some`; anywhere else it means nothing, and the error is at the attribute.
use urlkit::Route;

#[derive(Route)]
#[route("/a{?page}")]
struct NotAnOption {
    #[route(keep_empty)]
    page: u32,
}

#[derive(Route)]
#[route("/a{?tag*}")]
struct AList {
    #[route(keep_empty)]
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/docs/{section}{/page}")]
struct InThePath {
    section: String,
    #[route(keep_empty)]
    page: Option<String>,
}

#[derive(Route)]
#[route("/a{?page}", keep_empty)]
struct OnTheStruct {
    page: Option<u32>,
}

fn main() {}
