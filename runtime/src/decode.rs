//! Percent-decoding, strict by default.
//!
//! | function | `+` | bad `%` | invalid UTF-8 | returns |
//! |---|---|---|---|---|
//! | [`component`] | kept | error | error | `Cow<str>` |
//! | [`form`] | space | error | error | `Cow<str>` |
//! | [`component_bytes`], [`form_bytes`] | as above | error | allowed | `Cow<[u8]>` |
//! | [`component_lossy`], [`form_lossy`] | as above | kept as written | U+FFFD | `Cow<str>` |
//!
//! Hex digits may be either case. The strict functions reject what WHATWG parsers let through
//! silently, with the byte offset in the input: a `%` not followed by two hex digits,
//! JavaScript's non-standard `%uXXXX`, and bytes that are not UTF-8 (overlong forms and
//! surrogates included, so `%C0%AF` is an error, not `/`). The `_lossy` functions behave like
//! the WHATWG URL Standard's percent-decode followed by "UTF-8 decode without BOM". Everything
//! borrows the input when there is nothing to decode.
//!
//! # Examples
//! ```
//! use urlkit::decode;
//!
//! assert_eq!(decode::component("caf%C3%A9+cr%C3%A8me")?, "café+crème");
//! assert_eq!(decode::form("caf%C3%A9+cr%C3%A8me")?, "café crème");
//! let err = decode::component("100%").unwrap_err();
//! assert_eq!(err.offset(), 3);
//! assert_eq!(decode::component_lossy("100%"), "100%");
//! assert_eq!(decode::component_bytes("%FF%00")?, &b"\xFF\x00"[..]);
//! # Ok::<(), decode::DecodeError>(())
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use urlkit_syntax::chars;

mod blocks;
mod engine;
mod error;
mod pairs;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod shuffle;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sparse;
#[cfg(test)]
mod spec;

use crate::scan::{self, BLOCK, Fast, Scan};
pub use error::{DecodeError, DecodeErrorKind};
use error::{bad_escape, invalid_utf8};
pub use pairs::{FormPairs, form_pairs, form_pairs_lossy};

/// Decodes percent-triplets; `+` stays `+`. For paths, fragments and anything RFC 3986.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::component("caf%C3%A9%2Bcr%c3%a8me").unwrap(), "café+crème");
/// assert!(urlkit::decode::component("%E0%80%AE").is_err()); // overlong `.`
/// ```
pub fn component(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    strict(input, false)
}

/// Decodes `application/x-www-form-urlencoded` text: `+` becomes a space first, then triplets
/// are decoded. For query strings and form bodies.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::form("a+b%21").unwrap(), "a b!");
/// assert_eq!(urlkit::decode::form("1+2%2B3").unwrap(), "1 2+3");
/// ```
pub fn form(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    strict(input, true)
}

/// [`component`] without the UTF-8 check, for binary values.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::component_bytes("4%20%F7%203").unwrap(), &b"4 \xF7 3"[..]);
/// ```
pub fn component_bytes(input: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    bytes(input, false)
}

/// [`form`] without the UTF-8 check, for binary values.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::form_bytes("%FF+").unwrap(), &b"\xFF "[..]);
/// ```
pub fn form_bytes(input: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    bytes(input, true)
}

/// Decodes like WHATWG parsers do: a `%` without two hex digits stays as it is, and bytes that
/// are not UTF-8 become U+FFFD.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::component_lossy("%zz%C4rzte"), "%zz\u{FFFD}rzte");
/// ```
pub fn component_lossy(input: &str) -> Cow<'_, str> {
    lossy(input, false)
}

/// [`form`] decoding as WHATWG `URLSearchParams` does it: [`component_lossy`] after `+` becomes
/// a space.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::decode::form_lossy("a+%FE%FF"), "a \u{FFFD}\u{FFFD}");
/// ```
pub fn form_lossy(input: &str) -> Cow<'_, str> {
    lossy(input, true)
}

