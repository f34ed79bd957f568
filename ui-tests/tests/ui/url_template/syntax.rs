// Malformed expressions (RFC 6570 §2.2–§2.4): every one reported in the same compile, with a
// caret under it.
use urlkit::url;

fn main() {
    let (owner, x, y, list) = ("o", "x", "y", ["a"]);
    let _ = url!("https://example.com/repos/{owner/issues");
    let _ = url!("https://example.com/repos/owner}/issues");
    let _ = url!("https://example.com/{}");
    let _ = url!(r#"https://example.com/?filter={"a":1}"#);
    let _ = url!("https://example.com/{!x}/{=y}/{@x}/{|y}/{,x}");
    let _ = url!("https://example.com/{x:0}/{y:10000}/{list:3*}/{x:}");
    let _ = url!("https://example.com/{x.}/{x..y}/{%2x}/{user-id}/{ x}");
    let _ = url!("https://example.com/{x,}{?x,,y}");
    // `format!`'s escapes: one error that says they are not escapes here.
    let _ = url!("https://example.com/repos/{{owner}}/{{x}}");
    let _ = url!("https://example.com/a}}b");
}
