//! The UTF-8 check sixteen bytes at a time with SSSE3's byte shuffle (`pshufb`), for
//! processors that have it (see [`crate::raw::Level`]).
//!
//! The check looks at each byte with the three before it. Every way two bytes in a row can
//! break RFC 3629 §4 (Unicode Table 3-7) is a product of three sets: of the first byte's
//! high nibble, its low nibble and the second byte's high nibble; each such kind gets a bit,
//! and three table lookups by nibble (one shuffle each) AND-ed together give the kinds each
//! pair of bytes is. The third and fourth bytes of a character are the one case the pairs
//! cannot see: a continuation after a continuation is right exactly when the byte two back
//! starts a three- or four-byte character, or the byte three back a four-byte one. (The
//! method of Keiser and Lemire, "Validating UTF-8 in less than one instruction per byte",
//! 2021; the tables here are derived from the kinds below.)
#![allow(
    clippy::cast_possible_wrap,
    reason = "bytes handed to the vector unit as the signed lanes its intrinsics take"
)]

use core::arch::x86_64::{
    __m128i, _mm_alignr_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128,
    _mm_set1_epi8, _mm_setzero_si128, _mm_shuffle_epi8, _mm_srli_epi16, _mm_subs_epu8,
    _mm_xor_si128,
};

use crate::raw::load;

/// How many bytes the check takes at once.
const BLOCK: usize = 16;

/// A set of nibbles: bit `n` for nibble `n`.
type Nibbles = u16;

/// Nibbles `lo..=hi`.
const fn nibbles(lo: u32, hi: u32) -> Nibbles {
    ((1u32 << (hi + 1)) - (1 << lo)) as Nibbles
}

const ASCII: Nibbles = nibbles(0, 7);
const CONTINUATION: Nibbles = nibbles(8, 0xB);
const LEAD: Nibbles = nibbles(0xC, 0xF);
const ANY: Nibbles = nibbles(0, 0xF);

/// One kind of malformed pair of bytes: the first byte's high and low nibble and the second
/// byte's high nibble lie in these sets.
struct Pair {
    first_high: Nibbles,
    first_low: Nibbles,
    second_high: Nibbles,
}

/// The kinds, one bit each (bit `k` for `PAIRS[k]`). The last, two continuations in a row,
/// is not an error in itself; it must be set exactly where a third or fourth byte is due.
const PAIRS: [Pair; 8] = [
    // A lead byte followed by no continuation.
    Pair {
        first_high: LEAD,
        first_low: ANY,
        second_high: ASCII | LEAD,
    },
    // A continuation after ASCII.
    Pair {
        first_high: ASCII,
        first_low: ANY,
        second_high: CONTINUATION,
    },
    // `C0`, `C1`: overlong two-byte forms.
    Pair {
        first_high: nibbles(0xC, 0xC),
        first_low: nibbles(0, 1),
        second_high: CONTINUATION,
    },
    // `E0 80..=9F`: overlong three-byte forms.
    Pair {
        first_high: nibbles(0xE, 0xE),
        first_low: nibbles(0, 0),
        second_high: nibbles(8, 9),
    },
    // `ED A0..=BF`: surrogates.
    Pair {
        first_high: nibbles(0xE, 0xE),
        first_low: nibbles(0xD, 0xD),
        second_high: nibbles(0xA, 0xB),
    },
    // `F4 90..=BF`, `F5..=FF 90..=BF`: above U+10FFFF, or no lead byte.
    Pair {
        first_high: nibbles(0xF, 0xF),
        first_low: nibbles(4, 0xF),
        second_high: nibbles(9, 0xB),
    },
    // `F0 80..=8F` (overlong four-byte forms), `F5..=FF 80..=8F`.
    Pair {
        first_high: nibbles(0xF, 0xF),
        first_low: nibbles(0, 0) | nibbles(5, 0xF),
        second_high: nibbles(8, 8),
    },
    // Two continuations.
    Pair {
        first_high: CONTINUATION,
        first_low: ANY,
        second_high: CONTINUATION,
    },
];

/// The bit of [`PAIRS`]' last kind.
const TWO_CONTINUATIONS: u8 = 0x80;

/// For each nibble, the kinds whose set (picked by `which`) holds it.
const fn kinds(which: usize) -> [u8; BLOCK] {
    let mut table = [0u8; BLOCK];
    let mut nibble = 0;
    while nibble < BLOCK {
        let mut k = 0;
        while k < PAIRS.len() {
            let set = match which {
                0 => PAIRS[k].first_high,
                1 => PAIRS[k].first_low,
                _ => PAIRS[k].second_high,
            };
            if set >> nibble & 1 == 1 {
                table[nibble] |= 1 << k;
            }
            k += 1;
        }
        nibble += 1;
    }
    table
}

