// A template keeps its shape whatever is defined: text that an undefined expression would
// move into another component (the host, the scheme, the path) is a compile error, and so is
// a `//` (or a pair's name, after a `{+x}`) that only some states of the template write. Each
// message says in which state, and what to write instead.
use urlkit::{url, Url};

const API: Url = url!("https://api.example.com/v1");

fn main() {
    let (x, a, b, q, v) = (None::<&str>, Some("a"), "b", Some("q"), Some("v2"));
    let _ = url!("https://example.com{/x}@evil.com/");
    let _ = url!("https://example.com{/x}{b}");
    let _ = url!("/{/a}/{b}");
    let _ = url!("{/a}//{b}");
    let _ = url!("/files/{/x}/raw");
    let _ = url!("docs{/x}:{b}");
    let _ = url!("/a/.{/x}");
    let _ = url!("/search{?q}extra");
    let _ = url!("/users{?q}/list");
    let _ = url!(API, "{/v}users");
    let _ = url!("{/v}users/{b}");
    let (filter, page) = ("state=open", Some(2));
    let _ = url!("/search?{+filter}&page={page}");
}
