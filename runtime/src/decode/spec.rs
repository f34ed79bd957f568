//! Percent-decoding as a specification: a byte at a time, with the grammar's hex digits
//! (`urlkit_syntax::chars::hex_value`) and nothing else. The block paths and the scalar path
//! that finds errors (`bytes_scalar`) are tested against it (`tests.rs`).

use alloc::vec::Vec;

use urlkit_syntax::chars::hex_value;

/// The bytes `input` decodes to: `%` and two hex digits (either case) as the byte they
/// spell, `+` as a space when `plus`, any other byte as itself. `Err` holds the offset of the
/// first `%` not followed by two hex digits.
pub(super) fn decode(input: &str, plus: bool) -> Result<Vec<u8>, usize> {
    let bytes = input.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'%' => {
                let digit = |at: usize| bytes.get(at).copied().and_then(hex_value);
                let (Some(hi), Some(lo)) = (digit(i + 1), digit(i + 2)) else {
                    return Err(i);
                };
                out.push(hi << 4 | lo);
                i += 3;
            }
            b'+' if plus => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    Ok(out)
}
