//! [`LenientError`]: why [`Url::parse_lenient`](crate::Url::parse_lenient) refused its input.

use core::fmt;
use core::ops::Range;

use crate::url::ParseErrorKind;

/// Why [`Url::parse_lenient`](crate::Url::parse_lenient) or
/// [`Url::resolve_lenient`](crate::Url::resolve_lenient) refused its input, and where.
///
/// Refused: what the URL Standard's parser fails on (a relative reference without a base, an
/// invalid host or port), and the few URLs it reads that no RFC 3986 text can spell
/// ([`LenientErrorKind::Unrepresentable`]). The message names the rule, never the text (a
/// URL can hold a secret).
///
/// # Examples
/// ```
/// use urlkit::{LenientErrorKind, Url};
///
/// let err = Url::parse_lenient("https://exa mple.com/").unwrap_err();
/// assert_eq!(err.kind(), LenientErrorKind::InvalidHost);
/// assert_eq!(err.span(), 8..20);
/// assert_eq!(
///     err.to_string(),
///     "the host is not valid: the URL Standard's host parser fails on it (a character such as a space, `<` or `^`, an empty host, or a malformed IP address) (at byte 8)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LenientError {
    kind: LenientErrorKind,
    at: Range<usize>,
}

/// What [`LenientError`] is about.
///
/// # Examples
/// ```
/// use urlkit::{LenientErrorKind, ParseErrorKind, Url};
///
/// let kind = |text| Url::parse_lenient(text).unwrap_err().kind();
/// assert_eq!(kind("www.example.com/a"), LenientErrorKind::MissingScheme);
/// assert_eq!(kind("http://exa^mple.com/"), LenientErrorKind::InvalidHost);
/// assert_eq!(kind("localhost:8080"), LenientErrorKind::Unrepresentable(ParseErrorKind::InvalidScheme));
/// assert_eq!(kind("sc://a%20b/"), LenientErrorKind::Unrepresentable(ParseErrorKind::InvalidEscape));
/// # #[cfg(not(feature = "idna"))]
/// assert_eq!(kind("https://bücher.example/"), LenientErrorKind::IdnaRequired);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LenientErrorKind {
    /// No scheme, and no base to resolve against (`Url::parse_lenient("/a")`), or a base with
    /// an opaque path (`mailto:x`), which only a `#fragment` resolves against ("no scheme
    /// state").
    MissingScheme,
    /// The base of [`Url::resolve_lenient`](crate::Url::resolve_lenient) is not an absolute
    /// URL the URL Standard reads (it has no scheme, or an `IPvFuture` host). No byte of the
    /// input is at fault: the span is empty.
    InvalidBase,
    /// The host: empty where the scheme needs one or after userinfo, a forbidden code point,
    /// an IPv6 address or a number that is not an address, percent-escapes that are not
    /// UTF-8, or a name UTS #46 refuses ("host parsing").
    InvalidHost,
    /// A non-ASCII host (after decoding its escapes) of a special URL, without the `idna`
    /// feature: converting it needs the Unicode tables of UTS #46, which the feature brings.
    IdnaRequired,
    /// A port with something other than digits, or over 65535 ("port state").
    InvalidPort,
    /// The URL Standard reads the input, but no strict RFC 3986 [`Url`](crate::Url) can hold
    /// what it reads; the field is the rule of [`Url::parse`](crate::Url::parse) that the
    /// text would break. The cases: a host that keeps a percent-escape or a character RFC
    /// 3986 does not allow in a host (the opaque host of a non-special URL, `sc://ñ` or
    /// `sc://a%20b`; a domain with `"`, `` ` ``, `{` or `}`) or that is a number but not
    /// an IPv4 address (`sc://0x7f.1`); an `xn--` label that is not punycode (the URL
    /// Standard keeps an ASCII domain as it is); a path without a host that starts with an
    /// empty segment (`sc:/.//p`, which the URL Standard writes with a `/.` that holds a
    /// dot segment); a dot segment in an opaque path (`sc:../x`); and a URL whose scheme and
    /// path read as a host and port typed without a scheme (`localhost:8080`).
    Unrepresentable(ParseErrorKind),
}

