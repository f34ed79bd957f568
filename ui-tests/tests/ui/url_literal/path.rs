// Dot segments that every parser removes: the message shows what the path becomes.
use urlkit::url;

fn main() {
    let _ = url!("https://example.com/a/../b");
    let _ = url!("https://example.com/a/./b/.");
    let _ = url!("https://example.com/a/%2e%2E/b");
    let _ = url!("/static/../secret");
    // A relative reference may start with `./` or `../`, but not hold them further on.
    let _ = url!("../up/./here");
}
