//! `Url::parse_lenient` and `Url::resolve_lenient` against the `url` crate (a WHATWG parser
//! that shares no code with urlkit) on generated input: URL-shaped text assembled from the
//! pieces that make WHATWG parsers differ from RFC 3986 (case, `\`, missing and extra slashes,
//! tabs and spaces, every IPv4 spelling, IPv6, IDNA, percent-escapes, dot segments, drive
//! letters, empty ports), and arbitrary strings.
//!
//! Where the `url` crate reads a URL, urlkit must read the same one (component by component,
//! decoded), or refuse it as `Unrepresentable`; where it refuses, urlkit refuses. Besides, on
//! every output: `Url::parse` accepts it; every repair lies on character boundaries of the
//! input; no repair means no change; and (without a base) only normalizations means that
//! `Url::parse` accepts the input.

use crate::lenient;

use lenient::decoded_parts;
use proptest::prelude::*;
use urlkit::{LenientErrorKind, Url};

fn one_of(items: &'static [&'static str]) -> impl Strategy<Value = String> {
    proptest::sample::select(items).prop_map(str::to_owned)
}

fn scheme() -> impl Strategy<Value = String> {
    one_of(&[
        "http:",
        "HTTP:",
        "https:",
        "ws:",
        "wss:",
        "ftp:",
        "sc:",
        "Foo+bar.1:",
        "mailto:",
        "data:",
        "javascript:",
        "h\ttp:",
        " https:",
        "",
    ])
}

fn slashes() -> impl Strategy<Value = String> {
    one_of(&["//", "//", "//", "/", "", "\\\\", "///", "/\\", "\\/"])
}

fn userinfo() -> impl Strategy<Value = String> {
    one_of(&[
        "",
        "",
        "",
        "user@",
        "user:pass@",
        ":@",
        "@",
        ":pw@",
        "u:p:q@",
        "a@b@",
        "u;x=y@",
        "us er@",
        "%41@",
    ])
}

fn host() -> impl Strategy<Value = String> {
    one_of(&[
        "example.com",
        "Example.COM",
        "example.com.",
        "a-b_c.example",
        "0x7f.1",
        "127.1",
        "2130706433",
        "0177.0.0.1",
        "1.2.3.4.5",
        "1.2.3.256",
        "09.1",
        "0x",
        "[::1]",
        "[0:0::1]",
        "[1::2:3:4:5:6:7:8]",
        "[::ffff:1.2.3.4]",
        "[::1",
        "[v1.x]",
        "xn--bcher-kva.example",
        "bücher.example",
        "faß.de",
        "%65xample.com",
        "%C3%BC.example",
        "%zz.com",
        "a b",
        "a^b",
        "a{b}",
        "localhost",
        "LOCALHOST",
        "",
        "C:",
        "c|",
    ])
}

fn port() -> impl Strategy<Value = String> {
    one_of(&[
        "", "", "", ":", ":80", ":443", ":0080", ":8080", ":65535", ":65536", ":8a", ":21",
    ])
}

fn segment() -> impl Strategy<Value = String> {
    one_of(&[
        "a", "b", "..", ".", "%2e", ".%2E", "%2e%2e", "a b", "|", "[x]", "^", "{}", "`", "%",
        "%zz", "%2f", "é", "C|", "C:", "", "a\tb", "\"", "<>", "'", ";p=1", "@", ":", "~",
    ])
}

fn path() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(segment(), 0..5),
        proptest::collection::vec(one_of(&["/", "/", "/", "\\"]), 5),
    )
        .prop_map(|(segments, separators)| {
            let mut out = String::new();
            for (segment, separator) in segments.iter().zip(separators) {
                out.push_str(&separator);
                out.push_str(segment);
            }
            out
        })
}

fn text_part() -> impl Strategy<Value = String> {
    "[a-z0-9 '\"<>`{}|\\\\^#?/%=&;:@\\[\\]é\t]{0,8}"
}

fn query() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        text_part().prop_map(|q| format!("?{q}"))
    ]
}

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        text_part().prop_map(|f| format!("#{f}"))
    ]
}

