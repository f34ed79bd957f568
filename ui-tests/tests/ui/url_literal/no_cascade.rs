// An invalid literal is one error where it is written, and nothing more where its value is used.
use urlkit::{url, Url};

const BASE: Url = url!("https://example.com/a b");
static HOME: Url = url!("https://example.com/%");

fn takes(url: &Url) -> &str {
    url.as_str()
}

fn main() {
    let u: Url = url!("bad url");
    u.as_str();
    takes(&url!("https://example.com/|"));
    let _ = (BASE.path(), HOME.host());
}
