//! [`Url`]: one owned, always-valid URL type for literals, templates and parsed text.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use urlkit_syntax::error::{Component, ErrorKind, Errors};
use urlkit_syntax::reference::{self, Options};

mod edit;
pub(crate) mod error;
mod iri_host;
mod lenient;
mod normalize;
mod parts;
mod resolve;

pub use self::edit::{Edit, EditError, EditErrorKind};
pub use self::error::{ParseError, ParseErrorKind};
pub use self::lenient::{Lenient, LenientBase, LenientError, LenientErrorKind, Repair, RepairKind};
pub use self::parts::PathSegments;
pub use self::resolve::{ResolveError, ResolveErrorKind};

/// A URI reference that is valid by construction: an absolute URL (`https://example.com/a`)
/// or a relative one (`/a?b`, `../c`, `#top`).
///
/// Every `Url` holds text that [`Url::parse`] accepts: the strict RFC 3986 grammar that
/// `url!` checks at compile time, with percent-triplets in uppercase hex. It is printable
/// ASCII. The text is a `Cow<'static, str>`, so a `url!` literal costs nothing at run time
/// and can be a `const`.
///
/// Component accessors find their component when called (a scan of the text, no
/// allocation); decoding accessors decode strictly and say where decoding failed.
///
/// # Reading it back with WHATWG parsers
///
/// Whatever a `Url` holds, a WHATWG parser (the `url` crate, browsers) reads as the same URL.
/// The only differences are the normalizations the URL Standard applies to valid RFC 3986
/// text: the scheme in lowercase, and the host of a special scheme (`http`, `https`, `ws`,
/// `wss`, `ftp`, `file`); an IPv6 address in its canonical form; `file://localhost/` as
/// `file:///`, and no host rather than an empty one in `file:///p`; the port as a plain number,
/// the default port dropped, and the `:` of an empty port; empty userinfo parts dropped; `/`
/// for the empty path of a special URL; and a few characters RFC 3986 allows raw, percent-encoded (`'` in a special
/// URL's query, `;` `=` and the other sub-delimiters in userinfo). `Url` writes triplet hex in
/// uppercase, as RFC 3986 §6.2.2.1 recommends. Two exceptions: an `IPvFuture` host
/// (`[v1.x]`), which RFC 3986 allows and WHATWG parsers reject, and a network-path reference
/// with an empty host (`///a`), whose meaning depends on the base.
///
/// The tests check this on every WPT `urltestdata.json` case without a base
/// (`tests/tests/whatwg/wpt_urltestdata.rs`), on generated URLs (a property test), and on each
/// `url!` literal of `tests/tests/url/url_literal.rs`, component by component.
///
/// # Examples
/// ```
/// use urlkit::Url;
///
/// let url = Url::parse("https://user@example.com:8443/a/b%20c?x=1&y=two+words#top")?;
/// assert_eq!(url.scheme(), Some("https"));
/// assert_eq!(url.authority(), Some("user@example.com:8443"));
/// assert_eq!(url.userinfo(), Some("user"));
/// assert_eq!(url.host(), Some("example.com"));
/// assert_eq!(url.port(), Some(8443));
/// assert_eq!(url.path(), "/a/b%20c");
/// assert_eq!(url.query(), Some("x=1&y=two+words"));
/// assert_eq!(url.fragment(), Some("top"));
/// let segments: Vec<_> = url.path_segments().collect::<Result<_, _>>()?;
/// assert_eq!(segments, ["a", "b c"]);
/// let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>()?;
/// assert_eq!(pairs, [("x".into(), "1".into()), ("y".into(), "two words".into())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Url {
    text: Cow<'static, str>,
}

