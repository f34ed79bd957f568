//! The strict decoders' block loop with SSSE3, for text where escapes come every few bytes
//! (prose): each block's escapes are all decoded at once in the vector unit, and the digits
//! are squeezed out with one byte shuffle (`pshufb`), so a block costs the same whatever
//! number of escapes it has, and no branch depends on where they are. Where sixteen escapes
//! in a row start a block (other scripts), they are decoded sixteen at a time
//! ([`super::shuffle`]'s `decode_triplets`) for as long as they go on. The loop reads its
//! input and appends its output through a [`Walk`], whose one test of the input's length a
//! step bounds both.
#![allow(
    clippy::cast_possible_wrap,
    reason = "bytes handed to the vector unit as the signed lanes its intrinsics take"
)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8,
    _mm_cmpgt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8,
    _mm_shuffle_epi8, _mm_slli_epi16, _mm_xor_si128, _mm256_and_si256, _mm256_blendv_epi8,
    _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_min_epu8,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_testz_si256,
    _mm256_xor_si256,
};

use super::blocks::REACH;
use super::shuffle::decode_triplets;
use crate::raw::{Walk, load, load_wide};
use crate::scan::nibble::hex_digits_wide;
use crate::scan::sse2::outside_lanes;
use crate::scan::{BLOCK, HEX, TRIPLETS};

/// For each mask of bytes to keep among eight, the shuffle control that moves them to the
/// front in order (the other lanes zeroed), as a little-endian word; `offset` is added to
/// every index (8 for the high half of a block).
const fn compact(offset: u8) -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut control = [0x80u8; 8];
        let mut at = 0;
        let mut k: u8 = 0;
        while k < 8 {
            if mask >> k & 1 == 1 {
                control[at] = offset + k;
                at += 1;
            }
            k += 1;
        }
        table[mask] = u64::from_le_bytes(control);
        mask += 1;
    }
    table
}

static COMPACT_LOW: [u64; 256] = compact(0);
static COMPACT_HIGH: [u64; 256] = compact(8);

/// How many bytes each mask of eight keeps.
static KEPT: [u8; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// The loop of [`blocks`], and of [`blocks_wide`] where `$wide`, which takes two blocks at a
/// time with `$wide_step` (its arguments: the input from the walk's `at`, the walk, and
/// `carry` to update). A macro rather than a function: the loop must be compiled into each of
/// the two, with their instruction sets, for the AVX2 step to be in line (a function of the
/// two's common SSSE3 cannot take an AVX2 step in line, nor be forced in line into them).
macro_rules! block_loop {
    ($walk:ident, $stop:ident, $carry:ident, $wide:literal, $wide_step:ident) => {{
        let (walk, stop): (&mut Walk<'_>, usize) = ($walk, $stop);
        let mut carry: u32 = $carry;
        // Bits of the escapes' lanes whose digits are not hex.
        let mut bad = 0u32;
        let low_nibbles = _mm_set1_epi8(0x0F);
        while walk.at() < stop {
            let Some(window) = walk.input::<REACH>() else {
                break;
            };
            // Where sixteen escapes in a row start the block (text in another script), they
            // are decoded at once, as long as they go on.
            if carry == 0 && window[0] == b'%' && window[BLOCK - 1] == b'%' && dense(walk) {
                continue;
            }
            if $wide && walk.at() + BLOCK < stop {
                $wide_step(window, &mut *walk, &mut carry);
                continue;
            }
            let (block, rest) = window.split_first_chunk::<BLOCK>().expect("a block");
            let bytes = load(block);
            let percent_lanes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'%' as i8));
            let percents = _mm_movemask_epi8(percent_lanes).cast_unsigned();
            // As in the engine's loop: the digits of this block's escapes and of the last
            // block's that reach into it; a `%` among them is no mark (its escape is bad).
            let digits = percents << 1 | percents << 2;
            let here = digits & 0xFFFF | carry;
            let escapes = percents & !here;
            // Each lane's two next bytes, as digits; the lanes that are escapes take the byte
            // they decode to.
            let first = load(window[1..].first_chunk().expect("a block"));
            let second = load(window[2..].first_chunk().expect("a block"));
            // Bit `k` of `misses`: byte `at + 1 + k` is no hex digit. An escape at `k` needs
            // bits `k` and `k + 1` clear (the last digit of one at 15 is byte `at + 17`).
            let last = rest[1];
            let misses = _mm_movemask_epi8(outside_lanes(first, HEX)).cast_unsigned()
                | u32::from(super::HEX_DIGITS[usize::from(last)] == super::NOT_HEX) << BLOCK;
            bad |= (misses | misses >> 1) & escapes;
            // A digit's value is its low four bits, plus nine for a letter (above `@`); below
            // 16 where the digits are good, so shifting the 16-bit lanes moves no bit across.
            let value = |v: __m128i| {
                let letters = _mm_and_si128(
                    _mm_cmpgt_epi8(v, _mm_set1_epi8(b'@' as i8)),
                    _mm_set1_epi8(9),
                );
                _mm_add_epi8(_mm_and_si128(v, low_nibbles), letters)
            };
            let values = _mm_or_si128(_mm_slli_epi16::<4>(value(first)), value(second));
            let mut out = _mm_or_si128(
                _mm_and_si128(percent_lanes, values),
                _mm_andnot_si128(percent_lanes, bytes),
            );
            if PLUS {
                let pluses = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'+' as i8));
                out = _mm_xor_si128(
                    out,
                    _mm_and_si128(pluses, _mm_set1_epi8((b'+' ^ b' ') as i8)),
                );
            }
            // The lanes that are not digits, moved together: the low half's to the low eight
            // lanes, the high half's to the high eight.
            let keep = !here & 0xFFFF;
            let (low, high_half) = ((keep & 0xFF) as usize, (keep >> 8) as usize);
            let control = _mm_set_epi64x(
                COMPACT_HIGH[high_half].cast_signed(),
                COMPACT_LOW[low].cast_signed(),
            );
            let packed = _mm_shuffle_epi8(out, control);
            walk.compacted(packed, usize::from(KEPT[low]), usize::from(KEPT[high_half]));
            carry = digits >> BLOCK;
        }
        (carry, bad != 0)
    }};
}

