//! The machinery behind every encoder of [`super`]: per-set byte tables derived from the
//! grammar's one character table, a scanner for the unchanged prefix, and a writer that sizes
//! its output once.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use urlkit_syntax::chars::{self, CLASS, FORM, HEX_UPPER, RESERVED, UNRESERVED};

/// The sets of [`super`]: which bytes pass, which become `%XX` or `+`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Set {
    /// RFC 3986 unreserved passes (RFC 6570 `{x}`).
    Component,
    /// Unreserved, reserved and triplets pass (RFC 6570 `{+x}`).
    Reserved,
    /// `application/x-www-form-urlencoded`.
    Form,
}

/// What a set does with a byte: [`KEEP`] it, [`ESCAPE`] it as `%XX`, write [`PLUS`] (a space
/// under `form`), or, for a [`PERCENT`] sign under `reserved`, keep it if it starts a triplet
/// and escape it otherwise.
const KEEP: u8 = 0;
/// See [`KEEP`].
const ESCAPE: u8 = 1;
/// See [`KEEP`].
const PLUS: u8 = 2;
/// See [`KEEP`].
const PERCENT: u8 = 3;

/// Each set's action for every byte, derived at compile time from [`CLASS`], the one
/// character table the macros and the grammar use. `KEEP` is only ever given to ASCII bytes
/// (non-ASCII bytes have no class bits), which the `unsafe` blocks below rely on.
static ACTIONS: [[u8; 256]; 3] = [
    actions(Set::Component),
    actions(Set::Reserved),
    actions(Set::Form),
];

const fn actions(set: Set) -> [u8; 256] {
    let kept = match set {
        Set::Component => UNRESERVED,
        Set::Reserved => UNRESERVED | RESERVED,
        Set::Form => FORM,
    };
    let mut table = [ESCAPE; 256];
    let mut b = 0;
    while b < 256 {
        if CLASS[b] & kept != 0 {
            table[b] = KEEP;
        }
        b += 1;
    }
    match set {
        Set::Component => {}
        Set::Reserved => table[b'%' as usize] = PERCENT,
        Set::Form => table[b' ' as usize] = PLUS,
    }
    table
}

impl Set {
    #[inline]
    fn actions(self) -> &'static [u8; 256] {
        &ACTIONS[self as usize]
    }
}

/// `%XX` for every byte, so escaping is one table lookup and one copy.
static TRIPLETS: [[u8; 3]; 256] = {
    let mut table = [[0u8; 3]; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = [b'%', HEX_UPPER[b >> 4], HEX_UPPER[b & 15]];
        b += 1;
    }
    table
};

/// How many bytes at the start of `input` the set keeps as they are (a `%` stops the run).
#[inline]
fn kept_run(actions: &[u8; 256], input: &[u8]) -> usize {
    let by_byte = |bytes: &[u8]| {
        bytes
            .iter()
            .position(|&b| actions[usize::from(b)] != KEEP)
            .unwrap_or(bytes.len())
    };
    if input.len() < 16 {
        // A URL's values are mostly this short: one lookup a byte, no chunking to set up.
        return by_byte(input);
    }
    let mut chunks = input.chunks_exact(8);
    let mut i = 0;
    for chunk in &mut chunks {
        // Eight lookups OR-ed together without a branch: long runs of unreserved text
        // (identifiers, words) cost one test per eight bytes. `KEEP` is 0.
        let any = chunk
            .iter()
            .fold(KEEP, |acc, &b| acc | actions[usize::from(b)]);
        if any != KEEP {
            break;
        }
        i += 8;
    }
    i + by_byte(&input[i..])
}

