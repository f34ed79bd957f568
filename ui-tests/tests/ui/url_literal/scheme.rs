// The scheme, and typos around it.
use urlkit::url;

fn main() {
    let _ = url!("1http://example.com/");
    let _ = url!("my_app://callback");
    let _ = url!(" https://example.com/");
    let _ = url!("://example.com/");
    // A host typed without its scheme reads as something else.
    let _ = url!("https//example.com/a");
    let _ = url!("www.example.com/a");
    let _ = url!("localhost:8080/api");
    let _ = url!("https:example.com/a");
    let _ = url!("http:/example.com/");
    let _ = url!("file:/etc/hosts");
    // A relative path whose first segment holds `:` would read as a scheme.
    let _ = url!("user_name:42/profile");
}
