//! What a value (or its absence) may do to a URL's shape, through `Template` and `url!`
//! (crate docs of `urlkit`, "What a value can never do"): the template's own text stays in
//! its component when an expression is undefined, a value in a hand-written query pair stays
//! in that pair's value, and RFC 6570's details (prefixes on empty lists and on encoded
//! characters).

use std::collections::BTreeMap;

use urlkit::value::Value;
use urlkit::{ExpandError, Template, Url, url};

/// The URL, or the error as `!Kind@placeholder`.
fn show(result: Result<Url, ExpandError>) -> String {
    match result {
        Ok(url) => url.into_string(),
        Err(e) => format!("!{:?}@{}", e.kind(), e.placeholder())
            .replace("LeavesComponent { delimiter: '", "LeavesComponent(")
            .replace("' }", ")"),
    }
}

fn expand(template: &str, vars: &[(&str, &dyn Value)]) -> String {
    let vars: BTreeMap<&str, &dyn Value> = vars.iter().copied().collect();
    show(Template::parse(template).unwrap().expand(&vars))
}

#[test]
fn text_after_a_fragment_opener_needs_the_opener() {
    // RFC 6570 §3.2.4's own example: `/here` belongs to the fragment `{#path}` opens.
    let path = "/foo/bar";
    assert_eq!(expand("{#path:6}/here", &[("path", &path)]), "#/foo/b/here");
    assert_eq!(
        expand("{#path,x}/here", &[("path", &path)]),
        "#/foo/bar/here"
    );
    // Undefined, it would write no `#`: `/here` would be a path. Refused, naming it.
    let none: Option<&str> = None;
    assert_eq!(expand("{#path}/here", &[]), "!Required@path");
    assert_eq!(
        expand("/p{#path,x}/here", &[("x", &none)]),
        "!Required@path"
    );
    assert_eq!(expand("/p?q=1{#f}{x}", &[("x", &"y")]), "!Required@f");
    // An empty string is defined: `#` is written.
    assert_eq!(expand("{#path}/here", &[("path", &"")]), "#/here");
    // Alone, `{#x}` may be undefined, and so may it when what follows writes nothing.
    assert_eq!(expand("/p{#x}", &[]), "/p");
    assert_eq!(expand("/p{#x}{y}", &[]), "/p");
    let path = None::<&str>;
    assert_eq!(show(url!("/p{#path}/here")), "!Required@path");
    let path = Some("top");
    assert_eq!(show(url!("/p{#path}/here")), "/p#top/here");
}

#[test]
fn a_value_in_a_hand_written_pair_stays_in_its_value() {
    // The example: `&` from `{+next}` would add the pair `admin=1`.
    let next = "x&admin=1";
    assert_eq!(
        expand("/p?q={+next}&page=1", &[("next", &next)]),
        "!LeavesComponent(&)@next"
    );
    assert_eq!(
        show(url!("/p?q={+next}&page=1")),
        "!LeavesComponent(&)@next"
    );
    // `=` and the rest of the reserved set may stay in the value.
    assert_eq!(
        expand("/p?q={+next}&page=1", &[("next", &"/a?b=c")]),
        "/p?q=/a?b=c&page=1"
    );
    // Each item of a list is one pair's value.
    assert_eq!(
        expand("/p?q={+next}", &[("next", &["a", "b&c"])]),
        "!LeavesComponent(&)@next"
    );
    assert_eq!(
        expand("/p?q={+next}", &[("next", &["a=1", "b"])]),
        "/p?q=a=1&q=b"
    );
    // `#` anywhere.
    assert_eq!(
        expand("/p?q={+next}", &[("next", &"a#b")]),
        "!LeavesComponent(#)@next"
    );
}

