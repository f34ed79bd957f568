//! [`Scan`] with NEON (Advanced SIMD), which `aarch64` targets have but for soft-float ones.

use core::arch::aarch64::{
    uint8x16_t, vaddv_u8, vandq_u8, vceqq_u8, vcleq_u8, vdupq_n_u8, vget_high_u8, vget_low_u8,
    vorrq_u8, vsubq_u8,
};

use super::{BLOCK, Scan, Span};
use crate::raw::load;

// The intrinsics below only compute on registers, and this module is compiled only where
// the target has NEON (`cfg(target_feature = "neon")` on the module): safe to call.

/// NEON: sixteen lanes in one register.
#[derive(Debug)]
pub(crate) struct Neon;

/// One bit per lane of `lanes` (each all ones or all zeros): NEON has no `movemask`, so each
/// lane keeps its own bit of a byte and each half is summed across.
#[inline(always)]
fn bits(lanes: uint8x16_t) -> u32 {
    const WEIGHTS: [u8; BLOCK] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
    let weighted = vandq_u8(lanes, load(&WEIGHTS));
    u32::from(vaddv_u8(vget_low_u8(weighted))) | u32::from(vaddv_u8(vget_high_u8(weighted))) << 8
}

impl Scan for Neon {
    #[inline(always)]
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        let v = load(block);
        {
            let mut hit = vdupq_n_u8(0);
            // Bytes with the case bit set, for folded spans.
            let folded = vorrq_u8(v, vdupq_n_u8(0x20));
            for span in spans {
                let v = if span.fold { folded } else { v };
                // Unsigned compares exist: `v - lo <= hi - lo` is the range check.
                let lanes = if span.lo == span.hi {
                    vceqq_u8(v, vdupq_n_u8(span.lo))
                } else {
                    vcleq_u8(
                        vsubq_u8(v, vdupq_n_u8(span.lo)),
                        vdupq_n_u8(span.hi - span.lo),
                    )
                };
                hit = vorrq_u8(hit, lanes);
            }
            bits(hit)
        }
    }

    #[inline(always)]
    fn either(block: &[u8; BLOCK], a: u8, b: u8) -> u32 {
        let v = load(block);
        let hit = vorrq_u8(vceqq_u8(v, vdupq_n_u8(a)), vceqq_u8(v, vdupq_n_u8(b)));
        bits(hit)
    }
}
