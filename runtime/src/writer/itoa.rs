//! Integers to decimal text without allocating (values are written straight into the URL).

/// Room for `i128::MIN`.
const MAX: usize = 40;

/// A stack buffer holding one formatted integer.
pub(crate) struct Buffer {
    bytes: [u8; MAX],
}

pub(crate) trait Integer: Copy {
    /// Writes the digits at the end of `buf`; returns where they start.
    fn write(self, buf: &mut [u8; MAX]) -> usize;
}

impl Buffer {
    #[inline]
    pub(crate) fn new() -> Self {
        Buffer { bytes: [0; MAX] }
    }

    #[inline]
    pub(crate) fn format<I: Integer>(&mut self, n: I) -> &str {
        let start = n.write(&mut self.bytes);
        let text = &self.bytes[start..];
        debug_assert!(text.iter().all(|&b| b.is_ascii_digit() || b == b'-'));
        // SAFETY: `write` fills `bytes[start..]` with ASCII digits and possibly a `-`, which
        // are valid UTF-8. (Validating them anyway cost a tenth of expanding `/users/{id}`.)
        unsafe { core::str::from_utf8_unchecked(text) }
    }
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

/// The digit loop, for `u64` (fast division) and `u128` (only for 128-bit integers).
macro_rules! digits {
    ($($name:ident: $ty:ty),*) => {$(
        fn $name(mut n: $ty, buf: &mut [u8; MAX]) -> usize {
            let mut at = MAX;
            while n >= 100 {
                let pair = (n % 100) as usize * 2;
                n /= 100;
                at -= 2;
                buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
            }
            if n >= 10 {
                let pair = n as usize * 2;
                at -= 2;
                buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
            } else {
                at -= 1;
                buf[at] = b'0' + n as u8;
            }
            at
        }
    )*};
}
digits!(write_u64: u64, write_unsigned: u128);

macro_rules! unsigned {
    ($($ty:ty),*) => {$(
        #[allow(clippy::cast_lossless, reason = "`usize` has no `From` into `u64`, yet fits")]
        impl Integer for $ty {
            fn write(self, buf: &mut [u8; MAX]) -> usize {
                write_u64(self as u64, buf)
            }
        }
    )*};
}
unsigned!(u8, u16, u32, u64, usize);

macro_rules! signed {
    ($($ty:ty),*) => {$(
        #[allow(clippy::cast_lossless, reason = "`usize` has no `From` into `u64`, yet fits")]
        impl Integer for $ty {
            fn write(self, buf: &mut [u8; MAX]) -> usize {
                let mut at = write_u64(self.unsigned_abs() as u64, buf);
                if self < 0 {
                    at -= 1;
                    buf[at] = b'-';
                }
                at
            }
        }
    )*};
}
signed!(i8, i16, i32, i64, isize);

impl Integer for u128 {
    fn write(self, buf: &mut [u8; MAX]) -> usize {
        write_unsigned(self, buf)
    }
}

impl Integer for i128 {
    fn write(self, buf: &mut [u8; MAX]) -> usize {
        let mut at = write_unsigned(self.unsigned_abs(), buf);
        if self < 0 {
            at -= 1;
            buf[at] = b'-';
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn matches_display() {
        macro_rules! check {
            ($($n:expr),*) => {$(
                assert_eq!(Buffer::new().format($n), $n.to_string());
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
                assert_eq!(Buffer::new().format(v), v.to_string());
                if let Ok(v) = u64::try_from(v) {
                    assert_eq!(Buffer::new().format(v), v.to_string());
                    let signed = v.cast_signed();
                    assert_eq!(Buffer::new().format(signed), signed.to_string());
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
            assert_eq!(Buffer::new().format(x), x.to_string());
            assert_eq!(
                Buffer::new().format(x >> (x % 64)),
                (x >> (x % 64)).to_string()
            );
            let small = (x as u32).cast_signed();
            assert_eq!(Buffer::new().format(small), small.to_string());
        }
        for v in 0..10_000u32 {
            assert_eq!(Buffer::new().format(v), v.to_string());
        }
    }
}
