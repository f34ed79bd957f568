//! What the conversions to and from `url::Url` and `http::Uri` share: [`ConversionError`],
//! and the rewrite of another parser's URL text into the strict form [`Url`] holds.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use urlkit_syntax::chars::{self, HEX_UPPER};
use urlkit_syntax::reference;

use crate::url::{ParseError, Url};

/// Why a [`Url`] could not become a `url::Url` or an `http::Uri`, or one of those a [`Url`].
///
/// The message names the target type and the fix; it never repeats the URL, which may hold
/// credentials or tokens.
///
/// # Examples
/// ```
/// # #[cfg(feature = "url")] {
/// use urlkit::{url, ConversionErrorKind};
///
/// let err = url::Url::try_from(url!("/users/7")).unwrap_err();
/// assert_eq!(err.kind(), &ConversionErrorKind::Relative);
/// assert_eq!(
///     err.to_string(),
///     "a relative reference cannot become a `url::Url`, which holds absolute URLs only; join it to a base first, e.g. with `url!(base, \"...\")`"
/// );
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionError {
    target: &'static str,
    kind: ConversionErrorKind,
}

/// What [`ConversionError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConversionErrorKind {
    /// The [`Url`] is a relative reference (`/users/7`, `?page=2`), and the target holds
    /// absolute URLs only (for `http::Uri`: a relative reference that does not start with
    /// a single `/`).
    Relative,
    /// The [`Url`] has a fragment, which an `http::Uri` cannot hold: HTTP request targets
    /// have none (RFC 9110 §4.2.4).
    Fragment,
    /// The [`Url`] has a scheme but no authority (`mailto:a@example.com`), which an
    /// `http::Uri` cannot hold.
    NoAuthority,
    /// The `http::Uri` is in authority form (`example.com:443`, the target of `CONNECT`) or is
    /// `*` (the target of a server-wide `OPTIONS`): a request target that is not a URL.
    NotAUrl,
    /// The other type's URL has no host and a path that starts with `//`, which RFC 3986
    /// would read as a host (WHATWG writes such a path `/.//p`, `scheme:/.//p`, and reads
    /// the `/.` as nothing; RFC 3986 has no way to write it).
    PathStartsWithDoubleSlash,
    /// The `http::Uri` holds a `\`, which [`Url::parse`] refuses too: WHATWG parsers and
    /// servers that normalize backslashes read it as `/`, and its RFC 3986 encoding `%5C`
    /// would keep it inside a path segment (`/public/..\admin` against `/public/..%5Cadmin`).
    /// (A `url::Url` has a `\` only where WHATWG reads it as the character, which `%5C` is.)
    Backslash,
    /// The other type's URL, rewritten in strict form (characters RFC 3986 does not allow
    /// percent-encoded), is still not one [`Url::parse`] accepts; the error says why.
    Invalid(ParseError),
    /// The other crate refused the URL text; its message is kept.
    Refused(String),
}

impl ConversionError {
    /// The error for a conversion to or from `target` (`"url::Url"`, `"http::Uri"`).
    pub(crate) fn new(target: &'static str, kind: ConversionErrorKind) -> Self {
        ConversionError { target, kind }
    }

    /// What went wrong.
    ///
    /// # Examples
    /// ```
    /// # #[cfg(feature = "http")] {
    /// use urlkit::{url, ConversionErrorKind};
    ///
    /// let err = http::Uri::try_from(url!("https://example.com/#top")).unwrap_err();
    /// assert_eq!(err.kind(), &ConversionErrorKind::Fragment);
    /// # }
    /// ```
    pub fn kind(&self) -> &ConversionErrorKind {
        &self.kind
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let target = self.target;
        match &self.kind {
            ConversionErrorKind::Relative if target == "http::Uri" => f.write_str(
                "this relative reference cannot become an `http::Uri`, which holds an absolute URL or a path starting with `/` (origin form); join it to a base first, e.g. with `url!(base, \"...\")`",
            ),
            ConversionErrorKind::Relative => write!(
                f,
                "a relative reference cannot become a `{target}`, which holds absolute URLs only; join it to a base first, e.g. with `url!(base, \"...\")`"
            ),
            ConversionErrorKind::Fragment => write!(
                f,
                "a URL with a fragment (`#...`) cannot become an `{target}`: HTTP request targets have none; remove the fragment"
            ),
            ConversionErrorKind::NoAuthority => write!(
                f,
                "a URL without an authority (`//host`) cannot become an `{target}`, which holds HTTP request targets"
            ),
            ConversionErrorKind::NotAUrl => write!(
                f,
                "this `{target}` is an authority-form (`host:port`) or `*` request target, not a URL; read its parts with `Uri::authority` instead"
            ),
            ConversionErrorKind::PathStartsWithDoubleSlash => write!(
                f,
                "this `{target}` has no host and a path starting with `//`, which RFC 3986 would read as a host; it has no RFC 3986 form"
            ),
            ConversionErrorKind::Backslash => write!(
                f,
                "this `{target}` holds `\\`, which WHATWG parsers and many servers read as `/` and RFC 3986 does not allow, so it has no one meaning; send `%5C` for the character itself"
            ),
            ConversionErrorKind::Invalid(error) => {
                write!(f, "this `{target}` is not a valid RFC 3986 URL: {error}")
            }
            ConversionErrorKind::Refused(reason) => {
                write!(f, "`{target}` refused the URL: {reason}")
            }
        }
    }
}

