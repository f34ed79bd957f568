//! Route templates as tables: what they lower to, what they match, in which order they are
//! tried, and which enums hide a route.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::cover::{self, Finding};
use super::lower::{self, PathSegment, Shape, ShapeError};
use super::order;
use super::owned::{Arity, OwnedPattern, OwnedSegment};
use super::{Pattern, QueryMismatch, Segment, Tail, key_eq, pair_eq, segments, static_eq};
use crate::error::Errors;
use crate::plan;
use crate::reference::{self, Options};
use crate::template;

pub(super) fn lowered(src: &str) -> Result<Shape, Vec<(String, ShapeError)>> {
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    let reference = reference::parse(
        src,
        &exprs,
        Options {
            iri: true,
            joined: false,
        },
        &mut errors,
    );
    assert!(errors.is_empty(), "{src}: {:?}", errors.into_vec());
    let steps = plan::plan(src, &exprs, &reference);
    lower::lower(src, &exprs, &reference, &steps).map_err(|errors| {
        errors
            .into_iter()
            .map(|(at, e)| (src[at].to_string(), e))
            .collect()
    })
}

/// The pattern of `src`, with the variables named in `options` optional, those in `lists`
/// lists, and the rest scalars.
pub(super) fn pattern(src: &str, options: &[&str], lists: &[&str]) -> OwnedPattern {
    let shape = lowered(src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    let kind = |name: &str| {
        if options.contains(&name) {
            Arity::Optional
        } else if lists.contains(&name) {
            Arity::List
        } else {
            Arity::One
        }
    };
    shape.pattern(src, kind, |_| false, false)
}

fn scalars(src: &str) -> OwnedPattern {
    pattern(src, &[], &[])
}

#[test]
fn shapes_routes_accept() {
    let shape = lowered("/users/{id}/posts/{slug}.json{?page,tag*}").unwrap();
    let src = "/users/{id}/posts/{slug}.json{?page,tag*}";
    assert_eq!(shape.segments.len(), 4);
    assert_eq!(shape.segments[0], PathSegment::Static("users".into()));
    let PathSegment::Value {
        prefix,
        suffix,
        var,
        ..
    } = &shape.segments[3]
    else {
        panic!("{:?}", shape.segments[3]);
    };
    assert_eq!(
        (prefix.as_str(), suffix.as_str(), &src[var.name.clone()]),
        ("", ".json", "slug")
    );
    let keys: Vec<_> = shape
        .keys
        .iter()
        .map(|k| (k.key.as_str(), k.var.explode))
        .collect();
    assert_eq!(keys, [("page", false), ("tag", true)]);

    let p = pattern(
        "/files/v{version}{/path*}?format=json&q={query}",
        &[],
        &["path"],
    );
    assert_eq!(
        p.segments,
        [
            OwnedSegment::Static("files".into()),
            OwnedSegment::Value("v".into(), String::new())
        ]
    );
    assert_eq!(p.tail, Tail::Rest);
    assert_eq!(p.pairs, ["format=json"]);
    assert_eq!(p.keys, [("q".to_string(), true)]);

    // Required `{/x}` are fixed segments; an optional one ends the path.
    let p = pattern("/a{/b,c}{/d}", &["d"], &[]);
    assert_eq!(p.segments[1..], [OwnedSegment::Any, OwnedSegment::Any]);
    assert_eq!(p.tail, Tail::Optional);
    // IRI text is written in URI form, as `to_url` writes it.
    assert_eq!(
        scalars("/café/").segments,
        [
            OwnedSegment::Static("caf%C3%A9".into()),
            OwnedSegment::Static(String::new())
        ]
    );
    assert_eq!(scalars("/").segments, [OwnedSegment::Static(String::new())]);
}

#[test]
fn shapes_routes_refuse() {
    use ShapeError as E;
    let dup = |n: &str| E::Duplicate { name: n.into() };
    let dup_key = |k: &str| E::DuplicateKey {
        key: k.into(),
        earlier: k.into(),
    };
    let respelt = |k: &str, earlier: &str| E::DuplicateKey {
        key: k.into(),
        earlier: earlier.into(),
    };
    let not_utf8 = |k: &str| E::KeyNotUtf8 { key: k.into() };
    for (src, errors) in [
        ("https://h/x", alloc::vec![("https://h", E::NotOriginForm)]),
        ("//h/x", alloc::vec![("//h", E::NotOriginForm)]),
        ("users/{id}", alloc::vec![("u", E::NoLeadingSlash)]),
        ("{/id}", alloc::vec![("{", E::NoLeadingSlash)]),
        ("/a#top", alloc::vec![("#top", E::Fragment)]),
        (
            "/a/{+rest}",
            alloc::vec![(
                "{+rest}",
                E::Operator {
                    op: '+',
                    query: false
                }
            )],
        ),
        ("/a/{;p}{.e}", alloc::vec![("{.e}", E::TwoInSegment)]),
        ("/a/{.x,y}", alloc::vec![("{.x,y}", E::SeveralVars)]),
        (
            "/a?q={+q}",
            alloc::vec![(
                "{+q}",
                E::Operator {
                    op: '+',
                    query: true
                }
            )],
        ),
        (
            "/a/{id:3}{?q:2}",
            alloc::vec![("{id:3}", E::Prefix), ("{?q:2}", E::Prefix)],
        ),
        ("/a/{x,y}", alloc::vec![("{x,y}", E::SeveralVars)]),
        ("/a/{x}-{y}", alloc::vec![("{y}", E::TwoInSegment)]),
        ("/a{/x}/b", alloc::vec![("{/x}", E::TailNotLast)]),
        ("/a{/x}b", alloc::vec![("{/x}", E::TailNotLast)]),
        ("/a{/x}{y}", alloc::vec![("{/x}", E::TailNotLast)]),
        ("/a/{/x}", alloc::vec![("{/x}", E::TailAfterSlash)]),
        ("/{/x}", alloc::vec![("{/x}", E::TailAfterSlash)]),
        ("/a?{q}", alloc::vec![("{q}", E::QueryShape)]),
        ("/a?q={q}x", alloc::vec![("{q}", E::QueryShape)]),
        (
            "/a?q={q}&&r={r}",
            alloc::vec![("{q}", E::QueryShape), ("{r}", E::QueryShape)],
        ),
        ("/a/{id}/{id}", alloc::vec![("id", dup("id"))]),
        ("/a/{id}{?id}", alloc::vec![("id", dup("id"))]),
        ("/a?x={x}{&y,x}", alloc::vec![("x", dup("x"))]),
        ("/a?p={x}&p={y}", alloc::vec![("y", dup_key("p"))]),
        ("/a?p=1{&p}", alloc::vec![("p", dup_key("p"))]),
        ("/a?p=1&p=2", alloc::vec![("p=2", dup_key("p"))]),
        ("/a?flag&x=1&flag", alloc::vec![("flag", dup_key("flag"))]),
        // Keys are compared decoded: every spelling of a key is that key.
        (
            "/a?format=1&fo%72mat=2",
            alloc::vec![("fo%72mat=2", respelt("fo%72mat", "format"))],
        ),
        (
            "/a?%66ormat=1&form%61t=2",
            alloc::vec![("form%61t=2", respelt("form%61t", "%66ormat"))],
        ),
        (
            "/a?a+b=1&a%20b=2",
            alloc::vec![("a%20b=2", respelt("a%20b", "a+b"))],
        ),
        (
            "/a?p%61ge=1{&page}",
            alloc::vec![("page", respelt("page", "p%61ge"))],
        ),
        (
            "/a?p%61ge={x}&page={y}",
            alloc::vec![("y", respelt("page", "p%61ge"))],
        ),
        // A key that does not decode to UTF-8 could never match.
        ("/a?%FF=1", alloc::vec![("%FF", not_utf8("%FF"))]),
        ("/a?k%C3", alloc::vec![("k%C3", not_utf8("k%C3"))]),
        ("/a?k%C3={x}", alloc::vec![("k%C3", not_utf8("k%C3"))]),
    ] {
        let found = lowered(src).expect_err(src);
        let expected: Vec<_> = errors
            .into_iter()
            .map(|(t, e)| (t.to_string(), e))
            .collect();
        assert_eq!(found, expected, "{src}");
    }
}

#[test]
fn static_text_is_compared_without_decoding() {
    assert!(static_eq("caf%C3%A9", "caf%c3%a9"));
    assert!(static_eq("users", "users"));
    assert!(!static_eq("users", "Users"));
    assert!(!static_eq("a", "%61"));
    assert!(!static_eq("%41", "a"));
    assert!(!static_eq("%41b", "%41B"));
    assert!(!static_eq("a", "ab"));
}

#[test]
fn paths_are_split_before_decoding() {
    let split = |p| segments(p).collect::<Vec<_>>();
    assert_eq!(split("/a/b%2Fc"), ["a", "b%2Fc"]);
    assert_eq!(split("/"), [""]);
    assert_eq!(split("/a/"), ["a", ""]);
    assert_eq!(split("/a//b"), ["a", "", "b"]);
}

#[test]
fn segments_match_and_give_their_value() {
    let whole = Segment::Value {
        prefix: "",
        suffix: "",
    };
    let json = Segment::Value {
        prefix: "",
        suffix: ".json",
    };
    let v = Segment::Value {
        prefix: "v",
        suffix: "",
    };
    let ab = Segment::Value {
        prefix: "ab",
        suffix: "b",
    };
    for (segment, input, value) in [
        (whole, "a%2Fb", Some("a%2Fb")),
        (whole, "", None),
        (json, "a.json", Some("a")),
        (json, ".json", Some("")),
        (json, "a.JSON", None),
        (json, "a%2Ejson", None),
        (v, "v2", Some("2")),
        (v, "v", Some("")),
        (ab, "abb", Some("")),
        (ab, "ab", None), // the prefix and the suffix cannot overlap
        (Segment::Any, "", Some("")),
        (Segment::Static(""), "", Some("")),
        (Segment::Static("x"), "", None),
    ] {
        let found = segment.matches(input).then(|| segment.value(input));
        assert_eq!(found, value, "{segment:?} {input:?}");
    }
}

#[test]
fn paths_match_their_length_and_segments() {
    for (src, options, lists, yes, no) in [
        (
            "/users/{id}",
            &[][..],
            &[][..],
            &["/users/7"][..],
            &["/users", "/users/", "/users/7/x", "/Users/7"][..],
        ),
        (
            "/files{/path*}",
            &[],
            &["path"],
            &["/files", "/files/", "/files/a/b/c"],
            &["/file", "/"],
        ),
        (
            "/files{/name}",
            &["name"],
            &[],
            &["/files", "/files/", "/files/a"],
            &["/files/a/b"],
        ),
        ("/", &[], &[], &["/"], &["/a", "//"]),
    ] {
        let owned = pattern(src, options, lists);
        let b = owned.borrow();
        let p = b.pattern();
        for path in yes {
            let segs: Vec<_> = segments(path).collect();
            assert!(p.matches_path(&segs), "{src} should match {path}");
        }
        for path in no {
            let segs: Vec<_> = segments(path).collect();
            assert!(!p.matches_path(&segs), "{src} should not match {path}");
        }
    }
}

#[test]
fn queries_need_their_static_pieces_and_required_keys() {
    let owned = pattern("/s?format=json&flag{&q,page,tag*}", &["page"], &["tag"]);
    let b = owned.borrow();
    let p = b.pattern();
    assert_eq!(p.check_query(Some("q=x&flag&format=json")), Ok(()));
    assert_eq!(p.check_query(Some("format=json&flag&q=&other=1")), Ok(()));
    assert_eq!(
        p.check_query(Some("flag&q=1")),
        Err(QueryMismatch::MissingPair(0))
    );
    assert_eq!(
        p.check_query(Some("format=xml&flag&q=1")),
        Err(QueryMismatch::MissingPair(0))
    );
    assert_eq!(
        p.check_query(Some("format=json&flag=&q=1")),
        Err(QueryMismatch::MissingPair(1))
    );
    assert_eq!(
        p.check_query(Some("format=json&flag&page=2")),
        Err(QueryMismatch::MissingKey(0))
    );
    assert_eq!(p.check_query(None), Err(QueryMismatch::MissingPair(0)));
    let mut owned = pattern("/s{?q}", &["q"], &[]);
    owned.deny_unknown = true;
    let b = owned.borrow();
    let p = b.pattern();
    assert_eq!(p.check_query(Some("q=1&&")), Ok(()));
    assert_eq!(
        p.check_query(Some("q=1&Q=2")),
        Err(QueryMismatch::Unknown { key: "Q", at: 4 })
    );
}

#[test]
fn a_static_key_must_be_there_exactly_once() {
    let owned = pattern("/s?format=json&flag{&q}", &["q"], &[]);
    let b = owned.borrow();
    let p = b.pattern();
    let repeated = |pair, at| Err(QueryMismatch::RepeatedPair { pair, at });
    assert_eq!(p.check_query(Some("format=json&flag")), Ok(()));
    assert_eq!(
        p.check_query(Some("format=xml&format=json&flag")),
        repeated(0, 11)
    );
    assert_eq!(
        p.check_query(Some("format=json&format=xml&flag")),
        repeated(0, 12)
    );
    assert_eq!(
        p.check_query(Some("format=json&&format=json&flag")),
        repeated(0, 13)
    );
    assert_eq!(
        p.check_query(Some("format=json&flag&flag=1")),
        repeated(1, 17)
    );
    // Letter case: `FORMAT` is another key. Spelling: `%66ormat` is `format`, decoded, as
    // every other reader of the query sees it (HTTP parameter pollution otherwise).
    assert_eq!(p.check_query(Some("format=json&FORMAT=x&flag")), Ok(()));
    assert_eq!(
        p.check_query(Some("format=json&%66ormat=x&flag")),
        repeated(0, 12)
    );
    assert_eq!(
        p.check_query(Some("fo%72mat=xml&format=json&flag")),
        repeated(0, 13)
    );
    assert_eq!(
        p.check_query(Some("format=json&flag&fl%61g")),
        repeated(1, 17)
    );
    assert_eq!(p.check_query(Some("%66ormat=json&flag")), Ok(()));
    assert_eq!(
        p.check_query(Some("format=json&%66%6c%41%67")),
        Err(QueryMismatch::MissingPair(1))
    );
    assert_eq!(p.check_query(Some("form%61t=json&%66%6C%61%67")), Ok(()));
    // The value of a static piece is static text: compared undecoded, as the path's is.
    assert_eq!(
        p.check_query(Some("format=js%6Fn&flag")),
        Err(QueryMismatch::MissingPair(0))
    );
    assert_eq!(
        p.check_query(Some("format=json&flag=")),
        Err(QueryMismatch::MissingPair(1))
    );
}

#[test]
fn a_key_is_its_decoded_form() {
    for (template, input, same) in [
        ("format", "format", true),
        ("format", "fo%72mat", true),
        ("format", "%66ormat", true),
        ("format", "form%61t", true),
        ("format", "%66%6F%72%6D%61%74", true),
        ("format", "%66%6f%72%6d%61%74", true),
        ("format", "FORMAT", false),
        ("format", "%46ormat", false),
        ("format", "formats", false),
        ("format", "forma", false),
        ("format", "fo%72ma", false),
        ("a+b", "a%20b", true),
        ("a+b", "a+b", true),
        ("a%20b", "a+b", true),
        ("a%20b", "a%2Bb", false),
        ("a+b", "a%2Bb", false),
        ("a%2Bb", "a%2bb", true),
        ("caf%C3%A9", "caf%c3%a9", true),
        ("%41", "A", true),
        ("a", "%61", true),
        ("a%3Db", "a%3db", true),
        // Without two hex digits a `%` stands for itself; the runtime refuses it first.
        ("%25zz", "%zz", true),
        ("%", "%25", true),
    ] {
        assert_eq!(key_eq(template, input), same, "{template} {input}");
        assert_eq!(key_eq(input, template), same, "{input} {template}");
    }
    for (pair, piece, same) in [
        ("format=json", "fo%72mat=json", true),
        ("format=json", "format=js%6Fn", false),
        ("format=json", "format=json", true),
        ("format=j%C3%A9", "format=j%c3%a9", true),
        ("flag", "fl%61g", true),
        ("flag", "flag=", false),
        ("flag=", "flag", false),
        ("flag=", "fl%61g=", true),
        ("a+b=1", "a%20b=1", true),
    ] {
        assert_eq!(pair_eq(pair, piece), same, "{pair} {piece}");
    }
}

#[test]
fn required_and_unknown_keys_are_found_in_any_spelling() {
    let owned = pattern("/s?q={q}{&page}", &["page"], &[]);
    let b = owned.borrow();
    let p = b.pattern();
    assert_eq!(p.check_query(Some("%71=1")), Ok(()));
    assert_eq!(
        p.check_query(Some("%51=1")),
        Err(QueryMismatch::MissingKey(0))
    );
    let mut owned = pattern("/s?a+b={x}{&page}", &["page"], &[]);
    owned.deny_unknown = true;
    let b = owned.borrow();
    let p = b.pattern();
    assert_eq!(p.check_query(Some("a%20b=1&p%61ge=2")), Ok(()));
    assert_eq!(p.check_query(Some("a+b=1&%70age=2")), Ok(()));
    assert_eq!(
        p.check_query(Some("a%2Bb=1")),
        Err(QueryMismatch::MissingKey(0))
    );
    assert_eq!(
        p.check_query(Some("a+b=1&pag%65s=2")),
        Err(QueryMismatch::Unknown {
            key: "pag%65s",
            at: 6
        })
    );
}

#[test]
fn pieces_know_where_they_start() {
    let all: Vec<_> = super::pieces("a=1&&b&c=&=d")
        .map(|p| (p.key, p.value, p.at, p.value_at))
        .collect();
    assert_eq!(
        all,
        [
            ("a", "1", 0, 2),
            ("b", "", 5, 6),
            ("c", "", 7, 9),
            ("", "d", 10, 11)
        ]
    );
}

fn patterns(routes: &[(&str, &[&str], &[&str])]) -> Vec<OwnedPattern> {
    routes
        .iter()
        .map(|(src, options, lists)| pattern(src, options, lists))
        .collect()
}

fn with_patterns<R>(owned: &[OwnedPattern], f: impl FnOnce(&[Pattern<'_>]) -> R) -> R {
    let borrowed: Vec<_> = owned.iter().map(OwnedPattern::borrow).collect();
    let patterns: Vec<_> = borrowed.iter().map(|b| b.pattern()).collect();
    f(&patterns)
}

#[test]
fn the_most_specific_route_is_tried_first() {
    let expected = [
        "/",
        "/users",
        "/users/me",
        "/users/{id}.json",
        "/users/{id}",
        "/users/{id}/posts",
        "/users/{id}/posts{/slug}",
        "/users{/rest*}",
        "/{page}",
        "/{page}/edit",
    ];
    // Declared backwards and shuffled, tried in the same order.
    let mut declared: Vec<&str> = expected.iter().rev().copied().collect();
    declared.swap(2, 7);
    let owned = patterns(
        &declared
            .iter()
            .map(|s| (*s, &["slug"][..], &["rest"][..]))
            .collect::<Vec<_>>(),
    );
    let tried: Vec<&str> = with_patterns(&owned, order::order)
        .into_iter()
        .map(|i| declared[i])
        .collect();
    assert_eq!(tried, expected);

    // Same path: static pieces first, then required parameters, then fewer parameters.
    let declared = ["/s{?a,b}", "/s{?a}", "/s?a={a}", "/s?v=1"];
    let owned = patterns(&declared.map(|s| (s, &["b"][..], &[][..])));
    let tried: Vec<&str> = with_patterns(&owned, order::order)
        .into_iter()
        .map(|i| declared[i])
        .collect();
    assert_eq!(tried, ["/s?v=1", "/s{?a}", "/s?a={a}", "/s{?a,b}"]);
}

fn findings(routes: &[(&str, &[&str], &[&str])], deny: bool) -> Vec<(String, String)> {
    let mut owned = patterns(routes);
    for p in &mut owned {
        p.deny_unknown = deny;
    }
    with_patterns(&owned, |p| {
        let tried = order::order(p);
        cover::check(p, &tried)
            .into_iter()
            .map(|(v, finding)| {
                let about = match finding {
                    Finding::Identical(u) => alloc::format!("same as {}", routes[u].0),
                    Finding::Shadowed(us) => {
                        let names: Vec<_> = us.iter().map(|&u| routes[u].0).collect();
                        alloc::format!("hidden by {}", names.join(" "))
                    }
                };
                (routes[v].0.to_string(), about)
            })
            .collect()
    })
}

#[test]
fn identical_routes_are_found() {
    let none: &[&str] = &[];
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    // Different names, same URLs.
    assert_eq!(
        findings(
            &[("/users/{id}", none, none), ("/users/{name}", none, none)],
            false
        ),
        pairs(&[("/users/{name}", "same as /users/{id}")])
    );
    // Unknown parameters are ignored, so an optional one tells nothing apart...
    assert_eq!(
        findings(&[("/s", none, none), ("/s{?q}", &["q"], none)], false),
        pairs(&[("/s{?q}", "same as /s")])
    );
    // ...unless they are denied.
    assert_eq!(
        findings(&[("/s", none, none), ("/s{?q}", &["q"], none)], true),
        pairs(&[])
    );
    // A hand-written pair is `{?x}` under another name.
    assert_eq!(
        findings(
            &[("/s{?q}", none, none), ("/s?q={text}", none, none)],
            false
        ),
        pairs(&[("/s?q={text}", "same as /s{?q}")])
    );
    // Keys are compared decoded: one key in two spellings is one key.
    assert_eq!(
        findings(
            &[
                ("/s?format=json", none, none),
                ("/s?fo%72mat=json", none, none)
            ],
            false
        ),
        pairs(&[("/s?fo%72mat=json", "same as /s?format=json")])
    );
    assert_eq!(
        findings(
            &[("/s?a+b={x}", none, none), ("/s?a%20b={y}", none, none)],
            true
        ),
        pairs(&[("/s?a%20b={y}", "same as /s?a+b={x}")])
    );
    // Static values are not decoded: `js%6Fn` is another value.
    assert_eq!(
        findings(
            &[
                ("/s?format=json", none, none),
                ("/s?format=js%6Fn", none, none)
            ],
            false
        ),
        pairs(&[])
    );
}

#[test]
fn identical_routes_are_found_past_the_query_budget() {
    // `/s` and `/s{?q}` are the same routes (unknown parameters are ignored), but an earlier
    // route with many optional keys on the same path makes the search among all the earlier
    // routes use up its query budget, which proves nothing: the pairs are still tried.
    let none: &[&str] = &[];
    let keys: Vec<String> = (0..16).map(|k| alloc::format!("k{k}")).collect();
    let many = alloc::format!("/s?r={{r}}{{&{}}}", keys.join(","));
    let optional: Vec<&str> = keys.iter().map(String::as_str).collect();
    let routes = [
        (many.as_str(), &optional[..], none),
        ("/s", none, none),
        ("/s{?q}", &["q"][..], none),
    ];
    let found = findings(&routes, false);
    assert!(
        found.contains(&("/s{?q}".to_string(), "same as /s".to_string())),
        "{found:?}"
    );
}

#[test]
fn hidden_routes_are_found() {
    let none: &[&str] = &[];
    let found = |routes: &[(&str, &[&str], &[&str])]| findings(routes, false);
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    // `{/name}` is any segment or none: the three routes before it take all of those.
    assert_eq!(
        found(&[
            ("/files{/name}", &["name"], none),
            ("/files", none, none),
            ("/files/{name}", none, none),
            ("/files/", none, none),
        ]),
        pairs(&[("/files{/name}", "hidden by /files /files/{name} /files/")])
    );
    // Without `/files/`, it still takes `/files/`.
    assert_eq!(
        found(&[
            ("/files{/name}", &["name"], none),
            ("/files", none, none),
            ("/files/{name}", none, none),
        ]),
        pairs(&[])
    );
    // A required parameter, covered by both of its values' routes? No: `b` takes other values.
    assert_eq!(
        found(&[
            ("/s?m={m}", none, none),
            ("/s?m=a", none, none),
            ("/s?m=b", none, none)
        ]),
        pairs(&[])
    );
    // Overlapping but neither inside the other.
    assert_eq!(
        found(&[("/a/{x}/c", none, none), ("/a/b/{y}", none, none)]),
        pairs(&[])
    );
    // Text around a value: `{x}.gz` takes all of `{x}.tar.gz`, but is tried after it.
    assert_eq!(
        found(&[("/f/{x}.gz", none, none), ("/f/{x}.tar.gz", none, none)]),
        pairs(&[])
    );
    // A prefix and a suffix that overlap: `ab{x}` and `{x}b` leave `ab` itself to `a{x}`.
    assert_eq!(
        found(&[
            ("/f/ab{x}", none, none),
            ("/f/{x}b", none, none),
            ("/f/a{x}", none, none)
        ]),
        pairs(&[])
    );
    // A rest route is hidden only by one that takes every length.
    assert_eq!(
        found(&[("/f{/p*}", none, &["p"]), ("/f{/q*}", none, &["q"])]),
        pairs(&[("/f{/q*}", "same as /f{/p*}")])
    );
    assert_eq!(
        found(&[
            ("/f{/p*}", none, &["p"]),
            ("/f", none, none),
            ("/f/{a}", none, none),
            ("/f/{a}/{b}", none, none),
        ]),
        pairs(&[])
    );
}

#[test]
fn label_and_matrix_segments_start_with_their_operator() {
    let p = scalars("/users/{.id}/report{.format}/{;id2}x");
    assert_eq!(
        p.segments,
        [
            OwnedSegment::Static("users".into()),
            OwnedSegment::Value(".".into(), String::new()),
            OwnedSegment::Value("report.".into(), String::new()),
            OwnedSegment::Value(";id2".into(), "x".into()),
        ]
    );
}

#[test]
fn an_exploded_matrix_map_starts_with_the_semicolon_alone() {
    // `{;x*}` on a map names each item by its key (`;R=100;G=200`), RFC 6570 §3.2.7; on a
    // list, and without `*`, by the variable's name.
    let shape = lowered("/a/{;m*}/{;n*}/{;o}").unwrap();
    let map = |name: &str| name != "n";
    let p = shape.pattern("/a/{;m*}/{;n*}/{;o}", |_| Arity::One, map, false);
    assert_eq!(
        p.segments,
        [
            OwnedSegment::Static("a".into()),
            OwnedSegment::Value(";".into(), String::new()),
            OwnedSegment::Value(";n".into(), String::new()),
            OwnedSegment::Value(";o".into(), String::new()),
        ]
    );
}
