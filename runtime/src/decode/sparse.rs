//! The strict decoders' block loop with SSSE3, for text where escapes come every few bytes
//! (prose): each block's escapes are all decoded at once in the vector unit, and the digits
//! are squeezed out with one byte shuffle (`pshufb`), so a block costs the same whatever
//! number of escapes it has, and no branch depends on where they are. Where sixteen escapes
//! in a row start a block (other scripts), they are decoded sixteen at a time
//! ([`super::shuffle`]'s `dense`) for as long as they go on.
#![allow(
    clippy::cast_possible_wrap,
    clippy::inline_always,
    reason = "bytes handed to the vector unit as the signed lanes its intrinsics take; loads inside the loop"
)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_pd,
    _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
    _mm_set_epi64x, _mm_set1_epi8, _mm_shuffle_epi8, _mm_slli_epi16, _mm_storeh_pd,
    _mm_storel_epi64, _mm_xor_si128, _mm256_and_si256, _mm256_blendv_epi8, _mm256_castsi256_si128,
    _mm256_cmpeq_epi8, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_min_epu8,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_xor_si256,
};

use super::engine::{BAD, REACH, State};
use super::shuffle::dense;
use crate::scan::nibble::hex_digits_wide;
use crate::scan::sse2::{load, outside_lanes};
use crate::scan::{BLOCK, HEX};

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

/// The engine's `blocks` with SSSE3: decodes `src` a block at a time from `at`, into `dst` at
/// each byte's input index less `state.removed`, while the block starts below `stop`;
/// returns where it stopped. Bad digits and bytes above ASCII are left in `state.decoded`.
///
/// # Safety
/// The processor has SSSE3; `stop + REACH <= src.len()` (the engine's `REACH`: a block, two
/// digits, a block), and `dst` is valid for writes of `src.len()` bytes; `dst` holds the
/// output of `src[..at]` and `state` is what decoding it left.
#[target_feature(enable = "ssse3")]
pub(super) unsafe fn blocks<const PLUS: bool>(
    src: &[u8],
    at: usize,
    stop: usize,
    dst: *mut u8,
    state: &mut State,
) -> usize {
    // SAFETY: the caller's promise.
    unsafe { run::<PLUS, false>(src, at, stop, dst, state) }
}

/// [`blocks`] with AVX2, two blocks at a time where no run of escapes starts in them.
///
/// # Safety
/// As for [`blocks`], and the processor has AVX2 and POPCNT
/// ([`crate::scan::ssse3::wide_available`]).
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn blocks_wide<const PLUS: bool>(
    src: &[u8],
    at: usize,
    stop: usize,
    dst: *mut u8,
    state: &mut State,
) -> usize {
    // SAFETY: the caller's promise.
    unsafe { run::<PLUS, true>(src, at, stop, dst, state) }
}

