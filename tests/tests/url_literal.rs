//! `url!` literals: what compiles, to exactly which text, and that the text means the same URL
//! to `Url::parse` and to the `url` crate (WHATWG).
//!
//! "The same URL" to the `url` crate is checked component by component, byte for byte, except
//! where WHATWG serializes differently by design:
//! - scheme and (non-IP) host are compared ignoring ASCII case, IPv6 hosts as addresses;
//! - a port equal to the scheme's default is compared with WHATWG's implicit one;
//! - an empty path of an `http(s)`/`ws(s)`/`ftp`/`file` URL is `/` to WHATWG;
//! - `file:///p` has an empty host here and none to WHATWG;
//! - WHATWG percent-encodes a few characters RFC 3986 allows raw (`'` in the query of a
//!   special-scheme URL; `;` `=` and sub-delimiters in userinfo): those are compared after
//!   WHATWG's own encoding of our text, see [`whatwg_encoded`].
//!
//! Relative references are read back by joining them to a base, against the absolute URL
//! RFC 3986 §5.4 gives for them, written out in the table.

use urlkit::{Url, url};

/// Accepted literals: what `url!` made of each, and the text written.
macro_rules! literals {
    ($($lit:literal),* $(,)?) => {
        [$((url!($lit), $lit)),*]
    };
}

