//! [`Params`]: the values a URL gives one placeholder, decoded one at a time.

use alloc::borrow::Cow;
use core::ops::Range;

use urlkit_syntax::path::is_dot_segment;
use urlkit_syntax::route::{key_eq_in, pieces};

use super::ParamError;
use crate::decode;

/// The values a URL gives one placeholder, each percent-decoded when it is read: none or one
/// for a path segment or `{/x}`, any number for `{/x*}` and for a query parameter (in the
/// order they appear, its key in any spelling: keys are compared decoded, so `page` and
/// `p%61ge` are one parameter). What [`FromParam::from_params`](super::FromParam::from_params)
/// reads.
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
/// assert_eq!(Search::from_url("/search?page=1&p%61ge=2")?, Search { page: Last(2) });
/// # Ok::<(), urlkit::RouteError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Params<'i> {
    /// The whole URL: every position below is a byte offset in it, so that an error's offset
    /// always lies within the URL (never computed from where a slice happens to be).
    input: &'i str,
    source: Source<'i>,
    /// Where the raw text of the value read last is (for a path segment, the whole segment),
    /// for error messages and offsets; before any, an empty span where the placeholder's
    /// values are looked for.
    raw: Range<usize>,
    /// Whether a value was read.
    read: bool,
    /// Whether the text holds nothing to decode (no `%`, and no `+` in a query), so that a
    /// value is its raw text: what decoding would give, without looking for escapes again.
    plain: bool,
}

/// See [`Params::failure`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Failure<'i> {
    pub(crate) raw: &'i str,
    pub(crate) offset: usize,
    pub(crate) read: bool,
}

#[derive(Clone, Debug)]
enum Source<'i> {
    /// The value of a path segment that holds nothing to decode and that the segment checks
    /// passed: [`Target::segment_field`](super::target::Target::segment_field)'s fast path.
    Plain { value: Option<&'i str> },
    /// One path segment (whole, for the dot check) and its value's part; `last` if it ends
    /// the path.
    Segment {
        segment: Option<(Range<usize>, Range<usize>)>,
        last: bool,
    },
    /// The segments of `{/x*}` (or of an optional `{/x}`), which end the path: the text from
    /// the first one's start to the path's end, or nothing when there are none.
    Segments { rest: Option<Range<usize>> },
    /// The query, from `next` on, for the `remaining` pieces holding `key` (counted when
    /// the URL was matched, so that telling whether more are left scans nothing).
    Query {
        query: Range<usize>,
        /// The first value, until it is read.
        first: Option<Range<usize>>,
        next: usize,
        key: &'static str,
        remaining: usize,
    },
    /// The items of a list in one path segment (`whole`, checked once), from `rest` on, split
    /// on the raw `delimiter`: `,` (`{x}`, `{.x}`, `{;x}`, whose expansion encodes an item's
    /// own `,`), `.` (`{.x*}`, whose items `to_url` refuses to hold one) or `;` (`{;x*}`,
    /// which encodes an item's `;`: each item after the first starts with `name`, and each is
    /// empty or `=` and its value). Nothing when the last item was read.
    ///
    /// With `entries` (a map in `{x*}`, `{.x*}` or `{;x*}`), each item is an entry, `key=value`
    /// split on its first raw `=` (the expansion encodes a key's own `=`), given as two
    /// values, the key then its value (`pending` until read); a matrix item (whose key
    /// replaces the name) may be the key alone, as RFC 6570 §3.2.7 writes an empty value.
    SegmentItems {
        whole: Option<(Range<usize>, bool)>,
        rest: Option<Range<usize>>,
        delimiter: u8,
        name: &'static str,
        first: bool,
        entries: bool,
        pending: Option<Range<usize>>,
    },
    /// The items of a list written in one query value, joined with `delimiter` (`{?tags}` on
    /// a `Vec`, `,`; or a field's `style`): the rest of that value, or nothing once the last
    /// item was read. `repeated` if the parameter stands more than once, which a list in one
    /// value never does.
    Joined {
        rest: Option<Range<usize>>,
        repeated: bool,
        delimiter: char,
    },
}

impl<'i> Params<'i> {
    /// One segment, `whole`, whose value is `value` (within it); `last` if it ends the path.
    #[inline]
    pub(crate) fn segment(
        input: &'i str,
        whole: Range<usize>,
        value: Range<usize>,
        last: bool,
        plain: bool,
    ) -> Self {
        Params {
            input,
            raw: value.clone(),
            read: false,
            plain,
            source: Source::Segment {
                segment: Some((whole, value)),
                last,
            },
        }
    }

