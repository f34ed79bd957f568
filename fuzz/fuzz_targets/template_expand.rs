//! Fuzzes `Template::parse` and `expand` against the RFC 6570 reference and the shape oracle; the checks are `tests/tests/common/oracle/fuzz.rs`.
#![no_main]

#[path = "../../tests/tests/common/oracle/mod.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    oracle::fuzz::template_expand(data);
});
