//! `Url::edit` on generated URLs with generated edits: the result always parses
//! (`Url::parse` accepts it as it is), every component no edit touched is the original's
//! byte for byte (split by RFC 3986 Appendix B, not by urlkit), and every edited value reads
//! back through independent decoders (`percent_encoding`, `form_urlencoded`, the `url`
//! crate) as the value given: a pair stays one pair whatever its `+`, `=`, `&` or `#`
//! (rust-url #416, #482, #688), a segment stays one segment. Values a template would refuse
//! there are refused with its `ExpandErrorKind`.

mod common;
mod lenient;

use std::collections::BTreeMap;

use lenient::split;
use percent_encoding::percent_decode_str;
use proptest::prelude::*;
use urlkit::{EditErrorKind, ExpandErrorKind, Url};

/// The URLs edited: every shape of reference `Url::parse` accepts, with and without each
/// component.
fn base_url() -> impl Strategy<Value = Url> {
    let scheme = proptest::sample::select(&["https:", "HTTP:", "sc:", "mailto:", "file:", ""][..]);
    let authority = proptest::sample::select(
        &[
            "",
            "//example.com",
            "//u:p@example.com:8443",
            "//[::1]",
            "//h:",
            "//",
            "//127.0.0.1",
        ][..],
    );
    let path = proptest::sample::select(&["", "/", "/a", "/a/b/", "/v1", "x", "x/y", "/%2Fz"][..]);
    let query = proptest::sample::select(&["", "?", "?a=1", "?a=1&b", "?q=%2B"][..]);
    let fragment = proptest::sample::select(&["", "#", "#top", "#a/b?c"][..]);
    (scheme, authority, path, query, fragment)
        .prop_map(|(s, a, p, q, f)| format!("{s}{a}{p}{q}{f}"))
        .prop_filter_map("not a URL", |text| Url::parse(&text).ok())
}

/// Text a value may hold, with what URLs are made of.
fn value_text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-zA-Z0-9 +=&#?/%.:@;,'\\[\\]\\\\é~_-]{0,8}",
        1 => Just(String::new()),
        1 => Just(".".to_owned()),
        1 => Just("..".to_owned()),
        1 => Just("%2e".to_owned()),
        1 => any::<String>(),
    ]
}

/// A host value, with whether a `{host}` placeholder accepts it.
fn host_value() -> impl Strategy<Value = (&'static str, bool)> {
    proptest::sample::select(
        &[
            ("example.org", true),
            ("API.example.org", true),
            ("127.0.0.1", true),
            ("::1", true),
            ("[2001:db8::1]", true),
            ("xn--bcher-kva.example", true),
            ("bücher.example", true),
            ("0x7f.1", false),
            ("evil.com/x", false),
            ("a b", false),
            ("user@h", false),
            ("h:80", false),
            ("", false),
        ][..],
    )
}

#[derive(Clone, Debug)]
enum Op {
    Scheme(&'static str),
    Host(&'static str, bool),
    Port(Option<u16>),
    PushSegment(String),
    PushSegments(Vec<String>),
    PathSegments(Vec<String>),
    ClearQuery,
    AppendPair(String, String),
    AppendPairs(BTreeMap<String, String>),
    Fragment(Option<String>),
    ClearFragment,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        proptest::sample::select(&["https", "sc", "Foo+1", "file", "mailto", "1x", ""][..])
            .prop_map(Op::Scheme),
        host_value().prop_map(|(h, ok)| Op::Host(h, ok)),
        proptest::option::of(any::<u16>()).prop_map(Op::Port),
        value_text().prop_map(Op::PushSegment),
        proptest::collection::vec(value_text(), 0..3).prop_map(Op::PushSegments),
        proptest::collection::vec(value_text(), 0..3).prop_map(Op::PathSegments),
        Just(Op::ClearQuery),
        (value_text(), value_text()).prop_map(|(k, v)| Op::AppendPair(k, v)),
        proptest::collection::btree_map(value_text(), value_text(), 0..3).prop_map(Op::AppendPairs),
        proptest::option::of(value_text()).prop_map(Op::Fragment),
        Just(Op::ClearFragment),
    ]
}

/// Which parts of [`split`] an operation may change: scheme, username, password, host,
/// port, path, query, fragment.
fn touches(op: &Op) -> &'static [usize] {
    match op {
        Op::Scheme(_) => &[0],
        Op::Host(..) => &[3],
        Op::Port(_) => &[4],
        Op::PushSegment(_) | Op::PushSegments(_) | Op::PathSegments(_) => &[5],
        Op::ClearQuery | Op::AppendPair(..) | Op::AppendPairs(_) => &[6],
        Op::Fragment(_) | Op::ClearFragment => &[7],
    }
}

