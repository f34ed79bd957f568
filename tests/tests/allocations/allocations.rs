//! One allocation per built URL (its text, sized up front), none per value: counted with a
//! counting global allocator, for `url!`, `Template::expand` after `Template::parse`, and a
//! derived route's `to_url`. An allocation count is deterministic, so these are exact.
//!
//! A reallocation counts as an allocation: a URL buffer that grows has been allocated twice.

use crate::counting;

use std::collections::BTreeMap;

use urlkit::{Route, Template, url};

/// What `build` returns, and how many allocations it made (the counter is `counting`'s).
fn allocations<T>(build: impl FnOnce() -> T) -> (T, usize) {
    let (value, allocated) = counting::allocated(build);
    (value, allocated.allocations)
}

#[track_caller]
fn assert_one<T: AsRef<str>>((url, allocations): (T, usize), expected: &str) {
    assert_eq!(url.as_ref(), expected);
    assert_eq!(allocations, 1, "allocations building {expected}");
}

/// The counter sees what it should: a `String` of some length is one allocation of its
/// length, growing it past its capacity is another (of its new capacity), and nothing is none.
#[test]
fn the_counter_counts() {
    assert_eq!(allocations(|| ()).1, 0);
    assert_eq!(allocations(|| String::from("abc")).1, 1);
    let (_, grown) = allocations(|| {
        let mut s = String::with_capacity(1);
        s.push_str("more than one byte");
        s
    });
    assert_eq!(grown, 2);
    let (grown, allocated) = counting::allocated(|| {
        let mut s = String::with_capacity(3);
        s.push_str("more than three bytes");
        s
    });
    assert_eq!(allocated.allocations, 2);
    assert_eq!(allocated.bytes, 3 + grown.capacity());
}

#[test]
fn url_macro_plain_and_escaped_values() {
    let (owner, repo, page) = ("rust-lang", "rust", 2u32);
    assert_one(
        allocations(|| url!("https://api.github.com/repos/{owner}/{repo}/issues{?page}").unwrap()),
        "https://api.github.com/repos/rust-lang/rust/issues?page=2",
    );
    let (owner, repo, label) = ("ada lovelace", "Ünïcödé/repo", "bug & fix?");
    assert_one(
        allocations(|| url!("https://api.github.com/repos/{owner}/{repo}/issues{?label}").unwrap()),
        "https://api.github.com/repos/ada%20lovelace/%C3%9Cn%C3%AFc%C3%B6d%C3%A9%2Frepo/issues?label=bug%20%26%20fix%3F",
    );
    // A value long enough for the encoder's block paths (and their sizing) to run.
    let long = "long value with spaces & symbols, and Ünïcödé: ".repeat(8);
    let (url, allocations) = allocations(|| url!("/search{?q}", q = long.as_str()).unwrap());
    assert!(url.as_str().starts_with("/search?q=long%20value"));
    assert_eq!(allocations, 1);
}

#[test]
fn url_macro_integers_lists_and_maps() {
    let (id, count) = (1_234_567_890_u64, -42i32);
    assert_one(
        allocations(|| url!("/users/{id}/items{?count}").unwrap()),
        "/users/1234567890/items?count=-42",
    );
    let ids = vec![1u32, 22, 333];
    let names = ["a b", "c/d", "é"];
    assert_one(
        allocations(|| url!("/items{/ids*}{?names}").unwrap()),
        "/items/1/22/333?names=a%20b,c%2Fd,%C3%A9",
    );
    let filters = BTreeMap::from([("state", "open"), ("label", "good first issue")]);
    assert_one(
        allocations(|| url!("/issues{?filters*}").unwrap()),
        "/issues?label=good%20first%20issue&state=open",
    );
}

#[test]
fn template_expand_after_parse() {
    let template =
        Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{?q,labels*}").unwrap();
    let vars = BTreeMap::from([("owner", "rust-lang"), ("repo", "rust"), ("q", "a b")]);
    assert_one(
        allocations(|| template.expand(&vars).unwrap()),
        "https://api.github.com/repos/rust-lang/rust/issues?q=a%20b",
    );
    let simple = Template::parse("/users/{id}").unwrap();
    let vars = BTreeMap::from([("id", 42)]);
    assert_one(allocations(|| simple.expand(&vars).unwrap()), "/users/42");
}

/// A template used once, as one read from an API response: its first expansion reserves room
/// for each variable (its value, its separator, and its name under `{?x}`), so the GitHub
/// issues URL with five values is allocated once, not grown.
#[test]
fn template_first_expansion_after_parse() {
    let template =
        Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}")
            .unwrap();
    let labels = ["A-macros", "C-bug"];
    let vars = urlkit::template::vars_fn(|name| -> Option<&dyn urlkit::value::Value> {
        match name {
            "owner" => Some(&"rust-lang"),
            "repo" => Some(&"rust"),
            "state" => Some(&"open"),
            "labels" => Some(&labels),
            "page" => Some(&2u32),
            _ => None,
        }
    });
    assert_one(
        allocations(|| template.expand(&vars).unwrap()),
        "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2",
    );
}

