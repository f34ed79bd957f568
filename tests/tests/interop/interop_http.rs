//! Feature `http`: `Url` ⇄ `http::Uri`, in absolute form and origin form, and what each side
//! refuses. The oracle is the `http` crate reading what we give it, and `percent-encoding`
//! decoding both sides.

use percent_encoding::percent_decode_str;
use proptest::prelude::*;
use urlkit::{ConversionErrorKind, Url, url};

use crate::common;

fn decoded(text: &str) -> Vec<u8> {
    percent_decode_str(text).collect()
}

#[test]
fn absolute_and_origin_form_both_ways() {
    for text in [
        "https://api.example.com/users/7?tab=repos",
        "http://user@example.com:8080/a%20b",
        "http://[::1]:80/",
        "https://example.com",
        "/users/7?tab=repos",
        "/",
        "/a/b%2Fc?",
    ] {
        let ours = Url::parse(text).unwrap();
        let uri = http::Uri::try_from(&ours).unwrap_or_else(|e| panic!("{text}: {e}"));
        // `http` writes `/` for the empty path of an absolute URL, as WHATWG parsers do.
        let expected = if text == "https://example.com" {
            "https://example.com/"
        } else {
            text
        };
        assert_eq!(uri.to_string(), expected);
        let back = Url::try_from(&uri).unwrap();
        assert_eq!(back, expected, "{text}");
        assert_eq!(http::Uri::try_from(ours).unwrap(), uri);
    }
}

#[test]
fn what_a_uri_cannot_hold_is_refused() {
    for (text, kind) in [
        ("https://example.com/#top", ConversionErrorKind::Fragment),
        ("/a#b", ConversionErrorKind::Fragment),
        ("mailto:a@example.com", ConversionErrorKind::NoAuthority),
        ("urn:isbn:0451450523", ConversionErrorKind::NoAuthority),
        ("users/7", ConversionErrorKind::Relative),
        ("?page=2", ConversionErrorKind::Relative),
        ("//example.com/a", ConversionErrorKind::Relative),
        ("", ConversionErrorKind::Relative),
        // `*` is a relative path to `Url::parse`, the asterisk form to `http`: refused.
        ("*", ConversionErrorKind::Relative),
    ] {
        let ours = Url::parse(text).unwrap();
        let err = http::Uri::try_from(&ours).unwrap_err();
        assert_eq!(err.kind(), &kind, "{text}");
    }
    let err = http::Uri::try_from(url!("https://example.com/#top")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a URL with a fragment (`#...`) cannot become an `http::Uri`: HTTP request targets have none; remove the fragment"
    );
    let err = http::Uri::try_from(url!("users/7")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this relative reference cannot become an `http::Uri`, which holds an absolute URL or a path starting with `/` (origin form); join it to a base first, e.g. with `url!(base, \"...\")`"
    );
}

#[test]
fn an_origin_form_path_starting_with_two_slashes_is_refused() {
    let uri: http::Uri = "//evil.example/a".parse().unwrap();
    assert_eq!(uri.path(), "//evil.example/a");
    let err = Url::try_from(&uri).unwrap_err();
    assert_eq!(err.kind(), &ConversionErrorKind::PathStartsWithDoubleSlash);
}

/// `http` lets a `\` through; WHATWG parsers, and servers that normalize backslashes, read
/// it as `/`, so `/public/..\admin` is `/admin` to them, while its encoding `%5C` would be
/// one segment `..%5Cadmin` to us. Refused wherever it stands, as `Url::parse` refuses it.
#[test]
fn a_backslash_anywhere_is_refused() {
    for target in [
        "http://a.example/public/..\\admin",
        "/public/..\\admin",
        "/a\\b",
        "/a?q=\\",
        "http://a.example/?next=\\\\evil.example",
    ] {
        let uri: http::Uri = target.parse().unwrap_or_else(|e| panic!("{target}: {e}"));
        let err = Url::try_from(&uri).unwrap_err();
        assert_eq!(err.kind(), &ConversionErrorKind::Backslash, "{target}");
        assert!(Url::parse(target).is_err(), "{target}");
    }
    let err = Url::try_from(http::Uri::from_static("/a\\b")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this `http::Uri` holds `\\`, which WHATWG parsers and many servers read as `/` and RFC 3986 does not allow, so it has no one meaning; send `%5C` for the character itself"
    );
    // What it would be as a character, `%5C`, goes through.
    let uri: http::Uri = "/a%5Cb".parse().unwrap();
    assert_eq!(Url::try_from(&uri).unwrap(), "/a%5Cb");
}

