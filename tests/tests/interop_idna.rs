//! Feature `idna`: non-ASCII hosts through UTS #46, against the WPT files that browsers run
//! (`IdnaTestV2.json`, `toascii.json`): each input is the host of `https://{input}/x`, and
//! the expected output is the host the URL Standard gives, or `null` for a URL it refuses.
//!
//! Two ways in are checked on every case: `Url::parse_iri` of that URL, and a `{host}` value
//! of the template `https://{host}/x`. Both are stricter than the URL Standard in one
//! respect, documented and counted here: the converted host must also be one RFC 3986
//! allows (`Url::parse_iri`: a registered name), or, for a value, a host name of letters,
//! digits and `-` in non-empty labels (as for an ASCII value). No case is skipped.

mod common;

use std::collections::BTreeMap;

use urlkit::{ExpandErrorKind, Template, Url, url};

/// Written in place of a lone UTF-16 surrogate escape, which no Rust string can hold.
const LONE_SURROGATE: &str = "<lone surrogate>";

/// The WPT cases of `name`: (input, expected host or `None` for a failure), and how many
/// were left out because their input holds a lone surrogate (JavaScript strings can; a Rust
/// `&str`, and so a URL given to urlkit, cannot).
fn cases(name: &str) -> (Vec<(String, Option<String>)>, usize) {
    let text = std::fs::read_to_string(common::data_path(name)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&without_lone_surrogates(&text)).unwrap();
    let mut lone = 0;
    let mut cases = Vec::new();
    for case in json.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap().to_owned();
        if input.contains(LONE_SURROGATE) {
            lone += 1;
            continue;
        }
        cases.push((input, case["output"].as_str().map(str::to_owned)));
    }
    (cases, lone)
}

