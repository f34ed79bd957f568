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

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use urlkit_syntax::chars;
use urlkit_syntax::error::Escaped;

/// Why strict decoding failed, and where.
///
/// # Examples
/// ```
/// let err = urlkit::decode::component("term=%C4rzteblatt").unwrap_err();
/// assert_eq!(err.offset(), 5);
/// assert_eq!(
///     err.to_string(),
///     "`%C4` at byte 5 does not decode to UTF-8 (overlong, truncated or invalid sequence)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    offset: usize,
    kind: DecodeErrorKind,
}

/// What [`DecodeError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A `%` not followed by two hex digits; holds what follows it, up to two characters.
    BadEscape(String),
    /// `%uXXXX`; holds the escape and, when it names a character, that character's UTF-8
    /// percent-encoding.
    PercentU {
        /// The escape as written.
        escape: String,
        /// `%E2%82%AC` for `%u20AC`; `None` for a lone surrogate.
        utf8: Option<String>,
    },
    /// The decoded bytes starting here are not valid UTF-8; holds the input that encodes the
    /// first bad byte (`%C4`, or the byte itself when it was not escaped).
    InvalidUtf8(String),
}

impl DecodeError {
    /// The byte offset in the input where the problem starts.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::decode::component("ab%zz").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::decode::DecodeErrorKind;
    /// let err = urlkit::decode::component("%u20AC").unwrap_err();
    /// assert!(matches!(err.kind(), DecodeErrorKind::PercentU { .. }));
    /// ```
    pub fn kind(&self) -> &DecodeErrorKind {
        &self.kind
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match &self.kind {
            DecodeErrorKind::BadEscape(text) => write!(
                f,
                "invalid percent-escape `{text}` at byte {at}; `%` must be followed by two hex digits"
            ),
            DecodeErrorKind::PercentU {
                escape,
                utf8: Some(utf8),
            } => write!(
                f,
                "`{escape}` at byte {at} is not a URL escape; the UTF-8 form is `{utf8}`"
            ),
            DecodeErrorKind::PercentU { escape, utf8: None } => write!(
                f,
                "`{escape}` at byte {at} is not a URL escape, and a lone UTF-16 surrogate has no UTF-8 form"
            ),
            DecodeErrorKind::InvalidUtf8(text) => write!(
                f,
                "`{text}` at byte {at} does not decode to UTF-8 (overlong, truncated or invalid sequence)"
            ),
        }
    }
}

impl core::error::Error for DecodeError {}

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

/// Whether decoding changes nothing: no `%`, and no `+` when `plus` is a space.
fn nothing_to_decode(input: &str, plus: bool) -> bool {
    if plus {
        !input.bytes().any(|b| b == b'%' || b == b'+')
    } else {
        !input.contains('%')
    }
}

/// Decodes into bytes; `Err` at the first `%` without two hex digits.
fn bytes(input: &str, plus: bool) -> Result<Cow<'_, [u8]>, DecodeError> {
    if nothing_to_decode(input, plus) {
        return Ok(Cow::Borrowed(input.as_bytes()));
    }
    let src = input.as_bytes();
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        match src[i] {
            b'%' => {
                let (Some(hi), Some(lo)) = (
                    src.get(i + 1).and_then(|&b| chars::hex_value(b)),
                    src.get(i + 2).and_then(|&b| chars::hex_value(b)),
                ) else {
                    return Err(bad_escape(input, i));
                };
                out.push(hi << 4 | lo);
                i += 3;
            }
            b'+' if plus => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                // Copy the run up to the next byte that needs decoding in one go.
                let run = src[i..]
                    .iter()
                    .position(|&b| b == b'%' || (plus && b == b'+'))
                    .map_or(src.len(), |n| i + n);
                out.extend_from_slice(&src[i..run]);
                i = run;
            }
        }
    }
    Ok(Cow::Owned(out))
}

