//! Runs of sixteen escapes decoded at once with SSSE3's byte shuffle (`pshufb`) gathering
//! their digits, for processors that have it (see [`crate::raw::Level`]).
#![allow(
    clippy::cast_possible_wrap,
    reason = "bytes handed to the vector unit as the signed lanes its intrinsics take"
)]

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpgt_epi8, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8, _mm_shuffle_epi8, _mm_slli_epi16,
};

use crate::raw::{load, to_bytes};
use crate::scan::sse2::{Sse2, outside_lanes};
use crate::scan::{BLOCK, HEX, Scan, TRIPLETS};

/// For each of the three registers a run of sixteen triplets is loaded into, where each
/// triplet's high digit (at `3k + 1`) and low digit (at `3k + 2`) lies: the controls that
/// move them to lane `k`, and zero the lanes whose digit is in another register.
const fn gather(register: usize, digit: usize) -> [u8; BLOCK] {
    let mut control = [0x80u8; BLOCK];
    let mut k = 0;
    while k < BLOCK {
        let at = 3 * k + digit;
        if at / BLOCK == register {
            control[k] = (at % BLOCK) as u8;
        }
        k += 1;
    }
    control
}

/// [`gather`] for the high digits and the low digits, from each of the three registers.
static GATHER: [[[u8; BLOCK]; 3]; 2] = [
    [gather(0, 1), gather(1, 1), gather(2, 1)],
    [gather(0, 2), gather(1, 2), gather(2, 2)],
];

/// The bytes of sixteen percent-triplets in a row, or `None` if `triplets` is not that:
/// [`Scan::decode_triplets`], the digits gathered by shuffles.
#[target_feature(enable = "ssse3")]
#[inline]
pub(crate) fn decode_triplets(triplets: &[u8; TRIPLETS]) -> Option<[u8; BLOCK]> {
    /// Bit `3k` set for each triplet's `%`.
    const PERCENTS: u64 = 0x2492_4924_9249;
    let block =
        |k: usize| -> &[u8; BLOCK] { triplets[k * BLOCK..][..BLOCK].try_into().expect("a block") };
    let percents = u64::from(Sse2::<false>::either(block(0), b'%', b'%'))
        | u64::from(Sse2::<false>::either(block(1), b'%', b'%')) << 16
        | u64::from(Sse2::<false>::either(block(2), b'%', b'%')) << 32;
    if percents != PERCENTS {
        return None;
    }
    let registers = [load(block(0)), load(block(1)), load(block(2))];
    let digits = |controls: &[[u8; BLOCK]; 3]| {
        let [a, b, c] = registers;
        _mm_or_si128(
            _mm_or_si128(
                _mm_shuffle_epi8(a, load(&controls[0])),
                _mm_shuffle_epi8(b, load(&controls[1])),
            ),
            _mm_shuffle_epi8(c, load(&controls[2])),
        )
    };
    let (high, low) = (digits(&GATHER[0]), digits(&GATHER[1]));
    let misses = _mm_or_si128(outside_lanes(high, HEX), outside_lanes(low, HEX));
    if _mm_movemask_epi8(misses) != 0 {
        return None;
    }
    // A digit's value is its low four bits, plus nine for a letter (above `@`).
    let value = |v: __m128i| {
        let letters = _mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8(b'@' as i8)),
            _mm_set1_epi8(9),
        );
        _mm_add_epi8(_mm_and_si128(v, _mm_set1_epi8(0x0F)), letters)
    };
    // Values are below 16: shifting the 16-bit lanes moves no bit into the next byte.
    let bytes = _mm_or_si128(_mm_slli_epi16::<4>(value(high)), value(low));
    Some(to_bytes(bytes))
}
