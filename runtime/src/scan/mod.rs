//! Classifying sixteen bytes at a time, for the encoders and decoders: which bytes of a block
//! belong to a set of ASCII bytes, or equal one of two bytes. The answer is a mask with bit `k`
//! set for byte `k` of the block, so that a run of unchanged bytes is found with one
//! `trailing_zeros` and copied in bulk.
//!
//! Three implementations of [`Scan`], chosen at compile time as [`Fast`]:
//! - [`Sse2`](sse2::Sse2) on `x86_64`, where SSE2 is part of the baseline;
//! - [`Neon`](neon::Neon) on `aarch64` with NEON (every `aarch64` target but soft-float ones);
//! - [`Swar`](swar::Swar) everywhere else, and under Miri: two `u64` words treated as eight
//!   lanes each, in plain integer arithmetic.
//!
//! The vector implementations are checked against [`Swar`](swar::Swar) and against a byte at
//! a time on every byte value in every lane, and the encoders and decoders built on them
//! against their scalar forms (see the tests of `encode` and `decode`).
//!
//! Sets are given as [`Span`]s, derived at compile time from the tables of
//! `urlkit_syntax::chars` by [`spans`]: the range form is what compares cheaply sixteen lanes
//! at a time (SSE2 has no byte shuffle to look a table up with), and deriving it keeps the one
//! table the only statement of each set.
#![allow(
    clippy::inline_always,
    reason = "each classifier is a few instructions inside the encoders' and decoders' loops, where the spans must be constants"
)]

// The portable path is what targets without a vector unit we use, and Miri, run; on the
// others it is kept for the tests, which check the vector path against it.
#[cfg(any(
    test,
    not(any(
        all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
        all(target_arch = "aarch64", target_feature = "neon", not(miri)),
    ))
))]
pub(crate) mod swar;

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
pub(crate) mod neon;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sse2;

/// How many bytes [`Scan`] classifies at once.
pub(crate) const BLOCK: usize = 16;

/// The byte values `lo..=hi`, all ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) lo: u8,
    pub(crate) hi: u8,
}

/// One way to classify a block of [`BLOCK`] bytes.
pub(crate) trait Scan {
    /// Bit `k` set when `block[k]` lies in one of `spans`.
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32;

    /// Bit `k` set when `block[k]` is `a` or `b`.
    fn either(block: &[u8; BLOCK], a: u8, b: u8) -> u32;

    /// How many bytes of the whole blocks at the start of `bytes` lie in one of `spans` (the
    /// last `bytes.len() % BLOCK` bytes are not looked at).
    fn count_in_spans(bytes: &[u8], spans: &[Span]) -> usize {
        bytes
            .chunks_exact(BLOCK)
            .map(|block| Self::in_spans(block.try_into().expect("a block"), spans).count_ones())
            .sum::<u32>() as usize
    }
}

/// The implementation this target uses.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
pub(crate) type Fast = sse2::Sse2;
/// The implementation this target uses.
#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
pub(crate) type Fast = neon::Neon;
/// The implementation this target uses: Miri, or no vector unit we use.
#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri)),
)))]
pub(crate) type Fast = swar::Swar;

/// The first [`BLOCK`] bytes of `bytes[at..]`, if there are that many.
#[inline(always)]
pub(crate) fn block(bytes: &[u8], at: usize) -> Option<&[u8; BLOCK]> {
    bytes.get(at..)?.first_chunk()
}

/// How many maximal runs of bytes `b` with `table[b] == value` there are.
pub(crate) const fn span_count(table: &[u8; 256], value: u8) -> usize {
    let mut count = 0;
    let mut b = 0;
    while b < 256 {
        if table[b] == value && (b == 0 || table[b - 1] != value) {
            count += 1;
        }
        b += 1;
    }
    count
}

/// The maximal runs of bytes `b` with `table[b] == value`, as [`Span`]s; `N` must be their
/// [`span_count`]. Fails to compile if a byte outside ASCII is in the set: the
/// implementations of [`Scan`] compare lanes as ASCII.
pub(crate) const fn spans<const N: usize>(table: &[u8; 256], value: u8) -> [Span; N] {
    assert!(span_count(table, value) == N, "N must be the span count");
    let mut spans = [Span { lo: 0, hi: 0 }; N];
    let mut n = 0;
    let mut b = 0;
    while b < 256 {
        if table[b] == value {
            assert!(b < 0x80, "spans are ASCII");
            if b == 0 || table[b - 1] != value {
                spans[n].lo = b as u8;
                n += 1;
            }
            spans[n - 1].hi = b as u8;
        }
        b += 1;
    }
    spans
}

#[cfg(test)]
mod tests;
