//! Time, not instructions: the github bench's contenders (`url!` against iri-string's
//! template expansion, `url::Url`'s builders, `push_str` with percent-encoding and `format!` with
//! urlencoding, on the same
//! values) in alternating short batches, so that all see the same load on a shared machine;
//! prints the fastest and the median batch of each, per URL, and their ratios (other / `url!`).
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example github_time
//! target/release/examples/github_time escaped 1000
//! ```
//!
//! Criterion runs one function for seconds before the next, so a change of load between them
//! moves the ratio (on 2 shared cores, `url!` against iri-string measured 10× to 17× across
//! full runs of the same tree); batches of a few hundred microseconds taken in turn do not.
//! The first argument is the values, `plain` or `escaped`; the second, optional, the number of
//! rounds.

use std::hint::black_box;

use iri_string::template::UriTemplateStr;
use urlkit_bench::timing::{batch, fastest_and_median};

#[path = "../benches/github/contenders.rs"]
mod contenders;

use contenders::{ESCAPED, PLAIN, format_urlencoding, hand_written, iri_string, url_crate, urlkit};

fn main() {
    let mut args = std::env::args().skip(1);
    let values = match args.next().as_deref() {
        Some("plain") | None => PLAIN,
        Some("escaped") => ESCAPED,
        Some(other) => panic!("no values {other}"),
    };
    let rounds: usize = args.next().map_or(1000, |n| n.parse().expect("a count"));
    let template = UriTemplateStr::new(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
    )
    .expect("valid template");
    let base = url::Url::parse("https://api.github.com/").expect("valid base");
    let ours = urlkit(values);
    assert_eq!(iri_string(template, values), ours);
    assert_eq!(hand_written(values), ours);
    assert_eq!(format_urlencoding(values), ours);
    // The `url` crate writes the same URL in its form encoding (`+`, `%2C`), as the bench
    // checks; here, that it reads back to the same components.
    let theirs = url::Url::parse(&url_crate(&base, values)).expect("a URL");
    let read = url::Url::parse(&ours).expect("a URL");
    assert_eq!(theirs.path(), read.path());
    assert!(theirs.query_pairs().eq(read.query_pairs()));

    // Each batch takes a few hundred microseconds: `url!` about 80 ns a call here.
    let mut times: [Vec<f64>; 5] = Default::default();
    for _ in 0..rounds {
        times[0].push(batch(4000, || {
            black_box(urlkit(black_box(values)));
        }));
        times[1].push(batch(250, || {
            black_box(iri_string(template, black_box(values)));
        }));
        times[2].push(batch(500, || {
            black_box(url_crate(&base, black_box(values)));
        }));
        times[3].push(batch(2000, || {
            black_box(hand_written(black_box(values)));
        }));
        times[4].push(batch(500, || {
            black_box(format_urlencoding(black_box(values)));
        }));
    }
    let [ours, iri, url, push_str, format] = times.map(fastest_and_median);
    println!("ns a URL: url! fastest {:.1}, median {:.1}", ours.0, ours.1);
    for (name, theirs) in [
        ("iri-string", iri),
        ("url::Url", url),
        ("push_str", push_str),
        ("format!", format),
    ] {
        println!(
            "{name}: fastest {:.1}, median {:.1}; ratio fastest {:.2}x, median {:.2}x",
            theirs.0,
            theirs.1,
            theirs.0 / ours.0,
            theirs.1 / ours.1
        );
    }
}
