// In an enum the most specific route is tried first; a route that can never be reached
// (another matches exactly the same URLs, or the routes before it take all of its URLs) is
// an error at its template.
use urlkit::Route;

#[derive(Route)]
enum Users {
    #[route("/users/{id}")]
    ById { id: u64 },
    #[route("/users/{login}")]
    ByLogin { login: String },
}

#[derive(Route)]
enum Search {
    #[route("/search")]
    Form,
    #[route("/search{?q}")]
    Results { q: Option<String> },
}

#[derive(Route)]
enum Files {
    #[route("/files{/name}")]
    Maybe { name: Option<String> },
    #[route("/files")]
    List,
    #[route("/files/{name}")]
    One { name: String },
    #[route("/files/")]
    Index,
}

fn main() {}
