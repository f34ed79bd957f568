//! Integers to decimal text without allocating (values are written straight into the URL).

use alloc::string::String;
use core::mem::MaybeUninit;

/// Room for `i128::MIN`.
const MAX: usize = 40;

/// A stack buffer holding one formatted integer.
pub(crate) struct Buffer {
    bytes: [MaybeUninit<u8>; MAX],
}

/// `TryInto<u8>`: 0 to 99 are written without counting digits ([`push`]).
pub(crate) trait Integer: Copy + TryInto<u8> {
    /// Writes the digits (and sign) at the end of `buf`; returns where they start. Panics
    /// if `buf` is shorter than [`text_len`](Self::text_len).
    fn write(self, buf: &mut [MaybeUninit<u8>]) -> usize;

    /// The length of the decimal text: what [`write`](Self::write) writes.
    fn text_len(self) -> usize;
}

impl Buffer {
    #[inline]
    pub(crate) fn new() -> Self {
        Buffer {
            bytes: [MaybeUninit::uninit(); MAX],
        }
    }

    #[inline]
    pub(crate) fn format<I: Integer>(&mut self, n: I) -> &str {
        let start = n.write(&mut self.bytes);
        let text = &self.bytes[start..];
        // SAFETY: `write` initialized `bytes[start..]` with ASCII digits and possibly a `-`,
        // which are valid UTF-8. (Validating them anyway cost a tenth of expanding
        // `/users/{id}`.)
        unsafe { core::str::from_utf8_unchecked(&*(core::ptr::from_ref(text) as *const [u8])) }
    }
}

/// Appends the decimal text of `n` to `out`, written in place from its last digit back: no
/// buffer to zero and copy from, and no `memcpy` call for a few bytes (callgrind, GitHub
/// issues URL).
///
/// 0 to 99 (page numbers, counts, small ids) are one or two bytes of [`PAIRS`], stored
/// without counting digits or calling the digit loop: measured with callgrind on the GitHub
/// issues URL (`page=2`), 40 instructions a URL fewer than through the digit loop.
#[inline]
pub(crate) fn push<I: Integer>(n: I, out: &mut String) {
    if let Ok(small) = n.try_into()
        && small < 100
    {
        // SAFETY: only ASCII digits are pushed, so `out` stays UTF-8.
        let buf = unsafe { out.as_mut_vec() };
        if small < 10 {
            buf.push(b'0' + small);
        } else {
            let pair = usize::from(small) * 2;
            buf.extend_from_slice(&PAIRS[pair..pair + 2]);
        }
        return;
    }
    let len = n.text_len();
    out.reserve(len);
    // SAFETY: only ASCII digits and `-` are written below, so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let spare = &mut buf.spare_capacity_mut()[..len];
    // `write` fills its buffer from the end; `text_len` says how much it fills, so all of
    // `spare` (checked: a start past 0 would leave bytes uninitialized).
    let start = n.write(spare);
    assert_eq!(start, 0, "text_len and write disagree");
    // SAFETY: the first `len` bytes of the spare capacity were initialized just above.
    unsafe { buf.set_len(buf.len() + len) };
}

/// `00` to `99`, two ASCII digits each: the digit loop takes two digits per division by 100
/// (half the divisions of one digit at a time, which dominate for large numbers).
const PAIRS: [u8; 200] = {
    let mut table = [0; 200];
    let mut n = 0;
    while n < 100 {
        table[2 * n] = b'0' + (n / 10) as u8;
        table[2 * n + 1] = b'0' + (n % 10) as u8;
        n += 1;
    }
    table
};

/// Stores `bytes` at `buf[at..]`.
#[inline]
fn put(buf: &mut [MaybeUninit<u8>], at: usize, bytes: &[u8]) {
    for (slot, &b) in buf[at..at + bytes.len()].iter_mut().zip(bytes) {
        slot.write(b);
    }
}

/// The digit loop, for `u64` (fast division) and `u128` (only for 128-bit integers).
macro_rules! digits {
    ($($name:ident: $ty:ty),*) => {$(
        fn $name(mut n: $ty, buf: &mut [MaybeUninit<u8>]) -> usize {
            let mut at = buf.len();
            while n >= 100 {
                let pair = (n % 100) as usize * 2;
                n /= 100;
                at -= 2;
                put(buf, at, &PAIRS[pair..pair + 2]);
            }
            if n >= 10 {
                let pair = n as usize * 2;
                at -= 2;
                put(buf, at, &PAIRS[pair..pair + 2]);
            } else {
                at -= 1;
                buf[at].write(b'0' + n as u8);
            }
            at
        }
    )*};
}
digits!(write_u64: u64, write_unsigned: u128);

/// The number of decimal digits of `n`.
macro_rules! digit_count {
    ($n:expr) => {
        $n.checked_ilog10().map_or(1, |log| log as usize + 1)
    };
}

macro_rules! unsigned {
    ($($ty:ty),*) => {$(
        #[allow(clippy::cast_lossless, reason = "`usize` has no `From` into `u64`, yet fits")]
        impl Integer for $ty {
            #[inline]
            fn write(self, buf: &mut [MaybeUninit<u8>]) -> usize {
                write_u64(self as u64, buf)
            }
            #[inline]
            fn text_len(self) -> usize {
                digit_count!(self)
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

macro_rules! signed {
    ($($ty:ty),*) => {$(
        #[allow(clippy::cast_lossless, reason = "`usize` has no `From` into `u64`, yet fits")]
        impl Integer for $ty {
            #[inline]
            fn write(self, buf: &mut [MaybeUninit<u8>]) -> usize {
                let mut at = write_u64(self.unsigned_abs() as u64, buf);
                if self < 0 {
                    at -= 1;
                    buf[at].write(b'-');
                }
                at
            }
            #[inline]
            fn text_len(self) -> usize {
                digit_count!(self.unsigned_abs()) + usize::from(self < 0)
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);

impl Integer for u128 {
    fn write(self, buf: &mut [MaybeUninit<u8>]) -> usize {
        write_unsigned(self, buf)
    }
    fn text_len(self) -> usize {
        digit_count!(self)
    }
}

impl Integer for i128 {
    fn write(self, buf: &mut [MaybeUninit<u8>]) -> usize {
        let mut at = write_unsigned(self.unsigned_abs(), buf);
        if self < 0 {
            at -= 1;
            buf[at].write(b'-');
        }
        at
    }
    fn text_len(self) -> usize {
        digit_count!(self.unsigned_abs()) + usize::from(self < 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// `n` formatted on the stack and appended in place (after text already there, into a
    /// `String` with no room and with room to spare) reads as `Display` writes it.
    fn same<I: Integer + ToString>(n: I) {
        let expected = n.to_string();
        assert_eq!(Buffer::new().format(n), expected);
        assert_eq!(n.text_len(), expected.len());
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
        // An xorshift walk over `u64`, so every pair appears in every position.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
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
}
