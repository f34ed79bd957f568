//! Reading a `Serialize` value as an RFC 6570 value (§2.3): undefined, a string, a list, or an
//! associative array whose values are strings or lists of strings. Three serializers, one per
//! depth: [`ValueSerializer`] for the value itself, [`FieldSerializer`] for a value in a map
//! or struct, [`ItemSerializer`] for a list item or a map key. Anything deeper is refused
//! with the path of the field that holds it.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::ser::{self, Impossible, Serialize};

use crate::error::ErrorKind;
use crate::value::{Expansion, Scalar};

/// A `Serialize` value, as RFC 6570 sees it.
pub(super) enum Shape {
    Undefined,
    One(Item),
    List(Vec<Item>),
    /// Each key with its values: one for a string, several for a sequence (none are kept).
    Map(Vec<(Item, Vec<Item>)>),
}

/// One string value, kept in the type it was serialized as so that it is written by the
/// same [`Scalar`] implementation as a Rust value of that type.
pub(super) enum Item {
    Text(Cow<'static, str>),
    Unsigned(u64),
    Signed(i64),
    Unsigned128(u128),
    Signed128(i128),
    F32(f32),
    F64(f64),
    Bool(bool),
    Char(char),
    Bytes(Vec<u8>),
}

impl Scalar for Item {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        match self {
            Item::Text(text) => text.as_ref().write(e),
            Item::Unsigned(n) => n.write(e),
            Item::Signed(n) => n.write(e),
            Item::Unsigned128(n) => n.write(e),
            Item::Signed128(n) => n.write(e),
            Item::F32(x) => x.write(e),
            Item::F64(x) => x.write(e),
            Item::Bool(b) => b.write(e),
            Item::Char(c) => c.write(e),
            Item::Bytes(bytes) => bytes.as_slice().write(e),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Item::Text(text) => text.len(),
            Item::Bytes(bytes) => bytes.len(),
            _ => 20,
        }
    }
}

/// Why a value cannot be written, and the field that holds the culprit (empty for the value
/// itself).
#[derive(Debug)]
pub(super) struct Failure {
    pub(super) kind: ErrorKind,
    pub(super) field: String,
}

impl Failure {
    fn new(kind: ErrorKind) -> Self {
        Failure {
            kind,
            field: String::new(),
        }
    }

    /// Puts `outer` in front of the path: `tags` then `[2]` make `tags[2]`.
    fn within(mut self, outer: &str) -> Self {
        let sep = if self.field.is_empty() || self.field.starts_with('[') {
            ""
        } else {
            "."
        };
        self.field = format!("{outer}{sep}{}", self.field);
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} at `{}`", self.kind, self.field)
    }
}

impl ser::StdError for Failure {}

impl ser::Error for Failure {
    /// An error of the value's own `Serialize` implementation.
    fn custom<T: fmt::Display>(_message: T) -> Self {
        Failure::new(ErrorKind::UnsupportedValue)
    }
}

/// `value` read as an RFC 6570 value.
pub(super) fn shape<T: Serialize + ?Sized>(value: &T) -> Result<Shape, Failure> {
    value.serialize(ValueSerializer)
}

fn nested<T>() -> Result<T, Failure> {
    Err(Failure::new(ErrorKind::NestedValue))
}

fn unsupported<T>() -> Result<T, Failure> {
    Err(Failure::new(ErrorKind::UnsupportedValue))
}

