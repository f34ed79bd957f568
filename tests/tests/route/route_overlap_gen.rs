//! Writes `route_props/overlapping.rs`: route enums whose variants partly overlap (a URL one
//! variant builds can be another's, tried first), each with a property test that
//! `from_url(to_url(v)?) == v` for every value, or that `to_url` refuses with
//! `ExpandErrorKind::ParsesAs` naming the variant the URL parses as (a route's URL parses
//! back into its value, or `to_url` refuses). The test fails when the committed file is not
//! what this generator gives;
//! `URLKIT_BLESS=1 cargo test -p urlkit-tests --test route route_overlap_gen` rewrites it.
//!
//! Every enum routes under `/r`, with variants drawn from [`VARIANTS`]: static segments,
//! whole placeholders, placeholders with text before or after them, two segments, tails (an
//! `Option`, a list) and queries (a static piece, an optional key, a hand-written pair). An
//! enum takes three to five of them, chosen by a fixed pseudo-random sequence; it is kept if
//! the derive would accept it (no variant identical to or hidden by others, checked with the
//! grammar the derive runs) and some variant overlaps one tried before it.

use crate::common;

use std::fmt::Write as _;

use urlkit_syntax::error::Errors;
use urlkit_syntax::reference::{self, Options};
use urlkit_syntax::route::owned::{Arity, OwnedPattern};
use urlkit_syntax::route::{captors, cover, lower, order};
use urlkit_syntax::{plan, template};

const OUTPUT: &str = "tests/route/route_props/overlapping.rs";

/// How many enums are written.
const ENUMS: usize = 16;

/// A variant's template and its fields, each `(name, kind)`.
type Variant = (&'static str, &'static [(&'static str, Arity)]);

use Arity::{List, One, Optional};

const VARIANTS: &[Variant] = &[
    ("/r/me", &[]),
    ("/r/x", &[]),
    ("/r/x.json", &[]),
    ("/r/{f}", &[("f", One)]),
    ("/r/x{f}", &[("f", One)]),
    ("/r/{f}.json", &[("f", One)]),
    ("/r/x{f}.json", &[("f", One)]),
    ("/r/{f}.txt", &[("f", One)]),
    ("/r{/t}", &[("t", Optional)]),
    ("/r{/t*}", &[("t", List)]),
    ("/r/{f}/keys", &[("f", One)]),
    ("/r/{f}/{g}", &[("f", One), ("g", One)]),
    ("/r/me/{g}", &[("g", One)]),
    ("/r/x{f}{/t}", &[("f", One), ("t", Optional)]),
    ("/r/me?format=json", &[]),
    ("/r/{f}?format=json", &[("f", One)]),
    ("/r/{f}{?format}", &[("f", One), ("format", Optional)]),
    ("/r/{f}?q={q}", &[("f", One), ("q", One)]),
    ("/r/x{f}{?q}", &[("f", One), ("q", Optional)]),
];

/// The pattern the derive computes for a variant.
fn pattern((src, fields): Variant) -> OwnedPattern {
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    let parsed = reference::parse(
        src,
        &exprs,
        Options {
            iri: true,
            joined: false,
        },
        &mut errors,
    );
    assert!(errors.is_empty(), "{src}");
    let steps = plan::plan(src, &exprs, &parsed);
    let shape = lower::lower(src, &exprs, &parsed, &steps).expect(src);
    let kind = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(One, |(_, k)| *k)
    };
    shape.pattern(src, kind, |_| false, false)
}

/// Whether the derive accepts the enum (no finding of the overlap proof), and some variant
/// overlaps one tried before it.
fn wanted(variants: &[Variant]) -> bool {
    let owned: Vec<OwnedPattern> = variants.iter().map(|v| pattern(*v)).collect();
    let borrowed: Vec<_> = owned.iter().map(OwnedPattern::borrow).collect();
    let patterns: Vec<_> = borrowed.iter().map(|b| b.pattern()).collect();
    let tried = order::order(&patterns);
    cover::check(&patterns, &tried).is_empty()
        && captors::captors(&patterns, &tried)
            .iter()
            .any(|c| !c.is_empty())
}

/// The enums: variant indices into [`VARIANTS`].
fn enums() -> Vec<Vec<usize>> {
    let mut state: u64 = 0x005E_ED0F_0E0A_u64;
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % bound
    };
    let mut out: Vec<Vec<usize>> = Vec::new();
    while out.len() < ENUMS {
        let size = 3 + next(3);
        let mut chosen: Vec<usize> = Vec::new();
        while chosen.len() < size {
            let i = next(VARIANTS.len());
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        let variants: Vec<Variant> = chosen.iter().map(|&i| VARIANTS[i]).collect();
        if wanted(&variants) && !out.contains(&chosen) {
            out.push(chosen);
        }
    }
    out
}

fn rust_type(kind: Arity) -> &'static str {
    match kind {
        One => "String",
        Optional => "Option<String>",
        List => "Vec<String>",
    }
}

fn strategy(kind: Arity) -> &'static str {
    match kind {
        One => "word()",
        Optional => "prop::option::of(word())",
        List => "prop::collection::vec(word(), 0..3)",
    }
}

