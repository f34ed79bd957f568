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
    place_openapi_documents();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}

/// `openapi!` reads its document relative to the crate being compiled, which for a case is
/// the project trybuild writes in `<target>/tests/trybuild/urlkit-ui-tests/`; the documents
/// beside the cases are copied there, into `openapi/`.
fn place_openapi_documents() {
    let executable = std::env::current_exe().expect("the test's own path");
    // `<target>/<profile>/deps/<test binary>`
    let target = executable
        .ancestors()
        .nth(3)
        .expect("the test binary lives in `<target>/<profile>/deps`");
    let project = target.join("tests/trybuild/urlkit-ui-tests/openapi");
    std::fs::create_dir_all(&project).expect("create the documents' folder");
    let cases = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/openapi");
    for entry in std::fs::read_dir(cases).expect("the openapi cases") {
        let path = entry.expect("a directory entry").path();
        if matches!(
            path.extension().and_then(|extension| extension.to_str()),
            Some("json" | "yaml")
        ) {
            std::fs::copy(&path, project.join(path.file_name().expect("a file name")))
                .expect("copy a document");
        }
    }
}
