//! The machinery behind every encoder of [`super`]: per-set byte tables derived from the
//! grammar's one character table, a scanner for runs of unchanged bytes that classifies
//! sixteen bytes at a time ([`crate::scan`]), and a writer that sizes its output once
//! ([`super::write`]).

use core::fmt;

use urlkit_syntax::chars::{self, CLASS, FORM, HEX_UPPER, RESERVED, UNRESERVED};

use crate::raw::Replacements;
use crate::scan::{self, BLOCK, Fast, Scan, Span};

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
pub(super) const KEEP: u8 = 0;
/// See [`KEEP`].
const ESCAPE: u8 = 1;
/// See [`KEEP`].
pub(super) const PLUS: u8 = 2;
/// See [`KEEP`].
pub(super) const PERCENT: u8 = 3;

/// Each set's action for every byte, derived at compile time from [`CLASS`], the one
/// character table the macros and the grammar use. `KEEP` is only ever given to ASCII bytes
/// (non-ASCII bytes have no class bits).
pub(super) static ACTIONS: [[u8; 256]; 3] = [
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
    pub(super) fn actions(self) -> &'static [u8; 256] {
        &ACTIONS[self as usize]
    }
}

/// `%XX` for every byte, so escaping is one table lookup and one copy.
pub(super) static TRIPLETS: [[u8; 3]; 256] = {
    let mut table = [[0u8; 3]; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = [b'%', HEX_UPPER[b >> 4], HEX_UPPER[b & 15]];
        b += 1;
    }
    table
};

/// Each set's output for every byte, as four bytes: up to three to write, then how many of
/// them count (1 or 3). The writers store all four and advance by the count, so the common
/// actions cost no branch: in text where escapes come irregularly (English prose), a branch
/// per byte would be mispredicted at every change.
pub(super) static OUTPUTS: [Replacements; 3] = [
    Replacements::new(&outputs(&ACTIONS[Set::Component as usize])),
    Replacements::new(&outputs(&ACTIONS[Set::Reserved as usize])),
    Replacements::new(&outputs(&ACTIONS[Set::Form as usize])),
];

impl Set {
    /// The set's [`OUTPUTS`].
    #[inline]
    pub(super) fn outputs(self) -> &'static Replacements {
        &OUTPUTS[self as usize]
    }
}

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

/// The bytes each output is one byte long for: the kept ones, and the space `form` writes as
/// `+`. Under `reserved`, a `%` may be kept with its triplet: it is not in this set, and the
/// writer looks at it on its own.
const SHORT_OUTPUT: [[u8; 256]; 3] = [
    short_output(&ACTIONS[Set::Component as usize]),
    short_output(&ACTIONS[Set::Reserved as usize]),
    short_output(&ACTIONS[Set::Form as usize]),
];

const fn short_output(actions: &[u8; 256]) -> [u8; 256] {
    let outputs = outputs(actions);
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = outputs[b][3];
        b += 1;
    }
    table
}

/// A set as types, so that the scanner's spans are constants each encoder is compiled with.
pub(crate) trait SetType {
    const SET: Set;
    /// The bytes the set keeps, as spans of [`crate::scan`].
    const KEPT: &'static [Span];
    /// The bytes whose output is one byte long (kept, or a space under `form`).
    const SHORT: &'static [Span];
    /// [`Self::KEPT`] as the nibble tables of [`scan::nibble`].
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    const KEPT_NIBBLES: &'static scan::nibble::Nibbles;
}

/// Declares a [`SetType`] whose spans are derived from [`ACTIONS`] and [`SHORT_OUTPUT`].
macro_rules! set_type {
    ($name:ident, $set:expr) => {
        pub(super) struct $name;
        impl SetType for $name {
            const SET: Set = $set;
            const KEPT: &'static [Span] = &{
                const TABLE: &[u8; 256] = &ACTIONS[$set as usize];
                scan::spans::<{ scan::span_count(TABLE, KEEP) }>(TABLE, KEEP)
            };
            const SHORT: &'static [Span] = &{
                const TABLE: &[u8; 256] = &SHORT_OUTPUT[$set as usize];
                scan::spans::<{ scan::span_count(TABLE, 1) }>(TABLE, 1)
            };
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            const KEPT_NIBBLES: &'static scan::nibble::Nibbles =
                &scan::nibble::Nibbles::of(&ACTIONS[$set as usize], KEEP);
        }
    };
}
set_type!(Component, Set::Component);
set_type!(Reserved, Set::Reserved);
set_type!(Form, Set::Form);

/// Calls `$f::<$scan, K>($args)`, or `$f::<K>($args)`, with the [`SetType`] of `$set`.
macro_rules! with_set_type {
    ($set:expr, $f:ident::<$scan:ty>($($arg:expr),*)) => {
        match $set {
            Set::Component => $f::<$scan, Component>($($arg),*),
            Set::Reserved => $f::<$scan, Reserved>($($arg),*),
            Set::Form => $f::<$scan, Form>($($arg),*),
        }
    };
    ($set:expr, $f:ident($($arg:expr),*)) => {
        match $set {
            Set::Component => $f::<Component>($($arg),*),
            Set::Reserved => $f::<Reserved>($($arg),*),
            Set::Form => $f::<Form>($($arg),*),
        }
    };
}
pub(super) use with_set_type;

/// Bit `k` set for each byte of `block` that the set does not keep: a few instructions, in
/// line where the spans are constants.
#[allow(
    clippy::inline_always,
    reason = "a block's classification with constant spans"
)]
#[inline(always)]
pub(super) fn changes<S: Scan, K: SetType>(block: &[u8; BLOCK]) -> u32 {
    S::outside_spans(block, K::KEPT)
}

