//! Writing an encoding: sized once, then unchanged runs copied sixteen bytes at a time and
//! escapes written from a table, through the primitives of [`crate::raw`] that append to a
//! `String` in place.

use alloc::borrow::Cow;
use alloc::string::String;

use urlkit_syntax::chars;

use super::engine::{
    Component, Form, Reserved, Set, SetType, changes, encoded_len, first_change, kept_run,
    with_set_type,
};
use crate::raw::{self, Tail};
use crate::scan::{self, BLOCK, Fast, Scan};

/// Inputs shorter than this are encoded through a buffer on the stack, in one pass; longer
/// ones are measured first and written in place. It is also how much input the block writer
/// leaves to [`write_short`]: two blocks, so that each of its copies reads and writes whole
/// blocks inside the input and the output.
pub(crate) const TAIL: usize = 2 * BLOCK;

/// Room [`write_short`] needs: three bytes per input byte, and one past the last for its
/// four-byte stores.
const SHORT_ROOM: usize = 3 * TAIL + 1;

/// Room the long writers ask beyond the encoding: their stores run up to 40 bytes ahead of
/// what they have written ([`Tail::entries`], and `Tail::shuffled` on `x86_64`).
const SLACK: usize = 48;

/// Appends the encoding of `input`, whose first `first` bytes are kept, to `out`.
pub(super) fn append<S: Scan, K: SetType>(input: &[u8], first: usize, out: &mut String) {
    let (kept, rest) = input.split_at(first);
    if rest.len() < TAIL {
        // A URL's values: one pass into the stack, then one copy. Measuring first cost more
        // than the encoding.
        let mut escaped = [0; SHORT_ROOM];
        let written = write_short::<K>(rest, &mut escaped);
        out.reserve(first + written);
        let Some(mut tail) = Tail::new(out, first + written) else {
            return;
        };
        let done = tail.ascii(kept) && tail.ascii(&escaped[..written]);
        debug_assert!(done, "room for the encoding");
        tail.commit();
        return;
    }
    // Measuring costs a pass over the input; it is skipped when there is room for the
    // longest encoding (three bytes per byte) already.
    let room = if out.capacity() - out.len() >= first + 3 * rest.len() + SLACK {
        3 * rest.len() + SLACK
    } else {
        let len = encoded_len::<S, K>(rest) + SLACK;
        out.reserve(first + len);
        len
    };
    let Some(mut tail) = Tail::new(out, first + room) else {
        return;
    };
    let done = tail.ascii(kept)
        && if K::SET == Set::Reserved {
            write_reserved::<S, K>(rest, &mut tail)
        } else {
            write_long::<S, K>(rest, &mut tail)
        };
    debug_assert!(done, "room for the encoding");
    tail.commit();
}

/// Writes the encoding of `src` (shorter than [`TAIL`]) to the start of `dst`; returns its
/// length. Branch-free but for the loop: one table entry stored per byte.
fn write_short<K: SetType>(src: &[u8], dst: &mut [u8; SHORT_ROOM]) -> usize {
    let outputs = K::SET.outputs();
    let mut j = 0;
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        if K::SET == Set::Reserved && b == b'%' && chars::is_triplet(&src[i..]) {
            dst[j..j + 3].copy_from_slice(&src[i..i + 3]);
            (i, j) = (i + 3, j + 3);
            continue;
        }
        let out = outputs.entry(b);
        // Stores all four bytes: at most one past the room three bytes per input byte take.
        dst[j..j + 4].copy_from_slice(&out);
        j += usize::from(out[3]);
        i += 1;
    }
    j
}

