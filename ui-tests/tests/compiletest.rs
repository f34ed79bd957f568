//! Compile-fail tests: each `tests/ui/<family>/<case>.rs` must fail to compile with exactly the
//! `.stderr` beside it. The messages are part of the product, so each `.stderr` is read as a
//! user would read it before it is committed.
//!
//! rustc's output changes between releases, so the files are pinned to rustc 1.95 and the test
//! is skipped (reported as ignored, with the reason) on any other compiler. To update them
//! after changing a message: `TRYBUILD=overwrite cargo test -p urlkit-ui-tests`, then review
//! the diff.

#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the .stderr files are pinned to rustc 1.95"
)]
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
