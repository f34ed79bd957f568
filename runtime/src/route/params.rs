//! [`Params`]: the values a URL gives one placeholder, decoded one at a time.

use alloc::borrow::Cow;
use core::str::Split;

use urlkit_syntax::path::is_dot_segment;
use urlkit_syntax::route::static_eq;

use super::ParamError;
use crate::decode;

/// The values a URL gives one placeholder, each percent-decoded when it is read: none or one
/// for a path segment or `{/x}`, any number for `{/x*}` and for a query parameter (in the
/// order they appear). What [`FromParam::from_params`](super::FromParam::from_params) reads.
///
/// Path values are decoded with [`decode::component`] (`+` stays `+`), query values with
/// [`decode::form`] (`+` is a space). A path segment that is `.` or `..` (in any `%2E`
/// spelling) is an error, and so is an empty one that is not the last of the path: `to_url`
/// never writes either.
///
/// # Examples
/// A field that takes the last of repeated query values, where a plain field refuses them:
/// ```
/// use std::borrow::Cow;
/// use urlkit::Route;
/// use urlkit::route::{FromParam, ParamError, Params};
///
/// #[derive(Debug, PartialEq)]
/// struct Last<T>(T);
///
/// impl<T: FromParam> FromParam for Last<T> {
///     fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
///         T::from_param(value).map(Last)
///     }
///     fn from_params(params: &mut Params<'_>) -> Result<Self, ParamError> {
///         let mut last = None;
///         while let Some(value) = params.next_value()? {
///             last = Some(value);
///         }
///         Self::from_param(last.ok_or(ParamError::Missing)?)
///     }
/// }
/// # impl<T: urlkit::value::Value> urlkit::value::Value for Last<T> {
/// #     fn expand(&self, e: &mut urlkit::value::Expansion<'_, '_>) { self.0.expand(e) }
/// # }
///
/// #[derive(Route, Debug, PartialEq)]
/// #[route("/search{?page}")]
/// struct Search {
///     page: Last<u32>,
/// }
///
/// assert_eq!(Search::from_url("/search?page=1&page=2")?, Search { page: Last(2) });
/// # Ok::<(), urlkit::RouteError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Params<'i> {
    /// The whole URL, for offsets.
    input: &'i str,
    source: Source<'i>,
    /// The raw text of the last value read, for error messages.
    raw: &'i str,
}

#[derive(Clone, Debug)]
enum Source<'i> {
    /// One path segment (whole, for the dot check) and its value's part; `last` if it ends
    /// the path.
    Segment {
        segment: Option<(&'i str, &'i str)>,
        last: bool,
    },
    /// The segments of `{/x*}` (or of an optional `{/x}`), which end the path.
    Segments(&'i [&'i str]),
    /// The pieces of a query holding `key`.
    Query {
        pieces: Split<'i, char>,
        key: &'i str,
    },
}

impl<'i> Params<'i> {
    pub(crate) fn segment(input: &'i str, segment: &'i str, value: &'i str, last: bool) -> Self {
        Params {
            input,
            source: Source::Segment {
                segment: Some((segment, value)),
                last,
            },
            raw: value,
        }
    }

    pub(crate) fn segments(input: &'i str, segments: &'i [&'i str]) -> Self {
        Params {
            input,
            source: Source::Segments(segments),
            raw: "",
        }
    }

    pub(crate) fn query(input: &'i str, query: &'i str, key: &'i str) -> Self {
        Params {
            input,
            source: Source::Query {
                pieces: query.split('&'),
                key,
            },
            raw: key,
        }
    }

    /// The raw (still encoded) text of the value read last, or what the placeholder is
    /// called in the URL before any was read.
    pub(crate) fn raw(&self) -> &'i str {
        self.raw
    }

    /// Where `text` (a slice of the URL) starts in the URL.
    pub(crate) fn offset_of(&self, text: &str) -> usize {
        (text.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize)
    }

    /// The next value, decoded; `Ok(None)` when there are no more.
    ///
    /// # Errors
    /// [`ParamError::Decode`] for a bad percent-escape or bytes that are not UTF-8 (with the
    /// offset in the whole URL), [`ParamError::DotSegment`] and [`ParamError::EmptySegment`]
    /// for path segments `to_url` would refuse.
    pub fn next_value(&mut self) -> Result<Option<Cow<'i, str>>, ParamError> {
        let (raw, form) = match &mut self.source {
            Source::Segment { segment, last } => {
                let Some((whole, value)) = segment.take() else {
                    return Ok(None);
                };
                self.raw = whole;
                check_segment(whole, *last)?;
                (value, false)
            }
            Source::Segments(rest) => {
                let Some((&first, others)) = rest.split_first() else {
                    return Ok(None);
                };
                *rest = others;
                self.raw = first;
                check_segment(first, others.is_empty())?;
                (first, false)
            }
            Source::Query { pieces, key } => {
                let key = *key;
                let Some(value) = pieces.find_map(|piece| piece_value(piece, key)) else {
                    return Ok(None);
                };
                self.raw = value;
                (value, true)
            }
        };
        let decoded = if form {
            decode::form(raw)
        } else {
            decode::component(raw)
        };
        let offset = self.offset_of(raw);
        decoded
            .map(Some)
            .map_err(|e| ParamError::Decode(e.shifted(offset)))
    }

    /// Whether no value is left, without decoding any.
    pub fn is_done(&self) -> bool {
        match &self.source {
            Source::Segment { segment, .. } => segment.is_none(),
            Source::Segments(rest) => rest.is_empty(),
            Source::Query { pieces, key } => {
                let key = *key;
                !pieces
                    .clone()
                    .any(|piece| piece_value(piece, key).is_some())
            }
        }
    }
}

/// The raw value of a query piece whose key is `key`.
fn piece_value<'i>(piece: &'i str, key: &str) -> Option<&'i str> {
    let (k, value) = piece.split_once('=').unwrap_or((piece, ""));
    (!piece.is_empty() && static_eq(key, k)).then_some(value)
}

fn check_segment(segment: &str, last: bool) -> Result<(), ParamError> {
    if is_dot_segment(segment.as_bytes()) {
        Err(ParamError::DotSegment)
    } else if segment.is_empty() && !last {
        Err(ParamError::EmptySegment)
    } else {
        Ok(())
    }
}
