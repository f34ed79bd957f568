//! `from_url` on route enums, against `matchit` (the router axum uses) doing the same matching
//! plus the same value decoding and conversion: each captured value through
//! `decode::component` (query values `decode::form`) and `FromParam::from_param`, into the same
//! enum. Both parse the same request targets, each checked to give the same value before
//! anything is measured. Three enums:
//!
//! - `32`: 32 routes of a REST API (GitHub's), with query parameters of every kind, integers
//!   and a `{/path*}` tail; one target per route;
//! - `130`: the 130 GitHub API routes of matchit's own benchmark (`benches/bench.rs` in
//!   ibraheemdev/matchit, which took them from httprouter), as one enum, parsed on the same
//!   paths that benchmark uses (each route with its placeholders written as their names,
//!   `/repos/p1/p2/events`);
//! - `16`: every eighth of those 130 routes (route `i * 130 / 16` for `i` in `0..16`), on their
//!   paths: how the time per path grows with the number of routes.
//!
//! One iteration parses every target of its enum once; divide by the number of targets for
//! the time per path.
//!
//! `cargo bench -p urlkit-bench --bench routes -- --warm-up-time 1 --measurement-time 3`,
//! then `python3 bench/ratios.py` for the ratios.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use urlkit::Route;

#[path = "routes/cases.rs"]
mod cases;

use cases::{Api, GITHUB_16, GITHUB_130, Github16, Github130, TARGETS};
use cases::{github, github_with_matchit, router32, with_matchit};

/// Both ways agree on every target, then each is timed parsing all of them.
fn compare<T: Route + PartialEq + std::fmt::Debug>(
    c: &mut Criterion,
    size: &str,
    targets: &[&str],
    theirs: impl Fn(&str) -> Option<T>,
) {
    for &target in targets {
        let ours = T::from_url(target).unwrap_or_else(|e| panic!("{target}: {e}"));
        let matched = theirs(target).unwrap_or_else(|| panic!("{target}: matchit"));
        assert_eq!(ours, matched, "{target}");
    }
    let mut group = c.benchmark_group("routes");
    group.throughput(Throughput::Elements(targets.len() as u64));
    group.bench_with_input(BenchmarkId::new("urlkit", size), targets, |b, targets| {
        b.iter(|| {
            for &target in targets {
                black_box(T::from_url(black_box(target)).ok());
            }
        });
    });
    group.bench_with_input(BenchmarkId::new("matchit", size), targets, |b, targets| {
        b.iter(|| {
            for &target in targets {
                black_box(theirs(black_box(target)));
            }
        });
    });
    group.finish();
}

fn routes(c: &mut Criterion) {
    let (router, paths) = github(GITHUB_16);
    let targets: Vec<&str> = paths.iter().map(String::as_str).collect();
    compare::<Github16>(c, "16", &targets, |t| github_with_matchit(&router, t));

    let router32 = router32();
    compare::<Api>(c, "32", &TARGETS, |t| with_matchit(&router32, t));

    let (router, paths) = github(GITHUB_130);
    let targets: Vec<&str> = paths.iter().map(String::as_str).collect();
    compare::<Github130>(c, "130", &targets, |t| github_with_matchit(&router, t));
}

criterion_group!(benches, routes);
criterion_main!(benches);
