//! [`DecodeError`]: what strict decoding found wrong, where, and what it says about it.

use alloc::string::String;
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
    pub(super) offset: usize,
    pub(super) kind: DecodeErrorKind,
}

/// What [`DecodeError`] is about.
///
/// # Examples
/// ```
/// use urlkit::decode::{self, DecodeErrorKind};
///
/// let kind = |s| decode::component(s).unwrap_err().kind().clone();
/// assert_eq!(kind("%zz"), DecodeErrorKind::BadEscape("%zz".into()));
/// assert_eq!(kind("%C4"), DecodeErrorKind::InvalidUtf8("%C4".into()));
/// assert_eq!(
///     kind("%u00C4"),
///     DecodeErrorKind::PercentU { escape: "%u00C4".into(), utf8: Some("%C3%84".into()) }
/// );
/// ```
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

impl DecodeError {
    /// The same error about a slice that starts `by` bytes into a larger text.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
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

#[cold]
pub(super) fn bad_escape(input: &str, at: usize) -> DecodeError {
    if let Some((len, c)) = chars::percent_u(&input.as_bytes()[at..]) {
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
pub(super) fn invalid_utf8(input: &str, decoded_at: usize) -> DecodeError {
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
