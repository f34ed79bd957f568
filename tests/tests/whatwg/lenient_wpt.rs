//! `Url::parse_lenient` and `Url::resolve_lenient` against every case of WPT
//! `urltestdata.json`, the URL Standard's own tests.
//!
//! For a case the URL Standard accepts, the output must be the WPT components in urlkit's
//! RFC 3986 spelling (`lenient::rfc_spelling`, the documented table, written from RFC 3986's
//! ABNF), `Url::parse` must accept it, and the `url` crate must read input and output as the
//! same URL, component by component after decoding. For a case it refuses, urlkit refuses.
//! The exceptions are listed: the URLs no RFC 3986 text spells (refused as
//! `Unrepresentable`), and the cases where the `url` crate lags the WPT data.

use crate::common;
use crate::lenient;

use std::fmt::Write as _;

use lenient::{Part, decoded_parts, rfc_spelling, split};
use serde_json::Value;
use urlkit::{LenientErrorKind, Url};

/// The URL the WPT case expects, in urlkit's spelling: `[scheme, username, password, host,
/// port, path, query, fragment]`, the query and fragment with their `?` and `#` as WPT's
/// `search` and `hash` give them (empty when empty or absent).
fn expected_parts(case: &Value) -> [String; 8] {
    let field = |name: &str| case[name].as_str().unwrap().to_owned();
    let search = field("search");
    let hash = field("hash");
    // The mark stays; what follows is spelled as the component's characters.
    let marked = |text: &str| match text.chars().next() {
        Some(mark) => format!("{mark}{}", rfc_spelling(&text[1..], Part::QueryOrFragment)),
        None => String::new(),
    };
    [
        field("protocol").trim_end_matches(':').to_owned(),
        rfc_spelling(&field("username"), Part::Credential),
        rfc_spelling(&field("password"), Part::Credential),
        field("hostname"),
        field("port"),
        rfc_spelling(&field("pathname"), Part::Path),
        marked(&search),
        marked(&hash),
    ]
}

/// The base a case is resolved against: the WPT base read leniently (it need not be a strict
/// URL), none, or one urlkit cannot read.
enum Base {
    None,
    Read(Url),
    Unreadable,
}

fn base_of(case: &Value) -> Base {
    match case["base"].as_str() {
        None => Base::None,
        Some(base) => {
            Url::parse_lenient(base).map_or(Base::Unreadable, |read| Base::Read(read.into_url()))
        }
    }
}

/// Inputs the URL Standard accepts whose URL no RFC 3986 text spells, each refused with
/// `Unrepresentable`, in the order of the file (so that a new one is noticed): opaque hosts
/// (non-special URLs) with a percent-escape or a character RFC 3986 does not allow in a host;
/// domains with `"`, `` ` ``, `{` or `}`; paths without a host that start with `//`, which the
/// URL Standard writes `/.//`; and `xn--` labels that are not punycode.
const UNREPRESENTABLE: &[&str] = &[
    "sc://faß.ExAmPlE/",
    "sc://ñ.test/",
    "sc://%/",
    "http://!\"$&'()*+,-.;=_`{}~/",
    "sc://\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{b}\u{c}\u{e}\u{f}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1a}\u{1b}\u{1c}\u{1d}\u{1e}\u{1f}\u{7f}!\"$%&'()*+,-.;=_`{}~/",
    "asdf://%43%7C/",
    "sc://ñ",
    "sc://ñ?x",
    "sc://ñ#x",
    "non-spec:/.//",
    "non-spec:/..//",
    "non-spec:/a/..//",
    "non-spec:/.//path",
    "non-spec:/..//path",
    "non-spec:/a/..//path",
    "/.//path",
    "/..//path",
    "..//path",
    "a/..//path",
    "non-special://%E2%80%A0/",
    "non-special://H%4fSt/path",
    "file://xn--/p",
    "foo://!\"$%&'()*+,-.;=_`{}~/",
    "wss://!\"$&'()*+,-.;=_`{}~/",
    "https://xn--/",
];