/// Writes the encoding of `src` under `component` or `form` (at least [`TAIL`] bytes) into
/// `tail`, which has room for it and [`SLACK`] more; returns whether it did.
fn write_long<S: Scan, K: SetType>(src: &[u8], tail: &mut Tail<'_>) -> bool {
    debug_assert!(K::SET != Set::Reserved);
    let outputs = K::SET.outputs();
    let n = src.len();
    // With SSSE3, the blocks with escapes are written with byte shuffles while three are
    // left (`super::shuffle`).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    let mut i = raw::encode_blocks::<K>(raw::Level::new(S::SHUFFLES, S::WIDE), src, tail);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    let mut i = 0;
    // While a block or more is left after the block (so at least that much output follows
    // its own), its stores land inside the room; what they write past its encoding is
    // overwritten by later stores before the end.
    while i + TAIL <= n {
        let Some(block) = scan::block(src, i) else {
            break;
        };
        let written = if changes::<S, K>(block) == 0 {
            tail.ascii(block)
        } else {
            // Escapes in the block: in prose they come every few bytes, irregularly; copying
            // the runs between them would take a branch per run that is mispredicted in
            // most blocks, so every byte is written from the table.
            let written = tail.entries(outputs, block);
            tail.settle();
            written
        };
        if !written {
            return false;
        }
        i += BLOCK;
    }
    let mut escaped = [0; SHORT_ROOM];
    let written = write_short::<K>(&src[i..], &mut escaped);
    tail.ascii(&escaped[..written])
}

/// Writes the encoding of `src` under `reserved` into `tail`, which has room for it: kept
/// runs copied whole, a triplet or an escape at a time between them. Returns whether it did.
fn write_reserved<S: Scan, K: SetType>(src: &[u8], tail: &mut Tail<'_>) -> bool {
    let outputs = K::SET.outputs();
    let mut i = 0;
    while i < src.len() {
        let run = kept_run::<S, K>(&src[i..]);
        if !tail.ascii(&src[i..i + run]) {
            return false;
        }
        i += run;
        let Some(&b) = src.get(i) else { break };
        let triplet = b == b'%' && chars::is_triplet(&src[i..]);
        let entry = outputs.entry(b);
        let escaped: &[u8] = if triplet {
            &src[i..i + 3]
        } else {
            &entry[..usize::from(entry[3])]
        };
        if !tail.ascii(escaped) {
            return false;
        }
        i += if triplet { 3 } else { 1 };
    }
    true
}

/// Appends the encoding of `input` under `set` to `out`, growing it once.
pub(crate) fn append_encoded(set: Set, input: &[u8], out: &mut String) {
    with_set_type!(set, append_with::<Fast>(input, out));
}

pub(super) fn append_with<S: Scan, K: SetType>(input: &[u8], out: &mut String) {
    let Some(first) = first_change::<S, K>(input) else {
        // Every byte is kept: ASCII.
        raw::push_ascii(out, input);
        return;
    };
    append::<S, K>(input, first, out);
}

/// The encoding of `input` under `set`, borrowing `text` (`input` as text, when it is)
/// when nothing needs escaping.
pub(super) fn encode_cow<'a>(set: Set, input: &'a [u8], text: Option<&'a str>) -> Cow<'a, str> {
    with_set_type!(set, encode_cow_with::<Fast>(input, text))
}

pub(super) fn encode_cow_with<'a, S: Scan, K: SetType>(
    input: &'a [u8],
    text: Option<&'a str>,
) -> Cow<'a, str> {
    let Some(first) = first_change::<S, K>(input) else {
        // Every byte is kept: ASCII, and text.
        return match text.or_else(|| core::str::from_utf8(input).ok()) {
            Some(text) => Cow::Borrowed(text),
            None => Cow::Owned(String::new()),
        };
    };
    let rest = input.len() - first;
    if rest < TAIL {
        // Encoded on the stack, then allocated at its exact length.
        let mut out = String::new();
        append::<S, K>(input, first, &mut out);
        return Cow::Owned(out);
    }
    // Room for the longest encoding, then given back: measuring the encoding first would
    // cost a second pass over the input, where shrinking the allocation is one call (glibc's
    // `realloc` shrinks in place).
    let mut out = String::with_capacity(first + 3 * rest + SLACK);
    append::<S, K>(input, first, &mut out);
    out.shrink_to_fit();
    Cow::Owned(out)
}