static FIRST_HIGH: [u8; BLOCK] = kinds(0);
static FIRST_LOW: [u8; BLOCK] = kinds(1);
static SECOND_HIGH: [u8; BLOCK] = kinds(2);

/// The UTF-8 check's state between blocks: the block before, and the errors so far.
struct Utf8 {
    previous: __m128i,
    errors: __m128i,
    tables: [__m128i; 3],
}

impl Utf8 {
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn new() -> Self {
        Utf8 {
            previous: _mm_setzero_si128(),
            errors: _mm_setzero_si128(),
            tables: [load(&FIRST_HIGH), load(&FIRST_LOW), load(&SECOND_HIGH)],
        }
    }

    /// Checks `block`, the bytes after those of the blocks before.
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn check(&mut self, block: __m128i) {
        let low_nibbles = _mm_set1_epi8(0x0F);
        let high = |v: __m128i| _mm_and_si128(_mm_srli_epi16::<4>(v), low_nibbles);
        let one_back = _mm_alignr_epi8::<15>(block, self.previous);
        let [first_high, first_low, second_high] = self.tables;
        let kinds = _mm_and_si128(
            _mm_and_si128(
                _mm_shuffle_epi8(first_high, high(one_back)),
                _mm_shuffle_epi8(first_low, _mm_and_si128(one_back, low_nibbles)),
            ),
            _mm_shuffle_epi8(second_high, high(block)),
        );
        // Bit 7 where a third or fourth byte is due: the byte two back is `E0` or above (a
        // saturating subtraction of `0x60` leaves `0x80` or more exactly then), or the byte
        // three back `F0` or above.
        let two_back = _mm_alignr_epi8::<14>(block, self.previous);
        let three_back = _mm_alignr_epi8::<13>(block, self.previous);
        let due = _mm_or_si128(
            _mm_subs_epu8(two_back, _mm_set1_epi8(0x60)),
            _mm_subs_epu8(three_back, _mm_set1_epi8(0x70)),
        );
        let due = _mm_and_si128(due, _mm_set1_epi8(TWO_CONTINUATIONS as i8));
        self.errors = _mm_or_si128(self.errors, _mm_xor_si128(kinds, due));
        self.previous = block;
    }

    /// Whether no block had an error. The last block must have been followed by one that
    /// ends no character (zeros), so that a character cut short at the end is seen.
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn valid(&self) -> bool {
        _mm_movemask_epi8(_mm_cmpeq_epi8(self.errors, _mm_setzero_si128())) == 0xFFFF
    }
}

/// Whether `bytes` are well-formed UTF-8.
#[target_feature(enable = "ssse3")]
pub(in crate::raw) fn valid(bytes: &[u8]) -> bool {
    valid_with(bytes)
}

/// [`valid`] compiled for AVX2: the same instructions in their three-operand forms.
#[target_feature(enable = "avx2,popcnt")]
pub(in crate::raw) fn valid_wide(bytes: &[u8]) -> bool {
    valid_with(bytes)
}

/// [`valid`].
#[target_feature(enable = "ssse3")]
#[inline]
fn valid_with(bytes: &[u8]) -> bool {
    let mut utf8 = Utf8::new();
    // Four blocks of ASCII after a whole character need no look: one test for 64 bytes.
    let mut fours = bytes.chunks_exact(4 * BLOCK);
    let mut rest = fours.remainder();
    for (at, four) in fours.by_ref().enumerate() {
        let block = |k: usize| load(four[k * BLOCK..][..BLOCK].try_into().expect("a block"));
        let any = _mm_or_si128(
            _mm_or_si128(block(0), block(1)),
            _mm_or_si128(block(2), block(3)),
        );
        if _mm_movemask_epi8(any) != 0 || _mm_movemask_epi8(utf8.previous) != 0 {
            rest = &bytes[at * 4 * BLOCK..];
            break;
        }
    }
    let mut blocks = rest.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        let block = load(block.try_into().expect("a block"));
        // Sixteen ASCII bytes after a whole character need no look.
        if _mm_movemask_epi8(block) == 0 && _mm_movemask_epi8(utf8.previous) == 0 {
            continue;
        }
        utf8.check(block);
    }
    // The last bytes (fewer than a block), followed by at least one zero: ASCII, so a
    // character cut short is an error at that zero.
    let mut last = [0u8; BLOCK];
    last[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
    utf8.check(load(&last));
    utf8.valid()
}
