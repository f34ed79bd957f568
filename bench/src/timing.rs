//! What the `*_time` examples share: timing short batches of calls, taken in turn for each
//! contender so that all see the same load on a shared machine, and summing them up.

use std::time::Instant;

/// Nanoseconds a call of `f`, over a batch of `n` calls.
pub fn batch(n: u32, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    start.elapsed().as_secs_f64() * 1e9 / f64::from(n)
}

/// The fastest and the median of `times` (not empty).
///
/// # Panics
/// If `times` is empty.
#[must_use]
pub fn fastest_and_median(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}