#[test]
fn a_map_in_a_hand_written_pair_is_one_pair_as_rfc_6570_writes_it() {
    // RFC 6570 §3.2.2: `{keys}` is `k1,v1,k2,v2`, `{keys*}` is `k1=v1,k2=v2`. The map's
    // keys never become pair names.
    let m = [("admin", "true"), ("k2", "v2")];
    assert_eq!(expand("/p?q={m*}", &[("m", &m)]), "/p?q=admin=true,k2=v2");
    assert_eq!(expand("/p?q={m}", &[("m", &m)]), "/p?q=admin,true,k2,v2");
    assert_eq!(
        expand("/p?q={m*}&page=1", &[("m", &[("", "x"), ("a b", "c&d")])]),
        "/p?q==x,a%20b=c%26d&page=1"
    );
    let empty: [(&str, &str); 0] = [];
    assert_eq!(expand("/p?q={m*}&page=1", &[("m", &empty)]), "/p?page=1");
    // Reserved: a key or value with `&` is refused like any other.
    assert_eq!(
        expand("/p?q={+m*}", &[("m", &[("a&b", "c")])]),
        "!LeavesComponent(&)@m"
    );
    assert_eq!(show(url!("/p?q={m*}")), "/p?q=admin=true,k2=v2");
}

#[test]
fn reserved_values_elsewhere_in_the_query_add_no_pair() {
    // A query that is not made of pairs is expanded as RFC 6570 writes it, but `{+x}`
    // still adds no pair, and before the template's `=` it adds no `=` either.
    for (template, value, expected) in [
        ("/p?{+k}=1", "a", "/p?a=1"),
        ("/p?{+k}=1", "a=b", "!LeavesComponent(=)@k"),
        ("/p?{+k}=1", "a&b", "!LeavesComponent(&)@k"),
        ("/p?a={+k}b", "x=y", "/p?a=x=yb"),
        ("/p?a={+k}b", "x&y", "!LeavesComponent(&)@k"),
        ("/p?{+k}", "a=b", "/p?a=b"),
        ("/p?{+k}", "a=b&c=d", "!LeavesComponent(&)@k"),
        ("/p?x&{+k}=1", "a=b", "!LeavesComponent(=)@k"),
    ] {
        assert_eq!(
            expand(template, &[("k", &value)]),
            expected,
            "{template} {value}"
        );
    }
}

#[test]
fn a_prefix_on_an_empty_list_is_nothing() {
    // RFC 6570 §2.3: an empty list is undefined, so the prefix has nothing to refuse.
    let empty: Vec<&str> = vec![];
    assert_eq!(expand("/a{?x:3}", &[("x", &empty)]), "/a");
    assert_eq!(expand("/a{/x:3}", &[("x", &empty)]), "/a");
    let no_pairs: [(&str, &str); 0] = [];
    assert_eq!(expand("/a{?x:3}", &[("x", &no_pairs)]), "/a");
    // A list with items is refused, as before.
    assert_eq!(expand("/a{?x:3}", &[("x", &["a"])]), "!PrefixOnComposite@x");
    let x = empty;
    assert_eq!(show(url!("/a{?x}")), "/a");
}

#[test]
fn a_prefix_never_splits_an_encoded_character() {
    // `{+x}` passes triplets; the triplets of one UTF-8 character count as one character.
    for (template, value, expected) in [
        ("/a{+x:1}", "%C3%A9t%C3%A9", "/a%C3%A9"),
        ("/a{+x:2}", "%C3%A9t%C3%A9", "/a%C3%A9t"),
        ("/a{+x:1}", "%F0%9F%98%80!", "/a%F0%9F%98%80"),
        ("/a{#x:1}", "%e2%82%ac", "/a#%E2%82%AC"),
        // Not one character: each triplet counts alone.
        ("/a{+x:1}", "%C3%41", "/a%C3"),
        ("/a{+x:1}", "%41%42", "/a%41"),
        ("/a{+x:2}", "%C3", "/a%C3"),
        // Raw characters count as one, as before.
        ("/a{+x:1}", "é!", "/a%C3%A9"),
    ] {
        assert_eq!(
            expand(template, &[("x", &value)]),
            expected,
            "{template} {value}"
        );
    }
}

