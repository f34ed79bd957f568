//! Encoding a short value into room the URL already has: the common case of `url!` (a user
//! name, a state, a tag), where most values need no escape and the others one or two.

#![allow(
    clippy::inline_always,
    reason = "the checks inline into `write_component`, where the set is a constant; measured with callgrind (GitHub issues URL)"
)]

use alloc::string::String;
use core::mem::MaybeUninit;

use super::engine::{ACTIONS, Component, Form, Kind, OUTPUTS, Reserved, Set, changes, with_kind};
use super::write::{TAIL, copy_short_if_kept, encode_short_in_room, store_entries, store_entry};
use crate::scan::{BLOCK, Fast, Scan};

/// Appends the encoding of `input` under `set` (not `reserved`, whose triplets need a look
/// ahead) to `out` when it is short and `out` has room for it; returns whether it did (else
/// `out` is as it was).
///
/// - 4 to 7 bytes that the set keeps: the set's table looked up for each (the first four and
///   the last four, which overlap), then copied as two words.
/// - Up to 7 bytes otherwise (1 to 3, as many lookups as a check would take; 4 to 7 with an
///   escape): a table entry stored for each byte ([`escape_short`]).
/// - 8 to 16 bytes: one classification of a block made of the first eight and the last
///   eight; kept whole, copied as two words; else the runs between the bytes that change are
///   stored a block at a time and each change written from the table ([`escape_runs`]).
/// - 17 to 32 bytes that the set keeps (or 8 to 16 with too little room for escapes):
///   copied ([`copy_short_if_kept`]).
///
/// Anything else is left to the caller: longer values, or too little room.
///
/// Measured with callgrind on the GitHub issues URL (`bench/examples/github_count.rs`).
#[inline]
pub(crate) fn encode_short_in_room_fast(set: Set, input: &[u8], out: &mut String) -> bool {
    debug_assert!(set != Set::Reserved);
    let n = input.len();
    let room = out.capacity() - out.len();
    if n < 8 {
        if n >= 4 && room >= n && copy_word_if_kept(set, input, out) {
            return true;
        }
        if room <= 3 * n {
            return false;
        }
        with_kind!(set, escape_short(input, out));
        return true;
    }
    if n > BLOCK || room < 3 * n + BLOCK {
        return n <= TAIL && copy_short_if_kept(set, input, out);
    }
    with_kind!(set, encode_block::<Fast>(input, out));
    true
}

/// Appends `separator`, the encoding of `key` under `set` (not `reserved`), `=` and the
/// encoding of `value` to `out` (`&key=value`, a pair of an exploded map in a query), when the
/// two are under [`TAIL`] bytes together and `out` has room for their longest encoding;
/// returns whether it did (else `out` is as it was). One test of the room and one length
/// update for the whole pair, where pushing the separator, each text and the `=` apart tested
/// the room four times (callgrind, `{?keys*}` of three pairs).
#[inline(always)]
pub(crate) fn encode_pair_in_room(
    set: Set,
    separator: u8,
    key: &[u8],
    value: &[u8],
    out: &mut String,
) -> bool {
    debug_assert!(set != Set::Reserved);
    // Neither length can be near `usize::MAX` (each is a slice's), so the sum cannot wrap.
    let n = key.len() + value.len();
    // The separator, three bytes a byte, the `=`, and one past the last for the four-byte
    // stores.
    let room = 3 * n + 3;
    if !separator.is_ascii() || n >= TAIL || out.capacity() - out.len() < room {
        return false;
    }
    let outputs = &OUTPUTS[set as usize];
    // SAFETY: every byte written is ASCII (`separator`, tested above; `=`; a kept byte, which
    // `ACTIONS` only gives to ASCII bytes, a `%XX` triplet or a `+`), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..room];
    let dst = spare.as_mut_ptr().cast::<u8>();
    // The stores below all land inside `spare` (`room` bytes): the separator at 0; the
    // key's entries from 1, which end at most at `1 + 3 * key.len() + 1`
    // (`store_entries`); the `=` at `j <= 1 + 3 * key.len()`; the value's entries from
    // `j + 1`, which end at most at `3 * n + 3 = room`.
    // SAFETY: `spare` has at least 3 bytes; see above.
    unsafe { dst.write(separator) };
    // SAFETY: see above.
    let mut j = unsafe { store_entries(dst, 1, key, outputs) };
    // SAFETY: see above.
    unsafe { dst.add(j).write(b'=') };
    // SAFETY: see above.
    j = unsafe { store_entries(dst, j + 1, value, outputs) };
    // SAFETY: the first `j` bytes of `spare` were written above.
    unsafe { buf.set_len(buf.len() + j) };
    true
}

