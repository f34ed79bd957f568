//! The strict decoders' fast path. The input is read in blocks of sixteen bytes, each
//! starting where the one before ended; each block's `%` signs (and `+` signs) are found with
//! one vector compare ([`crate::scan`]), and the escapes are then taken from the mask one
//! after another, each decoded with two table lookups and followed by a sixteen-byte copy of
//! the text after it. No step waits on the block before (the only thing carried from block
//! to block is which of its first two bytes an escape of the previous block used), so the
//! processor overlaps them. Where four escapes in a row start (text in another script), runs
//! of sixteen are decoded at once ([`Scan::decode_triplets`]), and the blocks go on after
//! them. On `x86_64` with SSSE3, the loop of `super::sparse` takes the blocks instead.
//!
//! It only says whether the escapes are good; on an error the caller decodes again with the
//! scalar path, which finds which error and where (errors are rare; their details are not
//! worth carrying through the loop). Whether the output is UTF-8 is the caller's check.

use alloc::vec::Vec;

use super::blocks::{BAD, HIGH, LOW, REACH, State, copy_block, dense};
use crate::scan::{BLOCK, Scan};

/// The input has a bad escape.
#[derive(Debug)]
pub(super) struct Invalid;

/// Decodes `src` into `out` (empty), or says it has a bad escape. `first` is the index of
/// the first `%` (or `+` when `PLUS`).
pub(super) fn decode<S: Scan, const PLUS: bool>(
    src: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) -> Result<(), Invalid> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        let level = crate::raw::Level::new(S::SHUFFLES, S::WIDE);
        if level.shuffles() {
            return decode_shuffled::<PLUS>(level, src, first, out);
        }
    }
    let n = src.len();
    // The input as it is, decoded over in place: decoding never lengthens (each input byte
    // yields at most one output byte), and the text before the first escape is already
    // its own output.
    out.clear();
    out.extend_from_slice(src);
    let mut state = State {
        removed: 0,
        carry: 0,
        decoded: 0,
    };
    let mut at = first;
    if n >= REACH {
        at = blocks::<S, PLUS>(src, first, n - REACH, out, &mut state);
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
    blocks::<S, PLUS>(&tail[..rest + REACH], 0, rest, &mut decoded, &mut state);
    if state.decoded & BAD != 0 {
        return Err(Invalid);
    }
    // Bytes `..skip` of the tail were digits of an escape before it, decoded already.
    let start = at + skip - removed;
    let end = n - removed - state.removed;
    out[start..end].copy_from_slice(&decoded[skip..skip + end - start]);
    out.truncate(end);
    Ok(())
}

/// [`decode`] with the SSSE3 loop of `super::sparse` at `level`: the output appended as the
/// loop goes ([`Walk`](crate::raw::Walk)), after the text before the first escape; then the
/// last bytes, as [`decode`] takes them, through a copy with zeros after them, appended the
/// same way.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn decode_shuffled<const PLUS: bool>(
    level: crate::raw::Level,
    src: &[u8],
    first: usize,
    out: &mut Vec<u8>,
) -> Result<(), Invalid> {
    use crate::raw::{Walk, decode_blocks};
    let n = src.len();
    out.clear();
    // The output is never longer than the input, and the walk over the last bytes reads
    // `REACH` zeros past them: room for both, so that neither walk grows `out`.
    out.reserve(n + REACH);
    let prefix = src.get(..first).unwrap_or_default();
    out.extend_from_slice(prefix);
    let mut walk = Walk::new(src, prefix.len(), out);
    let (mut carry, mut bad) = (0, false);
    if n >= REACH {
        (carry, bad) = decode_blocks::<PLUS>(level, &mut walk, n - REACH, 0).unwrap_or_default();
    }
    let at = walk.finish();
    let rest = n - at;
    let mut tail = [0u8; 3 * BLOCK + REACH];
    tail[..rest].copy_from_slice(&src[at..]);
    // Bytes `..skip` of the tail are digits of an escape before it, decoded already.
    let skip = carry.count_ones() as usize;
    let mut walk = Walk::new(&tail[..rest + REACH], skip, out);
    let (_, bad_tail) = decode_blocks::<PLUS>(level, &mut walk, rest, 0).unwrap_or_default();
    let end = walk.finish();
    if bad || bad_tail {
        return Err(Invalid);
    }
    // The zeros the walk read past the tail's `rest` bytes were copied one to one (a `%`
    // before them would have made a bad escape): drop them.
    out.truncate(out.len() - end.saturating_sub(rest).min(out.len()));
    Ok(())
}

