//! What a leaf of the `from_url` that `#[derive(Route)]` generates calls, once a route's path
//! matched: the query rules of its routes, the error when no route takes a URL, and the
//! reading of each field from where its placeholder stands.
//!
//! The derive knows every route at compile time, so it writes `from_url` as a decision tree
//! over the path's static text (`macros/src/route/tree.rs`): segment by segment, a `match` on
//! the segment's first byte, then its static text compared where the segment starts (so a
//! segment of static text is never searched for its end), the routes tried most specific
//! first as `urlkit_syntax::route::order` ranks them. The walk is a function of its own,
//! written once: it gives the route that matched (its place in that order), the [`Target`],
//! and the segments the route's fields read, by value; `from_url` then reads those fields,
//! and `to_url`'s round-trip check keeps only the route.
//! Only a segment that a placeholder reads is searched for its end, and its characters
//! checked on the way ([`Walk`](super::walk::Walk)); at a leaf, `finish` checks the query and
//! gives the [`Target`] the fields are read from, and before the first route there that
//! compares query keys (which are compared decoded), `check_keys` refuses a key that does not
//! decode. Generated code has this shape:
//!
//! ```text
//! fn walk<'i>(w: &Walk<'i>) -> Result<(usize, Target<'i>, [SegmentSpan; 1]), RouteError> {
//!     let mut miss = Miss::default();
//!     let root = w.root();
//!     if let Some(p0) = w.after(root) {
//!         match w.byte(p0) {
//!             b'u' => if let Some(s0) = w.literal(p0, b"users") {
//!                 if let Some(p1) = w.after(s0) {
//!                     match w.byte(p1) {
//!                         b'm' => if let Some(s1) = w.literal(p1, b"me") {
//!                             if w.ends(s1) { return w.found(0, s1, [root]) }
//!                         },
//!                         _ => {}
//!                     }
//!                     let s1 = w.segment(p1);
//!                     if !s1.is_empty() && w.ends(s1) { return w.found(1, s1, [s1]) }
//!                 }
//!             },
//!             _ => {}
//!         }
//!     }
//!     Err(w.miss(&miss, None))
//! }
//!
//! fn from_url(url: &str) -> Result<Api, RouteError> {
//!     let w = Walk::new(url, "Api")?;
//!     match walk(&w) {
//!         Ok((n, t, at)) => match n {
//!             0 => Ok(Api::Me),
//!             _ => Ok(Api::User { id: match RouteField::segment(&t, at[0], &FIELDS[0]) { … } }),
//!         },
//!         Err(e) => Err(e),
//!     }
//! }
//! ```
//!
//! Nothing allocates unless a value must be decoded into new text or a field owns it.

use urlkit_syntax::route::{Pattern, QueryMismatch, has_form_escape, key_eq_in, piece_key, pieces};

use super::error::{ParamError, RouteError, RouteErrorKind};
use super::from_param::FromParam;
use super::params::{Failure, Params};
use super::shape::ValueType;
use super::split;
use super::target::{SegmentSpan, Target};
use crate::decode;
use crate::error::{ExpandError, ExpandErrorKind};
use crate::value::{Expansion, ListItem, Scalar, Value, capped_hint};
use crate::writer::{Modifier, Spot, Writer};

/// What a route needs of the query (its static pieces, required parameters, and whether
/// unknown ones are denied), with what its errors name.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// `Api::User`, or the struct's name.
    pub route: &'static str,
    /// The route's query, as a pattern without segments.
    pub query: Pattern<'static>,
    /// The field each of `query.keys` fills.
    pub key_fields: &'static [&'static str],
}

/// The first route whose path matched but whose query did not, for the error when no route
/// takes the URL.
#[derive(Debug, Default)]
pub struct Miss<'i> {
    first: Option<(&'static Rule, QueryMismatch<'i>)>,
    /// The methods of the routes that took the URL but not the request's method (bits of
    /// `Methods`).
    refused: u16,
}

/// The pieces of a query that hold one parameter, as [`Target::keys`] counts them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hits {
    /// How many.
    pub(super) count: usize,
    /// Where the first one's value is, in the URL.
    pub(super) value: (usize, usize),
}