/// URL-shaped text.
fn url_text() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (scheme(), slashes(), userinfo(), host(), port(), path(), query(), fragment())
            .prop_map(|(s, sl, u, h, p, pa, q, f)| format!("{s}{sl}{u}{h}{p}{pa}{q}{f}")),
        2 => (scheme(), path(), query(), fragment())
            .prop_map(|(s, pa, q, f)| format!("{s}{}{q}{f}", pa.trim_start_matches('/'))),
        1 => "[ -~é\t\n]{0,16}",
        1 => any::<String>(),
    ]
}

/// The pages references are resolved against.
fn base() -> impl Strategy<Value = Option<&'static str>> {
    proptest::option::of(proptest::sample::select(
        &[
            "http://example.com/a/b?q#f",
            "https://user:pw@h:8443/dir/file.html",
            "https://h",
            "sc://h/p/q",
            "sc:/p/q",
            "sc:opaque",
            "mailto:x@example.com",
            "ftp://h/",
        ][..],
    ))
}

/// Whether the `url` crate's reading of `text` is one it is known to get otherwise than the
/// URL Standard (see `lenient_wpt.rs`, `URL_CRATE_LAGS`): `file` URLs, `xn--` labels, `\` in
/// non-special URLs (a delimiter to it, text to the URL Standard); and a segment that
/// is a drive letter (`C|`, `C:`) in any URL, which it keeps where the URL Standard's `..`
/// removes it (only a `file` URL's lone drive letter stays); and userinfo with no host
/// after its `@` in a non-special URL, which it reads as an empty host where the URL Standard
/// fails ("host-missing"); and a reference starting with three slashes against a special
/// base, which it refuses where the URL Standard skips the slashes.
fn url_crate_may_lag(text: &str, base: Option<&str>) -> bool {
    let three_slashes = text
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .take(3)
        .filter(|c| matches!(c, '/' | '\\'))
        .count()
        == 3;
    let lower = text.to_ascii_lowercase();
    let host_missing = lower.match_indices('@').any(|(at, _)| {
        matches!(
            lower.as_bytes().get(at + 1),
            None | Some(b'/' | b'?' | b'#' | b'\\')
        )
    });
    // `c|` or `c:` starting a segment (after `/`, `\`, the scheme's `:`, or at the start).
    let drive_letter = ["c|", "c:"].iter().any(|d| {
        lower.match_indices(d).any(|(at, _)| {
            at == 0 || matches!(lower.as_bytes()[at - 1], b'/' | b'\\' | b':' | b' ')
        })
    });
    drive_letter
        || host_missing
        || three_slashes
        || scheme_of(text, base) == "file"
        || lower.contains("xn--")
        || (lower.contains('\\') && !is_special(text, base))
}

/// The scheme of `text` (against `base`): its own, or else the base's; lowercase.
fn scheme_of(text: &str, base: Option<&str>) -> String {
    let cleaned: String = text
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    cleaned
        .split_once(':')
        .map(|(s, _)| s)
        .filter(|s| {
            s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        })
        .or_else(|| base.and_then(|b| b.split_once(':')).map(|(s, _)| s))
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// Whether `text` (against `base`) is a special URL.
fn is_special(text: &str, base: Option<&str>) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"].contains(&scheme_of(text, base).as_str())
}