/// `text` with each `\uXXXX` escape of a surrogate that is not half of a pair replaced by
/// [`LONE_SURROGATE`].
fn without_lone_surrogates(text: &str) -> String {
    let unit = |at: usize| -> Option<u16> {
        let hex = text.get(at..at + 6)?.strip_prefix("\\u")?;
        u16::from_str_radix(hex, 16).ok()
    };
    let (mut out, mut i) = (String::with_capacity(text.len()), 0);
    while i < text.len() {
        let escaped = text[..i].chars().rev().take_while(|&c| c == '\\').count() % 2 == 1;
        match unit(i).filter(|_| !escaped) {
            Some(0xD800..=0xDBFF) if matches!(unit(i + 6), Some(0xDC00..=0xDFFF)) => {
                out.push_str(&text[i..i + 12]);
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str(LONE_SURROGATE);
                i += 6;
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// A host name as a host value must be: labels of ASCII letters, digits and `-`, separated by
/// `.`, with one optional final `.`; if the last label is a number, a dotted-decimal IPv4
/// address (written here apart from urlkit's own check).
fn is_ldh_host(host: &str) -> bool {
    let labels = host.strip_suffix('.').unwrap_or(host);
    let ldh = labels
        .split('.')
        .all(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
    let last = labels.rsplit('.').next().unwrap_or("");
    let numeric = last.bytes().all(|b| b.is_ascii_digit())
        || last
            .strip_prefix("0x")
            .or_else(|| last.strip_prefix("0X"))
            .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
    ldh && (!numeric || host.parse::<std::net::Ipv4Addr>().is_ok())
}

/// Inputs where the `idna` crate (the UTS #46 implementation the `url` crate uses, and ours)
/// disagrees with the WPT file: it accepts this one, whose first label is a code point
/// unassigned in the Unicode versions we know of (U+3E8AC), where the file expects a
/// failure (written twice: the last label precomposed and as conjoining jamo). Checked to
/// still disagree, so that a fixed crate is noticed; not run otherwise.
const IDNA_CRATE_DIFFERS: &[&str] = &[
    "\u{3e8ac}\u{3002}\u{729}\u{3002}\u{cbd9}5",
    "\u{3e8ac}\u{3002}\u{729}\u{3002}\u{110d}\u{1173}\u{11ac}5",
];

#[derive(Debug, Default)]
struct Tally {
    converted: usize,
    refused_as_wpt: usize,
    refused_as_url_crate: usize,
    stricter: Vec<String>,
    differs: usize,
}

fn run(name: &str) -> (Tally, Tally, usize) {
    let template = Template::parse("https://{host}/x").unwrap();
    let (mut iri, mut value) = (Tally::default(), Tally::default());
    let (cases, lone) = cases(name);
    for (input, expected) in cases {
        if IDNA_CRATE_DIFFERS.contains(&input.as_str()) {
            let theirs = idna::domain_to_ascii_cow(input.as_bytes(), idna::AsciiDenyList::URL);
            assert_ne!(
                theirs.ok().map(std::borrow::Cow::into_owned),
                expected,
                "{input:?}"
            );
            iri.differs += 1;
            value.differs += 1;
            continue;
        }
        let parsed = Url::parse_iri(&format!("https://{input}/x"));
        let built = template.expand(&BTreeMap::from([("host", input.as_str())]));
        let Some(expected) = expected else {
            assert!(
                parsed.is_err(),
                "{input:?}: the URL Standard refuses it, parse_iri gave {parsed:?}"
            );
            assert_eq!(
                built.as_ref().map_err(urlkit::ExpandError::kind),
                Err(&ExpandErrorKind::InvalidHost),
                "{input:?}: the URL Standard refuses it"
            );
            iri.refused_as_wpt += 1;
            value.refused_as_wpt += 1;
            continue;
        };
        // An `xn--` label that is not valid punycode (`xn--a`): this file keeps it, the `url`
        // crate refuses it, and so does urlkit (a literal or a value with such a label is
        // refused: an `xn--` label must decode as RFC 3492 Punycode).
        if url::Url::parse(&format!("https://{expected}/x")).is_err()
            && parsed.is_err()
            && built.as_ref().map_err(urlkit::ExpandError::kind)
                == Err(&ExpandErrorKind::InvalidHost)
        {
            iri.refused_as_url_crate += 1;
            value.refused_as_url_crate += 1;
            continue;
        }
        // An ASCII host is kept as written (hosts are case-insensitive, RFC 3986 §3.2.2).
        let host_of = |url: &Url| url.host().unwrap().to_ascii_lowercase();
        if Url::parse(&format!("https://{expected}/x")).is_ok() {
            let url = parsed.unwrap_or_else(|e| panic!("{input:?}: expected {expected}, got {e}"));
            assert_eq!(host_of(&url), expected, "{input:?}");
            iri.converted += 1;
        } else {
            assert!(
                parsed.is_err(),
                "{input:?}: {expected} is not an RFC 3986 host"
            );
            iri.stricter.push(expected.clone());
        }
        if is_ldh_host(&expected) {
            let url = built.unwrap_or_else(|e| panic!("{input:?}: expected {expected}, got {e}"));
            assert_eq!(host_of(&url), expected, "{input:?}");
            value.converted += 1;
        } else {
            assert_eq!(
                built.map_err(|e| *e.kind()),
                Err(ExpandErrorKind::InvalidHost),
                "{input:?}"
            );
            value.stricter.push(expected);
        }
    }
    (iri, value, lone)
}

/// `IdnaTestV2.json`: 2,671 cases; 2 hold a lone surrogate and 2 are where the `idna` crate
/// differs (see [`IDNA_CRATE_DIFFERS`]). Of the 2,667 others, every failure the file expects
/// is a failure both ways in. 103 expected hosts hold an `xn--` label that is not valid
/// punycode, which this file keeps and the `url` crate and urlkit refuse. `Url::parse_iri`
/// gives the expected host for all the others but one, whose host maps to nothing (an
/// `https` URL with an empty host, which RFC 3986 refuses). A host value gives it for
/// 1,320; the other 131 expected hosts have an empty label or a character other than a
/// letter, digit or `-` (`$`, `(4)`, `3,`), which a host value never may.
#[test]
fn idna_test_v2() {
    let (iri, value, lone) = run("wpt-url__IdnaTestV2.json");
    assert_eq!((lone, iri.differs), (2, 2));
    assert_eq!(
        (
            iri.converted,
            iri.refused_as_wpt,
            iri.refused_as_url_crate,
            iri.stricter.as_slice()
        ),
        (1450, 1113, 103, &[String::new()][..])
    );
    assert_eq!(
        (
            value.converted,
            value.refused_as_wpt,
            value.refused_as_url_crate,
            value.stricter.len()
        ),
        (1320, 1113, 103, 131)
    );
}

/// `toascii.json`: 87 cases, none left out. `Url::parse_iri` agrees on all but the 5 whose
/// expected host has an `xn--` label that is not valid punycode (`xn--a`), which the `url`
/// crate refuses too; a host value on the same, and all but 2 others, whose expected hosts
/// have an empty label.
#[test]
fn toascii() {
    let (iri, value, lone) = run("wpt-url__toascii.json");
    assert_eq!((lone, iri.differs), (0, 0));
    assert_eq!(
        (
            iri.converted,
            iri.refused_as_wpt,
            iri.refused_as_url_crate,
            iri.stricter.len()
        ),
        (63, 19, 5, 0)
    );
    assert_eq!(
        (
            value.converted,
            value.refused_as_wpt,
            value.refused_as_url_crate
        ),
        (61, 19, 5)
    );
    assert_eq!(value.stricter, ["x..xn--zca", "x..xn--zca"]);
}

#[test]
fn host_values_and_labels() -> Result<(), urlkit::ExpandError> {
    let host = "Bücher.example";
    assert_eq!(url!("https://{host}/")?, "https://xn--bcher-kva.example/");
    // Part of a host: converted with the whole host when the URL is finished.
    let shop = "bücher";
    assert_eq!(
        url!("https://{shop}.example.com/")?,
        "https://xn--bcher-kva.example.com/"
    );
    let labels = ["straße", "de"];
    assert_eq!(
        url!("https://www{.labels*}/")?,
        "https://www.xn--strae-oqa.de/"
    );
    // A label value cannot add a label, even through an IDNA dot.
    let sneaky = "a\u{3002}evil";
    assert_eq!(
        url!("https://{sneaky}.example.com/").unwrap_err().kind(),
        &ExpandErrorKind::InvalidHost
    );
    // A fullwidth `/` maps to `/`, which no host holds.
    let slash = "example.com\u{ff0f}evil.com";
    assert_eq!(
        url!("https://{slash}/").unwrap_err().kind(),
        &ExpandErrorKind::InvalidHost
    );
    // Fullwidth digits make an IPv4 address, as in browsers.
    let ip = "\u{ff11}\u{ff12}\u{ff17}.0.0.1";
    assert_eq!(url!("https://{ip}/")?, "https://127.0.0.1/");
    // ASCII values are checked, not rewritten, as without the feature.
    let ascii = "Example.COM";
    assert_eq!(url!("https://{ascii}/")?, "https://Example.COM/");
    Ok(())
}

#[test]
fn parse_iri_converts_only_a_non_ascii_host() {
    let url = Url::parse_iri("https://Bücher.example/café?q=ä").unwrap();
    assert_eq!(url, "https://xn--bcher-kva.example/caf%C3%A9?q=%C3%A4");
    // `Url::parse` takes no IRI, with or without the feature.
    assert!(Url::parse("https://bücher.example/").is_err());
    // ASCII hosts as written.
    assert_eq!(
        Url::parse_iri("https://EXAMPLE.com/é").unwrap(),
        "https://EXAMPLE.com/%C3%A9"
    );
    // The dot variants are dots.
    assert_eq!(
        Url::parse_iri("https://example\u{ff0e}com/").unwrap(),
        "https://example.com/"
    );
    // What UTS #46 refuses, with the host named.
    let err = Url::parse_iri("https://a\u{200d}b.example/").unwrap_err();
    assert_eq!(err.span(), 8..21);
    assert!(
        err.to_string()
            .starts_with("host `a\u{200d}b.example` is not a valid international domain name"),
        "{err}"
    );
    // Errors before the host come first, errors after it keep their place.
    assert_eq!(
        Url::parse_iri("ht^tp://bücher.example/")
            .unwrap_err()
            .offset(),
        0
    );
    let err = Url::parse_iri("https://bücher.example/a b").unwrap_err();
    assert_eq!(err.offset(), "https://bücher.example/a".len());
    // A percent-escape in the host is the grammar's error, not IDNA's.
    let err = Url::parse_iri("https://b%C3%BCcher.ex\u{e4}mple/").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("percent-escape `%C3` in the URL host"),
        "{err}"
    );
}

/// UTS #46 is the URL Standard's for the hosts of special schemes only ("host parsing" with
/// `isOpaque` false); any other scheme's host is opaque to it, kept as percent-encoded
/// UTF-8, which urlkit does not hold in a host: refused, as without the feature, rather than
/// converted into another host. The oracle is the `url` crate: whatever `parse_iri` gives
/// has the host the `url` crate reads in the IRI itself.
#[test]
fn parse_iri_converts_the_hosts_of_special_schemes_only() {
    let hosts = [
        "bücher.example",
        "éx",
        "Bücher.example",
        "a.ü",
        "example\u{ff0e}com",
    ];
    let schemes = [
        "http", "https", "ws", "wss", "ftp", "file", "HTTPS", "foo", "ssh", "git+ssh", "sc",
    ];
    let mut converted = 0;
    for scheme in schemes {
        for host in hosts {
            let iri = format!("{scheme}://{host}/p");
            let special = urlkit_syntax::scheme::is_special(scheme);
            match Url::parse_iri(&iri) {
                Ok(ours) => {
                    assert!(
                        special,
                        "{iri}: converted to {ours} under a non-special scheme"
                    );
                    let theirs = url::Url::parse(&iri).unwrap();
                    let back = url::Url::parse(ours.as_str()).unwrap();
                    assert_eq!(back.host_str(), theirs.host_str(), "{iri} -> {ours}");
                    converted += 1;
                }
                Err(err) => {
                    assert!(!special, "{iri}: {err}");
                    // As without the feature: the grammar's error about the host.
                    assert_eq!(err.kind(), &urlkit::ParseErrorKind::InvalidHost, "{iri}");
                    let host_at = scheme.len() + 3..scheme.len() + 3 + host.len();
                    assert!(host_at.contains(&err.offset()), "{iri}: {err}");
                }
            }
        }
    }
    assert_eq!(converted, 7 * hosts.len());
    // The opaque host the `url` crate reads is not the IDNA form the feature would make.
    let opaque = url::Url::parse("foo://éx/").unwrap();
    assert_eq!(opaque.host_str(), Some("%C3%A9x"));
    // A relative reference's host is either kind, by its base: refused too.
    assert!(Url::parse_iri("//bücher.example/p").is_err());
}
