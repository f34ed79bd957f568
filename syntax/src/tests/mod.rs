//! The grammar as a table: URLs and templates with what they parse into or what is wrong.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::{Component, ErrorKind, Errors};
use crate::reference::{self, Options};
use crate::template;

mod rejections;
mod states;
mod templates;

/// The components of a valid URL, or the first error's range and message.
pub(super) fn url(src: &str) -> Result<[Option<&str>; 7], (core::ops::Range<usize>, String)> {
    let mut errors = Errors::new();
    let r = reference::parse(
        src,
        &[],
        Options {
            iri: false,
            joined: false,
        },
        &mut errors,
    );
    if let Some(e) = errors.into_vec().into_iter().next() {
        return Err((e.at, e.kind.to_string()));
    }
    let get = |r: Option<core::ops::Range<usize>>| r.map(|r| &src[r]);
    let auth = r.authority.as_ref();
    Ok([
        get(r.scheme),
        get(auth.and_then(|a| a.userinfo.clone())),
        get(auth.map(|a| a.host.clone())),
        get(auth.and_then(|a| a.port.clone())),
        Some(&src[r.path]),
        get(r.query),
        get(r.fragment),
    ])
}

pub(super) fn all_errors(src: &str, options: Options) -> Vec<(String, ErrorKind)> {
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    reference::parse(src, &exprs, options, &mut errors);
    errors
        .into_vec()
        .into_iter()
        .map(|e| (src[e.at].to_string(), e.kind))
        .collect()
}

#[test]
fn components_of_valid_references() {
    let n = None;
    for (src, parts) in [
        (
            "https://user:pw@example.com:8080/a/b?q=1&r#frag",
            [
                Some("https"),
                Some("user:pw"),
                Some("example.com"),
                Some("8080"),
                Some("/a/b"),
                Some("q=1&r"),
                Some("frag"),
            ],
        ),
        (
            "https://example.com",
            [Some("https"), n, Some("example.com"), n, Some(""), n, n],
        ),
        (
            "http://[2001:db8::1]:80/",
            [
                Some("http"),
                n,
                Some("[2001:db8::1]"),
                Some("80"),
                Some("/"),
                n,
                n,
            ],
        ),
        (
            "mailto:a@b.example",
            [Some("mailto"), n, n, n, Some("a@b.example"), n, n],
        ),
        (
            "file:///etc/hosts",
            [Some("file"), n, Some(""), n, Some("/etc/hosts"), n, n],
        ),
        // An empty authority under a scheme that allows it.
        ("foo:///a", [Some("foo"), n, Some(""), n, Some("/a"), n, n]),
        ("foo://", [Some("foo"), n, Some(""), n, Some(""), n, n]),
        ("/path?x", [n, n, n, n, Some("/path"), Some("x"), n]),
        (
            "//h:000000080",
            [n, n, Some("h"), Some("000000080"), Some(""), n, n],
        ),
        // Near misses of the missing-scheme checks: real schemes and paths.
        ("tel:911", [Some("tel"), n, n, n, Some("911"), n, n]),
        (
            "com.example.app:/callback",
            [Some("com.example.app"), n, n, n, Some("/callback"), n, n],
        ),
        (
            "./www.example.com",
            [n, n, n, n, Some("./www.example.com"), n, n],
        ),
        ("www", [n, n, n, n, Some("www"), n, n]),
        ("a/https//b", [n, n, n, n, Some("a/https//b"), n, n]),
        ("path/rel", [n, n, n, n, Some("path/rel"), n, n]),
        ("?q", [n, n, n, n, Some(""), Some("q"), n]),
        ("#f", [n, n, n, n, Some(""), n, Some("f")]),
        ("//host/p", [n, n, Some("host"), n, Some("/p"), n, n]),
        ("../up/one", [n, n, n, n, Some("../up/one"), n, n]),
        ("./a:b", [n, n, n, n, Some("./a:b"), n, n]),
        ("", [n, n, n, n, Some(""), n, n]),
        (
            "urn:isbn:0451450523",
            [Some("urn"), n, n, n, Some("isbn:0451450523"), n, n],
        ),
        (
            "http://h/?a?b/c",
            [Some("http"), n, Some("h"), n, Some("/"), Some("a?b/c"), n],
        ),
        (
            "http://h/a%2Fb%c3%a9",
            [Some("http"), n, Some("h"), n, Some("/a%2Fb%c3%a9"), n, n],
        ),
        (
            "http://1.2.3.4/",
            [Some("http"), n, Some("1.2.3.4"), n, Some("/"), n, n],
        ),
    ] {
        assert_eq!(url(src), Ok(parts), "{src}");
    }
}

