//! [`Scan`] with SSE2, which every `x86_64` processor has.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8,
    _mm_cvtsi128_si64, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_sad_epu8,
    _mm_set1_epi8, _mm_setzero_si128, _mm_srli_si128, _mm_sub_epi8,
};

use super::{BLOCK, Scan, Span};

/// SSE2: sixteen lanes in one register.
#[derive(Debug)]
pub(crate) struct Sse2;

// Every `unsafe` block below calls SSE2 intrinsics, which is sound because this module is
// compiled only where the target has SSE2 (`cfg(target_feature = "sse2")` on the module, and
// SSE2 is in the `x86_64` baseline): the instructions exist on every processor it runs on.

#[inline(always)]
fn load(block: &[u8; BLOCK]) -> __m128i {
    // SAFETY: SSE2 is available (see above); `block` is sixteen readable bytes, and `loadu`
    // has no alignment requirement.
    unsafe { _mm_loadu_si128(block.as_ptr().cast()) }
}

/// `n` in every lane.
#[inline(always)]
fn splat(n: u8) -> __m128i {
    // SAFETY: SSE2 is available (see above); the intrinsic only computes on registers.
    unsafe { _mm_set1_epi8(n.cast_signed()) }
}

/// All ones in each lane of `block` that lies in none of `spans`, zeros elsewhere. Built as
/// the AND of each span's misses: a range's miss is one signed compare, with no copy of a
/// constant that a compare the other way round would need (SSE2's operations overwrite their
/// first operand).
#[inline(always)]
fn outside(block: &[u8; BLOCK], spans: &[Span]) -> __m128i {
    let v = load(block);
    // SAFETY: SSE2 is available (see above); the intrinsics only compute on registers.
    unsafe {
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

impl Scan for Sse2 {
    #[inline(always)]
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        Self::outside_spans(block, spans) ^ 0xFFFF
    }

    #[inline(always)]
    fn outside_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        // SAFETY: SSE2 is available (see above); the intrinsic only computes on registers.
        unsafe { _mm_movemask_epi8(outside(block, spans)).cast_unsigned() }
    }

    /// The four blocks' answers combined in the vector unit, one mask for all.
    #[inline(always)]
    fn all_in_spans(blocks: &[u8; 4 * BLOCK], spans: &[Span]) -> bool {
        let block = |k: usize| -> &[u8; BLOCK] {
            blocks[k * BLOCK..][..BLOCK].try_into().expect("a block")
        };
        // SAFETY: SSE2 is available (see above); the intrinsics only compute on registers.
        unsafe {
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
            // SAFETY: SSE2 is available (see above); the intrinsics only compute on registers.
            unsafe {
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

    #[inline(always)]
    fn either(block: &[u8; BLOCK], a: u8, b: u8) -> u32 {
        let v = load(block);
        // SAFETY: SSE2 is available (see above); the intrinsics only compute on registers.
        unsafe {
            let hit = _mm_or_si128(_mm_cmpeq_epi8(v, splat(a)), _mm_cmpeq_epi8(v, splat(b)));
            _mm_movemask_epi8(hit).cast_unsigned()
        }
    }
}
