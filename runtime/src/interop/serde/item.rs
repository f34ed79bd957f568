//! The pieces of a `Serialize` value that [`super::collect`] keeps: one string value
//! ([`Item`]), and why a value cannot be written ([`Failure`]); and the serializer methods
//! that read one string value, shared by the serializers of `collect` ([`scalars!`]).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::ser;

use crate::error::ExpandErrorKind;
use crate::value::{Expansion, Scalar};

/// One string value, kept in the type it was serialized as so that it is written by the
/// same [`Scalar`] implementation as a Rust value of that type.
pub(crate) enum Item {
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
pub(crate) struct Failure {
    pub(crate) kind: ExpandErrorKind,
    pub(crate) field: String,
}

impl Failure {
    pub(super) fn new(kind: ExpandErrorKind) -> Self {
        Failure {
            kind,
            field: String::new(),
        }
    }

    /// Puts `outer` in front of the path: `tags` then `[2]` make `tags[2]`.
    pub(super) fn within(mut self, outer: &str) -> Self {
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
        Failure::new(ExpandErrorKind::UnsupportedValue)
    }
}

/// A key as the error's field path shows it.
pub(super) fn key_text(key: &Item) -> String {
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
            name: &'static str,
            value: &T,
        ) -> Result<Self::Ok, Failure> {
            self.newtype(name, value)
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

/// The sequence methods of a serializer that takes none, each refused by `$refuse()`.
macro_rules! no_sequences {
    ($refuse:ident) => {
        fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Failure> {
            $refuse()
        }
        fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Failure> {
            $refuse()
        }
        fn serialize_tuple_struct(
            self,
            _name: &'static str,
            _len: usize,
        ) -> Result<Self::SerializeTupleStruct, Failure> {
            $refuse()
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
