//! [`Url`]: one owned, always-valid URL type for literals, templates and parsed text.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use urlkit_syntax::error::Errors;
#[cfg(feature = "idna")]
use urlkit_syntax::error::{Component, ErrorKind};
use urlkit_syntax::reference::{self, Options};

use crate::decode::{self, DecodeError, FormPairs};

pub(crate) mod error;
mod normalize;
mod resolve;

pub use self::error::{ParseError, ParseErrorKind};
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
/// and the default port dropped; empty userinfo parts dropped; `/` for the empty path of a
/// special URL; and a few characters RFC 3986 allows raw, percent-encoded (`'` in a special
/// URL's query, `;` `=` and the other sub-delimiters in userinfo). `Url` writes triplet hex in
/// uppercase, as RFC 3986 §6.2.2.1 recommends. Two exceptions: an `IPvFuture` host
/// (`[v1.x]`), which RFC 3986 allows and WHATWG parsers reject, and a network-path reference
/// with an empty host (`///a`), whose meaning depends on the base.
///
/// The tests check this on every WPT `urltestdata.json` case without a base
/// (`tests/tests/wpt_urltestdata.rs`), on generated URLs (a property test), and on each
/// `url!` literal of `tests/tests/url_literal.rs`, component by component.
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
    /// message gives the ASCII form when it can be computed without Unicode tables:
    ///
    /// ```
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(urlkit::Url::parse_iri("https://Bücher.example/")?, "https://xn--bcher-kva.example/");
    /// # #[cfg(not(feature = "idna"))]
    /// assert!(urlkit::Url::parse_iri("https://bücher.example/").is_err());
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
        reference::parse(input, &[], options, &mut errors);
        let errors = errors.into_vec();
        // A non-ASCII host, which the feature converts (a literal needs its ASCII form).
        #[cfg(feature = "idna")]
        if options.iri
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
            let text = crate::interop::idna::parse_iri(input, errors)?;
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
        urlkit_syntax::normalize::normalize_into(input, &mut text);
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

    fn get(&self, range: Option<Range<usize>>) -> Option<&str> {
        range.map(|r| &self.text[r])
    }

    /// The scheme, as written (`https`), or `None` for a relative reference.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("HTTPS://h/")?.scheme(), Some("HTTPS"));
    /// assert_eq!(urlkit::Url::parse("/a")?.scheme(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.get(reference::split(&self.text).scheme)
    }

    /// Everything between `//` and the path: `user@host:port`.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("//h:1/p")?.authority(), Some("h:1"));
    /// assert_eq!(urlkit::Url::parse("mailto:a@b")?.authority(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn authority(&self) -> Option<&str> {
        self.get(
            reference::split(&self.text)
                .authority
                .map(|a| authority_span(&a)),
        )
    }

    /// The userinfo before `@`, still percent-encoded.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("ftp://anon:x@h/")?.userinfo(), Some("anon:x"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn userinfo(&self) -> Option<&str> {
        self.get(
            reference::split(&self.text)
                .authority
                .and_then(|a| a.userinfo),
        )
    }

    /// The host, brackets included for IPv6 (`[::1]`); empty in `file:///path`.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://[::1]:80/")?.host(), Some("[::1]"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn host(&self) -> Option<&str> {
        self.get(reference::split(&self.text).authority.map(|a| a.host))
    }

    /// The port, if one is written.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("http://h:8080/")?.port(), Some(8080));
    /// assert_eq!(urlkit::Url::parse("http://h/")?.port(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.get(reference::split(&self.text).authority.and_then(|a| a.port))
            .and_then(|p| p.parse().ok())
    }

    /// The path, still percent-encoded; may be empty.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("https://h/a%2Fb?q")?.path(), "/a%2Fb");
    /// assert_eq!(urlkit::Url::parse("https://h")?.path(), "");
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn path(&self) -> &str {
        &self.text[reference::split(&self.text).path]
    }

    /// The query after `?`, still percent-encoded.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("/p?a=1#f")?.query(), Some("a=1"));
    /// assert_eq!(urlkit::Url::parse("/p?")?.query(), Some(""));
    /// assert_eq!(urlkit::Url::parse("/p")?.query(), None);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.get(reference::split(&self.text).query)
    }

    /// The fragment after `#`, still percent-encoded.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Url::parse("/p#sec%202")?.fragment(), Some("sec%202"));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.get(reference::split(&self.text).fragment)
    }

    /// The path's segments, each [`decode::component`]-decoded (so `%2F` inside a segment
    /// stays inside it). A path starting with `/` does not yield an empty first segment;
    /// `/` alone yields one empty segment, and an empty path none.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://h/a%2Fb/caf%C3%A9/")?;
    /// let segments: Vec<_> = url.path_segments().collect::<Result<_, _>>()?;
    /// assert_eq!(segments, ["a/b", "café", ""]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments(&self) -> PathSegments<'_> {
        let path = self.path();
        PathSegments {
            rest: path.strip_prefix('/').unwrap_or(path),
            done: path.is_empty(),
        }
    }

    /// The query's `name=value` pairs, form-decoded strictly (`+` is a space): see
    /// [`decode::form_pairs`]. Empty when there is no query.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("/search?q=rust+url&page=2&flag")?;
    /// let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>()?;
    /// assert_eq!(
    ///     pairs,
    ///     [("q".into(), "rust url".into()), ("page".into(), "2".into()), ("flag".into(), "".into())]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn query_pairs(&self) -> FormPairs<'_> {
        decode::form_pairs(self.query().unwrap_or(""))
    }
}

/// The bytes of the whole authority, `userinfo@host:port`, without the `//`.
fn authority_span(authority: &reference::Authority) -> Range<usize> {
    let start = authority
        .userinfo
        .as_ref()
        .map_or(authority.host.start, |u| u.start);
    let end = authority
        .port
        .as_ref()
        .map_or(authority.host.end, |p| p.end);
    start..end
}

/// The decoded segments of a [`Url`]'s path; see [`Url::path_segments`].
///
/// # Examples
/// ```
/// let url = urlkit::Url::parse("/files/r%C3%A9sum%C3%A9.pdf/%FF")?;
/// let mut segments = url.path_segments();
/// assert_eq!(segments.next().unwrap()?, "files");
/// assert_eq!(segments.next().unwrap()?, "résumé.pdf");
/// assert_eq!(segments.next().unwrap().unwrap_err().offset(), 0); // `%FF` is not UTF-8
/// assert!(segments.next().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    rest: &'a str,
    done: bool,
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = Result<Cow<'a, str>, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let segment = if let Some(end) = self.rest.find('/') {
            let segment = &self.rest[..end];
            self.rest = &self.rest[end + 1..];
            segment
        } else {
            self.done = true;
            self.rest
        };
        Some(decode::component(segment))
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
