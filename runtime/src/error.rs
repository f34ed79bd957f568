//! [`ExpandError`]: why a value could not be placed in a URL template.

use alloc::string::String;
use core::fmt;

/// Why expanding a template failed: which placeholder, and why. The value itself is never
/// part of the message, since values can be secrets.
///
/// # Examples
/// ```
/// let vars = std::collections::BTreeMap::from([("file", "..")]);
/// let template = urlkit::Template::parse("/files/{file}/raw")?;
/// let err = template.expand(&vars).unwrap_err();
/// assert_eq!(err.placeholder(), "file");
/// assert_eq!(err.kind(), &urlkit::ExpandErrorKind::DotSegment);
/// assert_eq!(
///     err.to_string(),
///     "the value of `file` makes the path segment `.` or `..`, which URL parsers remove with the segment before it"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandError {
    placeholder: String,
    kind: ExpandErrorKind,
    /// The part of the value at fault (`filter`, `tags[2]`), for values with fields.
    field: Option<String>,
}

/// What [`ExpandError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ExpandErrorKind {
    /// The value would make a path segment `.` or `..` (or `%2E` spellings of them), which
    /// every URL parser removes together with the segment before it.
    DotSegment,
    /// A path segment of the template that holds only expressions would be empty: the
    /// placeholder is the whole segment (`/users/{id}`) or starts it (`/users/{id}{/tab}`,
    /// `{name}{.ext}`, `{a}{b}`), and its value is empty or undefined, as are those of the
    /// expressions after it in the segment (up to a `{/x}`, whose `/` ends it). An empty
    /// segment appears only where the template's own text writes one (`/users/`). Where
    /// the empty segment would make `//`, the error is [`DoubleSlash`](Self::DoubleSlash).
    EmptySegment,
    /// The value leaves an empty path segment before a `/`, making `//`.
    DoubleSlash,
    /// A `{+x}`/`{#x}` value holds a delimiter that would end its component or start a new
    /// one: `?` or `#` in a path, `#` in a query or fragment, `:` in the first segment of a
    /// relative path (it would read as a scheme), `&` in the query (it would start another
    /// pair), `=` in the query before the `=` the template writes for the pair (it would
    /// move the end of the pair's name).
    LeavesComponent {
        /// The delimiter.
        delimiter: char,
    },
    /// A `{+x}` or `{#x}` value holds a raw `\`. Reserved expansion passes a value's
    /// structure, and a `\` has no one meaning there: WHATWG parsers read it as `/` in the
    /// authority and path of `http`, `https`, `ws`, `wss`, `ftp` and `file` URLs, and RFC 3986
    /// allows it nowhere, so its encoding `%5C` would be another URL than the value says
    /// (`https://good.com\@evil.com` is the host `good.com` to a WHATWG parser,
    /// `https://good.com%5C@evil.com` the host `evil.com`). Refused in every reserved
    /// expansion, whatever the scheme. A value that means the character writes `%5C`;
    /// `{x}` encodes a `\` as `%5C`.
    Backslash,
    /// A host value that is not a host name (ASCII letters, digits, `-`, `.`) or an IP
    /// address; or, for part of a host, not a single label: `{.x}` and each item of `{.x*}`
    /// hold no `.` (`https://api{.region}/` with `evil.com` would be `api.evil.com`).
    InvalidHost,
    /// A port value that is not an integer from 0 to 65535.
    InvalidPort,
    /// A prefix modifier `{x:N}` on a list or map value (RFC 6570 §2.4.1).
    PrefixOnComposite,
    /// A `{+x}` that opens the template (RFC 6570's `{+base}index`) gave a URL start that
    /// is not valid: a bad scheme, host or port, a character the URL grammar refuses.
    InvalidBase,
    /// A value after a `{+base}` that ended inside its authority (`https://example.com`,
    /// no `/` after the host) would join that host or port: `{+base}{p}` with `.evil.com`
    /// makes the host `example.com.evil.com`. The base should end with `/`, or the template
    /// write `/` before the placeholder (`{+base}/{p}`, `{+base}{/p}`).
    JoinsAuthority,
    /// A list or map whose items are themselves lists or maps (e.g. a JSON array of
    /// arrays): RFC 6570 values nest one level only (§2.3).
    NestedValue,
    /// The `fmt::Write` given to [`Template::expand_to`](crate::Template::expand_to)
    /// reported an error. [`ExpandError::placeholder`] is empty: no value was at fault.
    Write,
    /// The placeholder must be defined: it opens the fragment (`{#x}`) that the template's
    /// text after it belongs to, as in RFC 6570's `{#path}/here` (§3.2.4). Undefined, it
    /// would write no `#`, and whatever that text writes would move into the path or the
    /// query (when the text is placeholders that are all undefined too, nothing moves and
    /// nothing is refused).
    Required,
    /// The base of `url!(base, "relative")` has a query or a fragment: the relative part is
    /// appended to the base's path, so the base must end with its path.
    /// [`ExpandError::placeholder`] is empty: no placeholder is at fault.
    BaseHasQueryOrFragment,
    /// The base of `url!(base, "relative")` is another crate's URL (a `url::Url`) that has
    /// no RFC 3986 form (see `Url::try_from`). [`ExpandError::placeholder`] is empty.
    UnrepresentableBase,
    /// A `Serde` value (feature `serde`) holds what no URL template value can be: an enum
    /// variant with data, a map key that is not a string, number, `bool` or `char`, or its
    /// `Serialize` implementation reported an error. [`ExpandError::field`] says where.
    UnsupportedValue,
    /// A `Serde` field written with OpenAPI's `spaceDelimited`, `pipeDelimited` or
    /// `deepObject` style (feature `serde`, see `urlkit::serde_style`) holds the style's own
    /// delimiter: an item with a space or a `|`, a `deepObject` key with `[` or `]`. Both are
    /// percent-encoded alike in a URL (`%20`, `%7C`), so the item would read back as two.
    /// [`ExpandError::field`] says where. Also a list field of a route in `{.x*}` with an
    /// item holding a `.`, which RFC 6570 writes unencoded as the separator between items
    /// (`["a.b"]` and `["a", "b"]` would both be `.a.b`), or a map field there with a key or
    /// value holding one; there `field` is `None`.
    DelimiterInItem {
        /// The delimiter.
        delimiter: char,
    },
    /// [`Route::to_url`](crate::Route::to_url): an `Option` query field of a route is `Some`
    /// of a value that writes nothing (`Some(String::new())`). `from_url` reads an empty
    /// query value (`?page=`, an empty form field) as `None`, so the URL would not parse back
    /// into the value. [`ExpandError::placeholder`] names the field's placeholder. Write
    /// `None`, or mark the field `#[route(keep_empty)]` to read an empty value as `Some`.
    EmptySome,
    /// [`Route::to_url`](crate::Route::to_url): a list read from a path segment (`{x}`,
    /// `{.x}`, `{;x}` on a `Vec`) is empty. RFC 6570 writes nothing for it (§2.3), not even
    /// the `.` or `;x` the segment starts with, so the URL would not parse back; such a list
    /// holds at least one item. [`ExpandError::placeholder`] names the field's placeholder.
    EmptyList,
    /// [`Route::to_url`](crate::Route::to_url): a map read from a path segment (`{x}`,
    /// `{.x*}`, `{;x*}` on a `BTreeMap` or a `Vec` of pairs) is empty. RFC 6570 writes nothing
    /// for it (§2.3), not even the `.` or `;` the segment starts with, so the URL would not
    /// parse back; such a map holds at least one entry. [`ExpandError::placeholder`] names the
    /// field's placeholder.
    EmptyMap,
    /// [`Route::to_url`](crate::Route::to_url): a map field in `{?x*}`, whose entries are the
    /// query's own pairs, has an entry whose key (compared decoded) is the name of another
    /// query parameter or static piece of the route, or a pair of its `deepObject` map
    /// (`name[key]`): `from_url` would read that pair as theirs, not the map's. [`ExpandError::field`] says which entry (`[2]`, in the map's
    /// order).
    ClaimedKey,
    /// [`Route::to_url`](crate::Route::to_url): a map field in `{?x*}` has an entry with an
    /// empty key, which would write a pair without a name. [`ExpandError::field`] says which
    /// entry.
    EmptyKey,
    /// [`Route::to_url`](crate::Route::to_url): a map field written as a `Vec<(K, V)>` (which
    /// keeps the order given) has two entries with equal keys. An object's keys are unique, and
    /// `from_url` refuses a repeated entry, so the URL would not read back.
    /// [`ExpandError::field`] says which entry repeats an earlier one (`[2]`, in the list's
    /// order).
    RepeatedKey,
    /// [`Route::to_url`](crate::Route::to_url) of an enum: the URL built from the value
    /// matches another variant, which `from_url` tries first, so it would not parse back into
    /// the value (`User { login: "me" }` builds `/users/me`, which is the route `Me`).
    /// [`ExpandError::placeholder`] names the placeholder whose value made the URL another route's.
    ParsesAs {
        /// The variant the URL would parse as (`Api::Me`).
        route: &'static str,
        /// Its template.
        template: &'static str,
    },
}

