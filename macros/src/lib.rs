//! Procedural macros of [urlkit](https://docs.rs/urlkit). Depend on `urlkit`, which re-exports
//! them; this crate's API is an implementation detail.
