//! Long runs of bytes in a set, found with SSSE3's byte shuffle (`pshufb`) used as a table
//! lookup: 32 bytes a step with AVX2, 16 with SSSE3, in a few instructions whatever the set.
//!
//! A byte `b` below 0x80 is in the set exactly when bit `b >> 4` of `lo[b & 15]` is set: `lo`
//! holds, for each low nibble, the rows (high nibbles) whose byte with that low nibble is in
//! the set, and `hi[h]` is the bit `1 << h`, so `lo[b & 15] & hi[b >> 4]` is non-zero exactly
//! for the bytes of the set. The shuffle gives zero for an index with its top bit set, so a
//! byte above ASCII looks `lo` up as zero: never in the set, which [`Nibbles::of`] checks
//! holds only ASCII bytes. One lookup per nibble and an AND, where the range "spans" of
//! [`super::sse2`] cost three operations per span (five spans for `component`).
//!
//! The tables are derived at compile time from the same byte tables as the spans, so the
//! one character table of `urlkit_syntax::chars` stays the only statement of each set.
//! Inputs shorter than [`LONG`] keep to the spans: a call here cannot be in line (the
//! processor's features are asked at run time) and a URL's values are mostly short.

use core::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_min_epu8, _mm_movemask_epi8,
    _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_add_epi8,
    _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_min_epu8,
    _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16,
};

use super::BLOCK;
#[cfg(test)]
use crate::raw::to_bytes;
use crate::raw::{load, load_wide};

/// The shortest input the encoders look at here (four blocks); shorter ones keep to the
/// spans of [`super::sse2`].
pub(crate) const LONG: usize = 4 * BLOCK;

/// How many bytes AVX2 classifies at once.
const WIDE: usize = 2 * BLOCK;

/// A set of ASCII bytes as two sixteen-entry tables (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Nibbles {
    lo: [u8; BLOCK],
    hi: [u8; BLOCK],
}

impl Nibbles {
    /// The bytes `b` with `table[b] == value`. Fails to compile if one is above ASCII.
    pub(crate) const fn of(table: &[u8; 256], value: u8) -> Self {
        let mut lo = [0; BLOCK];
        let mut hi = [0; BLOCK];
        let mut b = 0;
        while b < 256 {
            if table[b] == value {
                assert!(b < 0x80, "the set is ASCII");
                lo[b & 15] |= 1 << (b >> 4);
            }
            b += 1;
        }
        let mut h = 0;
        while h < 8 {
            hi[h] = 1 << h;
            h += 1;
        }
        Nibbles { lo, hi }
    }
}

/// Non-zero in each lane of `v` that is in the set whose tables are `lo` and `hi`, zero in
/// the others.
#[target_feature(enable = "ssse3")]
#[inline]
fn kept_lanes(v: __m128i, lo: __m128i, hi: __m128i) -> __m128i {
    // The shift moves the neighbouring lane's low bits into the top of each lane; the AND
    // drops them (the shuffle reads the top bit).
    let high_nibbles = _mm_and_si128(_mm_srli_epi16::<4>(v), _mm_set1_epi8(0x0F));
    _mm_and_si128(_mm_shuffle_epi8(lo, v), _mm_shuffle_epi8(hi, high_nibbles))
}

/// [`kept_lanes`] on 32 lanes (each half looks up its own copy of the tables).
#[target_feature(enable = "avx2")]
#[inline]
fn kept_lanes_wide(v: __m256i, lo: __m256i, hi: __m256i) -> __m256i {
    let high_nibbles = _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x0F));
    _mm256_and_si256(
        _mm256_shuffle_epi8(lo, v),
        _mm256_shuffle_epi8(hi, high_nibbles),
    )
}

/// Bit `k` set when `block[k]` is in `set`, with SSSE3: what [`kept_run`] classifies with,
/// for the tests.
#[cfg(test)]
#[target_feature(enable = "ssse3")]
pub(crate) fn in_set(block: &[u8; BLOCK], set: &Nibbles) -> u32 {
    let kept = kept_lanes(load(block), load(&set.lo), load(&set.hi));
    _mm_movemask_epi8(_mm_cmpeq_epi8(kept, _mm_setzero_si128())).cast_unsigned() ^ 0xFFFF
}

