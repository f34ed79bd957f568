//! serde (feature `serde`): [`Url`] and [`Template`] as their text, and [`Serde`], any
//! `Serialize` value as a template value (query parameters from a struct or a map).

// First: its macros serve `collect`.
#[macro_use]
mod item;
mod collect;
pub mod style;

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use self::collect::{Item, Rfc6570Value};
use crate::template::{Template, Vars};
use crate::url::Url;
use crate::value::{Expansion, Scalar, Value};

/// A `Url` serializes as its text.
///
/// # Examples
/// ```
/// let url = urlkit::url!("https://example.com/a%20b");
/// assert_eq!(serde_json::to_string(&url)?, r#""https://example.com/a%20b""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A `Url` deserializes from a string, checked exactly as [`Url::parse`] checks it; a
/// rejected string is an error with `Url::parse`'s message (and the format's position).
///
/// # Examples
/// ```
/// use urlkit::Url;
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Config { api: Url }
///
/// let config: Config = serde_json::from_str(r#"{"api": "https://api.example.com/v1/"}"#)?;
/// assert_eq!(config.api.host(), Some("api.example.com"));
/// let err = serde_json::from_str::<Config>(r#"{"api": "https://example.com/a b"}"#).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid character ` ` in the URL path; write `%20` (at byte 21) at line 1 column 33"
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_str(TextVisitor(Url::parse, "a URL"))
    }
}

/// A `Template` serializes as its source text.
///
/// # Examples
/// ```
/// let t = urlkit::template!("/users/{id}{?page}");
/// assert_eq!(serde_json::to_string(&t)?, r#""/users/{id}{?page}""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Template {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A `Template` deserializes from its source text, parsed as [`Template::parse`] parses it;
/// a rejected template is an error with that message.
///
/// # Examples
/// ```
/// use std::collections::BTreeMap;
/// use urlkit::Template;
///
/// #[derive(serde::Deserialize)]
/// struct Link { href: Template }
///
/// let link: Link = serde_json::from_str(r#"{"href": "/orders{?id}"}"#)?;
/// assert_eq!(link.href.expand(&BTreeMap::from([("id", 17)]))?, "/orders?id=17");
/// assert!(serde_json::from_str::<Link>(r#"{"href": "/orders{?id"}"#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Template {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Template, D::Error> {
        deserializer.deserialize_str(TextVisitor(Template::parse, "a URI template"))
    }
}

/// Reads a string with `parse`, which names its own errors; `expecting` says what the text
/// should be.
struct TextVisitor<F>(F, &'static str);

impl<T, E: fmt::Display, F: Fn(&str) -> Result<T, E>> Visitor<'_> for TextVisitor<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} as a string", self.1)
    }

    fn visit_str<Er: de::Error>(self, text: &str) -> Result<T, Er> {
        (self.0)(text).map_err(Er::custom)
    }
}

/// Any `Serialize` value as a template value: `Serde(&filters)`. Its intended use is query
/// parameters from a struct or a map: `url!("/search{?params*}", params = Serde(&filters))`.
///
/// The value becomes the RFC 6570 value (§2.3) its shape says:
///
/// | serde data | RFC 6570 value |
/// |---|---|
/// | a struct, a map (`BTreeMap`, `HashMap`, `#[serde(flatten)]`ed structs) | an associative array, in field or iteration order |
/// | a sequence (`Vec`, slice, array, tuple) | a list |
/// | a string, number, `bool`, `char`, unit enum variant (its serialized name) | a string |
/// | bytes (`serde_bytes`) | octets, each encoded on its own, as `&[u8]` |
/// | `None`, `()`, a unit struct | undefined |
///
/// In a struct or map: a `None` field is left out; a sequence field is repeated with explode
/// (`{?params*}`: `tag=a&tag=b`) and comma-joined without it (`{?params}`: `tag,a,b`, the
/// RFC's form for a map); an empty sequence is left out. A field can pick another of
/// OpenAPI's styles with `#[serde(serialize_with = ...)]` and [`serde_style`](crate::serde_style):
/// `labels=a,b` ([`comma`](crate::serde_style::comma)), `%20`- or `%7C`-delimited, or
/// `deepObject`. A field that is itself a struct, map
/// or a sequence of those cannot be written (RFC 6570 values nest one level): the expansion
/// fails with [`ExpandErrorKind::NestedValue`](crate::ExpandErrorKind::NestedValue), and
/// [`ExpandError::field`](crate::ExpandError::field) names the field (`filter`, `tags[2]`). Enum variants
/// with data, map keys that are not strings, numbers, `bool`s or `char`s, and errors of the
/// value's own `Serialize` fail with
/// [`ExpandErrorKind::UnsupportedValue`](crate::ExpandErrorKind::UnsupportedValue).
///
/// Keys and values are encoded by exactly the rules (and the same code) as every other value
/// in their place: `{?params*}` percent-encodes everything but `A-Z a-z 0-9 - . _ ~`, so a
/// value `%41` is sent as `%2541` and reads back as `%41`, and `a+b` reads back as `a+b`, not
/// `a b`. (`serde_qs` 1.1.2, in its default configuration, writes the `%` raw, and `%41`
/// comes back as `A`.) The query reads back with any form decoder, such as
/// [`decode::form_pairs`](crate::decode::form_pairs), `form_urlencoded` or `serde_qs`.
///
/// The value is serialized once per expansion into a small list of fields (one allocation
/// for the list, one per text field or map key), then written like a map of strings.
///
/// # Examples
/// ```
/// use urlkit::{url, Serde};
///
/// #[derive(serde::Serialize)]
/// struct Filters<'a> {
///     q: &'a str,
///     tag: Vec<&'a str>,
///     page: Option<u32>,
///     sort: Sort,
/// }
/// #[derive(serde::Serialize)]
/// #[serde(rename_all = "lowercase")]
/// enum Sort { Newest }
///
/// let filters = Filters { q: "100% a+b", tag: vec!["rust", "url"], page: None, sort: Sort::Newest };
/// assert_eq!(
///     url!("/search{?params*}", params = Serde(&filters))?,
///     "/search?q=100%25%20a%2Bb&tag=rust&tag=url&sort=newest"
/// );
/// let pairs: Vec<_> = urlkit::decode::form_pairs("q=100%25%20a%2Bb").collect::<Result<_, _>>()?;
/// assert_eq!(pairs, [("q".into(), "100% a+b".into())]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A nested struct is refused, and the error names the field:
///
/// ```
/// use urlkit::{url, ExpandErrorKind, Serde};
///
/// #[derive(serde::Serialize)]
/// struct Range { from: u32, to: u32 }
/// #[derive(serde::Serialize)]
/// struct Query { q: &'static str, years: Range }
///
/// let query = Query { q: "x", years: Range { from: 2000, to: 2010 } };
/// let err = url!("/search{?query*}", query = Serde(&query)).unwrap_err();
/// assert_eq!((err.kind(), err.field()), (&ExpandErrorKind::NestedValue, Some("years")));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Serde<T>(pub T);

