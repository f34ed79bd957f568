//! The differential test: generated templates and values through urlkit's `Template` (which
//! `url!` and `template!` agree with, see `agreement_*.rs`) and through an RFC 6570
//! expander written from the RFC alone (`oracle/rfc6570.rs`), with a shape oracle on top
//! (`oracle/shape.rs`). They must agree byte for byte, or urlkit must refuse for a reason the
//! oracle finds (a named violation of the shape, or a named rule of the URI grammar).
//!
//! `cargo test` runs a seeded sample (`URLKIT_ORACLE_CASES` templates, 1,500 by default, each
//! with 16 sets of values and every state of its variables; `URLKIT_ORACLE_SEED`, 6570 by
//! default, picks them). The run of more than 10⁶ template × values cases is
//!
//! ```text
//! URLKIT_ORACLE_CASES=125000 cargo test --release -p urlkit-tests --test oracle_rfc6570 -- --nocapture
//! ```
//!
//! which prints the counts of template × values and template × state cases by outcome and
//! fails listing the disagreements, if any; `URLKIT_ORACLE_SEED=20261123` tries others.

mod common;
#[path = "oracle/generate.rs"]
mod generate;
mod oracle;

use std::collections::BTreeMap;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use oracle::Agreement;
use oracle::rfc6570::{self, Rules, Value};

/// The oracle itself against the uritemplate-test suite: RFC 6570 alone, byte for byte.
#[test]
fn the_reference_expander_passes_the_uritemplate_suite() {
    let mut passed = 0;
    for file in [
        "spec-examples",
        "spec-examples-by-section",
        "extended-tests",
    ] {
        let suite = common::testdata(&format!("uritemplate-test__{file}.json"));
        for (group, body) in suite.as_object().unwrap() {
            let vars = body["variables"].as_object().unwrap();
            let value = |name: &str| match vars.get(name) {
                None | Some(serde_json::Value::Null) => Value::Undef,
                Some(serde_json::Value::Array(items)) => {
                    Value::List(items.iter().map(json_text).collect())
                }
                Some(serde_json::Value::Object(map)) => {
                    Value::Map(map.iter().map(|(k, v)| (k.clone(), json_text(v))).collect())
                }
                Some(other) => Value::Str(json_text(other)),
            };
            for case in body["testcases"].as_array().unwrap() {
                let template = case[0].as_str().unwrap();
                let parts =
                    rfc6570::parse(template).unwrap_or_else(|e| panic!("{group}: {template}: {e}"));
                let got = rfc6570::expand(template, &parts, &value, Rules::RFC).text();
                let ok = match &case[1] {
                    serde_json::Value::String(want) => &got == want,
                    serde_json::Value::Array(wants) => wants.iter().any(|w| w == &got),
                    other => panic!("{group}: {template}: {other}"),
                };
                assert!(ok, "{group}: {template} gave {got}, want {}", case[1]);
                passed += 1;
            }
        }
    }
    assert_eq!(passed, 64 + 117 + 53);
    // The negative cases the oracle's parser can tell (the rest need a value to fail).
    let negative = common::testdata("uritemplate-test__negative-tests.json");
    let mut refused = 0;
    for (_, body) in negative.as_object().unwrap() {
        for case in body["testcases"].as_array().unwrap() {
            if rfc6570::parse(case[0].as_str().unwrap()).is_err() {
                refused += 1;
            }
        }
    }
    assert!(refused >= 25, "{refused}");
}

fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The oracle's pair model, dot segments and documented limit on the cases that taught
/// them (each was a disagreement of the 10⁶ run before): what it refuses with which reason,
/// what it lets urlkit build.
#[test]
fn the_oracle_reads_pairs_dot_segments_and_hosts_as_documented() {
    let s = |v: &str| Value::Str(v.to_string());
    let case = |template: &str, values: &[(&str, Value)]| {
        let values: Vec<(String, Value)> = values
            .iter()
            .map(|(n, v)| ((*n).to_string(), v.clone()))
            .collect();
        oracle::check(template, &values).unwrap_or_else(|e| panic!("{e}"))
    };
    let refused = |kind: &str| Agreement::ValuesRefused(kind.to_string());
    // The pair an operator opens is named by the operator's `=`: a later value's `=` is in
    // that pair's value.
    assert_eq!(
        case("/s?a=1{&c}{+b}=2", &[("c", s("v")), ("b", s("x=y"))]),
        Agreement::Built
    );
    // urlkit's guard, decided from the text: before the text's `=` between two of its `&`,
    // a value's `=` is refused even when an operator between opens a pair.
    assert_eq!(
        case("urn:a:?{+c}{&a}a=1", &[("c", s("x=y")), ("a", s("v"))]),
        refused("LeavesComponent")
    );
    // The `&` before a hand-written pair is the text's: a whole `{+h}` between two of them
    // supplies its pair, `=` included (with text always written between it and the hand
    // pair; right before it, the docs refuse the template).
    assert_eq!(
        case("/p?k=1&{+h}&j=2&q={a}", &[("h", s("a=b")), ("a", s("1"))]),
        Agreement::Built
    );
    assert_eq!(
        case("/p?k=1&{+h}&q={a}", &[("h", s("a=b")), ("a", s("1"))]),
        Agreement::TemplateRefused("ReservedBeforeHandPair")
    );
    // A `=` that `{+m*}` writes between a map's key and value names no pair of the template.
    assert_eq!(
        case(
            "/s?qq{+m*}",
            &[("m", Value::Map(vec![("k=".into(), "v".into())]))]
        ),
        Agreement::Built
    );
    // Leading dots are the template's own only where no placeholder fills their segment:
    // `{&b}` would write `.&b=v`, so its absence makes the dot segment.
    assert_eq!(case("./.{/a}{&b}", &[]), refused("DotSegment"));
    assert_eq!(case("./.{/a}{&b}", &[("a", s("v"))]), Agreement::Built);
    assert_eq!(case("./.{/a}{#b}", &[]), Agreement::Built);
    // An empty port value is no port, even where text moving out of the fragment took the
    // `:` into the userinfo (urlkit meets the port first).
    assert_eq!(
        case("http://h:{p}{#c}@", &[("p", s(""))]),
        refused("InvalidPort")
    );
    // A value after a `{+base}` that left its authority open would join the host; the
    // template's own text may continue it.
    assert_eq!(
        case(
            "{+a}{p}",
            &[("a", s("https://example.com")), ("p", s(".evil.com"))]
        ),
        refused("JoinsAuthority")
    );
    assert_eq!(
        case("{+a}index", &[("a", s("https://example.com"))]),
        Agreement::Built
    );
    // An `xn--` label that decodes as punycode, which UTS #46 refuses: documented, not
    // checked by urlkit.
    assert_eq!(
        case("http://{h}xx/", &[("h", s("xn--bcher-kva"))]),
        Agreement::HostBeyondPunycode
    );
    assert_eq!(
        case("http://{h}/", &[("h", s("xn--bcher-kva"))]),
        Agreement::Built
    );
}