/// Appends `prefix` and the encoding of `input` under `set` (not `reserved`) to `out` (the `/`
/// and the item of `{/list*}`), when `input` is under [`TAIL`] bytes and `out` has room for
/// its longest encoding; returns whether it did (else `out` is as it was).
#[inline(always)]
pub(crate) fn encode_prefixed_in_room(
    set: Set,
    prefix: u8,
    input: &[u8],
    out: &mut String,
) -> bool {
    debug_assert!(set != Set::Reserved);
    // The prefix, three bytes a byte, and one past the last for the four-byte stores.
    let room = 3 * input.len() + 2;
    if !prefix.is_ascii() || input.len() >= TAIL || out.capacity() - out.len() < room {
        return false;
    }
    let outputs = &OUTPUTS[set as usize];
    // SAFETY: every byte written is ASCII (`prefix`, tested above; a kept byte, which
    // `ACTIONS` only gives to ASCII bytes, a `%XX` triplet or a `+`), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..room];
    let dst = spare.as_mut_ptr().cast::<u8>();
    // SAFETY: `spare` has at least 2 bytes.
    unsafe { dst.write(prefix) };
    // SAFETY: the four-byte stores of `input` from `dst + 1` end at most at
    // `1 + 3 * input.len() + 1 = room`: inside `spare`.
    let j = unsafe { store_entries(dst, 1, input, outputs) };
    // SAFETY: the first `j` bytes of `spare` were written above.
    unsafe { buf.set_len(buf.len() + j) };
    true
}

/// Copies `input` (4 to 7 bytes) to `out`, which has room for it, if `set` keeps every byte
/// of it; returns whether it did. A table lookup per byte: for so few, fewer instructions than
/// assembling and classifying a block.
#[inline(always)]
fn copy_word_if_kept(set: Set, input: &[u8], out: &mut String) -> bool {
    let n = input.len();
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
    if changes != super::engine::KEEP {
        return false;
    }
    // SAFETY: only `input`'s bytes are written, all of which `set` keeps: ASCII (`ACTIONS`
    // keeps only ASCII bytes), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..n];
    // As two words (a byte at a time, the bytes were kept in eight registers).
    store(&mut spare[..4], u32::from_ne_bytes(*first));
    store(&mut spare[n - 4..], u32::from_ne_bytes(*last));
    // SAFETY: the first `n` bytes of the spare capacity were written just above (the last
    // four overlapping the first four when `n < 8`).
    unsafe { buf.set_len(buf.len() + n) };
    true
}

/// Stores `word` at the start of `dst`, which is at least as long (checked).
#[inline(always)]
fn store<T: Copy>(dst: &mut [MaybeUninit<u8>], word: T) {
    assert!(dst.len() >= size_of::<T>(), "room for the word");
    // SAFETY: `dst` holds at least `size_of::<T>()` bytes (just checked); the store is
    // unaligned.
    unsafe { dst.as_mut_ptr().cast::<T>().write_unaligned(word) };
}

/// Appends the encoding of `input` (under 8 bytes; `out` has room for three bytes a byte and
/// one more) to `out`, a table entry a byte ([`encode_short_in_room`]). Apart, and with
/// nothing left to do after it, so that neither it nor its caller saves registers.
#[inline(never)]
fn escape_short<K: Kind>(input: &[u8], out: &mut String) {
    let written = encode_short_in_room(K::SET, input, out);
    debug_assert!(written, "room for the encoding");
}

/// The rest of [`encode_short_in_room_fast`] for 8 to 16 bytes, with room for
/// `3 * input.len() + BLOCK` more in `out`.
#[inline(always)]
fn encode_block<S: Scan, K: Kind>(input: &[u8], out: &mut String) {
    let n = input.len();
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
        // What `escape_block` requires, checked here so that this function is sound on its
        // own; the caller checked the same, so in line the test folds away.
        if n > BLOCK || out.capacity() - out.len() < 3 * n + BLOCK {
            return super::write::encode_into(K::SET, input, out);
        }
        // SAFETY: `8 <= n` (the chunks above exist), `n <= BLOCK` and the room, just checked.
        return unsafe { escape_block::<K>(input, *first, *last, changes, out) };
    }
    // Most values: the two words, overlapping as they were read.
    // SAFETY: only `input`'s bytes are written, all of which the set keeps: ASCII
    // (`ACTIONS` keeps only ASCII bytes), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..n];
    store(&mut spare[..8], u64::from_ne_bytes(*first));
    store(&mut spare[n - 8..], u64::from_ne_bytes(*last));
    // SAFETY: the first `n` bytes of the spare capacity were written just above.
    unsafe { buf.set_len(buf.len() + n) };
}