/// The index of the first byte the set changes, if any.
pub(super) fn first_change(set: Set, input: &[u8]) -> Option<usize> {
    let actions = set.actions();
    if set != Set::Reserved {
        // Only `reserved` keeps something that ends a run (a valid triplet); under the other
        // sets the first run ends at the first change.
        let run = kept_run(actions, input);
        return (run < input.len()).then_some(run);
    }
    let mut i = 0;
    loop {
        i += kept_run(actions, &input[i..]);
        match input.get(i) {
            None => return None,
            Some(&b) if actions[usize::from(b)] == PERCENT && chars::is_triplet(&input[i..]) => {
                i += 3;
            }
            Some(_) => return Some(i),
        }
    }
}

/// Each set's output for every byte, as four bytes: up to three to write, then how many of
/// them count (1 or 3). The writer stores all four and advances by the count, so the common
/// actions cost no branch: in text where escapes come irregularly (English prose), a branch
/// per byte would be mispredicted at every change.
static OUTPUTS: [[[u8; 4]; 256]; 3] = [
    outputs(&ACTIONS[Set::Component as usize]),
    outputs(&ACTIONS[Set::Reserved as usize]),
    outputs(&ACTIONS[Set::Form as usize]),
];

const fn outputs(actions: &[u8; 256]) -> [[u8; 4]; 256] {
    let mut table = [[0u8; 4]; 256];
    let mut b = 0;
    while b < 256 {
        let [percent, hi, lo] = TRIPLETS[b];
        table[b] = match actions[b] {
            KEEP => [b as u8, 0, 0, 1],
            PLUS => [b'+', 0, 0, 1],
            // `ESCAPE`, and a `PERCENT` that starts no triplet (`%25`).
            _ => [percent, hi, lo, 3],
        };
        b += 1;
    }
    table
}

/// How long `input[from..]` is once encoded.
pub(super) fn encoded_len(set: Set, input: &[u8], from: usize) -> usize {
    let outputs = &OUTPUTS[set as usize];
    let rest = &input[from..];
    let len: usize = rest
        .iter()
        .map(|&b| usize::from(outputs[usize::from(b)][3]))
        .sum();
    if set != Set::Reserved {
        return len;
    }
    // A kept triplet was counted as an escaped `%` (3) and two kept hex digits (1 + 1).
    let triplets = rest
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'%' && chars::is_triplet(&rest[i..]))
        .count();
    len - 2 * triplets
}

/// Room `write_escaped` needs past the end of its output: it stores four bytes per input
/// byte, and a whole step of four input bytes through one bounds-checked window.
const SLACK: usize = 16;

/// Writes the encoding of `input` at the start of `dst`, which must hold its
/// [`encoded_len`] plus [`SLACK`] bytes; returns how many bytes count.
fn write_escaped(set: Set, input: &[u8], dst: &mut [u8]) -> usize {
    if set == Set::Reserved {
        return write_reserved(input, dst);
    }
    let outputs = &OUTPUTS[set as usize];
    let mut j = 0;
    let mut chunks = input.chunks_exact(4);
    for chunk in &mut chunks {
        // At most 3 * 3 + 4 bytes are stored from `j`, within `SLACK` past the output's end.
        let window = &mut dst[j..j + SLACK];
        let mut k = 0;
        for &b in chunk {
            let out = outputs[usize::from(b)];
            window[k..k + 4].copy_from_slice(&out);
            k += usize::from(out[3]);
        }
        j += k;
    }
    for &b in chunks.remainder() {
        let out = outputs[usize::from(b)];
        dst[j..j + 4].copy_from_slice(&out);
        j += usize::from(out[3]);
    }
    j
}

/// [`write_escaped`] for [`Set::Reserved`], which keeps valid triplets.
fn write_reserved(input: &[u8], dst: &mut [u8]) -> usize {
    let outputs = &OUTPUTS[Set::Reserved as usize];
    let (mut i, mut j) = (0, 0);
    while let Some(&b) = input.get(i) {
        if b == b'%' && chars::is_triplet(&input[i..]) {
            dst[j..j + 3].copy_from_slice(&input[i..i + 3]);
            (i, j) = (i + 3, j + 3);
            continue;
        }
        let out = outputs[usize::from(b)];
        dst[j..j + 4].copy_from_slice(&out);
        j += usize::from(out[3]);
        i += 1;
    }
    j
}

