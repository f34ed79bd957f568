//! A map field with `#[route(style = "deepObject")]`: OpenAPI's `style: deepObject,
//! explode: true`, where each entry is a query pair of its own, `color[R]=100`, the key's
//! brackets percent-encoded as a query key writes them (`color%5BR%5D=100`, RFC 3986 §2.2:
//! `[` and `]` are gen-delims, which RFC 6570 §3.2.8 encodes in a `?` expression).

use urlkit_syntax::route::pieces;

use super::error::{ParamError, RouteError};
use super::from_param::FromParam;
use super::leaf::Field;
use super::object::{Entries, FromEntries, refused_repeat};
use super::params::Failure;
use super::shape::ValueType;
use super::target::Target;
use crate::decode;
use crate::value::{Expansion, Scalar, Value};

/// A field type `#[route(style = "deepObject")]` takes: a map read from every query pair
/// whose key, decoded, is the parameter's name followed by `[key]`.
#[doc(hidden)]
pub trait DeepObjectField: Sized {
    /// The type of the map's values, for [`RouteShape`](super::RouteShape).
    const VALUE_TYPE: ValueType;

    /// Reads the field from the query.
    ///
    /// # Errors
    /// A key or value that does not parse, or a key that stands twice
    /// ([`ParamError::RepeatedKey`]).
    fn read(target: &Target<'_>, field: &'static Field) -> Result<Self, RouteError>;
}

/// A `BTreeMap` (not a `HashMap`, so that `to_url` writes its pairs in one order, the same
/// for equal maps) or a `Vec` of pairs (in the order of the URL, which `to_url` keeps).
impl<M: FromEntries> DeepObjectField for M {
    const VALUE_TYPE: ValueType = <M::Value as FromParam>::VALUE_TYPE;

    fn read(target: &Target<'_>, field: &'static Field) -> Result<Self, RouteError> {
        let mut map = M::default();
        entries(target, field, |k, v| map.insert_new(k, v))?;
        Ok(map)
    }
}

/// Gives `insert` each entry of the query's `name[key]` pairs, in order; `insert` says
/// whether the key is new (a key that stands twice is [`ParamError::RepeatedKey`]).
#[inline(never)]
fn entries<K: FromParam, V: FromParam>(
    target: &Target<'_>,
    field: &'static Field,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<(), RouteError> {
    let Some(query) = target.query() else {
        return Ok(());
    };
    let start = target.query_start();
    for piece in pieces(query) {
        // The keys passed `Target::check_keys`: each decodes.
        let Ok(key) = decode::form(piece.key) else {
            continue;
        };
        let Some(inner) = entry_key(&key, field.key) else {
            continue;
        };
        let failure = |at: usize, raw| Failure {
            raw,
            offset: start + at,
            read: true,
        };
        let error = |f, e| Target::value_error(field, f, e);
        let value = decode::form(piece.value).map_err(|e| {
            let e = ParamError::Decode(e.shifted(start + piece.value_at));
            error(failure(piece.value_at, piece.value), e)
        })?;
        let k = K::from_param(inner.into()).map_err(|e| error(failure(piece.at, piece.key), e))?;
        let v = V::from_param(value).map_err(|e| error(failure(piece.value_at, piece.value), e))?;
        if !insert(k, v) {
            return Err(error(failure(piece.at, piece.key), ParamError::RepeatedKey));
        }
    }
    Ok(())
}

/// The entry's key of the decoded query key `key` if it is `name[...]`: what stands between
/// the first `[` after the name and the last `]`, so that a key holding brackets of its own
/// (`a]b` in `color[a]b]`) reads back whole.
pub(super) fn entry_key<'k>(key: &'k str, name: &str) -> Option<&'k str> {
    key.strip_prefix(name)?.strip_prefix('[')?.strip_suffix(']')
}

/// A map field of a route with `#[route(style = "deepObject")]`, as `to_url` writes it: one
/// pair per entry, `name[key]=value`, in the map's order; an empty map writes nothing
/// (undefined, RFC 6570 §2.3), and reads back empty.
#[derive(Clone, Copy, Debug)]
pub struct DeepObject<'a, M>(pub &'a M, pub &'static str);

#[diagnostic::do_not_recommend]
impl<M: Entries> Value for DeepObject<'_, M>
where
    M::Key: Scalar,
    M::Value: Scalar,
{
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if refused_repeat(e, self.0) {
            return;
        }
        let name = self.1;
        e.map(self.0.pairs().map(|(k, v)| (Bracketed(name, k), v)));
    }

    fn size_hint(&self) -> usize {
        (self.0.pairs())
            .map(|(k, v)| self.1.len() + k.size_hint() + v.size_hint() + 8)
            .sum()
    }
}

/// `name[key]`, a deepObject pair's key.
struct Bracketed<'a, K>(&'static str, &'a K);

impl<K: Scalar> Scalar for Bracketed<'_, K> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        self.0.write(e);
        "[".write(e);
        self.1.write(e);
        "]".write(e);
    }

    fn size_hint(&self) -> usize {
        self.0.len() + self.1.size_hint() + 6
    }
}
