//! What a WHATWG parser reads differently from RFC 3986, and what a template must therefore
//! refuse: a `\` in a reserved expansion (read as `/` in special URLs), a relative reference
//! with an empty authority (`///evil.com`, whose next segment a WHATWG parser takes as the
//! host), and a `.` in a value that stands for one label of a host. Then a segment the
//! template leaves to its expressions, which is never written empty. Each through
//! `Template`, `url!` and `template!` (one expansion core), with the `url` crate reading the
//! results back as the oracle.

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::value::Value;
use urlkit::{ExpandError, ExpandErrorKind, Template, Url, template, url};

/// The URL, or the error as `!Kind@placeholder`.
fn show(result: Result<Url, ExpandError>) -> String {
    match result {
        Ok(url) => url.into_string(),
        Err(e) => format!("!{:?}@{}", e.kind(), e.placeholder()),
    }
}

fn expand(template: &str, vars: &[(&str, &dyn Value)]) -> String {
    let vars: BTreeMap<&str, &dyn Value> = vars.iter().copied().collect();
    show(Template::parse(template).unwrap().expand(&vars))
}

/// The host the `url` crate reads in `text`, if it reads `text` as a URL.
fn whatwg_host(text: &str) -> Option<String> {
    url::Url::parse(text).ok()?.host_str().map(String::from)
}

#[test]
fn a_reserved_value_never_passes_a_backslash() {
    // The red team's case: the base an allow-list check approves (`good.com` to a WHATWG
    // parser) must not become a URL to `evil.com`.
    let base = "https://good.com\\@evil.com";
    assert_eq!(whatwg_host(base).as_deref(), Some("good.com"));
    assert_eq!(
        whatwg_host("https://good.com%5C@evil.com/x").as_deref(),
        Some("evil.com")
    );
    assert_eq!(expand("{+base}/x", &[("base", &base)]), "!Backslash@base");
    assert_eq!(show(url!("{+base}/x")), "!Backslash@base");
    let vars = BTreeMap::from([("base", base)]);
    let base_template: Template = template!("{+base}/x");
    assert_eq!(show(base_template.expand(&vars)), "!Backslash@base");
    // Every reserved expansion, whatever the scheme and the component: one rule.
    for (template, value) in [
        ("/p/{+x}", "..\\admin"),
        ("https://h/p/{+x}/q", "a\\b"),
        ("mailto:{+x}", "a\\b"),
        ("foo:/p/{+x}", "a\\b"),
        ("/p?q={+x}", "\\\\evil.example"),
        ("/p{?a}&q={+x}", "a\\b"),
        ("/p?{+x}=1", "a\\b"),
        ("/p{#x}", "a\\b"),
        ("/p#top{+x}", "\\"),
        ("/p/{+a,x}", "\\"),
    ] {
        assert_eq!(
            expand(template, &[("x", &value), ("a", &"v")]),
            "!Backslash@x",
            "{template} {value:?}"
        );
    }
    // In a list, a map's keys and values, and as octets.
    assert_eq!(expand("/p/{+x}", &[("x", &["a", "b\\c"])]), "!Backslash@x");
    assert_eq!(
        expand("/p/{+x*}", &[("x", &[("k\\", "v")])]),
        "!Backslash@x"
    );
    assert_eq!(expand("/p{#x}", &[("x", &[("k", "v\\")])]), "!Backslash@x");
    assert_eq!(
        expand("/p{#x}", &[("x", &b"a\\b".as_slice())]),
        "!Backslash@x"
    );
    let err = Template::parse("/p{#x}")
        .unwrap()
        .expand(&BTreeMap::from([("x", "\\")]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the value of `x` holds `\\`, which WHATWG parsers read as `/` in `http(s)` URLs and RFC 3986 does not allow, so reserved expansion cannot pass it; write `%5C` for the character itself, or use `{x}`, which encodes it"
    );
    // What a prefix cuts off is not written, so not refused.
    assert_eq!(expand("/p/{+x:2}", &[("x", &"ab\\c")]), "/p/ab");
    // The character itself: `%5C` in the value, which reserved expansion passes, or simple
    // expansion, which encodes it.
    assert_eq!(expand("/p/{+x}", &[("x", &"a%5cb")]), "/p/a%5Cb");
    assert_eq!(expand("/p/{x}", &[("x", &"a\\b")]), "/p/a%5Cb");
    assert_eq!(expand("/p{?x}", &[("x", &"a\\b")]), "/p?x=a%5Cb");
}

/// Bases of letters and the characters that move a WHATWG parser's reading (`\`, `@`, `/`,
/// `:`, `.`, `#`, `?`), with and without a scheme: whatever `{+base}/x` builds, the `url`
/// crate reads the host the base value gives it.
fn base_value() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["https://", "http://", "ws://", "foo://", "//", ""][..]),
        "[ab.@/:\\\\#?]{0,10}",
    )
        .prop_map(|(scheme, rest)| format!("{scheme}{rest}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn a_base_builds_the_host_a_whatwg_parser_reads_in_it(base in base_value()) {
        let t = Template::parse("{+base}/x").unwrap();
        let Ok(ours) = t.expand(&BTreeMap::from([("base", base.as_str())])) else {
            return Ok(());
        };
        // The value as a WHATWG parser would read it where the template writes it.
        let Ok(theirs) = url::Url::parse(&format!("{base}/x")) else {
            // A relative base: the built URL is no absolute URL either.
            prop_assert!(url::Url::parse(ours.as_str()).is_err(), "{base:?} -> {ours}");
            return Ok(());
        };
        let back = url::Url::parse(ours.as_str()).unwrap();
        prop_assert_eq!(back.host_str(), theirs.host_str(), "{:?} -> {}", base, ours);
    }
}

