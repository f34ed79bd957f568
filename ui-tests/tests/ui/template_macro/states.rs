// `template!` checks a template in every state of its expressions, as `url!` does.
use urlkit::{template, Template};

const LINK: Template = template!("https://example.com{/x}@evil.com/");
static SEARCH: Template = template!("/search{?q}extra");

fn main() {
    let _ = (LINK.as_str(), SEARCH.as_str());
}
