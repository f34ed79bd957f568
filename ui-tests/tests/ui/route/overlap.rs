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

// Query keys are compared decoded: one key in two spellings is one key.
#[derive(Route)]
enum Export {
    #[route("/export?format=json")]
    Json,
    #[route("/export?fo%72mat=json")]
    AlsoJson,
}

// Reported with the other routes' mistakes, in one compile.
#[derive(Route)]
enum Posts {
    #[route("/posts/{id}")]
    ById { id: u64 },
    #[route("/posts/{slug}")]
    BySlug { slug: String },
    #[route("/posts/{id}/comments")]
    Comments { id: u64, page: u32 },
}

fn main() {}
