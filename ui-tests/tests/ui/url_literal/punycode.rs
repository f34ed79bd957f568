// An `xn--` label must be punycode that WHATWG parsers decode: they refuse the host otherwise.
use urlkit::url;

fn main() {
    let _ = url!("http://xn--a.com/");
    let _ = url!("https://www.xn--abc-.example/");
    let sub = "api";
    let _ = url!("https://{sub}.xn--.example/");
}
