//! What a [`Url`] is made of: its components, read from the text on each call (a [`Url`]
//! keeps only its text), and the decoded segments and query pairs.

use alloc::borrow::Cow;
use core::ops::Range;

use urlkit_syntax::reference;

use super::Url;
use crate::decode::{self, DecodeError, FormPairs};

impl Url {
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
pub(super) fn authority_span(authority: &reference::Authority) -> Range<usize> {
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
