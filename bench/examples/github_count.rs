//! The github bench's work, without criterion, for counting instructions (which depend little
//! on other processes, as criterion's times on a shared machine do): one contender, one set
//! of values, 100 000 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example github_count
//! perf stat -e instructions:u target/release/examples/github_count url! plain
//! valgrind --tool=callgrind target/release/examples/github_count url! escaped 1000
//! bench/count.sh github_count 'url!' plain 20000   # per call, minus the loop (where perf has no counters)
//! ```
//!
//! The first argument is the contender, as in `benches/github.rs` (whose functions this runs,
//! `benches/github/contenders.rs`): `url!`, `push_str` (by hand with percent-encoding),
//! `format!` (with urlencoding), `url::Url`, `iri-string` (template parsed once) or `none` (the
//! loop alone); the second the values, `plain` or `escaped`; the third, optional, the number
//! of iterations. Per call: (count of N − count of `none` with N) / N.

use std::hint::black_box;

use iri_string::template::UriTemplateStr;

#[path = "../benches/github/contenders.rs"]
mod contenders;

use contenders::{ESCAPED, PLAIN, format_urlencoding, hand_written, iri_string, url_crate, urlkit};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().expect("what to run");
    let values = match args.next().as_deref() {
        Some("plain") | None => PLAIN,
        Some("escaped") => ESCAPED,
        Some(other) => panic!("no values {other}"),
    };
    let n: usize = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let template = UriTemplateStr::new(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
    )
    .expect("valid template");
    let base = url::Url::parse("https://api.github.com/").expect("valid base");
    let mut bytes = 0;
    for _ in 0..n {
        let v = black_box(values);
        bytes += match what.as_str() {
            "url!" => urlkit(v).len(),
            "push_str" => hand_written(v).len(),
            "format!" => format_urlencoding(v).len(),
            "url::Url" => url_crate(&base, v).len(),
            "iri-string" => iri_string(template, v).len(),
            "none" => v.owner.len(),
            other => panic!("nothing to run called {other}"),
        };
    }
    println!("{bytes}");
}
