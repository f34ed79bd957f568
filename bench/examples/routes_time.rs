//! Time, not instructions: `from_url` against matchit (plus the same decoding) on the routes
//! bench's enums, in alternating short batches so that both see the same load on a shared
//! machine; prints the fastest and the median batch of each, per path, and their ratios
//! (matchit / urlkit). With `paths`, the same for every target of the enum on its own.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example routes_time
//! target/release/examples/routes_time 32 300          # the whole enum, 300 rounds
//! target/release/examples/routes_time 32 100 paths    # each target alone
//! ```
//!
//! `routes_time 32 <rounds> <index> <urlkit|matchit|none>` runs one contender alone on one
//! target (no report), for counting its instructions with valgrind.
//!
//! The loops are those of `benches/routes.rs` (the value dropped after `black_box`).

use std::hint::black_box;
use std::time::Instant;

use urlkit::Route;
use urlkit_bench::timing::fastest_and_median;

#[path = "../benches/routes/cases.rs"]
mod cases;

use cases::{Api, GITHUB_16, GITHUB_130, Github16, Github130, TARGETS};
use cases::{github, github_with_matchit, router32, with_matchit};

/// Iterations over the targets in a batch.
const BATCH: u32 = 200;

/// Nanoseconds a path, over a batch of `BATCH` passes over `targets`.
fn batch<T>(targets: &[&str], parse: &impl Fn(&str) -> Option<T>) -> f64 {
    let start = Instant::now();
    for _ in 0..BATCH {
        for &target in targets {
            black_box(parse(black_box(target)));
        }
    }
    // At most 130 targets: exact as an `f64`.
    let paths = f64::from(u32::try_from(targets.len()).expect("a few hundred paths at most"));
    start.elapsed().as_secs_f64() * 1e9 / f64::from(BATCH) / paths
}

/// Alternating batches of both over `targets`: (urlkit, matchit) each (fastest, median).
fn compare<T>(
    targets: &[&str],
    rounds: usize,
    ours: &impl Fn(&str) -> Option<T>,
    theirs: &impl Fn(&str) -> Option<T>,
) -> ((f64, f64), (f64, f64)) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        a.push(batch(targets, ours));
        b.push(batch(targets, theirs));
    }
    (fastest_and_median(a), fastest_and_median(b))
}

fn report<T>(
    label: &str,
    targets: &[&str],
    rounds: usize,
    ours: &impl Fn(&str) -> Option<T>,
    theirs: &impl Fn(&str) -> Option<T>,
) {
    let ((of, om), (tf, tm)) = compare(targets, rounds, ours, theirs);
    println!(
        "{label}: urlkit fastest {of:.1} median {om:.1}; matchit fastest {tf:.1} median {tm:.1}; \
         ratio fastest {:.2}x median {:.2}x",
        tf / of,
        tm / om
    );
}

fn run<T>(
    targets: &[&str],
    rounds: usize,
    mode: &Mode,
    ours: impl Fn(&str) -> Option<T>,
    theirs: impl Fn(&str) -> Option<T>,
) {
    if let Mode::One(i, who) = mode {
        // For valgrind: one target, one contender (`none`: neither), no report.
        let one = &targets[*i..=*i];
        for _ in 0..rounds {
            match who.as_str() {
                "urlkit" => black_box(batch(one, &ours)),
                "matchit" => black_box(batch(one, &theirs)),
                _ => black_box(batch(one, &|t: &str| Some(t.len()))),
            };
        }
    } else if matches!(mode, Mode::Paths) {
        for target in targets {
            report(target, &[target], rounds, &ours, &theirs);
        }
    } else {
        report("ns a path", targets, rounds, &ours, &theirs);
    }
}

/// What to run: both on all targets at once, both on each target, or one on one target.
enum Mode {
    All,
    Paths,
    One(usize, String),
}

fn main() {
    let mut args = std::env::args().skip(1);
    let size = args.next().expect("16, 32 or 130");
    let rounds: usize = args.next().map_or(300, |n| n.parse().expect("a count"));
    let mode = match args.next() {
        None => Mode::All,
        Some(p) if p == "paths" => Mode::Paths,
        Some(i) => Mode::One(
            i.parse().expect("paths or an index"),
            args.next().expect("who"),
        ),
    };
    let (router16, paths16) = github(GITHUB_16);
    let (router130, paths130) = github(GITHUB_130);
    let targets16: Vec<&str> = paths16.iter().map(String::as_str).collect();
    let targets130: Vec<&str> = paths130.iter().map(String::as_str).collect();
    let router = router32();
    match size.as_str() {
        "16" => run(
            &targets16,
            rounds,
            &mode,
            |t| Github16::from_url(t).ok(),
            |t| github_with_matchit(&router16, t),
        ),
        "32" => run(
            &TARGETS,
            rounds,
            &mode,
            |t| Api::from_url(t).ok(),
            |t| with_matchit(&router, t),
        ),
        "130" => run(
            &targets130,
            rounds,
            &mode,
            |t| Github130::from_url(t).ok(),
            |t| github_with_matchit(&router130, t),
        ),
        _ => panic!("no enum {size}"),
    }
}
