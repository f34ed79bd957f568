// A route with errors still implements `Route` (and has `TEMPLATE`), so code using it
// compiles: the only errors are the route's own.
use urlkit::Route;

#[derive(Route, Debug)]
#[route("/users/{idd}")]
struct User {
    id: u64,
}

#[derive(Route, Debug)]
enum Api {
    #[route("/users/{id:2}")]
    User { id: u64 },
}

fn link<R: Route>(route: &R) -> String {
    route.to_url().map(|u| u.into_string()).unwrap_or_default()
}

fn main() {
    let user = User::from_url("/users/7").unwrap();
    let _ = (link(&user), User::TEMPLATE, Api::TEMPLATES, Api::from_url("/"));
}
