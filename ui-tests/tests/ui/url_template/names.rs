// Where values come from: a variable in scope (like `format!`) or a named argument. A name
// with no value, an argument no placeholder uses, an argument given twice, and RFC 6570
// names that cannot be Rust variables.
use urlkit::url;

fn main() {
    let owner = "rust-lang";
    let _ = url!("https://api.github.com/repos/{owner}/{repo}");
    let _ = url!("https://example.com/{owner}", page = 2, "sort" = "asc");
    let _ = url!("https://example.com/{page}", page = 1, page = 2);
    let _ = url!("https://example.com/{page}", page = 1, "page" = 2);
    let _ = url!("https://example.com/people/{42}{?last.name,Some%20Thing}");
    let _ = url!("https://example.com/{type}/{self}");
    let _ = url!("https://example.com/", owner = owner);
    // An argument for a placeholder the grammar rejected is not also "never used".
    let _ = url!("https://example.com/{a-b}", "a-b" = 2);
}