/// Decodes `src` a block at a time from `at`, into `dst` at each byte's input index less
/// `state.removed`, while the block starts below `stop` (`stop + REACH <= src.len() <=
/// dst.len()`); returns where it stopped. Bad digits are left in `state.decoded`. `dst`
/// holds the output of `src[..at]` and `state` is what decoding it left.
#[inline]
fn blocks<S: Scan, const PLUS: bool>(
    src: &[u8],
    mut at: usize,
    stop: usize,
    dst: &mut [u8],
    state: &mut State,
) -> usize {
    // Invariant: `removed <= at`, and escapes are at least three bytes apart, so every byte
    // at or after `at` goes to an output index at or below its own; a copy of `BLOCK` bytes
    // for input read at `q < stop + REACH - BLOCK` stays within `src.len()` bytes of `dst`.
    let State {
        mut removed,
        mut carry,
        mut decoded,
    } = *state;
    'blocks: while at < stop {
        let Some(block) = crate::scan::block(src, at) else {
            break;
        };
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
        copy_block(src, at + skip, dst, (at + skip).wrapping_sub(removed));
        let marks = (percents | pluses) & !here;
        // Where four escapes in a row start (text in another script; prose has three in a
        // row at most, as in `: "`): from the first such place, runs of sixteen are decoded
        // at once, and the blocks go on after them.
        let pairs = percents & percents >> 3;
        let rows = pairs & pairs >> 6 & !here;
        if rows != 0 {
            let rows = rows_of_escapes::<S, PLUS>(
                &src[..stop + REACH],
                at,
                marks,
                rows,
                dst,
                removed,
                decoded,
            );
            (removed, decoded) = (rows.removed, rows.decoded);
            if let Some(end) = rows.end {
                (at, carry) = (end, 0);
                continue 'blocks;
            }
            at += BLOCK;
            continue;
        }
        (removed, decoded) = marked::<PLUS>(src, at, marks, dst, removed, decoded);
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
/// the new `removed` and `decoded` of [`State`]. The marks are escapes at least three bytes
/// apart (or `+`), and `removed <= at`.
#[inline]
fn marked<const PLUS: bool>(
    src: &[u8],
    at: usize,
    mut marks: u32,
    dst: &mut [u8],
    mut removed: usize,
    mut decoded: u16,
) -> (usize, u16) {
    while marks != 0 {
        let q = at + marks.trailing_zeros() as usize;
        marks &= marks - 1;
        let Some(&[mark, hi, lo]) = src.get(q..q + 3) else {
            break;
        };
        let Some(out) = dst.get_mut(q.wrapping_sub(removed)) else {
            break;
        };
        if PLUS && mark == b'+' {
            // A space; the text after it is in place already.
            *out = b' ';
            continue;
        }
        let byte = HIGH[usize::from(hi)] | LOW[usize::from(lo)];
        decoded |= byte;
        *out = byte as u8;
        removed += 2;
        copy_block(src, q + 3, dst, (q + 3).wrapping_sub(removed));
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
/// those before it one by one, then runs of sixteen from there ([`dense`], within `src`),
/// or, if there are not sixteen, the rest one by one. Out of line: the decoding loop keeps
/// its registers for text with few escapes.
#[inline(never)]
fn rows_of_escapes<S: Scan, const PLUS: bool>(
    src: &[u8],
    at: usize,
    mut marks: u32,
    rows: u32,
    dst: &mut [u8],
    removed: usize,
    decoded: u16,
) -> Rows {
    let start = rows.trailing_zeros();
    let before = marks & ((1 << start) - 1);
    marks &= !before;
    let (removed, decoded) = marked::<PLUS>(src, at, before, dst, removed, decoded);
    let q = at + start as usize;
    let (end, after) = dense(S::decode_triplets, src, q, dst, removed);
    if end != q {
        return Rows {
            removed: after,
            decoded,
            end: Some(end),
        };
    }
    let (removed, decoded) = marked::<PLUS>(src, at, marks, dst, removed, decoded);
    Rows {
        removed,
        decoded,
        end: None,
    }
}