/// Bit `k` set when `block[k]` is in `set`, with AVX2: what [`kept_run_wide`] classifies
/// with, for the tests.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub(crate) fn in_set_wide(block: &[u8; WIDE], set: &Nibbles) -> u32 {
    let lo = _mm256_broadcastsi128_si256(load(&set.lo));
    let hi = _mm256_broadcastsi128_si256(load(&set.hi));
    let kept = kept_lanes_wide(load_wide(block), lo, hi);
    !_mm256_movemask_epi8(_mm256_cmpeq_epi8(kept, _mm256_setzero_si256())).cast_unsigned()
}

/// How many bytes at the start of `bytes` (at least a block long) are in `set`, with SSSE3:
/// four blocks a step while all their bytes are, then a block at a time, then the last
/// block (overlapping the ones before).
#[target_feature(enable = "ssse3")]
pub(crate) fn kept_run(bytes: &[u8], set: &Nibbles) -> usize {
    debug_assert!(bytes.len() >= BLOCK);
    let (lo, hi) = (load(&set.lo), load(&set.hi));
    let zero = _mm_setzero_si128();
    let mut i = 0;
    while i + 4 * BLOCK <= bytes.len() {
        let blocks = bytes[i..]
            .first_chunk::<{ 4 * BLOCK }>()
            .expect("four blocks");
        let (first, rest) = blocks.split_first_chunk::<BLOCK>().expect("four blocks");
        let (second, rest) = rest.split_first_chunk::<BLOCK>().expect("three blocks");
        let (third, fourth) = rest.split_first_chunk::<BLOCK>().expect("two blocks");
        let fourth = fourth.first_chunk::<BLOCK>().expect("a block");
        // A lane of the minimum is zero where a lane of any of the four is.
        let fewest = _mm_min_epu8(
            _mm_min_epu8(
                kept_lanes(load(first), lo, hi),
                kept_lanes(load(second), lo, hi),
            ),
            _mm_min_epu8(
                kept_lanes(load(third), lo, hi),
                kept_lanes(load(fourth), lo, hi),
            ),
        );
        if _mm_movemask_epi8(_mm_cmpeq_epi8(fewest, zero)) != 0 {
            break;
        }
        i += 4 * BLOCK;
    }
    let changes = |block: &[u8; BLOCK]| {
        let kept = kept_lanes(load(block), lo, hi);
        _mm_movemask_epi8(_mm_cmpeq_epi8(kept, zero)).cast_unsigned()
    };
    while let Some(block) = super::block(bytes, i) {
        let changes = changes(block);
        if changes != 0 {
            return i + changes.trailing_zeros() as usize;
        }
        i += BLOCK;
    }
    let Some(last) = bytes.last_chunk::<BLOCK>().filter(|_| i < bytes.len()) else {
        return i;
    };
    match changes(last) {
        0 => bytes.len(),
        changes => bytes.len() - BLOCK + changes.trailing_zeros() as usize,
    }
}

