//! Classifying sixteen bytes at a time, for the encoders and decoders: which bytes of a block
//! belong to a set of ASCII bytes, or equal one of two bytes. The answer is a mask with bit `k`
//! set for byte `k` of the block, so that a run of unchanged bytes is found with one
//! `trailing_zeros` and copied in bulk.
//!
//! Three implementations of [`Scan`], chosen at compile time as [`Fast`]:
//! - [`Sse2`](sse2::Sse2) on `x86_64`, where SSE2 is part of the baseline;
//! - `Neon` on `aarch64` with NEON (every `aarch64` target but soft-float ones);
//! - `Swar` everywhere else, and under Miri: two `u64` words treated as eight
//!   lanes each, in plain integer arithmetic.
//!
//! On `x86_64`, the encoders and decoders also use SSSE3's byte shuffle, and AVX2, where the
//! processor has them (`crate::raw::Level` says, at run time with `std`); [`Sse2`](sse2::Sse2)'s
//! parameters let the tests force each level. With them, the encoders find long runs of kept
//! bytes with a table lookup per nibble ([`nibble`]) rather than the spans below.
//!
//! The vector implementations are checked against `Swar` and against a byte at
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
pub(crate) mod nibble;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sse2;

use urlkit_syntax::chars::hex_value;

/// How many bytes [`Scan`] classifies at once.
pub(crate) const BLOCK: usize = 16;

/// How many input bytes [`Scan::decode_triplets`] decodes at once: a block's worth of output.
pub(crate) const TRIPLETS: usize = 3 * BLOCK;

/// 1 for each hex digit of the grammar (`urlkit_syntax::chars::hex_value`), for [`HEX`].
const HEX_TABLE: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        if hex_value(b as u8).is_some() {
            table[b] = 1;
        }
        b += 1;
    }
    table
};

/// The hex digits as spans: `0-9` and `a-f` with `A-F` folded in.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))),
    allow(dead_code, reason = "the vector path's, and the tests'")
)]
pub(crate) const HEX: &[Span] = &spans::<{ span_count(&HEX_TABLE, 1) }>(&HEX_TABLE, 1);

/// The byte values `lo..=hi`, all ASCII; with `fold`, also the bytes `b` whose lower-case
/// form `b | 0x20` is in `lo..=hi` (the upper-case twin of a span of lower-case letters), so
/// that `A-Z a-z` costs one range check and an OR instead of two range checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) lo: u8,
    pub(crate) hi: u8,
    pub(crate) fold: bool,
}

impl Span {
    /// Whether `b` lies in the span: what every implementation of [`Scan`] computes per lane.
    #[cfg(test)]
    pub(crate) const fn contains(self, b: u8) -> bool {
        let b = if self.fold && b < 0x80 { b | 0x20 } else { b };
        self.lo <= b && b <= self.hi
    }
}

/// One way to classify a block of [`BLOCK`] bytes.
pub(crate) trait Scan {
    /// Whether the encoders and decoders may use SSSE3's byte shuffle with this scanner,
    /// where the processor has it (`crate::raw::Level`).
    #[cfg_attr(
        not(all(target_arch = "x86_64", target_feature = "sse2")),
        allow(dead_code, reason = "read by the x86_64 paths only")
    )]
    const SHUFFLES: bool = false;
    /// Whether, on top of [`Self::SHUFFLES`], they may use AVX2's 32-byte registers where
    /// the processor has them.
    #[cfg_attr(
        not(all(target_arch = "x86_64", target_feature = "sse2")),
        allow(dead_code, reason = "read by the x86_64 paths only")
    )]
    const WIDE: bool = false;

    /// Bit `k` set when `block[k]` lies in one of `spans`.
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32;

    /// Bit `k` set when `block[k]` lies in none of `spans`.
    #[inline(always)]
    fn outside_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        !Self::in_spans(block, spans) & 0xFFFF
    }

    /// Whether every byte of four blocks lies in one of `spans`: for long runs of kept bytes,
    /// one test and one branch per 64 bytes.
    #[inline(always)]
    fn all_in_spans(blocks: &[u8; 4 * BLOCK], spans: &[Span]) -> bool {
        blocks
            .chunks_exact(BLOCK)
            .all(|block| Self::in_spans(block.try_into().expect("a block"), spans) == 0xFFFF)
    }

    /// The bytes of sixteen percent-triplets in a row (`%` and two hex digits, either case),
    /// or `None` if `triplets` is not that. A byte at a time here; the vector units decode
    /// them at once.
    #[inline(always)]
    fn decode_triplets(triplets: &[u8; TRIPLETS]) -> Option<[u8; BLOCK]> {
        let mut bytes = [0; BLOCK];
        for (byte, triplet) in bytes.iter_mut().zip(triplets.chunks_exact(3)) {
            let (b'%', Some(hi), Some(lo)) =
                (triplet[0], hex_value(triplet[1]), hex_value(triplet[2]))
            else {
                return None;
            };
            *byte = hi << 4 | lo;
        }
        Some(bytes)
    }

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

