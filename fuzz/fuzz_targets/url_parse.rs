//! Fuzzes `Url::parse`; the checks are `tests/tests/common/oracle/fuzz.rs`.
#![no_main]

#[path = "../../tests/tests/common/oracle/mod.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::fuzz::url_parse(data, false);
});
