// A field type that cannot go into a URL or come out of one: one error at the field's type,
// naming the route and the field, with what a derive user can do (implement the two traits,
// or declare the field as `Fmt<T>`), even where another route type has a field of the same
// name.
use urlkit::Route;

struct UserId(u64);

#[derive(Route)]
#[route("/users/{id}")]
struct User {
    id: UserId,
}

#[derive(Route)]
#[route("/posts/{id}")]
struct Post {
    id: u64,
}

#[derive(Route)]
enum Api {
    #[route("/teams/{id}")]
    Team { id: UserId },
    #[route("/orgs/{name}")]
    Org { name: String },
}

fn main() {}
