//! Criterion benchmarks of urlkit live in `benches/`; run them with `cargo bench -p urlkit-bench`.

pub mod encoding_inputs;
pub mod timing;
