//! `Url::resolve` and `Url::resolve_str` on the 42 examples of RFC 3986 §5.4, read from the
//! vendored JSON, and on the cases where the RFC's result is not a valid URL.

use crate::common;
use crate::rfc3986;

use urlkit::{ResolveErrorKind, Url};

/// Every example, normal and abnormal, gives the RFC's result (for `http:g`, one of the two
/// it allows). The 34 references `Url::parse` accepts give it through `Url::resolve` too; the
/// other 8 hold dot segments past their start (`/./g`, `g/../h`) or are `http:g`, which only
/// `resolve_str` reads, since it resolves them away.
#[test]
fn section_5_4_examples() {
    let data = common::testdata("rfc3986__section-5.4-reference-resolution.json");
    let base = Url::parse(data["base"].as_str().unwrap()).unwrap();
    let (mut cases, mut as_urls) = (0, 0);
    for group in ["normal", "abnormal"] {
        for case in data[group].as_array().unwrap() {
            cases += 1;
            let reference = case["ref"].as_str().unwrap();
            let expected: Vec<&str> = match &case["expected"] {
                serde_json::Value::String(s) => vec![s.as_str()],
                list => list
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect(),
            };
            let resolved = base
                .resolve_str(reference)
                .unwrap_or_else(|e| panic!("{reference}: {e}"));
            assert!(
                expected.contains(&resolved.as_str()),
                "{reference}: {resolved}, expected {expected:?}"
            );
            assert_eq!(Url::parse(resolved.as_str()), Ok(resolved.clone()));
            if let Ok(reference_url) = Url::parse(reference) {
                as_urls += 1;
                assert_eq!(base.resolve(&reference_url), Ok(resolved), "{reference}");
            }
        }
    }
    assert_eq!((cases, as_urls), (42, 34));
}

/// The oracle of the property tests gives the RFC's own results: §5.2.4's two walk-throughs and
/// the strict §5.4 examples.
#[test]
fn the_oracle_reads_the_rfc_as_written() {
    assert_eq!(rfc3986::remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(rfc3986::remove_dot_segments("mid/content=5/../6"), "mid/6");
    let data = common::testdata("rfc3986__section-5.4-reference-resolution.json");
    let base = rfc3986::split(data["base"].as_str().unwrap());
    let mut n = 0;
    for case in ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
    {
        let reference = rfc3986::split(case["ref"].as_str().unwrap());
        let (target, _) = rfc3986::resolve(&base, &reference, true);
        let expected = match &case["expected"] {
            serde_json::Value::String(s) => s.as_str(),
            list => list[0].as_str().unwrap(), // the strict reading comes first
        };
        assert_eq!(rfc3986::recompose(&target), expected, "{}", case["ref"]);
        n += 1;
    }
    assert_eq!(n, 42);
}

/// Results RFC 3986 defines but no `Url` can hold, each with its own error; and bases that
/// cannot be bases.
#[test]
fn errors_say_what_and_why() {
    for (base, reference, kind, message) in [
        (
            "/docs/",
            "a",
            "RelativeBase",
            "the base `/docs/` has no scheme; resolve against an absolute URL such as `https://example.com/docs/`",
        ),
        (
            "docs/",
            "a",
            "RelativeBase",
            "the base `docs/` has no scheme; resolve against an absolute URL such as `https://example.com/docs/`",
        ),
        (
            "//h/p",
            "a",
            "RelativeBase",
            "the base `//h/p` has no scheme; resolve against an absolute URL such as `https://h/p`",
        ),
        (
            "http://a/b",
            "a b",
            "InvalidReference",
            "the reference `a b` is not a URL: invalid character ` ` in the URL path; write `%20` (at byte 1)",
        ),
        (
            "http://a/b",
            "https:g",
            "InvalidReference",
            "the reference `https:g` is not a URL: missing `//` after `https:`; write `https://g` (at byte 5)",
        ),
        (
            "sc:/p",
            "..//x",
            "PathReadsAsAuthority",
            "the resolved path `//x` starts with `//` in a URL without an authority, where it would read as one; remove the empty segment at its start",
        ),
        (
            "sc:",
            ".///x",
            "PathReadsAsAuthority",
            "the resolved path `//x` starts with `//` in a URL without an authority, where it would read as one; remove the empty segment at its start",
        ),
        (
            "http://a/b",
            "///x",
            "InvalidResult",
            "the resolved URL `http:///x` is not valid: empty host after `http://`; write the host before the path (at byte 6)",
        ),
        (
            "file:///etc/hosts",
            "//me@h/x",
            "InvalidResult",
            "the resolved URL `file://me@h/x` is not valid: a `file` URL cannot have a port or userinfo; remove `me@` (at byte 7)",
        ),
        (
            "a.b:foo",
            "123",
            "InvalidResult",
            "the resolved URL `a.b:123` is not valid: missing scheme before the host `a.b`, which reads as the scheme; write `https://a.b:123` (at byte 0)",
        ),
    ] {
        let base_url = Url::parse(base).unwrap();
        let err = base_url.resolve_str(reference).unwrap_err();
        let got = match err.kind() {
            ResolveErrorKind::RelativeBase => "RelativeBase",
            ResolveErrorKind::InvalidReference(_) => "InvalidReference",
            ResolveErrorKind::PathReadsAsAuthority => "PathReadsAsAuthority",
            ResolveErrorKind::InvalidResult(_) => "InvalidResult",
            _ => "new kind",
        };
        assert_eq!(got, kind, "{base} {reference}");
        assert_eq!(err.to_string(), message, "{base} {reference}");
        assert_eq!(
            std::error::Error::source(&err).is_some(),
            matches!(kind, "InvalidReference" | "InvalidResult")
        );
        if let Ok(reference) = Url::parse(reference) {
            assert_eq!(base_url.resolve(&reference), Err(err), "{base} {reference}");
        }
    }
}

/// Where RFC 3986's result is valid beside these: the same inputs, changed a little.
#[test]
fn near_misses_resolve() {
    for (base, reference, resolved) in [
        ("sc:/p", "../x", "sc:/x"),
        ("sc:/p/q/", "..//x", "sc:/p//x"),
        ("file:///etc/hosts", "//h/x", "file://h/x"),
        ("foo://a/b", "///x", "foo:///x"),
        ("a.b:foo", "x123", "a.b:x123"),
        ("sc:sd/sd", "../i", "sc:/i"),
        (
            "mailto:someone@example.com",
            "?subject=hi",
            "mailto:someone@example.com?subject=hi",
        ),
        ("http://a", "g", "http://a/g"),
        ("http://a", "?q", "http://a?q"),
        ("HTTP://A/b", "c", "HTTP://A/c"),
        ("http://a/b/c", "%2e%2E/%7e", "http://a/%7E"),
        ("http://a/b/c", "HTTP:g?%2f", "http://a/b/g?%2F"),
    ] {
        let got = Url::parse(base).unwrap().resolve_str(reference);
        assert_eq!(
            got.as_ref().map(Url::as_str),
            Ok(resolved),
            "{base} {reference}"
        );
    }
}
