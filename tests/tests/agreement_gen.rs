//! Writes `agreement_cases.rs`: a fixed set of templates, each as a property test that
//! expands it with `url!`, `Template::parse` and `template!` for random values and requires
//! the same `Url` or the same `ExpandError` from all three (helpers in `agreement/mod.rs`). The test
//! fails when the committed file is not what this generator gives;
//! `URLKIT_BLESS=1 cargo test -p urlkit-tests --test agreement_gen` rewrites it.
//!
//! The templates are assembled from parts, one per placement the grammar distinguishes
//! (`urlkit_syntax::plan::Context` and the step kinds): a head (scheme and authority:
//! userinfo, whole host, host label, `{.x*}` labels, port as integer or text, IPv6 literal,
//! `{+base}`, no authority, no scheme), path segments (literal, whole segment, part of a
//! segment, `{+x}`, `{/x}`, `{/x*}`, two variables, `{;x}`, `{.x}`, prefixes, a list as one
//! segment), a query (`{?x}`, `{?x*}` of lists and maps, `{&x*}`, pairs written by hand with
//! `Option`s, integers and lists, `key={+x}`, a query that is not pairs) and a fragment
//! (`#{x}`, `{#x}`, `#{+x}`, `{#x,y}` with a list and a map). Template `i` takes head
//! `i mod 13`, segments `2i` and `2i+1` (none when `i mod 4 = 3`), query `i mod 14` and
//! fragment `i mod 6`, so 40 templates use every part, in varied company. A few templates
//! written out use one variable in several places, or mix hand-written query pairs with
//! other pieces (`{k}=1`, `k=v{a}`, a whole `{k}`).
//!
//! Each variable has a Rust type fixed by its part (`Kind`), which `url!` sees and checks; the
//! generated test draws values of that type and gives the same values to `Template` as
//! `&dyn Value`.

mod common;

use std::fmt::Write as _;

use urlkit::Template;

const OUTPUT: &str = "tests/agreement_cases.rs";

/// A variable's type in the generated test, and the strategy that draws it.
#[derive(Clone, Copy)]
enum Kind {
    /// `String`.
    Text,
    /// `Option<String>`.
    Opt,
    /// `Vec<String>`, a list.
    List,
    /// `&[(String, String)]`, an associative array.
    Map,
    /// `i64`.
    Int,
    /// `Option<u32>` for a port.
    Port,
    /// `String` for a port.
    PortText,
    /// `String`, often an IPv6 address.
    Ip,
}

impl Kind {
    fn strategy(self) -> &'static str {
        match self {
            Kind::Text => "text()",
            Kind::Opt => "opt()",
            Kind::List => "list()",
            Kind::Map => "map()",
            Kind::Int => "int()",
            Kind::Port => "port()",
            Kind::PortText => "port_text()",
            Kind::Ip => "ip()",
        }
    }
}

use Kind::{Int, Ip, List, Map, Opt, Port, PortText, Text};

