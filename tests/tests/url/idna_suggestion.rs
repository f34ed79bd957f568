//! The ASCII form `url!` suggests for a non-ASCII host (`urlkit_syntax::idna::ascii_host`,
//! which runs in the macro without Unicode tables) against UTS #46 as the URL Standard runs
//! it (`idna::domain_to_ascii_cow` with the URL deny list, the `idna` crate the `url` crate
//! uses): whenever a suggestion is given, it must be exactly what UTS #46 gives. Checked on
//! every character the suggestion knows, on every input of the WPT IDNA files, and on
//! generated hosts.

use crate::common;

use idna::AsciiDenyList;
use proptest::prelude::*;
use urlkit_syntax::idna::{AsciiHost, ascii_host, kept_ranges};

fn oracle(host: &str) -> Option<String> {
    idna::domain_to_ascii_cow(host.as_bytes(), AsciiDenyList::URL)
        .ok()
        .map(std::borrow::Cow::into_owned)
}

/// Checks the one property; `true` if a suggestion was given.
fn check(host: &str) -> bool {
    match ascii_host(host) {
        AsciiHost::Known(ours) => {
            assert_eq!(Some(&ours), oracle(host).as_ref(), "{host:?}");
            true
        }
        _ => false,
    }
}

#[test]
fn every_character_the_suggestion_knows() {
    let chars: Vec<char> = kept_ranges()
        .iter()
        .flat_map(|&(start, end)| (start..=end).filter_map(char::from_u32))
        .collect();
    assert!(chars.len() > 100_000, "{}", chars.len());
    // Six labels of seven characters per host, so that each character is seen next to others
    // (NFC and the bidi rule look at neighbours), after ASCII and at a label's start.
    for (i, host) in chars.chunks(42).enumerate() {
        let labels: Vec<String> = host.chunks(7).map(|l| l.iter().collect()).collect();
        let joined = labels.join(".");
        assert!(check(&joined), "{joined:?}: no suggestion");
        if i % 16 == 0 {
            assert!(check(&format!("Ab-{}.example", labels.join("\u{3002}"))));
        }
    }
    // Each character alone, too: a label of one character.
    for c in chars.iter().step_by(7) {
        assert!(check(&c.to_string()), "{c:?}");
    }
}

/// The WPT inputs (JSON strings; the two with a lone surrogate cannot be Rust strings and
/// fail to parse as JSON here, so the files are read with those cases left out).
fn wpt_inputs(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(common::data_path(name)).unwrap();
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("\"input\": "))
        .map(|json| json.trim_end_matches(','))
        .filter_map(|json| serde_json::from_str::<String>(json).ok())
        .collect()
}

#[test]
fn every_wpt_idna_input() {
    let mut given = 0;
    let mut total = 0;
    for name in ["wpt-url__IdnaTestV2.json", "wpt-url__toascii.json"] {
        for input in wpt_inputs(name) {
            total += 1;
            if check(&input) {
                given += 1;
            }
        }
    }
    assert_eq!(total, 2669 + 87, "every input but the two lone surrogates");
    assert_eq!(
        given, 222,
        "inputs with a suggestion, each equal to UTS #46"
    );
}

#[test]
fn the_cases_of_the_issue() {
    assert_eq!(
        ascii_host("example\u{ff0e}com"),
        AsciiHost::Known("example.com".into())
    );
    assert_eq!(oracle("example\u{ff0e}com").as_deref(), Some("example.com"));
    // `／` maps to `/`, which browsers refuse in a host: no suggestion.
    assert_eq!(
        ascii_host("example.com\u{ff0f}evil.com"),
        AsciiHost::Unmapped('\u{ff0f}')
    );
    assert_eq!(oracle("example.com\u{ff0f}evil.com"), None);
    // Greek final sigma: `str::to_lowercase` would write `ς` at the end of a word, UTS #46
    // maps `Σ` to `σ` everywhere.
    assert!(check("ΒΌΛΟΣ.com"));
    assert_eq!(
        ascii_host("ΒΌΛΟΣ.com"),
        AsciiHost::Known(oracle("βόλοσ.com").unwrap())
    );
}

/// Characters that matter for the suggestion: ones it knows (upper and lower case), ASCII of
/// a host and not, the IDNA full stops, `xn--`, marks, joiners, right-to-left letters,
/// fullwidth forms, and anything at all.
fn host_char() -> impl Strategy<Value = String> {
    let known = prop::sample::select(
        kept_ranges()
            .iter()
            .flat_map(|&(start, end)| [start, end, start + (end - start) / 2])
            .filter_map(char::from_u32)
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        6 => known.prop_map(String::from),
        4 => "[a-zA-Z0-9.-]".prop_map(String::from),
        1 => "[!$&'()*+,;=_~%/:@]".prop_map(String::from),
        1 => prop::sample::select(vec!["\u{3002}", "\u{ff0e}", "\u{ff61}", "xn--", "XN--", "\u{301}", "\u{200d}", "\u{200c}", "\u{5d0}", "\u{628}", "\u{ff21}", "\u{130}", "\u{3a3}", "\u{1161}", "\u{ad}", "\u{212a}"]).prop_map(String::from),
        2 => any::<char>().prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_hosts(parts in prop::collection::vec(host_char(), 1..12)) {
        check(&parts.concat());
    }
}