impl<'i> Miss<'i> {
    /// Notes that a route whose methods are `methods` took the URL, but not the request's
    /// method.
    #[cold]
    pub fn refuse(&mut self, methods: u16) {
        self.refused |= methods;
    }

    /// The methods of the routes that took the URL but not the method, if any did.
    pub(crate) fn refused(&self) -> Option<super::method::Methods> {
        (self.refused != 0).then(|| super::method::Methods::from_bits(self.refused))
    }

    /// Notes that `rule`'s route matched the path but not the query: the error is about the
    /// mismatch `QueryMismatch::replaces` prefers.
    #[cold]
    pub fn note(&mut self, rule: &'static Rule, mismatch: QueryMismatch<'i>) {
        if mismatch.replaces(self.first.as_ref().map(|(_, earlier)| earlier)) {
            self.first = Some((rule, mismatch));
        }
    }
}

/// A field, for reading it and for its errors: which route, which field, and where in a
/// segment (the static text before and after its value) or which query parameter.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// `Api::User`, or the struct's name.
    pub route: &'static str,
    /// The field.
    pub name: &'static str,
    /// For a path segment: how many bytes of static text are before the value.
    pub prefix: usize,
    /// For a path segment: how many bytes of static text are after the value.
    pub suffix: usize,
    /// For a query parameter: its name; empty otherwise.
    pub key: &'static str,
    /// For a query parameter that is a list in one value (`{?tags}` on a `Vec`): the
    /// character between its items (`,`, or the space or `|` of a field's `style`), on which
    /// the value is split before its items are decoded. For a list or a map in a path
    /// segment: `,` (`{x}`, `{x*}`, `{.x}`, `{;x}`), `.` (`{.x*}`) or `;` (`{;x*}`, each item
    /// `;x=` and its value, or a map's `;key=` and its value).
    pub joined: Option<char>,
    /// For an `Option` read in the query without `#[route(keep_empty)]`: a single empty value
    /// (`page=`, an empty form field) is absent, `None`.
    pub empty_is_absent: bool,
    /// For a path segment `{;x}`: the value follows an `=` after the static text (which ends
    /// with `;x`), or is empty with no `=` (RFC 6570 §3.2.7 writes `;x` for an empty value).
    pub matrix: bool,
}

/// An `Option` field whose empty query value `from_url` reads as `None`, as `to_url` writes
/// it: `None` writes nothing, and `Some` of a value that writes nothing (`Some(String::new())`)
/// is refused ([`ExpandErrorKind::EmptySome`]), since its URL would read back as `None`.
#[derive(Clone, Copy, Debug)]
pub struct SomeWrites<'a, T>(pub &'a Option<T>);

#[diagnostic::do_not_recommend]
impl<T: Value> Value for SomeWrites<'_, T> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.0 {
            let start = e.written();
            value.expand(e);
            // In the query a value is written after its `key=` (RFC 6570 §3.2.8, or the
            // pair's static text), and its own `=` is encoded (`%3D`): what ends with `=`, or
            // writes nothing at all, wrote no value.
            let written = e.written_since(start);
            if written.is_empty() || written.ends_with('=') {
                e.refuse(ExpandErrorKind::EmptySome);
            }
        }
    }

    fn size_hint(&self) -> usize {
        self.0.as_ref().map_or(0, Value::size_hint)
    }
}

/// A list field of a route with `#[route(style = "...")]`, as `to_url` writes it: the items in
/// one value, joined with `delimiter` percent-encoded (`%20` for a space, `%7C` for `|`, as
/// OpenAPI's style examples write them). An item that holds the delimiter would be encoded
/// alike, so it is refused ([`ExpandErrorKind::DelimiterInItem`]); an empty list is undefined, as
/// any empty list is (RFC 6570 §2.3).
#[derive(Clone, Copy, Debug)]
pub struct Delimited<'a, T>(pub &'a [T], pub char);

