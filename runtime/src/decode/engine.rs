//! The strict decoders' fast path. The input is read in blocks of sixteen bytes, each
//! starting where the one before ended; each block's `%` signs (and `+` signs) are found with
//! one vector compare ([`crate::scan`]), and the escapes are then taken from the mask one
//! after another, each decoded with two table lookups and followed by a sixteen-byte copy of
//! the text after it. No step waits on the block before (the only thing carried from block
//! to block is which of its first two bytes an escape of the previous block used), so the
//! processor overlaps them. Where four escapes in a row start (text in another script), runs
//! of sixteen are decoded at once ([`Scan::decode_triplets`]), and the blocks go on after
//! them. The UTF-8 check runs once over the output, and only when an escape decoded to a
//! byte above ASCII ([`super::utf8`]).
//!
//! It only says whether the input decodes; on an error the caller decodes again with the
//! scalar path, which finds which error and where (errors are rare; their details are not
//! worth carrying through the loop).
#![allow(
    clippy::inline_always,
    reason = "the loop's pieces are generic over the scanner and flags; left to the inliner, they stayed calls"
)]

use alloc::vec::Vec;

use super::{HEX_DIGITS, NOT_HEX, utf8};
use crate::scan::{BLOCK, Scan, TRIPLETS};

/// The input has a bad escape, or decodes to bytes that are not UTF-8.
#[derive(Debug)]
pub(super) struct Invalid;

/// Set in [`HIGH`] and [`LOW`] for a byte that is not a hex digit: above every decoded byte.
pub(super) const BAD: u16 = 0x100;

/// Each byte as the high hex digit of an escape (its value shifted into the high nibble), or
/// [`BAD`]: the grammar's hex digits, through [`HEX_DIGITS`].
static HIGH: [u16; 256] = digits(4);
/// Each byte as the low hex digit of an escape, or [`BAD`].
static LOW: [u16; 256] = digits(0);

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

/// How many bytes past a block's start the loop reads and writes: the block, the two digits
/// of an escape at its last byte, and the sixteen bytes copied after that escape.
pub(super) const REACH: usize = BLOCK + 2 + BLOCK;

/// The state [`blocks`] carries from one block to the next.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// How many bytes the escapes so far removed (two each): the byte at input index `q`
    /// goes to output index `q - removed`.
    pub(super) removed: usize,
    /// Bit `k`: byte `k` of the next block is a digit of an escape of this one.
    pub(super) carry: u32,
    /// Every decoded byte OR-ed together: [`BAD`] in it means a bad escape, bit 7 a byte
    /// above ASCII (so the output needs the UTF-8 check).
    pub(super) decoded: u16,
}

