//! [`Walk`]: a URL as the matcher `#[derive(Route)]` generates walks it, segment by segment,
//! checking its characters as it goes rather than in a pass of their own before.
//!
//! A segment of static text is valid URL text by construction (the derive compares only
//! text of `chars::PCHAR` this way), so the bytes it matched need no look; a segment a
//! placeholder reads is classified while its end is found ([`split::segment_end`]): it ends at
//! the first byte that is neither of `chars::PCHAR` nor `%`. That is a `/`, or where
//! `split::origin_form` ends the path: a `?`, a `#`, the end of the input, or a byte a URL
//! cannot hold raw. So every segment ends where it would in the path `origin_form` finds,
//! on any input, and once the walk reaches the last segment of a route's path, the path is
//! checked up to there; [`Walk::finish`] then checks what follows (the query, or a byte that
//! is not of a URL) exactly as `origin_form` does, and gives the [`Target`] the route's fields
//! are read from, or the error `origin_form` would have given. When no route takes the URL,
//! [`Walk::miss`] checks the whole of it the general way, so that its error is the one of a
//! URL that is not one, if it is not.
//!
//! The steps the generated code calls are `#[inline(always)]` in a release build, where they
//! fold into the decision tree, and `#[inline]` in a build with debug assertions (the dev
//! profile): a debug build does not inline, and forced in line, every node of every derived
//! matcher held their bodies, which made its debug build slow for a large enum.
#![allow(
    clippy::inline_always,
    reason = "in line in a release build only, see the module comment"
)]

use super::error::{RouteError, RouteErrorKind};
use super::leaf::Miss;
use super::method::Methods;
use super::split::{self, in_segment, path_from, query_at};
use super::target::{SegmentSpan, Target, not_origin_form};

/// A request target being matched by a generated `from_url`: see the module docs.
#[derive(Clone, Copy, Debug)]
pub struct Walk<'i> {
    input: &'i str,
    /// The type being parsed, for errors.
    route: &'static str,
    /// The request's method, as bits of `Methods` (none for a method no route can declare);
    /// every bit for `from_url`, which takes routes whatever their methods.
    methods: u16,
}

