// Userinfo, host and port.
use urlkit::url;

fn main() {
    let _ = url!("https:///path");
    let _ = url!("https://exa mple.com/");
    let _ = url!("https://user@name@example.com/");
    let _ = url!("http://ex%61mple.com/");
    let _ = url!("http://0x7f.1/");
    let _ = url!("http://example.123/");
    let _ = url!("http://example.com:8o8o/");
    let _ = url!("http://example.com:99999/");
    let _ = url!("http://2001:db8::1/");
    let _ = url!("http://[2001:db8::g]/");
    let _ = url!("http://[::1/");
    let _ = url!("http://[fe80::1%25eth0]:8080/");
    // A relative reference whose `//` has no host: `file:///` and `foo:///` have one rule,
    // these have none.
    let _ = url!("//");
    let _ = url!("///a");
    let _ = url!("//?q=1");
}
