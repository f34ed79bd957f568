//! The interop features (`http`, `idna`, `serde`, `url`), each against the crate it adapts.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;

mod interop_http;
mod interop_idna;
mod interop_serde;
mod interop_url;
mod openapi_styles;