#[test]
fn every_item_of_a_slash_list_is_a_checked_segment() {
    // The `/` before an item after the first closes the segment of the item before it
    // (`Writer::slash`): a dot segment or an empty one there is refused as
    // for the first item, and an item that only looks like one passes.
    assert_eq!(expand("/a{/x*}/b", &[("x", &["c", ".."])]), "!DotSegment@x");
    assert_eq!(
        expand("/a{/x*}/b", &[("x", &["c", "..", "d"])]),
        "!DotSegment@x"
    );
    assert_eq!(
        expand("/a{/x*}/b", &[("x", &["c", ".", "d"])]),
        "!DotSegment@x"
    );
    assert_eq!(
        expand("/a{/x*}/b", &[("x", &["c", "", "d"])]),
        "!DoubleSlash@x"
    );
    assert_eq!(
        expand("/a{/x,y}/b", &[("x", &"c"), ("y", &"..")]),
        "!DotSegment@y"
    );
    assert_eq!(
        expand("/a{/x*}/b", &[("x", &["c", "%2e", "...", ".d", "d"])]),
        "/a/c/%252e/.../.d/d/b"
    );
    assert_eq!(
        expand("/a{/x*}/b", &[("x", &["abcdefgh", "..", "d"])]),
        "!DotSegment@x"
    );
}

#[test]
fn a_double_slash_comes_only_from_the_template() {
    // One rule: a `//` in a built URL is written as such in the template. A template that
    // would make one in some state of its expressions is refused when it is parsed (see
    // `template_runtime_errors.rs`); a value that would make one is refused here.
    assert!(Template::parse("/a/{/x}/b").is_err());
    assert!(Template::parse("/a/{/x}").is_err());
    assert_eq!(expand("/a{/x}/b", &[]), "/a/b");
    assert_eq!(expand("/a{/x}/b", &[("x", &"")]), "!DoubleSlash@x");
    assert_eq!(expand("/a{/x*}/b", &[("x", &["c", ""])]), "!DoubleSlash@x");
    assert_eq!(expand("/a/{x}/b", &[("x", &"")]), "!EmptySegment@x");
    assert_eq!(expand("/a//{x}", &[("x", &"c")]), "/a//c");
    // Reserved expansion too (found by the differential test): `{+x}` may write `/`, not
    // an empty segment; a `{+base}` may write the `//` of an authority.
    assert_eq!(expand("/a/{+x}", &[("x", &"b//c")]), "!DoubleSlash@x");
    assert_eq!(expand("/a/{+x}", &[("x", &"/b")]), "!DoubleSlash@x");
    assert_eq!(expand("/a/{+x}", &[("x", &"b/c")]), "/a/b/c");
    assert_eq!(expand("{+x}/a", &[("x", &"http://h")]), "http://h/a");
    assert_eq!(expand("{+x}/a", &[("x", &"//h")]), "//h/a");
    // ...with a host: an empty authority in a relative reference is no URL start.
    assert_eq!(expand("{+x}/a", &[("x", &"//")]), "!InvalidBase@x");
    assert_eq!(expand("{+x}/a", &[("x", &"http://h//b")]), "!DoubleSlash@x");
}

#[test]
fn after_a_base_writes_a_scheme_a_colon_stays_in_the_path() {
    // Found by the differential test's 10⁶-case run: the `:` of a `{+base}`'s scheme
    // closes the first segment, so a later `{+x}` may write `:` in the path.
    assert_eq!(
        expand("{+a}{+b}", &[("a", &"v:x"), ("b", &"y:z")]),
        "v:xy:z"
    );
    assert_eq!(
        expand("{+a}/{+b}", &[("a", &"https://h"), ("b", &"y:z")]),
        "https://h/y:z"
    );
    // Without a scheme, the first segment of a relative path still takes no `:`.
    assert_eq!(
        expand("{+a}{+b}", &[("a", &"x"), ("b", &"y:z")]),
        "!LeavesComponent(:)@b"
    );
    assert_eq!(
        expand("{+a}{+b}", &[("a", &"1v:x"), ("b", &"y")]),
        "!InvalidBase@a"
    );
}

