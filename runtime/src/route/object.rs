//! A map field in the query without `deepObject`: OpenAPI's object styles that RFC 6570
//! writes (§3.2.8, a map in a `?` expression), and the two delimited ones.
//!
//! - `{?color}`, `style: form, explode: false`: one pair, the keys and values in turn joined
//!   with `,` (`color=R,100,G,200`), or with the `%20` or `%7C` of `spaceDelimited` and
//!   `pipeDelimited`. An item's own `,` is percent-encoded by the expansion; an item holding
//!   a space or `|` is refused under the style of that delimiter, since it would be encoded
//!   alike.
//! - `{?color*}`, `style: form, explode: true`: the entries are the query's own pairs
//!   (`R=100&G=200`), so the map takes every pair that nothing else of the route claims, and
//!   `to_url` refuses a key that something else claims, or an empty one: neither reads back.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use urlkit_syntax::route::{key_eq_in, pieces};

use super::deep::entry_key;
use super::error::{ParamError, RouteError};
use super::from_param::FromParam;
use super::leaf::{Field, Hits};
use super::params::{Failure, Params};
use super::shape::ValueType;
use super::target::{SegmentSpan, Target};
use crate::decode;
use crate::error::ExpandErrorKind;
use crate::value::{Expansion, Scalar, Value};

/// What `from_url` reports for a joined object whose last key has no value.
const ODD_ITEMS: &str = "a key and a value for each entry (an even number of items)";

/// A field type that a map placeholder in the query takes (`{?color}` or `{?color*}`):
/// a map read from one joined value or from the pairs nothing else of the route claims.
#[doc(hidden)]
pub trait ObjectField: Sized {
    /// The type of the map's values, for [`RouteShape`](super::RouteShape).
    const VALUE_TYPE: ValueType;

    /// Reads the field from the one query value that [`Target::keys`] found (`field.joined`
    /// is its delimiter).
    ///
    /// # Errors
    /// A value that stands twice, an odd number of items, an item that does not parse, or
    /// a key that stands twice ([`ParamError::RepeatedKey`]).
    fn joined(target: &Target<'_>, found: Hits, field: &'static Field) -> Result<Self, RouteError>;

    /// Reads the field from every pair of the query that nothing in `claimed` names (the
    /// route's other keys and static pieces, and its `deepObject` maps' pairs).
    ///
    /// # Errors
    /// A key or value that does not parse, or a key that stands twice.
    fn exploded(
        target: &Target<'_>,
        field: &'static Field,
        claimed: &'static Claimed,
    ) -> Result<Self, RouteError>;

    /// Reads the field from the path segment `seg` (`field.joined` is the delimiter between
    /// its items): the keys and values in turn, or with `exploded` an entry `key=value` per
    /// item.
    ///
    /// # Errors
    /// A segment `to_url` would not write (a dot segment, an empty one that is not the
    /// last), an odd number of items, an item that is no entry, an item that does not
    /// parse, or a key that stands twice.
    fn segment(
        target: &Target<'_>,
        seg: SegmentSpan,
        field: &'static Field,
        exploded: bool,
    ) -> Result<Self, RouteError>;
}

/// A map `from_url` fills entry by entry: the types [`ObjectField`] and
/// [`DeepObjectField`](super::deep::DeepObjectField) take.
#[doc(hidden)]
pub trait FromEntries: Default {
    /// The type of the keys.
    type Key: FromParam;
    /// The type of the values.
    type Value: FromParam;

    /// Adds the entry, in the order of the URL; whether its key is new (keys are unique in
    /// an object: an OpenAPI `object` schema is a JSON object).
    fn insert_new(&mut self, key: Self::Key, value: Self::Value) -> bool;
}

/// A `BTreeMap` writes its entries in one order, the same for equal maps.
impl<K: FromParam + Ord, V: FromParam> FromEntries for BTreeMap<K, V> {
    type Key = K;
    type Value = V;