/// The oracle's own reading of each way a value could change a URL's shape, without urlkit:
/// the reference's URL and the violations it finds.
#[test]
fn the_oracle_finds_each_shape_change() {
    use oracle::shape::Violation;
    let s = |v: &str| Value::Str(v.to_string());
    let reference = |template: &str, values: &[(&str, Value)]| {
        let values: Vec<(String, Value)> = values
            .iter()
            .map(|(n, v)| ((*n).to_string(), v.clone()))
            .collect();
        oracle::reference_of(template, &values).unwrap()
    };
    // A `\` in a `{+base}` is `/` to WHATWG parsers as typed: written `%5C`, the host moves.
    let (_, v) = reference("{+a}/x", &[("a", s("https://good.com\\@evil.com"))]);
    assert!(v.contains(&Violation::BaseReadOtherwise), "{v:?}");
    let (_, v) = reference("{+a}/x", &[("a", s("https://h/a\\b"))]);
    assert!(v.contains(&Violation::BaseReadOtherwise), "{v:?}");
    let (_, v) = reference("{+a}/x", &[("a", s("https://good.com%5C@evil.com"))]);
    assert!(!v.contains(&Violation::BaseReadOtherwise), "{v:?}");
    // A segment the template leaves to its expressions is never empty, whatever follows it
    // in the segment, and whatever the operators.
    for template in [
        "/users/{a}{/b}",
        "/users/{a}{?b}",
        "/f/{a}{.b}",
        "/f/{a}{b}",
        "/f/{+a}",
        "/f/{.a}",
        "/f/{;a}",
        "/f/{&a}",
    ] {
        let (text, v) = reference(template, &[]);
        assert!(
            v.contains(&Violation::EmptySegment { expr: 0 }),
            "{template}: {text} {v:?}"
        );
    }
    // An empty string writes nothing in `{x}` and `{+x}`, its operator's syntax in the others.
    for template in ["/users/{a}{/b}", "/users/{a}{?b}", "/f/{a}{b}", "/f/{+a}"] {
        let (text, v) = reference(template, &[("a", s(""))]);
        assert!(
            v.contains(&Violation::EmptySegment { expr: 0 }),
            "{template}: {text} {v:?}"
        );
    }
    for (template, built) in [
        ("/f/{.a}", "/f/."),
        ("/f/{;a}", "/f/;a"),
        ("/f/{&a}", "/f/&a="),
    ] {
        let (text, v) = reference(template, &[("a", s(""))]);
        assert!(
            !v.iter()
                .any(|v| matches!(v, Violation::EmptySegment { .. })),
            "{template}: {text} {v:?}"
        );
        assert_eq!(text, built);
    }
    // Where the empty segment is before a `/` a value writes, the path changes its shape
    // (`/users//tab`, a relative `{a}{/b}` made absolute).
    let (text, v) = reference("/users/{a}{/b}", &[("a", s("")), ("b", s("t"))]);
    assert!(
        v.contains(&Violation::EmptySegment { expr: 0 }),
        "{text} {v:?}"
    );
    let (text, v) = reference("{a}{/b}", &[("b", s("t"))]);
    assert_eq!(
        (text.as_str(), v),
        ("/t", vec![Violation::EmptySegment { expr: 0 }])
    );
    let (text, v) = reference("{.a}{/b}x", &[("b", s("t"))]);
    assert_eq!(
        (text.as_str(), v),
        ("/tx", vec![Violation::EmptySegment { expr: 0 }])
    );
    // Not the rule's: text in the segment, a segment after a `/` a value wrote, a segment of
    // `{/x}` that writes nothing, a `{+base}`'s segment.
    for (template, values) in [
        ("/f/x{a}", vec![]),
        ("/f{/a}", vec![]),
        ("/f{/a}", vec![("a", s(""))]),
        ("/f/{+a}", vec![("a", s("x/"))]),
        ("{.a}{/b}x", vec![("a", s("v"))]),
        ("{.a}{/b}x", vec![]),
        ("{+a}/users", vec![]),
        ("{+a}/users", vec![("a", s(""))]),
    ] {
        let (text, v) = reference(template, &values);
        assert!(
            !v.iter()
                .any(|v| matches!(v, Violation::EmptySegment { .. })),
            "{template}: {text} {v:?}"
        );
    }
    // A `\` in a reserved value, wherever it stands; never in a `{x}` (which writes `%5C`).
    for template in ["/a/{+a}", "/a?q={+a}", "/a{#a}", "{+a}/x"] {
        let (text, v) = reference(template, &[("a", s("b\\c"))]);
        assert!(
            v.contains(&Violation::Backslash),
            "{template}: {text} {v:?}"
        );
    }
    let list = Value::List(vec!["b".into(), "c\\".into()]);
    let (_, v) = reference("/a/{+a}", &[("a", list)]);
    assert!(v.contains(&Violation::Backslash), "{v:?}");
    let map = Value::Map(vec![("k\\".into(), "v".into())]);
    let (_, v) = reference("/a{#a*}", &[("a", map)]);
    assert!(v.contains(&Violation::Backslash), "{v:?}");
    let (text, v) = reference("/a/{a}", &[("a", s("b\\c"))]);
    assert_eq!((text.as_str(), v), ("/a/b%5Cc", vec![]));
    let (text, v) = reference("/f/{a}{.b}", &[("a", s("")), ("b", s("json"))]);
    assert_eq!((text.as_str(), v), ("/f/.json", vec![]));
    // A pair left out beside other pieces takes its `&` along.
    let (text, v) = reference("/p?q={a}&{c}", &[("c", s("v"))]);
    assert_eq!((text.as_str(), v), ("/p?v", vec![]));
    let (text, _) = reference("/p?q={a}&{c}", &[("a", s("1"))]);
    assert_eq!(text, "/p?q=1");
    let (text, _) = reference("/p?q={a}&{c}", &[]);
    assert_eq!(text, "/p");
    let list = Value::List(vec!["1".into(), "2".into()]);
    let (text, _) = reference("/p?q={a}&k=v{b}", &[("a", list)]);
    assert_eq!(text, "/p?q=1&q=2&k=v");
    let (text, _) = reference("/p?k={b}{c}&q={a}", &[]);
    assert_eq!(text, "/p?k=");
    // An empty authority from a `{+x}`, and in a reference.
    let (text, v) = reference("{+a}/{b}", &[("a", s("//")), ("b", s("evil.com"))]);
    assert!(v.contains(&Violation::EmptyAuthority), "{text}: {v:?}");
    assert!(oracle::whatwg_agrees("///evil.com").is_err());
    assert!(oracle::whatwg_agrees("//").is_err());
    assert!(oracle::whatwg_agrees("//h/a").is_ok());
    // `{.x}` is one label per value, one per item when exploded.
    let (_, v) = reference("https://api{.h}/", &[("h", s("evil.com"))]);
    assert_eq!(v, [Violation::BadHost]);
    let labels = Value::List(vec!["eu".into(), "west".into()]);
    let (text, v) = reference("https://api{.h*}/", &[("h", labels)]);
    assert_eq!((text.as_str(), v), ("https://api.eu.west/", vec![]));
    // A path without an authority that a `{/x}` could have started with `/` starts without
    // one; not when the `{/x}` can never write first (`{.a}{/a}`) or text starts with `/`.
    for (template, values) in [
        ("{/x}users", vec![]),
        ("mailto:{/x}{y}", vec![("y", s("v"))]),
        ("{+a}{/b}{.c}", vec![("c", s("v"))]),
        ("{/q}{a}{;b}", vec![("a", s("")), ("b", s("v"))]),
        ("{+a}{;b}{/c}$", vec![]),
    ] {
        let (text, v) = reference(template, &values);
        assert!(
            v.contains(&Violation::RootLost),
            "{template} as {text}: {v:?}"
        );
    }
    for template in ["{.a}{/a},", "{/x}/users", "{+a}{/b}", "a{/x}b"] {
        let (text, v) = reference(template, &[]);
        assert!(
            !v.contains(&Violation::RootLost),
            "{template} as {text}: {v:?}"
        );
    }
    // Nor when another expression comes first: `{a}{/p}` is never `/v`, since the segment
    // rule refuses the empty segment `{a}` would leave before the `/`.
    let (text, v) = reference("{a}{/p}{;b}", &[("a", s("")), ("b", s("v"))]);
    assert!(!v.contains(&Violation::RootLost), "{text}: {v:?}");
    // After a `{+base}` that is no base, any refusal will do: `//` makes `%2E` the host, so
    // the oracle sees no path where urlkit refuses the `%2E` segment.
    let empty = Value::Map(vec![]);
    let values: Vec<(String, Value)> = [
        ("a", s("//")),
        ("b", empty.clone()),
        ("c", empty),
        ("h", s("")),
        (
            "p",
            Value::Map(vec![
                ("#]?@".into(), "a.b".into()),
                (" ".into(), "?".into()),
            ]),
        ),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect();
    oracle::check("{+a}%2e{c:3,b*}{#h,c}{+c:3,p:1}%2e", &values).unwrap();
}

/// Beside a hand-written pair, every other query piece is written as the docs say (piece by
/// piece, a piece that writes nothing left out with its `&`), and the two templates the docs
/// refuse are refused: the oracle tells both from the template alone, so an urlkit that wrote
/// `q=` again, or accepted a refused template, disagrees.
#[test]
fn a_hand_pair_beside_other_pieces_is_written_or_refused_as_documented() {
    let s = |v: &str| Value::Str(v.to_string());
    let check = |template: &str, values: &[(&str, Value)]| {
        let values: Vec<(String, Value)> = values
            .iter()
            .map(|(n, v)| ((*n).to_string(), v.clone()))
            .collect();
        oracle::check(template, &values)
    };
    let list = Value::List(vec![String::from("1"), String::from("2")]);
    for (template, values) in [
        ("/p?q={a}&{c}", vec![("c", s("v"))]),
        ("/p?q={a}&{c}", vec![("a", list.clone()), ("c", s("v"))]),
        ("/p?q={a}&{c}", vec![]),
        ("/p?q={a}&k=v{b}", vec![("b", s("w"))]),
        ("/p?{c}=1&q={a}#f", vec![("a", list)]),
        ("/p{?p}&q={a}&{c}", vec![("c", s("v"))]),
    ] {
        assert_eq!(check(template, &values), Ok(Agreement::Built), "{template}");
    }
    // The reference writes them piece by piece: no `q=`, no `&` left behind.
    assert_eq!(
        oracle::reference_of("/p?q={a}&{c}", &[("c".into(), s("v"))]).map(|r| r.0),
        Some(String::from("/p?v"))
    );
    let refused = |why: &'static str| Ok(Agreement::TemplateRefused(why));
    for template in ["/p?q={a}&&k=1", "/p?q={a}&", "/p?&q={a}", "/p?q={a}{&b}k=1"] {
        assert_eq!(
            check(template, &[]),
            refused("UnjoinableQuery"),
            "{template}"
        );
    }
    for template in [
        "/p?{+h}&q={a}",
        "/p?k=1&{+h}&{c}&q={a}",
        "/p?q={a}&{+h}&r={b}",
    ] {
        assert_eq!(
            check(template, &[]),
            refused("ReservedBeforeHandPair"),
            "{template}"
        );
    }
    // Without a hand-written pair these are RFC 6570 text as written, which urlkit builds.
    for template in ["/p?{c}&page=2", "/p?k=1&&{c}", "/p?{&b}k=1"] {
        assert_eq!(check(template, &[]), Ok(Agreement::Built), "{template}");
    }
    assert_eq!(
        oracle::reference_of("/p?{c}&page=2", &[]).map(|r| r.0),
        Some(String::from("/p?&page=2"))
    );
    // Text always written between `{+h}` and the pair, or an `=` of its own, keeps it valid.
    for template in ["/p?{+h}&k=1&q={a}", "/p?{+h}=1&q={a}", "/p?q={a}&{+h}"] {
        let got = check(template, &[("h", s("x=y")), ("a", s("1"))]);
        assert!(
            matches!(got, Ok(Agreement::Built | Agreement::ValuesRefused(_))),
            "{template}: {got:?}"
        );
    }
}

/// Value sets tried per template.
const VALUES_PER_TEMPLATE: usize = 16;

#[test]
fn urlkit_agrees_with_the_reference_and_keeps_the_shape() {
    let templates: u32 = std::env::var("URLKIT_ORACLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_500);
    let seed: u64 = std::env::var("URLKIT_ORACLE_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6570);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut disagreements = Vec::new();
    let (mut cases, mut states) = (0u64, 0u64);
    for _ in 0..templates {
        let template = generate::template()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let checked = match oracle::check_template(&template) {
            Ok(Some(checked)) => checked,
            Ok(None) => {
                *counts.entry(String::from("skipped")).or_default() += 1;
                continue;
            }
            Err(e) => {
                disagreements.push(format!("[after {cases} cases] {e}"));
                *counts.entry(String::from("DISAGREE")).or_default() += 1;
                continue;
            }
        };
        states += checked.states;
        if let Some(why) = checked.refused {
            *counts
                .entry(format!("template refused: {why}"))
                .or_default() += 1;
            continue;
        }
        for _ in 0..VALUES_PER_TEMPLATE {
            let values = generate::values().new_tree(&mut runner).unwrap().current();
            cases += 1;
            let name = match checked.check_values(&values) {
                Ok(Agreement::Skipped) => String::from("skipped"),
                Ok(Agreement::TemplateRefused(why)) => format!("template refused: {why}"),
                Ok(Agreement::Built) => String::from("built"),
                Ok(Agreement::ValuesRefused(kind)) => format!("values refused: {kind}"),
                Ok(Agreement::HostBeyondPunycode) => {
                    String::from("built: an `xn--` label only UTS #46 refuses (documented)")
                }
                Err(e) => {
                    disagreements.push(format!("[case {cases}] {e}"));
                    String::from("DISAGREE")
                }
            };
            *counts.entry(name).or_default() += 1;
        }
    }
    println!(
        "{templates} templates, {cases} template × values cases, {states} template × state cases (seed {seed}):"
    );
    for (name, n) in &counts {
        println!("  {n:>9}  {name}");
    }
    disagreements.truncate(40);
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    // The generator reaches every outcome.
    assert!(counts.get("built").copied().unwrap_or(0) > u64::from(templates));
}