#[test]
fn a_base_that_is_no_url_start_is_invalid_base() {
    // `1http` is no scheme, so its `//` starts no authority: the base is refused as such.
    assert_eq!(
        expand("{+a}index", &[("a", &"1http://h/")]),
        "!InvalidBase@a"
    );
    // After a scheme, a `//` further on is an empty segment.
    assert_eq!(
        expand("{+a}/x", &[("a", &"v:p,http://h")]),
        "!DoubleSlash@a"
    );
}

#[test]
fn a_value_never_joins_the_authority_a_base_left_open() {
    // Found by the differential test's second 10⁶-case run (another seed): a `{+base}` that
    // ends after its host let the next value write into that host.
    for (template, vars, want) in [
        (
            "{+a}{p}",
            [("a", "https://example.com"), ("p", ".evil.com")],
            "!JoinsAuthority@p",
        ),
        (
            "{+a}{+p}",
            [("a", "https://example.com"), ("p", ".evil.com/x")],
            "!JoinsAuthority@p",
        ),
        (
            "{+a}{;p}",
            [("a", "https://example.com"), ("p", "v")],
            "!JoinsAuthority@p",
        ),
        (
            "{+a}{p}",
            [("a", "https://example.com:80"), ("p", "80")],
            "!JoinsAuthority@p",
        ),
        (
            "{+a}{p}",
            [("a", "//"), ("p", "evil.com")],
            "!JoinsAuthority@p",
        ),
        // The template's own text may continue the base (RFC 6570's `{+base}index`); a
        // value after that text still may not.
        (
            "{+a}index{p}",
            [("a", "https://example.com"), ("p", "x")],
            "!JoinsAuthority@p",
        ),
        // Closed by the template's text, by the value's own first `/`, `?` or `#`, or by
        // the base: the value is in the path or the query.
        (
            "{+a}/{p}",
            [("a", "https://example.com"), ("p", ".evil.com")],
            "https://example.com/.evil.com",
        ),
        (
            "{+a}{/p}",
            [("a", "https://example.com"), ("p", "x")],
            "https://example.com/x",
        ),
        (
            "{+a}{?p}",
            [("a", "https://example.com"), ("p", "x")],
            "https://example.com?p=x",
        ),
        (
            "{+a}{+p}",
            [("a", "https://example.com"), ("p", "/x")],
            "https://example.com/x",
        ),
        (
            "{+a}{p}",
            [("a", "https://example.com/"), ("p", ".evil.com")],
            "https://example.com/.evil.com",
        ),
        // An empty value writes nothing into it.
        (
            "{+a}{p}/x",
            [("a", "https://example.com"), ("p", "")],
            "https://example.com/x",
        ),
    ] {
        let values: Vec<(&str, &dyn Value)> =
            vars.iter().map(|(n, v)| (*n, v as &dyn Value)).collect();
        assert_eq!(expand(template, &values), want, "{template} {vars:?}");
    }
    // `url!` runs the same check.
    let (base, p) = ("https://example.com", ".evil.com");
    let err = urlkit::url!("{+base}{p}").unwrap_err();
    assert_eq!(
        (err.kind(), err.placeholder()),
        (&urlkit::ExpandErrorKind::JoinsAuthority, "p")
    );
    assert_eq!(
        err.to_string(),
        "the value of `p` would join the host that the `{+base}` before it ends with; end the base with `/`, or write `/` before the placeholder"
    );
}

#[test]
fn the_host_after_a_base_of_two_slashes_is_no_empty_segment() {
    // `{+a}` of `//` opens an authority: an undefined value after it leaves an empty host,
    // as `{+a}/x` does, not a `//` in the path (found by the second 10⁶-case run). That
    // empty host is refused as the base's: `///x` is no URL start, since a WHATWG parser
    // reads `x` as the host of `///x` against an `https:` base.
    assert_eq!(expand("{+a}{;p}/x", &[("a", &"//")]), "!InvalidBase@a");
    assert_eq!(expand("{+a}/x", &[("a", &"//")]), "!InvalidBase@a");
    assert_eq!(expand("{+a}/x", &[("a", &"//h")]), "//h/x");
}
