//! The run-time `Template`'s fast paths, each against what the general code writes: text
//! steps copied as one block (`template/ranges.rs`, `push_step_block`), the pairs of an
//! exploded map of strings written at once (`writer/items.rs`, `exploded_pair`), and a `/`
//! of `{/list*}` written without its checks (`Writer::slash`). Each is taken only when the
//! URL has room for it, so each case also runs after values of every length up to 64 bytes,
//! which use up the room of a freshly parsed template's first buffer.

use std::collections::BTreeMap;

use urlkit::template::vars_fn;
use urlkit::value::Value;
use urlkit::{ExpandErrorKind, Fmt, Template};

fn t(template: &str) -> Template {
    Template::parse(template).unwrap()
}

/// `template` expanded with `vars`, each time freshly parsed (so that the URL's first
/// buffer is sized from the template alone, and a long value uses up its room): through
/// `expand`, and through `expand_into` after other text.
fn both_ways(template: &str, vars: &dyn urlkit::template::Vars) -> Vec<String> {
    let mut out = String::from("at ");
    t(template).expand_into(&vars, &mut out).unwrap();
    vec![
        t(template).expand(&vars).unwrap().as_str().to_owned(),
        out["at ".len()..].to_owned(),
    ]
}

/// Values of every length from 0 to 64 bytes: somewhere among them, the room left before a
/// fast path is too little for it.
fn fillers() -> impl Iterator<Item = String> {
    (0..=64).map(|n| "v".repeat(n))
}

#[test]
fn text_steps_of_every_length_up_to_and_past_a_block() {
    for n in 0..=40 {
        let text: String = (0..n)
            .map(|i: usize| char::from(b"abcdefghijklmnopqrstuvwxyz"[i % 26]))
            .collect();
        // The text between two placeholders, and last in the template (nothing after it in
        // the template's buffer but the padding).
        for template in [format!("/p{{x}}{text}{{y}}"), format!("/p{{x}}{{y}}{text}")] {
            for x in fillers() {
                let vars = BTreeMap::from([("x", x.as_str()), ("y", "y2")]);
                let expected = template.replace("{x}", &x).replace("{y}", "y2");
                for got in both_ways(&template, &vars) {
                    assert_eq!(got, expected, "{template}");
                }
            }
        }
    }
}

#[test]
fn text_steps_with_characters_of_several_bytes() {
    let vars = BTreeMap::from([("x", "v")]);
    // A template's IRI characters are encoded in its steps' texts; a triplet spelled in the
    // template is kept.
    for (template, expected) in [
        ("/é{x}ü/ß", "/%C3%A9v%C3%BC/%C3%9F"),
        ("/{x}/%C3%A9", "/v/%C3%A9"),
        ("/{x}?q=%E2%82%AC", "/v?q=%E2%82%AC"),
    ] {
        for got in both_ways(template, &vars) {
            assert_eq!(got, expected, "{template}");
        }
    }
}

