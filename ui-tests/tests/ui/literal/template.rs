// Braces: placeholders are not supported yet, and malformed ones say why.
use urlkit::url;

fn main() {
    let _ = url!("https://api.example.com/repos/{owner}/{repo}");
    let _ = url!("https://example.com/{owner");
    let _ = url!("https://example.com/owner}");
    let _ = url!("https://example.com/{}");
    let _ = url!(r#"https://example.com/?filter={"a":1}"#);
    let _ = url!("https://example.com/{!x}/{y:0}");
}