/// Decodes `src` into `out` (empty), or says it has an error. `first` is the index of the
/// first `%` (or `+` when `PLUS`); `UTF8` asks for the UTF-8 check.
pub(super) fn decode<S: Scan, const PLUS: bool, const UTF8: bool>(
    src: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) -> Result<(), Invalid> {
    let n = src.len();
    // Decoding never lengthens: each input byte yields at most one output byte.
    out.reserve_exact(n);
    out.extend_from_slice(&src[..first]);
    let mut state = State {
        removed: 0,
        carry: 0,
        decoded: 0,
    };
    let mut at = first;
    if n >= REACH {
        // SAFETY: `out` has room for `n` bytes (reserved above), and `stop + REACH <= n`.
        at = unsafe { blocks_of::<S, PLUS>(src, first, n - REACH, out.as_mut_ptr(), &mut state) };
    }
    // The last bytes, through a copy with zeros after them. A `%` among the last two bytes
    // meets a zero, which is not a hex digit (the error a `%` with less than two bytes after
    // it is); the zeros themselves are copied one to one, and dropped.
    let rest = n - at;
    let mut tail = [0u8; 3 * BLOCK + REACH];
    tail[..rest].copy_from_slice(&src[at..]);
    let mut decoded = [0u8; 3 * BLOCK + REACH];
    // The tail's bytes go to `decoded` at their index less what the tail's escapes remove.
    let removed = state.removed;
    state.removed = 0;
    let skip = state.carry.count_ones() as usize;
    // SAFETY: `decoded` has room for `tail.len()` bytes, and `rest + REACH <= tail.len()`:
    // the loop above stops at most `REACH` bytes from the end.
    unsafe { blocks_of::<S, PLUS>(&tail, 0, rest, decoded.as_mut_ptr(), &mut state) };
    if state.decoded & BAD != 0 {
        return Err(Invalid);
    }
    // Bytes `..skip` of the tail were digits of an escape before it, decoded already.
    let start = at + skip - removed;
    let end = n - removed - state.removed;
    let len = out.len();
    out.spare_capacity_mut()[start - len..end - len]
        .iter_mut()
        .zip(&decoded[skip..])
        .for_each(|(d, &b)| {
            d.write(b);
        });
    // SAFETY: every byte up to `end` was written: the prefix by `extend_from_slice`, up to
    // `start` by `blocks`, the rest just above; `end <= n <= capacity`.
    unsafe { out.set_len(end) };
    // Text copied from the input is whole characters (the input is a `str`, and the bytes
    // around each run are ASCII), so only bytes decoded from escapes can break UTF-8: when
    // all are ASCII, it holds.
    if UTF8 && state.decoded & 0x80 != 0 && !valid_utf8::<S>(&out[first..]) {
        return Err(Invalid);
    }
    Ok(())
}

/// Whether `bytes` are UTF-8: sixteen bytes at a time with SSSE3 (compiled for AVX2 where
/// the processor has it), else with the automaton of [`utf8`].
#[inline(always)]
fn valid_utf8<S: Scan>(bytes: &[u8]) -> bool {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if S::SHUFFLES && crate::scan::ssse3::available() {
        if S::WIDE && crate::scan::ssse3::wide_available() {
            // SAFETY: the processor has AVX2 and POPCNT (just checked).
            return unsafe { super::shuffle::valid_wide(bytes) };
        }
        // SAFETY: the processor has SSSE3 (just checked).
        return unsafe { super::shuffle::valid(bytes) };
    }
    utf8::valid(bytes)
}

/// [`blocks`], or its SSSE3 form where the processor has it (`super::sparse`).
///
/// # Safety
/// As for [`blocks`].
#[inline(always)]
unsafe fn blocks_of<S: Scan, const PLUS: bool>(
    src: &[u8],
    at: usize,
    stop: usize,
    dst: *mut u8,
    state: &mut State,
) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if S::SHUFFLES && crate::scan::ssse3::available() {
        if S::WIDE && crate::scan::ssse3::wide_available() {
            // SAFETY: the processor has AVX2 and POPCNT (just checked); the rest is the
            // caller's promise.
            return unsafe { super::sparse::blocks_wide::<PLUS>(src, at, stop, dst, state) };
        }
        // SAFETY: the processor has SSSE3 (just checked); the rest is the caller's promise.
        return unsafe { super::sparse::blocks::<PLUS>(src, at, stop, dst, state) };
    }
    // SAFETY: the caller's promise.
    unsafe { blocks::<S, PLUS>(src, at, stop, dst, state) }
}

