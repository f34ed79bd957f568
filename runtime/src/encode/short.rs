//! Encoding a short value into room the URL already has: the common case of `url!` (a user
//! name, a state, a tag), where most values need no escape and the others one or two.

use alloc::string::String;

use super::engine::{
    ACTIONS, Component, Form, KEEP, Reserved, Set, SetType, changes, with_set_type,
};
use super::write::TAIL;
use crate::raw::{self, Tail};
use crate::scan::{BLOCK, Fast, Scan};

/// Appends the encoding of `text` under `set` (not `reserved`, whose triplets need a look
/// ahead) to `out` when it is short and `out` has room for it; returns whether it did (else
/// `out` is as it was).
///
/// - 4 to 7 bytes that the set keeps: the set's table looked up for each (the first four and
///   the last four, which overlap), then copied as two words.
/// - Up to 7 bytes otherwise (1 to 3, as many lookups as a check would take; 4 to 7 with an
///   escape): a table entry stored for each byte ([`append_in_room`]).
/// - 8 to 16 bytes: one classification of a block made of the first eight and the last
///   eight; kept whole, copied as two words; else the runs between the bytes that change are
///   stored a block at a time and each change written from the table
///   ([`raw::append_spliced`]).
/// - 17 to 32 bytes that the set keeps (or 8 to 16 with too little room for escapes):
///   copied ([`copy_short_if_kept`]).
///
/// Anything else is left to the caller: longer values, or too little room.
///
/// Measured with callgrind on the GitHub issues URL (`bench/examples/github_count.rs`).
#[inline]
pub(crate) fn append_short(set: Set, text: &str, out: &mut String) -> bool {
    debug_assert!(set != Set::Reserved);
    let n = text.len();
    let room = out.capacity() - out.len();
    if n < 8 {
        if n >= 4 && room >= n && copy_word_if_kept(set, text, out) {
            return true;
        }
        if room <= 3 * n {
            return false;
        }
        with_set_type!(set, escape_short(text.as_bytes(), out));
        return true;
    }
    if n > BLOCK || room < 3 * n + BLOCK {
        return n <= TAIL && copy_short_if_kept(set, text, out);
    }
    with_set_type!(set, encode_block::<Fast>(text, out));
    true
}

/// Appends the encoding of `input` under `set` (not `reserved`) to `out` in one pass straight
/// into its spare capacity, when `input` is under [`TAIL`] bytes and `out` already has room
/// for its longest encoding (three bytes a byte, and one past the last for the four-byte
/// stores); returns whether it did. A URL's values are short and `url!` sizes the URL for
/// them up front, so scanning for a change and then copying (two passes, and a `memcpy`
/// call) is work this skips.
#[inline]
pub(crate) fn append_in_room(set: Set, input: &[u8], out: &mut String) -> bool {
    if input.len() >= TAIL {
        return false;
    }
    let Some(mut tail) = Tail::new(out, 3 * input.len() + 1) else {
        return false;
    };
    if !write_in_tail(set, input, &mut tail) {
        return false;
    }
    tail.commit();
    true
}

/// Writes the encoding of `input` under `set` (not `reserved`) into `tail`, when `tail` has
/// room for its longest encoding (three bytes a byte, and one more); returns whether it did.
/// A table entry a byte: for short values ([`SHORT`](super::SHORT) bytes is where the block
/// writers take over), written among other bytes at once (a `/` before it, a pair's
/// `key=value`) by callers that test the room for all of it up front.
#[inline]
pub(crate) fn write_in_tail(set: Set, input: &[u8], tail: &mut Tail<'_>) -> bool {
    debug_assert!(set != Set::Reserved);
    tail.entries(set.outputs(), input)
}

/// Copies `text` (4 to 7 bytes) to `out`, which has room for it, if `set` keeps every byte
/// of it; returns whether it did. A table lookup per byte: for so few, fewer instructions than
/// assembling and classifying a block.
#[inline]
fn copy_word_if_kept(set: Set, text: &str, out: &mut String) -> bool {
    let input = text.as_bytes();
    let (Some(first), Some(last)) = (input.first_chunk::<4>(), input.last_chunk::<4>()) else {
        return false;
    };
    let actions = &ACTIONS[set as usize];
    let mut changes = 0;
    for &b in first {
        changes |= actions[usize::from(b)];
    }
    for &b in last {
        changes |= actions[usize::from(b)];
    }
    // `KEEP` is 0: any other action leaves a bit set.
    if changes != KEEP {
        return false;
    }
    raw::push_str(out, text);
    true
}

/// Appends the encoding of `input` (under 8 bytes; `out` has room for three bytes a byte and
/// one more) to `out`, a table entry a byte ([`append_in_room`]). Apart, and with nothing
/// left to do after it, so that neither it nor its caller saves registers.
#[inline(never)]
fn escape_short<K: SetType>(input: &[u8], out: &mut String) {
    let written = append_in_room(K::SET, input, out);
    debug_assert!(written, "room for the encoding");
}

