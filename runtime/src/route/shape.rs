//! [`RouteShape`]: what `#[derive(Route)]` read from a template, for code that describes or
//! serves routes without parsing templates.

use super::method::Method;

/// The URLs of one route as `#[derive(Route)]` read them from its template: the path segment
/// by segment and the query parameters, each placeholder with the field it reads.
/// [`Route::SHAPES`](crate::Route::SHAPES) holds one per template.
///
/// It is the route's structure, checked at compile time, for code that must not read
/// templates itself: urlkit-axum computes its router's paths from it, and an API description
/// (path and query parameters, which are required, which are lists) can be generated from it.
/// Which requests match is [`from_url`](crate::Route::from_url)'s to say, by the rules of
/// [the derive's documentation](derive@crate::Route#which-route-matches).
///
/// Text is spelt as `to_url` writes it: static text and keys with characters outside RFC 3986
/// percent-encoded as UTF-8 (`café` is `caf%C3%A9`) and triplets in uppercase hex.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit::route::{Arity, QueryParam, Segment};
///
/// #[derive(Route)]
/// enum Api {
///     #[route("/users/{id}/posts{?page,tag*,labels}")]
///     Posts { id: u64, page: Option<u32>, tag: Vec<String>, labels: Vec<String> },
///     #[route("/files{/path*}")]
///     File { path: Vec<String> },
///     #[route("/search?q={query}&format=json")]
///     Search { query: String },
/// }
///
/// let [posts, file, search] = Api::SHAPES else { unreachable!() };
/// assert_eq!(posts.template, "/users/{id}/posts{?page,tag*,labels}");
/// assert_eq!(posts.variant, Some("Posts"));
/// assert_eq!(posts.path, [
///     Segment::Static("users"),
///     Segment::Value { prefix: "", field: "id", suffix: "" },
///     Segment::Static("posts"),
/// ]);
/// assert_eq!(posts.query, [
///     QueryParam::Value { key: "page", field: "page", arity: Arity::Optional },
///     // `tag=a&tag=b`: OpenAPI's `style: form, explode: true`.
///     QueryParam::Value { key: "tag", field: "tag", arity: Arity::List },
///     // `labels=a,b`: `style: form, explode: false`.
///     QueryParam::Value { key: "labels", field: "labels", arity: Arity::Joined { separator: ',' } },
/// ]);
/// assert_eq!(file.path, [Segment::Static("files"), Segment::Rest { field: "path" }]);
/// // Static pieces first, then the parameters.
/// assert_eq!(search.query, [
///     QueryParam::Static { key: "format", value: Some("json") },
///     QueryParam::Value { key: "q", field: "query", arity: Arity::One },
/// ]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RouteShape {
    /// The template, as written in `#[route("...")]`.
    pub template: &'static str,
    /// The variant the template is on, for an enum; `None` for a struct.
    pub variant: Option<&'static str>,
    /// The path after its leading `/`, one item per segment (`/` alone is one empty
    /// [`Segment::Static`]).
    pub path: &'static [Segment],
    /// The query: its static pieces, then the parameters placeholders read, each in template
    /// order.
    pub query: &'static [QueryParam],
    /// The fields placeholders read, in declaration order, each with the values its type
    /// accepts ([`FieldShape`]).
    pub fields: &'static [FieldShape],
    /// The doc comment of the variant (of the struct, for a struct), as rustdoc reads it: the
    /// lines joined by `\n`, without the indentation they share; empty if there is none.
    pub doc: &'static str,
    /// `#[route(get, post, "...")]`: the methods declared, in the order written.
    methods: &'static [Method],
}