/// [`blocks`] and [`blocks_wide`] (`WIDE`).
///
/// # Safety
/// As for [`blocks`], and for [`blocks_wide`] where `WIDE`.
#[target_feature(enable = "ssse3")]
#[inline]
unsafe fn run<const PLUS: bool, const WIDE: bool>(
    src: &[u8],
    mut at: usize,
    stop: usize,
    dst: *mut u8,
    state: &mut State,
) -> usize {
    // Invariant, as in the engine's loop: `removed` is two per escape so far, and escapes
    // are three bytes apart or more, so the output index `at + skip - removed` of a block's
    // first byte past the digits reaching into it (`skip`) is at most `at + 2`. The stores
    // write sixteen bytes from there at most: below `at + 2 + BLOCK`, within `REACH` of
    // `at < stop`. (Where an escape is bad, the lanes kept may not add up to what `removed`
    // says; the bytes written are then wrong, but within the same bounds, and dropped.)
    let src_ptr = src.as_ptr();
    let State {
        mut removed,
        mut carry,
        mut decoded,
    } = *state;
    // Bits of the escapes' lanes whose digits are not hex, and whose bytes are above ASCII.
    let (mut bad, mut high) = (0u32, 0u32);
    // The same for the AVX2 steps, lane by lane (any bit set: an escape's digit that is not
    // hex; a top bit set: a byte above ASCII), reduced once after the loop: a vector OR a
    // step instead of a mask, a test and a flag.
    let mut wide_lanes = WideLanes::default();
    let low_nibbles = _mm_set1_epi8(0x0F);
    while at < stop {
        // Where sixteen escapes in a row start the block (text in another script), they
        // are decoded at once, as long as they go on.
        if carry == 0 {
            // SAFETY: the block's bytes are within `REACH` of `at < stop`;
            // `dense` reads and writes below `stop + REACH <= src.len()`, and `removed` is
            // at most `at` (the invariant, with no digits reaching into the block).
            let (end, after) = unsafe {
                if *src_ptr.add(at) == b'%' && *src_ptr.add(at + BLOCK - 1) == b'%' {
                    dense(src_ptr, at, stop + REACH, dst, removed)
                } else {
                    (at, removed)
                }
            };
            if end != at {
                // The bytes decoded are not looked at: the UTF-8 check runs.
                (at, removed, high) = (end, after, high | 1);
                continue;
            }
        }
        if WIDE && at + BLOCK < stop {
            // SAFETY: the processor has AVX2 and POPCNT (the caller's promise where `WIDE`);
            // the two blocks from `at + BLOCK < stop`, and two bytes after them, are within
            // `REACH` of `stop`, as `wide` needs.
            unsafe {
                wide::<PLUS>(src_ptr, at, dst, &mut removed, &mut carry, &mut wide_lanes);
            }
            at += 2 * BLOCK;
            continue;
        }
        // SAFETY: `at + BLOCK` is within `REACH` of `at < stop`.
        let block: &[u8; BLOCK] = unsafe { &*src_ptr.add(at).cast() };
        let bytes = load(block);
        let percent_lanes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b'%' as i8));
        let percents = _mm_movemask_epi8(percent_lanes).cast_unsigned();
        // As in the engine's loop: the digits of this block's escapes and of the last
        // block's that reach into it; a `%` among them is no mark (its escape is bad).
        let digits = percents << 1 | percents << 2;
        let here = digits & 0xFFFF | carry;
        let skip = (carry as usize + 1) >> 1;
        let escapes = percents & !here;
        // Each lane's two next bytes, as digits; the lanes that are escapes take the byte
        // they decode to.
        // SAFETY: bytes `at + 1 .. at + 18`, within `REACH` of `at < stop`.
        let (first, second) = unsafe {
            (
                _mm_loadu_si128(src_ptr.add(at + 1).cast()),
                _mm_loadu_si128(src_ptr.add(at + 2).cast()),
            )
        };
        // Bit `k` of `misses`: byte `at + 1 + k` is no hex digit. An escape at `k` needs
        // bits `k` and `k + 1` clear (the last digit of one at 15 is byte `at + 17`).
        // SAFETY: byte `at + 17` is within `REACH` of `at < stop`.
        let last = unsafe { *src_ptr.add(at + BLOCK + 1) };
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
        high |= _mm_movemask_epi8(values).cast_unsigned() & escapes;
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
        let first_kept = usize::from(KEPT[low]);
        let j = at + skip - removed;
        // SAFETY: eight bytes at `j` and at `j + first_kept <= j + 8` (the invariant).
        unsafe {
            _mm_storel_epi64(dst.add(j).cast(), packed);
            _mm_storeh_pd(dst.add(j + first_kept).cast(), _mm_castsi128_pd(packed));
        }
        carry = digits >> BLOCK;
        let count = KEPT[(escapes & 0xFF) as usize] + KEPT[(escapes >> 8) as usize];
        removed += 2 * usize::from(count);
        at += BLOCK;
    }
    let (wide_bad, wide_high) = wide_lanes.any();
    if bad != 0 || wide_bad {
        decoded |= BAD;
    }
    if high != 0 || wide_high {
        decoded |= 0x80;
    }
    *state = State {
        removed,
        carry,
        decoded,
    };
    at
}

/// What the AVX2 steps of [`run`] found, lane by lane: any bit of `bad` set where an
/// escape's digit is not hex, the top bit of a lane of `high` where one decoded to a byte
/// above ASCII.
struct WideLanes {
    bad: __m256i,
    high: __m256i,
}

