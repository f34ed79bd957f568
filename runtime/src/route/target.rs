//! [`Target`]: a URL as `from_url` reads it once a route's path matched, its path and query
//! checked, for reading the route's fields.
//!
//! Every position is a byte offset in the URL as given, so that whatever an error points at
//! lies within it. Nothing is copied or allocated here.

use urlkit_syntax::reference;

use super::error::{RouteError, RouteErrorKind};
use super::split::{Parts, origin_form, slash};
use crate::url::{ParseError, Url};

/// A URL split into what routes match: the path, walked one [`SegmentSpan`] at a time, and the
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
pub struct SegmentSpan {
    pub(super) start: usize,
    pub(super) end: usize,
    /// Whether the walk classified the segment's bytes (`Walk::segment`) and found them all
    /// of `chars::PCHAR`: ASCII, and no `%`, so that its values are their own decoding.
    /// False wherever that is not known.
    pub(super) plain: bool,
}

impl SegmentSpan {
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
    ///
    /// The matcher `#[derive(Route)]` generates checks as it walks ([`Walk`](super::walk::Walk)),
    /// and comes here only for the error when no route takes the URL.
    pub(super) fn parse(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        if !input.starts_with('/') {
            return Err(not_origin_form(input, route));
        }
        Self::of(input, route, origin_form(input))
    }

    /// The target of `input` split as `parts`, or the error that splitting found.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "called at each leaf of a generated from_url, which then reads the fields from registers"
    )]
    pub(super) fn of(
        input: &'i str,
        route: &'static str,
        parts: Result<Parts, ParseError>,
    ) -> Result<Self, RouteError> {
        match parts {
            Ok(parts) => Ok(Target {
                input,
                route,
                path_end: parts.path_end,
                query: parts.query,
                path_escaped: parts.path_escaped,
                query_escaped: parts.query_escaped,
            }),
            Err(e) => Err(url_error(route, e)),
        }
    }

    /// The segment after `prev`, if the path goes on (`/a/` has a second, empty segment).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the generated matcher calls it once per position; a call would cost as much as the search"
    )]
    pub fn next(&self, prev: SegmentSpan) -> Option<SegmentSpan> {
        let start = prev.end + 1;
        if start > self.path_end {
            return None;
        }
        Some(SegmentSpan {
            start,
            end: self.segment_end(start),
            // Only its start is read (`Target::tail_field`); its values are decoded.
            plain: false,
        })
    }

    /// Where the segment that starts at `start` (at most `path_end`) ends: the next `/` of
    /// the path, or its end.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next`")]
    fn segment_end(&self, start: usize) -> usize {
        slash(self.input.as_bytes(), start, self.path_end)
    }

    /// Whether the path ends with `seg` (never true of [`root`](super::walk::Walk::root): every
    /// path has a segment, `/` an empty one).
    #[inline]
    pub fn ends(&self, seg: SegmentSpan) -> bool {
        seg.end == self.path_end
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

/// The error for text that is not a URL.
#[cold]
fn url_error(route: &'static str, e: ParseError) -> RouteError {
    RouteError::new(route, RouteErrorKind::Url(e))
}

/// The error for a target that does not start with `/`: an absolute URL, or not a URL.
#[cold]
pub(super) fn not_origin_form(input: &str, route: &'static str) -> RouteError {
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
