//! Allocation counts, with a counting global allocator (per thread, so tests run in
//! parallel): one allocation per built URL, one per resolution, and allocations linear in
//! the input for every entry point.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;
mod counting;

mod allocations;
mod complexity;
mod resolve_alloc;