/// Whether `input` decodes as [`form`] decodes it, without writing the decoding (no
/// allocation): for query keys, which are compared decoded a byte at a time. The error is the
/// one [`form`] gives.
pub(crate) fn form_check(input: &str) -> Result<(), DecodeError> {
    let src = input.as_bytes();
    let mut utf8 = crate::raw::Stepper::new();
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        let byte = if b == b'%' {
            let digit = |at: usize| src.get(at).map_or(NOT_HEX, |&d| HEX_DIGITS[usize::from(d)]);
            let (hi, lo) = (digit(i + 1), digit(i + 2));
            if (hi | lo) & NOT_HEX != 0 {
                return Err(bad_escape(input, i));
            }
            i += 3;
            hi << 4 | lo
        } else {
            // A `+` is a space: ASCII, as every other byte of a `str` below 0x80 is.
            i += 1;
            b
        };
        utf8.push(byte);
    }
    if utf8.valid() {
        Ok(())
    } else {
        // Rare: the strict decoder finds where, and says how.
        strict_scalar(input, true).map(drop)
    }
}

/// Whether decoding changes nothing: no `%`, and no `+` when `plus` is a space.
fn nothing_to_decode(input: &str, plus: bool) -> bool {
    if plus {
        !input.bytes().any(|b| b == b'%' || b == b'+')
    } else {
        !input.contains('%')
    }
}

/// Marks a byte that is not a hex digit in [`HEX_DIGITS`].
const NOT_HEX: u8 = 0x10;

/// The value of every byte as a hex digit, or [`NOT_HEX`]: the grammar's `chars::hex_value`
/// as a table, so that a triplet costs two loads and one test.
static HEX_DIGITS: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut b = 0;
    while b < 256 {
        if let Some(v) = chars::hex_value(b as u8) {
            table[b] = v;
        }
        b += 1;
    }
    table
};

/// Bit 7 of each byte of `word` that equals `byte`, and possibly of bytes above such a byte
/// (a borrow can spill upwards): the lowest flagged byte is always a true match. The classic
/// "has zero byte" test of `word ^ byte * 0x01...01`.
#[inline]
fn bytes_equal(word: u64, byte: u8) -> u64 {
    const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let x = word ^ (LOW * u64::from(byte));
    x.wrapping_sub(LOW) & !x & HIGH
}

/// The index of the first `%`, or of the first `%` or `+` when `plus`.
fn first_special<S: Scan>(src: &[u8], plus: bool) -> Option<usize> {
    let (a, b) = (b'%', if plus { b'+' } else { b'%' });
    if src.len() < BLOCK {
        return src.iter().position(|&c| c == a || c == b);
    }
    let mut i = 0;
    while let Some(block) = scan::block(src, i) {
        let found = S::either(block, a, b);
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize);
        }
        i += BLOCK;
    }
    // The last block overlaps the one before, whose bytes held neither.
    let last = src.len() - BLOCK;
    match S::either(scan::block(src, last).expect("a block long"), a, b) {
        0 => None,
        found => Some(last + found.trailing_zeros() as usize),
    }
}

/// Decodes into bytes; `Err` at the first `%` without two hex digits.
fn bytes(input: &str, plus: bool) -> Result<Cow<'_, [u8]>, DecodeError> {
    bytes_with::<Fast>(input, plus)
}

fn bytes_with<S: Scan>(input: &str, plus: bool) -> Result<Cow<'_, [u8]>, DecodeError> {
    let src = input.as_bytes();
    let Some(first) = first_special::<S>(src, plus) else {
        return Ok(Cow::Borrowed(src));
    };
    let mut out = Vec::new();
    let decoded = if plus {
        engine::decode::<S, true>(src, first, &mut out)
    } else {
        engine::decode::<S, false>(src, first, &mut out)
    };
    match decoded {
        Ok(()) => Ok(Cow::Owned(out)),
        // The scalar path says which escape is bad.
        Err(engine::Invalid) => bytes_scalar(input, plus),
    }
}