/// The methods every serializer here shares: strings, numbers and the undefined values,
/// handed to the serializer's `Self::one(Option<Item>)`; enum variants with data refused.
macro_rules! scalars {
    () => {
        fn serialize_bool(self, v: bool) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Bool(v)))
        }
        fn serialize_i8(self, v: i8) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Signed(v.into())))
        }
        fn serialize_i16(self, v: i16) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Signed(v.into())))
        }
        fn serialize_i32(self, v: i32) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Signed(v.into())))
        }
        fn serialize_i64(self, v: i64) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Signed(v)))
        }
        fn serialize_i128(self, v: i128) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Signed128(v)))
        }
        fn serialize_u8(self, v: u8) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Unsigned(v.into())))
        }
        fn serialize_u16(self, v: u16) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Unsigned(v.into())))
        }
        fn serialize_u32(self, v: u32) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Unsigned(v.into())))
        }
        fn serialize_u64(self, v: u64) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Unsigned(v)))
        }
        fn serialize_u128(self, v: u128) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Unsigned128(v)))
        }
        fn serialize_f32(self, v: f32) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::F32(v)))
        }
        fn serialize_f64(self, v: f64) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::F64(v)))
        }
        fn serialize_char(self, v: char) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Char(v)))
        }
        fn serialize_str(self, v: &str) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Text(Cow::Owned(v.to_string()))))
        }
        fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Bytes(v.to_vec())))
        }
        fn serialize_none(self) -> Result<Self::Ok, Failure> {
            Self::one(None)
        }
        fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok, Failure> {
            value.serialize(self)
        }
        fn serialize_unit(self) -> Result<Self::Ok, Failure> {
            Self::one(None)
        }
        fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok, Failure> {
            Self::one(None)
        }
        fn serialize_unit_variant(
            self,
            _name: &'static str,
            _index: u32,
            variant: &'static str,
        ) -> Result<Self::Ok, Failure> {
            Self::one(Some(Item::Text(Cow::Borrowed(variant))))
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(
            self,
            _name: &'static str,
            value: &T,
        ) -> Result<Self::Ok, Failure> {
            value.serialize(self)
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _value: &T,
        ) -> Result<Self::Ok, Failure> {
            unsupported()
        }
        fn serialize_tuple_variant(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeTupleVariant, Failure> {
            unsupported()
        }
        fn serialize_struct_variant(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeStructVariant, Failure> {
            unsupported()
        }
    };
}

/// The sequence methods: a tuple and a tuple struct are sequences too.
macro_rules! sequence {
    ($seq:ty) => {
        fn serialize_seq(self, len: Option<usize>) -> Result<$seq, Failure> {
            Ok(Self::items(len.unwrap_or(0)))
        }
        fn serialize_tuple(self, len: usize) -> Result<$seq, Failure> {
            Ok(Self::items(len))
        }
        fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<$seq, Failure> {
            Ok(Self::items(len))
        }
    };
}

/// The value itself: undefined, a string, a list or a map.
struct ValueSerializer;

impl ValueSerializer {
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the signature every serializer's `one` has"
    )]
    fn one(item: Option<Item>) -> Result<Shape, Failure> {
        Ok(item.map_or(Shape::Undefined, Shape::One))
    }

    fn items(len: usize) -> Items {
        Items(Vec::with_capacity(len))
    }
}

impl ser::Serializer for ValueSerializer {
    type Ok = Shape;
    type Error = Failure;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Impossible<Shape, Failure>;
    type SerializeMap = Fields;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Impossible<Shape, Failure>;

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
            type Ok = Shape;
            type Error = Failure;

            fn $method<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Failure> {
                self.push(item)
            }

            fn end(self) -> Result<Shape, Failure> {
                Ok(Shape::List(self.0))
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
    fields: Vec<(Item, Vec<Item>)>,
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
            Ok(values) if values.is_empty() => {}
            Ok(values) => self.fields.push((key, values)),
            Err(failure) => return Err(failure.within(&key_text(&key))),
        }
        Ok(())
    }
}

/// A key as the error's field path shows it.
fn key_text(key: &Item) -> String {
    match key {
        Item::Text(text) => text.to_string(),
        Item::Unsigned(n) => n.to_string(),
        Item::Signed(n) => n.to_string(),
        Item::Unsigned128(n) => n.to_string(),
        Item::Signed128(n) => n.to_string(),
        Item::F32(x) => x.to_string(),
        Item::F64(x) => x.to_string(),
        Item::Bool(b) => b.to_string(),
        Item::Char(c) => c.to_string(),
        Item::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

impl ser::SerializeMap for Fields {
    type Ok = Shape;
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

    fn end(self) -> Result<Shape, Failure> {
        Ok(Shape::Map(self.fields))
    }
}

impl ser::SerializeStruct for Fields {
    type Ok = Shape;
    type Error = Failure;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failure> {
        self.push(Item::Text(Cow::Borrowed(key)), value)
    }

    fn end(self) -> Result<Shape, Failure> {
        Ok(Shape::Map(self.fields))
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
    fn one(item: Option<Item>) -> Result<Vec<Item>, Failure> {
        Ok(item.into_iter().collect())
    }

    fn items(len: usize) -> FieldItems {
        FieldItems(Items(Vec::with_capacity(len)))
    }
}

impl ser::Serializer for FieldSerializer {
    type Ok = Vec<Item>;
    type Error = Failure;
    type SerializeSeq = FieldItems;
    type SerializeTuple = FieldItems;
    type SerializeTupleStruct = FieldItems;
    type SerializeTupleVariant = Impossible<Vec<Item>, Failure>;
    type SerializeMap = Impossible<Vec<Item>, Failure>;
    type SerializeStruct = Impossible<Vec<Item>, Failure>;
    type SerializeStructVariant = Impossible<Vec<Item>, Failure>;

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
            type Ok = Vec<Item>;
            type Error = Failure;

            fn $method<T: Serialize + ?Sized>(&mut self, item: &T) -> Result<(), Failure> {
                self.0.push(item)
            }

            fn end(self) -> Result<Vec<Item>, Failure> {
                Ok(self.0 .0)
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

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Failure> {
        nested()
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Failure> {
        nested()
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Failure> {
        nested()
    }

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