fn is_dot(segment: &str) -> bool {
    segment == "." || segment == ".."
}

fn decode(text: &str) -> String {
    percent_decode_str(text).decode_utf8().unwrap().into_owned()
}

/// Applies `op` to an edit of `url` alone, and checks what it did, or the kind it was
/// refused with.
fn check_one(url: &Url, op: &Op) -> Result<Option<Url>, TestCaseError> {
    let edit = url.edit();
    let edit = match op {
        Op::Scheme(s) => edit.scheme(s),
        Op::Host(h, _) => edit.host(*h),
        Op::Port(p) => edit.port(*p),
        Op::PushSegment(s) => edit.push_segment(s.as_str()),
        Op::PushSegments(list) => edit.push_segments(list),
        Op::PathSegments(list) => edit.path_segments(list),
        Op::ClearQuery => edit.clear_query(),
        Op::AppendPair(k, v) => edit.append_pair(k, v.as_str()),
        Op::AppendPairs(map) => edit.append_pairs(map),
        Op::Fragment(f) => edit.fragment(f),
        Op::ClearFragment => edit.clear_fragment(),
    };
    let result = edit.finish();
    let kind = result.as_ref().err().map(urlkit::EditError::kind);
    let value = |k| Some(EditErrorKind::Value(k));
    // What a template would refuse, the edit refuses with the same kind (a `\` is refused
    // as it is written, before the `#` the whole value is checked for).
    match op {
        Op::PushSegment(s) if s.is_empty() => {
            prop_assert_eq!(kind, value(ExpandErrorKind::EmptySegment));
        }
        Op::PushSegment(s) if is_dot(s) => {
            prop_assert_eq!(kind, value(ExpandErrorKind::DotSegment));
        }
        Op::PushSegments(list) | Op::PathSegments(list) if list.iter().any(|s| is_dot(s)) => {
            prop_assert!(kind.is_some(), "{op:?} accepted");
        }
        Op::PushSegments(list) | Op::PathSegments(list) if list.iter().any(String::is_empty) => {
            prop_assert!(
                matches!(
                    kind,
                    Some(EditErrorKind::Value(
                        ExpandErrorKind::EmptySegment | ExpandErrorKind::DoubleSlash
                    ))
                ),
                "{op:?}: {kind:?}"
            );
        }
        Op::Host(_, false) => prop_assert_eq!(kind, value(ExpandErrorKind::InvalidHost)),
        Op::Scheme(s) if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) => {
            prop_assert_eq!(kind, Some(EditErrorKind::InvalidScheme));
        }
        Op::Fragment(Some(f)) if f.contains('\\') => {
            prop_assert_eq!(kind, value(ExpandErrorKind::Backslash));
        }
        Op::Fragment(Some(f)) if f.contains('#') => {
            prop_assert_eq!(
                kind,
                value(ExpandErrorKind::LeavesComponent { delimiter: '#' })
            );
        }
        _ => {}
    }
    let Ok(edited) = result else {
        // Otherwise only what the URL as a whole cannot be: a port or host it cannot hold,
        // a scheme its other components do not fit.
        prop_assert!(
            matches!(
                kind,
                Some(
                    EditErrorKind::NoHost
                        | EditErrorKind::InvalidScheme
                        | EditErrorKind::RootlessPath
                        | EditErrorKind::InvalidResult(_)
                        | EditErrorKind::Value(_)
                )
            ),
            "{url} {op:?}: {kind:?}"
        );
        return Ok(None);
    };
    let out = edited.as_str();
    let strict = Url::parse(out);
    prop_assert_eq!(strict.as_ref(), Ok(&edited), "{} {:?}", url, op);
    let (before, after) = (split(url.as_str()), split(out));
    for part in 0..8 {
        if !touches(op).contains(&part) {
            prop_assert_eq!(
                &before[part],
                &after[part],
                "{} {:?}: part {} changed to {}",
                url,
                op,
                part,
                out
            );
        }
    }
    // The edited value reads back.
    match op {
        Op::PushSegment(s) if !s.is_empty() => {
            let last = after[5].rsplit('/').next().unwrap();
            prop_assert_eq!(decode(last), s.as_str(), "{}", out);
        }
        Op::PushSegments(list) | Op::PathSegments(list) if !list.is_empty() => {
            let segments: Vec<String> = after[5].split('/').map(decode).collect();
            prop_assert_eq!(
                &segments[segments.len() - list.len()..],
                &list[..],
                "{}",
                out
            );
        }
        Op::AppendPair(k, v) => {
            let query = after[6].trim_start_matches('?');
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect();
            prop_assert_eq!(pairs.last(), Some(&(k.clone(), v.clone())), "{}", out);
        }
        Op::AppendPairs(map) if !map.is_empty() => {
            let query = after[6].trim_start_matches('?');
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect();
            let appended: Vec<(String, String)> = map.clone().into_iter().collect();
            prop_assert_eq!(
                &pairs[pairs.len() - appended.len()..],
                &appended[..],
                "{}",
                out
            );
        }
        Op::Fragment(Some(f)) if !f.contains('%') => {
            prop_assert_eq!(
                decode(after[7].trim_start_matches('#')),
                f.as_str(),
                "{}",
                out
            );
        }
        Op::Fragment(None) | Op::ClearFragment => prop_assert!(edited.fragment().is_none()),
        Op::ClearQuery => prop_assert!(edited.query().is_none()),
        Op::Port(p) => prop_assert_eq!(edited.port(), *p),
        _ => {}
    }
    // A WHATWG parser reads the same pairs.
    if let (Op::AppendPair(k, v), Ok(whatwg)) = (op, url::Url::parse(out)) {
        let last = whatwg
            .query_pairs()
            .last()
            .map(|(k, v)| (k.into_owned(), v.into_owned()));
        prop_assert_eq!(last, Some((k.clone(), v.clone())), "{}", out);
    }
    Ok(Some(edited))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn every_edit_parses_and_keeps_what_it_does_not_touch(url in base_url(), op in op()) {
        check_one(&url, &op)?;
    }

    #[test]
    fn chains_of_edits_keep_the_guarantee(url in base_url(), ops in proptest::collection::vec(op(), 1..5)) {
        // Edits one after another agree with one edit of several operations, up to the
        // first that fails.
        let mut step = url.clone();
        for op in &ops {
            match check_one(&step, op)? {
                Some(next) => step = next,
                None => break,
            }
        }
    }
}

