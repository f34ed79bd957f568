//! `Url::resolve_str` against the WHATWG URL Standard (`url::Url::join`) on every WPT
//! `urltestdata.json` case that has a base: the same URL (as a WHATWG parser reads ours back),
//! or a difference that a row of the table in `docs/resolution.md` explains
//! ([`resolution::Difference`]), every row needed by some case.

use crate::common;
use crate::resolution;
use crate::whatwg;

use std::collections::{BTreeMap, BTreeSet};

use resolution::{Difference, Outcome, differences, explaining};
use urlkit::Url;
use whatwg::{upper_triplets, whatwg_form};

/// Cases where `url::Url::join` (2.5) disagrees with the WPT expectation itself, because it
/// lags the URL Standard: on `file` URLs (hosts beside drive letters, `C|`, empty segments
/// after the host, `localhost`), on `///x` against a special base (it fails where the
/// Standard skips the slashes), on `\` in non-special URLs, and on drive letters in a
/// non-`file` URL. For these the WPT `href` is the reference.
const URL_CRATE_LAGS: &[(&str, &str)] = &[
    ("file://h/C:/a/b", "/"),
    ("file:///elephant", "/////mouse"),
    ("file://lion/", "\\/localhost//pig"),
    ("file://lion/", "//localhost//pig"),
    ("file://lion/", "/..//localhost//pig"),
    ("file://host/dir/file", "C|"),
    ("file://host/D:/dir1/dir2/file", "C|"),
    ("file://host/dir/file", "C|#"),
    ("file://host/dir/file", "C|?"),
    ("file://host/dir/file", "C|/"),
    ("file://host/dir/file", "C|\n/"),
    ("file://host/dir/file", "C|\\"),
    ("file://host/path", "/c:/foo/bar"),
    ("abc://x/y/z/C:/", ".."),
    ("file://x/C:/", ".."),
    ("file://host/", "C|/"),
    ("file://host/", "/C:/"),
    ("file://host/", "file:C:/"),
    ("file://host/", "file:/C:/"),
    ("file:///", "file:////one/two"),
    ("file:///", "////one/two"),
    ("file:////", "file:///.//"),
    ("http://example.org/", "///test"),
    ("http://example.org/", "///\\//\\//test"),
    ("http://example.org/", "///example.org/path"),
    ("http://example.org/", "///example.org/../path"),
    ("http://example.org/", "///example.org/../../"),
    ("http://example.org/", "///example.org/../path/../../"),
    ("http://example.org/", "///example.org/../path/../../path"),
    ("file:///", "/\\//\\/a/../"),
    ("foo://foo/a", "\\a"),
    ("foo://foo/a", "\\/a"),
    ("foo://foo/a", "\\\\a"),
];

/// What WHATWG makes of `input` against `base`: the `url` crate's `join`, or the WPT `href`
/// where the crate lags (noted in `lags`).
fn whatwg_join<'a>(
    case: &serde_json::Value,
    base: &'a str,
    input: &'a str,
    lags: &mut Vec<(&'a str, &'a str)>,
) -> Option<String> {
    let wpt = (case["failure"] != true).then(|| case["href"].as_str().unwrap().to_owned());
    let joined = url::Url::parse(base)
        .and_then(|b| b.join(input))
        .ok()
        .map(String::from);
    if joined != wpt {
        lags.push((base, input));
    }
    wpt
}

