//! Lenient reading: `Url::parse_lenient` and `Url::resolve_lenient` against the `url` crate's
//! parser (`url::Url::parse`, `url::Url::join`), each given the same inputs.
//!
//! - `wpt`: every input of the WPT `urltestdata.json` cases (read from the vendored
//!   `tests/data` file): those without a base parsed, the others resolved against their base,
//!   parsed once outside the loop (the cases whose base both libraries read: 885 of 891);
//! - `hrefs`: 43 real `href`s of four pages of the WHATWG's site (`lenient/hrefs.tsv`, with
//!   their source), each resolved against its page.
//!
//! One iteration reads every input, accepted or refused; a result is kept until the next.
//! Each page is a base read once for all its references on both sides: a `LenientBase`
//! (`Url::lenient_base`) and a parsed `url::Url`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use urlkit::{LenientBase, Url};

const URLTESTDATA: &str = include_str!("../../tests/data/wpt-url__urltestdata.json");
const HREFS: &str = include_str!("lenient/hrefs.tsv");

/// One input: its text, and the index of its base in the bases, if it has one.
type Input<'a> = (&'a str, Option<usize>);

/// The inputs, and each library's parsed bases (the same ones, in the same order).
struct Inputs<'a> {
    texts: Vec<Input<'a>>,
    ours: Vec<Url>,
    theirs: Vec<url::Url>,
}

impl<'a> Inputs<'a> {
    fn new(cases: impl IntoIterator<Item = (&'a str, Option<&'a str>)>) -> Self {
        let mut inputs = Inputs {
            texts: Vec::new(),
            ours: Vec::new(),
            theirs: Vec::new(),
        };
        let mut bases: Vec<&str> = Vec::new();
        for (input, base) in cases {
            let Some(base) = base else {
                inputs.texts.push((input, None));
                continue;
            };
            let index = if let Some(i) = bases.iter().position(|b| *b == base) {
                i
            } else {
                let (Ok(ours), Ok(theirs)) = (Url::parse_lenient(base), url::Url::parse(base))
                else {
                    continue;
                };
                bases.push(base);
                inputs.ours.push(ours.into_url());
                inputs.theirs.push(theirs);
                bases.len() - 1
            };
            inputs.texts.push((input, Some(index)));
        }
        inputs
    }
}

fn urlkit(inputs: &Inputs<'_>, bases: &[LenientBase<'_>]) -> usize {
    let mut accepted = 0;
    for &(input, base) in &inputs.texts {
        let read = match base {
            None => Url::parse_lenient(input),
            Some(i) => bases[i].resolve(input),
        };
        accepted += usize::from(black_box(read).is_ok());
    }
    accepted
}

fn url_crate(inputs: &Inputs<'_>) -> usize {
    let mut accepted = 0;
    for &(input, base) in &inputs.texts {
        let read = match base {
            None => url::Url::parse(input),
            Some(i) => inputs.theirs[i].join(input),
        };
        accepted += usize::from(black_box(read).is_ok());
    }
    accepted
}

fn bench(c: &mut Criterion) {
    let data: serde_json::Value = serde_json::from_str(URLTESTDATA).unwrap();
    let wpt = Inputs::new(
        data.as_array()
            .unwrap()
            .iter()
            .filter(|case| case.is_object())
            .map(|case| (case["input"].as_str().unwrap(), case["base"].as_str())),
    );
    assert_eq!(
        wpt.texts.len(),
        885,
        "the WPT cases whose base both libraries read"
    );
    let hrefs = Inputs::new(
        HREFS
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| {
                let (page, href) = line.split_once('\t').unwrap();
                (href, Some(page))
            }),
    );
    assert_eq!(hrefs.texts.len(), 43);
    let base_of = |inputs: &Inputs<'_>| -> Vec<Url> { inputs.ours.clone() };
    let (wpt_pages, href_pages) = (base_of(&wpt), base_of(&hrefs));
    let wpt_bases: Vec<LenientBase<'_>> = wpt_pages
        .iter()
        .map(|u| u.lenient_base().unwrap())
        .collect();
    let href_bases: Vec<LenientBase<'_>> = href_pages
        .iter()
        .map(|u| u.lenient_base().unwrap())
        .collect();
    // Every real href reads, with both libraries.
    assert_eq!((urlkit(&hrefs, &href_bases), url_crate(&hrefs)), (43, 43));

    let mut group = c.benchmark_group("lenient");
    for (name, inputs, bases) in [("wpt", &wpt, &wpt_bases), ("hrefs", &hrefs, &href_bases)] {
        group.bench_with_input(BenchmarkId::new("urlkit", name), inputs, |b, i| {
            b.iter(|| urlkit(black_box(i), bases));
        });
        group.bench_with_input(BenchmarkId::new("url", name), inputs, |b, i| {
            b.iter(|| url_crate(black_box(i)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