#[test]
fn independent_errors_are_all_reported_and_repeats_fold() {
    // A pasted URL with a typo in the scheme and spaces everywhere: one error per problem.
    let errors = all_errors("ht tp://a b.com/a b/c d?x y#z z", Options::default());
    let messages: Vec<String> = errors
        .iter()
        .map(|(at, k)| alloc::format!("{at:?}: {k}"))
        .collect();
    assert_eq!(
        messages,
        [
            "\" \": invalid character ` ` in the URL scheme; remove it",
            "\" \": invalid character ` ` in the URL host; a host name holds only letters, digits, `-` and `.`",
            "\" \": invalid character ` ` in the URL path; write `%20`",
            "\" \": invalid character ` ` in the URL query; write `%20`",
            "\" \": invalid character ` ` in the URL fragment; write `%20`",
        ]
    );
    let mut all = Errors::new();
    reference::parse("http://h/a b/c d e", &[], Options::default(), &mut all);
    let all = all.into_vec();
    assert_eq!(all.len(), 1);
    assert_eq!(
        (all[0].at.clone(), all[0].again.clone()),
        (10..11, alloc::vec![14..15, 16..17])
    );
    // Dot segments fold into one error holding the path once, whichever order kinds come in.
    let mut all = Errors::new();
    reference::parse("/a/./b/../c/.", &[], Options::default(), &mut all);
    all.push(0..1, ErrorKind::EmptyScheme);
    all.push_all([5..6, 7..8], ErrorKind::EmptyScheme);
    all.push_all([], ErrorKind::SecondHash);
    let all = all.into_vec();
    let folded: Vec<_> = all
        .iter()
        .map(|e| (e.at.clone(), e.again.clone()))
        .collect();
    assert_eq!(
        folded,
        [
            (0..1, alloc::vec![5..6, 7..8]),
            (3..4, alloc::vec![7..9, 12..13])
        ]
    );
}

#[test]
fn iri_characters_are_accepted_only_when_asked_for() {
    let iri = Options {
        iri: true,
        joined: false,
    };
    assert!(all_errors("https://example.com/caf\u{e9}?q=\u{e4}#\u{5186}", iri).is_empty());
    // iprivate only in the query; U+FFFE is never allowed; hosts never take non-ASCII.
    assert!(all_errors("https://h/?\u{e000}", iri).is_empty());
    // Multi-byte characters where the missing-scheme check looks for `www.`.
    assert!(all_errors("w\u{e9}\u{e9}/x", iri).is_empty());
    assert_eq!(
        all_errors("https://h/\u{e000}", iri),
        [(
            "\u{e000}".to_string(),
            ErrorKind::NonAscii {
                ch: '\u{e000}',
                component: Component::Path
            }
        )]
    );
    assert_eq!(all_errors("https://h/\u{fffe}", iri).len(), 1);
    assert_eq!(all_errors("https://h\u{e9}.com/", iri).len(), 1);
}

#[test]
fn references_to_resolve_may_hold_what_resolution_settles() {
    let errors_of = |src: &str| {
        let mut errors = Errors::new();
        reference::parse_to_resolve(src, &mut errors);
        errors
            .into_vec()
            .into_iter()
            .map(|e| e.kind)
            .collect::<Vec<_>>()
    };
    for settled in [
        "/a/./b/../c/.",
        "g;x=1/../y",
        "http:g",
        "HTTPS:/../g",
        "g:h/./i",
        // An empty authority is the base's scheme's to judge (`foo:///a`, or no URL against
        // an `http` base).
        "///a",
    ] {
        assert_eq!(errors_of(settled), [], "{settled}");
        let mut strict = Errors::new();
        reference::parse(settled, &[], Options::default(), &mut strict);
        assert!(
            !strict.is_empty(),
            "{settled} is refused outside resolution"
        );
    }
    for refused in [
        "a b",
        "http://h:x/",
        "%zz",
        "é",
        "www.example.com/a",
        "///\\x",
    ] {
        assert_ne!(errors_of(refused), [], "{refused}");
    }
}