#[diagnostic::do_not_recommend]
impl<T: ListItem> Value for Delimited<'_, T> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if !self.0.is_empty() {
            e.scalar(&DelimitedItems(self.0, self.1));
        }
    }
}

/// A list field in a path segment (`{x}`, `{.x}`, `{;x}`, with or without `*`), as `to_url`
/// writes it: RFC 6570's list (§3.2.2, §3.2.5, §3.2.7), but for what `from_url` could not
/// read back. An empty list is refused ([`ExpandErrorKind::EmptyList`]): it is undefined and
/// writes nothing, not even the `.` or `;x` the segment starts with (and in `{x}`, nothing is
/// also the list of one empty item). With `dots` (`{.x*}`, whose items are separated by a `.`
/// that RFC 6570 leaves unencoded in an item), an item holding a `.` is refused
/// ([`ExpandErrorKind::DelimiterInItem`]): `["a.b"]` and `["a", "b"]` would both be `.a.b`.
#[derive(Clone, Copy, Debug)]
pub struct PathList<'a, T>(pub &'a [T], pub bool);

#[diagnostic::do_not_recommend]
impl<T: ListItem> Value for PathList<'_, T> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if self.0.is_empty() {
            e.refuse(ExpandErrorKind::EmptyList);
            return;
        }
        let start = e.written();
        e.list(self.0.iter());
        // The separators are the list's only `.` unless an item has its own.
        if self.1 && e.written_since(start).matches('.').count() != self.0.len() {
            e.refuse(ExpandErrorKind::DelimiterInItem { delimiter: '.' });
        }
    }

    fn size_hint(&self) -> usize {
        self.0.iter().map(|item| item.size_hint() + 1).sum()
    }
}

/// The items of a [`Delimited`] list, written as one value.
struct DelimitedItems<'a, T>(&'a [T], char);

impl<T: ListItem> Scalar for DelimitedItems<'_, T> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        // The delimiter as a query value writes it (RFC 3986 allows neither character raw),
        // which is also how an item's own space or `|` is written.
        let encoded = if self.1 == ' ' { "%20" } else { "%7C" };
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                e.push_list_separator(encoded);
            }
            let start = e.written();
            item.write(e);
            // A `%` of the item's own is `%25`, so this text comes from the character alone.
            if e.written_since(start).contains(encoded) {
                let kind = ExpandErrorKind::DelimiterInItem { delimiter: self.1 };
                e.refuse_field(kind, alloc::format!("[{i}]"));
            }
        }
    }

    fn size_hint(&self) -> usize {
        self.0.iter().map(|item| item.size_hint() + 3).sum()
    }
}