fn check(input: &str, base: Option<&str>) -> Result<(), TestCaseError> {
    let base_url = base.map(|b| Url::parse(b).unwrap());
    let ours = match &base_url {
        None => Url::parse_lenient(input),
        Some(base) => base.resolve_lenient(input),
    };
    if let Some(base) = &base_url {
        // A base kept for many references resolves as a fresh one does.
        let kept = base.lenient_base().unwrap();
        prop_assert_eq!(&kept.resolve("x").ok(), &base.resolve_lenient("x").ok());
        prop_assert_eq!(&kept.resolve(input), &ours);
    }
    let theirs = match base {
        None => url::Url::parse(input),
        Some(base) => url::Url::parse(base).unwrap().join(input),
    };
    let lag = url_crate_may_lag(input, base) || base.is_some_and(|b| url_crate_may_lag(b, None));
    match (&ours, &theirs) {
        (Ok(read), Ok(theirs)) => {
            let out = read.url().as_str();
            let reread = url::Url::parse(out);
            if !lag {
                prop_assert_eq!(
                    reread.as_ref().map(decoded_parts).ok(),
                    Some(decoded_parts(theirs)),
                    "{:?} against {:?}: ours {}, theirs {}",
                    input,
                    base,
                    out,
                    theirs
                );
            }
        }
        (Err(e), Ok(theirs)) => {
            prop_assert!(
                lag || matches!(e.kind(), LenientErrorKind::Unrepresentable(_)),
                "{input:?} against {base:?}: refused ({e}), the url crate reads {theirs}"
            );
        }
        (Ok(read), Err(e)) => {
            prop_assert!(
                lag,
                "{input:?} against {base:?}: read as {}, the url crate refuses it ({e})",
                read.url()
            );
        }
        (Err(_), Err(_)) => {}
    }
    let Ok(read) = ours else {
        return Ok(());
    };
    let out = read.url().as_str();
    let strict = Url::parse(out);
    prop_assert_eq!(strict.as_ref(), Ok(read.url()), "{:?}", input);
    // The output is the URL Standard's form already: read again, nothing changes.
    let again = Url::parse_lenient(out);
    prop_assert_eq!(
        again.as_ref().map(|r| (r.url(), r.repairs().len())),
        Ok((read.url(), 0)),
        "{:?}",
        input
    );
    for repair in read.repairs() {
        let at = repair.at();
        prop_assert!(
            at.end <= input.len()
                && input.is_char_boundary(at.start)
                && input.is_char_boundary(at.end),
            "{input:?}: repair {repair:?} is not on character boundaries"
        );
    }
    if base.is_none() {
        if read.repairs().is_empty() {
            prop_assert_eq!(out, input, "changed with nothing reported");
        }
        prop_assert_eq!(
            read.is_rfc3986_valid_as_given(),
            Url::parse(input).is_ok(),
            "{:?}: repairs {:?}",
            input,
            read.repairs()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn reads_what_the_url_crate_reads(input in url_text(), base in base()) {
        check(&input, base)?;
    }
}

#[test]
fn the_issue_s_hrefs() {
    // The hrefs a link checker met, against an `https` page; each one read as browsers do.
    let page = Url::parse("https://example.com/docs/page.html").unwrap();
    let base = page.lenient_base().unwrap();
    for (href, expected) in [
        ("a file.html", "https://example.com/docs/a%20file.html"),
        ("#a#b", "https://example.com/docs/page.html#a%23b"),
        ("?ids[]=1", "https://example.com/docs/page.html?ids%5B%5D=1"),
        ("..\\up.html", "https://example.com/up.html"),
        ("100%.html", "https://example.com/docs/100%25.html"),
        (
            "x?q=|{}^`\"",
            "https://example.com/docs/x?q=%7C%7B%7D%5E%60%22",
        ),
        ("https://exam\nple.com/", "https://example.com/"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http:other.html", "http://other.html/"),
        ("https://example.com:/x", "https://example.com/x"),
        (
            "data:image/svg+xml,<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E",
        ),
    ] {
        let read = page.resolve_lenient(href).unwrap();
        assert_eq!(read.url(), expected, "{href}");
        assert_eq!(base.resolve(href), Ok(read), "{href}");
        check(href, Some(page.as_str())).unwrap();
    }
}

#[test]
fn a_reference_that_starts_with_a_multibyte_character() {
    // The Windows drive letter test of the "file state" looked at the reference's first two
    // bytes as text, which split `中` (found by replaying the WPT inputs against a `file`
    // base in `fuzz_corpora.rs`).
    let base = Url::parse("file:///C:/a/b").unwrap();
    assert_eq!(
        base.resolve_lenient("中/test.txt").unwrap().url(),
        "file:///C:/a/%E4%B8%AD/test.txt"
    );
    check("中/test.txt", Some("file:///C:/a/b")).unwrap();
}
