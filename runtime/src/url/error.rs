//! [`ParseError`]: why [`Url::parse`](crate::Url::parse) rejected its input, and
//! [`ParseErrorKind`], which rule of the grammar the input broke.

use alloc::string::String;
use core::fmt;
use core::ops::Range;

use urlkit_syntax::error::ErrorKind as Syntax;

/// Why [`Url::parse`](crate::Url::parse) rejected its input, and where.
///
/// The message is the one `url!` gives at compile time for the same text; [`kind`](Self::kind)
/// says which rule was broken, for code that acts on it.
///
/// # Examples
/// ```
/// use urlkit::ParseErrorKind;
///
/// let err = urlkit::Url::parse("https://example.com/a b").unwrap_err();
/// assert_eq!(err.offset(), 21);
/// assert_eq!(err.kind(), &ParseErrorKind::InvalidCharacter);
/// assert_eq!(
///     err.to_string(),
///     "invalid character ` ` in the URL path; write `%20` (at byte 21)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    at: Range<usize>,
    kind: ParseErrorKind,
    message: String,
}

/// Which rule of the URL grammar a [`ParseError`] is about.
///
/// # Examples
/// ```
/// use urlkit::{ParseErrorKind, Url};
///
/// let kind = |text| Url::parse(text).unwrap_err().kind().clone();
/// assert_eq!(kind("https://example.com/%zz"), ParseErrorKind::InvalidEscape);
/// assert_eq!(kind("https://example.com:99999/"), ParseErrorKind::InvalidPort);
/// assert_eq!(kind("https://example.com/a/../b"), ParseErrorKind::InvalidPath);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that cannot stand raw where it is: space, controls, `"` `<` `>` `\` `^`
    /// `` ` `` `{` `|` `}`, a second `#`, `[` or `]` outside an IP literal, whitespace at the
    /// end, an invisible character, or a non-ASCII one (outside RFC 3987's ranges for
    /// `Url::parse_iri`; any for `Url::parse`).
    InvalidCharacter,
    /// `%` without two hex digits, the non-standard `%uXXXX`, or an escape in the host.
    InvalidEscape,
    /// An empty or malformed scheme, or a host written without its scheme (`www.example.com/a`,
    /// `localhost:8080`, `https//example.com`).
    InvalidScheme,
    /// A scheme whose URLs always have an authority (`http`, `https`, `ws`, `wss`, `ftp`,
    /// `file`) without `//`.
    MissingAuthority,
    /// The host: empty where the scheme needs one, non-ASCII, a malformed IP literal, a number
    /// that is not a dotted-decimal IPv4 address, an `xn--` label that is not valid punycode,
    /// userinfo or a port beside no host, or a relative reference whose `//` has no host
    /// after it (`///a`).
    InvalidHost,
    /// A port that is not digits, or over 65535. (An empty port, `https://example.com:/`,
    /// is valid: RFC 3986 §3.2.3 allows it, and [`Url::port`](crate::Url::port) is `None`.)
    InvalidPort,
    /// The path: a `.` or `..` segment every parser would remove, `//` starting a path with no
    /// authority, or `:` in the first segment of a relative path.
    InvalidPath,
}

impl ParseErrorKind {
    /// The class of a grammar error that is about URL text. Template errors are classed by
    /// `TemplateErrorKind`; one reaching here reads as a character that cannot stand there.
    pub(crate) fn of(kind: &Syntax) -> ParseErrorKind {
        match kind {
            Syntax::BadEscape { .. } | Syntax::PercentU { .. } | Syntax::EscapeInHost { .. } => {
                ParseErrorKind::InvalidEscape
            }
            Syntax::EmptyScheme
            | Syntax::BadScheme { .. }
            | Syntax::MissingColon { .. }
            | Syntax::MissingScheme { .. } => ParseErrorKind::InvalidScheme,
            Syntax::MissingAuthority { .. } => ParseErrorKind::MissingAuthority,
            Syntax::NonAsciiHost { .. }
            | Syntax::IdnaRefused { .. }
            | Syntax::EmptyHost { .. }
            | Syntax::OpenerBeforeHost { .. }
            | Syntax::EmptyAuthority
            | Syntax::HostMissing { .. }
            | Syntax::FileAuthority { .. }
            | Syntax::UnclosedIpLiteral { .. }
            | Syntax::BadIpLiteral { .. }
            | Syntax::UnbracketedIpv6 { .. }
            | Syntax::NumericHost { .. }
            | Syntax::BadPunycode { .. } => ParseErrorKind::InvalidHost,
            Syntax::BadPort { .. } | Syntax::PortTooLarge { .. } => ParseErrorKind::InvalidPort,
            Syntax::ColonInFirstSegment { .. }
            | Syntax::DoubleSlashPath
            | Syntax::DotSegment { .. } => ParseErrorKind::InvalidPath,
            _ => ParseErrorKind::InvalidCharacter,
        }
    }
}

impl ParseError {
    /// The error the grammar reports as `kind` about the bytes `at`: the one constructor.
    pub(crate) fn new(at: Range<usize>, kind: &Syntax) -> Self {
        ParseError {
            kind: ParseErrorKind::of(kind),
            message: alloc::format!("{kind}"),
            at,
        }
    }

    /// The same error about a text that starts `by` bytes into a larger one.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.at = self.at.start + by..self.at.end + by;
        self
    }

    /// The byte offset of the problem in the input.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h:99999/").unwrap_err().offset(), 9);
    /// ```
    pub fn offset(&self) -> usize {
        self.at.start
    }

    /// The input bytes the problem is about.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h:99999/").unwrap_err().span(), 9..14);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.at.clone()
    }

    /// Which rule of the grammar the input broke.
    ///
    /// # Examples
    /// ```
    /// use urlkit::ParseErrorKind;
    /// let err = urlkit::Url::parse("http://h:99999/").unwrap_err();
    /// assert_eq!(err.kind(), &ParseErrorKind::InvalidPort);
    /// ```
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at.start)
    }
}

impl core::error::Error for ParseError {}