    fn insert_new(&mut self, key: K, value: V) -> bool {
        self.insert(key, value).is_none()
    }
}

/// The entries in the order of the URL, which `to_url` keeps: for an object whose properties
/// have an order of their own (OpenAPI's examples write `R`, `G`, `B`).
impl<K: FromParam + PartialEq, V: FromParam> FromEntries for Vec<(K, V)> {
    type Key = K;
    type Value = V;

    fn insert_new(&mut self, key: K, value: V) -> bool {
        let new = !self.iter().any(|(seen, _)| *seen == key);
        self.push((key, value));
        new
    }
}

impl<M: FromEntries> ObjectField for M {
    const VALUE_TYPE: ValueType = <M::Value as FromParam>::VALUE_TYPE;

    fn joined(target: &Target<'_>, found: Hits, field: &'static Field) -> Result<Self, RouteError> {
        let mut map = M::default();
        joined_entries(target, found, field, |k, v| map.insert_new(k, v))?;
        Ok(map)
    }

    fn exploded(
        target: &Target<'_>,
        field: &'static Field,
        claimed: &'static Claimed,
    ) -> Result<Self, RouteError> {
        let mut map = M::default();
        exploded_entries(target, field, claimed, |k, v| map.insert_new(k, v))?;
        Ok(map)
    }

    fn segment(
        target: &Target<'_>,
        seg: SegmentSpan,
        field: &'static Field,
        exploded: bool,
    ) -> Result<Self, RouteError> {
        let mut map = M::default();
        segment_entries(target, seg, field, exploded, |k, v| map.insert_new(k, v))?;
        Ok(map)
    }
}

/// Gives `insert` each entry of the joined value, a key then its value; `insert` says
/// whether the key is new. The value is split on the delimiter before its items are decoded
/// ([`Params::joined`]), so an item's own `,` (`%2C`) stays in it.
#[inline(never)]
fn joined_entries<K: FromParam, V: FromParam>(
    target: &Target<'_>,
    found: Hits,
    field: &'static Field,
    insert: impl FnMut(K, V) -> bool,
) -> Result<(), RouteError> {
    let params = Params::query(
        target.input,
        target.query_span(),
        field.key,
        (found.value, found.count),
        target.query_plain(),
    )
    .joined(field.joined.unwrap_or(','));
    entries_in(params, field, insert)
}

/// Gives `insert` each entry of the map in the segment `seg` (see
/// [`ObjectField::segment`]). The items are split on the delimiter, and an exploded item on
/// its first `=`, before they are decoded: the expansion encodes a key's or value's own `,`,
/// `;` and `=` (and `to_url` refuses a `.` in one under `{.x*}`).
#[inline(never)]
fn segment_entries<K: FromParam, V: FromParam>(
    target: &Target<'_>,
    seg: SegmentSpan,
    field: &'static Field,
    exploded: bool,
    insert: impl FnMut(K, V) -> bool,
) -> Result<(), RouteError> {
    let params = target.params_of(seg, field)?;
    entries_in(
        if exploded { params.entries() } else { params },
        field,
        insert,
    )
}

/// Gives `insert` each entry of `params`, whose values are a key then its value, in turn.
fn entries_in<K: FromParam, V: FromParam>(
    mut params: Params<'_>,
    field: &'static Field,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<(), RouteError> {
    let error = |params: &Params<'_>, e| Target::value_error(field, params.failure(), e);
    loop {
        let Some(key) = params.next_value().map_err(|e| error(&params, e))? else {
            return Ok(());
        };
        let at_key = params.failure();
        let k = K::from_param(key).map_err(|e| Target::value_error(field, at_key, e))?;
        let Some(value) = params.next_value().map_err(|e| error(&params, e))? else {
            let odd = ParamError::Invalid {
                expected: ODD_ITEMS,
            };
            return Err(Target::value_error(field, at_key, odd));
        };
        let v = V::from_param(value).map_err(|e| error(&params, e))?;
        if !insert(k, v) {
            return Err(Target::value_error(field, at_key, ParamError::RepeatedKey));
        }
    }
}

