//! [`Scan`] with SSE2, which every `x86_64` processor has.

use core::arch::x86_64::__m128i;

use super::{BLOCK, HEX, Scan, Span, TRIPLETS};
use crate::raw::sse2::{
    _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8,
    _mm_cvtsi128_si64, _mm_insert_epi16, _mm_movemask_epi8, _mm_or_si128, _mm_packus_epi16,
    _mm_sad_epu8, _mm_set1_epi8, _mm_set1_epi16, _mm_setzero_si128, _mm_slli_epi16, _mm_srli_epi16,
    _mm_srli_si128, _mm_sub_epi8,
};
use crate::raw::{load, to_bytes};

/// SSE2: sixteen lanes in one register. With `SHUFFLE`, the encoders and decoders built on
/// it also use SSSE3's byte shuffle where the processor has it, and with `WIDE` too, AVX2's
/// 32-byte registers where it has those (`crate::raw::Level`, checked at run time); without,
/// they keep to the narrower path (what the tests force, to check each path).
#[derive(Debug)]
pub(crate) struct Sse2<const SHUFFLE: bool = true, const WIDE: bool = true>;

// The register operations below are SSE2's intrinsics as safe functions (`crate::raw`): a
// trait's methods cannot be compiled with `#[target_feature]`, where the intrinsics
// themselves are safe to call.

/// `n` in every lane.
#[inline(always)]
fn splat(n: u8) -> __m128i {
    _mm_set1_epi8(n.cast_signed())
}

/// All ones in each lane of `block` that lies in none of `spans`, zeros elsewhere. Built as
/// the AND of each span's misses: a range's miss is one signed compare, with no copy of a
/// constant that a compare the other way round would need (SSE2's operations overwrite their
/// first operand).
#[inline(always)]
fn outside(block: &[u8; BLOCK], spans: &[Span]) -> __m128i {
    outside_lanes(load(block), spans)
}

/// [`outside`] for lanes in a register.
#[inline(always)]
pub(crate) fn outside_lanes(v: __m128i, spans: &[Span]) -> __m128i {
    {
        let mut miss = _mm_set1_epi8(-1);
        // Bytes with the case bit set, for folded spans (computed once, if any span folds).
        let folded = _mm_or_si128(v, splat(0x20));
        for span in spans {
            let v = if span.fold { folded } else { v };
            if span.lo == span.hi {
                miss = _mm_andnot_si128(_mm_cmpeq_epi8(v, splat(span.lo)), miss);
            } else {
                // SSE2 compares signed bytes only: `v - lo + 0x80` is above
                // `-128 + (hi - lo)` as a signed byte exactly when `v` is not in `lo..=hi`.
                let shifted = _mm_add_epi8(v, splat(0x80u8.wrapping_sub(span.lo)));
                let above = splat((span.hi - span.lo).wrapping_add(0x80));
                miss = _mm_and_si128(miss, _mm_cmpgt_epi8(shifted, above));
            }
        }
        miss
    }
}

impl<const SHUFFLE: bool, const WIDE: bool> Scan for Sse2<SHUFFLE, WIDE> {
    const SHUFFLES: bool = SHUFFLE;
    const WIDE: bool = SHUFFLE && WIDE;