/// One enum, its strategy and its test.
fn write_enum(out: &mut String, n: usize, chosen: &[usize]) {
    let name = format!("E{n:02}");
    writeln!(
        out,
        "\n#[derive(Route, Debug, PartialEq, Clone)]\nenum {name} {{"
    )
    .unwrap();
    for (i, &v) in chosen.iter().enumerate() {
        let (template, fields) = VARIANTS[v];
        let fields: Vec<String> = fields
            .iter()
            .map(|(f, k)| format!("{f}: {}", rust_type(*k)))
            .collect();
        let body = if fields.is_empty() {
            String::new()
        } else {
            format!(" {{ {} }}", fields.join(", "))
        };
        writeln!(out, "    #[route({template:?})]\n    V{i}{body},").unwrap();
    }
    writeln!(out, "}}\n\nimpl {name} {{").unwrap();
    // The variant's label, as errors name it.
    writeln!(
        out,
        "    fn label(&self) -> &'static str {{\n        match self {{"
    )
    .unwrap();
    for i in 0..chosen.len() {
        writeln!(out, "            Self::V{i} {{ .. }} => \"{name}::V{i}\",").unwrap();
    }
    writeln!(out, "        }}\n    }}\n").unwrap();
    // The values, as `Template::expand` takes them.
    writeln!(
        out,
        "    fn vars(&self) -> Vars<'_> {{\n        match self {{"
    )
    .unwrap();
    for (i, &v) in chosen.iter().enumerate() {
        let fields = VARIANTS[v].1;
        let names: Vec<&str> = fields.iter().map(|(f, _)| *f).collect();
        let entries: Vec<String> = names
            .iter()
            .map(|f| format!("(\"{f}\", {f} as &dyn Value)"))
            .collect();
        let bind = if names.is_empty() {
            String::from("{ .. }")
        } else {
            format!("{{ {} }}", names.join(", "))
        };
        writeln!(
            out,
            "            Self::V{i} {bind} => BTreeMap::from([{}]),",
            entries.join(", ")
        )
        .unwrap();
    }
    writeln!(out, "        }}\n    }}\n}}\n").unwrap();
    // A strategy drawing every variant.
    writeln!(
        out,
        "fn {}() -> impl Strategy<Value = {name}> {{\n    prop_oneof![",
        name.to_lowercase()
    )
    .unwrap();
    for (i, &v) in chosen.iter().enumerate() {
        let fields = VARIANTS[v].1;
        if fields.is_empty() {
            writeln!(out, "        Just({name}::V{i}),").unwrap();
            continue;
        }
        let names: Vec<&str> = fields.iter().map(|(f, _)| *f).collect();
        let strategies: Vec<&str> = fields.iter().map(|(_, k)| strategy(*k)).collect();
        writeln!(
            out,
            "        ({},).prop_map(|({},)| {name}::V{i} {{ {} }}),",
            strategies.join(", "),
            names.join(", "),
            names.join(", ")
        )
        .unwrap();
    }
    writeln!(out, "    ]\n}}\n").unwrap();
    let templates: Vec<&str> = chosen.iter().map(|&v| VARIANTS[v].0).collect();
    writeln!(
        out,
        "/// {}\n#[test]\nfn {}_round_trips_or_names_the_route() {{\n    let tally = Tally::new(\"{name}\");\n    proptest!(config(), |(v in {}())| {{\n        tally.check(&v, {name}::label, &v.vars())?;\n    }});\n    tally.finish();\n}}",
        templates.join(" "),
        name.to_lowercase(),
        name.to_lowercase()
    )
    .unwrap();
}

fn generate() -> String {
    let mut out = String::from(
        "//! GENERATED by `route_overlap_gen.rs` (which says how the enums are chosen); do not
//! edit. Regenerate: `URLKIT_BLESS=1 cargo test -p urlkit-tests --test route route_overlap_gen`.
//!
//! Route enums whose variants partly overlap, each with a property test (helpers in
//! `route_props.rs`): `to_url` builds what `Template` expands, and either `from_url` gives
//! the value back, or `to_url` refused with `ExpandErrorKind::ParsesAs` naming the variant
//! `from_url` gives that URL to.
#![allow(
    clippy::match_same_arms,
    reason = \"one arm per variant, as generated\"
)]

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::Route;
use urlkit::value::Value;

use super::{Tally, Vars, config, word};
",
    );
    for (n, chosen) in enums().iter().enumerate() {
        write_enum(&mut out, n, chosen);
    }
    out
}

#[test]
fn overlapping_enums_are_up_to_date() {
    common::check_generated(OUTPUT, &generate(), "route route_overlap_gen");
}