impl<'i> Target<'i> {
    /// Whether the query holds what `rule` needs. Its keys must have passed
    /// [`check_keys`](Self::check_keys).
    ///
    /// # Errors
    /// Why not, for [`Miss::note`].
    #[inline]
    pub fn check(&self, rule: &Rule) -> Result<(), QueryMismatch<'i>> {
        rule.query.check_query_in(self.query(), self.query_plain())
    }

    /// Refuses a query whose keys do not all have a decoded form: the generated leaf calls it
    /// before the first route that compares keys. Keys are compared decoded
    /// (`urlkit_syntax::route::key_eq`), so a key with a bad escape or bytes that are not
    /// UTF-8 could be taken for none of the template's keys, or for one of them, depending on
    /// the reader; it is an error rather than skipped. A query without `%` has nothing to
    /// check (a `+` always decodes), and is not looked at.
    ///
    /// # Errors
    /// [`RouteErrorKind::MalformedKey`], quoting the key, at the offset of its bad escape.
    #[inline]
    pub fn check_keys(&self) -> Result<(), RouteError> {
        if self.query_plain() {
            return Ok(());
        }
        self.check_escaped_keys()
    }

    /// [`check_keys`](Self::check_keys) of a query that holds a `%` or a `+`: its `%`, `&`
    /// and `=` found a block at a time, and each key with a `%` checked whole.
    #[inline(never)]
    fn check_escaped_keys(&self) -> Result<(), RouteError> {
        let Some(query) = self.query() else {
            return Ok(());
        };
        let bytes = query.as_bytes();
        // Where the key being read starts (`None` in a value), and whether it has a `%`.
        let (mut key, mut escaped) = (Some(0), false);
        for at in split::marks(bytes) {
            let mark = bytes.get(at).copied();
            if mark == Some(b'%') {
                escaped |= key.is_some();
                continue;
            }
            // A key ends at its first `=`, or at its piece's `&`.
            if let Some(start) = key
                && escaped
            {
                self.check_key(query, start..at)?;
            }
            if mark == Some(b'&') {
                key = Some(at + 1);
            } else {
                key = None;
            }
            escaped = false;
        }
        // Or at the query's end.
        match key {
            Some(start) if escaped => self.check_key(query, start..bytes.len())?,
            _ => {}
        }
        Ok(())
    }

    /// Refuses the key `query[range]` if it does not decode.
    #[cold]
    fn check_key(&self, query: &str, range: core::ops::Range<usize>) -> Result<(), RouteError> {
        let key_at = self.query_start() + range.start;
        let key = query.get(range).unwrap_or_default();
        match decode::form_check(key) {
            Ok(()) => Ok(()),
            Err(e) => {
                let e = e.shifted(key_at);
                let at = e.offset();
                Err(RouteError::new(self.route, RouteErrorKind::MalformedKey(e))
                    .quoting(key)
                    .at(at))
            }
        }
    }

    /// The error when no route took the URL: about the query of the route `miss` noted, or
    /// [`RouteErrorKind::NoMatch`] (naming `template`, a struct's).
    #[cold]
    pub fn miss(&self, miss: &Miss<'i>, template: Option<&'static str>) -> RouteError {
        if let Some((rule, mismatch)) = miss.first {
            return self.query_error(rule, mismatch);
        }
        RouteError::new(self.route, RouteErrorKind::NoMatch { template }).quoting(self.path())
    }

    #[cold]
    fn query_error(&self, rule: &Rule, mismatch: QueryMismatch<'i>) -> RouteError {
        let pattern = &rule.query;
        let query_start = self.query_start();
        match mismatch {
            QueryMismatch::MissingPair(i) => {
                let piece = pattern.pairs.get(i).copied().unwrap_or_default();
                RouteError::new(rule.route, RouteErrorKind::MissingPiece { piece })
            }
            QueryMismatch::RepeatedPair { pair, at } => {
                let piece = pattern.pairs.get(pair).copied().unwrap_or_default();
                RouteError::new(rule.route, RouteErrorKind::RepeatedPiece { piece })
                    .quoting(piece_key(piece))
                    .at(query_start + at)
            }
            QueryMismatch::MissingKey(i) => {
                let key = pattern.keys.get(i).map_or("", |k| k.name);
                let error = RouteError::new(rule.route, RouteErrorKind::Value(ParamError::Missing))
                    .quoting(key);
                match rule.key_fields.get(i) {
                    Some(field) => error.field_of(field),
                    None => error,
                }
            }
            QueryMismatch::Unknown { key, at } => {
                RouteError::new(rule.route, RouteErrorKind::UnknownParameter)
                    .quoting(key)
                    .at(query_start + at)
            }
        }
    }

    /// Reads `field`, of type `T`, from the path segment `seg` (its value between the
    /// field's static text).
    ///
    /// Inlined into the generated leaf, where the field's static text is a constant: a value
    /// with nothing to decode (no `%` in the segment) in a segment that is neither empty nor
    /// starts with `.` is handed to `T` as it stands; anything else, and any value `T`
    /// refuses, goes the general way (`read_segment`), which gives the
    /// same value or says why not.
    ///
    /// # Errors
    /// [`RouteErrorKind::Value`], naming the field, with the value quoted and its offset.
    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `walk.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn segment_field<T: FromParam>(
        &self,
        seg: SegmentSpan,
        field: &'static Field,
    ) -> Result<T, RouteError> {
        if !field.matrix
            && field.joined.is_none()
            && let Some(raw) = self.plain_value(seg, field)
            && let Ok(value) = T::from_plain(self.input, raw)
        {
            return Ok(value);
        }
        // The segment as values: a `&self` call would keep the target in memory, written at
        // every leaf before the fast path above is tried.
        Self::read_segment(
            self.input,
            (seg.start, seg.end),
            seg.plain,
            self.ends(seg),
            field,
        )
    }

    /// The value of `field` in `seg` when it is its own decoding and the segment passes the
    /// checks of [`Params`] without looking: the walk found the segment plain (no `%`), and it is not
    /// empty and does not start with `.` (so it is no dot segment).
    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `walk.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn plain_value(&self, seg: SegmentSpan, field: &Field) -> Option<&'i str> {
        let bytes = self.input.as_bytes();
        if !seg.plain || seg.start >= seg.end || bytes.get(seg.start) == Some(&b'.') {
            return None;
        }
        let end = seg.end.saturating_sub(field.suffix).max(seg.start);
        let start = (seg.start + field.prefix).min(end);
        // Bytes of `chars::PCHAR`, which is ASCII (asserted in `split`), so on character
        // boundaries.
        crate::raw::str_slice(self.input, start, end)
    }

    /// [`segment_field`](Self::segment_field) the general way: decoding, the segment checks,
    /// and the error. The segment is `seg_start..seg_end` of `input`, `plain` as
    /// [`SegmentSpan::plain`], `last` if it ends the path.
    ///
    /// # Errors
    /// As [`segment_field`](Self::segment_field).
    #[inline(never)]
    fn read_segment<T: FromParam>(
        input: &'i str,
        segment: (usize, usize),
        plain: bool,
        last: bool,
        field: &'static Field,
    ) -> Result<T, RouteError> {
        let mut params = Self::segment_params(input, segment, plain, last, field)?;
        match T::from_params(&mut params) {
            Ok(value) => Ok(value),
            Err(e) => Err(Self::value_error(field, params.failure(), e)),
        }
    }

    /// The values `field` takes from the segment `seg`: its value's part, or its items
    /// where `field.joined` says it holds a list or a map (see [`Field::joined`]).
    ///
    /// # Errors
    /// A `{;x}` segment whose `;x` another name continues: `x` is missing.
    pub(super) fn params_of(
        &self,
        seg: SegmentSpan,
        field: &'static Field,
    ) -> Result<Params<'i>, RouteError> {
        let segment = (seg.start, seg.end);
        Self::segment_params(self.input, segment, seg.plain, self.ends(seg), field)
    }

    fn segment_params(
        input: &'i str,
        (seg_start, seg_end): (usize, usize),
        plain: bool,
        last: bool,
        field: &'static Field,
    ) -> Result<Params<'i>, RouteError> {
        let end = seg_end.saturating_sub(field.suffix).max(seg_start);
        let mut value = (seg_start + field.prefix).min(end)..end;
        // `{;x*}`: every item is `;x` or `;x=` and its value, the first's `;x` in the
        // prefix (or, on a map, `;` and an entry, the first's `;` in the prefix); the items'
        // reader takes them apart.
        let exploded_matrix = field.matrix && field.joined == Some(';');
        if field.matrix && !exploded_matrix && !value.is_empty() {
            // `;x=` and the value; `;x` alone is the empty value. Anything else after `;x`
            // (`;xy=1`) is another parameter, so `x` is missing. `;x=` (which RFC 6570 never
            // writes) is read as the empty value too.
            if input.as_bytes().get(value.start) == Some(&b'=') {
                value.start += 1;
            } else {
                let error =
                    RouteError::new(field.route, RouteErrorKind::Value(ParamError::Missing));
                let segment = input.get(seg_start..seg_end).unwrap_or_default();
                let error = error.field_of(field.name).quoting(segment).in_path();
                return Err(error.at(value.start));
            }
        }
        let whole = seg_start..seg_end;
        let params = Params::segment(input, whole, value, last, plain);
        Ok(match field.joined {
            Some(delimiter) => params.segment_items(delimiter, field.name),
            None => params,
        })
    }

    /// Reads `field`, of type `T`, from the segments after `last` (an optional `{/x}`, or
    /// `{/x*}`).
    ///
    /// # Errors
    /// As [`segment_field`](Self::segment_field).
    #[inline(never)]
    pub fn tail_field<T: FromParam>(
        &self,
        last: SegmentSpan,
        field: &'static Field,
    ) -> Result<T, RouteError> {
        let rest = self.next(last).map(|first| first.start..self.path_end);
        let mut params = Params::segments(self.input, rest, self.path_plain());
        match T::from_params(&mut params) {
            Ok(value) => Ok(value),
            Err(e) => Err(Self::value_error(field, params.failure(), e)),
        }
    }

    /// For each of a route's query parameters `keys`, how many pieces hold it (in any
    /// spelling: keys are compared decoded) and where the first one's value is: one pass over
    /// the query for all of them, which [`key_field`](Self::key_field) then reads from. The
    /// keys must have passed [`check_keys`](Self::check_keys). `escaped` says whether one of
    /// `keys` holds a `%` or a `+` (the derive knows).
    #[inline]
    pub fn keys<const M: usize>(&self, keys: &[&str; M], escaped: bool) -> [Hits; M] {
        let mut hits = [Hits::default(); M];
        let Some(query) = self.query() else {
            return hits;
        };
        let start = self.query_start();
        let plain = self.query_plain();
        // Keys without `%` or `+`, in a query without either, have one spelling: compared as
        // they stand, in a loop of their own.
        debug_assert_eq!(escaped, keys.iter().any(|key| has_form_escape(key)));
        if plain && !escaped {
            count(query, start, keys, &mut hits, |key, raw| key == raw);
        } else {
            count(query, start, keys, &mut hits, |key, raw| {
                key_eq_in(key, raw, plain)
            });
        }
        hits
    }

    /// Reads `field`, of type `T`, from the query parameter `field.key`, whose pieces
    /// [`keys`](Self::keys) found.
    ///
    /// # Errors
    /// As [`segment_field`](Self::segment_field).
    #[inline(never)]
    pub fn key_field<T: FromParam>(
        &self,
        found: Hits,
        field: &'static Field,
    ) -> Result<T, RouteError> {
        let query = self.query_span();
        let plain = self.query_plain();
        let found = if field.empty_is_absent && found.count == 1 && found.value.0 == found.value.1 {
            // One empty value (`page=`) is what a browser sends for an empty form field.
            Hits::default()
        } else {
            found
        };
        let found = (found.value, found.count);
        let mut params = Params::query(self.input, query, field.key, found, plain);
        if let Some(delimiter) = field.joined {
            params = params.joined(delimiter);
        }
        match T::from_params(&mut params) {
            Ok(value) => Ok(value),
            Err(e) => Err(Self::value_error(field, params.failure(), e)),
        }
    }

    #[cold]
    pub(super) fn value_error(
        field: &Field,
        failure: Failure<'_>,
        error: ParamError,
    ) -> RouteError {
        let key = Some(field.key).filter(|key| !key.is_empty());
        let offset = match &error {
            ParamError::Decode(e) => Some(e.offset()),
            // A missing parameter is nowhere; a repeated one is about the parameter.
            ParamError::Missing | ParamError::Repeated => None,
            _ => Some(failure.offset),
        };
        let quoted = match (&error, key) {
            (ParamError::Missing | ParamError::Repeated, Some(key)) => key,
            // Nothing of the URL was read: name the parameter.
            (_, Some(key)) if !failure.read => key,
            _ => failure.raw,
        };
        let error = RouteError::new(field.route, RouteErrorKind::Value(error))
            .field_of(field.name)
            .quoting(quoted);
        let error = if key.is_none() {
            error.in_path()
        } else {
            error
        };
        match offset {
            Some(offset) => error.at(offset),
            None => error,
        }
    }
}

