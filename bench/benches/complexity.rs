//! Time of every parse, decode, encode and expand entry point on adversarial inputs at two
//! sizes, `n` and `10 n` units: the cases of `tests/tests/allocations/complexity/cases.rs`,
//! the ones the deterministic test counts allocations of. That test cannot see quadratic work that
//! allocates nothing (a search of every expression per segment, a comparison of every error
//! or variable name with all the others); times can, and belong here, not in a test.
//!
//! ```sh
//! cargo bench -p urlkit-bench --bench complexity -- --warm-up-time 1 --measurement-time 2
//! python3 bench/ratios.py        # time(10 n) / time(n) for each case: about 10 if linear
//! ```
//!
//! One group per group of cases (`complexity/<group>`), one function per case, its input size
//! in units as the parameter. The throughput is the input's bytes, so criterion's report
//! shows a linear case at the same bytes per second at both sizes. Small sizes, as in the
//! test this replaces: both inputs stay in the processor's private caches (past them, the
//! time of linear code stepped up 20 to 40 times for 10 times the input on a shared machine),
//! while a quadratic case is already 100 times slower at 10 n. Deterministic counts of the
//! same calls, in instructions: `examples/complexity_count.rs`.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

#[path = "../../tests/tests/allocations/complexity/cases.rs"]
mod cases;

/// The smaller size, in units; the larger is ten times it.
const SMALL: usize = 200;

fn bench(c: &mut Criterion) {
    for (name, cases) in cases::GROUPS {
        let mut group = c.benchmark_group(format!("complexity/{name}"));
        for case in cases() {
            for n in [SMALL, 10 * SMALL] {
                let call = (case.prepare)(n);
                group.throughput(Throughput::Bytes((n * case.unit_len) as u64));
                group.bench_function(BenchmarkId::new(case.name, n), |b| b.iter(&*call));
            }
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // 138 functions: short by default (the command line overrides it).
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = bench
}
criterion_main!(benches);
