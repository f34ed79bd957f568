//! Writing an encoding: sized once, then unchanged runs copied sixteen bytes at a time and
//! escapes written from a table.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::mem::MaybeUninit;

use urlkit_syntax::chars;

use super::engine::{
    Component, Form, Kind, OUTPUT_BYTES, OUTPUT_LENS, OUTPUTS, Reserved, Set, ascii, changes,
    encoded_len, first_change, kept_run, with_kind,
};
use crate::scan::{self, BLOCK, Fast, Scan};

/// Inputs shorter than this are encoded through a buffer on the stack, in one pass; longer
/// ones are measured first and written in place. It is also how much input the block writer
/// leaves to [`write_short`]: two blocks, so that each of its copies reads and writes whole
/// blocks inside the input and the output.
pub(super) const TAIL: usize = 2 * BLOCK;

/// Room [`write_short`] needs: three bytes per input byte, and one past the last for its
/// four-byte stores.
const SHORT_ROOM: usize = 3 * TAIL + 1;

/// Appends the encoding of `input`, whose first `first` bytes are kept, to `buf`. Every byte
/// it writes is ASCII (the set's kept bytes, which are ASCII, valid triplets, `%XX`, `+`).
pub(super) fn append<S: Scan, K: Kind>(input: &[u8], first: usize, buf: &mut Vec<u8>) {
    let rest = &input[first..];
    if rest.len() < TAIL {
        // A URL's values: one pass into the stack, then one copy. Measuring first cost more
        // than the encoding.
        let mut escaped = [0; SHORT_ROOM];
        let written = write_short::<K>(rest, &mut escaped);
        buf.reserve(first + written);
        buf.extend_from_slice(&input[..first]);
        buf.extend_from_slice(&escaped[..written]);
        return;
    }
    // Measuring costs a pass over the input; it is skipped when there is room for the
    // longest encoding (three bytes per byte) already.
    let room = if buf.capacity() - buf.len() >= first + 3 * rest.len() {
        3 * rest.len()
    } else {
        let len = encoded_len::<S, K>(rest);
        buf.reserve(first + len);
        len
    };
    buf.extend_from_slice(&input[..first]);
    let spare = &mut buf.spare_capacity_mut()[..room];
    let written = if K::SET == Set::Reserved {
        write_reserved::<S, K>(rest, spare)
    } else {
        write_long::<S, K>(rest, spare)
    };
    // SAFETY: the writers initialize the first `written` bytes of `spare` (the bytes after
    // the buffer's length, within its capacity).
    unsafe { buf.set_len(buf.len() + written) };
}

/// Writes the encoding of `src` (shorter than [`TAIL`]) to the start of `dst`; returns its
/// length. Branch-free but for the loop: one table entry stored per byte.
fn write_short<K: Kind>(src: &[u8], dst: &mut [u8; SHORT_ROOM]) -> usize {
    let outputs = &OUTPUTS[K::SET as usize];
    let mut j = 0;
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        if K::SET == Set::Reserved && b == b'%' && chars::is_triplet(&src[i..]) {
            dst[j..j + 3].copy_from_slice(&src[i..i + 3]);
            (i, j) = (i + 3, j + 3);
            continue;
        }
        let out = outputs[usize::from(b)];
        // Stores all four bytes: at most one past the room three bytes per input byte take.
        dst[j..j + 4].copy_from_slice(&out);
        j += usize::from(out[3]);
        i += 1;
    }
    j
}

/// Copies `src` to the start of `dst`.
fn copy(src: &[u8], dst: &mut [MaybeUninit<u8>]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        d.write(s);
    }
}

