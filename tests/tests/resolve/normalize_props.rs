//! `Url::normalize` and `Url::eq_normalized` (RFC 3986 §6.2.2, §6.2.3): the RFC's examples,
//! the RFC's rules written out separately (`rfc3986::normalize`), iri-string's normalization,
//! and generated spellings of one URL that must all have one normal form.

use crate::rfc3986;

use iri_string::format::ToDedicatedString;
use iri_string::types::UriStr;
use proptest::prelude::*;
use urlkit::Url;

#[test]
fn examples() {
    for (text, normal) in [
        // §6.2.2.1, §6.2.2.2 (the dot segments of its example are refused by `Url::parse`).
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("eXAMPLE://a/b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"),
        // §6.2.3: all four are `http://example.com/` (`:` with an empty port is refused).
        ("http://example.com", "http://example.com/"),
        ("http://example.com:80/", "http://example.com/"),
        ("ws://h:080/x", "ws://h/x"),
        ("wss://h:8443", "wss://h:8443/"),
        ("http://h:0000", "http://h:0/"),
        ("https://[2001:DB8::1]:443", "https://[2001:db8::1]/"),
        ("HTTPS://U%41:p@H", "https://UA:p@h/"),
        // Other schemes: no default port, no `/` for an empty path.
        ("foo://H:80", "foo://h:80"),
        ("ftp://h:21", "ftp://h:21"),
        ("mailto:Joe@Example.COM", "mailto:Joe@Example.COM"),
        ("urn:ISBN:%30%2d%41", "urn:ISBN:0-A"),
        // Reserved characters and non-ASCII stay encoded; empty query and fragment stay.
        (
            "http://h/%2F%3A%C3%A9?%26=%3D#",
            "http://h/%2F%3A%C3%A9?%26=%3D#",
        ),
        ("http://h/?", "http://h/?"),
        // Relative references: their leading dot segments say where they start.
        ("../%7Ea?%41", "../~a?A"),
        ("./%61:b", "./a:b"),
        ("//H/x", "//h/x"),
        ("", ""),
        // Decoding would make a host typed without its scheme: the path keeps its triplets.
        ("%77ww.example.com/a?%41", "%77ww.example.com/a?A"),
    ] {
        let url = Url::parse(text).unwrap();
        assert_eq!(url.normalize(), normal, "{text}");
        assert!(url.eq_normalized(&Url::parse(normal).unwrap()), "{text}");
    }
    assert!(Url::parse("www.example.com/a").is_err());
    let a = Url::parse("http://h/a").unwrap();
    for different in [
        "http://h/A",
        "http://h/a/",
        "https://h/a",
        "http://h/a?",
        "http://h:81/a",
    ] {
        assert!(
            !a.eq_normalized(&Url::parse(different).unwrap()),
            "{different}"
        );
    }
}

fn pick(choices: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(choices).prop_map(str::to_owned)
}

/// URLs and relative references that `Url::parse` accepts, with what normalization rewrites:
/// case, triplets of unreserved and reserved characters, default and other ports, empty paths.
fn url() -> impl Strategy<Value = String> {
    let scheme = pick(&[
        "", "http:", "HTTPS:", "ws:", "Wss:", "foo:", "file:", "urn:",
    ]);
    let authority = prop::option::of(
        (
            pick(&["", "", "u@", "U%41:%7e@"]),
            pick(&["h", "Ex.COM", "[::A]", "[v1.X]", "127.0.0.1", ""]),
            pick(&["", "", ":80", ":443", ":0080", ":8080", ":0"]),
        )
            .prop_map(|(u, h, p)| format!("{u}{h}{p}")),
    );
    let segments = prop::collection::vec(
        pick(&[
            "a", "B", "", "%7E", "%7e%41", "%2F", "%C3%A9", "a.b", "x:y", "~",
        ]),
        0..4,
    );
    let leading = pick(&["", "", "./", "../", "%2E%2E/"]);
    let tail = || prop::option::of(pick(&["", "%41=%2f", "q", "%7E~"]));
    (
        scheme,
        authority,
        leading,
        any::<bool>(),
        segments,
        tail(),
        tail(),
    )
        .prop_filter_map(
            "Url::parse accepts it",
            |(scheme, authority, leading, rooted, segments, query, fragment)| {
                let mut text = scheme;
                if let Some(authority) = authority {
                    text.push_str("//");
                    text.push_str(&authority);
                } else if text.is_empty() {
                    text.push_str(&leading);
                }
                if rooted || (text.contains("//") && !segments.is_empty()) {
                    text.push('/');
                }
                text.push_str(&segments.join("/"));
                for (delimiter, part) in [('?', query), ('#', fragment)] {
                    if let Some(part) = part {
                        text.push(delimiter);
                        text.push_str(&part);
                    }
                }
                Url::parse(&text).ok().map(|_| text)
            },
        )
}

