// An invalid literal is one error where it is written, and nothing more where its value is used.
use urlkit::{url, Url};

const BASE: Url = url!("https://example.com/a b");
static HOME: Url = url!("https://example.com/%");
// The literal's value decides what it is: an escape's braces do not make a template.
const ESCAPED: Url = url!("https://example.com/caf\u{e9} x");
const RAW: Url = url!(r"https://example.com/a b");

fn takes(url: &Url) -> &str {
    url.as_str()
}

fn main() {
    let u: Url = url!("bad url");
    u.as_str();
    takes(&url!("https://example.com/|"));
    let _ = (BASE.path(), HOME.host());
    let _ = (ESCAPED.path(), RAW.path());
}