/// What the rest of a route names in the query, which the map of its `{?x*}` leaves to it:
/// the other keys and static pieces, as the template writes them, and the pairs of its
/// `deepObject` maps, `name[key]`.
#[doc(hidden)]
#[derive(Debug)]
pub struct Claimed {
    /// The keys.
    pub keys: &'static [&'static str],
    /// The names of the `deepObject` maps.
    pub deep: &'static [&'static str],
}

impl Claimed {
    /// Whether the raw query key `key` (compared decoded, as every key; `plain` if the query
    /// holds no `%` and no `+`) is claimed.
    fn holds(&self, key: &str, plain: bool) -> bool {
        if self.keys.iter().any(|c| key_eq_in(c, key, plain)) {
            return true;
        }
        // The keys passed `Target::check_keys`, and `to_url` writes keys that decode.
        !self.deep.is_empty()
            && decode::form(key)
                .is_ok_and(|key| self.deep.iter().any(|name| entry_key(&key, name).is_some()))
    }
}

/// Gives `insert` each pair of the query that nothing in `claimed` names, in order; `insert`
/// says whether the key is new.
#[inline(never)]
fn exploded_entries<'i, K: FromParam, V: FromParam>(
    target: &Target<'i>,
    field: &'static Field,
    claimed: &Claimed,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<(), RouteError> {
    let Some(query) = target.query() else {
        return Ok(());
    };
    let (start, plain) = (target.query_start(), target.query_plain());
    for piece in pieces(query) {
        // `a&&b` and a trailing `&` hold no pair (WHATWG URL, application/x-www-form-urlencoded
        // parsing skips empty sequences).
        if piece.piece.is_empty() || claimed.holds(piece.key, plain) {
            continue;
        }
        let failure = |at: usize, raw| Failure {
            raw,
            offset: start + at,
            read: true,
        };
        let error = |f, e| Target::value_error(field, f, e);
        let decoded = |text: &'i str, at: usize| {
            decode::form(text).map_err(|e| {
                let e = ParamError::Decode(e.shifted(start + at));
                error(failure(at, text), e)
            })
        };
        let key = decoded(piece.key, piece.at)?;
        let value = decoded(piece.value, piece.value_at)?;
        let k = K::from_param(key).map_err(|e| error(failure(piece.at, piece.key), e))?;
        let v = V::from_param(value).map_err(|e| error(failure(piece.value_at, piece.value), e))?;
        if !insert(k, v) {
            return Err(error(failure(piece.at, piece.key), ParamError::RepeatedKey));
        }
    }
    Ok(())
}

/// A map field with `#[route(style = "spaceDelimited")]` or `"pipeDelimited"`, as `to_url`
/// writes it: the keys and values in turn, in one value, joined with the delimiter
/// percent-encoded (`%20`, `%7C`). An empty map writes nothing (undefined, RFC 6570 §2.3).
#[derive(Clone, Copy, Debug)]
pub struct DelimitedObject<'a, M>(pub &'a M, pub char);

/// The entries of a [`DelimitedObject`], written as one value.
struct DelimitedEntries<'a, M>(&'a M, char);

#[diagnostic::do_not_recommend]
impl<M: Entries> Value for DelimitedObject<'_, M>
where
    M::Key: Scalar,
    M::Value: Scalar,
{
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if refused_repeat(e, self.0) {
            return;
        }
        if self.0.pairs().next().is_some() {
            e.scalar(&DelimitedEntries(self.0, self.1));
        }
    }
}

