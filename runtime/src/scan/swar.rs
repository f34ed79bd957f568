//! [`Scan`] in plain integer arithmetic ("SIMD within a register"): each half of the block is
//! a `u64` of eight byte lanes. For targets without a vector unit we use, for `no_std`
//! targets of any kind, and under Miri, which checks this path.

use super::{BLOCK, Scan, Span};

/// Two `u64` words of eight lanes each.
#[derive(Debug)]
pub(crate) struct Swar;

/// `0x01` in every lane.
const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every lane: the bit each lane's answer is kept in.
const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);

/// The eight lanes starting at `at`, lane `k` being byte `at + k`.
#[inline(always)]
fn word(block: &[u8; BLOCK], at: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&block[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// Bit `k` for lane `k` of `lanes`, whose lanes are `0x80` or `0`: the multiply moves bit
/// `8k + 7` to bit `56 + k`, and no two products share a bit.
#[inline(always)]
fn bits(lanes: u64) -> u32 {
    ((lanes >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// `0x80` in each lane of `word` that lies in one of `spans`.
#[inline(always)]
fn in_spans(word: u64, spans: &[Span]) -> u64 {
    // With each lane's top bit cleared, adding at most 0x80 to a lane cannot carry into the
    // next: `x + (0x80 - lo)` has its top bit set exactly when `x >= lo`, and `x + (0x7F - hi)`
    // exactly when `x > hi`. Lanes that were not ASCII are dropped at the end.
    let low7 = word & !HIGH;
    let mut hit = 0;
    for span in spans {
        // Setting the case bit keeps each lane's top bit clear.
        let low7 = if span.fold { low7 | (LOW * 0x20) } else { low7 };
        let at_least_lo = low7 + LOW * u64::from(0x80 - span.lo);
        let above_hi = low7 + LOW * u64::from(0x7F - span.hi);
        hit |= at_least_lo & !above_hi;
    }
    hit & !word & HIGH
}

/// `0x80` in each lane of `word` equal to `byte`: the lanes of `word ^ byte` that are zero,
/// found without a borrow between lanes (`(x & 0x7F) + 0x7F` sets the top bit of every
/// non-zero lane below 0x80; OR-ing `x` covers the others).
#[inline(always)]
fn equal(word: u64, byte: u8) -> u64 {
    let x = word ^ (LOW * u64::from(byte));
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

impl Scan for Swar {
    #[inline(always)]
    fn in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
        bits(in_spans(word(block, 0), spans)) | bits(in_spans(word(block, 8), spans)) << 8
    }

    /// Counts each word's flagged lanes with one multiply (at most eight, so no carry
    /// reaches the top byte): no population count needed.
    #[inline(always)]
    fn count_in_spans(bytes: &[u8], spans: &[Span]) -> usize {
        let count = |w: u64| ((in_spans(w, spans) >> 7).wrapping_mul(LOW) >> 56) as usize;
        bytes
            .chunks_exact(BLOCK)
            .map(|block| {
                let block = block.try_into().expect("a block");
                count(word(block, 0)) + count(word(block, 8))
            })
            .sum()
    }

    #[inline(always)]
    fn either(block: &[u8; BLOCK], a: u8, b: u8) -> u32 {
        let half = |w: u64| bits(equal(w, a) | equal(w, b));
        half(word(block, 0)) | half(word(block, 8)) << 8
    }
}
