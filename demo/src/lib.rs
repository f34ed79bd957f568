//! The demo is its example, `tour`: `cargo run --example tour`.
