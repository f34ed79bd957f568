//! Reading a `Serialize` value as an RFC 6570 value (§2.3): undefined, a string, a list, or an
//! associative array whose values are strings or lists of strings. Three serializers, one per
//! depth: [`ValueSerializer`] for the value itself, [`FieldSerializer`] for a value in a map
//! or struct, [`ItemSerializer`] for a list item or a map key. Anything deeper is refused
//! with the path of the field that holds it.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::ToString;
use alloc::vec::Vec;

use serde::ser::{self, Impossible, Serialize};

use super::item::key_text;
pub(super) use super::item::{Failure, Item};
use super::style;
use crate::error::ExpandErrorKind;

/// A `Serialize` value, as RFC 6570 sees it.
pub(super) enum Rfc6570Value {
    Undefined,
    One(Item),
    List(Vec<Item>),
    /// Each key with its values: one for a string, several for a sequence (none are kept).
    Map(Vec<(Item, Field)>),
}

/// The values of one field of a map or struct, and how they are written.
pub(super) struct Field {
    pub(super) values: Vec<Item>,
    /// `None`: one pair per value under explode (the default); `Some`, the values are one
    /// value joined with this text (a style of `serde_style`).
    pub(super) joined: Option<&'static str>,
}

/// A value in a map or struct, as [`FieldSerializer`] reads it.
enum FieldValue {
    Values(Field),
    /// `serde_style::deep_object`: its entries, each to be a parameter `key[entry]`.
    Deep(Vec<(Item, Field)>),
}

/// `value` read as an RFC 6570 value.
pub(super) fn collect<T: Serialize + ?Sized>(value: &T) -> Result<Rfc6570Value, Failure> {
    value.serialize(ValueSerializer)
}

fn nested<T>() -> Result<T, Failure> {
    Err(Failure::new(ExpandErrorKind::NestedValue))
}

fn unsupported<T>() -> Result<T, Failure> {
    Err(Failure::new(ExpandErrorKind::UnsupportedValue))
}

/// The value itself: undefined, a string, a list or a map.
struct ValueSerializer;

impl ValueSerializer {
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the signature every serializer's `one` has"
    )]
    fn one(item: Option<Item>) -> Result<Rfc6570Value, Failure> {
        Ok(item.map_or(Rfc6570Value::Undefined, Rfc6570Value::One))
    }

    fn items(len: usize) -> Items {
        Items(Vec::with_capacity(len))
    }

    /// A newtype is what it wraps; a style of `serde_style` applies to fields only.
    fn newtype<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Rfc6570Value, Failure> {
        value.serialize(self)
    }
}

impl ser::Serializer for ValueSerializer {
    type Ok = Rfc6570Value;
    type Error = Failure;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Impossible<Rfc6570Value, Failure>;
    type SerializeMap = Fields;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Impossible<Rfc6570Value, Failure>;

    scalars!();
    sequence!(Items);

    fn serialize_map(self, len: Option<usize>) -> Result<Fields, Failure> {
        Ok(Fields::with_capacity(len.unwrap_or(0)))
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Fields, Failure> {
        Ok(Fields::with_capacity(len))
    }
}

/// A list being read: its items, undefined ones left out.
pub(super) struct Items(Vec<Item>);

impl Items {
    fn push<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Failure> {
        let index = self.0.len();
        match item.serialize(ItemSerializer) {
            Ok(Some(item)) => self.0.push(item),
            Ok(None) => {}
            Err(failure) => return Err(failure.within(&format!("[{index}]"))),
        }
        Ok(())
    }
}

macro_rules! items_as {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Items {
            type Ok = Rfc6570Value;
            type Error = Failure;

            fn $method<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Failure> {
                self.push(item)
            }

            fn end(self) -> Result<Rfc6570Value, Failure> {
                Ok(Rfc6570Value::List(self.0))
            }
        }
    )*};
}

items_as!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

/// A map or struct being read: each key with its values.
pub(super) struct Fields {
    fields: Vec<(Item, Field)>,
    /// The key given by `serialize_key`, until its value comes.
    key: Option<Item>,
}

impl Fields {
    fn with_capacity(len: usize) -> Self {
        Fields {
            fields: Vec::with_capacity(len),
            key: None,
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, key: Item, value: &T) -> Result<(), Failure> {
        match value.serialize(FieldSerializer) {
            Ok(FieldValue::Values(field)) if field.values.is_empty() => {}
            Ok(FieldValue::Values(field)) => self.fields.push((key, field)),
            Ok(FieldValue::Deep(entries)) => {
                let key = key_text(&key);
                for (entry, field) in entries {
                    let entry = key_text(&entry);
                    // OpenAPI's deepObject holds one value per entry.
                    if field.values.len() > 1 || field.joined.is_some() {
                        return Err(Failure::new(ExpandErrorKind::NestedValue)
                            .within(&format!("[{entry}]"))
                            .within(&key));
                    }
                    if let Some(delimiter) = entry.chars().find(|c| matches!(c, '[' | ']')) {
                        return Err(Failure::new(ExpandErrorKind::DelimiterInItem { delimiter })
                            .within(&format!("[{entry}]"))
                            .within(&key));
                    }
                    let name = Item::Text(Cow::Owned(format!("{key}[{entry}]")));
                    self.fields.push((name, field));
                }
            }
            Err(failure) => return Err(failure.within(&key_text(&key))),
        }
        Ok(())
    }
}

impl ser::SerializeMap for Fields {
    type Ok = Rfc6570Value;
    type Error = Failure;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failure> {
        match key.serialize(ItemSerializer) {
            Ok(Some(key)) => {
                self.key = Some(key);
                Ok(())
            }
            // A key that is undefined, a list or a map names no parameter.
            Ok(None) | Err(_) => unsupported(),
        }
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        match self.key.take() {
            Some(key) => self.push(key, value),
            None => unsupported(),
        }
    }