/// Inputs whose WPT `href` the `url` crate (2.5) does not give: it lags the URL Standard on
/// `file` URLs (drive letters, hosts beside drive letters, empty segments), on spaces at the
/// end of an opaque path, on `xn--` labels it refuses, and on `\\` and `^` in non-special
/// paths. For these the WPT components are the reference (checked above).
const URL_CRATE_LAGS: &[&str] = &[
    "file:///w|/m",
    "non-special:opaque  ?hi",
    "non-special:opaque  #hi",
    "non-special:opaque \t\t  \t#hi",
    "non-special:opaque \t\t  #hi",
    "non-special:opaque\t\t  \r #hi",
    "http://a.b.c.xn--pokxncvks",
    "http://10.0.0.xn--pokxncvks",
    "http://a.b.c.XN--pokxncvks",
    "http://a.b.c.Xn--pokxncvks",
    "http://10.0.0.XN--pokxncvks",
    "http://10.0.0.xN--pokxncvks",
    "/",
    "file:\\\\//",
    "file:\\\\\\\\",
    "file:\\\\\\\\?fox",
    "file:\\\\\\\\#guppy",
    "file://spider///",
    "file:\\\\localhost//",
    "file://\\/localhost//cat",
    "file://localhost//a//../..//",
    "/////mouse",
    "\\/localhost//pig",
    "//localhost//pig",
    "/..//localhost//pig",
    "C|",
    "C|",
    "C|#",
    "C|?",
    "C|/",
    "C|\n/",
    "C|\\",
    "/c:/foo/bar",
    "..",
    "..",
    "file://example.net/C:/",
    "file://1.2.3.4/C:/",
    "file://[1::8]/C:/",
    "C|/",
    "/C:/",
    "file:C:/",
    "file:/C:/",
    "file://localhost//a//../..//foo",
    "file://localhost////foo",
    "file:////foo",
    "file:////one/two",
    "////one/two",
    "file:///.//",
    "file:.//p",
    "file:/.//p",
    "foo://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~",
    "wss://host/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~",
    "///test",
    "///\\//\\//test",
    "///example.org/path",
    "///example.org/../path",
    "///example.org/../../",
    "///example.org/../path/../../",
    "///example.org/../path/../../path",
    "/\\//\\/a/../",
    "\\a",
    "\\/a",
    "\\\\a",
];

/// Of those, the inputs whose URL the `url` crate reads otherwise than it reads the output:
/// where its own reading of the input is not the URL Standard's (a drive letter it does not
/// normalize, a `\\` it takes for `/` in a non-special URL, a `..` that removes a drive letter).
const URL_CRATE_READS_OTHERWISE: &[&str] = &["file:///w|/m", "..", "\\a", "\\/a", "\\\\a"];

