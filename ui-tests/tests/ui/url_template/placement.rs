// Placeholders where no value can go (`url!` docs, Templates): the scheme, inside a percent-escape,
// operators a host, a port or userinfo cannot take, part of a port, a second query or
// fragment, a query or fragment opened where the host belongs.
use urlkit::url;

fn main() {
    let (scheme, x, host, port, user, q, f) = ("https", "x", "h", 1u16, "u", "q", "f");
    let _ = url!("{scheme}://example.com/");
    let _ = url!("http{x}://example.com/");
    let _ = url!("https://example.com/%{x}/%A{x}");
    let _ = url!("https://{+host}/{x}");
    let _ = url!("https://{/host}/{x}");
    let _ = url!("https://{host}:{+port}/");
    let _ = url!("https://{host}:80{port}/");
    let _ = url!("https://{#user}@{host}/");
    let _ = url!("https://example.com/{x}{?q}{?f}");
    let _ = url!("https://example.com/?a=1{?q}");
    let _ = url!("https://example.com/{#f}{#x}");
    let _ = url!("//{/x}?{q}");
    let _ = url!("https://{?q}example.com/");
}
