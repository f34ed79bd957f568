//! The strict decoders' block loops: how far past a block's start a step reads and writes
//! ([`REACH`], which the SSSE3 loop of `sparse.rs` shares); and for the portable loop of
//! `engine.rs`, the state it carries from block to block, the digit tables, and the decoding
//! of runs of sixteen escapes.

use super::{HEX_DIGITS, NOT_HEX};
use crate::scan::{BLOCK, TRIPLETS};

/// Set in [`HIGH`] and [`LOW`] for a byte that is not a hex digit: above every decoded byte.
pub(super) const BAD: u16 = 0x100;

/// Each byte as the high hex digit of an escape (its value shifted into the high nibble), or
/// [`BAD`]: the grammar's hex digits, through [`HEX_DIGITS`].
pub(super) static HIGH: [u16; 256] = digits(4);
/// Each byte as the low hex digit of an escape, or [`BAD`].
pub(super) static LOW: [u16; 256] = digits(0);

const fn digits(shift: u32) -> [u16; 256] {
    let mut table = [BAD; 256];
    let mut b = 0;
    while b < 256 {
        if HEX_DIGITS[b] != NOT_HEX {
            table[b] = (HEX_DIGITS[b] as u16) << shift;
        }
        b += 1;
    }
    table
}

/// How many bytes past a block's start the loops read and write: the block, the two digits
/// of an escape at its last byte, and the sixteen bytes copied after that escape.
pub(crate) const REACH: usize = BLOCK + 2 + BLOCK;

/// The state the block loops carry from one block to the next.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// How many bytes the escapes so far removed (two each): the byte at input index `q`
    /// goes to output index `q - removed`.
    pub(super) removed: usize,
    /// Bit `k`: byte `k` of the next block is a digit of an escape of this one.
    pub(super) carry: u32,
    /// Every decoded byte OR-ed together: [`BAD`] in it means a bad escape.
    pub(super) decoded: u16,
}

/// Copies the [`BLOCK`] bytes of `src` at `from` to `dst` at `to`. Both are always inside
/// (the loops' invariant: output indices are at most input indices, and the loops stop
/// [`REACH`] bytes from the end); if one were not, nothing is copied, and the output, wrong,
/// is caught by the tests against the scalar decoder rather than by a panic.
#[inline]
pub(super) fn copy_block(src: &[u8], from: usize, dst: &mut [u8], to: usize) {
    if let (Some(block), Some(dst)) = (
        src.get(from..).and_then(<[u8]>::first_chunk::<BLOCK>),
        dst.get_mut(to..).and_then(<[u8]>::first_chunk_mut::<BLOCK>),
    ) {
        *dst = *block;
    }
}

/// Decodes sixteen escapes at a time from `q` while they follow each other, each run into
/// `dst` at its input index less `removed`, with `decode` for each run (the scanner's
/// `decode_triplets`); returns where they stop (`q` if there were not sixteen) and what is
/// removed then.
#[inline]
pub(super) fn dense(
    decode: impl Fn(&[u8; TRIPLETS]) -> Option<[u8; BLOCK]>,
    src: &[u8],
    mut q: usize,
    dst: &mut [u8],
    mut removed: usize,
) -> (usize, usize) {
    while let Some(triplets) = src.get(q..).and_then(<[u8]>::first_chunk::<TRIPLETS>) {
        let Some(bytes) = decode(triplets) else {
            break;
        };
        let Some(out) = dst
            .get_mut(q.wrapping_sub(removed)..)
            .and_then(<[u8]>::first_chunk_mut::<BLOCK>)
        else {
            break;
        };
        *out = bytes;
        q += TRIPLETS;
        removed += 2 * BLOCK;
    }
    (q, removed)
}