impl<M: Entries> Scalar for DelimitedEntries<'_, M>
where
    M::Key: Scalar,
    M::Value: Scalar,
{
    fn write(&self, e: &mut Expansion<'_, '_>) {
        let items = (self.0.pairs()).flat_map(|(k, v)| [k as &dyn Scalar, v as &dyn Scalar]);
        write_delimited(e, items, self.1);
    }

    fn size_hint(&self) -> usize {
        (self.0.pairs())
            .map(|(k, v)| k.size_hint() + v.size_hint() + 6)
            .sum()
    }
}

/// A map field in `{?x}` joined with `,`, as RFC 6570 writes a map (§3.2.8): its keys and
/// values percent-encode their own `,`, so only a repeated key could fail to read back, and
/// this refuses one ([`ExpandErrorKind::RepeatedKey`]).
#[derive(Clone, Copy, Debug)]
pub struct UniqueKeys<'a, M>(pub &'a M);

#[diagnostic::do_not_recommend]
impl<M: Value + Entries> Value for UniqueKeys<'_, M> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if !refused_repeat(e, self.0) {
            self.0.expand(e);
        }
    }

    fn size_hint(&self) -> usize {
        self.0.size_hint()
    }
}

/// The entries of a map field, in the order `to_url` writes them, and the check it makes
/// before writing: a `BTreeMap`'s keys are unique by construction, a `Vec<(K, V)>`'s (which
/// keeps the order given) are checked.
#[doc(hidden)]
pub trait Entries {
    /// The type of the keys.
    type Key;
    /// The type of the values.
    type Value;

    /// The entries, in order.
    fn pairs(&self) -> impl Iterator<Item = (&Self::Key, &Self::Value)>;

    /// The index of the first entry whose key an earlier entry has.
    fn repeated_key(&self) -> Option<usize>;
}

impl<K, V> Entries for BTreeMap<K, V> {
    type Key = K;
    type Value = V;

    fn pairs(&self) -> impl Iterator<Item = (&K, &V)> {
        self.iter()
    }

    fn repeated_key(&self) -> Option<usize> {
        None
    }
}

/// Quadratic in the number of entries: the keys are only `PartialEq`, as `from_url`'s
/// reading of the same list needs them to be.
impl<K: PartialEq, V> Entries for Vec<(K, V)> {
    type Key = K;
    type Value = V;

    fn pairs(&self) -> impl Iterator<Item = (&K, &V)> {
        self.iter().map(|(k, v)| (k, v))
    }

    fn repeated_key(&self) -> Option<usize> {
        (1..self.len()).find(|&i| self[..i].iter().any(|(k, _)| *k == self[i].0))
    }
}

/// Refuses a map with a repeated key, which `from_url` would refuse to read back
/// ([`ExpandErrorKind::RepeatedKey`], naming the entry); whether it did.
pub(crate) fn refused_repeat(e: &mut Expansion<'_, '_>, map: &impl Entries) -> bool {
    let Some(i) = map.repeated_key() else {
        return false;
    };
    e.refuse_field(ExpandErrorKind::RepeatedKey, alloc::format!("[{i}]"));
    true
}

/// Writes `items` joined with `delimiter` as a query value writes it (RFC 3986 allows neither
/// a space nor `|` raw), refusing an item whose text holds it: it would be encoded alike.
fn write_delimited<'x>(
    e: &mut Expansion<'_, '_>,
    items: impl Iterator<Item = &'x dyn Scalar>,
    delimiter: char,
) {
    let encoded = if delimiter == ' ' { "%20" } else { "%7C" };
    for (i, item) in items.enumerate() {
        if i > 0 {
            e.push_list_separator(encoded);
        }
        let start = e.written();
        item.write(e);
        // A `%` of the item's own is `%25`, so this text comes from the character alone.
        if e.written_since(start).contains(encoded) {
            let kind = ExpandErrorKind::DelimiterInItem { delimiter };
            let part = if i % 2 == 0 { "key" } else { "value" };
            e.refuse_field(kind, alloc::format!("[{}].{part}", i / 2));
        }
    }
}