/// For [`Target::keys`]: counts the pieces of `query` (which starts at `start` in the URL)
/// whose key is one of `keys` by `same`, and where the first one's value is.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one loop per way of comparing, in `keys`"
)]
fn count<const M: usize>(
    query: &str,
    start: usize,
    keys: &[&str; M],
    hits: &mut [Hits; M],
    same: impl Fn(&str, &str) -> bool,
) {
    for piece in pieces(query) {
        // A route names each parameter once (compared decoded), so at most one key is the
        // piece's.
        if let Some(hit) = keys
            .iter()
            .position(|key| same(key, piece.key))
            .and_then(|k| hits.get_mut(k))
        {
            if hit.count == 0 {
                hit.value = (start + piece.value_at, start + piece.at + piece.piece.len());
            }
            hit.count += 1;
        }
    }
}

/// The error of `to_url` when the URL built from `placeholder`'s value would parse as
/// `route`, tried before the value's own.
#[cold]
pub fn parses_as(placeholder: &str, route: &'static str, template: &'static str) -> ExpandError {
    ExpandError::parses_as(placeholder, route, template)
}

/// What the derive requires of the type of a field named `N`: [`Value`], so that `to_url`
/// writes it into the URL, and [`FromParam`], so that `from_url` reads it back. The derive
/// checks each field through this one trait, with a marker type named after the field, so
/// that a type error is one error that names the field, rather than one for each direction
/// or a list of every type that implements either:
///
/// ```text
/// error[E0277]: `UserId` cannot be the route field `id`
/// ```
///
/// You never implement it: implement [`FromParam`] and [`Value`] (or declare the field as
/// [`Fmt<T>`](crate::Fmt) for a type that implements `FromStr` and `Display`).
///
/// # Examples
/// ```compile_fail
/// struct UserId(u64); // neither `FromParam` nor `Value`
///
/// #[derive(urlkit::Route)]
/// #[route("/users/{id}")]
/// struct User { id: UserId }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the route field `{N}`",
    label = "`to_url` writes this field into the URL and `from_url` reads it back",
    note = "a route field takes strings (`String`, `Box<str>`, `Arc<str>`, `Cow<'static, str>`), integers, floats, `bool`, `char`, and `Option` and `Vec` of those",
    note = "for a type of your own, implement `urlkit::route::FromParam` and `urlkit::value::Value` (for an enum of unit variants, `#[derive(urlkit::Param)]`); for one that implements `FromStr` and `Display`, declare the field as `urlkit::Fmt<T>`"
)]
pub trait RouteField<N>: Sized {
    /// [`FromParam::VALUE_TYPE`], which `Route::SHAPES` records through this trait so that a
    /// field that is not `FromParam` gets this trait's one error.
    #[doc(hidden)]
    const VALUE_TYPE: ValueType;

