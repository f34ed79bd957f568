//! [`Target`]: a URL as `from_url` reads it, its path and query checked once and then walked
//! segment by segment by the matcher `#[derive(Route)]` generates.
//!
//! Every position is a byte offset in the URL as given, so that whatever an error points at
//! lies within it. Nothing is copied or allocated here.

use urlkit_syntax::chars::{self, PATH, QUERY};
use urlkit_syntax::error::{Component, ErrorKind};
use urlkit_syntax::reference;

use super::error::{RouteError, RouteErrorKind};
use crate::url::{ParseError, Url};

/// A URL split into what routes match: the path, walked one [`Seg`] at a time, and the
/// query.
#[derive(Clone, Debug)]
pub struct Target<'i> {
    pub(super) input: &'i str,
    /// The type being parsed, for errors.
    pub(super) route: &'static str,
    /// Where the path starts (its leading `/`, or where an empty path is).
    path_start: usize,
    /// Where the first segment starts: after the leading `/`, or where an empty path is (the
    /// path of `https://example.com`, which asks for `/`).
    first: usize,
    /// Where the path ends (a `?`, a `#`, or the end of the input).
    pub(super) path_end: usize,
    /// The query, after its `?`; `None` without a `?`.
    query: Option<(usize, usize)>,
    /// Whether the path holds a `%`: without one, its values are their own decoding.
    path_escaped: bool,
}

/// One path segment: its bytes are `start..end` of the URL. `end` is where a `/` or the end
/// of the path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seg {
    pub(super) start: usize,
    pub(super) end: usize,
}

impl<'i> Target<'i> {
    /// Splits `input`: a path and query as a server receives them (HTTP's origin-form, RFC
    /// 9112 §3.2.1: anything starting with `/`, even `//`), or an absolute URL, whose scheme
    /// and authority are then ignored. A fragment is ignored too. The path and the query must
    /// be valid URL text (percent-encoded); they are not decoded here.
    ///
    /// # Errors
    /// [`RouteErrorKind::Url`] for text that is not a URL, [`RouteErrorKind::NotAPath`] for a
    /// relative reference that does not start with `/`.
    #[inline]
    pub fn parse(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        let url_error = |e| RouteError::new(route, RouteErrorKind::Url(e));
        let (path_start, path_end, path_escaped, query) = if input.starts_with('/') {
            let (path_end, escaped, query) = origin_form(input).map_err(url_error)?;
            (0, path_end, escaped, query)
        } else {
            let (path_start, path_end, query) = full_url(input, route)?;
            let escaped = input.as_bytes()[path_start..path_end].contains(&b'%');
            (path_start, path_end, escaped, query)
        };
        let first = if path_start == path_end {
            path_end
        } else {
            path_start + 1
        };
        Ok(Target {
            input,
            route,
            path_start,
            first,
            path_end,
            query,
            path_escaped,
        })
    }

    /// The place before the first segment: [`next`](Self::next) of it is the first segment.
    #[inline]
    pub fn root(&self) -> Seg {
        // `first` is at least 1: after a `/`, or after a scheme.
        let end = self.first.saturating_sub(1);
        Seg { start: end, end }
    }

    /// The segment after `prev`, if the path goes on (`/a/` has a second, empty segment).
    #[inline]
    pub fn next(&self, prev: Seg) -> Option<Seg> {
        if prev.end >= self.path_end {
            return None;
        }
        let start = prev.end + 1;
        let path = self.input.as_bytes().get(..self.path_end)?;
        Some(Seg {
            start,
            end: slash(path, start),
        })
    }

    /// Whether the path ends with `seg` (never true of [`root`](Self::root): every path has
    /// a segment, `/` an empty one).
    #[inline]
    pub fn ends(&self, seg: Seg) -> bool {
        seg.end == self.path_end
    }

    /// The raw bytes of a segment.
    #[inline]
    pub fn bytes(&self, seg: Seg) -> &'i [u8] {
        self.input
            .as_bytes()
            .get(seg.start..seg.end)
            .unwrap_or_default()
    }

    /// Whether `seg` is the static text `text` (see `urlkit_syntax::route::static_eq`: triplet
    /// hex in either case, nothing decoded).
    #[inline]
    pub fn is(&self, seg: Seg, text: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::static_eq(text, s))
    }

    /// Whether `seg` starts with `prefix` and ends with `suffix`, apart (a placeholder with
    /// text around it; its value may be empty).
    #[inline]
    pub fn affixed(&self, seg: Seg, prefix: &str, suffix: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::Segment::Value { prefix, suffix }.matches(s))
    }

    /// The raw query, after `?`, if there is one.
    #[inline]
    pub(super) fn query(&self) -> Option<&'i str> {
        let (start, end) = self.query?;
        self.input.get(start..end)
    }

    /// Where the query starts (the end of the input without one).
    pub(super) fn query_start(&self) -> usize {
        self.query.map_or(self.input.len(), |(start, _)| start)
    }

    /// Whether the path's values are their own decoding (it holds no `%`).
    pub(super) fn path_plain(&self) -> bool {
        !self.path_escaped
    }

    /// Whether the query's values are their own decoding (it holds no `%` and no `+`, a
    /// space in a query value).
    pub(super) fn query_plain(&self) -> bool {
        !self
            .query()
            .is_some_and(|q| q.bytes().any(|b| b == b'%' || b == b'+'))
    }

    /// The query's bytes, as offsets (an empty span at the end of the input without one).
    pub(super) fn query_span(&self) -> core::ops::Range<usize> {
        let (start, end) = self.query.unwrap_or((self.input.len(), self.input.len()));
        start..end
    }

    /// The path, for errors.
    pub(super) fn path(&self) -> &'i str {
        match self.input.get(self.path_start..self.path_end) {
            Some("") | None => "/",
            Some(path) => path,
        }
    }
}

