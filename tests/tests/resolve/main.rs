//! RFC 3986 reference resolution (§5.2) and normalization (§6): the RFC's examples, its
//! ABNF as a generator, properties, and the WHATWG URL Standard's differences.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;
mod resolution;
mod rfc3986;
#[allow(dead_code, reason = "the WHATWG rules are applied here, not counted")]
#[path = "../common/whatwg.rs"]
mod whatwg;

mod normalize_props;
mod resolve_props;
mod resolve_rfc3986;
mod resolve_whatwg;
mod rfc3986_abnf;
mod rfc3986_examples;