/// [`bytes`] a byte at a time: the reference the fast path is tested against, and what
/// finds the error when there is one.
fn bytes_scalar(input: &str, plus: bool) -> Result<Cow<'_, [u8]>, DecodeError> {
    let src = input.as_bytes();
    let first = if plus {
        src.iter().position(|&b| b == b'%' || b == b'+')
    } else if input.contains('%') {
        // `contains` has the faster byte search; most input has no `%` at all.
        input.find('%')
    } else {
        None
    };
    let Some(first) = first else {
        return Ok(Cow::Borrowed(src));
    };
    // Decoding never lengthens (each input byte yields at most one output byte), so `out` has
    // room for eight bytes wherever eight input bytes are left.
    let mut out = alloc::vec![0u8; src.len()];
    out[..first].copy_from_slice(&src[..first]);
    let (mut i, mut j) = (first, first);
    loop {
        // Copy eight bytes at a time until one of them needs decoding.
        while let Some(chunk) = src.get(i..i + 8) {
            out[j..j + 8].copy_from_slice(chunk);
            let word = u64::from_le_bytes([
                chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7],
            ]);
            let mut special = bytes_equal(word, b'%');
            if plus {
                special |= bytes_equal(word, b'+');
            }
            if special != 0 {
                let skip = (special.trailing_zeros() / 8) as usize;
                (i, j) = (i + skip, j + skip);
                break;
            }
            (i, j) = (i + 8, j + 8);
        }
        // Decode a run of escapes (multibyte text is nothing else).
        while let Some(&[b'%', hi, lo]) = src.get(i..i + 3) {
            let (hi, lo) = (HEX_DIGITS[usize::from(hi)], HEX_DIGITS[usize::from(lo)]);
            if (hi | lo) & NOT_HEX != 0 {
                return Err(bad_escape(input, i));
            }
            out[j] = hi << 4 | lo;
            (i, j) = (i + 3, j + 1);
        }
        let Some(&b) = src.get(i) else { break };
        match b {
            // Fewer than two bytes follow.
            b'%' => return Err(bad_escape(input, i)),
            b'+' if plus => {
                out[j] = b' ';
                i += 1;
            }
            _ => {
                out[j] = b;
                i += 1;
            }
        }
        j += 1;
    }
    out.truncate(j);
    Ok(Cow::Owned(out))
}

fn strict(input: &str, plus: bool) -> Result<Cow<'_, str>, DecodeError> {
    strict_with::<Fast>(input, plus)
}

fn strict_with<S: Scan>(input: &str, plus: bool) -> Result<Cow<'_, str>, DecodeError> {
    let src = input.as_bytes();
    let Some(first) = first_special::<S>(src, plus) else {
        return Ok(Cow::Borrowed(input));
    };
    let mut out = Vec::new();
    let decoded = if plus {
        engine::decode::<S, true>(src, first, &mut out)
    } else {
        engine::decode::<S, false>(src, first, &mut out)
    };
    match decoded.map(|()| crate::raw::utf8_string(out)) {
        Ok(Ok(text)) => Ok(Cow::Owned(text)),
        // A bad escape, or bytes that are not UTF-8: the scalar path says which, and where.
        Ok(Err(_)) | Err(engine::Invalid) => strict_scalar(input, plus),
    }
}

/// [`strict`] a byte at a time, validating the whole output at the end: the reference, and
/// what finds the error.
fn strict_scalar(input: &str, plus: bool) -> Result<Cow<'_, str>, DecodeError> {
    match bytes_scalar(input, plus)? {
        // The input is a `str`, so it is UTF-8 already.
        Cow::Borrowed(_) => Ok(Cow::Borrowed(input)),
        Cow::Owned(decoded) => String::from_utf8(decoded)
            .map(Cow::Owned)
            .map_err(|e| invalid_utf8(input, e.utf8_error().valid_up_to())),
    }
}

fn lossy(input: &str, plus: bool) -> Cow<'_, str> {
    if nothing_to_decode(input, plus) {
        return Cow::Borrowed(input);
    }
    let src = input.as_bytes();
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        let b = src[i];
        if b == b'%'
            && let (Some(hi), Some(lo)) = (
                src.get(i + 1).and_then(|&b| chars::hex_value(b)),
                src.get(i + 2).and_then(|&b| chars::hex_value(b)),
            )
        {
            out.push(hi << 4 | lo);
            i += 3;
        } else {
            out.push(if plus && b == b'+' { b' ' } else { b });
            i += 1;
        }
    }
    match String::from_utf8(out) {
        Ok(s) => Cow::Owned(s),
        Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    }
}

#[cfg(test)]
mod tests;