type Part = (&'static str, &'static [(&'static str, Kind)]);

const HEADS: &[Part] = &[
    ("https://example.com", &[]),
    ("https://{host}", &[("host", Text)]),
    ("https://api.{label}.example", &[("label", Text)]),
    ("https://www{.labels*}", &[("labels", List)]),
    ("https://example.com:{port}", &[("port", Port)]),
    ("http://[{ip}]:8080", &[("ip", Ip)]),
    ("https://{user}@example.com", &[("user", Text)]),
    (
        "https://{login}:{pass}@example.com",
        &[("login", Text), ("pass", Opt)],
    ),
    ("http://localhost:{lport}", &[("lport", PortText)]),
    ("{+base}", &[("base", Text)]),
    ("", &[]),
    ("urn:x:{nss}", &[("nss", Text)]),
    ("mailto:{to}", &[("to", Text)]),
];

const SEGMENTS: &[Part] = &[
    ("/lit", &[]),
    ("/{seg}", &[("seg", Text)]),
    ("/x{part}", &[("part", Opt)]),
    ("/{file}.json", &[("file", Text)]),
    ("/{+rest}", &[("rest", Text)]),
    ("{/maybe}", &[("maybe", Opt)]),
    ("{/items*}", &[("items", List)]),
    ("{/dir,sub}", &[("dir", Text), ("sub", Opt)]),
    ("/{left}{right}", &[("left", Opt), ("right", Text)]),
    ("/m{;params*}", &[("params", Map)]),
    ("/m{;pa,pb}", &[("pa", Text), ("pb", List)]),
    ("/f{.ext}", &[("ext", List)]),
    ("/{name:3}", &[("name", Text)]),
    ("/{+tail}/z", &[("tail", Opt)]),
    ("/%7e{tilde}", &[("tilde", Text)]),
    ("/caf\u{e9}/{n}", &[("n", Int)]),
    ("/{csv}", &[("csv", List)]),
    ("/{cut:2}x", &[("cut", Opt)]),
];

const QUERIES: &[Part] = &[
    ("", &[]),
    ("{?q,page}", &[("q", Opt), ("page", Int)]),
    ("{?tags*}", &[("tags", List)]),
    ("{?filters*}", &[("filters", Map)]),
    ("?s={s}&limit={limit}", &[("s", Opt), ("limit", Int)]),
    ("?x=1{&more*}", &[("more", Map)]),
    ("?{raw}", &[("raw", Text)]),
    ("?k={+k}", &[("k", Text)]),
    ("{?lang:2}", &[("lang", Opt)]),
    ("?id={id}&fixed=1", &[("id", List)]),
    ("{?qa}{&qb}", &[("qa", Text), ("qb", List)]),
    ("?\u{e9}={acc}", &[("acc", Text)]),
    ("?pair={pa1}-{pa2}", &[("pa1", Text), ("pa2", Opt)]),
    ("{?qm}", &[("qm", Map)]),
];

const FRAGMENTS: &[Part] = &[
    ("", &[]),
    ("#{frag}", &[("frag", Text)]),
    ("{#hash}", &[("hash", Text)]),
    ("#f{+fr}", &[("fr", Opt)]),
    ("{#fa,fb}", &[("fa", List), ("fb", Map)]),
    ("#x/{fitems*}", &[("fitems", List)]),
];

/// Templates that use one variable in several places, and queries that mix hand-written
/// pairs with other pieces.
const WRITTEN: &[Part] = &[
    ("/{id}/x{?id}", &[("id", Text)]),
    ("https://{h}/{h}{?h}#{h}", &[("h", Text)]),
    ("{/w,w}{;w}", &[("w", Opt)]),
    ("/{v:1}/{v:5}{?v:2}", &[("v", Text)]),
    ("https://example.com/{+all}{#all}", &[("all", Text)]),
    ("{+base}{/segs*}{?segs}", &[("base", Opt), ("segs", List)]),
    // Hand-written pairs beside other query pieces, which are left out when they write
    // nothing.
    ("/s?q={mq}&k=v{ma}", &[("mq", Opt), ("ma", List)]),
    (
        "/s?{mk}=1&q={mq}{&mb}#f",
        &[("mk", Opt), ("mq", List), ("mb", Map)],
    ),
    (
        "/s{?mo}&q={mq}&{mk}",
        &[("mo", Opt), ("mq", Opt), ("mk", Opt)],
    ),
    (
        "/s?q={mq}&{+mh}&k={ma}{mb}",
        &[("mq", Int), ("mh", Opt), ("ma", Opt), ("mb", List)],
    ),
];

const GENERATED: usize = 40;

/// The templates with their variables, in order.
fn templates() -> Vec<(String, Vec<(&'static str, Kind)>)> {
    let mut all = Vec::new();
    for i in 0..GENERATED {
        let mut parts = vec![HEADS[i % HEADS.len()]];
        if i % 4 != 3 {
            parts.push(SEGMENTS[(2 * i) % SEGMENTS.len()]);
            parts.push(SEGMENTS[(2 * i + 1) % SEGMENTS.len()]);
        }
        parts.push(QUERIES[i % QUERIES.len()]);
        parts.push(FRAGMENTS[i % FRAGMENTS.len()]);
        let text: String = parts.iter().map(|(text, _)| *text).collect();
        let vars = parts
            .iter()
            .flat_map(|(_, vars)| vars.iter().copied())
            .collect();
        all.push((text, vars));
    }
    all.extend(WRITTEN.iter().map(|(t, v)| ((*t).to_string(), v.to_vec())));
    all
}

/// One template as a test function.
fn test(n: usize, template: &str, vars: &[(&str, Kind)]) -> String {
    let lit = format!("{template:?}");
    let params: Vec<String> = vars
        .iter()
        .map(|(name, kind)| format!("{name} in {}", kind.strategy()))
        .collect();
    let mut slices = String::new();
    for (name, kind) in vars {
        if matches!(kind, Map) {
            writeln!(slices, "        let {name} = &{name}[..];").unwrap();
        }
    }
    let entries: Vec<String> = vars
        .iter()
        .map(|(name, _)| format!("(\"{name}\", &{name} as &dyn Value)"))
        .collect();
    format!(
        "
/// `{template}`
#[test]
fn t{n:02}() {{
    const T: Template = template!({lit});
    let tally = Tally::new({lit});
    proptest!(config(), |({params})| {{
{slices}        let by_macro = url!({lit});
        let vars: Vars<'_> = BTreeMap::from([{entries}]);
        tally.check(&by_macro, &T, &vars)?;
    }});
    tally.finish();
}}
",
        params = params.join(", "),
        entries = entries.join(", "),
    )
}

fn generate() -> String {
    let mut out = String::from(
        "//! GENERATED by `agreement_gen.rs` (which says how the templates are chosen); do
//! not edit. Regenerate: `URLKIT_BLESS=1 cargo test -p urlkit-tests --test agreement_gen`.
//!
//! For each template and random values of each variable's type, `url!` (compiled code),
//! `Template::parse` and `template!` (the interpreted plan) build the same `Url` or refuse
//! with the same `ExpandError`. Run with `--nocapture` to see how many cases of each template built
//! a URL.

mod agreement;

// As generated: rustfmt would reflow the long lines.
#[rustfmt::skip]
mod cases {
use std::collections::BTreeMap;

use proptest::proptest;
use urlkit::value::Value;
use urlkit::{Template, template, url};

use super::agreement::{Tally, Vars, config, int, ip, list, map, opt, port, port_text, text};
",
    );
    for (n, (template, vars)) in templates().iter().enumerate() {
        out.push_str(&test(n, template, vars));
    }
    out.push_str("}\n");
    out
}

#[test]
fn templates_cover_every_part_and_parse() {
    let all = templates();
    assert_eq!(all.len(), GENERATED + WRITTEN.len());
    for parts in [HEADS, SEGMENTS, QUERIES, FRAGMENTS] {
        for (part, _) in parts {
            assert!(
                all.iter().any(|(t, _)| t.contains(part)),
                "part `{part}` is in no template"
            );
        }
    }
    for (template, vars) in &all {
        let parsed = Template::parse(template).unwrap_or_else(|e| panic!("{template}: {e}"));
        // `url!` of a template without variables is a literal `Url`, not a `Result`.
        assert!(!vars.is_empty(), "{template} has no variable");
        // Each variable is declared once, with one type, in the order the template uses it.
        let names: Vec<&str> = vars.iter().map(|(name, _)| *name).collect();
        assert!(
            parsed.variables().eq(names.iter().copied()),
            "{template}: variables {names:?}"
        );
    }
}

#[test]
fn generated_file_is_up_to_date() {
    let text = generate();
    common::check_generated(OUTPUT, &text, "agreement_gen");
}