/// Another spelling of `text` with the same normal form, one choice per bit of `bits`: the
/// case of the scheme and the host flipped, unreserved characters written as triplets (in
/// either hex case), and for `http`, `https`, `ws`, `wss` the default port written (with
/// leading zeros) or a `/` path left empty.
fn respell(text: &str, bits: &[bool]) -> String {
    let mut bits = bits.iter().copied().cycle();
    let mut flip = || bits.next().unwrap_or(false);
    let mut c = rfc3986::split(text);
    let recase = |s: &str, flip: &mut dyn FnMut() -> bool| -> String {
        s.chars()
            .map(|ch| if flip() { swap_case(ch) } else { ch })
            .collect()
    };
    let encode = |s: &str, flip: &mut dyn FnMut() -> bool| -> String {
        let mut out = String::new();
        // The two hex digits after a `%` are part of a triplet, not characters to encode.
        let mut hex_left = 0;
        for ch in s.chars() {
            let unreserved = ch.is_ascii_alphanumeric() || "-._~".contains(ch);
            if ch == '%' {
                hex_left = 2;
                out.push(ch);
            } else if hex_left > 0 {
                hex_left -= 1;
                out.push(ch);
            } else if unreserved && flip() {
                let hex = format!("%{:02X}", u32::from(ch));
                out.push_str(&if flip() {
                    hex.to_ascii_lowercase()
                } else {
                    hex
                });
            } else {
                out.push(ch);
            }
        }
        out
    };
    let default_port = match c.scheme.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("http" | "ws") => Some("80"),
        Some("https" | "wss") => Some("443"),
        _ => None,
    };
    c.scheme = c.scheme.as_deref().map(|s| recase(s, &mut flip));
    if let Some(authority) = c.authority.take() {
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority.as_str()),
        };
        let mut respelled = String::new();
        if let Some(userinfo) = userinfo {
            respelled.push_str(&encode(userinfo, &mut flip));
            respelled.push('@');
        }
        let has_port = host_port
            .rfind(':')
            .is_some_and(|i| !host_port[i..].contains(']'));
        respelled.push_str(&recase(host_port, &mut flip));
        if let Some(default) = default_port
            && !has_port
            && flip()
        {
            respelled.push_str(if flip() { ":" } else { ":00" });
            respelled.push_str(default);
        }
        c.authority = Some(respelled);
        if default_port.is_some() && c.path == "/" && flip() {
            c.path.clear();
        }
    }
    c.path = encode(&c.path, &mut flip);
    c.query = c.query.as_deref().map(|q| encode(q, &mut flip));
    c.fragment = c.fragment.as_deref().map(|f| encode(f, &mut flip));
    rfc3986::recompose(&c)
}

/// The index of the first ASCII letter of `path` that is not in a triplet.
fn plain_letter(path: &str) -> Option<usize> {
    let bytes = path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            i += 3;
        } else if bytes[i].is_ascii_alphabetic() {
            return Some(i);
        } else {
            i += 1;
        }
    }
    None
}

fn swap_case(ch: char) -> char {
    if ch.is_ascii_lowercase() {
        ch.to_ascii_uppercase()
    } else {
        ch.to_ascii_lowercase()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// The normal form is a `Url` (`Url::parse` gives it back), normalizing it again changes
    /// nothing, and it is what the RFC's rules give, written out separately.
    #[test]
    fn normal_form_is_the_rfcs(text in url()) {
        let url = Url::parse(&text).unwrap();
        let normal = url.normalize();
        prop_assert_eq!(Url::parse(normal.as_str()), Ok(normal.clone()));
        prop_assert_eq!(normal.normalize(), normal.clone());
        prop_assert!(url.eq_normalized(&normal));
        let expected = rfc3986::normalize(url.as_str());
        if Url::parse(&expected).is_ok() {
            prop_assert_eq!(normal.as_str(), expected);
        } else {
            // The one exception the docs state: a path that would read as a host typed
            // without its scheme keeps its triplets.
            prop_assert_eq!(normal.path(), url.path());
        }
    }

    /// iri-string normalizes absolute URIs by §6.2.2 too; for schemes without §6.2.3 rules
    /// here, the normal forms are the same.
    #[test]
    fn normal_form_is_iri_strings(text in url().prop_filter("a scheme without §6.2.3 rules", |t| {
        let scheme = Url::parse(t).unwrap().scheme().map(str::to_ascii_lowercase);
        matches!(scheme.as_deref(), Some("foo" | "file" | "urn"))
    })) {
        let url = Url::parse(&text).unwrap();
        let theirs = UriStr::new(url.as_str()).unwrap().normalize().to_dedicated_string();
        prop_assert_eq!(url.normalize(), theirs.as_str());
    }

    /// Every spelling of a URL has its normal form; changing the case of a path letter (which
    /// is not a triplet's hex) makes another URL.
    #[test]
    fn spellings_of_one_url_are_equivalent(text in url(), bits in prop::collection::vec(any::<bool>(), 1..64)) {
        let url = Url::parse(&text).unwrap();
        let respelled = respell(&text, &bits);
        let other = Url::parse(&respelled).unwrap();
        prop_assert!(url.eq_normalized(&other), "{} and {}", url, other);
        prop_assert_eq!(url.normalize(), other.normalize());
        let mut c = rfc3986::split(url.as_str());
        if let Some(i) = plain_letter(&c.path) {
            let ch = char::from(c.path.as_bytes()[i]);
            c.path.replace_range(i..=i, &swap_case(ch).to_string());
            let changed = Url::parse(&rfc3986::recompose(&c)).unwrap();
            prop_assert!(!url.eq_normalized(&changed), "{} and {}", url, changed);
        }
    }
}