#[test]
fn resolution_agrees_with_whatwg_but_for_the_table() {
    let data = common::testdata("wpt-url__urltestdata.json");
    let cases: Vec<_> = data
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.is_object() && !c["base"].is_null())
        .collect();
    assert_eq!(cases.len(), 336, "cases with a base");
    let mut lags = Vec::new();
    let mut outcomes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut used = BTreeSet::new();
    let mut agreeing_rows = BTreeSet::new();
    for case in cases {
        let (base_text, input) = (
            case["base"].as_str().unwrap(),
            case["input"].as_str().unwrap(),
        );
        let Ok(base) = Url::parse(base_text) else {
            *outcomes.entry("base refused by Url::parse").or_default() += 1;
            continue;
        };
        assert!(base.scheme().is_some(), "every WPT base is absolute");
        let ours = base.resolve_str(input);
        let theirs = whatwg_join(case, base_text, input, &mut lags);
        if let Ok(url) = &ours {
            assert_eq!(Url::parse(url.as_str()).as_ref(), Ok(url), "{input}");
        }
        let outcome = match (&ours, &theirs) {
            (Ok(ours), Some(theirs)) => {
                // As WHATWG writes ours (lowercase, default port dropped...): by the rules
                // `wpt_urltestdata.rs` checks, or as the `url` crate reads it back.
                let read_back = url::Url::parse(ours.as_str()).unwrap();
                let rewritten = whatwg_form(ours, &mut BTreeSet::new());
                let theirs = upper_triplets(theirs);
                if [rewritten.as_str(), read_back.as_str()]
                    .map(upper_triplets)
                    .contains(&theirs)
                {
                    Outcome::Same
                } else {
                    Outcome::ResultsDiffer
                }
            }
            (Ok(_), None) => Outcome::WhatwgFails,
            (Err(_), Some(_)) => Outcome::UrlkitFails,
            (Err(_), None) => Outcome::Same,
        };
        let name = match outcome {
            Outcome::Same if ours.is_ok() => "the same URL",
            Outcome::Same => "both fail",
            Outcome::ResultsDiffer => "different URLs",
            Outcome::UrlkitFails => "urlkit fails",
            Outcome::WhatwgFails => "WHATWG fails",
        };
        *outcomes.entry(name).or_default() += 1;
        let rows = differences(base_text, input, &ours);
        if outcome == Outcome::Same {
            if ours.is_ok() {
                agreeing_rows.extend(rows);
            }
            continue;
        }
        let row = explaining(&rows, outcome).unwrap_or_else(|| {
            panic!("{base_text} + {input:?}: {outcome:?} (urlkit {ours:?}, WHATWG {theirs:?}), rows {rows:?}")
        });
        used.insert(row);
    }
    assert_eq!(
        lags, URL_CRATE_LAGS,
        "cases where the url crate lags the spec"
    );
    assert_eq!(
        outcomes,
        BTreeMap::from([
            ("base refused by Url::parse", 7),
            // `http://f:/c`: an empty port, which RFC 3986 allows.
            ("the same URL", 158),
            ("both fail", 52),
            ("different URLs", 4),
            ("urlkit fails", 105),
            ("WHATWG fails", 10),
        ])
    );
    // Every row that tells urlkit from WHATWG explains some WPT case but one, which no WPT
    // case with a base meets (`g:h/./i`; `resolve_props.rs` meets it); where urlkit reads
    // `http:g` as WHATWG does (and strict RFC 3986 does not), the results are the same. (No
    // WPT case with a base has a `%2E` segment either; `resolve_props.rs` compares those.)
    let differing: BTreeSet<_> = Difference::ALL
        .into_iter()
        .filter(|row| row.urlkit_fails() || row.whatwg_fails() || row.results_differ())
        .filter(|row| *row != Difference::OpaquePathDots)
        .collect();
    assert_eq!(used, differing);
    assert!(agreeing_rows.contains(&Difference::SameSpecialSchemeWithoutSlashes));
}

/// The table in `docs/resolution.md` has one row per [`Difference`], in order, named as the
/// predicates here name them.
#[test]
fn the_documented_table_is_the_tested_one() {
    let doc =
        std::fs::read_to_string(common::manifest_dir().join("../docs/resolution.md")).unwrap();
    let table: Vec<&str> = doc
        .lines()
        .skip_while(|line| !line.starts_with("| difference"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split('|').nth(1).unwrap().trim())
        .collect();
    let labels: Vec<&str> = Difference::ALL.iter().map(|row| row.label()).collect();
    assert_eq!(table, labels);
}