impl RouteShape {
    /// The methods the route declares with `#[route(get, post, "...")]`, in the order they
    /// are written; empty for a route that declares none, which takes any method.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::Method;
    ///
    /// #[derive(Route)]
    /// enum Site {
    ///     #[route(get, "/login")]
    ///     LoginForm,
    ///     #[route(post, "/login{?next}")]
    ///     Login { next: Option<String> },
    ///     #[route("/health")]
    ///     Health,
    /// }
    ///
    /// let [form, login, health] = Site::SHAPES else { unreachable!() };
    /// assert_eq!(form.methods(), [Method::Get]);
    /// assert_eq!(login.methods(), [Method::Post]);
    /// assert!(health.methods().is_empty());
    /// ```
    #[must_use]
    pub const fn methods(&self) -> &'static [Method] {
        self.methods
    }

    /// The [`FieldShape`] of the field named `name` (as in [`Segment::Value::field`]).
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::ValueType;
    ///
    /// #[derive(Route)]
    /// #[route("/users/{id}")]
    /// struct User { id: u8 }
    ///
    /// let id = User::SHAPES[0].field("id").unwrap();
    /// assert_eq!(id.value, ValueType::Integer { min: 0, max: 255 });
    /// assert!(User::SHAPES[0].field("name").is_none());
    /// ```
    pub fn field(&self, name: &str) -> Option<&'static FieldShape> {
        self.fields.iter().find(|field| field.name == name)
    }
}

/// A field a placeholder reads: its name, the values its type accepts and its doc comment.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit::route::ValueType;
///
/// /// A user's posts.
/// #[derive(Route)]
/// #[route("/users/{id}/posts{?tag*,note}")]
/// struct Posts {
///     /// The user.
///     id: u64,
///     tag: Vec<String>,
///     #[route(keep_empty)]
///     note: Option<String>,
/// }
///
/// let [shape] = Posts::SHAPES else { unreachable!() };
/// assert_eq!(shape.doc, "A user's posts.");
/// let [id, tag, note] = shape.fields else { unreachable!() };
/// assert_eq!((id.name, id.doc), ("id", "The user."));
/// assert_eq!(id.value, ValueType::Integer { min: 0, max: u64::MAX.into() });
/// // A list's items: the arity is in the shape's `Segment` or `QueryParam`.
/// assert_eq!((tag.name, tag.value, tag.doc), ("tag", ValueType::Text, ""));
/// assert!(note.keeps_empty && !tag.keeps_empty);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FieldShape {
    /// Its name, as in [`Segment::Value::field`].
    pub name: &'static str,
    /// The values its type accepts, one item's for an `Option` or a `Vec`: the type's
    /// [`FromParam::VALUE_TYPE`](crate::route::FromParam::VALUE_TYPE).
    pub value: ValueType,
    /// Its doc comment, as [`RouteShape::doc`].
    pub doc: &'static str,
    /// Whether an empty query value is `Some` of it rather than `None`: an `Option` with
    /// `#[route(keep_empty)]` (OpenAPI's `allowEmptyValue: true`). Without it `from_url`
    /// reads `page=` (an empty form field) as absent.
    pub keeps_empty: bool,
}

/// The values a field's type accepts, as far as a description of an API can say it:
/// [`FromParam::VALUE_TYPE`](crate::route::FromParam::VALUE_TYPE).
///
/// Non-exhaustive: a reader that meets a kind it does not know can describe the value as
/// [`Text`](Self::Text), which every value is.
///
/// # Examples
/// ```
/// use urlkit::route::{FromParam, ValueType};
///
/// assert_eq!(i8::VALUE_TYPE, ValueType::Integer { min: -128, max: 127 });
/// assert_eq!(Option::<bool>::VALUE_TYPE, ValueType::Boolean);
/// assert_eq!(Vec::<char>::VALUE_TYPE, ValueType::Char);
/// assert_eq!(<urlkit::Fmt<std::net::Ipv4Addr>>::VALUE_TYPE, ValueType::Text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueType {
    /// Text the type reads in its own way: the string types, [`Fmt`](crate::Fmt), and the
    /// default for a type of your own.
    Text,
    /// One character (`char`).
    Char,
    /// An integer from `min` to `max`, written in decimal as `Display` writes it.
    Integer {
        /// The least value.
        min: i128,
        /// The greatest value.
        max: u128,
    },
    /// A floating-point number as `Display` writes it (`f32`, `f64`): decimal digits without
    /// an exponent, and also `inf`, `-inf` and `NaN`.
    Number,
    /// `true` or `false` (`bool`).
    Boolean,
    /// One of these spellings: an enum that derives [`Param`](derive@crate::Param), each
    /// variant's spelling in declaration order.
    OneOf(&'static [&'static str]),
}

