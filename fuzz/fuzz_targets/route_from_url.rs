//! Fuzzes `from_url` of a route enum, and the round trip; the checks are `tests/tests/common/oracle/fuzz.rs`.
#![no_main]

#[path = "../../tests/tests/common/oracle/mod.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::fuzz::route_from_url(data);
});