impl Url {
    /// Checks `input` against the strict RFC 3986 grammar `url!` uses and keeps it, with
    /// percent-triplets in uppercase hex (RFC 3986 §6.2.2.1) and nothing else changed.
    ///
    /// Rejected, with the byte offset and the message `url!` gives: what `url!` rejects in a
    /// literal ([the table](macro@crate::url#rejected-at-compile-time)), and besides any
    /// non-ASCII character (see [`Url::parse_iri`]) and `{` `}` (no placeholders here).
    /// Everything else of RFC 3986's grammar is accepted, the empty port (`port = *DIGIT`)
    /// included: a test generates references from the RFC's ABNF (Appendix A) and checks that
    /// each is accepted unless a rule of the table applies. For text that is not valid (an
    /// `href` as browsers read it), see [`Url::parse_lenient`].
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com/%2f")?.as_str(), "https://example.com/%2F");
    /// assert!(Url::parse("https://example.com/%zz").is_err());
    /// assert!(Url::parse("http://h/a/../b").is_err());
    /// assert_eq!(Url::parse("../up")?.path(), "../up");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        Self::parse_with(
            input,
            Options {
                iri: false,
                joined: false,
            },
        )
    }

    /// Like [`Url::parse`], but also accepts an IRI (RFC 3987): non-ASCII characters outside
    /// the host are percent-encoded as UTF-8, as `url!` does with literals. Invisible
    /// characters (no-break and other Unicode spaces, zero-width spaces, bidi controls) are
    /// rejected all the same: in practice they were pasted by accident.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse_iri("https://example.com/café?q=ä")?;
    /// assert_eq!(url.as_str(), "https://example.com/caf%C3%A9?q=%C3%A4");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    ///
    /// A non-ASCII host needs the `idna` feature, which converts it as browsers do: the URL
    /// Standard's "domain to ASCII" (UTS #46) through the `idna` crate, then checked as any
    /// host; the characters of such a host, invisible ones included, are UTS #46's to judge
    /// (it drops a soft hyphen, refuses a misplaced zero-width joiner). An ASCII host is kept
    /// as written, with or without the feature. Without it, a non-ASCII host is an error whose
    /// message gives the ASCII form when it can be computed without Unicode tables.
    ///
    /// The feature converts only the host of a special scheme (`http`, `https`, `ws`, `wss`,
    /// `ftp`, and `file`, whose host the URL Standard converts the same way). To a WHATWG
    /// parser any other scheme's host is opaque: `foo://éx/` has the host `%C3%A9x`, not the
    /// IDNA form `xn--x-9ia`, and urlkit holds no percent-escape in a host, so such a host is
    /// refused with or without the feature, as is the host of a relative reference
    /// (`//éx/`), which is either kind by its base:
    ///
    /// ```
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(urlkit::Url::parse_iri("https://Bücher.example/")?, "https://xn--bcher-kva.example/");
    /// # #[cfg(not(feature = "idna"))]
    /// assert!(urlkit::Url::parse_iri("https://bücher.example/").is_err());
    /// assert!(urlkit::Url::parse_iri("foo://bücher.example/").is_err());
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn parse_iri(input: &str) -> Result<Url, ParseError> {
        Self::parse_with(
            input,
            Options {
                iri: true,
                joined: false,
            },
        )
    }

    fn parse_with(input: &str, options: Options) -> Result<Url, ParseError> {
        let mut errors = Errors::new();
        let parts = reference::parse(input, &[], options, &mut errors);
        let errors = errors.into_vec();
        // A non-ASCII host, which the feature converts (a literal needs its ASCII form): only
        // under a special scheme, whose hosts a WHATWG parser converts with UTS #46 ("host
        // parsing" with `isOpaque` false; `file` included). Any other scheme's host is an
        // opaque host to it, kept as percent-encoded UTF-8, which is not the IDNA form; and
        // a relative reference's host is either, by its base. Those stay refused, as they
        // are without the feature.
        if cfg!(feature = "idna")
            && options.iri
            && parts
                .scheme
                .is_some_and(|scheme| urlkit_syntax::scheme::is_special(&input[scheme]))
            && errors.iter().any(|e| {
                matches!(
                    e.kind,
                    ErrorKind::NonAsciiHost { .. }
                        | ErrorKind::Invisible {
                            component: Component::Host,
                            ..
                        }
                )
            })
        {
            let text = iri_host::parse_iri(input, errors)?;
            return Ok(Self::normalized(&text));
        }
        if let Some(first) = errors.into_iter().next() {
            return Err(ParseError::new(first.at, &first.kind));
        }
        Ok(Self::normalized(input))
    }

    /// Checked text, normalized.
    fn normalized(input: &str) -> Url {
        let mut text = String::with_capacity(input.len());
        urlkit_syntax::to_uri::push_uri(input, &mut text);
        Url {
            text: Cow::Owned(text),
        }
    }

    /// Wraps text that is already known to be a valid, normalized URL. For the code `url!`
    /// generates, which checked it at compile time.
    #[doc(hidden)]
    pub const fn __from_static(text: &'static str) -> Url {
        Url {
            text: Cow::Borrowed(text),
        }
    }

    /// Wraps text built by the runtime from checked template text and encoded values.
    pub(crate) fn from_built(text: String) -> Url {
        Url {
            text: Cow::Owned(text),
        }
    }

    /// The URL text.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("https://example.com/")?.as_str(), "https://example.com/");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The URL text as an owned `String` (no copy for a parsed or built URL).
    ///
    /// # Examples
    /// ```
    /// let s: String = urlkit::Url::parse("/a")?.into_string();
    /// assert_eq!(s, "/a");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[inline]
    pub fn into_string(self) -> String {
        self.text.into_owned()
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.text.as_ref()).finish()
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.into_string()
    }
}

impl FromStr for Url {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl PartialEq<str> for Url {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Url {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Url> for str {
    fn eq(&self, other: &Url) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Url> for &str {
    fn eq(&self, other: &Url) -> bool {
        *self == other.as_str()
    }
}
