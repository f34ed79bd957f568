//! Time, not instructions: `Template::expand` (parsed once) against iri-string's expand on the
//! template bench's GitHub and level4 cases, measured in alternating batches, so that both
//! see the same load on a shared machine; prints the fastest and the median batch of each and
//! their ratios (iri-string / urlkit).
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example template_time
//! target/release/examples/template_time level4 1000
//! ```
//!
//! Criterion runs one function for seconds before the next, so a change of load between them
//! moves the ratio (on 2 shared cores, 7.1x to 9.9x for the same binary); batches of a few
//! hundred microseconds taken in turn keep the ratio of the fastest batches within about 2%.
//! The cases are those of `benches/template.rs` and `template_count.rs`.

use std::hint::black_box;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::simple_context::{SimpleContext, Value as IriValue};
use urlkit::Template;
use urlkit::template::vars_fn;
use urlkit::value::Value;
use urlkit_bench::timing::{batch, fastest_and_median};

/// One variable, as in `benches/template.rs`.
#[derive(Clone, Copy)]
enum Var {
    Text(&'static str),
    Number(u64),
    List(&'static [&'static str]),
    Pairs(&'static [(&'static str, &'static str)]),
}

type Case = (&'static str, &'static [(&'static str, Var)]);

const GITHUB: Case = (
    "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
    &[
        ("owner", Var::Text("rust-lang")),
        ("repo", Var::Text("rust")),
        ("state", Var::Text("open")),
        ("labels", Var::List(&["A-macros", "C-bug"])),
        ("page", Var::Number(2)),
    ],
);
const LEVEL4: Case = (
    "{/list*}{?keys*}",
    &[
        ("list", Var::List(&["red", "green", "blue"])),
        (
            "keys",
            Var::Pairs(&[("comma", ","), ("dot", "."), ("semi", ";")]),
        ),
    ],
);

/// Expansions a batch of urlkit; iri-string's batches are an eighth as long, so that both
/// take a few hundred microseconds.
const BATCH: u32 = 2000;

fn typed_value(var: &Var) -> &dyn Value {
    match var {
        Var::Text(text) => text,
        Var::Number(n) => n,
        Var::List(items) => items,
        Var::Pairs(pairs) => pairs,
    }
}

fn iri_context(vars: &[(&'static str, Var)]) -> SimpleContext {
    let mut ctx = SimpleContext::new();
    for (name, var) in vars {
        let value = match *var {
            Var::Text(text) => IriValue::String(text.to_owned()),
            Var::Number(n) => IriValue::String(n.to_string()),
            Var::List(items) => IriValue::List(items.iter().map(|s| (*s).to_owned()).collect()),
            Var::Pairs(pairs) => IriValue::Assoc(
                pairs
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
            ),
        };
        ctx.insert(*name, value);
    }
    ctx
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (template, vars) = match args.next().as_deref() {
        Some("github") | None => GITHUB,
        Some("level4") => LEVEL4,
        Some(other) => panic!("no template {other}"),
    };
    let rounds: usize = args.next().map_or(1000, |n| n.parse().expect("a count"));
    let typed = vars_fn(|name: &str| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, var)| typed_value(var))
    });
    let parsed = Template::parse(template).unwrap();
    let ctx = iri_context(vars);
    let iri = UriTemplateStr::new(template).unwrap();
    assert_eq!(
        parsed.expand(&typed).unwrap().as_str(),
        iri.expand::<UriSpec, _>(&ctx).unwrap().to_string()
    );
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        ours.push(batch(BATCH, || {
            black_box(black_box(&parsed).expand(black_box(&typed)).unwrap());
        }));
        theirs.push(batch(BATCH / 8, || {
            black_box(
                black_box(iri)
                    .expand::<UriSpec, _>(black_box(&ctx))
                    .unwrap()
                    .to_string(),
            );
        }));
    }
    let (our_fastest, our_median) = fastest_and_median(ours);
    let (their_fastest, their_median) = fastest_and_median(theirs);
    println!(
        "ns a call: urlkit fastest {our_fastest:.1}, median {our_median:.1}; \
         iri-string fastest {their_fastest:.1}, median {their_median:.1}; \
         ratio fastest {:.2}x, median {:.2}x",
        their_fastest / our_fastest,
        their_median / our_median
    );
}