#[test]
fn an_empty_authority_starts_no_relative_reference() {
    // A WHATWG parser reads `///test` against an `http` base as `http://test/` (the URL
    // Standard's test data, vendored), and against a `file` base as `file:///test`: no one
    // meaning, so refused, with the message `url!` gives at compile time.
    let wpt: serde_json::Value =
        serde_json::from_str(include_str!("../data/wpt-url__urltestdata.json")).unwrap();
    let mut seen = 0;
    for case in wpt.as_array().unwrap() {
        let Some(input) = case.get("input").and_then(|i| i.as_str()) else {
            continue;
        };
        let empty_authority = input
            .strip_prefix("//")
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '\\', '?', '#']));
        if empty_authority {
            seen += 1;
            assert!(Url::parse(input).is_err(), "{input:?}");
            assert!(Template::parse(input).is_err(), "{input:?}");
        }
    }
    assert!(seen >= 10, "{seen}");
    let wpt_http = wpt.as_array().unwrap().iter().any(|case| {
        case["input"] == "///test"
            && case["base"] == "http://example.org/"
            && case["href"] == "http://test/"
    });
    assert!(wpt_http);
    for text in ["//", "///a", "//?q", "//#f", "///evil.com/x"] {
        let err = Url::parse(text).unwrap_err();
        assert_eq!(err.kind(), &urlkit::ParseErrorKind::InvalidHost, "{text}");
        assert_eq!(err.span(), 0..2, "{text}");
        assert_eq!(
            err.to_string(),
            "empty host after `//` at the start of a relative URL, where WHATWG parsers read the next path segment as the host (`///a` against `https://example.com` is `https://a/`); write the host after `//`, or start the path with a single `/` (at byte 0)"
        );
    }
    for template in ["//{/x}", "///{a}", "//{?q}", "//{#f}"] {
        assert!(Template::parse(template).is_err(), "{template}");
    }
    // With a scheme, the scheme's rules: `file:` and other schemes keep an empty host.
    assert_eq!(
        Url::parse("file:///etc/hosts").unwrap(),
        "file:///etc/hosts"
    );
    assert_eq!(Url::parse("foo:///a").unwrap(), "foo:///a");
    assert_eq!(Url::parse("foo://").unwrap(), "foo://");
    assert!(Url::parse("https:///a").is_err());
    // And a host: `//h/a`.
    assert_eq!(Url::parse("//h/a").unwrap().host(), Some("h"));
    // Resolution settles it by the base's scheme, as RFC 3986 §5.2 does.
    let foo = Url::parse("foo://h/x").unwrap();
    assert_eq!(foo.resolve_str("///a").unwrap(), "foo:///a");
    assert!(
        Url::parse("https://h/x")
            .unwrap()
            .resolve_str("///a")
            .is_err()
    );
}