/// Appends the encoding of `input` (8 to 16 bytes), whose first and last eight are `first`
/// and `last` and whose block made of these has `changes`, to `out`, which has room for
/// `3 * n + BLOCK` more. Apart from [`encode_block`], so that a value with nothing to escape
/// saves no registers (and this is its last call).
///
/// # Safety
///
/// `8 <= n <= BLOCK` (`n = input.len()`), `out` has room for `3 * n + BLOCK` more bytes,
/// `first` and `last` are `input`'s first and last eight and `changes` their classification
/// under `K` ([`changes`]): what its only caller checked and computed. The room and length
/// are told to the compiler, so that the bounds of the stores below and of `escape_runs`
/// are not checked again (callgrind: 9 instructions a value, 3 values of the escaped GitHub
/// issues URL); the rest keeps every byte written ASCII.
#[inline(never)]
unsafe fn escape_block<K: Kind>(
    input: &[u8],
    first: [u8; 8],
    last: [u8; 8],
    changes: u32,
    out: &mut String,
) {
    let n = input.len();
    // SAFETY: this function's precondition.
    unsafe {
        core::hint::assert_unchecked(
            (8..=BLOCK).contains(&n) && out.capacity() - out.len() >= 3 * n + BLOCK,
        );
    }
    // The changes by position (a byte classified twice is classified the same, so OR-ing
    // the halves in place is exact).
    let escapes = (changes & 0xFF) | (changes >> 8) << (n - 8);
    // One change, at `i`, is the common case (a space in a name, a `&` in a state): written
    // here from registers and without a loop, saving one register where `escape_all` saves
    // six. `escape_all` copies the value to the stack and reads each run from the copy; its
    // first read spans the stores that made the copy, which store-to-load forwarding cannot
    // serve, so it waits for them to reach the cache. Measured with
    // `bench/examples/github_time.rs escaped` (alternating binaries, fastest batch): the
    // GitHub issues URL, three such values, about 77 ns through `escape_all` alone, 68 with
    // this path (callgrind: 831 and 834 instructions a URL). Runs written from registers in
    // `escape_all`'s loop as well (a shift of the value for each) made that 71 ns, but a URL
    // of two values with three and five changes 60 ns, from 50; so `escape_all` keeps the
    // copy (that URL: about 52 ns, for the tests here).
    let i = escapes.trailing_zeros() as usize;
    let (Some(&b), 0) = (input.get(i), escapes & escapes.wrapping_sub(1)) else {
        // (Or, never, no change in `input`: the caller found one.)
        // SAFETY: this function's precondition, from which `escapes` is made.
        return unsafe { escape_all::<K>(first, last, escapes, n, out) };
    };
    // The value as one integer, byte `k` at bits `8 * k` and zeros after it. The last eight
    // overlap the first eight where `n < 16`, with the same bytes, so OR-ing them in place
    // is exact.
    let value = u128::from(u64::from_le_bytes(first))
        | u128::from(u64::from_le_bytes(last)) << (8 * (n - 8));
    let outputs = &OUTPUTS[K::SET as usize];
    // SAFETY: the bytes counted into the length below are ASCII: kept bytes (which `ACTIONS`
    // only gives to ASCII bytes) and a table output (`%XX`, `+`). What the whole-block stores
    // leave past the length is spare capacity, which may hold anything.
    let buf = unsafe { out.as_mut_vec() };
    let len = buf.len();
    let spare = &mut buf.spare_capacity_mut()[..3 * n + BLOCK];
    let dst = spare.as_mut_ptr().cast::<u8>();
    // The kept bytes before the change, and what follows them, which the next stores
    // overwrite or the length leaves out.
    let whole = value.to_le_bytes();
    // SAFETY: `BLOCK` bytes at 0: inside `spare`, `3 * n + BLOCK` bytes.
    unsafe { dst.cast::<[u8; BLOCK]>().write_unaligned(whole) };
    // SAFETY: four bytes at `i < n`: inside `spare`.
    let j = i + unsafe { store_entry(dst, i, outputs[usize::from(b)]) };
    // The kept bytes after it, from `i + 1 <= n <= BLOCK` (at `BLOCK`, past the value, the
    // shift wraps to the whole value, which the length leaves out).
    let after = value.wrapping_shr((8 * (i + 1)) as u32).to_le_bytes();
    // SAFETY: `BLOCK` bytes at `j <= i + 3 <= n + 2`: inside `spare`.
    unsafe { dst.add(j).cast::<[u8; BLOCK]>().write_unaligned(after) };
    // SAFETY: the encoding of `input`, `j` bytes for its first `i + 1` and then the other
    // `n - i - 1` as they are, was written above at the start of the spare capacity.
    unsafe { buf.set_len(len + j + (n - i - 1)) };
}

