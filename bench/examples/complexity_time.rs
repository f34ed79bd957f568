//! The absolute cost of each complexity case at about 1 MB of input: the fastest of three
//! calls, in milliseconds (what `URLKIT_COMPLEXITY_REPORT` printed when the complexity test
//! timed itself; a time, so it is printed here, never asserted).
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example complexity_time
//! "${CARGO_TARGET_DIR:-target}"/release/examples/complexity_time [case name filter]
//! ```
//!
//! The cases are those of `tests/tests/allocations/complexity/cases.rs`.

use std::time::Instant;

#[path = "../../tests/tests/allocations/complexity/cases.rs"]
mod cases;

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    for (group, cases) in cases::GROUPS {
        for case in cases().into_iter().filter(|c| c.name.contains(&filter)) {
            let call = (case.prepare)((1 << 20) / case.unit_len.max(1));
            let fastest = (0..3)
                .map(|_| {
                    let start = Instant::now();
                    call();
                    start.elapsed()
                })
                .min()
                .unwrap_or_default();
            println!(
                "{group:<20} {:<48} 1 MB: {:>9.3} ms",
                case.name,
                fastest.as_secs_f64() * 1e3
            );
        }
    }
}