/// One segment of a route's path: what lies between two `/` (or after the last).
///
/// Exhaustive, as are [`QueryParam`] and [`Arity`]: code that serves or describes a route must
/// handle each kind of segment, so a new one will be a breaking change rather than a case
/// such code would skip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// Static text: `users` in `/users/{id}`. `from_url` compares it byte for byte, but for
    /// the case of the hex digits in a percent-triplet (RFC 3986 §6.2.2.1).
    Static(&'static str),
    /// `{x}`, with the segment's static text before and after it: `v{version}` has the prefix
    /// `v`, `{name}.json` the suffix `.json`, `{id}` neither. The field takes one value; where
    /// the placeholder is the whole segment the value is never empty (`to_url` refuses an
    /// empty segment), beside text it may be.
    Value {
        /// Static text before the placeholder.
        prefix: &'static str,
        /// The field the placeholder reads: its name (`type` for `r#type`), or its index in a
        /// tuple struct or variant (`0`).
        field: &'static str,
        /// Static text after the placeholder.
        suffix: &'static str,
    },
    /// `{.x}` or `{;x}` (OpenAPI's path styles `label` and `matrix`), or a list in any path
    /// style (`{x}` on a `Vec`), with the segment's static text before and after it:
    /// `/users/{.id}` writes `/users/.5`, `/report{.format}` `/report.json`, `/users/{;id}`
    /// `/users/;id=5` (`;id` for an empty value), `/p/{.color*}` `/p/.blue.black`. `prefix`
    /// and `suffix` are the template's own text, without the `.` or `;id` the expansion
    /// writes.
    Styled {
        /// Static text before the placeholder.
        prefix: &'static str,
        /// The field: as in [`Segment::Value`].
        field: &'static str,
        /// Static text after the placeholder.
        suffix: &'static str,
        /// How the value is written.
        style: PathStyle,
        /// `*` after the name (OpenAPI's `explode`): for a list, `{.x*}` separates the items
        /// with `.` and `{;x*}` writes `;x=` before each, where without it they are joined by
        /// `,`.
        explode: bool,
        /// [`Arity::One`], or [`Arity::List`] for a `Vec`, which holds at least one item (an
        /// empty list writes nothing, so `to_url` refuses it); for a map, which holds at least
        /// one entry, [`Arity::JoinedObject`] (keys and values in turn, joined by `,`) or, with
        /// `explode`, [`Arity::ExplodedObject`] (`key=value` items; in `{;x*}` the keys name
        /// the items, `;R=100;G=200`, and `prefix` is followed by `;` alone).
        arity: Arity,
    },
    /// `{/x}`: a segment that is the field's value (RFC 6570 §3.2.6), at the end of the path
    /// (only `{/x}` and `{/x*}` follow it). [`Arity::Optional`] only for the last segment of
    /// the path: the path may end before it.
    Slash {
        /// The field: as in [`Segment::Value`].
        field: &'static str,
        /// [`Arity::One`] or [`Arity::Optional`].
        arity: Arity,
    },
    /// `{/x*}`, the last segment of the path: the rest of the path, one segment per item of
    /// the field's list (a `Vec`), none for an empty list.
    Rest {
        /// The field: as in [`Segment::Value`].
        field: &'static str,
    },
}

/// How a placeholder in a path segment writes its value: OpenAPI's `style` of a path
/// parameter, after RFC 6570's operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// `{x}`: the value alone (`style: simple`, RFC 6570 §3.2.2).
    Simple,
    /// `{.x}`: a `.` and the value (`style: label`, RFC 6570 §3.2.5).
    Label,
    /// `{;x}`: `;x=` and the value, `;x` for an empty value (`style: matrix`, RFC 6570
    /// §3.2.7).
    Matrix,
}