    /// The value of a path segment, `value`, that needs no decoding and that `to_url` could
    /// have written (not `.` or `..`, not empty but for the last): no check is left to make.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next_value`")]
    pub(crate) fn plain(input: &'i str, value: &'i str) -> Self {
        Params {
            input,
            raw: 0..0,
            read: false,
            plain: true,
            source: Source::Plain { value: Some(value) },
        }
    }

    /// The segments in `rest` (a path's end, segments separated by `/`), or none.
    #[inline]
    pub(crate) fn segments(input: &'i str, rest: Option<Range<usize>>, plain: bool) -> Self {
        let at = rest.as_ref().map_or(input.len(), |r| r.start);
        Params {
            input,
            raw: at..at,
            read: false,
            plain,
            source: Source::Segments { rest },
        }
    }

    /// The values of `key` in the query `query`: `count` pieces, the first one's value at
    /// `first` (offsets in the URL).
    #[inline]
    pub(crate) fn query(
        input: &'i str,
        query: Range<usize>,
        key: &'static str,
        (first, count): ((usize, usize), usize),
        plain: bool,
    ) -> Self {
        Params {
            input,
            raw: query.start..query.start,
            read: false,
            plain,
            source: Source::Query {
                first: Some(first.0..first.1),
                next: first.1,
                query,
                key,
                remaining: count,
            },
        }
    }

    /// The query values of [`query`](Self::query) as the items of one value joined with
    /// `delimiter`: `,` (RFC 6570 §3.2.8 without `*`), or the space or `|` of OpenAPI's
    /// `spaceDelimited` and `pipeDelimited`. The value is split before decoding: on each `,`
    /// as written, since `to_url` percent-encodes an item's own `,` (`%2C`); on each space
    /// (`%20`, `+`) or `|` (`%7C`), which `to_url` refuses in an item. So the split finds
    /// exactly the items `to_url` wrote, and `tags=` is one empty item, where no `tags` is
    /// none.
    #[inline]
    pub(crate) fn joined(self, delimiter: char) -> Self {
        let source = match &self.source {
            Source::Query {
                first, remaining, ..
            } => Source::Joined {
                rest: first.clone().filter(|_| *remaining > 0),
                repeated: *remaining > 1,
                delimiter,
            },
            _ => return self,
        };
        Params { source, ..self }
    }

    /// The value of [`segment`](Self::segment) as the items of a list, separated by
    /// `delimiter` (see [`Source::SegmentItems`]); `name` is the field's, for `{;x*}`.
    #[inline]
    pub(crate) fn segment_items(self, delimiter: char, name: &'static str) -> Self {
        let source = match &self.source {
            Source::Segment { segment, last } => Source::SegmentItems {
                whole: segment.as_ref().map(|(whole, _)| (whole.clone(), *last)),
                rest: segment.as_ref().map(|(_, value)| value.clone()),
                delimiter: u8::try_from(delimiter).unwrap_or(b','),
                name,
                first: true,
                entries: false,
                pending: None,
            },
            _ => return self,
        };
        Params { source, ..self }
    }

    /// The items of [`segment_items`](Self::segment_items) as the entries of a map, each
    /// `key=value` (see [`Source::SegmentItems`]): a key then its value, in turn.
    #[inline]
    pub(crate) fn entries(mut self) -> Self {
        if let Source::SegmentItems { entries, .. } = &mut self.source {
            *entries = true;
        }
        self
    }