#[test]
fn every_wpt_case_reads_as_the_url_standard_reads_it() {
    let data = common::testdata("wpt-url__urltestdata.json");
    let cases: Vec<&Value> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object())
        .collect();
    assert_eq!(cases.len(), 891);
    let (mut accepted, mut refused, mut base_unreadable) = (0, 0, 0);
    let mut unrepresentable = Vec::new();
    let mut lagging = Vec::new();
    let mut reads_otherwise = Vec::new();
    let mut unreadable_bases = Vec::new();
    let mut failures = String::new();
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let base = match base_of(case) {
            Base::None => None,
            Base::Read(url) => Some(url),
            Base::Unreadable => {
                // A base urlkit refuses: the case must be one the URL Standard fails on too, or
                // its base is itself unrepresentable.
                base_unreadable += 1;
                unreadable_bases.push((
                    input.to_owned(),
                    case["base"].as_str().unwrap().to_owned(),
                    case["failure"] == true,
                ));
                continue;
            }
        };
        let ours = match &base {
            None => Url::parse_lenient(input),
            Some(base) => base.resolve_lenient(input),
        };
        let wpt_fails = case["failure"] == true;
        if wpt_fails {
            if let Ok(read) = &ours {
                writeln!(
                    failures,
                    "{input:?} against {base:?}: accepted as {}, WPT fails",
                    read.url()
                )
                .unwrap();
            } else {
                refused += 1;
            }
            continue;
        }
        let read = match ours {
            Ok(read) => read,
            Err(e) if matches!(e.kind(), LenientErrorKind::Unrepresentable(_)) => {
                unrepresentable.push(input.to_owned());
                continue;
            }
            Err(e) => {
                writeln!(
                    failures,
                    "{input:?} against {base:?}: refused ({e}), WPT gives {}",
                    case["href"]
                )
                .unwrap();
                continue;
            }
        };
        accepted += 1;
        let out = read.url().as_str();
        if Url::parse(out).as_ref() != Ok(read.url()) {
            writeln!(failures, "{input:?}: output {out} is not a strict Url").unwrap();
            continue;
        }
        let expected = expected_parts(case);
        if split(out) != expected {
            writeln!(
                failures,
                "{input:?} against {base:?}: {out}\n   parts {:?}\n expected {:?} (WPT {})",
                split(out),
                expected,
                case["href"]
            )
            .unwrap();
            continue;
        }
        // The `url` crate reads the input as WPT says, and the output as the same URL.
        let theirs = match case["base"].as_str() {
            None => url::Url::parse(input),
            Some(base) => url::Url::parse(base).and_then(|b| b.join(input)),
        };
        match theirs {
            Ok(theirs) if theirs.as_str() == case["href"].as_str().unwrap() => {
                let reread = url::Url::parse(out);
                if reread.as_ref().map(decoded_parts) != Ok(decoded_parts(&theirs)) {
                    writeln!(
                        failures,
                        "{input:?}: the url crate reads {theirs} and {out} differently"
                    )
                    .unwrap();
                }
            }
            theirs => {
                lagging.push(input.to_owned());
                // Lagging or not, it reads the input and the output alike, where it reads them.
                let reread = url::Url::parse(out);
                if let (Ok(theirs), Ok(reread)) = (&theirs, &reread)
                    && decoded_parts(theirs) != decoded_parts(reread)
                {
                    reads_otherwise.push(input.to_owned());
                }
            }
        }
        // The report: nothing reported means nothing changed; and without a base, only
        // normalizations reported means the input was a strict URL already.
        if base.is_none() {
            if read.repairs().is_empty() && out != input {
                writeln!(
                    failures,
                    "{input:?}: changed to {out} with nothing reported"
                )
                .unwrap();
            }
            if read.is_rfc3986_valid_as_given() != Url::parse(input).is_ok() {
                writeln!(
                    failures,
                    "{input:?}: valid as given is {}, Url::parse says {:?}; repairs {:?}",
                    read.is_rfc3986_valid_as_given(),
                    Url::parse(input).err().map(|e| e.to_string()),
                    read.repairs()
                )
                .unwrap();
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    println!(
        "accepted {accepted}, refused {refused} (WPT fails), unrepresentable {}, base unreadable {base_unreadable}, url crate lags {}",
        unrepresentable.len(),
        lagging.len()
    );
    assert_eq!(unrepresentable, UNREPRESENTABLE);
    assert_eq!(lagging, URL_CRATE_LAGS);
    assert_eq!(reads_otherwise, URL_CRATE_READS_OTHERWISE);
    // The bases of 6 cases are URLs no `Url` holds (`sc://ñ`, `non-spec:/..//p`), so their
    // references cannot be resolved against them; none of them is a case WHATWG fails.
    assert_eq!(base_unreadable, 6);
    assert!(unreadable_bases.iter().all(|(_, _, fails)| !fails));
    assert_eq!((accepted, refused), (593, 267));
}