fn strict(input: &str, plus: bool) -> Result<Cow<'_, str>, DecodeError> {
    match bytes(input, plus)? {
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

#[cold]
fn bad_escape(input: &str, at: usize) -> DecodeError {
    let rest = &input.as_bytes()[at..];
    let unit = |from: usize| -> Option<u16> {
        let r = rest.get(from..from + 6)?;
        if r[0] != b'%' || !matches!(r[1], b'u' | b'U') {
            return None;
        }
        r[2..]
            .iter()
            .try_fold(0u16, |n, &b| Some(n * 16 + u16::from(chars::hex_value(b)?)))
    };
    if let Some(first) = unit(0) {
        let low = unit(6).filter(|u| (0xDC00..0xE000).contains(u));
        let (len, c) = match low {
            Some(low) if (0xD800..0xDC00).contains(&first) => (
                12,
                char::from_u32(
                    0x1_0000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(low) - 0xDC00),
                ),
            ),
            _ => (6, char::from_u32(u32::from(first))),
        };
        return DecodeError {
            offset: at,
            kind: DecodeErrorKind::PercentU {
                escape: String::from(&input[at..at + len]),
                utf8: c.map(|c| alloc::format!("{}", Escaped(c))),
            },
        };
    }
    let end = input[at + 1..]
        .char_indices()
        .nth(2)
        .map_or(input.len(), |(n, _)| at + 1 + n);
    DecodeError {
        offset: at,
        kind: DecodeErrorKind::BadEscape(String::from(&input[at..end])),
    }
}

/// Maps the index of the first bad byte of the decoded output back to the input.
#[cold]
fn invalid_utf8(input: &str, decoded_at: usize) -> DecodeError {
    let src = input.as_bytes();
    let (mut i, mut produced) = (0, 0);
    while produced < decoded_at && i < src.len() {
        i += if src[i] == b'%' { 3 } else { 1 };
        produced += 1;
    }
    // Each escape decodes to one byte, and so does every other input byte (`+` included).
    let len = if src.get(i) == Some(&b'%') { 3 } else { 1 };
    let text = input
        .get(i..i + len)
        .map_or_else(|| String::from(&input[i..]), String::from);
    DecodeError {
        offset: i,
        kind: DecodeErrorKind::InvalidUtf8(text),
    }
}

/// The `name=value` pairs of a query string or form body, form-decoded strictly; see
/// [`form_pairs`].
///
/// # Examples
/// ```
/// let pairs: Result<Vec<_>, _> = urlkit::decode::form_pairs("a=1&b=x+y").collect();
/// assert_eq!(pairs.unwrap(), [("a".into(), "1".into()), ("b".into(), "x y".into())]);
/// ```
#[derive(Clone, Debug)]
pub struct FormPairs<'a> {
    rest: &'a str,
    offset: usize,
}

/// Splits `input` on `&` (empty pieces skipped) and each piece at its first `=` (a piece
/// without one is a name with an empty value), then [`form`]-decodes both halves, as the
/// WHATWG `application/x-www-form-urlencoded` parser does. Errors carry offsets into `input`.
///
/// # Examples
/// ```
/// let mut pairs = urlkit::decode::form_pairs("q=caf%C3%A9&&flag&bad=%C4");
/// assert_eq!(pairs.next().unwrap().unwrap(), ("q".into(), "café".into()));
/// assert_eq!(pairs.next().unwrap().unwrap(), ("flag".into(), "".into()));
/// assert_eq!(pairs.next().unwrap().unwrap_err().offset(), 22);
/// ```
pub fn form_pairs(input: &str) -> FormPairs<'_> {
    FormPairs {
        rest: input,
        offset: 0,
    }
}

impl<'a> FormPairs<'a> {
    /// The next non-empty piece and its offset in the whole input.
    fn next_piece(&mut self) -> Option<(&'a str, usize)> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let end = self.rest.find('&').unwrap_or(self.rest.len());
            let piece = &self.rest[..end];
            let at = self.offset;
            let advance = (end + 1).min(self.rest.len());
            self.rest = &self.rest[advance..];
            self.offset += advance;
            if !piece.is_empty() {
                return Some((piece, at));
            }
        }
    }
}

fn split_pair(piece: &str) -> (&str, &str, usize) {
    match piece.find('=') {
        Some(eq) => (&piece[..eq], &piece[eq + 1..], eq + 1),
        None => (piece, "", piece.len()),
    }
}