    #[inline(always)]
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        Self::outside_spans(block, spans) ^ 0xFFFF
    }

    #[inline(always)]
    fn outside_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        _mm_movemask_epi8(outside(block, spans)).cast_unsigned()
    }

    /// The four blocks' answers combined in the vector unit, one mask for all.
    #[inline(always)]
    fn all_in_spans(blocks: &[u8; 4 * BLOCK], spans: &[Span]) -> bool {
        let block = |k: usize| -> &[u8; BLOCK] {
            blocks[k * BLOCK..][..BLOCK].try_into().expect("a block")
        };
        {
            let any = _mm_or_si128(
                _mm_or_si128(outside(block(0), spans), outside(block(1), spans)),
                _mm_or_si128(outside(block(2), spans), outside(block(3), spans)),
            );
            _mm_movemask_epi8(any) == 0
        }
    }

    /// Counts the misses in the lanes themselves (each subtracts -1), summed across every 255 blocks
    /// before a lane could overflow: `x86_64` has no population count in its baseline.
    #[inline(always)]
    fn count_in_spans(bytes: &[u8], spans: &[Span]) -> usize {
        let mut blocks = bytes.chunks_exact(BLOCK);
        let mut total = 0;
        loop {
            {
                let mut counts = _mm_setzero_si128();
                let mut taken = 0;
                for block in blocks.by_ref().take(255) {
                    let block = block.try_into().expect("a block");
                    counts = _mm_sub_epi8(counts, outside(block, spans));
                    taken += 1;
                }
                if taken == 0 {
                    return total;
                }
                let sums = _mm_sad_epu8(counts, _mm_setzero_si128());
                let low = _mm_cvtsi128_si64(sums).cast_unsigned();
                let high = _mm_cvtsi128_si64(_mm_srli_si128::<8>(sums)).cast_unsigned();
                total += taken * BLOCK - (low + high) as usize;
            }
        }
    }

    /// The digit pairs are gathered sixteen bits at a time into two registers (SSE2 has no
    /// byte shuffle, but inserts a word from memory in one instruction), checked against the
    /// hex spans and turned into values together, and packed into the sixteen bytes.
    #[inline(always)]
    fn decode_triplets(triplets: &[u8; TRIPLETS]) -> Option<[u8; BLOCK]> {
        /// Bit `3k` set for each triplet's `%`.
        const PERCENTS: u64 = 0x2492_4924_9249;
        let block = |k: usize| -> &[u8; BLOCK] {
            triplets[k * BLOCK..][..BLOCK].try_into().expect("a block")
        };
        let percents = u64::from(Self::either(block(0), b'%', b'%'))
            | u64::from(Self::either(block(1), b'%', b'%')) << 16
            | u64::from(Self::either(block(2), b'%', b'%')) << 32;
        if percents != PERCENTS {
            return None;
        }
        // The digits of triplet `k`, as a little-endian word: high digit in the low byte.
        let pair = |k: usize| {
            i32::from(u16::from_le_bytes([
                triplets[3 * k + 1],
                triplets[3 * k + 2],
            ]))
        };
        {
            macro_rules! gather {
                ($($lane:literal),*) => {{
                    let mut v = _mm_setzero_si128();
                    $(v = _mm_insert_epi16::<$lane>(v, pair(FIRST + $lane));)*
                    v
                }};
            }
            let low = {
                const FIRST: usize = 0;
                gather!(0, 1, 2, 3, 4, 5, 6, 7)
            };
            let high = {
                const FIRST: usize = 8;
                gather!(0, 1, 2, 3, 4, 5, 6, 7)
            };
            let misses = _mm_or_si128(outside_lanes(low, HEX), outside_lanes(high, HEX));
            if _mm_movemask_epi8(misses) != 0 {
                return None;
            }
            // A digit's value is its low four bits, plus nine for a letter (above `@`).
            let value = |v: __m128i| {
                let letters = _mm_and_si128(_mm_cmpgt_epi8(v, splat(b'@')), splat(9));
                _mm_add_epi8(_mm_and_si128(v, splat(0x0F)), letters)
            };
            // Each word's high digit (low byte) into the high nibble, its low digit (high
            // byte) into the low nibble, in the word's low byte.
            let byte = |v: __m128i| {
                let v = value(v);
                let high_nibble = _mm_and_si128(_mm_slli_epi16::<4>(v), _mm_set1_epi16(0xF0));
                _mm_or_si128(high_nibble, _mm_srli_epi16::<8>(v))
            };
            Some(to_bytes(_mm_packus_epi16(byte(low), byte(high))))
        }
    }

    #[inline(always)]
    fn either(block: &[u8; BLOCK], a: u8, b: u8) -> u32 {
        let v = load(block);
        {
            let hit = _mm_or_si128(_mm_cmpeq_epi8(v, splat(a)), _mm_cmpeq_epi8(v, splat(b)));
            _mm_movemask_epi8(hit).cast_unsigned()
        }
    }
}