/// Writes the encoding of `src` under `component` or `form` to the start of `dst`, which is
/// at least as long as that encoding ([`encoded_len`]) and at least [`TAIL`] bytes; returns
/// its length.
fn write_long<S: Scan, K: Kind>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    debug_assert!(K::SET != Set::Reserved && dst.len() >= encoded_len::<S, K>(src));
    let lens = &OUTPUT_LENS[K::SET as usize];
    let bytes = &OUTPUT_BYTES[K::SET as usize];
    let n = src.len();
    let out = dst.as_mut_ptr().cast::<u8>();
    let (mut i, mut j) = (0, 0);
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if S::SHUFFLES && scan::ssse3::available() {
        (i, j) = if S::WIDE && scan::ssse3::wide_available() {
            // SAFETY: the processor has AVX2 and POPCNT (just checked), and `dst` has room
            // for the encoding of `src` (this function's contract).
            unsafe { super::shuffle::write_blocks_wide::<K>(src, out) }
        } else {
            // SAFETY: the processor has SSSE3 (just checked), and `dst` has room for the
            // encoding of `src` (this function's contract).
            unsafe { super::shuffle::write_blocks::<K>(src, out) }
        };
    }
    // Invariant: `dst[..j]` holds the encoding of `src[..i]`, and what is left of `dst` has
    // room for the encoding of `src[i..]`, which is at least `n - i` bytes (no byte encodes
    // to less than one). So while `i` is a block or more from the end, a store of up to `BLOCK` bytes at
    // `j` lands inside `dst`; what it writes past the encoding of `src[..i]` is overwritten
    // by later stores before the end.
    while i + TAIL <= n {
        let start = i;
        let block = scan::block(src, start).expect("a block is left");
        let changes = changes::<S, K>(block);
        if changes == 0 {
            // SAFETY: `BLOCK` bytes from `j`: inside `dst` (the invariant, `n - i >= TAIL`).
            unsafe { out.add(j).cast::<[u8; BLOCK]>().write_unaligned(*block) };
            (i, j) = (i + BLOCK, j + BLOCK);
            continue;
        }
        // Escapes in the block: each pair of bytes' outputs joined from the table and stored
        // as one word. In prose they come every few bytes, irregularly; copying the runs
        // between them would take a branch per run that is mispredicted in most blocks
        // (measured: 25% slower on English text). A store per byte measured 5% slower: the
        // stores, not the instructions, are what this loop waits on.
        // The bytes are taken from two words in registers: read back one at a time from the
        // block the classifier loaded, they would wait on the store of that block.
        for half in [&block[..8], &block[8..]] {
            let word = u64::from_le_bytes(half.try_into().expect("eight bytes"));
            for k in 0..4 {
                let first = (word >> (16 * k)) as usize & 0xFF;
                let second = (word >> (16 * k + 8)) as usize & 0xFF;
                let both = u64::from(bytes[first]) | u64::from(bytes[second]) << (8 * lens[first]);
                // SAFETY: eight bytes from `j`, inside `dst` (the invariant: at least
                // `TAIL - BLOCK` input bytes follow the block).
                unsafe {
                    out.add(j)
                        .cast::<[u8; 8]>()
                        .write_unaligned(both.to_le_bytes());
                }
                j += lens[first] + lens[second];
            }
        }
        i += BLOCK;
    }
    let mut escaped = [0; SHORT_ROOM];
    let written = write_short::<K>(&src[i..], &mut escaped);
    copy(&escaped[..written], &mut dst[j..]);
    j + written
}

/// Writes the encoding of `src` under `reserved` to the start of `dst`, which is at least as
/// long as that encoding: kept runs copied whole, a triplet or an escape at a time between
/// them. Returns the encoding's length.
fn write_reserved<S: Scan, K: Kind>(src: &[u8], dst: &mut [MaybeUninit<u8>]) -> usize {
    let outputs = &OUTPUTS[K::SET as usize];
    let (mut i, mut j) = (0, 0);
    while i < src.len() {
        let run = kept_run::<S, K>(&src[i..]);
        copy(&src[i..i + run], &mut dst[j..]);
        (i, j) = (i + run, j + run);
        let Some(&b) = src.get(i) else { break };
        let triplet = b == b'%' && chars::is_triplet(&src[i..]);
        let escaped: &[u8] = if triplet {
            &src[i..i + 3]
        } else {
            let entry = &outputs[usize::from(b)];
            &entry[..usize::from(entry[3])]
        };
        copy(escaped, &mut dst[j..]);
        j += escaped.len();
        i += if triplet { 3 } else { 1 };
    }
    j
}

/// Appends the encoding of `input` under `set` (not `reserved`, whose triplets need a look
/// ahead) to `out` in one pass straight into its spare capacity, when `input` is short and
/// `out` already has room for its longest encoding; returns whether it did. A URL's values
/// are short and `url!` sizes the URL for them up front (three bytes a byte for text), so
/// scanning for a change and then copying (two passes, and a `memcpy` call) is work this
/// skips: measured with callgrind on the GitHub issues URL, 1,490 instructions a URL before.
#[inline]
pub(crate) fn encode_short_in_room(set: Set, input: &[u8], out: &mut String) -> bool {
    debug_assert!(set != Set::Reserved);
    // One past the longest encoding, for the four-byte stores.
    let room = 3 * input.len() + 1;
    if input.len() >= TAIL || out.capacity() - out.len() < room {
        return false;
    }
    let outputs = &OUTPUTS[set as usize];
    // SAFETY: every byte written is ASCII (a kept byte, which `ACTIONS` only gives to ASCII
    // bytes, a `%XX` triplet or a `+`), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..room];
    let dst = spare.as_mut_ptr().cast::<u8>();
    // SAFETY: `spare`, from `dst`, has `room = 3 * input.len() + 1` bytes.
    let j = unsafe { store_entries(dst, 0, input, outputs) };
    // SAFETY: the first `j` bytes of `spare` were written above.
    unsafe { buf.set_len(buf.len() + j) };
    true
}

