//! The template and github benches' work, without criterion, for counting instructions and
//! cycles (which depend little on other processes, as criterion's times on a shared machine
//! do): one case, 100 000 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example template_count
//! perf stat -e instructions:u,cycles:u target/release/examples/template_count parse+expand github
//! valgrind --tool=callgrind target/release/examples/template_count parse+expand simple 1000
//! bench/count.sh template_count expand github 20000   # per call, minus the loop (where perf has no counters)
//! ```
//!
//! The first argument is what to run: `parse+expand` (urlkit, typed variables), `expand`
//! (parsed once), `iri-parse+expand`, `iri-expand`, `floor` (what every expansion into a new
//! `String` pays: its allocation and free, a lookup of each variable through the same closure,
//! the template's text copied), or `none` (the loop alone); the second the template: `github`,
//! `simple` or `level4`; the third, optional, the number of iterations. (`url!` and the
//! hand-written GitHub URL are counted by `github_count`, on the github bench's own code.)

use std::hint::black_box;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use urlkit::Template;
use urlkit::template::vars_fn;

#[path = "../benches/template/cases.rs"]
mod cases;

use cases::{CASES, iri_context};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().expect("what to run");
    let name = args.next().unwrap_or_else(|| "github".to_owned());
    let case = CASES
        .iter()
        .find(|case| case.name == name)
        .unwrap_or_else(|| panic!("no template {name}"));
    let template = case.template;
    let n: usize = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let lookup = |name: &str| case.typed(name);
    let typed = vars_fn(lookup);
    let parsed = Template::parse(template).unwrap();
    let ctx = iri_context(case);
    let iri = UriTemplateStr::new(template).unwrap();
    // The same work for both: each writes the expected URL.
    assert_eq!(parsed.expand(&typed).unwrap().as_str(), case.expected);
    assert_eq!(
        iri.expand::<UriSpec, _>(&ctx).unwrap().to_string(),
        case.expected
    );
    // The floor's one allocation is as large as the longest text it holds (the expansion or
    // the template), so it never grows: an expansion sized up front pays no more.
    let room = template.len().max(case.expected.len());
    let mut bytes = 0;
    for _ in 0..n {
        bytes += match what.as_str() {
            "parse+expand" => {
                let t = Template::parse(black_box(template)).unwrap();
                t.expand(black_box(&typed)).unwrap().as_str().len()
            }
            "expand" => black_box(&parsed)
                .expand(black_box(&typed))
                .unwrap()
                .as_str()
                .len(),
            "iri-parse+expand" => {
                let t = UriTemplateStr::new(black_box(template)).unwrap();
                t.expand::<UriSpec, _>(black_box(&ctx))
                    .unwrap()
                    .to_string()
                    .len()
            }
            "iri-expand" => black_box(iri)
                .expand::<UriSpec, _>(black_box(&ctx))
                .unwrap()
                .to_string()
                .len(),
            // What any expansion returning a new `String` pays whatever its engine: the
            // output's allocation and free, and one lookup of each variable through the
            // same closure, with the template's text copied once.
            "floor" => {
                let mut out = String::with_capacity(black_box(room));
                for (name, _) in case.vars {
                    black_box(lookup(black_box(name)));
                }
                out.push_str(black_box(template));
                black_box(&out).len()
            }
            "none" => black_box(template).len(),
            other => panic!("nothing to run called {other}"),
        };
    }
    println!("{bytes}");
}
