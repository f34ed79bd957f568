//! Writing the encoding of a block with escapes in four stores, with SSSE3's byte shuffle
//! (`pshufb`): where the escapes come every few bytes (prose), writing each byte's output on
//! its own is what the SSE2 writer waits on.
//!
//! Each half of a block (eight bytes) is encoded at once. Its output, at most 24 bytes, is
//! made of the eight bytes themselves, `%` and the two hex digits of each byte, so it is two
//! registers' worth of bytes picked from two registers: `[b0 … b7, % × 8]` and the digits
//! `[h0 l0 h1 l1 … h7 l7]`. Which byte goes where depends only on which of the eight bytes
//! are escaped, so it is looked up in [`CONTROLS`] by that eight-bit mask.
#![allow(
    clippy::cast_possible_wrap,
    reason = "bytes handed to the vector unit as the signed lanes its intrinsics take"
)]

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8,
    _mm_srli_epi16, _mm_unpackhi_epi8, _mm_unpackhi_epi64, _mm_unpacklo_epi8, _mm_unpacklo_epi64,
    _mm_xor_si128,
};

use urlkit_syntax::chars::HEX_UPPER;

use super::engine::{Set, SetType};
use crate::raw::{Tail, load};
use crate::scan::sse2::Sse2;
use crate::scan::{BLOCK, Scan};

/// Marks a control byte that picks from the digits' register rather than the bytes' (the
/// shuffle's "zero this lane" bit, flipped between the two shuffles).
const FROM_DIGITS: u8 = 0x80;

/// For each mask of escaped bytes among eight, which byte of the sources goes to each of the
/// 32 output lanes: `k` for the half's byte `k`, 8 for a `%`, `FROM_DIGITS | 2k` and
/// `FROM_DIGITS | 2k + 1` for the high and low digit of byte `k`. Lanes past the output's
/// length pick anything (later stores overwrite them).
#[repr(align(32))]
struct Controls([[u8; 2 * BLOCK]; 256]);

static CONTROLS: Controls = {
    let mut table = [[0u8; 2 * BLOCK]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut at = 0;
        let mut k: u8 = 0;
        while k < 8 {
            if mask >> k & 1 == 1 {
                table[mask][at] = 8;
                table[mask][at + 1] = FROM_DIGITS | (2 * k);
                table[mask][at + 2] = FROM_DIGITS | (2 * k + 1);
                at += 3;
            } else {
                table[mask][at] = k;
                at += 1;
            }
            k += 1;
        }
        mask += 1;
    }
    Controls(table)
};

/// The output length of eight bytes with each mask of escapes: 8 plus two per escape.
static LENS: [u8; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = 8 + 2 * (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// Encodes whole blocks of `src` under `component` or `form` into `tail`, while three blocks
/// or more are left; returns how many bytes it read. `tail` has room for the encoding of
/// `src` and the 48 bytes of slack of `super::write`.
#[target_feature(enable = "ssse3")]
pub(crate) fn write_blocks<K: SetType>(src: &[u8], tail: &mut Tail<'_>) -> usize {
    run::<K>(src, tail)
}

/// [`write_blocks`] compiled for AVX2: the same instructions in their three-operand forms,
/// without the register copies SSE's two-operand forms need.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) fn write_blocks_wide<K: SetType>(src: &[u8], tail: &mut Tail<'_>) -> usize {
    run::<K>(src, tail)
}

/// [`write_blocks`].
#[target_feature(enable = "ssse3")]
#[inline]
fn run<K: SetType>(src: &[u8], tail: &mut Tail<'_>) -> usize {
    debug_assert!(K::SET != Set::Reserved);
    // What is left of the room after the written output holds the encoding of `src[i..]`:
    // at least the block's own (its halves' lengths, each 8 or more) and a byte per input
    // byte after it (at least 32), and the slack; a block's stores reach 56 bytes past
    // where it starts, which `Cursor::shuffled` tests.
    let mut i = 0;
    let digits = load(HEX_UPPER);
    let percents = _mm_set1_epi8(b'%' as i8);
    let low_nibbles = _mm_set1_epi8(0x0F);
    let flip = _mm_set1_epi8(FROM_DIGITS as i8);
    let mut out = tail.cursor();
    while let Some(blocks) = src.get(i..).and_then(<[u8]>::first_chunk::<{ 3 * BLOCK }>) {
        let block = blocks.first_chunk().expect("a block");
        let escapes = Sse2::<false>::outside_spans(block, K::SHORT);
        let mut bytes = load(block);
        if K::SET == Set::Form {
            // The one byte `form` writes as another byte: a space, as `+`.
            let spaces = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(b' ' as i8));
            let change = _mm_and_si128(spaces, _mm_set1_epi8((b' ' ^ b'+') as i8));
            bytes = _mm_xor_si128(bytes, change);
        }
        let high = _mm_shuffle_epi8(
            digits,
            _mm_and_si128(_mm_srli_epi16::<4>(bytes), low_nibbles),
        );
        let low = _mm_shuffle_epi8(digits, _mm_and_si128(bytes, low_nibbles));
        let half = |bytes, digits, mask: u32| {
            let mask = mask as usize & 0xFF;
            let controls = &CONTROLS.0[mask];
            let first = controls.first_chunk().expect("two blocks");
            let second = controls.last_chunk().expect("two blocks");
            (
                pick(bytes, digits, load(first), flip),
                pick(bytes, digits, load(second), flip),
                usize::from(LENS[mask]),
            )
        };
        let written = out.shuffled([
            half(
                _mm_unpacklo_epi64(bytes, percents),
                _mm_unpacklo_epi8(high, low),
                escapes,
            ),
            half(
                _mm_unpackhi_epi64(bytes, percents),
                _mm_unpackhi_epi8(high, low),
                escapes >> 8,
            ),
        ]);
        if !written {
            // Never (see above); the caller goes on from this block.
            debug_assert!(written, "room for the encoding");
            break;
        }
        i += BLOCK;
    }
    i
}

/// The lanes `control` picks from `bytes` (where its top bit is clear) and from `digits`
/// (where it is set).
#[target_feature(enable = "ssse3")]
#[inline]
fn pick(bytes: __m128i, digits: __m128i, control: __m128i, flip: __m128i) -> __m128i {
    _mm_or_si128(
        _mm_shuffle_epi8(bytes, control),
        _mm_shuffle_epi8(digits, _mm_xor_si128(control, flip)),
    )
}
