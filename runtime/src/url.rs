//! [`Url`]: one owned, always-valid URL type for literals, templates and parsed text.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use urlkit_syntax::error::Errors;
use urlkit_syntax::normalize;
use urlkit_syntax::reference::{self, Options};

use crate::decode::{self, DecodeError, FormPairs};

/// A URI reference that is valid by construction: an absolute URL (`https://example.com/a`)
/// or a relative one (`/a?b`, `../c`, `#top`).
///
/// Every `Url` holds text that [`Url::parse`] accepts: the strict RFC 3986 grammar that
/// `url!` checks at compile time, with percent-triplets in uppercase hex. It is printable
/// ASCII, and reads back through WHATWG parsers (the `url` crate, browsers) as the same URL,
/// up to the normalizations they apply (lowercase scheme and host, default port dropped, `/`
/// for an empty path). One exception: an `IPvFuture` host (`[v1.x]`), which RFC 3986 allows and
/// WHATWG parsers reject. The text is a `Cow<'static, str>`, so a `url!` literal costs nothing at run time
/// and can be a `const`.
///
/// Component accessors find their component when called (a scan of the text, no
/// allocation); decoding accessors decode strictly and say where decoding failed.
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

/// Why [`Url::parse`] rejected its input, and where.
///
/// The message is the one `url!` gives at compile time for the same text.
///
/// # Examples
/// ```
/// let err = urlkit::Url::parse("https://example.com/a b").unwrap_err();
/// assert_eq!(err.offset(), 21);
/// assert_eq!(
///     err.to_string(),
///     "invalid character ` ` in the URL path; write `%20` (at byte 21)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    at: Range<usize>,
    message: String,
}

impl ParseError {
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
}

impl ParseError {
    /// The error the grammar reports as `kind` about the bytes `at`.
    pub(crate) fn new(at: Range<usize>, kind: &urlkit_syntax::error::ErrorKind) -> Self {
        ParseError {
            message: alloc::format!("{kind}"),
            at,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at.start)
    }
}

impl core::error::Error for ParseError {}

impl Url {
    /// Checks `input` against the strict RFC 3986 grammar `url!` uses and keeps it, with
    /// percent-triplets in uppercase hex (RFC 3986 §6.2.2.1) and nothing else changed.
    ///
    /// Rejected, with the byte offset: characters that must be percent-encoded (space,
    /// controls, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, and non-ASCII: see
    /// [`Url::parse_iri`]), a `%` without two hex
    /// digits, `%uXXXX`, a second `#`, `[ ]` outside an IPv6 host, a bad scheme, port or IP
    /// literal or an IPv6 address without brackets, a host that WHATWG parsers would read as
    /// an IPv4 number (`0x7f.1`), an `http(s)`/`ws(s)`/`ftp`/`file` URL without `//`, a host
    /// typed without its scheme (`https//host`, `www.example.com/a`, `localhost:8080`), and `.`/`..` segments that every parser would
    /// remove (a relative path may start with them).
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
    /// assert!(urlkit::Url::parse_iri("https://bücher.example/").is_err()); // punycode needed
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
        if let Some(first) = errors.into_vec().into_iter().next() {
            return Err(ParseError {
                message: alloc::format!("{}", first.kind),
                at: first.at,
            });
        }
        let mut text = String::with_capacity(input.len());
        normalize::normalize_into(input, &mut text);
        Ok(Url {
            text: Cow::Owned(text),
        })
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
        let parts = reference::split(&self.text);
        let authority = parts.authority?;
        let start = authority.userinfo.map_or(authority.host.start, |u| u.start);
        let end = authority.port.map_or(authority.host.end, |p| p.end);
        Some(&self.text[start..end])
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
