//! The routes bench's work, without criterion, for counting instructions and cycles (which
//! depend little on other processes, as criterion's times on a shared machine do): every
//! target of one enum parsed once per iteration, 20 000 iterations.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example routes_count
//! for size in 16 32 130; do
//!     perf stat -e instructions:u,cycles:u target/release/examples/routes_count urlkit $size
//!     perf stat -e instructions:u,cycles:u target/release/examples/routes_count matchit $size
//! done
//! bench/count.sh routes_count urlkit 16 2000   # per iteration, minus the loop: / 16 a path
//! ```
//!
//! The first argument is who parses: `urlkit` (`from_url`), `matchit` (matchit and the same
//! decoding and conversions, as in the bench) or `none` (the loop alone); or `to_url`, which
//! writes back the value of every target (parsed once, before the loop); the second the
//! enum: `16`, `32` or `130`; the third, optional, the number of iterations. Divide the
//! difference from `none` by iterations times targets (16, 32 or 130) for the count per path.

use std::hint::black_box;

use urlkit::Route;

#[path = "../benches/routes/cases.rs"]
mod cases;

use cases::{Api, GITHUB_16, GITHUB_130, Github16, Github130, TARGETS};
use cases::{github, github_with_matchit, router32, with_matchit};

/// Parses every target `n` times with `parse`; the number of values parsed.
fn run<T>(targets: &[&str], n: usize, parse: impl Fn(&str) -> Option<T>) -> usize {
    let mut parsed = 0;
    for _ in 0..n {
        for &target in targets {
            parsed += usize::from(black_box(parse(black_box(target))).is_some());
        }
    }
    parsed
}

/// Writes the value of every target `n` times with `to_url`; the bytes written.
fn write<R: Route>(targets: &[&str], n: usize) -> usize {
    let values: Vec<R> = (targets.iter())
        .map(|t| R::from_url(t).expect("every target is a route"))
        .collect();
    let mut written = 0;
    for _ in 0..n {
        for value in &values {
            written += black_box(value)
                .to_url()
                .map_or(0, |url| url.as_str().len());
        }
    }
    written
}

fn main() {
    let mut args = std::env::args().skip(1);
    let who = args.next().expect("urlkit, matchit, to_url or none");
    let size = args.next().expect("16, 32 or 130");
    let n: usize = args.next().map_or(20_000, |n| n.parse().expect("a count"));
    let (router16, paths16) = github(GITHUB_16);
    let (router130, paths130) = github(GITHUB_130);
    let targets16: Vec<&str> = paths16.iter().map(String::as_str).collect();
    let targets130: Vec<&str> = paths130.iter().map(String::as_str).collect();
    let router = router32();
    let parsed = match (who.as_str(), size.as_str()) {
        ("urlkit", "16") => run(&targets16, n, |t| Github16::from_url(t).ok()),
        ("matchit", "16") => run(&targets16, n, |t| github_with_matchit(&router16, t)),
        ("none", "16") => run(&targets16, n, |t| Some(t.len())),
        ("urlkit", "32") => run(&TARGETS, n, |t| Api::from_url(t).ok()),
        ("matchit", "32") => run(&TARGETS, n, |t| with_matchit(&router, t)),
        ("none", "32") => run(&TARGETS, n, |t| Some(t.len())),
        ("urlkit", "130") => run(&targets130, n, |t| Github130::from_url(t).ok()),
        ("matchit", "130") => run(&targets130, n, |t| github_with_matchit(&router130, t)),
        ("none", "130") => run(&targets130, n, |t| Some(t.len())),
        ("to_url", "16") => write::<Github16>(&targets16, n),
        ("to_url", "32") => write::<Api>(&TARGETS, n),
        ("to_url", "130") => write::<Github130>(&targets130, n),
        _ => panic!("no run {who} {size}"),
    };
    println!("{parsed}");
}