#[test]
fn exploded_pairs_of_strings_as_the_general_code_writes_them() {
    let long = "a key of more than thirty-two bytes, all told";
    let texts = [
        "", "a", "dot", "comma", "a b", ",", ";", "=", "&", "%", "é", "%2E", "ok-_.~", long,
    ];
    for template in [
        "{?a}{&keys*}",
        "/x?fixed=1{&keys*}",
        "{?keys*,a}",
        "{?a,keys*}",
    ] {
        for i in 0..texts.len() {
            // Pairs of every text with others, one to three of them.
            let pairs: Vec<(&str, &str)> = (0..3)
                .map(|k| {
                    (
                        texts[(i + k) % texts.len()],
                        texts[(i + 2 * k + 1) % texts.len()],
                    )
                })
                .collect();
            for count in 1..=pairs.len() {
                let strings = pairs[..count].to_vec();
                let written: Vec<_> = strings.iter().map(|&(k, v)| (Fmt(k), Fmt(v))).collect();
                for a in fillers() {
                    let fast = vars_fn(|name| match name {
                        "keys" => Some(&strings as &dyn Value),
                        "a" => Some(&a as &dyn Value),
                        _ => None,
                    });
                    // `Fmt` writes through `Expansion::push_str`: the general code.
                    let slow = vars_fn(|name| match name {
                        "keys" => Some(&written as &dyn Value),
                        "a" => Some(&a as &dyn Value),
                        _ => None,
                    });
                    let expected = t(template).expand(&slow).unwrap();
                    for got in both_ways(template, &fast) {
                        assert_eq!(got, expected.as_str(), "{template} {strings:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn exploded_pairs_mixing_strings_and_other_scalars() {
    let numbers = vec![("n", 1_u32), ("m m", 22)];
    let vars = vars_fn(|_| Some(&numbers as &dyn Value));
    for got in both_ways("{?keys*}", &vars) {
        assert_eq!(got, "?n=1&m%20m=22");
    }
    let keyed = vec![(7_u32, "a,b"), (8, "")];
    let vars = vars_fn(|_| Some(&keyed as &dyn Value));
    for got in both_ways("{?keys*}", &vars) {
        assert_eq!(got, "?7=a%2Cb&8=");
    }
}

#[test]
fn slashes_of_a_list_close_their_segments() {
    let template = "/r{/list*}/end";
    for (items, expected) in [
        (vec!["a", "b"], Ok("/r/a/b/end")),
        (vec!["a.b", ".c", "%2"], Ok("/r/a.b/.c/%252/end")),
        (vec!["a", "."], Err(ExpandErrorKind::DotSegment)),
        (vec![".", "a"], Err(ExpandErrorKind::DotSegment)),
        (vec!["..", "a"], Err(ExpandErrorKind::DotSegment)),
        (vec!["a", "..", "b"], Err(ExpandErrorKind::DotSegment)),
        (vec!["%2E", "a"], Ok("/r/%252E/a/end")),
        (vec!["a", "", "b"], Err(ExpandErrorKind::DoubleSlash)),
        (vec!["", "b"], Err(ExpandErrorKind::DoubleSlash)),
        (vec!["......", "a"], Ok("/r/....../a/end")),
        (vec!["a", ".."], Err(ExpandErrorKind::DotSegment)),
    ] {
        let vars = BTreeMap::from([("list", items.clone())]);
        match expected {
            Ok(url) => {
                for got in both_ways(template, &vars) {
                    assert_eq!(got, url, "{items:?}");
                }
            }
            Err(kind) => {
                let got = t(template).expand(&vars);
                assert_eq!(*got.unwrap_err().kind(), kind, "{items:?}");
            }
        }
    }
    // A `/` at the end of the URL's first buffer: long items use up its room.
    for a in fillers() {
        let vars = BTreeMap::from([("list", vec![a.as_str(), "b", "c"])]);
        let expected = format!("/r/{a}/b/c/end");
        if a.is_empty() {
            continue;
        }
        for got in both_ways(template, &vars) {
            assert_eq!(got, expected);
        }
    }
}

/// The list opens the path: its first item's `/` starts it, and an empty first item leaves
/// the second `/` where it would make the path begin with `//` (read as an authority, RFC
/// 3986 §3.3), which the item after it must not take the unchecked way (proptest found a
/// debug assertion there: `mailto:{/a*}` with `["", ""]`).
#[test]
fn a_list_opening_a_path_cannot_start_it_with_two_slashes() {
    for template in ["mailto:{/a*}", "{/a*}", "mailto:{/a*}/end"] {
        for items in [vec!["", ""], vec!["", "x"], vec!["", "", "x"]] {
            let vars = BTreeMap::from([("a", items.clone())]);
            let got = t(template).expand(&vars);
            assert_eq!(
                got.map_err(|e| *e.kind()),
                Err(ExpandErrorKind::DoubleSlash),
                "{template} {items:?}"
            );
        }
        let vars = BTreeMap::from([("a", vec!["x", "y"])]);
        let expected = template.replace("{/a*}", "/x/y");
        for got in both_ways(template, &vars) {
            assert_eq!(got, expected, "{template}");
        }
    }
}

/// The same through `url!`, whose list values take the same writer.
#[test]
fn a_list_opening_a_path_in_url_macro() {
    for a in [vec!["", ""], vec!["", "x"]] {
        let got = urlkit::url!("mailto:{/a*}");
        assert_eq!(
            got.map_err(|e| *e.kind()),
            Err(ExpandErrorKind::DoubleSlash),
            "{a:?}"
        );
    }
    let a = vec!["x", "y"];
    assert_eq!(
        urlkit::url!("mailto:{/a*}").unwrap().as_str(),
        "mailto:/x/y"
    );
}