impl<'a> Iterator for FormPairs<'a> {
    type Item = Result<(Cow<'a, str>, Cow<'a, str>), DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (piece, at) = self.next_piece()?;
        let (name, value, value_at) = split_pair(piece);
        let shift = |mut e: DecodeError, by: usize| {
            e.offset += by;
            e
        };
        Some(
            form(name)
                .map_err(|e| shift(e, at))
                .and_then(|n| Ok((n, form(value).map_err(|e| shift(e, at + value_at))?))),
        )
    }
}

/// [`form_pairs`] decoded with [`form_lossy`]: the WHATWG `URLSearchParams` behaviour.
///
/// # Examples
/// ```
/// let pairs: Vec<_> = urlkit::decode::form_pairs_lossy("%=a&b=%C2x").collect();
/// assert_eq!(pairs, [("%".into(), "a".into()), ("b".into(), "\u{FFFD}x".into())]);
/// ```
pub fn form_pairs_lossy(input: &str) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
    let mut pieces = form_pairs(input);
    core::iter::from_fn(move || {
        let (piece, _) = pieces.next_piece()?;
        let (name, value, _) = split_pair(piece);
        Some((form_lossy(name), form_lossy(value)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn offsets_point_at_the_culprit() {
        for (input, offset, message) in [
            (
                "ab%zz",
                2,
                "invalid percent-escape `%zz` at byte 2; `%` must be followed by two hex digits",
            ),
            (
                "ab%",
                2,
                "invalid percent-escape `%` at byte 2; `%` must be followed by two hex digits",
            ),
            (
                "a%2",
                1,
                "invalid percent-escape `%2` at byte 1; `%` must be followed by two hex digits",
            ),
            (
                "a%\u{e9}\u{e9}\u{e9}",
                1,
                "invalid percent-escape `%\u{e9}\u{e9}` at byte 1; `%` must be followed by two hex digits",
            ),
            (
                "x%u20AC",
                1,
                "`%u20AC` at byte 1 is not a URL escape; the UTF-8 form is `%E2%82%AC`",
            ),
            (
                "%uD83D%uDE00",
                0,
                "`%uD83D%uDE00` at byte 0 is not a URL escape; the UTF-8 form is `%F0%9F%98%80`",
            ),
            (
                "%uDE00",
                0,
                "`%uDE00` at byte 0 is not a URL escape, and a lone UTF-16 surrogate has no UTF-8 form",
            ),
            (
                "ok%C0%AF",
                2,
                "`%C0` at byte 2 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
            ),
            (
                "\u{e9}%E0%80%AE",
                2,
                "`%E0` at byte 2 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
            ),
            (
                "%ED%A0%80",
                0,
                "`%ED` at byte 0 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
            ),
            (
                "a%E2%82",
                1,
                "`%E2` at byte 1 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
            ),
            (
                "%41%42%FF",
                6,
                "`%FF` at byte 6 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
            ),
        ] {
            let err = component(input).unwrap_err();
            assert_eq!(
                (err.offset(), err.to_string().as_str()),
                (offset, message),
                "{input}"
            );
        }
    }

    #[test]
    fn borrows_when_nothing_changes() {
        assert!(matches!(component("a+b"), Ok(Cow::Borrowed("a+b"))));
        assert!(matches!(form("ab"), Ok(Cow::Borrowed("ab"))));
        assert!(matches!(form("a+b"), Ok(Cow::Owned(_))));
        assert!(matches!(component_lossy("ab"), Cow::Borrowed("ab")));
        assert!(matches!(component_bytes("ab"), Ok(Cow::Borrowed(b"ab"))));
    }

    #[test]
    fn lossy_keeps_bad_escapes() {
        for (input, output) in [
            ("%", "%"),
            ("%2sf%2a", "%2sf*"),
            ("%2%2af%2a", "%2*f*"),
            ("%%2a", "%*"),
            ("%C2x", "\u{FFFD}x"),
            ("%FE%FF", "\u{FFFD}\u{FFFD}"),
            ("%EF%BB%BF", "\u{FEFF}"),
        ] {
            assert_eq!(component_lossy(input), output, "{input}");
        }
    }
}
