// A field type that cannot go into a URL or come out of one: rustc says so at the field's
// type, naming the placeholder and what would fit.
use urlkit::Route;

struct UserId(u64);

#[derive(Route)]
#[route("/users/{id}")]
struct User {
    id: UserId,
}

fn main() {}
