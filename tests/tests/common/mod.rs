//! Reading the public suites in `../shared/testdata` (see its PROVENANCE.md).

use std::path::PathBuf;

use serde_json::Value;

/// Parses `shared/testdata/<name>`, which sits beside the workspace (`../shared` from its
/// root; CI checks it out there).
pub(crate) fn testdata(name: &str) -> Value {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "shared",
        "testdata",
        name,
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}
