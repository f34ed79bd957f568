//! UTF-8 validation for the decoders' output (`super::utf8_string`): sixteen bytes at a time with
//! SSSE3 where the processor has it ([`shuffle`]), else one byte at a time with a
//! deterministic automaton over the well-formed sequences of RFC 3629 §4 (Unicode Table
//! 3-7), whose transitions for one byte are packed in one `u64` so that a step is a load and
//! a shift (the "shift-based DFA" layout; [`Stepper`] also serves checks that write nothing).
//!
//! `core::str::from_utf8` is fast on ASCII but branches on each character of Cyrillic or
//! CJK text; a step of the automaton is a load and a shift without a branch, and the
//! shuffles check sixteen bytes at once. The checks are what makes `super::utf8_string`
//! sound, so they live here with it; their tests hold each to `core::str::from_utf8` on every
//! sequence of up to three bytes, on every four-byte sequence with a four-byte lead, and on
//! mixed text of every length to 100.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) mod shuffle;

/// The states, each a bit offset into a [`ROWS`] entry. `ERROR` is 0 so that every
/// transition not written into the table leads to it, and it leads only to itself.
const ERROR: u32 = 0;
/// Between characters.
const ACCEPT: u32 = 6;
/// One continuation byte (`80..=BF`) to go.
const TAIL1: u32 = 12;
/// Two continuation bytes to go.
const TAIL2: u32 = 18;
/// After `E0`: `A0..=BF` (no overlong three-byte forms), then one more.
const AFTER_E0: u32 = 24;
/// After `ED`: `80..=9F` (no surrogates), then one more.
const AFTER_ED: u32 = 30;
/// After `F0`: `90..=BF` (no overlong four-byte forms), then two more.
const AFTER_F0: u32 = 36;
/// After `F1..=F3`: any continuation, then two more.
const AFTER_F1: u32 = 42;
/// After `F4`: `80..=8F` (nothing above U+10FFFF), then two more.
const AFTER_F4: u32 = 48;

/// The transitions of every state on each byte: the next state is
/// `(ROWS[byte] >> state) & 63`.
pub(super) static ROWS: [u64; 256] = {
    let mut rows = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut row = 0u64;
        let from_accept = match byte {
            0x00..=0x7F => ACCEPT,
            0xC2..=0xDF => TAIL1,
            0xE0 => AFTER_E0,
            0xED => AFTER_ED,
            0xE1..=0xEF => TAIL2,
            0xF0 => AFTER_F0,
            0xF1..=0xF3 => AFTER_F1,
            0xF4 => AFTER_F4,
            _ => ERROR,
        };
        row |= (from_accept as u64) << ACCEPT;
        let continuation = matches!(byte, 0x80..=0xBF);
        if continuation {
            row |= (ACCEPT as u64) << TAIL1;
            row |= (TAIL1 as u64) << TAIL2;
            row |= (TAIL2 as u64) << AFTER_F1;
        }
        if matches!(byte, 0xA0..=0xBF) {
            row |= (TAIL1 as u64) << AFTER_E0;
        }
        if matches!(byte, 0x80..=0x9F) {
            row |= (TAIL1 as u64) << AFTER_ED;
        }
        if matches!(byte, 0x90..=0xBF) {
            row |= (TAIL2 as u64) << AFTER_F0;
        }
        if matches!(byte, 0x80..=0x8F) {
            row |= (TAIL2 as u64) << AFTER_F4;
        }
        rows[b] = row;
        b += 1;
    }
    rows
};

/// The state after `byte` from `state`, whose low six bits are the state: a shift by the
/// whole word is the same shift (a shift counts modulo 64), so the mask is left to the end
/// and a step is one load and one shift.
#[inline]
fn step(state: u64, byte: u8) -> u64 {
    ROWS[usize::from(byte)].wrapping_shr(state as u32)
}

/// The check of [`valid`] fed one byte at a time, for bytes decoded without being stored.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stepper(u64);

impl Stepper {
    /// Before any byte: between characters.
    pub(crate) fn new() -> Self {
        Stepper(u64::from(ACCEPT))
    }

    /// Takes the next byte.
    #[inline]
    pub(crate) fn push(&mut self, byte: u8) {
        self.0 = step(self.0, byte);
    }

    /// Whether the bytes so far are well-formed UTF-8 (and end between characters).
    pub(crate) fn valid(self) -> bool {
        self.0 & 63 == u64::from(ACCEPT)
    }
}

/// Whether `bytes` are well-formed UTF-8. Sixteen ASCII bytes between characters are
/// skipped with one test.
pub(crate) fn valid(bytes: &[u8]) -> bool {
    const HIGH_BITS: u128 = u128::from_ne_bytes([0x80; 16]);
    let mut state = u64::from(ACCEPT);
    let mut chunks = bytes.chunks_exact(16);
    for chunk in chunks.by_ref() {
        let chunk: &[u8; 16] = chunk.try_into().expect("sixteen bytes");
        if state & 63 == u64::from(ACCEPT) && u128::from_ne_bytes(*chunk) & HIGH_BITS == 0 {
            continue;
        }
        for &b in chunk {
            state = step(state, b);
        }
    }
    for &b in chunks.remainder() {
        state = step(state, b);
    }
    state & 63 == u64::from(ACCEPT)
}

#[cfg(test)]
mod tests;
