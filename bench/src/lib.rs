//! Criterion benchmarks of urlkit live in `benches/`; run them with `cargo bench -p urlkit-bench`.
