//! The lenient bench's work, without criterion, for counting instructions: each library
//! reads the inputs of the WPT `urltestdata.json` cases (those without a base parsed, the
//! others resolved against their base, read beforehand: a `LenientBase`, a `url::Url`) or the 43 real hrefs of
//! `benches/lenient/hrefs.tsv` against their pages, 200 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example lenient_count
//! for lib in urlkit url none; do for set in wpt hrefs; do
//!     valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/lenient_count $lib $set 2>&1 | grep refs
//! done; done
//! ```
//!
//! `none` is the loop alone. Instruction counts do not move with the load of the machine,
//! which criterion's times on a shared machine do.

use std::hint::black_box;

use urlkit::Url;

const URLTESTDATA: &str = include_str!("../../tests/data/wpt-url__urltestdata.json");
const HREFS: &str = include_str!("../benches/lenient/hrefs.tsv");

fn main() {
    let mut args = std::env::args().skip(1);
    let library = args.next().expect("urlkit, url or none");
    let set = args.next().expect("wpt or hrefs");
    let data: serde_json::Value = serde_json::from_str(URLTESTDATA).unwrap();
    let cases: Vec<(&str, Option<&str>)> = match set.as_str() {
        "wpt" => data
            .as_array()
            .unwrap()
            .iter()
            .filter(|case| case.is_object())
            .map(|case| (case["input"].as_str().unwrap(), case["base"].as_str()))
            .collect(),
        "hrefs" => HREFS
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| {
                let (page, href) = line.split_once('\t').unwrap();
                (href, Some(page))
            })
            .collect(),
        other => panic!("unknown set `{other}`"),
    };
    // The cases whose base both libraries read, with both bases parsed once.
    let inputs: Vec<(&str, Option<(Url, url::Url)>)> = cases
        .into_iter()
        .filter_map(|(input, base)| match base {
            None => Some((input, None)),
            Some(base) => {
                let ours = Url::parse_lenient(base).ok()?.into_url();
                let theirs = url::Url::parse(base).ok()?;
                Some((input, Some((ours, theirs))))
            }
        })
        .collect();
    let bases: Vec<Option<urlkit::LenientBase<'_>>> = inputs
        .iter()
        .map(|(_, base)| base.as_ref().map(|(ours, _)| ours.lenient_base().unwrap()))
        .collect();
    let mut accepted = 0usize;
    for _ in 0..200 {
        for ((input, base), lenient_base) in inputs.iter().zip(&bases) {
            let ok = match (library.as_str(), base) {
                ("urlkit", None) => Url::parse_lenient(black_box(input)).is_ok(),
                ("urlkit", Some(_)) => lenient_base
                    .as_ref()
                    .is_some_and(|b| b.resolve(black_box(input)).is_ok()),
                ("url", None) => url::Url::parse(black_box(input)).is_ok(),
                ("url", Some((_, theirs))) => theirs.join(black_box(input)).is_ok(),
                ("none", _) => false,
                (other, _) => panic!("unknown library `{other}`"),
            };
            accepted += usize::from(ok);
        }
    }
    println!("{accepted} read, of {} inputs", inputs.len() * 200);
}