#[test]
fn authority_form_and_asterisk_are_not_urls() {
    for target in ["example.com:443", "*"] {
        let uri: http::Uri = target.parse().unwrap();
        let err = Url::try_from(&uri).unwrap_err();
        assert_eq!(err.kind(), &ConversionErrorKind::NotAUrl, "{target}");
        assert_eq!(
            err.to_string(),
            "this `http::Uri` is an authority-form (`host:port`) or `*` request target, not a URL; read its parts with `Uri::authority` instead"
        );
    }
}

#[test]
fn characters_rfc_3986_forbids_are_encoded_and_decode_the_same() {
    for (target, strict) in [
        ("/search?q={rust}", "/search?q=%7Brust%7D"),
        ("/a|b/\"c\"", "/a%7Cb/%22c%22"),
        ("/50%?x=%zz", "/50%25?x=%25zz"),
        ("/caf\u{e9}", "/caf%C3%A9"),
        ("http://h/{a}?b|c", "http://h/%7Ba%7D?b%7Cc"),
    ] {
        let uri: http::Uri = target.parse().unwrap_or_else(|e| panic!("{target}: {e}"));
        let ours = Url::try_from(uri.clone()).unwrap();
        assert_eq!(ours, strict, "{target}");
        assert_eq!(decoded(ours.path()), decoded(uri.path()), "{target}");
        assert_eq!(
            ours.query().map(decoded),
            uri.query().map(decoded),
            "{target}"
        );
    }
}

/// Path segments and query values of any text, as `url!` builds them.
fn built_url() -> impl Strategy<Value = Url> {
    (
        common::hostile_text(),
        common::hostile_text(),
        prop::option::of(common::hostile_text()),
        any::<bool>(),
    )
        .prop_filter_map("a value the guards refuse", |(a, b, q, absolute)| {
            if absolute {
                url!("https://example.com/{a}/x{/b}{?q}").ok()
            } else {
                url!("/{a}/x{/b}{?q}").ok()
            }
        })
}

proptest! {
    // The guards refuse about two values in five (an empty or dot segment): the cap on
    // rejected values grows with `PROPTEST_CASES`, so that a long run is not cut short.
    #![proptest_config(ProptestConfig {
        max_local_rejects: ProptestConfig::default().cases.saturating_mul(4),
        ..ProptestConfig::default()
    })]

    /// Every URL a template builds (without a fragment) is an `http::Uri` with the same text,
    /// and comes back from it unchanged.
    #[test]
    fn built_urls_are_uris_with_the_same_text(url in built_url()) {
        let uri = http::Uri::try_from(&url).unwrap();
        prop_assert_eq!(uri.to_string(), url.as_str());
        prop_assert_eq!(Url::try_from(uri).unwrap(), url);
    }

    /// Whatever `http` accepts as a path and query becomes a `Url` whose path and query decode
    /// to the same bytes, or is refused with a reason; never a panic.
    #[test]
    fn any_origin_form_target_converts_or_is_refused(tail in "[ -~\u{e9}\u{2603}]{0,24}") {
        let target = format!("/{tail}");
        let Ok(uri) = target.parse::<http::Uri>() else {
            return Ok(());
        };
        match Url::try_from(&uri) {
            Ok(ours) => {
                prop_assert_eq!(decoded(ours.path()), decoded(uri.path()));
                prop_assert_eq!(ours.query().map(decoded), uri.query().map(decoded));
            }
            Err(err) => prop_assert!(
                match err.kind() {
                    ConversionErrorKind::Invalid(_) | ConversionErrorKind::PathStartsWithDoubleSlash => true,
                    ConversionErrorKind::Backslash => target.contains('\\'),
                    _ => false,
                },
                "{}",
                err
            ),
        }
    }
}

/// Path segments of request targets, with what WHATWG parsers read otherwise than RFC 3986:
/// `\`, which is `/` in a special URL's path (URL Standard, "path state"), dot segments
/// spelled with it and with triplets, and characters RFC 3986 forbids.
const TARGET_SEGMENTS: &[&str] = &[
    "public",
    "a",
    "..",
    ".",
    "%2e%2e",
    "%2E",
    "..\\admin",
    "\\",
    "a\\b",
    "\\..",
    "%5C",
    "%5c..",
    "|",
    "{x}",
    "\u{e9}",
    "a%2Fb",
    "",
    "x\\\\y",
];

