// Percent signs that do not start a `%XX` triplet.
use urlkit::url;

fn main() {
    let _ = url!("https://example.com/%zz/100%");
    let _ = url!("https://example.com/?q=%2");
    // JavaScript's escape() output: not a URL escape, and the fix is computed.
    let _ = url!("https://example.com/price/%u20AC");
    let _ = url!("https://example.com/?emoji=%uD83D%uDE00");
    let _ = url!("https://example.com/%uD800");
}
