//! `http::Uri` (feature `http`): conversions both ways, for hyper, axum and every crate built
//! on the `http` types.

use alloc::string::ToString;

use super::{ConversionError, ConversionErrorKind, from_foreign};
use crate::url::Url;

const TARGET: &str = "http::Uri";

/// An HTTP request target from a [`Url`]: an absolute URL (`https://example.com/a?q`) becomes
/// an absolute-form `Uri`, a path reference starting with `/` (`/a?q`) an origin-form one.
///
/// Refused, each with its [`ConversionErrorKind`]:
/// - a fragment (`#top`): a `Uri` has none, and `http` would drop it without a word
///   ([`Fragment`](ConversionErrorKind::Fragment));
/// - a scheme without an authority (`mailto:a@example.com`)
///   ([`NoAuthority`](ConversionErrorKind::NoAuthority));
/// - any other relative reference (`users/7`, `?page=2`, `//host/path`)
///   ([`Relative`](ConversionErrorKind::Relative)), including `*`, which `Url::parse`
///   reads as a relative path and `http` as the asterisk form: build that one with
///   `Uri::from_static("*")`;
/// - an `IPvFuture` host, which `http` refuses ([`Refused`](ConversionErrorKind::Refused)).
///
/// # Examples
/// ```
/// use urlkit::url;
///
/// let id = 7;
/// let uri = http::Uri::try_from(url!("https://api.example.com/users/{id}?tab=repos")?)?;
/// assert_eq!((uri.host(), uri.path(), uri.query()), (Some("api.example.com"), "/users/7", Some("tab=repos")));
/// let origin_form = http::Uri::try_from(url!("/users/{id}")?)?;
/// assert_eq!(origin_form.path(), "/users/7");
/// assert!(http::Uri::try_from(url!("https://example.com/#top")).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<&Url> for http::Uri {
    type Error = ConversionError;

    fn try_from(url: &Url) -> Result<http::Uri, ConversionError> {
        let refuse = |kind| Err(ConversionError::new(TARGET, kind));
        if url.fragment().is_some() {
            return refuse(ConversionErrorKind::Fragment);
        }
        match (url.scheme(), url.authority()) {
            (Some(_), None) => return refuse(ConversionErrorKind::NoAuthority),
            (None, Some(_)) => return refuse(ConversionErrorKind::Relative),
            (None, None) if !url.path().starts_with('/') => {
                return refuse(ConversionErrorKind::Relative);
            }
            _ => {}
        }
        http::Uri::try_from(url.as_str()).map_err(|error| {
            ConversionError::new(TARGET, ConversionErrorKind::Refused(error.to_string()))
        })
    }
}

/// The same as the conversion from `&Url`, above.
///
/// # Examples
/// ```
/// let uri = http::Uri::try_from(urlkit::url!("/search?q=a%20b"))?;
/// assert_eq!(uri, "/search?q=a%20b");
/// # Ok::<(), urlkit::ConversionError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<Url> for http::Uri {
    type Error = ConversionError;

    fn try_from(url: Url) -> Result<http::Uri, ConversionError> {
        http::Uri::try_from(&url)
    }
}

/// A [`Url`] from an HTTP request target: an absolute-form `Uri` becomes an absolute URL, an
/// origin-form one (`/a?q`, what a server sees in most requests) a relative reference.
///
/// `http` lets through characters RFC 3986 does not allow (`"`, `{`, `}`, `|`, `^`,
/// `` ` ``, non-ASCII UTF-8 in the path and query, a `%` that starts no `%XX`); they
/// are **percent-encoded**, as for a `url::Url` and for the same reason: it is their only
/// RFC 3986 form, and each component percent-decodes to the same octets. Text that is still
/// not a valid URL is refused with the message of [`Url::parse`]
/// ([`Invalid`](ConversionErrorKind::Invalid)).
///
/// A `\` anywhere is refused ([`Backslash`](ConversionErrorKind::Backslash)), as
/// [`Url::parse`] refuses it: WHATWG parsers, and servers that normalize backslashes, read
/// it as `/` (`/public/..\admin` is `/admin` to them), where its encoding `%5C` would keep
/// it inside a segment (`/public/..%5Cadmin`), so no RFC 3986 form means what it means.
///
/// `http` reads an empty path after an authority as `/` (`Uri::path`, and the text it writes
/// back), so `foo://h` becomes `foo://h/`: the same URL for `http` and `https` (RFC 9110
/// §4.2.3), and for another scheme the one the `Uri` holds, which no longer tells the two
/// apart.
///
/// An origin-form target whose path starts with `//` is refused
/// ([`PathStartsWithDoubleSlash`](ConversionErrorKind::PathStartsWithDoubleSlash)): as a URL
/// reference, what follows `//` would be a host.
///
/// An authority-form `Uri` (`example.com:443`, the target of `CONNECT`) and `*` (the target
/// of a server-wide `OPTIONS`) are request targets that are not URLs: both are refused
/// ([`NotAUrl`](ConversionErrorKind::NotAUrl)); read them with `Uri::authority` and
/// `Uri::path`.
///
/// # Examples
/// ```
/// use urlkit::Url;
///
/// let target: http::Uri = "/search?q={rust}".parse()?;
/// assert_eq!(Url::try_from(target)?, "/search?q=%7Brust%7D");
/// let absolute: http::Uri = "https://example.com/a".parse()?;
/// assert_eq!(Url::try_from(&absolute)?.host(), Some("example.com"));
/// assert!(Url::try_from(http::Uri::from_static("example.com:443")).is_err());
/// let other_scheme: http::Uri = "foo://h".parse()?;
/// assert_eq!((other_scheme.path(), Url::try_from(&other_scheme)?.as_str()), ("/", "foo://h/"));
/// let backslash: http::Uri = "http://a.example/public/..\\admin".parse()?;
/// assert_eq!(Url::try_from(&backslash).unwrap_err().kind(), &urlkit::ConversionErrorKind::Backslash);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<&http::Uri> for Url {
    type Error = ConversionError;

    fn try_from(uri: &http::Uri) -> Result<Url, ConversionError> {
        let authority_form = uri.scheme().is_none() && uri.authority().is_some();
        let asterisk = uri.scheme().is_none() && uri.path() == "*";
        if authority_form || asterisk {
            return Err(ConversionError::new(TARGET, ConversionErrorKind::NotAUrl));
        }
        // `//a` as a request target is a path; as a URL, `a` would be the host.
        if uri.scheme().is_none() && uri.path().starts_with("//") {
            return Err(ConversionError::new(
                TARGET,
                ConversionErrorKind::PathStartsWithDoubleSlash,
            ));
        }
        let text = uri.to_string();
        if text.contains('\\') {
            return Err(ConversionError::new(TARGET, ConversionErrorKind::Backslash));
        }
        from_foreign(&text, TARGET)
    }
}

/// The same as the conversion from `&http::Uri`, above.
///
/// # Examples
/// ```
/// let url = urlkit::Url::try_from(http::Uri::from_static("/users/7"))?;
/// assert_eq!(url.path(), "/users/7");
/// # Ok::<(), urlkit::ConversionError>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<http::Uri> for Url {
    type Error = ConversionError;

    fn try_from(uri: http::Uri) -> Result<Url, ConversionError> {
        Url::try_from(&uri)
    }
}
