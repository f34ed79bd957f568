// A field type that cannot go into a URL or come out of one: rustc says so at the field's
// type, naming the placeholder and what would fit.
use urlkit::Route;

struct UserId(u64);

#[derive(Route)]
#[route("/users/{id}")]
struct User {
    id: UserId,
}

// A second route type with a field of the same name: still named plainly in the error.
#[derive(Route)]
#[route("/posts/{id}")]
struct Post {
    id: UserId,
}

fn main() {}