/// A request target the `http` crate may accept: origin form or absolute form, segments
/// joined by `/` or `\`, maybe a query with a `\`. A third of them are free to hold `\`
/// and dot segments anywhere; the others hold neither, since `Url::try_from` refuses every
/// `\` and every dot segment, and the check needs targets it converts.
fn request_target() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => target_of(
            &["", "http://a.example", "https://a.example:8443", "http://a.example\\"],
            &["/", "/", "\\"],
            TARGET_SEGMENTS.to_vec(),
            &["", "?q=\\", "?a=1&b=..\\c", "?x"],
        ),
        2 => target_of(
            &["", "http://a.example", "https://a.example:8443"],
            &["/"],
            TARGET_SEGMENTS
                .iter()
                .copied()
                .filter(|s| {
                    let dots = s.to_ascii_lowercase().replace("%2e", ".");
                    !s.contains('\\') && dots != "." && dots != ".."
                })
                .collect(),
            &["", "?a=1&b=..", "?x"],
        ),
    ]
}

fn target_of(
    origins: &'static [&'static str],
    separators: &'static [&'static str],
    segments: Vec<&'static str>,
    queries: &'static [&'static str],
) -> impl Strategy<Value = String> {
    (
        prop::sample::select(origins),
        prop::collection::vec(
            (
                prop::sample::select(separators),
                prop::sample::select(segments),
            ),
            1..5,
        ),
        prop::sample::select(queries),
    )
        .prop_map(|(origin, segments, query)| {
            let path = segments.iter().fold(String::new(), |mut path, (sep, s)| {
                path.push_str(sep);
                path.push_str(s);
                path
            });
            format!("{origin}{path}{query}")
        })
}

/// What a WHATWG parser reads in a request target: its path segments and its query, each
/// percent-decoded.
#[derive(Debug, PartialEq)]
struct Reading {
    segments: Vec<Vec<u8>>,
    query: Option<Vec<u8>>,
}

/// How a WHATWG parser reads `text` (origin form on `http://a.example`).
fn whatwg_reading(text: &str) -> Option<Reading> {
    let base = url::Url::parse("http://a.example/").ok()?;
    let url = url::Url::options().base_url(Some(&base)).parse(text).ok()?;
    let segments = url.path().split('/').map(decoded).collect();
    Some(Reading {
        segments,
        query: url.query().map(decoded),
    })
}

/// What `Url::try_from(&http::Uri)` makes of a target is the target as WHATWG parsers read
/// it: the same path segments (a `\` that they read as `/` is not written `%5C`, which
/// they read as part of a segment), or a refusal. The `http` crate takes `\` in a target.
#[test]
fn a_uri_becomes_a_url_that_whatwg_parsers_read_as_the_target() {
    let cases: u32 = std::env::var("URLKIT_ORACLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut converted, mut compared, mut backslashes, mut failures) = (0, 0, 0, Vec::new());
    for case in 0..cases {
        let target = proptest::strategy::ValueTree::current(
            &request_target().new_tree(&mut runner).unwrap(),
        );
        let Ok(uri) = target.parse::<http::Uri>() else {
            continue;
        };
        let ours = match Url::try_from(&uri) {
            Ok(ours) => ours,
            Err(e) => {
                backslashes += u32::from(e.kind() == &ConversionErrorKind::Backslash);
                continue;
            }
        };
        converted += 1;
        let (Some(theirs), Some(read_back)) =
            (whatwg_reading(&target), whatwg_reading(ours.as_str()))
        else {
            continue;
        };
        compared += 1;
        if theirs != read_back {
            failures.push(format!(
                "[case {case}] {target:?} became {:?}; WHATWG parsers read the target's path as {:?}, the URL's as {:?}",
                ours.as_str(),
                url::Url::options()
                    .base_url(url::Url::parse("http://a.example/").ok().as_ref())
                    .parse(&target)
                    .map(|u| u.path().to_string()),
                url::Url::options()
                    .base_url(url::Url::parse("http://a.example/").ok().as_ref())
                    .parse(ours.as_str())
                    .map(|u| u.path().to_string()),
            ));
        }
    }
    let n = failures.len();
    println!(
        "{cases} targets: {converted} converted, {compared} of them compared, {backslashes} refused for a `\\`, {n} disagree"
    );
    failures.truncate(20);
    assert!(
        failures.is_empty(),
        "{n} of {cases} disagree:\n{}",
        failures.join("\n")
    );
    // The generator reaches conversions, not only refusals, and targets with a `\`.
    assert!(converted > cases / 4, "{converted} of {cases} converted");
    assert!(
        backslashes > cases / 10,
        "{backslashes} of {cases} with a `\\`"
    );
}
