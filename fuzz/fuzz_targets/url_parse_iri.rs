//! Fuzzes `Url::parse_iri`; the checks are `tests/tests/oracle/fuzz.rs`.
#![no_main]

#[path = "../../tests/tests/oracle/mod.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::fuzz::url_parse(data, true);
});