/// The engine's block loop with SSSE3: decodes `walk`'s input a block at a time while the
/// block starts below `stop` (`stop + REACH <= ` the input's length, for the blocks to read
/// all of `REACH`), `carry` saying which of the first two bytes are digits of an escape
/// before them; returns the carry where it stopped, and whether an escape's digit was bad.
#[target_feature(enable = "ssse3")]
pub(crate) fn blocks<const PLUS: bool>(
    walk: &mut Walk<'_>,
    stop: usize,
    carry: u32,
) -> (u32, bool) {
    block_loop!(walk, stop, carry, false, no_wide_step)
}

/// [`blocks`] with AVX2, two blocks at a time where no run of escapes starts in them.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) fn blocks_wide<const PLUS: bool>(
    walk: &mut Walk<'_>,
    stop: usize,
    carry: u32,
) -> (u32, bool) {
    // Lane by lane, what the AVX2 steps found (any bit of `bad` set: an escape's digit that
    // is not hex), reduced once after the loop: a vector OR a step instead of a mask, a test
    // and a flag.
    let mut bad = _mm256_setzero_si256();
    let mut wide_step = |window: &[u8; REACH], walk: &mut Walk<'_>, carry: &mut u32| {
        wide::<PLUS>(window, walk, carry, &mut bad);
    };
    let (carry, bad_narrow) = block_loop!(walk, stop, carry, true, wide_step);
    (carry, bad_narrow || _mm256_testz_si256(bad, bad) == 0)
}

/// [`blocks`] of sixteen bytes, never called.
#[inline]
fn no_wide_step(_: &[u8; REACH], _: &mut Walk<'_>, _: &mut u32) {}

/// Decodes sixteen escapes at a time from the walk's `at` while they follow each other;
/// returns whether there were sixteen.
#[target_feature(enable = "ssse3")]
#[inline]
fn dense(walk: &mut Walk<'_>) -> bool {
    let start = walk.at();
    while let Some(triplets) = walk.input::<TRIPLETS>() {
        let Some(bytes) = decode_triplets(triplets) else {
            break;
        };
        walk.replaced::<TRIPLETS>(bytes);
    }
    walk.at() != start
}

/// Two blocks from the walk's `at` as the loop of [`blocks`] decodes one, with AVX2:
/// `window` is the input from `at` (the two blocks and the two bytes after them are what is
/// read). Any bit of a lane of `bad` is set where an escape's digit is not hex.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn wide<const PLUS: bool>(
    window: &[u8; REACH],
    walk: &mut Walk<'_>,
    carry: &mut u32,
    bad: &mut __m256i,
) {
    let bytes = load_wide(window.first_chunk().expect("two blocks"));
    let first = load_wide(window[1..].first_chunk().expect("two blocks"));
    let second = load_wide(window[2..].first_chunk().expect("two blocks"));
    let percent_lanes = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'%' as i8));
    let percents = u64::from(_mm256_movemask_epi8(percent_lanes).cast_unsigned());
    // As in the sixteen-byte step, on 32 bits.
    let digits = percents << 1 | percents << 2;
    let here = digits & 0xFFFF_FFFF | u64::from(*carry);
    // Every `%` lane's two digits are checked, not only the escapes': a `%` that is not an
    // escape is a digit of one before it, which is bad already.
    let ((first_class, high_digits), (second_class, low_digits)) =
        (hex_digits_wide(first), hex_digits_wide(second));
    let fewest = _mm256_min_epu8(first_class, second_class);
    let misses = _mm256_cmpeq_epi8(fewest, _mm256_setzero_si256());
    *bad = _mm256_or_si256(*bad, _mm256_and_si256(misses, percent_lanes));
    // The digits' values are below 16, so shifting the 16-bit lanes moves no bit across.
    let values = _mm256_or_si256(_mm256_slli_epi16::<4>(high_digits), low_digits);
    let mut out = _mm256_blendv_epi8(bytes, values, percent_lanes);
    if PLUS {
        let pluses = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'+' as i8));
        let change = _mm256_and_si256(pluses, _mm256_set1_epi8((b'+' ^ b' ') as i8));
        out = _mm256_xor_si256(out, change);
    }
    // Each eight lanes' kept bytes to their front; the shuffle works within each half of
    // the register, so the third eight use the low table and the fourth the high one.
    let keep = !here;
    let quarter = |k: u32| (keep >> (8 * k)) as usize & 0xFF;
    let control = _mm256_set_epi64x(
        COMPACT_HIGH[quarter(3)].cast_signed(),
        COMPACT_LOW[quarter(2)].cast_signed(),
        COMPACT_HIGH[quarter(1)].cast_signed(),
        COMPACT_LOW[quarter(0)].cast_signed(),
    );
    let packed = _mm256_shuffle_epi8(out, control);
    let kept = |k: u32| quarter(k).count_ones() as usize;
    walk.compacted_pair(
        (_mm256_castsi256_si128(packed), kept(0), kept(1)),
        (_mm256_extracti128_si256::<1>(packed), kept(2), kept(3)),
    );
    *carry = (digits >> (2 * BLOCK)) as u32;
}