/// [`kept_run`] with AVX2, 32 bytes a step (`bytes` at least 32 long).
#[target_feature(enable = "avx2")]
pub(crate) fn kept_run_wide(bytes: &[u8], set: &Nibbles) -> usize {
    debug_assert!(bytes.len() >= WIDE);
    let lo = _mm256_broadcastsi128_si256(load(&set.lo));
    let hi = _mm256_broadcastsi128_si256(load(&set.hi));
    let zero = _mm256_setzero_si256();
    let mut i = 0;
    while i + 4 * WIDE <= bytes.len() {
        let blocks = bytes[i..]
            .first_chunk::<{ 4 * WIDE }>()
            .expect("four blocks");
        let (first, rest) = blocks.split_first_chunk::<WIDE>().expect("four blocks");
        let (second, rest) = rest.split_first_chunk::<WIDE>().expect("three blocks");
        let (third, fourth) = rest.split_first_chunk::<WIDE>().expect("two blocks");
        let fourth = fourth.first_chunk::<WIDE>().expect("a block");
        let kept = |block| kept_lanes_wide(load_wide(block), lo, hi);
        // A lane of the minimum is zero where a lane of any of the four is.
        let fewest = _mm256_min_epu8(
            _mm256_min_epu8(kept(first), kept(second)),
            _mm256_min_epu8(kept(third), kept(fourth)),
        );
        if _mm256_movemask_epi8(_mm256_cmpeq_epi8(fewest, zero)) != 0 {
            break;
        }
        i += 4 * WIDE;
    }
    let changes = |block: &[u8; WIDE]| {
        let kept = kept_lanes_wide(load_wide(block), lo, hi);
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(kept, zero)).cast_unsigned()
    };
    while let Some(block) = bytes.get(i..).and_then(<[u8]>::first_chunk::<WIDE>) {
        let changes = changes(block);
        if changes != 0 {
            return i + changes.trailing_zeros() as usize;
        }
        i += WIDE;
    }
    let Some(last) = bytes.last_chunk::<WIDE>().filter(|_| i < bytes.len()) else {
        return i;
    };
    match changes(last) {
        0 => bytes.len(),
        changes => bytes.len() - WIDE + changes.trailing_zeros() as usize,
    }
}

/// The hex digits as nibble tables that also give each digit's value: the AND of the two
/// lookups ("class") is zero for a byte that is no digit, `DIGIT` for `0-9` and `LETTER` for
/// `a-f`/`A-F`, chosen so that `(b + class) & 15` is the digit's value (`DIGIT` only
/// carries into the high nibble, `LETTER` adds nine to a low nibble of 1 to 6). Checked
/// at compile time against the grammar's `hex_value` for every byte.
pub(crate) const HEX_DIGITS: Nibbles = {
    const DIGIT: u8 = 0x10;
    const LETTER: u8 = 0x09;
    let mut lo = [0; BLOCK];
    let mut n = 0;
    while n < BLOCK {
        lo[n] = if n <= 9 { DIGIT } else { 0 } | if 1 <= n && n <= 6 { LETTER } else { 0 };
        n += 1;
    }
    let mut hi = [0; BLOCK];
    hi[3] = DIGIT;
    hi[4] = LETTER;
    hi[6] = LETTER;
    let mut b = 0;
    while b < 256 {
        // What the shuffles give: zero for a byte above ASCII (its top bit set).
        let class = if b < 0x80 { lo[b & 15] & hi[b >> 4] } else { 0 };
        match urlkit_syntax::chars::hex_value(b as u8) {
            Some(value) => assert!(class != 0 && (b as u8).wrapping_add(class) & 15 == value),
            None => assert!(class == 0),
        }
        b += 1;
    }
    Nibbles { lo, hi }
};

/// Each lane of `v` as a hex digit, with AVX2: its class (zero where it is no digit) and,
/// where it is one, its value (see [`HEX_DIGITS`]). Two shuffles, where the ranges of
/// `super::sse2` took two compares and five constants for the check alone.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn hex_digits_wide(v: __m256i) -> (__m256i, __m256i) {
    let lo = _mm256_broadcastsi128_si256(load(&HEX_DIGITS.lo));
    let hi = _mm256_broadcastsi128_si256(load(&HEX_DIGITS.hi));
    let class = kept_lanes_wide(v, lo, hi);
    let value = _mm256_and_si256(_mm256_add_epi8(v, class), _mm256_set1_epi8(0x0F));
    (class, value)
}

/// [`hex_digits_wide`] on 32 bytes, for the tests: each lane's class and value.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub(crate) fn hex_digits_of(block: &[u8; WIDE]) -> ([u8; WIDE], [u8; WIDE]) {
    use core::arch::x86_64::{_mm256_castsi256_si128, _mm256_extracti128_si256};
    let (class, value) = hex_digits_wide(load_wide(block));
    let bytes = |v| {
        let mut bytes = [0; WIDE];
        bytes[..BLOCK].copy_from_slice(&to_bytes(_mm256_castsi256_si128(v)));
        bytes[BLOCK..].copy_from_slice(&to_bytes(_mm256_extracti128_si256::<1>(v)));
        bytes
    };
    (bytes(class), bytes(value))
}