/// Decodes `src` a block at a time from `at`, into `dst` at each byte's input index less
/// `state.removed`, while the block starts below `stop`; returns where it stopped. Bad digits
/// are left in `state.decoded`.
///
/// # Safety
/// `stop + REACH <= src.len()`, and `dst` is valid for writes of `src.len()` bytes; `dst`
/// holds the output of `src[..at]` and `state` is what decoding it left.
#[inline(always)]
unsafe fn blocks<S: Scan, const PLUS: bool>(
    src: &[u8],
    mut at: usize,
    stop: usize,
    dst: *mut u8,
    state: &mut State,
) -> usize {
    // Invariant: `removed <= at`, and escapes are at least three bytes apart, so every byte
    // at or after `at` goes to an output index at or below its own; a store of `BLOCK` bytes
    // for input read at `q < stop + REACH - BLOCK` stays within `src.len()` bytes of `dst`.
    let src_ptr = src.as_ptr();
    let State {
        mut removed,
        mut carry,
        mut decoded,
    } = *state;
    'blocks: while at < stop {
        let block: &[u8; BLOCK] = src[at..at + BLOCK].try_into().expect("within the input");
        let percents = S::either(block, b'%', b'%');
        let pluses = if PLUS {
            S::either(block, b'+', b'+')
        } else {
            0
        };
        // The digits of this block's escapes, and of the last block's that reach into it
        // (none, the first or the first two bytes). A `%` or `+` among them is no mark: the
        // escape it is a digit of is bad, and the marks left are three bytes apart or more.
        let digits = percents << 1 | percents << 2;
        let here = digits & 0xFFFF | carry;
        // The text after the digits that reach into this block, to where it will go.
        let skip = (carry as usize + 1) >> 1;
        carry = digits >> BLOCK;
        // SAFETY: reads `BLOCK` bytes at `at + skip`, within `REACH` of `at < stop`; writes
        // them at `at + skip - removed` (the invariant).
        unsafe { copy_block(src_ptr.add(at + skip), dst.add(at + skip - removed)) };
        let marks = (percents | pluses) & !here;
        // Where four escapes in a row start (text in another script; prose has three in a
        // row at most, as in `: "`): from the first such place, runs of sixteen are decoded
        // at once, and the blocks go on after them.
        let pairs = percents & percents >> 3;
        let rows = pairs & pairs >> 6 & !here;
        if rows != 0 {
            // SAFETY: `src` and `dst` hold `stop + REACH` bytes; the marks are below
            // `at + BLOCK` with `at < stop`, and `removed <= at`.
            let state = unsafe {
                rows_of_escapes::<S, PLUS>(
                    src_ptr,
                    at,
                    marks,
                    rows,
                    stop + REACH,
                    dst,
                    removed,
                    decoded,
                )
            };
            (removed, decoded) = (state.removed, state.decoded);
            if let Some(end) = state.end {
                (at, carry) = (end, 0);
                continue 'blocks;
            }
            at += BLOCK;
            continue;
        }
        // SAFETY: the marks are below `at + BLOCK` with `at < stop`, and `removed <= at`.
        (removed, decoded) = unsafe { marked::<PLUS>(src_ptr, at, marks, dst, removed, decoded) };
        at += BLOCK;
    }
    *state = State {
        removed,
        carry,
        decoded,
    };
    at
}

/// Decodes the escapes (and, when `PLUS`, the `+` signs) at bit `k` of `marks` for input
/// index `at + k`, in order, each followed by a copy of the sixteen bytes after it; returns
/// the new `removed` and `decoded` of [`State`].
///
/// # Safety
/// `src` is valid for reads and `dst` for writes up to `at + BLOCK + 2 + BLOCK`, the marks
/// are escapes at least three bytes apart (or `+`), and `removed <= at`.
#[inline(always)]
unsafe fn marked<const PLUS: bool>(
    src: *const u8,
    at: usize,
    mut marks: u32,
    dst: *mut u8,
    mut removed: usize,
    mut decoded: u16,
) -> (usize, u16) {
    while marks != 0 {
        let q = at + marks.trailing_zeros() as usize;
        marks &= marks - 1;
        // SAFETY: `q < at + BLOCK`: its two digits and the sixteen bytes after them are
        // within reach; the output index `q - removed` is at most `q`.
        unsafe {
            if PLUS && *src.add(q) == b'+' {
                // A space; the text after it is in place already.
                *dst.add(q - removed) = b' ';
                continue;
            }
            let byte = HIGH[usize::from(*src.add(q + 1))] | LOW[usize::from(*src.add(q + 2))];
            decoded |= byte;
            *dst.add(q - removed) = byte as u8;
            removed += 2;
            copy_block(src.add(q + 3), dst.add(q + 3 - removed));
        }
    }
    (removed, decoded)
}