    crate::value::methods!();

    /// Reads the field from the path segment `seg`.
    #[doc(hidden)]
    fn segment(
        target: &Target<'_>,
        seg: SegmentSpan,
        field: &'static Field,
    ) -> Result<Self, RouteError>;

    /// Reads the field from the segments after `last`.
    #[doc(hidden)]
    fn tail(
        target: &Target<'_>,
        last: SegmentSpan,
        field: &'static Field,
    ) -> Result<Self, RouteError>;

    /// Reads the field from the query, where `Target::keys` found its pieces.
    #[doc(hidden)]
    fn key(target: &Target<'_>, found: Hits, field: &'static Field) -> Result<Self, RouteError>;
}

#[diagnostic::do_not_recommend]
impl<N, T: FromParam + Value> RouteField<N> for T {
    const VALUE_TYPE: ValueType = T::VALUE_TYPE;

    crate::value::by_value!();

    #[inline]
    fn segment(
        target: &Target<'_>,
        seg: SegmentSpan,
        field: &'static Field,
    ) -> Result<Self, RouteError> {
        target.segment_field(seg, field)
    }

    #[inline]
    fn tail(
        target: &Target<'_>,
        last: SegmentSpan,
        field: &'static Field,
    ) -> Result<Self, RouteError> {
        target.tail_field(last, field)
    }

    #[inline]
    fn key(target: &Target<'_>, found: Hits, field: &'static Field) -> Result<Self, RouteError> {
        target.key_field(found, field)
    }
}
