//! Reading the public suites vendored in `tests/data` (see its PROVENANCE.md), and keeping
//! generated test files in step with their generators.

use std::path::PathBuf;

use serde_json::Value;

/// Parses `tests/data/<name>`, a suite vendored in the repository (nothing is read from
/// outside it).
#[allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]
pub(crate) fn testdata(name: &str) -> Value {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// The tests crate's directory, read when the test runs: `cargo test` sets
/// `CARGO_MANIFEST_DIR` for the test process. Not `env!`, which is fixed when the binary is
/// built: cargo does not rebuild a test binary when the checkout moves (`.ci/run` tests a
/// fresh copy each time, with one shared target directory), and the old path is gone.
#[allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]
pub(crate) fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

/// The path of `tests/data/<name>`.
#[allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]
pub(crate) fn data_path(name: &str) -> PathBuf {
    manifest_dir().join("data").join(name)
}

/// Checks that the committed `tests/<file>` is `text`, as its generator writes it now; with
/// `URLKIT_BLESS` set, writes it first. `generator` is how to run it: the area's test binary
/// and the generator's module (`template agreement_gen`).
#[allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]
pub(crate) fn check_generated(file: &str, text: &str, generator: &str) {
    let path = manifest_dir().join(file).display().to_string();
    if std::env::var_os("URLKIT_BLESS").is_some() {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{file} is out of date; run `URLKIT_BLESS=1 cargo test -p urlkit-tests --test {generator}`"
    );
}

/// Arbitrary strings, with the ones that matter most for URLs made likely: delimiters, `%`,
/// space, non-ASCII, dot segments (also percent-encoded) and the empty string.
#[allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]
pub(crate) fn hostile_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop_oneof![
        4 => any::<String>(),
        4 => "[./%?#&=+;:@ aé~-]{0,5}",
        1 => Just(String::from("..")),
        1 => Just(String::from(".")),
        1 => Just(String::new()),
        1 => Just(String::from("%2e%2e")),
    ]
}