impl ExpandError {
    pub(crate) fn new(placeholder: &str, kind: ExpandErrorKind) -> Self {
        ExpandError {
            placeholder: String::from(placeholder),
            kind,
            field: None,
        }
    }

    /// The same error, about the part `field` of the value.
    pub(crate) fn in_field(mut self, field: String) -> Self {
        self.field = Some(field);
        self
    }

    /// A route's URL that another route tried before it would take (see
    /// [`ExpandErrorKind::ParsesAs`]).
    pub(crate) fn parses_as(
        placeholder: &str,
        route: &'static str,
        template: &'static str,
    ) -> Self {
        ExpandError::new(placeholder, ExpandErrorKind::ParsesAs { route, template })
    }

    /// The same error under another placeholder name.
    pub(crate) fn renamed(&self, placeholder: &str) -> Self {
        ExpandError {
            placeholder: String::from(placeholder),
            kind: self.kind,
            field: self.field.clone(),
        }
    }

    /// A failure of the output, not of a value.
    pub(crate) fn write_failed() -> Self {
        ExpandError::new("", ExpandErrorKind::Write)
    }

    /// The name of the placeholder whose value was refused (empty for
    /// [`ExpandErrorKind::Write`], [`ExpandErrorKind::BaseHasQueryOrFragment`] and
    /// [`ExpandErrorKind::UnrepresentableBase`], which are not about a value).
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Template::parse("/u/{id}")?
    ///     .expand(&std::collections::BTreeMap::from([("id", "")]))
    ///     .unwrap_err();
    /// assert_eq!(err.placeholder(), "id");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placeholder(&self) -> &str {
        &self.placeholder
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Template::parse("/u/{id}")?
    ///     .expand(&std::collections::BTreeMap::from([("id", "")]))
    ///     .unwrap_err();
    /// assert_eq!(err.kind(), &urlkit::ExpandErrorKind::EmptySegment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> &ExpandErrorKind {
        &self.kind
    }

    /// For a value with fields (a `Serde` struct or map, feature `serde`), the path of the
    /// field at fault: `filter`, `tags[2]`; empty (`Some("")`) when it is the value itself.
    /// For a route field with a `style`, the item at fault (`[1]`). `None` for other values.
    ///
    /// # Examples
    /// ```
    /// # #[cfg(feature = "serde")] {
    /// use std::collections::BTreeMap;
    /// use urlkit::{url, Serde};
    ///
    /// let params = BTreeMap::from([("tags", vec![vec!["nested"]])]);
    /// let err = url!("/search{?params*}", params = Serde(&params)).unwrap_err();
    /// assert_eq!(err.field(), Some("tags[0]"));
    /// # }
    /// let err = urlkit::url!("/u/{id}", id = "").unwrap_err();
    /// assert_eq!(err.field(), None);
    /// ```
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.placeholder;
        match self.kind {
            ExpandErrorKind::DotSegment => write!(
                f,
                "the value of `{name}` makes the path segment `.` or `..`, which URL parsers remove with the segment before it"
            ),
            ExpandErrorKind::EmptySegment => write!(
                f,
                "the path segment of `{name}` is empty: its value, and those of the placeholders after it in the segment, wrote nothing before the segment's end or a `/`; mark it optional with `{{/{name}}}` if the segment may be left out"
            ),
            ExpandErrorKind::DoubleSlash => write!(
                f,
                "the value of `{name}` leaves an empty path segment before a `/`, making `//`"
            ),
            ExpandErrorKind::LeavesComponent { delimiter: ':' } => write!(
                f,
                "the value of `{name}` puts `:` in the first segment of a relative path, where it would read as a scheme"
            ),
            ExpandErrorKind::LeavesComponent { delimiter } => write!(
                f,
                "the value of `{name}` holds `{delimiter}`, which would end its part of the URL; reserved expansion `{{+{name}}}` only passes delimiters that stay in place"
            ),
            ExpandErrorKind::Backslash => write!(
                f,
                "the value of `{name}` holds `\\`, which WHATWG parsers read as `/` in `http(s)` URLs and RFC 3986 does not allow, so reserved expansion cannot pass it; write `%5C` for the character itself, or use `{{{name}}}`, which encodes it"
            ),
            ExpandErrorKind::InvalidHost => write!(
                f,
                "the value of `{name}` is not a valid host: write ASCII letters, digits, `-` and `.` (punycode for international names), or an IP address"
            ),
            ExpandErrorKind::InvalidPort => write!(
                f,
                "the value of `{name}` is not a port: write an integer from 0 to 65535"
            ),
            ExpandErrorKind::PrefixOnComposite => write!(
                f,
                "`{name}` has a prefix modifier `:N`, which applies only to strings, but its value is a list or map"
            ),
            ExpandErrorKind::InvalidBase => write!(
                f,
                "the value of `{name}` does not start a valid URL: check its scheme, host and port"
            ),
            ExpandErrorKind::JoinsAuthority => write!(
                f,
                "the value of `{name}` would join the host that the `{{+base}}` before it ends with; end the base with `/`, or write `/` before the placeholder"
            ),
            ExpandErrorKind::NestedValue => match self.field.as_deref() {
                Some(field) if !field.is_empty() => write!(
                    f,
                    "the value of `{name}` holds a list, map or struct in `{field}`; a URL template value nests one level only, so flatten that field or give it its own placeholder"
                ),
                _ => write!(
                    f,
                    "the value of `{name}` is a list or map holding lists or maps; a URL template value nests one level only"
                ),
            },
            ExpandErrorKind::UnsupportedValue => match self.field.as_deref() {
                Some(field) if !field.is_empty() => write!(
                    f,
                    "the value of `{name}` holds in `{field}` what a URL cannot: an enum variant with data, a map key that is not a string, number or bool, or an error of its `Serialize`"
                ),
                _ => write!(
                    f,
                    "the value of `{name}` is what a URL cannot hold: an enum variant with data, a map key that is not a string, number or bool, or an error of its `Serialize`"
                ),
            },
            ExpandErrorKind::DelimiterInItem { delimiter } => match self.field.as_deref() {
                Some(field) => write!(
                    f,
                    "the value of `{name}` holds `{delimiter}` in `{field}`, the delimiter of that field's style, which a URL cannot tell from the one between items; choose a style whose delimiter the items do not hold"
                ),
                // `{.x*}`: RFC 6570 writes an item's own `.` as it is.
                None => write!(
                    f,
                    "an item of `{name}` holds `{delimiter}`, which its placeholder writes between items and leaves as it is in an item, so the URL cannot tell them apart; remove the `*` to join the items with `,`"
                ),
            },
            ExpandErrorKind::EmptyList => write!(
                f,
                "`{name}` is an empty list, which writes nothing, so a path segment holding it would not parse back; give it an item"
            ),
            ExpandErrorKind::EmptyMap => write!(
                f,
                "`{name}` is an empty map, which writes nothing, so a path segment holding it would not parse back; give it an entry"
            ),
            ExpandErrorKind::EmptySome => write!(
                f,
                "the value of `{name}` is `Some` of a value that writes nothing, which `from_url` reads back as `None`; write `None`, or mark the field `#[route(keep_empty)]`"
            ),
            ExpandErrorKind::ClaimedKey => write!(
                f,
                "the value of `{name}` has an entry in `{}` whose key is the name of another query parameter or static piece of the route, so `from_url` would not read it back into the map; rename the entry or the parameter",
                self.field.as_deref().unwrap_or_default()
            ),
            ExpandErrorKind::EmptyKey => write!(
                f,
                "the value of `{name}` has an entry in `{}` with an empty key, which would write a query pair without a name; give the entry a key",
                self.field.as_deref().unwrap_or_default()
            ),
            ExpandErrorKind::RepeatedKey => write!(
                f,
                "the value of `{name}` has an entry in `{}` whose key an earlier entry has, and an object's keys are unique, so `from_url` would refuse the URL; give each entry its own key, or use a `BTreeMap`",
                self.field.as_deref().unwrap_or_default()
            ),
            ExpandErrorKind::Required => write!(
                f,
                "`{name}` opens the fragment that the template's text after it belongs to, but it is undefined: without its `#`, that text would move out of the fragment; give `{name}` a value"
            ),
            ExpandErrorKind::Write => f.write_str("the output refused the expanded URL (`fmt::Error`)"),
            ExpandErrorKind::UnrepresentableBase => f.write_str(
                "the base URL has no RFC 3986 form; `Url::try_from(base)` says why",
            ),
            ExpandErrorKind::ParsesAs { route, template } => write!(
                f,
                "the URL built from `{name}` is one of `{route}` (`{template}`), which `from_url` tries first, so it would not parse back into this value; use another value, or make the templates' static text differ"
            ),
            ExpandErrorKind::BaseHasQueryOrFragment => f.write_str(
                "the base URL has a query or a fragment; `url!(base, \"...\")` appends to the base's path, so pass a base that ends with its path",
            ),
        }
    }
}

impl core::error::Error for ExpandError {}