/// How many bytes at the start of `input` the set keeps as they are (a `%` stops the run).
#[inline]
pub(super) fn kept_run<S: Scan, K: SetType>(input: &[u8]) -> usize {
    if input.len() < BLOCK {
        // A URL's values are mostly this short: one lookup a byte, no block to set up.
        let actions = K::SET.actions();
        return input
            .iter()
            .position(|&b| actions[usize::from(b)] != KEEP)
            .unwrap_or(input.len());
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if S::SHUFFLES && input.len() >= scan::nibble::LONG {
        // A call in tail position: checking the processor's features (a call the first time)
        // in this function made it save registers on every call, shorter values' too
        // (measured: 6 instructions more on 21 bytes).
        return long_kept_run::<S, K>(input);
    }
    spans_run::<S, K>(input)
}

/// [`kept_run`] of an input of [`scan::nibble::LONG`] bytes or more: with the nibble tables
/// where the processor has SSSE3, else with the spans.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(never)]
fn long_kept_run<S: Scan, K: SetType>(input: &[u8]) -> usize {
    let level = crate::raw::Level::new(S::SHUFFLES, S::WIDE);
    crate::raw::kept_run(level, input, K::KEPT_NIBBLES).unwrap_or_else(|| spans_run::<S, K>(input))
}

/// [`kept_run`] of an input of a block or more, with the spans. In line in `kept_run`, where
/// the spans are constants the classification unrolls over; out of line it would loop over
/// them as data (`bench/count.sh encoding_count` shows the difference).
#[allow(
    clippy::inline_always,
    reason = "the spans must stay constants; see above"
)]
#[inline(always)]
fn spans_run<S: Scan, K: SetType>(input: &[u8]) -> usize {
    // Eight blocks a step, then four, while all their bytes are kept: one branch for 128
    // bytes (long identifiers); then the block with the change, or the last whole blocks.
    let mut i = 0;
    while let Some(blocks) = input
        .get(i..)
        .and_then(<[u8]>::first_chunk::<{ 8 * BLOCK }>)
    {
        let (first, second) = blocks.split_at(4 * BLOCK);
        let first = first.try_into().expect("four blocks");
        let second = second.try_into().expect("four blocks");
        if !(S::all_in_spans(first, K::KEPT) & S::all_in_spans(second, K::KEPT)) {
            break;
        }
        i += 8 * BLOCK;
    }
    while let Some(blocks) = input.get(i..).and_then(<[u8]>::first_chunk) {
        if !S::all_in_spans(blocks, K::KEPT) {
            break;
        }
        i += 4 * BLOCK;
    }
    while let Some(block) = scan::block(input, i) {
        let changes = changes::<S, K>(block);
        if changes != 0 {
            return i + changes.trailing_zeros() as usize;
        }
        i += BLOCK;
    }
    if i == input.len() {
        return i;
    }
    // The last block overlaps the ones before; its bytes before them were kept.
    let last = input.len() - BLOCK;
    match changes::<S, K>(scan::block(input, last).expect("input is a block long")) {
        0 => input.len(),
        changes => last + changes.trailing_zeros() as usize,
    }
}

/// The index of the first byte the set changes, if any.
pub(super) fn first_change<S: Scan, K: SetType>(input: &[u8]) -> Option<usize> {
    if K::SET != Set::Reserved {
        // Only `reserved` keeps something that ends a run (a valid triplet); under the other
        // sets the first run ends at the first change.
        let run = kept_run::<S, K>(input);
        return (run < input.len()).then_some(run);
    }
    let mut i = 0;
    loop {
        i += kept_run::<S, K>(&input[i..]);
        match input.get(i) {
            None => return None,
            Some(b'%') if chars::is_triplet(&input[i..]) => i += 3,
            Some(_) => return Some(i),
        }
    }
}

/// How long `rest` is once encoded.
pub(super) fn encoded_len<S: Scan, K: SetType>(rest: &[u8]) -> usize {
    let short = &SHORT_OUTPUT[K::SET as usize];
    let whole = rest.len() - rest.len() % BLOCK;
    let one_byte = S::count_in_spans(rest, K::SHORT)
        + rest[whole..]
            .iter()
            .filter(|&&b| short[usize::from(b)] == 1)
            .count();
    let escaped = rest.len() - one_byte;
    let len = rest.len() + 2 * escaped;
    if K::SET != Set::Reserved {
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

/// Writes the encoding of `input` to `f`, a run or an escape at a time: what
/// [`Encode`](super::Encode) displays.
pub(super) fn display(set: Set, input: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    with_set_type!(set, display_with::<Fast>(input, f))
}

fn display_with<S: Scan, K: SetType>(input: &[u8], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let actions = K::SET.actions();
    let mut i = 0;
    while i < input.len() {
        let run = kept_run::<S, K>(&input[i..]);
        // A kept run is ASCII (`ACTIONS` keeps only ASCII bytes), so it is text.
        let kept = &input[i..i + run];
        f.write_str(core::str::from_utf8(kept).unwrap_or_default())?;
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
        f.write_str(core::str::from_utf8(escaped).unwrap_or_default())?;
        i += 1;
    }
    Ok(())
}

/// The kept spans of each set, for the tests of [`crate::scan`].
#[cfg(test)]
pub(crate) mod test_spans {
    use super::{Component, Form, Reserved, SetType, Span};
    pub(crate) const COMPONENT: &[Span] = Component::KEPT;
    pub(crate) const RESERVED: &[Span] = Reserved::KEPT;
    pub(crate) const FORM: &[Span] = Form::KEPT;
}
