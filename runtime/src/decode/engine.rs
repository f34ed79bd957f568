//! The strict decoders' fast path: runs without `%` (or `+`) found and copied sixteen bytes
//! at a time ([`crate::scan`]), escapes decoded without a branch on what the next byte is,
//! and the UTF-8 check stepped on the decoded bytes as they are written ([`super::utf8`]).
//!
//! It only says whether the input decodes; on an error the caller decodes again with the
//! scalar path, which finds which error and where (errors are rare; their details are not
//! worth carrying through the loop).
#![allow(
    clippy::inline_always,
    reason = "the loop's pieces are generic over the set and flags; left to the inliner, escape decoding stayed a call per byte"
)]

use alloc::vec::Vec;

use super::utf8::{self, ACCEPT};
use super::{HEX_DIGITS, NOT_HEX};
use crate::scan::{self, BLOCK, Scan};

/// The input has a bad escape, or decodes to bytes that are not UTF-8.
#[derive(Debug)]
pub(super) struct Invalid;

/// What the decoding loop carries from byte to byte.
#[derive(Clone, Copy)]
struct State {
    /// The UTF-8 automaton's state over the bytes decoded from escapes. Bytes copied from the
    /// input need none: the input is a `str`, and `%` and `+` are ASCII, so its runs between
    /// escapes are whole characters; a run may only start where the automaton accepts.
    utf8: u32,
    /// A bad escape, or a run that starts inside a character, was seen.
    bad: bool,
}

/// How far before the end of its input [`blocks`] stops: it reads up to a block from where
/// it is.
const REACH: usize = BLOCK;

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
        utf8: ACCEPT,
        bad: false,
    };
    let (mut i, mut j) = (first, first);
    if n >= REACH {
        // SAFETY: `out` has room for `n` bytes (reserved above), and `stop + REACH - 1 == n`.
        (i, j) = unsafe {
            blocks::<S, PLUS, UTF8>(src, n + 1 - REACH, out.as_mut_ptr(), i, j, &mut state)
        };
    }
    // The last bytes, through copies with zeros after them. A `%` among the last two bytes
    // meets a zero, which is not a hex digit (the error a `%` with less than two bytes after
    // it is); the zeros themselves decode one to one, and are dropped.
    let rest = n - i.min(n);
    let mut tail = [0u8; 2 * REACH];
    tail[..rest].copy_from_slice(&src[n - rest..]);
    let mut decoded = [0u8; 2 * REACH];
    // SAFETY: `decoded` has room for `tail.len()` bytes, and `rest + REACH - 1 <= tail.len()`.
    let (read, written) =
        unsafe { blocks::<S, PLUS, UTF8>(&tail, rest, decoded.as_mut_ptr(), 0, 0, &mut state) };
    if state.bad || (UTF8 && state.utf8 != ACCEPT) {
        return Err(Invalid);
    }
    // Without an error, nothing read past `rest` was part of an escape.
    let written = written - (read - rest);
    let len = out.len();
    out.spare_capacity_mut()[j - len..][..written]
        .iter_mut()
        .zip(&decoded[..written])
        .for_each(|(d, &b)| {
            d.write(b);
        });
    // SAFETY: the bytes up to `j + written` were written: the prefix by `extend_from_slice`,
    // up to `j` by `blocks`, the rest just above; `j + written <= n <= capacity`.
    unsafe { out.set_len(j + written) };
    Ok(())
}

/// Decodes `src` from `i` into `dst` from `j`, a block at a time, while `i < stop`; returns
/// where it stopped in both. Runs between escapes are copied whole, each escape (or `+`)
/// decoded where the block's mask says it is.
///
/// # Safety
/// `stop + REACH - 1 <= src.len()`, `j <= i`, and `dst` is valid for writes of
/// `src.len()` bytes.
#[inline(always)]
unsafe fn blocks<S: Scan, const PLUS: bool, const UTF8: bool>(
    src: &[u8],
    stop: usize,
    dst: *mut u8,
    mut i: usize,
    mut j: usize,
    state: &mut State,
) -> (usize, usize) {
    // Invariant: `j <= i` (decoding never lengthens), so a store of `BLOCK` bytes at `j` for
    // input read at `i` stays within `src.len()` bytes of `dst`. Every read starts at some
    // `i < stop` and is at most `BLOCK` bytes long, within `stop + REACH - 1 <= src.len()`.
    let mut st = *state;
    // Every hex digit's value OR-ed together: `NOT_HEX` in it means a bad escape.
    let mut digits = 0;
    while i < stop {
        let block = scan::block(src, i).expect("within the input");
        // SAFETY: `BLOCK` bytes at `j`: within the invariant. What is not part of the run
        // before the next escape is overwritten later.
        unsafe { dst.add(j).cast::<[u8; BLOCK]>().write_unaligned(*block) };
        let special = if PLUS {
            S::either(block, b'%', b'+')
        } else {
            S::either(block, b'%', b'%')
        };
        let run = (special.trailing_zeros() as usize).min(BLOCK);
        st.bad |= UTF8 && run > 0 && st.utf8 != ACCEPT;
        (i, j) = (i + run, j + run);
        if special == 0 {
            continue;
        }
        // Escapes, as many as follow each other (every byte of text in another script is
        // one); the next block starts after them.
        while i < stop {
            // SAFETY: `i < stop`: its four bytes are within reach, and `j <= i`.
            let next =
                unsafe { escape::<PLUS, UTF8>(src, &mut i, dst, &mut j, &mut st, &mut digits) };
            if !(next == b'%' || PLUS && next == b'+') {
                break;
            }
        }
    }
    st.bad |= digits & NOT_HEX != 0;
    *state = st;
    (i, j)
}

/// Decodes the escape (or `+`) at `src[*i]` into `dst[*j]` and moves both past it; returns
/// the byte after it.
///
/// # Safety
/// The four bytes from `*i` are in `src`, and `dst` has room for a byte at `*j`.
#[inline(always)]
unsafe fn escape<const PLUS: bool, const UTF8: bool>(
    src: &[u8],
    i: &mut usize,
    dst: *mut u8,
    j: &mut usize,
    st: &mut State,
    digits: &mut u8,
) -> u8 {
    // SAFETY: the four bytes from `*i` are in `src` (the caller's promise).
    let [b0, b1, b2, b3] = unsafe { src.as_ptr().add(*i).cast::<[u8; 4]>().read_unaligned() };
    let (byte, next);
    if !PLUS || b0 == b'%' {
        let (hi, lo) = (HEX_DIGITS[usize::from(b1)], HEX_DIGITS[usize::from(b2)]);
        *digits |= hi | lo;
        byte = hi << 4 | lo;
        if UTF8 {
            st.utf8 = utf8::step(st.utf8, byte);
        }
        (*i, next) = (*i + 3, b3);
    } else {
        // A `+`, which is a space here: a character of its own.
        st.bad |= UTF8 && st.utf8 != ACCEPT;
        (byte, *i, next) = (b' ', *i + 1, b1);
    }
    // SAFETY: `dst` has room for a byte at `*j` (the caller's promise).
    unsafe { dst.add(*j).write(byte) };
    *j += 1;
    next
}