/// The rest of [`append_short`] for 8 to 16 bytes, with room for `3 * text.len() + BLOCK`
/// more in `out`.
#[inline]
fn encode_block<S: Scan, K: SetType>(text: &str, out: &mut String) {
    let input = text.as_bytes();
    // (Always there: the caller took 8 bytes or more.)
    let (Some(first), Some(last)) = (input.first_chunk::<8>(), input.last_chunk::<8>()) else {
        return;
    };
    let mut block = [0; BLOCK];
    block[..8].copy_from_slice(first);
    block[8..].copy_from_slice(last);
    // Bit `k` for a change at `k` of the first eight, bit `8 + k` at `n - 8 + k`.
    let changes = changes::<S, K>(&block);
    if changes != 0 {
        return escape_block::<K>(input, changes, out);
    }
    // Most values: the two words, overlapping as they were read.
    raw::push_str(out, text);
}

/// Appends the encoding of `input` (8 to 16 bytes, `n`), whose block made of its first and
/// last eight has `changes`, to `out`, which has room for `3 * n + BLOCK` more. Apart from [`encode_block`], so that a value with nothing to
/// escape saves no registers (and this is its last call).
///
/// One change, at `i`, is the common case (a space in a name, a `&` in a state): written
/// from registers and without a loop by [`raw::append_spliced`], which otherwise copies the
/// value to the stack and reads each run from the copy; that first read spans the stores
/// that made the copy, which store-to-load forwarding cannot serve, so it waits for them to
/// reach the cache. Measured with `bench/examples/github_time.rs escaped` (alternating
/// binaries, fastest batch): the GitHub issues URL, three such values, about 77 ns through
/// the copy alone, 68 with the one-change path (callgrind: 831 and 834 instructions a URL).
#[inline(never)]
fn escape_block<K: SetType>(input: &[u8], changes: u32, out: &mut String) {
    // The changes by position (a byte classified twice is classified the same, so OR-ing
    // the halves in place is exact). `input` is 8 to 16 bytes (else `append_spliced` writes
    // nothing, and the shift's wrapping does not matter).
    let shift = (input.len() as u32).wrapping_sub(8);
    let escapes = (changes & 0xFF) | (changes >> 8).wrapping_shl(shift);
    let written = raw::append_spliced(out, input, escapes, K::SET.outputs());
    debug_assert!(written, "room for the encoding");
}

/// The shortest value [`copy_short_if_kept`] copies. Shorter ones are a few table lookups
/// anyway; and in unoptimized builds, where the block classifier is dozens of calls, taking
/// it for 4-byte values made a list of 2,000 numbers 26 times slower to expand than one of
/// 200, which all took the lookups (seen when `tests/tests/complexity.rs` timed unoptimized
/// builds; it now counts allocations, and the `complexity` bench times optimized ones).
pub(super) const SHORTEST_COPY: usize = 8;

/// Appends `text` to `out` as it is, when it is [`SHORTEST_COPY`] to [`TAIL`] bytes long,
/// `set` keeps every byte of it and `out` has room for it already; returns whether it did.
/// Many values of a URL are such, and `url!` tries this first, in a function small enough to
/// need no saved registers, then [`append_in_room`] (measured with callgrind on the GitHub
/// issues URL, copying from 4 bytes: 845 instructions a URL with both in one function, which
/// saved and restored four registers on every value; 736 apart).
#[inline]
pub(crate) fn copy_short_if_kept(set: Set, text: &str, out: &mut String) -> bool {
    let n = text.len();
    if !(SHORTEST_COPY..=TAIL).contains(&n) || out.capacity() - out.len() < n {
        return false;
    }
    if !with_set_type!(set, all_kept::<Fast>(text.as_bytes())) {
        return false;
    }
    raw::push_str(out, text);
    true
}

/// Whether the set keeps every byte of `input` ([`SHORTEST_COPY`] to [`TAIL`] bytes): most
/// values of a URL need no escape, and this tells so with one or two block classifications
/// instead of a table lookup per byte. The input is read as two blocks, or two words, that
/// overlap when it is shorter than their sum (a byte classified twice is classified the
/// same).
#[inline]
fn all_kept<S: Scan, K: SetType>(input: &[u8]) -> bool {
    debug_assert!((SHORTEST_COPY..=TAIL).contains(&input.len()));
    if input.len() >= BLOCK {
        let (Some(first), Some(last)) = (input.first_chunk::<BLOCK>(), input.last_chunk()) else {
            return false;
        };
        return S::in_spans(first, K::KEPT) & S::in_spans(last, K::KEPT) == 0xFFFF;
    }
    let (Some(first), Some(last)) = (input.first_chunk::<8>(), input.last_chunk::<8>()) else {
        return false;
    };
    let mut block = [0; BLOCK];
    block[..8].copy_from_slice(first);
    block[8..].copy_from_slice(last);
    S::in_spans(&block, K::KEPT) == 0xFFFF
}