#[test]
fn a_base_value_writes_no_empty_authority() {
    // The red team's case: `{+p}/{q}` with `//` and `evil.com` built `///evil.com`.
    let (p, q) = ("//", "evil.com");
    assert_eq!(show(url!("{+p}/{q}")), "!InvalidBase@p");
    for value in ["//", "///a"] {
        assert_eq!(
            expand("{+p}/{q}", &[("p", &value), ("q", &"evil.com")]),
            "!InvalidBase@p",
            "{value:?}"
        );
    }
    // Its own `//` after the authority's is an empty segment.
    assert_eq!(
        expand("{+p}/{q}", &[("p", &"///"), ("q", &"evil.com")]),
        "!DoubleSlash@p"
    );
    assert_eq!(expand("{+p}x", &[("p", &"//")]), "//x");
    assert_eq!(
        expand("{+p}/{q}", &[("p", &"file://"), ("q", &"etc")]),
        "file:///etc"
    );
    assert_eq!(
        expand("{+p}/{q}", &[("p", &"//h"), ("q", &"evil.com")]),
        "//h/evil.com"
    );
}

#[test]
fn a_value_in_part_of_a_host_is_one_label() {
    // The red team's case: `{.x}` took several labels.
    let region = "evil.com";
    assert_eq!(show(url!("https://api{.region}/")), "!InvalidHost@region");
    let api: Template = template!("https://api{.region}/");
    let vars = BTreeMap::from([("region", region)]);
    assert_eq!(show(api.expand(&vars)), "!InvalidHost@region");
    let one = |template: &str, value: &dyn Value| expand(template, &[("r", value)]);
    assert_eq!(one("https://api{.r}/", &"eu"), "https://api.eu/");
    assert_eq!(one("https://api{.r}/", &"evil.com."), "!InvalidHost@r");
    assert_eq!(one("https://api{.r}/", &"."), "!InvalidHost@r");
    assert_eq!(one("https://api{.r}/", &None::<&str>), "https://api/");
    // Each item of `{.r*}` one label; the `.` between them is the expansion's.
    assert_eq!(
        one("https://www{.r*}/", &["example", "com"]),
        "https://www.example.com/"
    );
    assert_eq!(
        one("https://www{.r*}/", &["evil.com", "x"]),
        "!InvalidHost@r"
    );
    assert_eq!(
        one("https://www{.r*}/", &["x", "evil.com"]),
        "!InvalidHost@r"
    );
    // Not exploded, the items are joined with `,`, which no label holds.
    assert_eq!(one("https://www{.r}/", &["a", "b"]), "!InvalidHost@r");
    assert_eq!(one("https://{r}.example/", &"evil.com"), "!InvalidHost@r");
    // A whole host is a host name, with its labels.
    assert_eq!(
        one("https://{r}/", &"api.example.com"),
        "https://api.example.com/"
    );
}

proptest! {
    /// Whatever `https://api{.r}.example/` builds, a WHATWG parser reads a host of three
    /// labels: `api`, the value, `example`.
    #[test]
    fn a_label_value_adds_one_label(r in "[a-z.\u{3002}]{0,6}") {
        let t = Template::parse("https://api{.r}.example/").unwrap();
        let Ok(ours) = t.expand(&BTreeMap::from([("r", r.as_str())])) else {
            return Ok(());
        };
        let host = whatwg_host(ours.as_str()).unwrap();
        prop_assert_eq!(host.split('.').count(), 3, "{:?} -> {}", r, ours);
    }
}