impl Default for WideLanes {
    fn default() -> Self {
        // SAFETY: the bytes of a `__m256i` may be any (and zero is "nothing found"); no
        // instruction is used, so the function needs no target feature.
        unsafe { core::mem::zeroed() }
    }
}

impl WideLanes {
    /// Whether a digit was bad, and whether a byte was above ASCII.
    fn any(&self) -> (bool, bool) {
        // SAFETY: a `__m256i` is 32 bytes, all of them initialized; read as words, with no
        // instruction that needs a target feature.
        let [bad, high]: [[u64; 4]; 2] = unsafe { core::mem::transmute([self.bad, self.high]) };
        (
            bad.iter().any(|&w| w != 0),
            high.iter().any(|&w| w & 0x8080_8080_8080_8080 != 0),
        )
    }
}

/// Two blocks from `at` as the loop of [`run`] decodes one, with AVX2.
///
/// # Safety
/// The processor has AVX2 and POPCNT; `src` is valid for reads of `at + 2 * BLOCK + 2`
/// bytes, `dst` for writes of as many, and the invariant of [`run`] holds.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
unsafe fn wide<const PLUS: bool>(
    src: *const u8,
    at: usize,
    dst: *mut u8,
    removed: &mut usize,
    carry: &mut u32,
    lanes: &mut WideLanes,
) {
    // SAFETY: 32 bytes from `at`, and from `at + 1` and `at + 2`: within what the caller
    // promised.
    let (bytes, first, second) = unsafe {
        (
            _mm256_loadu_si256(src.add(at).cast()),
            _mm256_loadu_si256(src.add(at + 1).cast()),
            _mm256_loadu_si256(src.add(at + 2).cast()),
        )
    };
    let percent_lanes = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'%' as i8));
    let percents = u64::from(_mm256_movemask_epi8(percent_lanes).cast_unsigned());
    // As in the sixteen-byte step, on 32 bits.
    let digits = percents << 1 | percents << 2;
    let here = digits & 0xFFFF_FFFF | u64::from(*carry);
    let skip = (*carry as usize + 1) >> 1;
    let escapes = percents & !here;
    // Every `%` lane's two digits are checked, not only the escapes': a `%` that is not an
    // escape is a digit of one before it, which is bad already.
    let ((first_class, high_digits), (second_class, low_digits)) =
        (hex_digits_wide(first), hex_digits_wide(second));
    let fewest = _mm256_min_epu8(first_class, second_class);
    let misses = _mm256_cmpeq_epi8(fewest, _mm256_setzero_si256());
    lanes.bad = _mm256_or_si256(lanes.bad, _mm256_and_si256(misses, percent_lanes));
    // The digits' values are below 16, so shifting the 16-bit lanes moves no bit across.
    let values = _mm256_or_si256(_mm256_slli_epi16::<4>(high_digits), low_digits);
    // (As for the digits, a `%` lane that is no escape only counts where the input is bad.)
    lanes.high = _mm256_or_si256(lanes.high, _mm256_and_si256(values, percent_lanes));
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
    let (low, high_half) = (
        _mm256_castsi256_si128(packed),
        _mm256_extracti128_si256::<1>(packed),
    );
    let kept = |k: u32| quarter(k).count_ones() as usize;
    let j = at + skip - *removed;
    let (j1, j2) = (j + kept(0), j + kept(0) + kept(1));
    let j3 = j2 + kept(2);
    // SAFETY: eight bytes at each of `j <= j1 <= j2 <= j3 <= j + 24`, with `j <= at + 2`
    // (the invariant of `run`): within what the caller promised.
    unsafe {
        _mm_storel_epi64(dst.add(j).cast(), low);
        _mm_storeh_pd(dst.add(j1).cast(), _mm_castsi128_pd(low));
        _mm_storel_epi64(dst.add(j2).cast(), high_half);
        _mm_storeh_pd(dst.add(j3).cast(), _mm_castsi128_pd(high_half));
    }
    *carry = (digits >> (2 * BLOCK)) as u32;
    *removed += 2 * escapes.count_ones() as usize;
}