/// The first `/` in `path` from `start` on, or its end: eight bytes at a time, with the
/// classic test for a zero byte (the lowest flagged byte is exact).
#[inline]
fn slash(path: &[u8], start: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const SLASHES: u64 = u64::from_ne_bytes([b'/'; 8]);
    let mut i = start;
    while let Some(chunk) = path.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // Zero where the byte is a `/`.
        let x = u64::from_le_bytes(word) ^ SLASHES;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&b) = path.get(i) {
        if b == b'/' {
            return i;
        }
        i += 1;
    }
    path.len()
}

/// `/path?query#fragment` (`input` starts with `/`), checked for characters a URL cannot hold
/// raw: where the path ends, whether it holds a `%`, and the query.
#[allow(clippy::type_complexity, reason = "a private helper's three results")]
fn origin_form(input: &str) -> Result<(usize, bool, Option<(usize, usize)>), ParseError> {
    let bytes = input.as_bytes();
    let (path_end, escaped) = scan(bytes, 1, PATH);
    let query = match bytes.get(path_end) {
        None | Some(b'#') => None,
        Some(b'?') => {
            let (end, _) = scan(bytes, path_end + 1, QUERY);
            match bytes.get(end) {
                None | Some(b'#') => Some((path_end + 1, end)),
                Some(_) => return Err(bad_char(input, end, Component::Query)),
            }
        }
        Some(_) => return Err(bad_char(input, path_end, Component::Path)),
    };
    Ok((path_end, escaped, query))
}

/// The end of the run of bytes from `start` on that are of `class` or `%` (which decoding
/// checks, where it matters), and whether a `%` was among them. Eight bytes at a time while
/// they all are of `class` (one table lookup per byte, one branch per eight), then byte by
/// byte.
#[inline]
fn scan(bytes: &[u8], start: usize, class: u16) -> (usize, bool) {
    let is = |b: u8| chars::CLASS[usize::from(b)];
    let mut i = start;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let all = is(chunk[0])
            & is(chunk[1])
            & is(chunk[2])
            & is(chunk[3])
            & is(chunk[4])
            & is(chunk[5])
            & is(chunk[6])
            & is(chunk[7]);
        if all & class == 0 {
            break;
        }
        i += 8;
    }
    let mut escaped = false;
    while let Some(&b) = bytes.get(i) {
        if is(b) & class == 0 {
            if b != b'%' {
                break;
            }
            escaped = true;
        }
        i += 1;
    }
    (i, escaped)
}

/// The error for the character at byte `at`, which a URL cannot hold raw.
#[cold]
fn bad_char(input: &str, at: usize, component: Component) -> ParseError {
    let ch = input
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    let kind = if ch.is_ascii() {
        ErrorKind::InvalidChar { ch, component }
    } else {
        ErrorKind::NonAscii { ch, component }
    };
    ParseError::new(at..at + ch.len_utf8(), &kind)
}

/// An absolute URL: checked by [`Url::parse`], then where its path and query are.
#[cold]
#[allow(clippy::type_complexity, reason = "a private helper's three results")]
fn full_url(
    input: &str,
    route: &'static str,
) -> Result<(usize, usize, Option<(usize, usize)>), RouteError> {
    Url::parse(input).map_err(|e| RouteError::new(route, RouteErrorKind::Url(e)))?;
    // `Url::parse` only uppercases triplet hex, so its ranges are the input's.
    let parts = reference::split(input);
    let path = parts.path.clone();
    let query = parts.query.map(|q| (q.start, q.end));
    let not_a_path = || Err(RouteError::new(route, RouteErrorKind::NotAPath).quoting(input));
    if parts.scheme.is_none() {
        // A relative reference that is not a path: `users/7`, `?q`.
        not_a_path()
    } else if input[path.clone()].starts_with('/') {
        Ok((path.start, path.end, query))
    } else if parts.authority.is_some() && path.is_empty() {
        // `https://example.com` asks for `/` (RFC 9110 §4.2.3); its path is empty, so the
        // matcher is given an empty path, and sees the one empty segment `/` has.
        Ok((path.start, path.end, query))
    } else {
        not_a_path()
    }
}