/// The same for the template bench's level 4 template: under `{?keys*}` each pair brings its
/// own separator and key, so an exploded variable under a named operator gets room for more
/// than one (with room for one, this URL of 40 bytes outgrew its 39 and was grown once).
#[test]
fn template_first_expansion_of_exploded_pairs_after_parse() {
    let template = Template::parse("{/list*}{?keys*}").unwrap();
    let list = ["red", "green", "blue"];
    let keys = [("comma", ","), ("dot", "."), ("semi", ";")];
    let vars = urlkit::template::vars_fn(|name| -> Option<&dyn urlkit::value::Value> {
        match name {
            "list" => Some(&list),
            "keys" => Some(&keys),
            _ => None,
        }
    });
    assert_one(
        allocations(|| template.expand(&vars).unwrap()),
        "/red/green/blue?comma=%2C&dot=.&semi=%3B",
    );
}

#[derive(Route, Debug, PartialEq)]
#[route("/users/{id}/posts/{slug}{?page,tag*}")]
struct Post {
    id: u64,
    slug: String,
    page: Option<u32>,
    tag: Vec<String>,
}

#[test]
fn derived_route_to_url() {
    let post = Post {
        id: 7,
        slug: "hello world".into(),
        page: Some(2),
        tag: vec!["a&b".into(), "c".into()],
    };
    assert_one(
        allocations(|| post.to_url().unwrap()),
        "/users/7/posts/hello%20world?page=2&tag=a%26b&tag=c",
    );
}

/// A `Template` does not know its values' sizes before it expands them (`Vars` only expands
/// a variable; it cannot size it), so it reserves its text's length plus a room per variable,
/// and afterwards what its longest expansion took. A first expansion past that room grows the
/// buffer once; the next one of that size does not.
#[test]
fn template_learns_the_room_its_values_take() {
    let template = Template::parse("/users/{id}").unwrap();
    let long = "x".repeat(100);
    let vars = BTreeMap::from([("id", long.as_str())]);
    let expected = format!("/users/{long}");
    let (url, first) = allocations(|| template.expand(&vars).unwrap());
    assert_eq!((url.as_str(), first), (expected.as_str(), 2));
    assert_one(allocations(|| template.expand(&vars).unwrap()), &expected);
}

/// `Template::parse` allocates a fixed few times, whatever the length of its text runs.
///
/// A template of the common shape (`urlkit_syntax::plan::plan_plain_into`: unreserved
/// text, whole-segment `{x}`, a trailing `{?x}{&y}` query) takes one pass: one list of
/// variables per expression of more than one variable (a single variable is held in its
/// expression), one buffer for all the text, and the shared template, which holds up to
/// three expressions and eight steps in place.
///
/// Any other goes through the front door: the lexer's list of expressions and one list of
/// variables per expression, the grammar's placements, the two sets of states the check over
/// the states of optional expressions walks the path with (not made without expressions:
/// there is one state), the planner's steps and its three working vectors, one buffer for
/// all the text, and the shared template. (Before, each run of text and each component's
/// parts had an allocation of its own: 16 for the GitHub template.)
#[test]
fn template_parse_allocations() {
    // The lists of variables made, and the allocations besides.
    for (template, lists, fixed) in [
        ("/users/{id}", 0, 2),
        (
            "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
            1,
            2,
        ),
        // Four expressions and nine steps: neither fits in place, and each moves into a
        // list of its own when it overflows.
        ("/{a}/{b}/{c}/{d}", 0, 4),
        // Outside the lane (an operator in the path, a port): declined before its first
        // expression, the lane allocates nothing, and the front door as much as before.
        ("{/list*}{?keys*}", 2, 10),
        ("https://example.com:8080/{a}/{b}", 2, 10),
        // Declined after its first expression (`b{y}` is text and an expression in one
        // segment): what the lane held in place is dropped, and the front door allocates
        // as much as for any other template.
        ("/a/{x}/b{y}", 2, 10),
        // Without expressions, the lexer's empty list and the placements allocate nothing.
        ("https://example.com/a/b/c/d/e/f?x=1&y=2&z=3#frag", 0, 6),
    ] {
        let (parsed, n) = allocations(|| Template::parse(template));
        assert!(parsed.is_ok(), "{template}");
        assert_eq!(n, fixed + lists, "{template}");
    }
}
