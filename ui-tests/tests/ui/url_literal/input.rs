// What `url!` takes.
use urlkit::url;

fn main() {
    let text = "https://example.com/";
    let _ = url!(text);
    let _ = url!(concat!("https://", "example.com/"));
    let _ = url!(b"https://example.com/");
    let _ = url!(c"https://example.com/");
    let _ = url!("https://example.com/"suffix);
    let _ = url!(42);
    let _ = url!();
    let _ = url!("https://example.com/", text);
    let _ = url!("https://example.com/", page = 2);
    let _ = url!("https://example.com/{page}", page = 1, page = 2);
}