/// A refusal, at bytes of the parser's (cleaned) input; mapped to the caller's input at the
/// end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Failure {
    pub(super) kind: LenientErrorKind,
    pub(super) at: Range<usize>,
}

impl Failure {
    pub(super) fn new(kind: LenientErrorKind, at: Range<usize>) -> Self {
        Failure { kind, at }
    }

    pub(super) fn into_error(self, map: impl Fn(Range<usize>) -> Range<usize>) -> LenientError {
        LenientError {
            kind: self.kind,
            at: map(self.at),
        }
    }
}

impl LenientError {
    /// The base of `resolve_lenient` is not one the URL Standard reads; no input byte is at
    /// fault.
    pub(super) fn invalid_base() -> Self {
        LenientError {
            kind: LenientErrorKind::InvalidBase,
            at: 0..0,
        }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{LenientErrorKind, Url};
    ///
    /// let kind = |text| Url::parse_lenient(text).unwrap_err().kind();
    /// assert_eq!(kind("/relative/path"), LenientErrorKind::MissingScheme);
    /// assert_eq!(kind("https://example.com:99999/"), LenientErrorKind::InvalidPort);
    /// assert_eq!(kind("https://[::1/"), LenientErrorKind::InvalidHost);
    /// ```
    pub fn kind(&self) -> LenientErrorKind {
        self.kind
    }

    /// The byte offset of the problem in the input.
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Url::parse_lenient("http://h:8x/").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// ```
    pub fn offset(&self) -> usize {
        self.at.start
    }

    /// The bytes of the input the problem is about.
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Url::parse_lenient("http://h:8x/").unwrap_err();
    /// assert_eq!(err.span(), 9..11);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.at.clone()
    }
}

impl fmt::Display for LenientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            LenientErrorKind::MissingScheme => f.write_str(
                "the URL has no scheme; parse it with `Url::resolve_lenient` against the URL of the page it comes from (a base whose path is opaque, such as `mailto:x`, resolves only `#fragment`)",
            )?,
            LenientErrorKind::InvalidBase => f.write_str(
                "the base is not an absolute URL the URL Standard reads: it needs a scheme, and no `IPvFuture` host",
            )?,
            LenientErrorKind::InvalidHost => f.write_str(
                "the host is not valid: the URL Standard's host parser fails on it (a character such as a space, `<` or `^`, an empty host, or a malformed IP address)",
            )?,
            LenientErrorKind::IdnaRequired => f.write_str(
                "the host has non-ASCII characters; enable urlkit's `idna` feature to convert it to its ASCII form as browsers do",
            )?,
            LenientErrorKind::InvalidPort => f.write_str(
                "the port is not valid: write digits only, for a number up to 65535",
            )?,
            LenientErrorKind::Unrepresentable(rule) => {
                f.write_str("the URL Standard reads this URL, but no RFC 3986 URL spells what it reads: ")?;
                f.write_str(match rule {
                    ParseErrorKind::InvalidHost
                    | ParseErrorKind::InvalidEscape
                    | ParseErrorKind::InvalidCharacter => {
                        "its host keeps a percent-escape, a character RFC 3986 does not allow in a host, a number that is not an IPv4 address, or an `xn--` label that is not punycode"
                    }
                    ParseErrorKind::InvalidPath => {
                        "its path holds a dot segment the URL Standard keeps, or starts with `//` without a host"
                    }
                    ParseErrorKind::InvalidScheme => {
                        "its scheme and path read as a host and a port typed without a scheme"
                    }
                    _ => "it breaks a rule of the strict grammar",
                })?;
            }
        }
        write!(f, " (at byte {})", self.at.start)
    }
}

impl core::error::Error for LenientError {}