/// What [`rows_of_escapes`] leaves.
struct Rows {
    removed: usize,
    decoded: u16,
    /// Where the runs of sixteen escapes ended, if there were any.
    end: Option<usize>,
}

/// The marks of a block where four escapes in a row start (at the first bit of `rows`):
/// those before it one by one, then runs of sixteen from there ([`dense`]), or, if there are
/// not sixteen, the rest one by one. Out of line: the decoding loop keeps its registers for
/// text with few escapes.
///
/// # Safety
/// As for [`marked`] and [`dense`], with `limit` the length of both `src` and `dst`.
#[inline(never)]
#[allow(
    clippy::too_many_arguments,
    reason = "the decoding loop's state, passed in registers"
)]
unsafe fn rows_of_escapes<S: Scan, const PLUS: bool>(
    src: *const u8,
    at: usize,
    mut marks: u32,
    rows: u32,
    limit: usize,
    dst: *mut u8,
    removed: usize,
    decoded: u16,
) -> Rows {
    let start = rows.trailing_zeros();
    let before = marks & ((1 << start) - 1);
    marks &= !before;
    // SAFETY: the caller's promise.
    let (removed, decoded) = unsafe { marked::<PLUS>(src, at, before, dst, removed, decoded) };
    let q = at + start as usize;
    // SAFETY: the caller's promise; `removed <= q`.
    let (end, after) = unsafe { dense(S::decode_triplets, src, q, limit, dst, removed) };
    if end != q {
        // The bytes decoded are not looked at: the UTF-8 check runs.
        return Rows {
            removed: after,
            decoded: decoded | 0x80,
            end: Some(end),
        };
    }
    // SAFETY: the caller's promise.
    let (removed, decoded) = unsafe { marked::<PLUS>(src, at, marks, dst, removed, decoded) };
    Rows {
        removed,
        decoded,
        end: None,
    }
}

/// Decodes sixteen escapes at a time from `q` while they follow each other, each run into
/// `dst` at its input index less `removed`, with `decode` for each run (the scanner's
/// `decode_triplets`, or `super::shuffle`'s SSSE3 one, inlined into its caller's target
/// features); returns where they stop (`q` if there were not sixteen) and what is removed
/// then.
///
/// # Safety
/// `src` is valid for reads of `limit` bytes, `dst` for writes of `limit` bytes, and
/// `removed <= q`.
#[inline(always)]
pub(super) unsafe fn dense(
    decode: impl Fn(&[u8; TRIPLETS]) -> Option<[u8; BLOCK]>,
    src: *const u8,
    mut q: usize,
    limit: usize,
    dst: *mut u8,
    mut removed: usize,
) -> (usize, usize) {
    while q + TRIPLETS <= limit {
        // SAFETY: `TRIPLETS` bytes from `q` are within `limit`.
        let Some(bytes) = decode(unsafe { &*src.add(q).cast() }) else {
            break;
        };
        // SAFETY: `BLOCK` bytes at `q - removed`, below `q + TRIPLETS <= limit`.
        unsafe {
            dst.add(q - removed)
                .cast::<[u8; BLOCK]>()
                .write_unaligned(bytes);
        }
        q += TRIPLETS;
        removed += 2 * BLOCK;
    }
    (q, removed)
}

/// Copies `BLOCK` bytes.
///
/// # Safety
/// `src` is valid for reads and `dst` for writes of `BLOCK` bytes.
#[inline(always)]
unsafe fn copy_block(src: *const u8, dst: *mut u8) {
    // SAFETY: the caller's promise; unaligned reads and writes need no alignment.
    unsafe {
        dst.cast::<[u8; BLOCK]>()
            .write_unaligned(src.cast::<[u8; BLOCK]>().read_unaligned());
    }
}