impl<'i> Walk<'i> {
    /// Starts walking `input`, which must start with `/` (HTTP's origin-form, RFC 9112
    /// §3.2.1); nothing else is looked at yet.
    ///
    /// # Errors
    /// As `Target::parse` gives them for text that does not start with `/`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        if input.as_bytes().first() == Some(&b'/') {
            Ok(Walk {
                input,
                route,
                methods: u16::MAX,
            })
        } else {
            Err(not_origin_form(input, route))
        }
    }

    /// [`new`](Self::new) for a request whose method is in `methods` (`None`: any method,
    /// as `from_url` reads a URL).
    ///
    /// # Errors
    /// As [`new`](Self::new).
    #[inline]
    pub fn for_methods(
        input: &'i str,
        route: &'static str,
        methods: Option<Methods>,
    ) -> Result<Self, RouteError> {
        let mut walk = Walk::new(input, route)?;
        if let Some(methods) = methods {
            walk.methods = methods.bits();
        }
        Ok(walk)
    }

    /// Whether a route that declares `methods` (bits of `Methods`) takes the request.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn takes(&self, methods: u16) -> bool {
        self.methods & methods != 0
    }

    /// The place before the first segment: [`after`](Self::after) of it is where the first
    /// segment starts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn root(&self) -> SegmentSpan {
        // The path's leading `/` ends it.
        SegmentSpan {
            start: 0,
            end: 0,
            plain: false,
        }
    }

    /// Where the segment after `prev` starts, if the path goes on: a `/` ends `prev`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn after(&self, prev: SegmentSpan) -> Option<usize> {
        (self.input.as_bytes().get(prev.end) == Some(&b'/')).then_some(prev.end + 1)
    }

    /// The segment after `prev`, if the path goes on (`/a/` has a second, empty segment).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&self, prev: SegmentSpan) -> Option<SegmentSpan> {
        self.after(prev).map(|start| self.segment(start))
    }

    /// The byte at `at` (a segment's first, [`after`](Self::after) gave `at`), or 0 past the
    /// input; a segment's first byte only if the segment is not empty.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn byte(&self, at: usize) -> u8 {
        self.input.as_bytes().get(at).copied().unwrap_or(0)
    }

    /// The segment starting at `start` if it is the static text `text`: the bytes compared
    /// as a whole, then a byte that ends a segment after them (or the end of the input).
    /// `text` must be of `chars::PCHAR` alone, as the derive gives it, for the segment to end
    /// where `origin_form`'s path would have it end.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn literal<const N: usize>(&self, start: usize, text: &[u8; N]) -> Option<SegmentSpan> {
        let end = start + N;
        let bytes = self.input.as_bytes();
        let here = bytes.get(start..).and_then(<[u8]>::first_chunk::<N>);
        let ends = bytes.get(end).is_none_or(|&b| !in_segment(b));
        (ends && here == Some(text)).then_some(SegmentSpan {
            start,
            end,
            plain: false,
        })
    }

    /// The segment that starts at `start` ([`after`](Self::after) gave it), its bytes
    /// classified on the way to its end.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn segment(&self, start: usize) -> SegmentSpan {
        let (end, escaped) = split::segment_end(self.input.as_bytes(), start);
        SegmentSpan {
            start,
            end,
            plain: !escaped,
        }
    }

    /// Whether the path ends with `seg`: no `/` follows it (never true of
    /// [`root`](Self::root): every path has a segment, `/` an empty one).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn ends(&self, seg: SegmentSpan) -> bool {
        self.input.as_bytes().get(seg.end) != Some(&b'/')
    }

    /// Whether `seg` is the static text `text` (see `urlkit_syntax::route::static_eq`: triplet
    /// hex in either case, nothing decoded).
    #[inline]
    pub fn is(&self, seg: SegmentSpan, text: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::static_eq(text, s))
    }

    /// Whether `seg` starts with `prefix` and ends with `suffix`, apart (a placeholder with
    /// text around it; its value may be empty).
    #[inline]
    pub fn affixed(&self, seg: SegmentSpan, prefix: &str, suffix: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::Segment::Value { prefix, suffix }.matches(s))
    }

    /// The target once a route's path matched, ending with `last` (the walk checked every
    /// byte before `last.end`, and [`ends`](Self::ends) said no `/` follows): the query
    /// checked, for reading the fields.
    ///
    /// # Errors
    /// [`RouteErrorKind::Url`], as `Target::parse` gives it, for
    /// a byte a URL cannot hold raw where the path ends or in the query.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish(&self, last: SegmentSpan) -> Result<Target<'i>, RouteError> {
        // Whether the path holds a `%` is not known here; the segments a field reads say.
        Target::of(self.input, self.route, query_at(self.input, last.end, true))
    }

    /// The target once a route's path matched up to `last`, the rest of the path its tail
    /// (`{/x}`, `{/x*}`): the rest of the path and the query checked.
    ///
    /// # Errors
    /// As [`finish`](Self::finish).
    #[inline]
    pub fn finish_rest(&self, last: SegmentSpan) -> Result<Target<'i>, RouteError> {
        Target::of(self.input, self.route, path_from(self.input, last.end))
    }

    /// [`finish`](Self::finish) at the leaf of a route that reads nothing of the query: its
    /// place in the order routes are tried, the target, and `segments` (those its fields
    /// read), as the generated walk gives them.
    ///
    /// # Errors
    /// As [`finish`](Self::finish).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn found<S>(
        &self,
        route: usize,
        last: SegmentSpan,
        segments: S,
    ) -> Result<(usize, Target<'i>, S), RouteError> {
        match self.finish(last) {
            Ok(target) => Ok((route, target, segments)),
            Err(e) => Err(e),
        }
    }

    /// [`finish_rest`](Self::finish_rest) at the leaf of a route that reads nothing of the
    /// query, as [`found`](Self::found).
    ///
    /// # Errors
    /// As [`finish`](Self::finish).
    #[inline]
    pub fn found_rest<S>(
        &self,
        route: usize,
        last: SegmentSpan,
        segments: S,
    ) -> Result<(usize, Target<'i>, S), RouteError> {
        match self.finish_rest(last) {
            Ok(target) => Ok((route, target, segments)),
            Err(e) => Err(e),
        }
    }

    /// The error when no route took the URL: the URL checked as a whole, as `Target::parse`
    /// checks it, then [`Target::miss`].
    #[cold]
    #[inline(never)]
    pub fn miss(&self, miss: &Miss<'i>, template: Option<&'static str>) -> RouteError {
        match Target::parse(self.input, self.route) {
            Ok(target) => match miss.refused() {
                // A route took the URL: the method is what is wrong (RFC 9110 §15.5.6).
                Some(allowed) => {
                    RouteError::new(self.route, RouteErrorKind::MethodNotAllowed { allowed })
                        .quoting(target.path())
                }
                None => target.miss(miss, template),
            },
            Err(e) => e,
        }
    }
}

#[cfg(test)]
mod tests;