/// Longest rest of an input (after its unchanged prefix) that [`append`] encodes through a
/// buffer on the stack.
const SHORT: usize = 64;

/// Appends the encoding of `input` to `buf`: its unchanged prefix, then the rest.
///
/// A short rest (a URL's values, mostly) is encoded in one pass into a buffer on the stack and
/// copied once: measuring its encoded length first and zeroing the room in `buf` cost more than
/// the encoding. A long one is measured, and `buf` grown once to the exact size.
fn append(set: Set, input: &[u8], first: usize, buf: &mut Vec<u8>) {
    let rest = &input[first..];
    if rest.len() <= SHORT {
        let mut escaped = [0u8; 3 * SHORT + SLACK];
        let written = write_escaped(set, rest, &mut escaped);
        buf.reserve(first + written);
        buf.extend_from_slice(&input[..first]);
        buf.extend_from_slice(&escaped[..written]);
        return;
    }
    let start = buf.len() + first;
    let end = start + encoded_len(set, input, first);
    buf.reserve_exact(end + SLACK - buf.len());
    buf.extend_from_slice(&input[..first]);
    buf.resize(end + SLACK, 0);
    let written = write_escaped(set, &input[first..], &mut buf[start..]);
    debug_assert_eq!(start + written, end);
    buf.truncate(end);
}

/// Appends the encoding of `input` to `out`, growing it once.
pub(crate) fn encode_into(set: Set, input: &[u8], out: &mut String) {
    let Some(first) = first_change(set, input) else {
        out.push_str(ascii(input));
        return;
    };
    // SAFETY: every byte `append` leaves in the buffer is ASCII, so `out` stays UTF-8: bytes
    // the set keeps (`ACTIONS` keeps only ASCII bytes; valid triplets are ASCII), `%XX`
    // triplets, `+`, the count bytes of `OUTPUTS` (1 or 3) and the zeros the buffer is resized
    // with. Each of the last two is overwritten or truncated away; were one left by a bug it
    // would be a wrong byte, still not invalid UTF-8.
    append(set, input, first, unsafe { out.as_mut_vec() });
}

pub(super) fn encode_cow(set: Set, input: &[u8]) -> Cow<'_, str> {
    let Some(first) = first_change(set, input) else {
        return Cow::Borrowed(ascii(input));
    };
    let mut out = Vec::new();
    append(set, input, first, &mut out);
    debug_assert!(out.is_ascii());
    // SAFETY: as in `encode_into`, every byte written is ASCII.
    Cow::Owned(unsafe { String::from_utf8_unchecked(out) })
}

/// Views bytes the encoder produced or kept as text.
fn ascii(bytes: &[u8]) -> &str {
    debug_assert!(bytes.is_ascii());
    // SAFETY: only called on runs of bytes the set keeps, on valid triplets and on `TRIPLETS`
    // entries, all of which are ASCII (see `ACTIONS`).
    unsafe { core::str::from_utf8_unchecked(bytes) }
}

/// Writes the encoding of `input` to `f`, a run or an escape at a time: what
/// [`Encode`](super::Encode) displays.
pub(super) fn display(set: Set, input: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let actions = set.actions();
    let mut i = 0;
    while i < input.len() {
        let run = kept_run(actions, &input[i..]);
        f.write_str(ascii(&input[i..i + run]))?;
        i += run;
        let Some(&b) = input.get(i) else { break };
        let escaped: &[u8] = match actions[usize::from(b)] {
            PLUS => b"+",
            PERCENT if chars::is_triplet(&input[i..]) => {
                i += 2;
                &input[i - 2..=i]
            }
            _ => &TRIPLETS[usize::from(b)],
        };
        f.write_str(ascii(escaped))?;
        i += 1;
    }
    Ok(())
}