/// One piece of a route's query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryParam {
    /// A static piece, which the query must hold exactly once: `format=json` has the key
    /// `format` and the value `json`, a bare `flag` no value.
    Static {
        /// The key, before the first `=`.
        key: &'static str,
        /// After the first `=`, if there is one.
        value: Option<&'static str>,
    },
    /// A parameter whose value fills a field: `{?page}` and `{&tag*}` (the key is the field's
    /// name), or a pair written by hand, `q={query}` (the key `q`, the field `query`).
    Value {
        /// The parameter's name. `from_url` compares keys by their decoded form.
        key: &'static str,
        /// The field: as in [`Segment::Value`].
        field: &'static str,
        /// How many times the parameter may stand.
        arity: Arity,
    },
}

/// How many values a placeholder takes, from its field's type, and for a list in the query
/// whether its items are pairs of their own or one value.
///
/// In OpenAPI's terms (3.1, "Style Values"), a query parameter with [`List`](Self::List) is
/// `style: form, explode: true`; with [`Joined`](Self::Joined) and the separator `,` it is
/// `style: form, explode: false`, with ` ` `style: spaceDelimited`, with `|`
/// `style: pipeDelimited`; [`DeepObject`](Self::DeepObject) is `style: deepObject,
/// explode: true`; [`JoinedObject`](Self::JoinedObject) is an object in `style: form,
/// explode: false`, `spaceDelimited` or `pipeDelimited` by its separator, and
/// [`ExplodedObject`](Self::ExplodedObject) one in `style: form, explode: true`; a scalar is
/// `style: form` either way.
///
/// # Examples
/// ```
/// use std::collections::BTreeMap;
/// use urlkit::Route;
/// use urlkit::route::{Arity, QueryParam};
///
/// #[derive(Route)]
/// #[route("/paint{?color,size,rest*}")]
/// struct Paint {
///     // `color=R,100,G,200`
///     color: BTreeMap<String, u8>,
///     // `size=w%7C3%7Ch%7C4`
///     #[route(style = "pipeDelimited")]
///     size: Vec<(String, u32)>,
///     // `shine=high&coat=2`: every pair no other parameter names.
///     rest: BTreeMap<String, String>,
/// }
///
/// let arities: Vec<Arity> = Paint::SHAPES[0]
///     .query
///     .iter()
///     .map(|param| match *param {
///         QueryParam::Value { arity, .. } => arity,
///         QueryParam::Static { .. } => unreachable!(),
///     })
///     .collect();
/// assert_eq!(arities, [
///     Arity::JoinedObject { separator: ',' },
///     Arity::JoinedObject { separator: '|' },
///     Arity::ExplodedObject,
/// ]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    /// Exactly one: a field that is neither an `Option` nor a `Vec`. A URL without the
    /// parameter does not match.
    One,
    /// At most one: an `Option`, `None` when the value is absent.
    Optional,
    /// Any number, in order: a `Vec`, empty when the value is absent. In the query, one
    /// `key=item` pair per item (`{?tag*}`: `tag=a&tag=b`); in the path, one segment per item
    /// (`{/path*}`).
    List,
    /// Any number, in order, in one query value: a `Vec` in `{?labels}`, written `labels=a,b`
    /// (RFC 6570 §3.2.8 without `*`), or with `#[route(style = "spaceDelimited")]` or
    /// `"pipeDelimited"`, `labels=a%20b` or `labels=a%7Cb`. The parameter stands at most once;
    /// absent, the list is empty, and `labels=` is a list of one empty item. An item's own `,`
    /// is percent-encoded (`a,b` as an item is `a%2Cb`), an item holding a space or `|` is
    /// refused by `to_url` under the style of that delimiter, and `from_url` splits the value
    /// on the separator before decoding the items, so every list `to_url` writes reads back.
    Joined {
        /// The character between items: `,`, ` ` or `|` (the last two percent-encoded in the
        /// URL).
        separator: char,
    },
    /// Any number of entries of a map, each a query pair of its own named `key[entry]`: a
    /// `BTreeMap` with `#[route(style = "deepObject")]` in `{?color}`, written
    /// `color%5BR%5D=100&color%5BG%5D=200` (OpenAPI's `style: deepObject, explode: true`).
    /// Absent, the map is empty; an entry that stands twice is an error. `from_url` compares
    /// the pairs' keys decoded, so `color[R]=100` reads too, and an entry's key is what stands
    /// between the first `[` after the name and the last `]`, so a key holding brackets of its
    /// own reads back.
    DeepObject,
    /// Any number of entries of a map, in one query value, each key then its value: a
    /// `BTreeMap` or a `Vec` of pairs in `{?color}`, written `color=R,100,G,200` (RFC 6570
    /// §3.2.8 without `*`; OpenAPI's `style: form, explode: false` for an object), or with
    /// `#[route(style = "spaceDelimited")]` or `"pipeDelimited"`, `color=R%20100%20G%20200` or
    /// `color=R%7C100%7CG%7C200`. The parameter stands at most once; absent, the map is empty.
    /// As in [`Joined`](Self::Joined), `from_url` splits the value on the separator before
    /// decoding the items (an item's own `,` is percent-encoded; one holding a space or `|` is
    /// refused by `to_url` under the style of that delimiter); an odd number of items, or a
    /// key that stands twice, is an error. In a [`Segment::Styled`] without `explode`, the
    /// segment's value holds the keys and values in turn, joined by `,`.
    JoinedObject {
        /// The character between items: `,`, ` ` or `|` (the last two percent-encoded in the
        /// URL).
        separator: char,
    },
    /// Any number of entries of a map, each a query pair of its own named by the entry's key:
    /// a `BTreeMap` or a `Vec` of pairs in `{?color*}`, written `R=100&G=200` (RFC 6570
    /// §3.2.8 with `*`; OpenAPI's `style: form, explode: true` for an object). The map takes
    /// every pair of the query that no other parameter or static piece of the route names
    /// (compared decoded), nor a [`DeepObject`](Self::DeepObject) map's `name[key]`, so a
    /// route has at most one, and no `deny_unknown_params`; `to_url` refuses an entry whose
    /// key is empty or is such a name, since it would not read back. The
    /// [`QueryParam::Value::key`] is the field's name, which names no pair. In a
    /// [`Segment::Styled`] with `explode`, the map's entries are the segment's items,
    /// `key=value` (RFC 6570 §3.2.2, §3.2.5, §3.2.7 with `*`).
    ExplodedObject,
}

