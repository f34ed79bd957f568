// `template!` checks a template in every state of its expressions, as `url!` does.
use urlkit::{template, Template};

const LINK: Template = template!("https://example.com{/x}@evil.com/");
static SEARCH: Template = template!("/search{?q}extra");
const FILTER: Template = template!("/search?{+filter}{&sort}&page={page}");

fn main() {
    let _ = (LINK.as_str(), SEARCH.as_str(), FILTER.as_str());
}
