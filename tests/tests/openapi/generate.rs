//! Values for a parameter, generated from its schema alone (what the document says, not
//! what the macro made of it): text with every reserved character, `/`, dot segments, `%`,
//! non-ASCII and the empty string; integers at the edges of their format; lists empty, of
//! one item and of several.

use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{Map, Value};

use crate::serializer::{Location, Operation, Parameter};

/// Text that a URL must encode, or that would change its meaning unencoded.
const TRICKY: &[&str] = &[
    "", "/", ".", "..", "...", "a/../b", "%", "%2F", "%zz", "%25", "?", "#", "+", " ", "&", "=",
    ",", ";", ":", "@", "[]", "|", "\\", "é", "😀", "\u{7f}", "\u{0}", "a b", "x=y&z",
];

pub(crate) fn text() -> BoxedStrategy<String> {
    prop_oneof![
        2 => proptest::sample::select(TRICKY).prop_map(str::to_owned),
        2 => "[a-z0-9]{1,8}",
        // Printable ASCII: every reserved and every excluded character.
        3 => "[ -~]{0,12}",
        1 => "\\PC{0,6}",
        1 => "(?s).{0,4}",
    ]
    .boxed()
}

fn integer(min: i64, max: i64) -> BoxedStrategy<i64> {
    prop_oneof![
        1 => proptest::sample::select(vec![min, max, 0, -1, 1]),
        2 => min..=max,
    ]
    .boxed()
}

fn number() -> BoxedStrategy<f64> {
    prop_oneof![
        1 => proptest::sample::select(vec![0.0, -0.0, 1.5, -2.25, 1e21, 5e-324, f64::MAX, f64::MIN]),
        2 => any::<f64>().prop_filter("JSON numbers are finite", |f| f.is_finite()),
    ]
    .boxed()
}

/// The type a schema gives a value (the macro's mapping, as the issue fixes it: integer,
/// `int32` integer, number, boolean, string, array of one of these); `None` for the others.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Kind {
    Integer {
        int32: bool,
    },
    Number,
    Boolean,
    Text,
    /// `type: string` with `enum`: one of the document's spellings (the macro makes it an
    /// enum; an empty list is any text, as the macro keeps such a schema a `String`).
    OneOf(Vec<String>),
    List(Box<Kind>),
    /// `type: object` whose `additionalProperties` are of one of the kinds above.
    Map(Box<Kind>),
}

pub(crate) fn kind(schema: &Value) -> Option<Kind> {
    Some(match schema["type"].as_str()? {
        "integer" => Kind::Integer {
            int32: schema["format"] == "int32",
        },
        "number" => Kind::Number,
        "boolean" => Kind::Boolean,
        "string" => match schema["enum"].as_array() {
            Some(list) if !list.is_empty() => Kind::OneOf(
                list.iter()
                    .map(|value| value.as_str().map(str::to_owned))
                    .collect::<Option<_>>()?,
            ),
            _ => Kind::Text,
        },
        "array" => match kind(&schema["items"])? {
            Kind::List(_) | Kind::Map(_) => return None,
            item => Kind::List(Box::new(item)),
        },
        "object" => match kind(&schema["additionalProperties"])? {
            Kind::List(_) | Kind::Map(_) => return None,
            value => Kind::Map(Box::new(value)),
        },
        _ => return None,
    })
}

pub(crate) fn value(kind: &Kind) -> BoxedStrategy<Value> {
    match kind {
        Kind::Integer { int32: true } => integer(i32::MIN.into(), i32::MAX.into())
            .prop_map(Value::from)
            .boxed(),
        Kind::Integer { int32: false } => integer(i64::MIN, i64::MAX).prop_map(Value::from).boxed(),
        Kind::Number => number().prop_map(Value::from).boxed(),
        Kind::Boolean => any::<bool>().prop_map(Value::from).boxed(),
        Kind::Text => text().prop_map(Value::from).boxed(),
        Kind::OneOf(spellings) => proptest::sample::select(spellings.clone())
            .prop_map(Value::from)
            .boxed(),
        Kind::List(item) => prop_oneof![
            Just(Vec::new()),
            proptest::collection::vec(value(item), 1..=1),
            proptest::collection::vec(value(item), 2..5),
        ]
        .prop_map(Value::Array)
        .boxed(),
        // In key order, as a `BTreeMap` writes its entries (a JSON object keeps the order it
        // is built in here).
        Kind::Map(item) => prop_oneof![
            Just(std::collections::BTreeMap::new()),
            proptest::collection::btree_map(text(), value(item), 1..4),
        ]
        .prop_map(|entries| Value::Object(entries.into_iter().collect()))
        .boxed(),
    }
}

/// A strategy for one parameter's value, `None` for an optional query parameter left out.
/// A list or an object is never left out: an empty one is how a route says "none" (OpenAPI
/// writes nothing for either, RFC 6570 §2.3).
fn parameter(p: &Parameter) -> Option<BoxedStrategy<Option<Value>>> {
    let kind = kind(&p.schema)?;
    let list = matches!(kind, Kind::List(_) | Kind::Map(_));
    let value = value(&kind);
    Some(if p.location == Location::Query && !p.required && !list {
        proptest::option::weighted(0.7, value).boxed()
    } else {
        value.prop_map(Some).boxed()
    })
}

/// Values for every path and query parameter of `operation` (name → value; a left-out
/// optional parameter is absent); `None` if a parameter's schema is outside [`Kind`].
pub(crate) fn values(operation: &Operation) -> Option<BoxedStrategy<Map<String, Value>>> {
    let mut names = Vec::new();
    let mut strategies = Vec::new();
    for p in operation
        .parameters
        .iter()
        .filter(|p| p.location != Location::Other)
    {
        names.push(p.name.clone());
        strategies.push(parameter(p)?);
    }
    Some(
        strategies
            .prop_map(move |values| {
                names
                    .iter()
                    .zip(values)
                    .filter_map(|(name, value)| Some((name.clone(), value?)))
                    .collect()
            })
            .boxed(),
    )
}