/// A [`RouteShape`], for the code `#[derive(Route)]` writes: the struct is
/// `#[non_exhaustive]`, so that what a shape tells about a route can grow (more fields)
/// without breaking its readers.
pub const fn shape(
    template: &'static str,
    variant: Option<&'static str>,
    path: &'static [Segment],
    query: &'static [QueryParam],
) -> RouteShape {
    RouteShape {
        template,
        variant,
        path,
        query,
        fields: &[],
        doc: "",
        methods: &[],
    }
}

/// `shape` with the methods the route declares, for the code `#[derive(Route)]` writes.
pub const fn with_methods(shape: RouteShape, methods: &'static [Method]) -> RouteShape {
    RouteShape { methods, ..shape }
}

/// `shape` with the route's doc comment and fields, for the code `#[derive(Route)]` writes.
pub const fn described(
    shape: RouteShape,
    doc: &'static str,
    fields: &'static [FieldShape],
) -> RouteShape {
    RouteShape {
        fields,
        doc,
        ..shape
    }
}

/// A [`FieldShape`], for the code `#[derive(Route)]` writes.
pub const fn field(
    name: &'static str,
    value: ValueType,
    doc: &'static str,
    keeps_empty: bool,
) -> FieldShape {
    FieldShape {
        name,
        value,
        doc,
        keeps_empty,
    }
}