    /// What an error about the values names: the raw (still encoded) text of the value read
    /// last (for a segment, before any was read, its value's part; for a query, empty), where
    /// it starts in the URL, and whether a value was read.
    #[inline]
    pub(crate) fn failure(&self) -> Failure<'i> {
        Failure {
            raw: self.input.get(self.raw.clone()).unwrap_or_default(),
            offset: self.raw.start,
            read: self.read,
        }
    }

    /// The next value, decoded; `Ok(None)` when there are no more.
    ///
    /// # Errors
    /// [`ParamError::Decode`] for a bad percent-escape or bytes that are not UTF-8 (with the
    /// offset in the whole URL), [`ParamError::DotSegment`] and [`ParamError::EmptySegment`]
    /// for path segments `to_url` would refuse.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "inlined into each reading of a field, the variant of its source is known and the rest folds away"
    )]
    pub fn next_value(&mut self) -> Result<Option<Cow<'i, str>>, ParamError> {
        let input = self.input;
        let text = |r: &Range<usize>| input.get(r.clone()).unwrap_or_default();
        let bytes = |r: &Range<usize>| input.as_bytes().get(r.clone()).unwrap_or_default();
        self.read = true;
        let (value, form) = match &mut self.source {
            Source::Plain { value } => return Ok(value.take().map(Cow::Borrowed)),
            Source::Segment { segment, last } => {
                let Some((whole, value)) = segment.take() else {
                    return Ok(None);
                };
                // A dot or empty segment is about the whole segment; anything else about the
                // value, without the static text around it (`12x` of `v12x` in `v{version}`).
                self.raw = whole.clone();
                check_segment(bytes(&whole), *last)?;
                self.raw = value.clone();
                (value, false)
            }
            Source::Segments { rest } => {
                let Some(r) = rest.take() else {
                    return Ok(None);
                };
                let end = text(&r).find('/').map_or(r.end, |i| r.start + i);
                if end < r.end {
                    *rest = Some(end + 1..r.end);
                }
                let first = r.start..end;
                self.raw = first.clone();
                check_segment(bytes(&first), end == r.end)?;
                (first, false)
            }
            Source::Query {
                query,
                first,
                next,
                key,
                remaining,
            } => {
                if *remaining == 0 {
                    return Ok(None);
                }
                let found = match first.take() {
                    Some(first) => Some(first),
                    None => next_piece_value(input, query.end, next, key, self.plain),
                };
                let Some(value) = found else {
                    return Ok(None);
                };
                *remaining -= 1;
                self.raw = value.clone();
                (value, true)
            }
            Source::SegmentItems { .. } => {
                // Out of line: the reading of a list or map in a segment is the rare case.
                match next_segment_item(input, &mut self.source, &mut self.raw)? {
                    Some(item) => (item, false),
                    None => return Ok(None),
                }
            }
            Source::Joined {
                rest,
                repeated,
                delimiter,
            } => {
                if *repeated {
                    return Err(ParamError::Repeated);
                }
                let Some(r) = rest.take() else {
                    return Ok(None);
                };
                let (end, after) = match find_delimiter(text(&r), *delimiter) {
                    Some((at, len)) => (r.start + at, r.start + at + len),
                    None => (r.end, r.end),
                };
                if end < r.end {
                    *rest = Some(after..r.end);
                }
                let item = r.start..end;
                self.raw = item.clone();
                (item, true)
            }
        };
        let raw = text(&value);
        if self.plain {
            return Ok(Some(Cow::Borrowed(raw)));
        }
        let decoded = if form {
            decode::form(raw)
        } else {
            decode::component(raw)
        };
        decoded
            .map(Some)
            .map_err(|e| ParamError::Decode(e.shifted(value.start)))
    }

    /// Whether no value is left, without decoding any.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `next_value`")]
    pub fn is_done(&self) -> bool {
        match &self.source {
            Source::Plain { value } => value.is_none(),
            Source::Segment { segment, .. } => segment.is_none(),
            Source::Segments { rest } => rest.is_none(),
            Source::SegmentItems { rest, pending, .. } => rest.is_none() && pending.is_none(),
            Source::Query { remaining, .. } => *remaining == 0,
            Source::Joined { rest, repeated, .. } => rest.is_none() && !repeated,
        }
    }
}

