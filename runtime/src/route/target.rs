//! [`Target`]: a URL as `from_url` reads it, its path and query checked once and then walked
//! segment by segment by the matcher `#[derive(Route)]` generates.
//!
//! Every position is a byte offset in the URL as given, so that whatever an error points at
//! lies within it. Nothing is copied or allocated here.

use urlkit_syntax::reference;

use super::error::{RouteError, RouteErrorKind};
use super::split::{Parts, origin_form, slash};
use crate::url::Url;

/// A URL split into what routes match: the path, walked one [`Seg`] at a time, and the
/// query.
#[derive(Clone, Debug)]
pub struct Target<'i> {
    pub(super) input: &'i str,
    /// The type being parsed, for errors.
    pub(super) route: &'static str,
    /// Where the path ends: a `?`, a `#`, or the end of the input. (It starts at 0, with a
    /// `/`: [`Target::parse`] takes nothing else.)
    pub(super) path_end: usize,
    /// The query, after its `?`; `None` without a `?`.
    query: Option<(usize, usize)>,
    /// Whether the path holds a `%`: without one, its values are their own decoding.
    path_escaped: bool,
    /// Whether the query holds a `%` or a `+` (a space in a query value).
    query_escaped: bool,
}

/// One path segment: its bytes are `start..end` of the URL. `end` is where a `/` or the end
/// of the path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seg {
    pub(super) start: usize,
    pub(super) end: usize,
}

impl Seg {
    /// Whether the segment is empty (`//`, or the one segment of `/`).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl<'i> Target<'i> {
    /// Splits `input`: a path and query as a server receives them (HTTP's origin-form, RFC
    /// 9112 §3.2.1: anything starting with `/`, even `//`). A fragment is ignored. The path
    /// and the query must be valid URL text (percent-encoded); they are not decoded here.
    ///
    /// # Errors
    /// [`RouteErrorKind::Url`] for text that is not a URL, [`RouteErrorKind::NotAPath`] for a
    /// relative reference that does not start with `/`, [`RouteErrorKind::AbsoluteUrl`] for
    /// an absolute URL: its origin is the caller's to check (`Route::from_url_on`), or to
    /// waive (`Route::from_url_ignoring_origin`), never silently dropped.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "called once in each generated from_url, which then reads the fields from registers"
    )]
    pub fn parse(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        if !input.starts_with('/') {
            return Err(not_origin_form(input, route));
        }
        let parts = match origin_form(input) {
            Ok(parts) => parts,
            Err(e) => return Err(RouteError::new(route, RouteErrorKind::Url(e))),
        };
        Ok(Target {
            input,
            route,
            path_end: parts.path_end,
            query: parts.query,
            path_escaped: parts.path_escaped,
            query_escaped: parts.query_escaped,
        })
    }

    /// The place before the first segment: [`next`](Self::next) of it is the first segment.
    #[inline]
    pub fn root(&self) -> Seg {
        // The path's leading `/` ends it.
        Seg { start: 0, end: 0 }
    }

    /// The segment after `prev`, if the path goes on (`/a/` has a second, empty segment).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the generated matcher calls it once per position; a call would cost as much as the search"
    )]
    pub fn next(&self, prev: Seg) -> Option<Seg> {
        let start = prev.end + 1;
        if start > self.path_end {
            return None;
        }
        Some(Seg {
            start,
            end: self.segment_end(start),
        })
    }

    /// Where the segment that starts at `start` (at most `path_end`) ends: the next `/` of
    /// the path, or its end.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    fn segment_end(&self, start: usize) -> usize {
        slash(self.input.as_bytes(), start, self.path_end)
    }

    /// Where the segment after `prev` starts, if the path goes on: what the generated
    /// matcher compares static text at, before it knows where the segment ends.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    pub fn after(&self, prev: Seg) -> Option<usize> {
        let start = prev.end + 1;
        (start <= self.path_end).then_some(start)
    }

    /// The byte at `at` (a segment's first, [`after`](Self::after) gave `at`), or 0 past
    /// the input; at the path's end it is a `?` or a `#`, which no static text holds, and
    /// at an empty segment a `/`, which none holds either.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    pub fn byte(&self, at: usize) -> u8 {
        self.input.as_bytes().get(at).copied().unwrap_or(0)
    }

    /// The segment starting at `start` if it is the static text `text` (no `%` in it): the
    /// bytes compared as a whole, then a `/` or the path's end after them. Comparing before
    /// knowing where the segment ends saves looking for its end where static text decides.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    pub fn literal<const N: usize>(&self, start: usize, text: &[u8; N]) -> Option<Seg> {
        let end = start + N;
        let bytes = self.input.as_bytes();
        let here = bytes.get(start..).and_then(<[u8]>::first_chunk::<N>);
        let ends = end == self.path_end || (end < self.path_end && bytes.get(end) == Some(&b'/'));
        (ends && here == Some(text)).then_some(Seg { start, end })
    }

    /// The segment that starts at `start` ([`after`](Self::after) gave it).
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    pub fn segment(&self, start: usize) -> Seg {
        Seg {
            start,
            end: self.segment_end(start),
        }
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

    /// The text of `start..end` (within the path or the query), without asking whether its
    /// ends fall inside a character: none can, the path and the query are ASCII.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    pub(super) fn ascii(&self, start: usize, end: usize) -> Option<&'i str> {
        let query_end = self.query.map_or(self.path_end, |(_, end)| end);
        let bytes = self
            .input
            .as_bytes()
            .get(start..end)
            .filter(|_| end <= query_end)?;
        debug_assert!(bytes.is_ascii());
        // SAFETY: `Target::parse`, the only place a `Target` is made, took the input up to
        // the path's end and the query's end only if every byte there is of `chars::PATH`,
        // `chars::QUERY` or `%` (`split::origin_form`), which are all ASCII (asserted in
        // `split`): any run of those bytes is UTF-8.
        Some(unsafe { core::str::from_utf8_unchecked(bytes) })
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
        !self.query_escaped
    }

    /// The query's bytes, as offsets (an empty span at the end of the input without one).
    pub(super) fn query_span(&self) -> core::ops::Range<usize> {
        let (start, end) = self.query.unwrap_or((self.input.len(), self.input.len()));
        start..end
    }

    /// The path, for errors.
    pub(super) fn path(&self) -> &'i str {
        match self.input.get(..self.path_end) {
            Some("") | None => "/",
            Some(path) => path,
        }
    }
}