/// Stores the table entries of `input`'s bytes from `dst + j` on (see `store_entry`), four
/// bytes at a time without a test between them, then the rest; returns where the last
/// output ends. (A byte at a time, the loop's own test and count were a third of the
/// instructions for a short key; callgrind, `{?keys*}` of three pairs.)
///
/// # Safety
/// `dst + j` is valid for writes of `3 * input.len() + 1` bytes.
#[allow(
    clippy::inline_always,
    reason = "the encoders' byte loops, in line where the set is a constant"
)]
#[inline(always)]
pub(super) unsafe fn store_entries(
    dst: *mut u8,
    mut j: usize,
    input: &[u8],
    outputs: &[[u8; 4]; 256],
) -> usize {
    let mut fours = input.chunks_exact(4);
    for four in &mut fours {
        for &b in four {
            // SAFETY: before the `i`th byte `j` has grown by at most `3 * i`, so each store
            // ends inside the `3 * input.len() + 1` bytes the caller makes valid.
            j += unsafe { store_entry(dst, j, outputs[usize::from(b)]) };
        }
    }
    for &b in fours.remainder() {
        // SAFETY: as above.
        j += unsafe { store_entry(dst, j, outputs[usize::from(b)]) };
    }
    j
}

/// Stores a byte's table entry (its output, padded, with the output's length in the last
/// byte) as one word at `dst + j`, and returns the output's length: one load and one store
/// of a word, where as `[u8; 4]` the entry was moved a byte or two at a time. The next
/// store overwrites the padding, or the length leaves it out.
///
/// # Safety
/// The four bytes at `dst + j` are valid for writes.
#[allow(
    clippy::inline_always,
    reason = "a store and a shift, in the encoders' byte loops"
)]
#[inline(always)]
pub(super) unsafe fn store_entry(dst: *mut u8, j: usize, entry: [u8; 4]) -> usize {
    // SAFETY: the caller's contract.
    unsafe {
        dst.add(j)
            .cast::<u32>()
            .write_unaligned(u32::from_ne_bytes(entry));
    }
    (u32::from_le_bytes(entry) >> 24) as usize
}

/// [`encode_short_in_room`] for 4 to 7 bytes (else returns false, writing nothing): the
/// first four written without a test of the length after each, which the loop there has
/// (in line, for a value known to be under 8 bytes, it is unrolled with a test a byte).
/// Measured with callgrind on the GitHub issues URL (`push_unreserved`, whose short values
/// are mostly 4 to 7 bytes).
#[allow(
    clippy::inline_always,
    reason = "in line in push_unreserved, where the set is a constant and the length under 8; measured with callgrind (GitHub issues URL)"
)]
#[inline(always)]
pub(crate) fn encode_four_to_seven_in_room(set: Set, input: &[u8], out: &mut String) -> bool {
    debug_assert!(set != Set::Reserved);
    let Some((head, rest)) = input.split_first_chunk::<4>() else {
        return false;
    };
    // One past the longest encoding, for the four-byte stores.
    let room = 3 * input.len() + 1;
    if rest.len() >= 4 || out.capacity() - out.len() < room {
        return false;
    }
    let outputs = &OUTPUTS[set as usize];
    // SAFETY: every byte written is ASCII (a kept byte, which `ACTIONS` only gives to ASCII
    // bytes, a `%XX` triplet or a `+`), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..room];
    let dst = spare.as_mut_ptr().cast::<u8>();
    let mut j = 0;
    let mut step = |b: u8| {
        // SAFETY: before the `i`th input byte `j <= 3 * i`, so the four bytes stored at `j`
        // end at most at `3 * (len - 1) + 4 = room`: inside `spare`.
        j += unsafe { store_entry(dst, j, outputs[usize::from(b)]) };
    };
    let [b0, b1, b2, b3] = *head;
    step(b0);
    step(b1);
    step(b2);
    step(b3);
    for &b in rest {
        step(b);
    }
    // SAFETY: the first `j` bytes of `spare` were written above.
    unsafe { buf.set_len(buf.len() + j) };
    true
}

/// The shortest value [`copy_short_if_kept`] copies. Shorter ones are a few table lookups
/// anyway; and in unoptimized builds, where the block classifier is dozens of calls, taking
/// it for 4-byte values made a list of 2,000 numbers 26 times slower to expand than one of
/// 200, which all took the lookups (seen when `tests/tests/complexity.rs` timed unoptimized
/// builds; it now counts allocations, and the `complexity` bench times optimized ones).
pub(super) const SHORTEST_COPY: usize = 8;

