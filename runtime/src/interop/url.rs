//! `url::Url` (feature `url`): conversions both ways, and a `url::Url` as the base of
//! `url!(base, "...")`.

use alloc::borrow::Cow;
use alloc::string::ToString;

use super::{ConversionError, ConversionErrorKind, from_foreign};
use crate::error::{ExpandError, ExpandErrorKind};
use crate::url::Url;
use crate::value::Base;

const TARGET: &str = "url::Url";

/// Reads the URL with the `url` crate (a WHATWG parser), for the crates that take a
/// `url::Url` (reqwest, for one).
///
/// A relative reference is an error ([`ConversionErrorKind::Relative`]): a `url::Url` is
/// always absolute, so join the reference to a base first. The text of every absolute `Url`
/// reads back as the same URL, up to the WHATWG normalizations [`Url`](crate::Url#reading-it-back-with-whatwg-parsers)
/// lists (a lowercase scheme and host, the default port dropped, `/` for an empty path); the one
/// absolute `Url` the `url` crate refuses has an `IPvFuture` host (`[v1.x]`), which RFC 3986
/// allows and WHATWG does not ([`ConversionErrorKind::Refused`]).
///
/// # Examples
/// ```
/// use urlkit::url;
///
/// let id = 7;
/// let built = url!("https://api.example.com/users/{id}?tab=repos")?;
/// let for_reqwest = url::Url::try_from(&built)?;
/// assert_eq!(for_reqwest.path(), "/users/7");
/// assert!(url::Url::try_from(url!("/users/7")).is_err()); // relative: no base to resolve against
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl TryFrom<&Url> for url::Url {
    type Error = ConversionError;

    fn try_from(url: &Url) -> Result<url::Url, ConversionError> {
        if url.scheme().is_none() {
            return Err(ConversionError::new(TARGET, ConversionErrorKind::Relative));
        }
        url::Url::parse(url.as_str()).map_err(|error| {
            ConversionError::new(TARGET, ConversionErrorKind::Refused(error.to_string()))
        })
    }
}

/// The same as the conversion from `&Url`, above.
///
/// # Examples
/// ```
/// let url = url::Url::try_from(urlkit::url!("https://example.com/a%20b"))?;
/// assert_eq!(url.as_str(), "https://example.com/a%20b");
/// # Ok::<(), urlkit::ConversionError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl TryFrom<Url> for url::Url {
    type Error = ConversionError;

    fn try_from(url: Url) -> Result<url::Url, ConversionError> {
        url::Url::try_from(&url)
    }
}

/// Takes a `url::Url` (from configuration, from a response's `Location`) as a [`Url`].
///
/// The WHATWG serialization may hold characters RFC 3986 does not allow, which `Url` never
/// holds: `|`, `[`, `]`, `^`, `\` and `` ` `` in a path, `{`, `}` and `|` in a query or a
/// fragment, a second `#` in a fragment, a `%` that starts no `%XX`. They are
/// **percent-encoded**, not refused: encoding is the representation RFC 3986 §2.1 gives
/// them, and every component still percent-decodes to the same octets (a lone `%` is kept by
/// the URL Standard's decoding, and `%25` decodes to it). Rejecting them would make URLs
/// that browsers accept unusable here for no gain. Nothing else is rewritten.
///
/// What is refused: a URL without a host whose path starts with `//` (WHATWG writes it
/// `scheme:/.//path`; RFC 3986 has no form for it:
/// [`PathStartsWithDoubleSlash`](ConversionErrorKind::PathStartsWithDoubleSlash)), and hosts
/// that [`Url::parse`] does not accept, with its message
/// ([`Invalid`](ConversionErrorKind::Invalid)): a host with `"`, `` ` ``, `{` or `}` (WHATWG
/// allows them, RFC 3986 does not), and a non-special URL's host with a `%XX` (RFC 3986
/// allows it, but WHATWG decodes it in special URLs, so `Url` never holds one). Of the 609
/// URLs of the WPT `urltestdata.json` cases that the `url` crate accepts, 28 are refused
/// this way; the others convert, and read back through `url::Url` with every component
/// decoding to the same bytes (`tests/tests/interop_url.rs`).
///
/// # Examples
/// ```
/// use urlkit::Url;
///
/// let whatwg = url::Url::parse("https://example.com/a|b?q={x}")?;
/// let url = Url::try_from(whatwg)?;
/// assert_eq!(url, "https://example.com/a%7Cb?q=%7Bx%7D");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl TryFrom<url::Url> for Url {
    type Error = ConversionError;

    fn try_from(url: url::Url) -> Result<Url, ConversionError> {
        Url::try_from(&url)
    }
}

/// The same as the conversion from `url::Url`, above.
///
/// # Examples
/// ```
/// let whatwg = url::Url::parse("https://example.com/a b")?;
/// assert_eq!(urlkit::Url::try_from(&whatwg)?, "https://example.com/a%20b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl TryFrom<&url::Url> for Url {
    type Error = ConversionError;

    fn try_from(url: &url::Url) -> Result<Url, ConversionError> {
        from_foreign(url.as_str(), TARGET)
    }
}

/// A `url::Url` as the base of `url!(base, "relative")`, converted as `Url::try_from` does
/// (one allocation). A base
/// that has no RFC 3986 form makes the template return
/// [`ExpandErrorKind::UnrepresentableBase`].
///
/// # Examples
/// ```
/// use urlkit::url;
///
/// let api = url::Url::parse("https://api.example.com/v1/")?;
/// let id = 42;
/// assert_eq!(url!(api, "users/{id}")?, "https://api.example.com/v1/users/42");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
impl Base for url::Url {
    fn base_url(&self) -> Result<Cow<'_, Url>, ExpandError> {
        Url::try_from(self)
            .map(Cow::Owned)
            .map_err(|_| ExpandError::new("", ExpandErrorKind::UnrepresentableBase))
    }
}
