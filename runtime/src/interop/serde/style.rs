//! OpenAPI's parameter styles for the fields of a [`Serde`](crate::Serde) value, picked per field
//! with serde's `serialize_with` (feature `serde`).
//!
//! By default a sequence field of a `Serde` value in `{?params*}` is one `key=item` pair per
//! item: OpenAPI's `style: form, explode: true`. These functions write a field another way:
//!
//! | `#[serde(serialize_with = ...)]` | `labels: vec!["a", "b"]` | OpenAPI 3.1 |
//! |---|---|---|
//! | (none) | `labels=a&labels=b` | `style: form, explode: true` |
//! | [`comma`] | `labels=a,b` | `style: form, explode: false` |
//! | [`space_delimited`] | `labels=a%20b` | `style: spaceDelimited` |
//! | [`pipe_delimited`] | `labels=a%7Cb` | `style: pipeDelimited` |
//! | [`deep_object`], on a struct or map field `color` | `color%5BR%5D=100&color%5BG%5D=200` | `style: deepObject` |
//!
//! [`comma`], [`space_delimited`] and [`pipe_delimited`] also take a struct or map field, whose
//! keys and values they join in turn (`color=R,100,G,200`), as OpenAPI's table does for an
//! object; each entry then holds one value.
//!
//! The delimiters are written as OpenAPI's style examples write them: `,` as it is, a space
//! and `|` percent-encoded (RFC 3986 allows neither in a query), and `deepObject`'s brackets
//! percent-encoded as part of the key. An item's own characters are encoded as in every other
//! value: a `,` in a [`comma`] item is `%2C`, so the items split apart again on the `,`
//! between them (in `{?params*}`, `{&params*}`, and wherever the expansion encodes `,`). A
//! space or a `|` is `%20` or `%7C` both as a delimiter and inside an item, so an item of
//! [`space_delimited`] holding a space, of [`pipe_delimited`] holding a `|`, or a
//! [`deep_object`] key holding `[` or `]` is refused
//! ([`ExpandErrorKind::DelimiterInItem`](crate::ExpandErrorKind::DelimiterInItem)), rather than read back
//! as something else. An empty list is left out, as any empty sequence is.
//!
//! Each function serializes the field as a newtype struct of a name private to urlkit, which
//! any other serializer (`serde_json`, `serde_urlencoded`) reads as the field itself, so the
//! same struct still serializes as before elsewhere.
//!
//! # Examples
//! ```
//! use std::collections::BTreeMap;
//! use urlkit::{serde_style, url, Serde};
//!
//! #[derive(serde::Serialize)]
//! struct Issues<'a> {
//!     state: &'a str,
//!     #[serde(serialize_with = "serde_style::comma")]
//!     labels: Vec<&'a str>,
//!     #[serde(serialize_with = "serde_style::pipe_delimited")]
//!     ids: Vec<u32>,
//!     #[serde(serialize_with = "serde_style::deep_object")]
//!     color: BTreeMap<&'a str, u8>,
//!     assignee: Vec<&'a str>,
//! }
//!
//! let issues = Issues {
//!     state: "open",
//!     labels: vec!["A-macros", "C-bug", "a,b"],
//!     ids: vec![1, 2],
//!     color: BTreeMap::from([("B", 150), ("R", 100)]),
//!     assignee: vec!["ada", "grace"],
//! };
//! assert_eq!(
//!     url!("https://api.github.com/issues{?params*}", params = Serde(&issues))?,
//!     "https://api.github.com/issues?state=open&labels=A-macros,C-bug,a%2Cb&ids=1%7C2\
//!      &color%5BB%5D=150&color%5BR%5D=100&assignee=ada&assignee=grace"
//! );
//! // Elsewhere the fields are what they are.
//! assert_eq!(
//!     serde_json::to_string(&issues)?,
//!     r#"{"state":"open","labels":["A-macros","C-bug","a,b"],"ids":[1,2],"color":{"B":150,"R":100},"assignee":["ada","grace"]}"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! An item that holds its style's delimiter is refused, and the error names it:
//! ```
//! use urlkit::{serde_style, url, ExpandErrorKind, Serde};
//!
//! #[derive(serde::Serialize)]
//! struct Words { #[serde(serialize_with = "serde_style::space_delimited")] words: Vec<&'static str> }
//!
//! let ok = Words { words: vec!["math", "is", "fun"] };
//! assert_eq!(url!("/q{?p*}", p = Serde(&ok))?, "/q?words=math%20is%20fun");
//! let two = Words { words: vec!["math is", "fun"] };
//! let err = url!("/q{?p*}", p = Serde(&two)).unwrap_err();
//! assert_eq!(err.kind(), &ExpandErrorKind::DelimiterInItem { delimiter: ' ' });
//! assert_eq!(err.field(), Some("words[0]"));
//! # Ok::<(), urlkit::ExpandError>(())
//! ```

use serde::ser::{Serialize, Serializer};

/// The newtype names the collector recognizes. Chosen so that no user type is named alike: a
/// Rust type name cannot hold `::` and a space.
pub(super) const COMMA: &str = "urlkit::serde_style comma";
pub(super) const SPACE: &str = "urlkit::serde_style spaceDelimited";
pub(super) const PIPE: &str = "urlkit::serde_style pipeDelimited";
pub(super) const DEEP: &str = "urlkit::serde_style deepObject";

/// Writes a sequence field as one value, its items joined with `,`: `labels=a,b` (OpenAPI's
/// `style: form, explode: false`; RFC 6570's `{?labels}`). For
/// `#[serde(serialize_with = "urlkit::serde_style::comma")]`; see [the module](self).
///
/// # Errors
/// Those of `serializer`.
pub fn comma<T: Serialize + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(COMMA, value)
}

/// Writes a sequence field as one value, its items joined with a space written `%20`:
/// `words=math%20is%20fun` (OpenAPI's `style: spaceDelimited`). An item holding a space is
/// refused. See [the module](self).
///
/// # Errors
/// Those of `serializer`.
pub fn space_delimited<T: Serialize + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(SPACE, value)
}

/// Writes a sequence field as one value, its items joined with a `|` written `%7C`:
/// `ids=1%7C2` (OpenAPI's `style: pipeDelimited`). An item holding a `|` is refused. See
/// [the module](self).
///
/// # Errors
/// Those of `serializer`.
pub fn pipe_delimited<T: Serialize + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(PIPE, value)
}

/// Writes a struct or map field `color` as one parameter per entry, `color[key]=value`, the
/// brackets percent-encoded: `color%5BR%5D=100` (OpenAPI's `style: deepObject`). Each entry
/// holds one value (OpenAPI leaves lists and objects in it undefined: refused as
/// [`ExpandErrorKind::NestedValue`](crate::ExpandErrorKind::NestedValue)); a key holding `[` or `]` is
/// refused. See [the module](self).
///
/// # Errors
/// Those of `serializer`.
pub fn deep_object<T: Serialize + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(DEEP, value)
}
