//! Fuzzes `Url::parse_lenient` and `Url::resolve_lenient`; the checks are
//! `tests/tests/common/oracle/fuzz.rs`.
#![no_main]

#[path = "../../tests/tests/common/oracle/mod.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::fuzz::url_lenient(data);
});