/// The error for a target that does not start with `/`: an absolute URL, or not a URL.
#[cold]
fn not_origin_form(input: &str, route: &'static str) -> RouteError {
    match full_url(input, route) {
        Ok(_) => RouteError::new(route, RouteErrorKind::AbsoluteUrl).quoting(input),
        Err(e) => e,
    }
}

/// Where the path and query of an absolute URL start and end (the query right after the
/// path's `?`), for `Route::from_url_ignoring_origin`; checked as [`Target::parse`] checks it.
pub(crate) fn path_and_query(
    input: &str,
    route: &'static str,
) -> Result<(usize, usize), RouteError> {
    let parts = full_url(input, route)?;
    Ok((
        parts.path_start,
        parts.query.map_or(parts.path_end, |(_, end)| end),
    ))
}

/// An absolute URL: checked by [`Url::parse`], then where its path and query are.
#[cold]
fn full_url(input: &str, route: &'static str) -> Result<Parts, RouteError> {
    Url::parse(input).map_err(|e| RouteError::new(route, RouteErrorKind::Url(e)))?;
    // `Url::parse` only uppercases triplet hex, so its ranges are the input's.
    let parts = reference::split(input);
    let path = parts.path.clone();
    let query = parts.query.map(|q| (q.start, q.end));
    let bytes = input.as_bytes();
    let found = |path: core::ops::Range<usize>| Parts {
        path_start: path.start,
        path_end: path.end,
        path_escaped: bytes[path].contains(&b'%'),
        query,
        query_escaped: query
            .is_some_and(|(start, end)| bytes[start..end].iter().any(|&b| b == b'%' || b == b'+')),
    };
    let not_a_path = || Err(RouteError::new(route, RouteErrorKind::NotAPath).quoting(input));
    if parts.scheme.is_none() {
        // A relative reference that is not a path: `users/7`, `?q`.
        not_a_path()
    } else if input[path.clone()].starts_with('/') {
        Ok(found(path))
    } else if parts.authority.is_some() && path.is_empty() {
        // `https://example.com` asks for `/` (RFC 9110 §4.2.3); its path is empty, so the
        // matcher is given an empty path, and sees the one empty segment `/` has.
        Ok(found(path))
    } else {
        not_a_path()
    }
}
