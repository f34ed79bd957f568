//! Feature `http`: `Url` ⇄ `http::Uri`, in absolute form and origin form, and what each side
//! refuses. The oracle is the `http` crate reading what we give it, and `percent-encoding`
//! decoding both sides.

use percent_encoding::percent_decode_str;
use proptest::prelude::*;
use urlkit::{ConversionErrorKind, Url, url};

mod common;

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