/// A path segment the template leaves to its expressions is never written empty, whatever
/// the expressions after the first (RFC 6570 §3.2): `{x}`, `{+x}` and `{&x}` write nothing for
/// an empty or undefined value; `{.x}` and `{;x}` write their `.` or `;` when defined (so a
/// defined one fills the segment) and nothing when undefined; `{/x}` ends the segment with
/// its `/`, so what came before it is the segment; `{?x}` and `{#x}` end the path.
#[test]
fn a_segment_of_expressions_is_never_written_empty() {
    let undefined: Option<&str> = None;
    let no_items: [&str; 0] = [];
    let states: [(&str, &dyn Value); 4] = [
        ("defined", &"v"),
        ("empty", &""),
        ("undefined", &undefined),
        ("empty list", &no_items),
    ];
    let templates = [
        "/users/{id}",
        "/users/{id}{/tab}",
        "/users/{id}{?q}",
        "/users/{id}{#f}",
        "/users/{id}{.ext}",
        "/users/{id}{;p}",
        "/users/{id}{tab}",
        "/users/{id}{+tab}",
        "/users/{id}{&tab}",
        "/users/{id}{/tab}/x",
        "/users/{id}{tab}/x",
        "/users/{.id}",
        "/users/{;id}{.tab}",
        "/users/{+id}",
        "{id}{tab}/x",
        "{id}{/tab}",
    ];
    let mut refused = 0;
    for template in templates {
        let t = Template::parse(template).unwrap();
        for (id_state, id) in states {
            for (tab_state, tab) in states {
                let vars: BTreeMap<&str, &dyn Value> = BTreeMap::from([
                    ("id", id),
                    ("tab", tab),
                    ("q", tab),
                    ("f", tab),
                    ("ext", tab),
                    ("p", tab),
                ]);
                let case = format!("{template} with id {id_state}, the rest {tab_state}");
                match t.expand(&vars) {
                    Ok(url) => {
                        // The oracle: the segment the template delimits, as a WHATWG parser
                        // reads it, is not empty.
                        let base = url::Url::parse("https://h/base/").unwrap();
                        let read = base.join(url.as_str()).unwrap();
                        let segments: Vec<&str> = read.path_segments().unwrap().collect();
                        // Second either way: after `users`, or after the base's `base`.
                        assert!(
                            !segments[1].is_empty(),
                            "{case}: {url} has an empty segment: {segments:?}"
                        );
                    }
                    Err(e) => {
                        // `{id}{.ext}` with two empty strings is `.`, refused as such; an
                        // empty `id` before a `{/tab}` that writes its `/`, or an empty `tab`
                        // before `/x`, makes `//`.
                        match e.kind() {
                            ExpandErrorKind::EmptySegment => {
                                assert_eq!(e.placeholder(), "id", "{case}");
                                refused += 1;
                            }
                            ExpandErrorKind::DotSegment | ExpandErrorKind::DoubleSlash => {}
                            _ => panic!("{case}: {e}"),
                        }
                    }
                }
            }
        }
    }
    assert!(refused > 0);
    // The red team's case, through `url!` and `template!` as well.
    let (id, tab) = ("", None::<&str>);
    assert_eq!(show(url!("/users/{id}{/tab}")), "!EmptySegment@id");
    let id = None::<&str>;
    assert_eq!(show(url!("/users/{id}{/tab}")), "!EmptySegment@id");
    // With the tab, the empty segment would make `//`, refused as such.
    let (id, tab) = ("", Some("repos"));
    assert_eq!(show(url!("/users/{id}{/tab}")), "!DoubleSlash@id");
    let user: Template = template!("/users/{id}{/tab}");
    assert_eq!(
        show(user.expand(&BTreeMap::from([("id", "")]))),
        "!EmptySegment@id"
    );
    let (name, ext) = (None::<&str>, None::<&str>);
    assert_eq!(show(url!("/files/{name}{.ext}")), "!EmptySegment@name");
    let ext = Some("txt");
    assert_eq!(show(url!("/files/{name}{.ext}")), "/files/.txt");
    // Values fill the segment, or the template's own text does.
    let (id, tab) = ("7", None::<&str>);
    assert_eq!(show(url!("/users/{id}{/tab}")), "/users/7");
    assert_eq!(expand("/users/{?q}", &[]), "/users/");
    assert_eq!(expand("/users/x{id}", &[]), "/users/x");
    // A segment a value's `/` opened is the value's: `{/x}` of an empty string, or a
    // `{+x}` that ends with `/`, leaves a trailing empty segment, as RFC 6570 writes it.
    assert_eq!(expand("/p{/x}", &[("x", &"")]), "/p/");
    assert_eq!(expand("/p/{+x}", &[("x", &"a/")]), "/p/a/");
    // A `{+base}` may be empty: the path's `/` is then its first.
    assert_eq!(expand("{+base}/users", &[]), "/users");
    assert_eq!(expand("{+base}{id}/users", &[]), "/users");
    // A relative path stays relative: an empty first segment would make it absolute.
    assert_eq!(expand("{id}{/tab}", &[("tab", &"x")]), "!EmptySegment@id");
    assert_eq!(expand("{.id}{/tab}", &[("tab", &"x")]), "!EmptySegment@id");
    let err = Template::parse("/users/{id}{/tab}")
        .unwrap()
        .expand(&BTreeMap::from([("id", "")]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the path segment of `id` is empty: its value, and those of the placeholders after it in the segment, wrote nothing before the segment's end or a `/`; mark it optional with `{/id}` if the segment may be left out"
    );
}