/// Absolute URLs accepted as written.
fn absolute() -> [(Url, &'static str); 27] {
    literals![
        "https://example.com",
        "https://example.com/",
        "https://example.com/a/b?q=1&r=2#frag",
        "HTTP://Example.COM/Path",
        "https://user:pw@example.com:8443/a",
        "https://us;er=x!:p$w@example.com/",
        "http://example.com:0/",
        "http://example.com:65535/",
        "http://example.com:80/",
        "http://example.com:0080/",
        // `port = *DIGIT` (RFC 3986 §3.2.3): the empty port is the default one.
        "https://example.com:/x",
        "foo://h:/",
        "http://127.0.0.1:8080/metrics",
        "http://[2001:db8::1]/",
        "http://[::1]:3000/api",
        "http://[::ffff:192.0.2.1]/",
        "https://example.com/a%2Fb/%20x",
        "https://example.com/search?q=rust+url&page=2",
        "https://example.com/?q='quoted'&a=(b)*c",
        "https://example.com/@user/posts;v=1,2:3",
        "https://example.com/?next=/a/b?c#frag/x?y",
        "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        "mailto:someone@example.com?subject=hi",
        "urn:isbn:0451450523",
        "file:///etc/hosts",
        "ws://example.com/socket",
        "git+ssh://git@example.com/repo.git",
    ]
}

/// Relative references: what `url!` made of each, the text it should be, and what it
/// resolves to against [`BASE`] (RFC 3986 §5.2).
const BASE: &str = "http://a.example/b/c/d;p?q";

macro_rules! relative {
    ($($lit:literal => $text:literal => $resolved:literal),* $(,)?) => {
        [$((url!($lit), $lit, $text, $resolved)),*]
    };
}

fn relative() -> [(Url, &'static str, &'static str, &'static str); 13] {
    relative![
        "/path" => "/path" => "http://a.example/path",
        "path" => "path" => "http://a.example/b/c/path",
        "?x=1" => "?x=1" => "http://a.example/b/c/d;p?x=1",
        "#top" => "#top" => "http://a.example/b/c/d;p?q#top",
        "//other.example/path" => "//other.example/path" => "http://other.example/path",
        "./" => "./" => "http://a.example/b/c/",
        "../up" => "../up" => "http://a.example/b/up",
        "./a:b" => "./a:b" => "http://a.example/b/c/a:b",
        "" => "" => "http://a.example/b/c/d;p?q",
        "g?y#s" => "g?y#s" => "http://a.example/b/c/g?y#s",
        "%c3%a9t%C3%A9" => "%C3%A9t%C3%A9" => "http://a.example/b/c/%C3%A9t%C3%A9",
        "../../up" => "../../up" => "http://a.example/up",
        "?q=円" => "?q=%E5%86%86" => "http://a.example/b/c/d;p?q=%E5%86%86",
    ]
}

/// `IPvFuture` (RFC 3986 §3.2.2) is valid and kept, but WHATWG has no such host.
#[test]
fn ipvfuture_is_accepted() {
    let url = url!("http://[v1.fe80::a+en1]/");
    assert_eq!(url, "http://[v1.fe80::a+en1]/");
    assert_eq!(url.host(), Some("[v1.fe80::a+en1]"));
    assert!(url::Url::parse(url.as_str()).is_err());
}

#[test]
fn literals_are_kept_as_written_when_nothing_needs_encoding() {
    for (url, text) in absolute() {
        assert_eq!(url.as_str(), text);
    }
    for (url, written, text, _) in relative() {
        assert_eq!(url.as_str(), text, "{written}");
    }
}

/// One grammar: `url!` accepts exactly what `Url::parse` accepts, and keeps the same text.
#[test]
fn url_literal_is_what_url_parse_makes_of_the_text() {
    let relative = relative().map(|(url, written, _, _)| (url, written));
    for (url, text) in absolute().into_iter().chain(relative) {
        if text.is_ascii() {
            let parsed = Url::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(url.as_str(), parsed.as_str(), "{text}");
        }
        let parsed = Url::parse_iri(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(url, parsed, "{text}");
    }
}

#[test]
fn absolute_literals_read_back_through_the_url_crate() {
    for (url, text) in absolute() {
        let whatwg = url::Url::parse(url.as_str()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_same(&url, &whatwg);
    }
}

#[test]
fn relative_literals_resolve_through_the_url_crate() {
    let base = url::Url::parse(BASE).unwrap();
    for (url, text, _, resolved) in relative() {
        let joined = base
            .join(url.as_str())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(joined.as_str(), resolved, "{text}");
        assert_same(&Url::parse(resolved).unwrap(), &joined);
    }
}

/// Compares the components of `ours` and of the `url` crate's reading, as the module doc says.
fn assert_same(ours: &Url, whatwg: &url::Url) {
    let text = ours.as_str();
    let scheme = ours.scheme().unwrap();
    assert!(scheme.eq_ignore_ascii_case(whatwg.scheme()), "{text}");
    let special = ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s));

    let host = ours.host().filter(|h| !h.is_empty());
    match (host, whatwg.host_str()) {
        (Some(h), Some(w)) if h.starts_with('[') => {
            let addr = |s: &str| s[1..s.len() - 1].parse::<std::net::Ipv6Addr>().unwrap();
            assert_eq!(addr(h), addr(w), "{text}");
        }
        (Some(h), Some(w)) => assert!(h.eq_ignore_ascii_case(w), "{text}: {h} vs {w}"),
        (h, w) => assert_eq!(h, w, "{text}"),
    }
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    };
    assert_eq!(
        ours.port().or(default_port),
        whatwg.port_or_known_default(),
        "{text}"
    );

    let userinfo = ours.userinfo().unwrap_or("");
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    assert_eq!(
        whatwg_encoded(user, "userinfo"),
        whatwg.username(),
        "{text}"
    );
    assert_eq!(
        whatwg_encoded(password, "userinfo"),
        whatwg.password().unwrap_or(""),
        "{text}"
    );

    let path = match ours.path() {
        "" if special => "/",
        path => path,
    };
    assert_eq!(path, whatwg.path(), "{text}");
    let query = ours
        .query()
        .map(|q| whatwg_encoded(q, if special { "special-query" } else { "query" }));
    assert_eq!(query.as_deref(), whatwg.query(), "{text}");
    assert_eq!(ours.fragment(), whatwg.fragment(), "{text}");
}

/// `text` (valid RFC 3986) with the characters that the URL Standard's percent-encode set for
/// `set` holds and RFC 3986 allows raw percent-encoded, as WHATWG serializes them.
fn whatwg_encoded(text: &str, set: &str) -> String {
    let extra: &[char] = match set {
        // "special-query percent-encode set": the query set and U+0027 (').
        "special-query" => &['\''],
        // "userinfo percent-encode set": the path set and / : ; = @ [ \ ] ^ |.
        "userinfo" => &[';', '=', ':', '@'],
        _ => &[],
    };
    text.chars()
        .map(|c| {
            if extra.contains(&c) {
                format!("%{:02X}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[test]
fn iri_characters_are_pre_encoded_as_utf8_with_uppercase_hex() {
    assert_eq!(
        url!("https://example.com/café?q=ä"),
        "https://example.com/caf%C3%A9?q=%C3%A4"
    );
    // The seeds' vectors: RFC 3987 §3.1 and the examples every guide gives.
    assert_eq!(
        url!("https://example.com/?greeting=今日は"),
        "https://example.com/?greeting=%E4%BB%8A%E6%97%A5%E3%81%AF"
    );
    assert_eq!(url!("/£/円/Ä"), "/%C2%A3/%E5%86%86/%C3%84");
    // Written escapes are kept, lowercase hex uppercased (RFC 3986 §6.2.2.1).
    assert_eq!(url!("/%e2%82%ac/%2f/€"), "/%E2%82%AC/%2F/%E2%82%AC");
    // Escapes of the Rust literal are resolved first; raw strings work the same.
    assert_eq!(url!("/caf\u{e9}"), "/caf%C3%A9");
    assert_eq!(url!(r"https://example.com/é"), "https://example.com/%C3%A9");
    assert_eq!(url!(r#"/a?b=c"#), "/a?b=c");
    // Emoji (outside the BMP), userinfo and fragment are IRI text too; iprivate in the query.
    assert_eq!(
        url!("https://zoë@example.com/🦀#résumé"),
        "https://zo%C3%AB@example.com/%F0%9F%A6%80#r%C3%A9sum%C3%A9"
    );
    assert_eq!(url!("/?p=\u{e000}"), "/?p=%EE%80%80");
}

/// A literal forwarded by another macro arrives wrapped in an invisible group when the
/// fragment is `expr`; `url!` still sees the literal.
macro_rules! forwarded {
    ($e:expr) => {
        url!($e)
    };
}

#[test]
fn literals_forwarded_by_macro_rules() {
    assert_eq!(
        forwarded!("https://example.com/é"),
        "https://example.com/%C3%A9"
    );
    assert_eq!(literals!["/a"][0].0, "/a");
}

const API: Url = url!("https://api.example.com/v1/");
static CAFE: Url = url!("https://example.com/café");

#[test]
fn literals_are_constants() {
    const LOCAL: Url = url!("/local");
    assert_eq!(API.as_str(), "https://api.example.com/v1/");
    assert_eq!(CAFE.as_str(), "https://example.com/caf%C3%A9");
    assert_eq!(LOCAL.path(), "/local");
    // Built at compile time: the text is borrowed from the binary, never allocated.
    let copies = [API.clone(), API.clone()];
    assert!(core::ptr::eq(copies[0].as_str(), copies[1].as_str()));
    assert_eq!(API.host(), Some("api.example.com"));
}

/// The ASCII form the compile error suggests (the grammar `url!` and `Template::parse`
/// share) is the host the WHATWG parser gives.
#[test]
fn the_ascii_form_suggested_for_a_non_ascii_host_is_what_the_url_crate_uses() {
    for host in [
        "bücher.example",
        "münchen.de",
        "例え.テスト",
        "résumé.example.org",
        "ΒΌΛΟΣ.gr",
        "example\u{ff0e}com",
    ] {
        let err = urlkit::Template::parse(&format!("https://{host}/"))
            .unwrap_err()
            .to_string();
        let whatwg = url::Url::parse(&format!("https://{host}/")).unwrap();
        let ascii = whatwg.host_str().unwrap();
        assert!(
            err.contains(&format!("write its ASCII form `{ascii}`")),
            "{host}: {err}"
        );
    }
}

/// What `url!` runs at compile time (the template lexer, then the reference grammar in IRI
/// mode) must never panic, whatever the literal: a panicking proc macro is an unreadable
/// compile error. What it accepts must compile to printable ASCII that `Url::parse` keeps as
/// it is, and that the `url` crate can read when it is absolute.
mod never_panics {
    use proptest::prelude::*;
    use urlkit::Url;
    use urlkit_syntax::error::Errors;
    use urlkit_syntax::reference::{self, Options};
    use urlkit_syntax::{template, to_uri};

    fn literal() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just("http".to_string()),
            Just("https".to_string()),
            Just("www.".to_string()),
            Just("localhost".to_string()),
            Just("://".to_string()),
            Just("//".to_string()),
            Just("[::1]".to_string()),
            Just("%".to_string()),
            Just("%u".to_string()),
            Just("..".to_string()),
            Just("{x}".to_string()),
            "[a-z0-9]{1,3}",
            "[:/?#\\[\\]@!$&'()*+,;=%{}|^` \t.-]",
            "[0-9a-fA-F]{1,4}",
            any::<char>().prop_map(String::from),
            "[\u{80}-\u{3000}]",
        ];
        proptest::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn checking_a_literal_never_panics(text in literal()) {
            let mut errors = Errors::new();
            let expressions = template::lex(&text, &mut errors);
            reference::parse(&text, &expressions, Options { iri: true, joined: false }, &mut errors);
            let accepted = errors.is_empty();
            for error in errors.into_vec() {
                // Every error has a message, and its ranges are inside the text.
                prop_assert!(!error.to_string().is_empty());
                for at in core::iter::once(&error.at).chain(&error.again) {
                    prop_assert!(at.start <= at.end && at.end <= text.len(), "{at:?}");
                }
            }
            if let Ok(url) = Url::parse_iri(&text) {
                // A non-ASCII host is an error to the grammar, which `parse_iri` converts
                // (the `idna` feature is on in this crate); any other text is kept.
                if accepted {
                    let mut expected = String::new();
                    to_uri::push_uri(&text, &mut expected);
                    prop_assert_eq!(url.as_str(), expected.as_str());
                }
                prop_assert!(url.as_str().bytes().all(|b| (0x21..0x7f).contains(&b)));
                prop_assert_eq!(Url::parse(url.as_str()), Ok(url.clone()));
                let ipvfuture = url.host().is_some_and(|h| h.starts_with("[v") || h.starts_with("[V"));
                if url.scheme().is_some() && !ipvfuture {
                    prop_assert!(url::Url::parse(url.as_str()).is_ok(), "{}", url);
                }
            }
        }
    }
}

#[test]
fn an_empty_port_is_no_port() {
    // RFC 3986 §3.2.3 allows `:` with no digits; `port()` is `None`, as the URL Standard reads
    // it, and normalization drops the `:` (§6.2.3) for every scheme.
    let url = url!("https://example.com:/x");
    assert_eq!(url.port(), None);
    assert_eq!(url.authority(), Some("example.com:"));
    assert_eq!(url.normalize(), "https://example.com/x");
    assert_eq!(Url::parse("foo://h:/p").unwrap().normalize(), "foo://h/p");
    assert_eq!(Url::parse("//h:/p").unwrap().normalize(), "//h/p");
    // Without a host, a port is still refused (the URL Standard fails on it too).
    assert!(Url::parse("foo://:/p").is_err());
    assert!(Url::parse("file://h:/p").is_err());
}
