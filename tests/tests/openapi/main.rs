//! Typed routes from OpenAPI documents (`urlkit::openapi!`): every operation of the real API
//! descriptions vendored in `tests/data/openapi` and of the specification's Style Examples,
//! built from generated values, against a serializer written from OpenAPI 3.1.1 and RFC 6570
//! ([`serializer`]), read back by `from_url` and by the `url` crate.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;

mod client_server;
mod documents;
mod generate;
mod harness;
mod harness_selftest;
mod real_documents;
mod serializer;
mod style_examples;