/// Appends `input` to `out` as it is, when it is [`SHORTEST_COPY`] to [`TAIL`] bytes long,
/// `set` keeps every byte of it and `out` has room for it already; returns whether it did.
/// Many values of a URL are such, and `url!` tries this first, in a function small enough to
/// need no saved registers, then [`encode_short_in_room`] (measured with callgrind on the
/// GitHub issues URL, copying from 4 bytes: 845 instructions a URL with both in one
/// function, which saved and restored four registers on every value; 736 apart).
#[inline]
pub(crate) fn copy_short_if_kept(set: Set, input: &[u8], out: &mut String) -> bool {
    let n = input.len();
    if !(SHORTEST_COPY..=TAIL).contains(&n) || out.capacity() - out.len() < n {
        return false;
    }
    // SAFETY: `copy_if_kept` writes only bytes `set` keeps, which are ASCII (`ACTIONS`
    // keeps only ASCII bytes), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..n];
    if !with_kind!(set, copy_if_kept::<Fast>(input, spare)) {
        return false;
    }
    // SAFETY: `copy_if_kept` wrote the first `n` bytes of the spare capacity.
    unsafe { buf.set_len(buf.len() + n) };
    true
}

/// Copies `input` ([`SHORTEST_COPY`] to [`TAIL`] bytes) to the start of `dst` if the set keeps every byte
/// of it, and says whether it did: most values of a URL need no escape, and this tells so
/// with one or two block classifications instead of a table lookup per byte. The input is
/// read as two blocks, or two words, that overlap when it is shorter than their sum (a byte
/// classified twice is classified the same), and copied the same way.
#[inline]
fn copy_if_kept<S: Scan, K: Kind>(input: &[u8], dst: &mut [MaybeUninit<u8>]) -> bool {
    let n = input.len();
    debug_assert!((SHORTEST_COPY..=TAIL).contains(&n) && dst.len() >= n);
    if n >= BLOCK {
        let (Some(first), Some(last)) = (input.first_chunk::<BLOCK>(), input.last_chunk()) else {
            return false;
        };
        if S::in_spans(first, K::KEPT) & S::in_spans(last, K::KEPT) != 0xFFFF {
            return false;
        }
        copy(first, &mut dst[..BLOCK]);
        copy(last, &mut dst[n - BLOCK..n]);
        return true;
    }
    let (Some(first), Some(last)) = (input.first_chunk::<8>(), input.last_chunk::<8>()) else {
        return false;
    };
    let mut block = [0; BLOCK];
    block[..8].copy_from_slice(first);
    block[8..].copy_from_slice(last);
    if S::in_spans(&block, K::KEPT) != 0xFFFF {
        return false;
    }
    copy(first, &mut dst[..8]);
    copy(last, &mut dst[n - 8..n]);
    true
}

/// Appends the encoding of `input` to `out`, growing it once.
pub(crate) fn encode_into(set: Set, input: &[u8], out: &mut String) {
    with_kind!(set, encode_into_with::<Fast>(input, out));
}

pub(super) fn encode_into_with<S: Scan, K: Kind>(input: &[u8], out: &mut String) {
    let Some(first) = first_change::<S, K>(input) else {
        out.push_str(ascii(input));
        return;
    };
    // SAFETY: every byte `append` leaves in the buffer is ASCII, so `out` stays UTF-8: bytes
    // the set keeps (`ACTIONS` keeps only ASCII bytes; valid triplets are ASCII), `%XX`
    // triplets and `+` (see `append`).
    append::<S, K>(input, first, unsafe { out.as_mut_vec() });
}

pub(super) fn encode_cow(set: Set, input: &[u8]) -> Cow<'_, str> {
    with_kind!(set, encode_cow_with::<Fast>(input))
}

pub(super) fn encode_cow_with<S: Scan, K: Kind>(input: &[u8]) -> Cow<'_, str> {
    let Some(first) = first_change::<S, K>(input) else {
        return Cow::Borrowed(ascii(input));
    };
    let rest = input.len() - first;
    if rest < TAIL {
        // Encoded on the stack, then allocated at its exact length.
        let mut out = Vec::new();
        append::<S, K>(input, first, &mut out);
        debug_assert!(out.is_ascii());
        // SAFETY: as in `encode_into_with`, every byte written is ASCII.
        return Cow::Owned(unsafe { String::from_utf8_unchecked(out) });
    }
    // Room for the longest encoding, then given back: measuring the encoding first costs a
    // pass over the input, which measured slower than the shrinking reallocation (glibc's
    // shrinks in place).
    let mut out = Vec::with_capacity(first + 3 * rest);
    append::<S, K>(input, first, &mut out);
    out.shrink_to_fit();
    debug_assert!(out.is_ascii());
    // SAFETY: as in `encode_into_with`, every byte written is ASCII.
    Cow::Owned(unsafe { String::from_utf8_unchecked(out) })
}