#[test]
fn the_rust_url_complaints_do_not_happen() {
    let url = Url::parse("https://example.com/search").unwrap();
    // #416, #482: `+` in a value is `%2B`, so every reader gets `+` back, not a space.
    let edited = url.edit().append_pair("q", "c++").finish().unwrap();
    assert_eq!(edited, "https://example.com/search?q=c%2B%2B");
    let whatwg = url::Url::parse(edited.as_str()).unwrap();
    assert_eq!(whatwg.query_pairs().next().unwrap().1, "c++");
    // #688: `=` and `&` in a value stay in it.
    let edited = url.edit().append_pair("filter", "a=b&c").finish().unwrap();
    assert_eq!(edited, "https://example.com/search?filter=a%3Db%26c");
    // #333: appending keeps the base's last segment, with or without a trailing `/`.
    for base in ["https://api.example.com/v1", "https://api.example.com/v1/"] {
        let edited = Url::parse(base)
            .unwrap()
            .edit()
            .push_segment("users")
            .finish()
            .unwrap();
        assert_eq!(edited, "https://api.example.com/v1/users");
    }
    // The fragment is not dropped by an edit of something else.
    let page = Url::parse("https://example.com/a?x=1#section").unwrap();
    let edited = page.edit().append_pair("y", "2").finish().unwrap();
    assert_eq!(edited, "https://example.com/a?x=1&y=2#section");
}
