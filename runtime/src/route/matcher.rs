//! What `#[derive(Route)]`'s `from_url` calls: split the URL once, find the first route whose
//! [`Pattern`] matches (the derive lists them most specific first), then read each field.
//!
//! Generated code has this shape:
//!
//! ```text
//! const ROUTES: &[Entry] = &[Entry { route: "Api::User", template: "/users/{id}", pattern: … }, …];
//! let target = Target::parse(url, "Api")?;
//! let found = target.find(ROUTES)?;
//! match found.index() {
//!     0 => Ok(Api::User { id: found.field::<u64>(Capture::Segment(1), "id")? }),
//!     …
//!     _ => Err(found.no_match()),
//! }
//! ```
//!
//! Nothing allocates unless a value must be decoded into new text or a path has more than
//! [`INLINE`] segments.

use urlkit_syntax::chars::{self, PATH, QUERY};
use urlkit_syntax::error::{Component, ErrorKind};
use urlkit_syntax::reference;
use urlkit_syntax::route::{Pattern, QueryMismatch, Tail, piece_key};

use super::error::{ParamError, RouteError, RouteErrorKind};
use super::param::FromParam;
use super::params::Params;
use crate::error::Error;
use crate::url::{ParseError, Url};

/// One route of a type: its name for errors, its template, and its pattern.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// `Api::User`, or the struct's name.
    pub route: &'static str,
    /// The template, as written.
    pub template: &'static str,
    /// What it matches.
    pub pattern: Pattern<'static>,
    /// The field each of `pattern.keys` fills.
    pub key_fields: &'static [&'static str],
    /// Where to go on when the path fails at fixed segment `k`
    /// (`urlkit_syntax::route::order::skips`).
    pub skip: &'static [usize],
}

/// Where a field's values are in the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// Fixed path segment `k` (`{x}`, or a required `{/x}`).
    Segment(usize),
    /// The segments after the fixed ones (an optional `{/x}`, or `{/x*}`).
    Tail,
    /// The query parameter `pattern.keys[j]`.
    Key(usize),
}

/// Segments kept without allocating.
const INLINE: usize = 16;

