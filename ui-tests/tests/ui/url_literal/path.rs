// Dot segments that every parser removes: the message shows what the path becomes.
use urlkit::url;

fn main() {
    let _ = url!("https://example.com/a/../b");
    let _ = url!("https://example.com/a/./b/.");
    let _ = url!("https://example.com/a/%2e%2E/b");
    let _ = url!("/static/../secret");
    // A relative reference may start with `./` or `../`, but not hold them further on.
    let _ = url!("../up/./here");
    // Each fix means what was written: no `//` that would read as a host, a leading `./`
    // where the rewrite would read as a scheme or be empty.
    let _ = url!("/..//evil.com/x");
    let _ = url!("https://example.com/..//x");
    let _ = url!("a/../b:c");
    let _ = url!("a/..");
    // After a placeholder that may hold several segments, nothing can be resolved.
    let _ = url!("/a/{+p}/../b", p = "x/y");
}
