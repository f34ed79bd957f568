// A generic route: the derive bounds each field type that names a type parameter
// (`T: Value + FromParam`), so a route of a type that cannot go into a URL is an error where
// it is used, naming the trait to implement, not a bound on a hidden marker type.
use urlkit::Route;

#[derive(Route)]
#[route("/items/{id}")]
struct Item<T> {
    id: T,
}

struct Opaque;

fn main() {
    let _ = Item { id: 7u32 }.to_url();
    let _ = Item { id: Opaque }.to_url();
}