impl core::error::Error for ConversionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            ConversionErrorKind::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads the URL text of another parser (a WHATWG serialization, an `http::Uri`) as a [`Url`].
///
/// Those parsers keep some characters RFC 3986 does not allow: WHATWG writes `|`, `[`, `]`,
/// `^`, `\` and `` ` `` raw in paths, `{`, `}` and `|` raw in queries and fragments, a second
/// `#` raw in a fragment, and a `%` that starts no triplet as it is. Each is percent-encoded
/// here (a lone `%` becomes `%25`), the one representation RFC 3986 §2.1 gives them, so that
/// every component percent-decodes to the same octets as before (for a lone `%`, with the
/// URL Standard's lenient decoding, which keeps it). Nothing else changes; what is still not
/// a valid URL is refused with the grammar's message ([`ConversionErrorKind::Invalid`]), and
/// WHATWG's `/.//` path, which has no RFC 3986 form, with its own kind.
pub(crate) fn from_foreign(text: &str, target: &'static str) -> Result<Url, ConversionError> {
    let parts = reference::split(text);
    if parts.authority.is_none() && text[parts.path].starts_with("/.//") {
        return Err(ConversionError::new(
            target,
            ConversionErrorKind::PathStartsWithDoubleSlash,
        ));
    }
    let strict = strict_form(text);
    Url::parse(&strict)
        .map_err(|error| ConversionError::new(target, ConversionErrorKind::Invalid(error)))
}

/// [`from_foreign`]'s rewrite: each component's disallowed characters percent-encoded.
fn strict_form(text: &str) -> Cow<'_, str> {
    let parts = reference::split(text);
    let userinfo = parts.authority.and_then(|a| a.userinfo);
    let pieces = [
        userinfo.map(|r| (r, chars::USERINFO)),
        Some((parts.path, chars::PATH)),
        parts.query.map(|r| (r, chars::QUERY)),
        parts.fragment.map(|r| (r, chars::QUERY)),
    ];
    let needs = pieces
        .iter()
        .flatten()
        .any(|(range, allowed)| needs_encoding(&text[range.clone()], *allowed));
    if !needs {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    for (range, allowed) in pieces.into_iter().flatten() {
        out.push_str(&text[copied..range.start]);
        encode_disallowed(&text[range.clone()], allowed, &mut out);
        copied = range.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

fn needs_encoding(component: &str, allowed: u16) -> bool {
    let bytes = component.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        if b == b'%' {
            !chars::is_triplet(&bytes[i..])
        } else {
            !chars::is(b, allowed)
        }
    })
}

/// Appends `component` with every byte outside `allowed` (a [`chars`] class) as `%XX`; a
/// valid triplet is kept, a `%` that starts none becomes `%25`.
fn encode_disallowed(component: &str, allowed: u16, out: &mut String) {
    let bytes = component.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let keep = if b == b'%' {
            chars::is_triplet(&bytes[i..])
        } else {
            chars::is(b, allowed)
        };
        if keep {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX_UPPER[usize::from(b >> 4)]));
            out.push(char::from(HEX_UPPER[usize::from(b & 15)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::strict_form;

    #[test]
    fn only_what_rfc_3986_forbids_is_encoded() {
        for (whatwg, strict) in [
            (
                "https://h/a|b^c[d]`e\\f",
                "https://h/a%7Cb%5Ec%5Bd%5D%60e%5Cf",
            ),
            ("https://h/p?q={x}|y", "https://h/p?q=%7Bx%7D%7Cy"),
            ("https://h/p#a#b{", "https://h/p#a%23b%7B"),
            ("https://h/50%?a=%zz#%4", "https://h/50%25?a=%25zz#%254"),
            ("https://h/%41/a%2Fb?%7e", "https://h/%41/a%2Fb?%7e"),
            ("https://u%7C:p@h/", "https://u%7C:p@h/"),
            ("mailto:a b", "mailto:a%20b"),
            ("https://h/plain?q=1#f", "https://h/plain?q=1#f"),
        ] {
            assert_eq!(strict_form(whatwg), strict, "{whatwg}");
        }
    }
}