/// A map field in a path segment (`{x}`, `{.x}`, `{;x}`, with or without `*`), as `to_url`
/// writes it: RFC 6570's map (§3.2.2, §3.2.5, §3.2.7), the keys and values in turn joined
/// with `,`, or with `*` an entry `key=value` per item, but for what `from_url` could not read
/// back. Refused: an empty map ([`ExpandErrorKind::EmptyMap`]: it writes nothing, not even the
/// `.` or `;` the segment starts with), a repeated key ([`ExpandErrorKind::RepeatedKey`]) and,
/// with `dots` (`{.x*}`, whose items are separated by a `.` that RFC 6570 leaves unencoded in
/// a key or value), a key or value holding a `.` ([`ExpandErrorKind::DelimiterInItem`]).
#[derive(Clone, Copy, Debug)]
pub struct PathObject<'a, M>(pub &'a M, pub bool);

#[diagnostic::do_not_recommend]
impl<M: Entries> Value for PathObject<'_, M>
where
    M::Key: Scalar,
    M::Value: Scalar,
{
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if self.0.pairs().next().is_none() {
            e.refuse(ExpandErrorKind::EmptyMap);
            return;
        }
        if refused_repeat(e, self.0) {
            return;
        }
        if self.1 {
            e.map(self.0.pairs().map(|(k, v)| (NoDot(k), NoDot(v))));
        } else {
            e.map(self.0.pairs());
        }
    }

    fn size_hint(&self) -> usize {
        (self.0.pairs())
            .map(|(k, v)| k.size_hint() + v.size_hint() + 2)
            .sum()
    }
}

/// A key or value of a map in `{.x*}`, refused once written if it holds a `.`.
struct NoDot<'a, S>(&'a S);

impl<S: Scalar> Scalar for NoDot<'_, S> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        let start = e.written();
        self.0.write(e);
        if e.written_since(start).contains('.') {
            e.refuse(ExpandErrorKind::DelimiterInItem { delimiter: '.' });
        }
    }

    fn size_hint(&self) -> usize {
        self.0.size_hint()
    }
}

/// A map field in `{?x*}`, as `to_url` writes it: a pair per entry, `key=value` (RFC 6570
/// §3.2.8 with `*`), in the map's order, refusing an entry whose key is empty or, decoded,
/// named by the rest of the route ([`Claimed`]): it would not read back as the map's. An empty
/// map writes nothing (undefined, RFC 6570 §2.3), and reads back empty.
#[derive(Clone, Copy, Debug)]
pub struct ExplodedObject<'a, M>(pub &'a M, pub &'static Claimed);

#[diagnostic::do_not_recommend]
impl<M: Entries> Value for ExplodedObject<'_, M>
where
    M::Key: Scalar,
    M::Value: Scalar,
{
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if refused_repeat(e, self.0) {
            return;
        }
        let claimed = self.1;
        let keys = self.0.pairs().enumerate();
        e.map(keys.map(|(i, (k, v))| (Unclaimed(k, claimed, i), v)));
    }

    fn size_hint(&self) -> usize {
        (self.0.pairs())
            .map(|(k, v)| k.size_hint() + v.size_hint() + 2)
            .sum()
    }
}

/// The key of entry `2` of an exploded map, checked once written: not empty, and not
/// claimed by the rest of the route.
struct Unclaimed<'a, K>(&'a K, &'static Claimed, usize);

impl<K: Scalar> Scalar for Unclaimed<'_, K> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        let start = e.written();
        self.0.write(e);
        // The key as the query holds it, percent-encoded: compared with the route's keys
        // decoded, as `from_url` compares every key.
        let written = e.written_since(start);
        let kind = if written.is_empty() {
            ExpandErrorKind::EmptyKey
        } else if self.1.holds(written, false) {
            ExpandErrorKind::ClaimedKey
        } else {
            return;
        };
        e.refuse_field(kind, alloc::format!("[{}]", self.2));
    }

    fn size_hint(&self) -> usize {
        self.0.size_hint()
    }
}