#[diagnostic::do_not_recommend]
impl<T: Serialize> Value for Serde<T> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        write(collect::collect(&self.0), e);
    }
}

/// A struct's fields, or a map's entries, as the variables of a [`Template`]: each variable is
/// the field of its name, read as [`Serde`] reads a value (so a struct field is a map, a
/// sequence a list, `None` undefined); a variable no field names is undefined. Only the field
/// a variable names is serialized each time the template asks for it.
///
/// A value that is neither a struct nor a map (nor undefined) defines no variables: each
/// variable is refused with [`ExpandErrorKind::UnsupportedValue`](crate::ExpandErrorKind::UnsupportedValue).
///
/// # Examples
/// ```
/// use urlkit::{Serde, Template};
///
/// #[derive(serde::Serialize)]
/// struct Issues<'a> { owner: &'a str, repo: &'a str, labels: Vec<&'a str>, page: Option<u32> }
///
/// let t = Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{?labels,page}")?;
/// let issues = Issues { owner: "rust-lang", repo: "rust", labels: vec!["A-macros", "C-bug"], page: None };
/// assert_eq!(
///     t.expand(&Serde(&issues))?,
///     "https://api.github.com/repos/rust-lang/rust/issues?labels=A-macros,C-bug"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<T: Serialize> Vars for Serde<T> {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        match collect::collect_field(&self.0, name) {
            Ok(Some(value)) => write(Ok(value), e),
            Ok(None) => {}
            Err(failure) => write(Err(failure), e),
        }
    }
}

/// Writes a value that [`collect`] read, or refuses it for what it holds.
fn write(value: Result<Rfc6570Value, collect::Failure>, e: &mut Expansion<'_, '_>) {
    match value {
        Ok(Rfc6570Value::Undefined) => {}
        Ok(Rfc6570Value::One(item)) => e.scalar(&item),
        Ok(Rfc6570Value::List(items)) => e.list(items.iter()),
        Ok(Rfc6570Value::Map(fields)) if e.is_explode() => {
            e.map(fields.iter().flat_map(|(key, field)| {
                let (one, each) = match field.joined {
                    Some(delimiter) => (Some(Joined(&field.values, delimiter)), &[][..]),
                    None => (None, &field.values[..]),
                };
                (one.into_iter().map(Piece::Joined))
                    .chain(each.iter().map(Piece::One))
                    .map(move |value| (key, value))
            }));
        }
        Ok(Rfc6570Value::Map(fields)) => e.map(
            fields
                .iter()
                .map(|(key, field)| (key, Joined(&field.values, field.joined.unwrap_or(",")))),
        ),
        Err(failure) => e.refuse_field(failure.kind, failure.field),
    }
}

/// The values of one field as one value, separated by the delimiter as written: `,` in
/// `{?params}` without explode (RFC 6570 §3.2.1), or a field's style of [`style`].
struct Joined<'a>(&'a [Item], &'static str);

impl Scalar for Joined<'_> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                e.push_list_separator(self.1);
            }
            item.write(e);
        }
    }
}

/// A value of an exploded map: one of a field's values, or all of them joined.
enum Piece<'a> {
    One(&'a Item),
    Joined(Joined<'a>),
}

impl Scalar for Piece<'_> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        match self {
            Piece::One(item) => item.write(e),
            Piece::Joined(joined) => joined.write(e),
        }
    }
}