#[derive(Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "the inline array is the point: most paths are split without allocating"
)]
enum Segments<'i> {
    Inline([&'i str; INLINE], usize),
    Heap(alloc::vec::Vec<&'i str>),
}

impl<'i> Segments<'i> {
    fn push(&mut self, segment: &'i str) {
        match self {
            Segments::Inline(items, len) if *len < INLINE => {
                items[*len] = segment;
                *len += 1;
            }
            Segments::Inline(items, _) => {
                let mut heap = alloc::vec::Vec::with_capacity(2 * INLINE);
                heap.extend_from_slice(&items[..]);
                heap.push(segment);
                *self = Segments::Heap(heap);
            }
            Segments::Heap(items) => items.push(segment),
        }
    }

    fn as_slice(&self) -> &[&'i str] {
        match self {
            Segments::Inline(items, len) => &items[..*len],
            Segments::Heap(items) => items,
        }
    }
}

/// A URL split into what routes match: the path's segments and the query.
#[derive(Debug)]
pub struct Target<'i> {
    input: &'i str,
    /// The type being parsed, for errors.
    route: &'static str,
    path: &'i str,
    segments: Segments<'i>,
    query: Option<&'i str>,
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
    pub fn parse(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        let url_error = |e| RouteError::new(route, RouteErrorKind::Url(e));
        let (path, segments, query) = if input.starts_with('/') {
            origin_form(input).map_err(url_error)?
        } else {
            let (path, query) = full_url(input, route)?;
            let (path, segments) = split_path(path).map_err(url_error)?;
            (path, segments, query)
        };
        Ok(Target {
            input,
            route,
            path,
            segments,
            query,
        })
    }

    /// The first of `routes` (most specific first) that matches.
    ///
    /// # Errors
    /// [`RouteErrorKind::NoMatch`] if no route matches the path; if some do but their query
    /// needs what is missing or denies what is there, the error is about the first of them
    /// that has its static query pieces, or else the first.
    pub fn find(&self, routes: &'static [Entry]) -> Result<Found<'_, 'i>, RouteError> {
        let segments = self.segments.as_slice();
        let mut first_mismatch = None;
        let mut index = 0;
        while let Some(entry) = routes.get(index) {
            let pattern = &entry.pattern;
            if !pattern.admits(segments.len()) {
                index += 1;
                continue;
            }
            if let Some(k) = pattern.first_mismatch(segments) {
                // The routes up to `skip[k]` fail at `k` too; always move forward.
                index = entry
                    .skip
                    .get(k)
                    .map_or(index + 1, |&next| next.max(index + 1));
                continue;
            }
            match pattern.check_query(self.query) {
                Ok(()) => {
                    return Ok(Found {
                        target: self,
                        entry,
                        index,
                    });
                }
                // The error is about the first route whose path matched, preferring one
                // whose static query pieces are there (the route the URL was meant for).
                Err(mismatch) => match (&first_mismatch, mismatch) {
                    (None, _)
                    | (
                        Some((_, QueryMismatch::MissingPair(_))),
                        QueryMismatch::RepeatedPair { .. }
                        | QueryMismatch::MissingKey(_)
                        | QueryMismatch::Unknown { .. },
                    ) => {
                        first_mismatch = Some((entry, mismatch));
                    }
                    _ => {}
                },
            }
            index += 1;
        }
        if let Some((entry, mismatch)) = first_mismatch {
            return Err(self.query_error(entry, mismatch));
        }
        let template = match routes {
            [only] if !only.route.contains("::") => Some(only.template),
            _ => None,
        };
        Err(RouteError::new(self.route, RouteErrorKind::NoMatch { template }).quoting(self.path))
    }

    #[cold]
    fn query_error(&self, entry: &Entry, mismatch: QueryMismatch<'i>) -> RouteError {
        match mismatch {
            QueryMismatch::MissingPair(i) => {
                let piece = entry.pattern.pairs.get(i).copied().unwrap_or_default();
                RouteError::new(entry.route, RouteErrorKind::MissingPiece { piece })
            }
            QueryMismatch::MissingKey(i) => {
                let key = entry.pattern.keys.get(i).map_or("", |k| k.name);
                let error =
                    RouteError::new(entry.route, RouteErrorKind::Value(ParamError::Missing))
                        .quoting(key);
                match entry.key_fields.get(i) {
                    Some(field) => error.field_of(field),
                    None => error,
                }
            }
            QueryMismatch::RepeatedPair { pair, at } => {
                let piece = entry.pattern.pairs.get(pair).copied().unwrap_or_default();
                RouteError::new(entry.route, RouteErrorKind::RepeatedPiece { piece })
                    .quoting(piece_key(piece))
                    .at(self.query_offset(at))
            }
            QueryMismatch::Unknown { key, at } => {
                RouteError::new(entry.route, RouteErrorKind::UnknownParameter)
                    .quoting(key)
                    .at(self.query_offset(at))
            }
        }
    }

    /// The offset in the input of offset `at` in the query.
    fn query_offset(&self, at: usize) -> usize {
        self.query
            .map_or(self.input.len(), |q| offset_in(self.input, q) + at)
    }
}

/// Where `part`, a slice of `input`, starts in it (the end of `input` for any other text, so
/// that an offset always lies within the input).
fn offset_in(input: &str, part: &str) -> usize {
    let start = (part.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
    if start <= input.len() && part.len() <= input.len() - start {
        start
    } else {
        input.len()
    }
}

/// `/path?query#fragment`, checked for characters a URL cannot hold raw: the path split into
/// segments, and the query.
#[allow(clippy::type_complexity, reason = "a private helper's three results")]
fn origin_form(input: &str) -> Result<(&str, Segments<'_>, Option<&str>), ParseError> {
    let (path, segments) = split_path(input)?;
    let query = input[path.len()..].strip_prefix('?').map(|rest| {
        let end = rest.find('#').unwrap_or(rest.len());
        &rest[..end]
    });
    if let Some(query) = query {
        let start = path.len() + 1;
        check_chars(input, start, start + query.len(), QUERY, Component::Query)?;
    }
    Ok((path, segments, query))
}

/// The path at the start of `text` (which starts with `/`), up to `?` or `#`, split at `/`
/// (before any decoding, so `%2F` stays inside its segment) and checked, in one pass.
fn split_path(text: &str) -> Result<(&str, Segments<'_>), ParseError> {
    let bytes = text.as_bytes();
    let mut segments = Segments::Inline([""; INLINE], 0);
    let (mut start, mut i) = (1, 1);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'/' => {
                segments.push(&text[start..i]);
                start = i + 1;
            }
            b'?' | b'#' => break,
            b'%' => {}
            _ if chars::is(b, PATH) => {}
            _ => return Err(bad_char(text, i, Component::Path)),
        }
        i += 1;
    }
    segments.push(&text[start.min(i)..i]);
    Ok((&text[..i], segments))
}

