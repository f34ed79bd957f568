// `template!` checks its literal as `url!` checks a template: the same messages, every
// problem of a literal at once, carets under each. A literal with errors still expands to a
// `Template`, so the `const`, `static` and code using them raise nothing more.
use urlkit::{template, Template};

const REPOS: Template = template!("https://api.github.com/repos/{owner/{repo}/issues{?state,page");
static SEARCH: Template = template!("https://example.com/search {?q,page:0}");
const HOSTS: [Template; 4] = [
    template!("{scheme}://example.com/"),
    template!("https://{+host}/{x}"),
    template!("https://example.com/{/x}%{y}/{#f}{#g}"),
    template!("///{host}/{x}"),
];

fn main() {
    let vars = std::collections::BTreeMap::from([("q", "rust")]);
    let _ = REPOS.expand(&vars).unwrap();
    let _: &str = SEARCH.as_str();
    for t in HOSTS.iter().cloned() {
        println!("{t}: {:?}", t.variables().collect::<Vec<_>>());
    }
    let local = template!("/users/{id}/../posts");
    let _ = local.expand(&vars);
}
