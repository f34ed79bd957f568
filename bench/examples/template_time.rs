//! Time, not instructions: `Template::expand` (parsed once) against iri-string's expand on the
//! template bench's GitHub and level4 cases, measured in alternating batches, so that both
//! see the same load on a shared machine; prints the fastest and the median batch of each and
//! their ratios (iri-string / urlkit). With `parse+expand` after the count, each call parses
//! the template first (`Template::parse`, `UriTemplateStr::new`), as the bench's
//! `template/parse+expand` rows do.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example template_time
//! target/release/examples/template_time level4 1000
//! target/release/examples/template_time simple 1000 parse+expand
//! ```
//!
//! Criterion runs one function for seconds before the next, so a change of load between them
//! moves the ratio (on 2 shared cores, 7.1x to 9.9x for the same binary); batches of a few
//! hundred microseconds taken in turn keep the ratio of the fastest batches within about 2%.
//! The cases are those of `benches/template.rs` (`benches/template/cases.rs`).

use std::hint::black_box;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use urlkit::Template;
use urlkit::template::vars_fn;
use urlkit_bench::timing::{batch, fastest_and_median};

#[path = "../benches/template/cases.rs"]
mod cases;

use cases::{CASES, iri_context};

/// Expansions a batch of urlkit; iri-string's batches are an eighth as long, so that both
/// take a few hundred microseconds.
const BATCH: u32 = 2000;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "github".to_owned());
    let case = CASES
        .iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no template {name}"));
    let template = case.template;
    let rounds: usize = args.next().map_or(1000, |n| n.parse().expect("a count"));
    let parse = match args.next().as_deref() {
        None | Some("expand") => false,
        Some("parse+expand") => true,
        Some(other) => panic!("nothing to time called {other}"),
    };
    let typed = vars_fn(|name: &str| case.typed(name));
    let parsed = Template::parse(template).unwrap();
    let ctx = iri_context(case);
    let iri = UriTemplateStr::new(template).unwrap();
    // The same work for both: each writes the expected URL.
    assert_eq!(parsed.expand(&typed).unwrap().as_str(), case.expected);
    assert_eq!(
        iri.expand::<UriSpec, _>(&ctx).unwrap().to_string(),
        case.expected
    );
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    if parse {
        // Parsing costs both about the same: batches of the same length.
        for _ in 0..rounds {
            ours.push(batch(BATCH / 8, || {
                let t = Template::parse(black_box(template)).unwrap();
                black_box(t.expand(black_box(&typed)).unwrap());
            }));
            theirs.push(batch(BATCH / 8, || {
                let t = UriTemplateStr::new(black_box(template)).unwrap();
                black_box(t.expand::<UriSpec, _>(black_box(&ctx)).unwrap().to_string());
            }));
        }
    } else {
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
