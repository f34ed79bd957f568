//! The differential test against the independent RFC 6570 oracle (`common/oracle/`), and the
//! fuzz corpora replayed with the fuzz targets' checks.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/oracle/generate.rs"]
mod generate;
#[path = "../common/oracle/mod.rs"]
mod oracle;

mod fuzz_corpora;
mod oracle_rfc6570;