    fn end(self) -> Result<Rfc6570Value, Failure> {
        Ok(Rfc6570Value::Map(self.fields))
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = Rfc6570Value;
    type Error = Failure;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failure> {
        self.push(Item::Text(Cow::Borrowed(key)), value)
    }

    fn end(self) -> Result<Rfc6570Value, Failure> {
        Ok(Rfc6570Value::Map(self.fields))
    }
}

/// A value in a map or struct: a string (one value), a sequence of strings (its values), or
/// undefined (none).
struct FieldSerializer;

impl FieldSerializer {
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the signature every serializer's `one` has"
    )]
    fn one(item: Option<Item>) -> Result<FieldValue, Failure> {
        Ok(FieldValue::Values(Field {
            values: item.into_iter().collect(),
            joined: None,
        }))
    }

    fn items(len: usize) -> FieldItems {
        FieldItems(Items(Vec::with_capacity(len)))
    }

    /// A style of `serde_style` (by the newtype's name), or what the newtype wraps.
    fn newtype<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<FieldValue, Failure> {
        // The delimiter as written between items, and the character it stands for, which an
        // item may hold only where the URL tells the two apart (`,` is `%2C` in an item).
        let (joined, delimiter) = match name {
            style::COMMA => (",", None),
            style::SPACE => ("%20", Some(' ')),
            style::PIPE => ("%7C", Some('|')),
            style::DEEP => {
                return match value.serialize(ValueSerializer)? {
                    Rfc6570Value::Undefined => Ok(FieldValue::Deep(Vec::new())),
                    Rfc6570Value::Map(entries) => Ok(FieldValue::Deep(entries)),
                    Rfc6570Value::One(_) | Rfc6570Value::List(_) => unsupported(),
                };
            }
            _ => return value.serialize(self),
        };
        // A sequence is its items; a struct or map its keys and values in turn, as RFC 6570
        // writes a map without explode (OpenAPI's `R,100,G,200`).
        let values = match value.serialize(ValueSerializer)? {
            Rfc6570Value::Undefined => Vec::new(),
            Rfc6570Value::One(item) => alloc::vec![item],
            Rfc6570Value::List(items) => items,
            Rfc6570Value::Map(entries) => {
                let mut values = Vec::with_capacity(entries.len() * 2);
                for (key, mut field) in entries {
                    if field.values.len() != 1 || field.joined.is_some() {
                        return Err(
                            Failure::new(ExpandErrorKind::NestedValue).within(&key_text(&key))
                        );
                    }
                    values.push(key);
                    values.append(&mut field.values);
                }
                values
            }
        };
        let field = Field {
            values,
            joined: Some(joined),
        };
        if let Some(delimiter) = delimiter {
            for (index, item) in field.values.iter().enumerate() {
                if item_holds(item, delimiter) {
                    let failure = Failure::new(ExpandErrorKind::DelimiterInItem { delimiter });
                    return Err(failure.within(&format!("[{index}]")));
                }
            }
        }
        Ok(FieldValue::Values(field))
    }
}

/// Whether an item's text holds `c` (an ASCII character).
fn item_holds(item: &Item, c: char) -> bool {
    match item {
        Item::Text(text) => text.contains(c),
        Item::Char(ch) => *ch == c,
        Item::Bytes(bytes) => u8::try_from(c).is_ok_and(|b| bytes.contains(&b)),
        // Numbers and `bool`s are written without spaces or `|`.
        _ => false,
    }
}

impl ser::Serializer for FieldSerializer {
    type Ok = FieldValue;
    type Error = Failure;
    type SerializeSeq = FieldItems;
    type SerializeTuple = FieldItems;
    type SerializeTupleStruct = FieldItems;
    type SerializeTupleVariant = Impossible<FieldValue, Failure>;
    type SerializeMap = Impossible<FieldValue, Failure>;
    type SerializeStruct = Impossible<FieldValue, Failure>;
    type SerializeStructVariant = Impossible<FieldValue, Failure>;

