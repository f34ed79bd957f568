//! Integers to decimal text without allocating (values are written straight into the URL).

use alloc::string::String;

use crate::raw;

/// Room for `i128::MIN`.
const MAX: usize = 40;

/// A stack buffer holding one formatted integer.
pub(crate) struct Buffer {
    bytes: [u8; MAX],
}

/// `TryInto<u8>`: 0 to 99 are written without counting digits ([`push`]).
pub(crate) trait Integer: Copy + TryInto<u8> {
    /// Writes the digits (and sign) at the end of `buf`; returns where they start. Panics
    /// if `buf` is shorter than the text (40 bytes hold any).
    fn write(self, buf: &mut [u8]) -> usize;
}

impl Buffer {
    #[inline]
    pub(crate) fn new() -> Self {
        Buffer { bytes: [0; MAX] }
    }

    #[inline]
    pub(crate) fn format<I: Integer>(&mut self, n: I) -> &str {
        let start = n.write(&mut self.bytes);
        // ASCII digits and possibly a `-`: text. (Only a prefix modifier's cut takes this
        // way; `push` writes straight into the URL.)
        core::str::from_utf8(&self.bytes[start..]).unwrap_or_default()
    }
}

/// Appends the decimal text of `n` to `out`, written in place from its last digit back: no
/// buffer to zero and copy from, and no `memcpy` call for a few bytes.
///
/// 0 to 99 (page numbers, counts, small ids: the common values of a URL) are one or two
/// bytes of [`PAIRS`], stored without counting digits or calling the digit loop.
#[inline]
pub(crate) fn push<I: Integer>(n: I, out: &mut String) {
    if let Ok(small) = n.try_into()
        && small < 100
    {
        // (Digits are ASCII: `char::from` of a byte below 0x80 is one byte, which `push`
        // then writes without encoding.)
        if small < 10 {
            out.push(char::from(b'0' + small));
        } else {
            let pair = usize::from(small) * 2;
            out.push(char::from(PAIRS[pair] & 0x7F));
            out.push(char::from(PAIRS[pair + 1] & 0x7F));
        }
        return;
    }
    let mut buf = [0u8; MAX];
    let start = n.write(&mut buf);
    raw::push_ascii(out, &buf[start..]);
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
fn put(buf: &mut [u8], at: usize, bytes: &[u8]) {
    buf[at..at + bytes.len()].copy_from_slice(bytes);
}

/// The digit loop, for `u64` (fast division) and `u128` (only for 128-bit integers).
macro_rules! digits {
    ($($name:ident: $ty:ty),*) => {$(
        fn $name(mut n: $ty, buf: &mut [u8]) -> usize {
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
            #[inline]
            fn write(self, buf: &mut [u8]) -> usize {
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
            #[inline]
            fn write(self, buf: &mut [u8]) -> usize {
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
    fn write(self, buf: &mut [u8]) -> usize {
        write_unsigned(self, buf)
    }
}

impl Integer for i128 {
    fn write(self, buf: &mut [u8]) -> usize {
        let mut at = write_unsigned(self.unsigned_abs(), buf);
        if self < 0 {
            at -= 1;
            buf[at] = b'-';
        }
        at
    }
}

#[cfg(test)]
mod tests;
