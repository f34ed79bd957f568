// Values whose type cannot fill a placeholder, or cannot fill it where it stands: the error
// lands on the value (the named argument, or the literal for a captured variable) and names
// the placeholder.
use std::collections::BTreeMap;

use urlkit::url;

struct Point {
    x: i32,
}

fn main() {
    let point = Point { x: 1 };
    let _ = url!("https://example.com/points/{point}");
    let _ = url!("https://example.com/points/{id}", id = Some(Point { x: 2 }));
    let _ = url!("https://example.com/points{?xs}", xs = vec![vec![point.x]]);
    let _ = url!("https://example.com/points{?last.name}", "last.name" = Point { x: 3 });
    let tags = ["a", "b"];
    let _ = url!("https://example.com/tags/{tags:1}");
    let filters = BTreeMap::from([("state", "open")]);
    let _ = url!("https://example.com/issues{?filters:3}");
    let _ = url!("https://example.com:{port}/", port = [8080u16, 8443]);
    let _ = url!("https://example.com:{port}/", port = filters);
    let _ = url!("https://example.com/{x}", x = ());
    // A port is an integer or text; a bool, a float, a char or octets never are.
    let _ = url!("https://example.com:{port}/", port = true);
    let _ = url!("https://example.com:{port}/", port = 8080.0);
    let _ = url!("https://example.com:{port}/", port = '8');
    let _ = url!("https://example.com:{port}/", port = &b"8080"[..]);
}