    scalars!();
    sequence!(FieldItems);

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Failure> {
        nested()
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Failure> {
        nested()
    }
}

/// A sequence in a field: its items.
struct FieldItems(Items);

macro_rules! field_items_as {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for FieldItems {
            type Ok = FieldValue;
            type Error = Failure;

            fn $method<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Failure> {
                self.0.push(item)
            }

            fn end(self) -> Result<FieldValue, Failure> {
                Ok(FieldValue::Values(Field { values: self.0 .0, joined: None }))
            }
        }
    )*};
}

field_items_as!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

/// A list item or a map key: a string, or undefined; a list or map here is nested.
struct ItemSerializer;

impl ItemSerializer {
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the signature every serializer's `one` has"
    )]
    fn one(item: Option<Item>) -> Result<Option<Item>, Failure> {
        Ok(item)
    }

    /// A newtype is what it wraps: the styles of `serde_style` write a field, not an item.
    fn newtype<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Option<Item>, Failure> {
        value.serialize(self)
    }
}

impl ser::Serializer for ItemSerializer {
    type Ok = Option<Item>;
    type Error = Failure;
    type SerializeSeq = Impossible<Option<Item>, Failure>;
    type SerializeTuple = Impossible<Option<Item>, Failure>;
    type SerializeTupleStruct = Impossible<Option<Item>, Failure>;
    type SerializeTupleVariant = Impossible<Option<Item>, Failure>;
    type SerializeMap = Impossible<Option<Item>, Failure>;
    type SerializeStruct = Impossible<Option<Item>, Failure>;
    type SerializeStructVariant = Impossible<Option<Item>, Failure>;

    scalars!();
    no_sequences!(nested);

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Failure> {
        nested()
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Failure> {
        nested()
    }
}

/// The value of the field `name` of a struct or map, as RFC 6570 sees it: `None` when the value
/// has no such field, or is itself undefined (`None`, `()`). A value that is neither a struct nor
/// a map names no variables and is refused.
pub(super) fn collect_field<T: Serialize + ?Sized>(
    value: &T,
    name: &str,
) -> Result<Option<Rfc6570Value>, Failure> {
    value.serialize(FieldFinder { name })
}

/// Finds one field of a struct or map, serializing only that field's value.
struct FieldFinder<'n> {
    name: &'n str,
}

impl FieldFinder<'_> {
    #[allow(
        clippy::needless_pass_by_value,
        reason = "the signature every serializer's `one` has"
    )]
    fn one(item: Option<Item>) -> Result<Option<Rfc6570Value>, Failure> {
        match item {
            None => Ok(None),
            Some(_) => unsupported(),
        }
    }

    fn newtype<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Option<Rfc6570Value>, Failure> {
        value.serialize(self)
    }
}

impl<'n> ser::Serializer for FieldFinder<'n> {
    type Ok = Option<Rfc6570Value>;
    type Error = Failure;
    type SerializeSeq = Impossible<Option<Rfc6570Value>, Failure>;
    type SerializeTuple = Impossible<Option<Rfc6570Value>, Failure>;
    type SerializeTupleStruct = Impossible<Option<Rfc6570Value>, Failure>;
    type SerializeTupleVariant = Impossible<Option<Rfc6570Value>, Failure>;
    type SerializeMap = Finding<'n>;
    type SerializeStruct = Finding<'n>;
    type SerializeStructVariant = Impossible<Option<Rfc6570Value>, Failure>;

    scalars!();
    no_sequences!(unsupported);

    fn serialize_map(self, _len: Option<usize>) -> Result<Finding<'n>, Failure> {
        Ok(Finding::new(self.name))
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Finding<'n>, Failure> {
        Ok(Finding::new(self.name))
    }
}

/// A struct or map being searched for the field `name`.
struct Finding<'n> {
    name: &'n str,
    found: Option<Rfc6570Value>,
    /// Whether the key given by `serialize_key` is `name`, until its value comes.
    matched: bool,
}

impl<'n> Finding<'n> {
    fn new(name: &'n str) -> Self {
        Finding {
            name,
            found: None,
            matched: false,
        }
    }

    /// The first field named `name` is the variable's value (a map holds each key once).
    fn take<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        if self.found.is_none() {
            let found = value
                .serialize(ValueSerializer)
                .map_err(|failure| failure.within(self.name))?;
            self.found = Some(found);
        }
        Ok(())
    }
}

impl ser::SerializeStruct for Finding<'_> {
    type Ok = Option<Rfc6570Value>;
    type Error = Failure;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failure> {
        if key == self.name {
            self.take(value)?;
        }
        Ok(())
    }

    fn end(self) -> Result<Option<Rfc6570Value>, Failure> {
        Ok(self.found)
    }
}

impl ser::SerializeMap for Finding<'_> {
    type Ok = Option<Rfc6570Value>;
    type Error = Failure;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failure> {
        self.matched = match key.serialize(ItemSerializer) {
            Ok(Some(key)) => key_text(&key) == self.name,
            // A key that is undefined, a list or a map names no variable.
            Ok(None) | Err(_) => false,
        };
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failure> {
        if core::mem::take(&mut self.matched) {
            self.take(value)?;
        }
        Ok(())
    }

    fn end(self) -> Result<Option<Rfc6570Value>, Failure> {
        Ok(self.found)
    }
}
