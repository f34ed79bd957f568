//! The integers' text against `Display`.

use super::*;
use alloc::string::ToString;

/// `n` formatted on the stack and appended in place (after text already there, into a
/// `String` with no room and with room to spare) reads as `Display` writes it.
fn same<I: Integer + ToString>(n: I) {
    let expected = n.to_string();
    assert_eq!(Buffer::new().format(n), expected);
    for capacity in [0, 64] {
        let mut out = String::with_capacity(capacity);
        out.push('>');
        push(n, &mut out);
        assert_eq!(out[1..], expected);
    }
}

#[test]
fn matches_display() {
    macro_rules! check {
        ($($n:expr),*) => {$(
            same($n);
        )*};
    }
    check!(
        0u8,
        255u8,
        i8::MIN,
        0i32,
        -1i32,
        u64::MAX,
        i64::MIN,
        u128::MAX,
        i128::MIN
    );
    check!(usize::MAX, isize::MIN, 1_000_000u32, -42i16);
}

/// Every length and every digit pair: each power of ten and its neighbours, and a
/// deterministic spread of values between them, against `Display`.
#[test]
fn every_length_and_pair_matches_display() {
    let mut n: u128 = 1;
    while let Some(next) = n.checked_mul(10) {
        for v in [n - 1, n, n + 1, n * 7 + 3] {
            same(v);
            if let Ok(v) = u64::try_from(v) {
                same(v);
                let signed = v.cast_signed();
                same(signed);
            }
        }
        n = next;
    }
    // An xorshift walk over `u64`, so every pair appears in every position (under Miri, a
    // short walk: the powers of ten above reach every length).
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..if cfg!(miri) { 200 } else { 20_000 } {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        same(x);
        assert_eq!(
            Buffer::new().format(x >> (x % 64)),
            (x >> (x % 64)).to_string()
        );
        let small = (x as u32).cast_signed();
        same(small);
    }
    for v in 0..10_000u32 {
        same(v);
    }
}
