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

/// The digit loop, for `u64` (fast division) and `u128` (only for 128-bit integers).
macro_rules! digits {
    ($($name:ident: $ty:ty),*) => {$(
        fn $name(mut n: $ty, buf: &mut [u8; MAX]) -> usize {
            let mut at = MAX;
            loop {
                at -= 1;
                buf[at] = b'0' + (n % 10) as u8;
                n /= 10;
                if n == 0 {
                    return at;
                }
            }
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
}