/// Whether byte `b` starts a maximal run of bytes `c` with `table[c] == value`.
const fn starts_run(table: &[u8; 256], value: u8, b: usize) -> bool {
    table[b] == value && (b == 0 || table[b - 1] != value)
}

/// The end (inclusive) of the maximal run of `value` bytes starting at `lo`.
const fn run_end(table: &[u8; 256], value: u8, lo: usize) -> usize {
    let mut hi = lo;
    while hi < 255 && table[hi + 1] == value {
        hi += 1;
    }
    hi
}

/// Whether the run `lo..=hi` of `value` bytes has a twin one case bit (`0x20`) above it, so
/// that the two are one folded [`Span`]: the run lies within a row of 32 bytes with the case
/// bit clear (`A-Z`), and exactly the same bytes with the bit set form a run (`a-z`).
const fn folds(table: &[u8; 256], value: u8, lo: usize, hi: usize) -> bool {
    lo & 0x20 == 0
        && lo >> 5 == hi >> 5
        && hi < 0x80
        && starts_run(table, value, lo | 0x20)
        && run_end(table, value, lo | 0x20) == hi | 0x20
}

/// Whether the run starting at `lo` is the twin of a folding run (and so left out).
const fn is_twin(table: &[u8; 256], value: u8, lo: usize) -> bool {
    lo & 0x20 != 0
        && starts_run(table, value, lo & !0x20)
        && run_end(table, value, lo & !0x20) == run_end(table, value, lo) & !0x20
        && folds(table, value, lo & !0x20, run_end(table, value, lo) & !0x20)
}

/// How many [`Span`]s [`spans`] gives for the bytes `b` with `table[b] == value`.
pub(crate) const fn span_count(table: &[u8; 256], value: u8) -> usize {
    let mut count = 0;
    let mut b = 0;
    while b < 256 {
        if starts_run(table, value, b) && !is_twin(table, value, b) {
            count += 1;
        }
        b += 1;
    }
    count
}

/// The bytes `b` with `table[b] == value`, as [`Span`]s: their maximal runs, a run of
/// upper-case letters and its lower-case twin folded into one. `N` must be their
/// [`span_count`]. Fails to compile if a byte outside ASCII is in the set: the
/// implementations of [`Scan`] compare lanes as ASCII.
pub(crate) const fn spans<const N: usize>(table: &[u8; 256], value: u8) -> [Span; N] {
    assert!(span_count(table, value) == N, "N must be the span count");
    let mut spans = [Span {
        lo: 0,
        hi: 0,
        fold: false,
    }; N];
    let mut n = 0;
    let mut b = 0;
    while b < 256 {
        if starts_run(table, value, b) && !is_twin(table, value, b) {
            let hi = run_end(table, value, b);
            assert!(hi < 0x80, "spans are ASCII");
            spans[n] = if folds(table, value, b, hi) {
                Span {
                    lo: (b | 0x20) as u8,
                    hi: (hi | 0x20) as u8,
                    fold: true,
                }
            } else {
                Span {
                    lo: b as u8,
                    hi: hi as u8,
                    fold: false,
                }
            };
            n += 1;
        }
        b += 1;
    }
    spans
}

#[cfg(test)]
pub(crate) mod tests;