/// The next item of a [`Source::SegmentItems`] (its range in `input`, `raw` set to what an
/// error about it quotes), or `None` when there are no more.
#[inline(never)]
fn next_segment_item(
    input: &str,
    source: &mut Source<'_>,
    raw: &mut Range<usize>,
) -> Result<Option<Range<usize>>, ParamError> {
    let Source::SegmentItems {
        whole,
        rest,
        delimiter,
        name,
        first,
        entries,
        pending,
    } = source
    else {
        return Ok(None);
    };
    let text = |r: &Range<usize>| input.get(r.clone()).unwrap_or_default();
    let bytes = |r: &Range<usize>| input.as_bytes().get(r.clone()).unwrap_or_default();
    if let Some((whole, last)) = whole.take() {
        *raw = whole.clone();
        check_segment(bytes(&whole), last)?;
    }
    if let Some(value) = pending.take() {
        *raw = value.clone();
        return Ok(Some(value));
    }
    let Some(r) = rest.take() else {
        return Ok(None);
    };
    let end = bytes(&r)
        .iter()
        .position(|b| b == delimiter)
        .map_or(r.end, |at| r.start + at);
    if end < r.end {
        *rest = Some(end + 1..r.end);
    }
    let mut item = r.start..end;
    *raw = item.clone();
    // `{.x*}` writes `.` only between items, never encoded in one (`to_url` refuses an item
    // holding it), so an item with `%2E` is no item it writes.
    if *delimiter == b'.' && has_encoded_dot(bytes(&item)) {
        return Err(ParamError::Invalid {
            expected: "an item of this label parameter, which holds no `.` (`%2E`)",
        });
    }
    if *entries {
        // The key, up to the first raw `=`; the value after it, read next.
        match text(&item).find('=') {
            Some(at) => {
                *pending = Some(item.start + at + 1..item.end);
                item.end = item.start + at;
                *raw = item.clone();
            }
            None if *delimiter == b';' => *pending = Some(item.end..item.end),
            None => {
                return Err(ParamError::Invalid {
                    expected: "an entry of this map: its key, `=` and its value",
                });
            }
        }
    } else if *delimiter == b';' {
        // `;x=` and the value, or `;x` for an empty one; the first item's `;x` is the
        // segment's static text.
        let text = text(&item);
        let after = if *first {
            Some(text)
        } else {
            text.strip_prefix(*name)
        };
        match after {
            Some("") => item.start = item.end,
            Some(value) if value.starts_with('=') => {
                item.start = item.end - value.len() + 1;
            }
            _ => {
                return Err(ParamError::Invalid {
                    expected: "an item of this matrix parameter: its name, alone or before `=` and a value",
                });
            }
        }
    }
    *first = false;
    Ok(Some(item))
}

/// Whether `raw` holds `%2E` (either case of hex, RFC 3986 §2.1).
fn has_encoded_dot(raw: &[u8]) -> bool {
    raw.windows(3).any(|w| w.eq_ignore_ascii_case(b"%2e"))
}

/// The value of the next piece of the query (which ends at `end`) from `*next` on whose key is
/// `key` (compared decoded; `plain` if the query holds no `%` and no `+`), and moves `*next`
/// past it.
fn next_piece_value(
    input: &str,
    end: usize,
    next: &mut usize,
    key: &str,
    plain: bool,
) -> Option<Range<usize>> {
    let rest = input.get(*next..end)?;
    for piece in pieces(rest) {
        if key_eq_in(key, piece.key, plain) {
            let start = *next;
            *next = start + piece.at + piece.piece.len();
            return Some(start + piece.value_at..start + piece.at + piece.piece.len());
        }
    }
    *next = end;
    None
}

/// The first delimiter of a joined list in the raw query value `text`, and its length: `,` as
/// written (`%2C` is a comma in an item); a space as `+` or `%20`, a `|` as `%7C`, hex in
/// either case (RFC 3986 §2.1), since `to_url` refuses these in an item.
fn find_delimiter(text: &str, delimiter: char) -> Option<(usize, usize)> {
    // A raw `|` never gets here: `from_url` refuses a query that is not URL text.
    let (raw, hex) = match delimiter {
        ',' => return text.find(',').map(|at| (at, 1)),
        ' ' => (Some(b'+'), *b"20"),
        _ => (None, *b"7C"),
    };
    let bytes = text.as_bytes();
    bytes.iter().enumerate().find_map(|(at, &b)| {
        if Some(b) == raw {
            return Some((at, 1));
        }
        let escape = bytes.get(at + 1..at + 3)?;
        (b == b'%' && escape.eq_ignore_ascii_case(&hex)).then_some((at, 3))
    })
}

/// A path segment `to_url` would not write where a value stands: `.` or `..` (in any `%2E`
/// spelling), or empty but for the last.
#[inline]
fn check_segment(segment: &[u8], last: bool) -> Result<(), ParamError> {
    if segment.is_empty() && !last {
        Err(ParamError::EmptySegment)
    } else if is_dot_segment(segment) {
        Err(ParamError::DotSegment)
    } else {
        Ok(())
    }
}
