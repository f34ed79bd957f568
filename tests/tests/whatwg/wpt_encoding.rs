//! The WPT percent-encoding and `application/x-www-form-urlencoded` parser suites
//! (`wpt-url__percent-encoding.json`, `wpt-url__urlencoded-parser-data.json`).

use crate::common;

use std::borrow::Cow;
use std::fmt::Write as _;

use urlkit::{decode, encode};

/// RFC 3986 §2.3 `unreserved`, written out here as the test's own oracle.
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~".contains(&b)
}

/// Percent-encodes the raw ASCII that is not unreserved, leaving triplets and non-ASCII as
/// they are.
fn escape_raw_ascii(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let triplet = b == b'%'
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        if triplet {
            out.push_str(&text[i..i + 3]);
            i += 3;
            continue;
        }
        let c = text[i..].chars().next().unwrap();
        if c.is_ascii() && !unreserved(b) {
            write!(out, "%{b:02X}").unwrap();
        } else {
            out.push(c);
        }
        i += c.len_utf8();
    }
    out
}

/// The UTF-8 column of `percent-encoding.json`. WPT's expectation is what the URL parser
/// writes in a query, whose percent-encode set leaves ASCII punctuation such as `\` and `|`
/// raw (URL Standard, "query percent-encode set"). `encode::component` encodes everything but
/// unreserved characters, so it equals the expectation with that raw punctuation encoded too;
/// the non-ASCII bytes must match exactly. Decoding the expectation gives back the input.
#[test]
fn percent_encoding_utf8_column() {
    let data = common::testdata("wpt-url__percent-encoding.json");
    let mut n = 0;
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let expected = case["output"]["utf-8"].as_str().unwrap();
        assert_eq!(decode::component(expected).unwrap(), input, "{expected}");
        assert_eq!(
            encode::component(input),
            escape_raw_ascii(expected),
            "{input:?}"
        );
        n += 1;
    }
    assert_eq!(n, 7, "PROVENANCE.md counts 7 cases");
    // The oracle itself, on the two rows that need it.
    assert_eq!(escape_raw_ascii("%E2%80%BE\\"), "%E2%80%BE%5C");
    assert_eq!(escape_raw_ascii("%C3%A1|"), "%C3%A1%7C");
}

type Pairs = Vec<(String, String)>;

fn owned<'a>(pairs: impl Iterator<Item = (Cow<'a, str>, Cow<'a, str>)>) -> Pairs {
    pairs
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

/// Every case through `decode::form_pairs_lossy`, which must behave exactly like the WHATWG
/// `application/x-www-form-urlencoded` parser. The strict `decode::form_pairs` must give the
/// same pairs whenever it succeeds, and fail exactly when the lossy decoder had to keep a bad
/// `%` or substitute U+FFFD.
#[test]
fn urlencoded_parser_data_through_the_lossy_form_decoder() {
    let data = common::testdata("wpt-url__urlencoded-parser-data.json");
    let (mut n, mut strict_ok) = (0, 0);
    for case in data.as_array().unwrap() {
        let input = case["input"].as_str().unwrap();
        let expected: Pairs = case["output"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                let s = |i: usize| pair[i].as_str().unwrap().to_owned();
                (s(0), s(1))
            })
            .collect();
        assert_eq!(owned(decode::form_pairs_lossy(input)), expected, "{input}");
        match decode::form_pairs(input).collect::<Result<Vec<_>, _>>() {
            Ok(pairs) => {
                strict_ok += 1;
                assert_eq!(owned(pairs.into_iter()), expected, "{input}");
            }
            Err(err) => {
                let lossy_kept = expected.iter().any(|(k, v)| {
                    let mangled = |s: &str| s.contains('\u{FFFD}') || s.contains('%');
                    mangled(k) || mangled(v)
                });
                assert!(lossy_kept, "{input}: strict failed with {err}");
            }
        }
        n += 1;
    }
    assert_eq!(n, 35, "PROVENANCE.md counts 35 cases");
    assert_eq!(strict_ok, 23, "cases the strict decoder accepts");
}