/// [`escape_block`] for a value with several changes (or, never, none): `first` and `last`
/// are its first and last eight, `n` its length, and `escapes` has bit `k` for each byte that
/// changes.
///
/// # Safety
///
/// `escape_block`'s precondition, from which `escapes` is made as it makes it.
#[inline(never)]
unsafe fn escape_all<K: Kind>(
    first: [u8; 8],
    last: [u8; 8],
    escapes: u32,
    n: usize,
    out: &mut String,
) {
    // SAFETY: this function's precondition.
    unsafe {
        core::hint::assert_unchecked(
            (8..=BLOCK).contains(&n) && out.capacity() - out.len() >= 3 * n + BLOCK,
        );
    }
    // The value in place, then zeros, so that a block can be read from any of its bytes.
    let mut bytes = [0; 2 * BLOCK];
    bytes[..8].copy_from_slice(&first);
    bytes[n - 8..n].copy_from_slice(&last);
    // SAFETY: the bytes counted into the length below are ASCII: kept bytes (which `ACTIONS`
    // only gives to ASCII bytes) and table outputs (`%XX`, `+`). What the whole-block stores
    // of `escape_runs` leave past the length is spare capacity, which may hold anything.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..3 * n + BLOCK];
    let written = escape_runs::<K>(&bytes, escapes, n, spare);
    // SAFETY: `escape_runs` wrote the encoding of the value, `written` bytes, at the start
    // of the spare capacity.
    unsafe { buf.set_len(buf.len() + written) };
}

/// Writes the encoding of the `n` bytes at the start of `bytes` (at most [`BLOCK`], zeros
/// after them), of which those with a bit in `escapes` change, to the start of `spare`
/// (`3 * n + BLOCK` bytes); returns its length. The runs between changes are stored a whole
/// block at a time, each change as its table entry.
#[inline(always)]
fn escape_runs<K: Kind>(
    bytes: &[u8; 2 * BLOCK],
    mut escapes: u32,
    n: usize,
    spare: &mut [MaybeUninit<u8>],
) -> usize {
    assert!(
        n <= BLOCK && spare.len() >= 3 * n + BLOCK,
        "room for the encoding"
    );
    let outputs = &OUTPUTS[K::SET as usize];
    let dst = spare.as_mut_ptr().cast::<u8>();
    // Invariant: `dst[..j]` holds the encoding of the first `pos` bytes, so `j <= 3 * pos`;
    // a block stored at `j` while `pos < n` ends before `3 * n + BLOCK`, inside `spare`.
    let (mut pos, mut j) = (0, 0);
    while escapes != 0 {
        let i = escapes.trailing_zeros() as usize;
        let (Some(run), Some(&b)) = (bytes.get(pos..pos + BLOCK), bytes.get(i)) else {
            break;
        };
        if i >= n {
            break;
        }
        // The kept run `pos..i`, and what follows it, which the next stores overwrite or
        // the length leaves out.
        // SAFETY: `BLOCK` bytes at `j <= 3 * pos` with `pos <= i < n`: inside `spare` (the
        // invariant, and the assertion above). `run` is `BLOCK` bytes long.
        unsafe { dst.add(j).copy_from_nonoverlapping(run.as_ptr(), BLOCK) };
        j += i - pos;
        // SAFETY: four bytes at `j <= 3 * i`, which end before `3 * n + 1`: inside `spare`.
        j += unsafe { store_entry(dst, j, outputs[usize::from(b)]) };
        pos = i + 1;
        escapes &= escapes - 1;
    }
    if let Some(run) = bytes.get(pos..pos + BLOCK)
        && pos < n
    {
        // SAFETY: as in the loop, `BLOCK` bytes at `j <= 3 * pos` with `pos < n`.
        unsafe { dst.add(j).copy_from_nonoverlapping(run.as_ptr(), BLOCK) };
        j += n - pos;
    }
    j
}