/// Every byte of `input[start..end]` is of `class` or starts a percent-escape (which
/// decoding checks, where it matters).
fn check_chars(
    input: &str,
    start: usize,
    end: usize,
    class: u16,
    component: Component,
) -> Result<(), ParseError> {
    let bytes = &input.as_bytes()[start..end];
    let Some(bad) = bytes
        .iter()
        .position(|&b| !chars::is(b, class) && b != b'%')
    else {
        return Ok(());
    };
    Err(bad_char(input, start + bad, component))
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

/// An absolute URL: checked by [`Url::parse`], then its path and query.
fn full_url<'i>(
    input: &'i str,
    route: &'static str,
) -> Result<(&'i str, Option<&'i str>), RouteError> {
    Url::parse(input).map_err(|e| RouteError::new(route, RouteErrorKind::Url(e)))?;
    // `Url::parse` only uppercases triplet hex, so its ranges are the input's.
    let parts = reference::split(input);
    let path = &input[parts.path.clone()];
    let query = parts.query.map(|q| &input[q]);
    if parts.scheme.is_none() {
        // A relative reference that is not a path: `users/7`, `?q`.
        Err(RouteError::new(route, RouteErrorKind::NotAPath).quoting(input))
    } else if path.starts_with('/') {
        Ok((path, query))
    } else if parts.authority.is_some() && path.is_empty() {
        // `https://example.com` asks for `/` (RFC 9110 §4.2.3).
        Ok(("/", query))
    } else {
        Err(RouteError::new(route, RouteErrorKind::NotAPath).quoting(input))
    }
}

/// The route that matched, ready to read its fields.
#[derive(Debug)]
pub struct Found<'t, 'i> {
    target: &'t Target<'i>,
    entry: &'static Entry,
    index: usize,
}

impl Found<'_, '_> {
    /// Which entry matched.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Reads field `field` of type `T` from where `capture` says.
    ///
    /// # Errors
    /// [`RouteErrorKind::Value`], naming the field, with the value quoted and its offset.
    #[inline]
    pub fn field<T: FromParam>(
        &self,
        capture: Capture,
        field: &'static str,
    ) -> Result<T, RouteError> {
        let mut params = self.params(capture);
        T::from_params(&mut params).map_err(|e| self.value_error(field, capture, &params, e))
    }

    fn params(&self, capture: Capture) -> Params<'_> {
        let t = self.target;
        let all = t.segments.as_slice();
        let pattern = &self.entry.pattern;
        let at = |text: &str| offset_in(t.input, text);
        match capture {
            Capture::Segment(k) => {
                let segment = all.get(k).copied().unwrap_or("");
                let value = pattern.at(k).value(segment);
                Params::segment(
                    t.input,
                    at(segment)..at(segment) + segment.len(),
                    at(value)..at(value) + value.len(),
                    k + 1 == all.len(),
                )
            }
            Capture::Tail => {
                let fixed = pattern.segments.len().min(all.len());
                let rest = match (pattern.tail, &all[fixed..]) {
                    (Tail::Optional | Tail::Rest, [first, .., last]) => {
                        Some(at(first)..at(last) + last.len())
                    }
                    (Tail::Optional | Tail::Rest, [only]) => Some(at(only)..at(only) + only.len()),
                    _ => None,
                };
                Params::segments(t.input, rest)
            }
            Capture::Key(j) => {
                let key = pattern.keys.get(j).map_or("", |k| k.name);
                let query = t
                    .query
                    .map_or(t.input.len()..t.input.len(), |q| at(q)..at(q) + q.len());
                Params::query(t.input, query, key)
            }
        }
    }

    #[cold]
    fn value_error(
        &self,
        field: &'static str,
        capture: Capture,
        params: &Params<'_>,
        error: ParamError,
    ) -> RouteError {
        let key = match capture {
            Capture::Key(j) => self.entry.pattern.keys.get(j).map(|k| k.name),
            Capture::Segment(_) | Capture::Tail => None,
        };
        let offset = match &error {
            ParamError::Decode(e) => Some(e.offset()),
            // A missing parameter is nowhere; a repeated one is about the parameter.
            ParamError::Missing | ParamError::Repeated => None,
            _ => Some(params.offset()),
        };
        let quoted = match (&error, key) {
            (ParamError::Missing | ParamError::Repeated, Some(key)) => key,
            // Nothing of the URL was read: name the parameter.
            (_, Some(key)) if !params.read_any() => key,
            _ => params.raw(),
        };
        let error = RouteError::new(self.entry.route, RouteErrorKind::Value(error))
            .field_of(field)
            .quoting(quoted);
        match offset {
            Some(offset) => error.at(offset),
            None => error,
        }
    }

    /// The error for an index the generated `match` does not know (never happens: the
    /// derive writes one arm per entry).
    #[cold]
    pub fn no_match(&self) -> RouteError {
        RouteError::new(
            self.target.route,
            RouteErrorKind::NoMatch { template: None },
        )
        .quoting(self.target.path)
    }
}

/// The error of `to_url` when the URL built from `placeholder`'s value would parse as
/// `route`, tried before the value's own.
#[cold]
pub fn parses_as(placeholder: &str, route: &'static str, template: &'static str) -> Error {
    Error::parses_as(placeholder, route, template)
}
