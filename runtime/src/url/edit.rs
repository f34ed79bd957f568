//! [`Url::edit`]: a new URL from an old one, one component changed at a time, each value
//! encoded and checked as a template placeholder in that place would be.
//!
//! Values go through the same expansion core as `url!` and [`Template`](crate::Template)
//! (`crate::writer`): a path segment is written as `{/x}` writes it, a query pair as `key={x}`
//! in a query of pairs, a set of pairs as `{&x*}`, a fragment as `{#x}`, a host as `{host}`.
//! Every component the edit does not touch is copied as it is.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use urlkit_syntax::error::Errors;
use urlkit_syntax::reference::{self, Options};

use super::{ParseErrorKind, Url};
use crate::error::{ExpandError, ExpandErrorKind};
use crate::value::Value;
use crate::writer::{Context, Modifier, Operator, Writer};

/// The name a set of pairs is expanded under: no value's text can hold it (every byte it
/// writes is encoded but this one, which the expansion only writes as a variable's name), so
/// finding it in the output means the value wrote its own name, which only a value without
/// keys does (a string or a list).
const NO_KEYS: &str = "\u{1}";

/// Why [`Edit::finish`] could not make the edited URL: which operation, and why.
///
/// A value refused as a template placeholder in its place would be refused has that
/// [`ExpandErrorKind`] ([`EditErrorKind::Value`]), and the same message, naming the operation
/// (`segment`, `host`, `fragment`, `pairs`) or the query key. The message never quotes a
/// value.
///
/// # Examples
/// ```
/// use urlkit::{EditErrorKind, ExpandErrorKind, Url};
///
/// let url = Url::parse("https://example.com/files/")?;
/// let err = url.edit().push_segment("..").finish().unwrap_err();
/// assert_eq!(err.kind(), EditErrorKind::Value(ExpandErrorKind::DotSegment));
/// assert_eq!(
///     err.to_string(),
///     "the value of `segment` makes the path segment `.` or `..`, which URL parsers remove with the segment before it"
/// );
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError {
    kind: EditErrorKind,
    /// The placeholder error, for [`EditErrorKind::Value`].
    value: Option<alloc::boxed::Box<ExpandError>>,
}

/// What [`EditError`] is about.
///
/// # Examples
/// ```
/// use urlkit::{EditErrorKind, ExpandErrorKind, ParseErrorKind, Url};
///
/// let url = Url::parse("mailto:a@example.com")?;
/// let kind = |edit: urlkit::Edit<'_>| edit.finish().unwrap_err().kind();
/// assert_eq!(kind(url.edit().push_segment("")), EditErrorKind::Value(ExpandErrorKind::EmptySegment));
/// assert_eq!(kind(url.edit().scheme("mail_to")), EditErrorKind::InvalidScheme);
/// assert_eq!(kind(url.edit().port(Some(25))), EditErrorKind::NoHost);
/// assert_eq!(kind(url.edit().host("example.com")), EditErrorKind::RootlessPath);
/// assert_eq!(kind(url.edit().append_pairs(&["a", "b"])), EditErrorKind::NotPairs);
/// assert_eq!(
///     kind(url.edit().scheme("http")),
///     EditErrorKind::InvalidResult(ParseErrorKind::MissingAuthority)
/// );
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EditErrorKind {
    /// A value a template placeholder in the same place would refuse, for that reason: a
    /// segment that is empty or a dot segment ([`ExpandErrorKind::EmptySegment`],
    /// [`ExpandErrorKind::DoubleSlash`], [`ExpandErrorKind::DotSegment`]), a host that is not one
    /// ([`ExpandErrorKind::InvalidHost`]), a `#` or `\` in a fragment, a nested list...
    Value(ExpandErrorKind),
    /// The new scheme is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    InvalidScheme,
    /// A port for a URL without a host: RFC 3986 puts the port after a host, and the URL
    /// Standard refuses a port beside an empty one.
    NoHost,
    /// A host for a URL whose path does not start with `/` (`mailto:a@b`): the path would run
    /// into the host.
    RootlessPath,
    /// [`Edit::append_pairs`] was given a value without keys (a string or a list) rather
    /// than a map, a slice of pairs or a struct.
    NotPairs,
    /// The edited URL breaks a rule of [`Url::parse`] that holds across components (a
    /// special scheme without a host, a `file` URL with a port...): the rule, as
    /// [`Url::parse`] would report it.
    InvalidResult(ParseErrorKind),
}

impl EditError {
    fn new(kind: EditErrorKind) -> Self {
        EditError { kind, value: None }
    }

    /// A value refused by the expansion core, under `name`.
    fn value(error: &ExpandError, name: &str) -> Self {
        let error = if error.placeholder() == NO_KEYS {
            error.renamed(name)
        } else {
            error.clone()
        };
        EditError {
            kind: EditErrorKind::Value(*error.kind()),
            value: Some(alloc::boxed::Box::new(error)),
        }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{EditErrorKind, Url};
    ///
    /// let err = Url::parse("mailto:a@example.com")?.edit().port(Some(25)).finish().unwrap_err();
    /// assert_eq!(err.kind(), EditErrorKind::NoHost);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn kind(&self) -> EditErrorKind {
        self.kind
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(error) = &self.value {
            return error.fmt(f);
        }
        f.write_str(match self.kind {
            EditErrorKind::InvalidScheme => {
                "the new scheme is not one: write a letter, then letters, digits, `+`, `-` or `.`"
            }
            EditErrorKind::NoHost => "a port needs a host; set the host first",
            EditErrorKind::RootlessPath => {
                "the path does not start with `/`, so it cannot follow a host; set the path first"
            }
            EditErrorKind::NotPairs => {
                "`append_pairs` takes pairs (a map, a slice of pairs, a struct through `Serde`), not a string or a list; use `append_pair(key, value)` for one pair"
            }
            EditErrorKind::InvalidResult(rule) => {
                return write!(
                    f,
                    "the edited URL is not valid as a whole ({}); a special scheme needs a host, and a `file` URL has no port or userinfo",
                    match rule {
                        ParseErrorKind::MissingAuthority => "its scheme needs `//` and a host",
                        ParseErrorKind::InvalidHost => "its host, or what stands beside it",
                        _ => "see `Url::parse`",
                    }
                );
            }
            EditErrorKind::Value(_) => "the value cannot stand there",
        })
    }
}

impl core::error::Error for EditError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        self.value.as_deref().map(|e| e as _)
    }
}

/// `userinfo@host:port`, each part as text of the URL.
#[derive(Clone, Debug)]
struct Authority<'a> {
    userinfo: Option<Cow<'a, str>>,
    host: Cow<'a, str>,
    port: Option<Cow<'a, str>>,
}

/// An edit of a [`Url`]: see [`Url::edit`]. Each method changes one component and returns
/// the edit; [`finish`](Self::finish) returns the new URL, or the first error (the methods
/// after a failed one do nothing).
///
/// # Examples
/// ```
/// let url = urlkit::Url::parse("http://example.com/a?x=1#f")?;
/// let edit = url.edit().scheme("https").port(Some(8443));
/// assert_eq!(edit.clone().finish()?, "https://example.com:8443/a?x=1#f");
/// assert_eq!(edit.push_segment("b").finish()?, "https://example.com:8443/a/b?x=1#f");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "an edit makes nothing until `finish` returns the new URL"]
pub struct Edit<'a> {
    scheme: Option<Cow<'a, str>>,
    authority: Option<Authority<'a>>,
    path: Cow<'a, str>,
    query: Option<Cow<'a, str>>,
    fragment: Option<Cow<'a, str>>,
    error: Option<EditError>,
}

impl Url {
    /// Starts an edit of this URL: set the scheme, host or port, push path segments, set or
    /// clear the query and add pairs to it, set or clear the fragment; then
    /// [`finish`](Edit::finish) gives a new [`Url`] and this one is unchanged.
    ///
    /// Each value is encoded as a template placeholder in its place encodes it, and refused
    /// where it would be refused: `+`, `=`, `&` and `#` in a query value are `%2B`, `%3D`,
    /// `%26`, `%23`, so a pair stays one pair; a segment is one segment, never `.`, `..` or
    /// empty. The result is a `Url` like any other ([`Url::parse`] accepts it), and every
    /// component no method touched is the original's, byte for byte.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let api = Url::parse("https://api.example.com/v1#top")?;
    /// let url = api
    ///     .edit()
    ///     .push_segment("users")
    ///     .push_segment("ada lovelace")
    ///     .append_pair("q", "c++ & rust")
    ///     .append_pair("page", &2)
    ///     .clear_fragment()
    ///     .finish()?;
    /// assert_eq!(url, "https://api.example.com/v1/users/ada%20lovelace?q=c%2B%2B%20%26%20rust&page=2");
    /// assert_eq!(api, "https://api.example.com/v1#top");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edit(&self) -> Edit<'_> {
        let text = self.as_str();
        let parts = reference::split(text);
        let slice = |range: core::ops::Range<usize>| Cow::Borrowed(&text[range]);
        Edit {
            scheme: parts.scheme.map(slice),
            authority: parts.authority.map(|a| Authority {
                userinfo: a.userinfo.clone().map(slice),
                host: slice(a.host.clone()),
                port: a.port.clone().map(slice),
            }),
            path: slice(parts.path),
            query: parts.query.map(slice),
            fragment: parts.fragment.map(slice),
            error: None,
        }
    }
}

/// Expands `value` as `op` in `context` (with `modifier`, under the variable `name`) into
/// text of its own, as a template would write it there: the text, or the value's error.
fn render<V: Value + ?Sized>(
    (op, context, modifier): (Operator, Context, Modifier),
    name: &str,
    value: &V,
) -> Result<String, ExpandError> {
    let mut w = Writer::with_capacity(value.size_hint() + name.len() + 2);
    if context == Context::Path {
        w.path_start(false);
    }
    // Pairs are rendered after an existing pair: each starts with `&`.
    w.query_open = true;
    let mut e = w.expansion(op, context);
    let frame = e.frame();
    e.begin_var_in(frame, name, modifier);
    value.expand(&mut e);
    e.finish();
    if context == Context::Path {
        w.segment_end(false);
    }
    let (text, error) = w.into_parts();
    match error {
        Some(error) => Err(error),
        None => Ok(text),
    }
}

/// `key={x}` in a query of pairs, as `url!("/p?key={x}")` writes it (a hand-written pair):
/// `&key=value`, or nothing for an undefined value.
fn render_pair<V: Value + ?Sized>(key: &str, value: &V) -> Result<String, ExpandError> {
    let encoded_key = crate::encode::component(key);
    let mut w = Writer::with_capacity(value.size_hint() + encoded_key.len() + 2);
    w.query_open = true;
    let mut e = w.hand_pair(&encoded_key, false);
    let frame = e.frame();
    e.begin_var_in(frame, key, Modifier::None);
    value.expand(&mut e);
    e.finish();
    let (text, error) = w.into_parts();
    match error {
        Some(error) => Err(error),
        None => Ok(text),
    }
}

impl Edit<'_> {
    /// Runs `edit` unless an earlier operation failed; records its error.
    fn apply(mut self, edit: impl FnOnce(&mut Self) -> Result<(), EditError>) -> Self {
        if self.error.is_none()
            && let Err(error) = edit(&mut self)
        {
            self.error = Some(error);
        }
        self
    }

    /// Sets the scheme (kept as written; RFC 3986 §3.1 makes its case irrelevant).
    ///
    /// Refused: text that is not a scheme ([`EditErrorKind::InvalidScheme`]), and, when the
    /// edit finishes, a scheme the rest of the URL cannot have
    /// ([`EditErrorKind::InvalidResult`]): a special scheme (`http`, `https`, `ws`, `wss`,
    /// `ftp`) needs a host, `file` allows no port or userinfo.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{EditErrorKind, ParseErrorKind, Url};
    ///
    /// let url = Url::parse("http://example.com/a")?;
    /// assert_eq!(url.edit().scheme("https").finish()?, "https://example.com/a");
    /// assert_eq!(url.edit().scheme("1http").finish().unwrap_err().kind(), EditErrorKind::InvalidScheme);
    /// let err = Url::parse("mailto:a@example.com")?.edit().scheme("https").finish().unwrap_err();
    /// assert_eq!(err.kind(), EditErrorKind::InvalidResult(ParseErrorKind::MissingAuthority));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn scheme(self, scheme: &str) -> Self {
        self.apply(|edit| {
            let valid = scheme
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic())
                && scheme
                    .bytes()
                    .all(|b| urlkit_syntax::chars::is(b, urlkit_syntax::chars::SCHEME));
            if !valid {
                return Err(EditError::new(EditErrorKind::InvalidScheme));
            }
            edit.scheme = Some(Cow::Owned(String::from(scheme)));
            Ok(())
        })
    }

    /// Sets the host, checked as a `{host}` placeholder checks it: a host name (ASCII
    /// letters, digits, `-`, `.`; with the `idna` feature a non-ASCII name, converted as
    /// browsers do), or an IP address (an IPv6 address gets its brackets). A URL without an
    /// authority gets one, if its path is empty or starts with `/`
    /// ([`EditErrorKind::RootlessPath`] otherwise).
    ///
    /// # Examples
    /// ```
    /// use urlkit::{EditErrorKind, ExpandErrorKind, Url};
    ///
    /// let url = Url::parse("https://example.com:8443/a?q")?;
    /// assert_eq!(url.edit().host("api.example.org").finish()?, "https://api.example.org:8443/a?q");
    /// assert_eq!(url.edit().host("::1").finish()?, "https://[::1]:8443/a?q");
    /// let err = url.edit().host("evil.com/x").finish().unwrap_err();
    /// assert_eq!(err.kind(), EditErrorKind::Value(ExpandErrorKind::InvalidHost));
    /// assert_eq!(Url::parse("/a")?.edit().host("h").finish()?, "//h/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn host<V: Value + ?Sized>(self, host: &V) -> Self {
        self.apply(|edit| {
            let text = render(
                (
                    Operator::Simple,
                    Context::Host { whole: true },
                    Modifier::None,
                ),
                "host",
                host,
            )
            .map_err(|e| EditError::value(&e, "host"))?;
            if text.is_empty() {
                let error = ExpandError::new("host", ExpandErrorKind::InvalidHost);
                return Err(EditError::value(&error, "host"));
            }
            match &mut edit.authority {
                Some(authority) => authority.host = Cow::Owned(text),
                None if edit.path.is_empty() || edit.path.starts_with('/') => {
                    edit.authority = Some(Authority {
                        userinfo: None,
                        host: Cow::Owned(text),
                        port: None,
                    });
                }
                None => return Err(EditError::new(EditErrorKind::RootlessPath)),
            }
            Ok(())
        })
    }

    /// Sets the port, or removes it (`None`). A port needs a host
    /// ([`EditErrorKind::NoHost`]).
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com:8443/a")?;
    /// assert_eq!(url.edit().port(Some(443)).finish()?, "https://example.com:443/a");
    /// assert_eq!(url.edit().port(None).finish()?, "https://example.com/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(self, port: Option<u16>) -> Self {
        self.apply(|edit| {
            let Some(port) = port else {
                if let Some(authority) = &mut edit.authority {
                    authority.port = None;
                }
                return Ok(());
            };
            match &mut edit.authority {
                Some(authority) if !authority.host.is_empty() => {
                    let mut text = String::new();
                    crate::writer::itoa::push(port, &mut text);
                    authority.port = Some(Cow::Owned(text));
                    Ok(())
                }
                _ => Err(EditError::new(EditErrorKind::NoHost)),
            }
        })
    }

    /// Appends path text that `{/x}` or `{/x*}` wrote (`/a/b`), filling an empty last
    /// segment rather than keeping it.
    fn append_path(&mut self, rendered: &str) {
        if rendered.is_empty() {
            return;
        }
        let path = self.path.to_mut();
        if path.ends_with('/') {
            path.push_str(&rendered[1..]);
        } else if path.is_empty() && self.authority.is_none() {
            // No authority and no path: the path stays rootless (`mailto:` + `x`), as an
            // empty relative reference stays relative.
            path.push_str(&rendered[1..]);
        } else {
            path.push_str(rendered);
        }
    }

    /// Segments as `{/x}` (or `{/x*}` when `explode`) writes them, refusing an empty one
    /// where templates refuse it and at the end.
    fn push_rendered<V: Value + ?Sized>(
        &mut self,
        value: &V,
        explode: bool,
    ) -> Result<(), EditError> {
        let modifier = if explode {
            Modifier::Explode
        } else {
            Modifier::None
        };
        let rendered = render((Operator::Path, Context::Path, modifier), "segment", value)
            .map_err(|e| EditError::value(&e, "segment"))?;
        if rendered.ends_with('/') {
            let error = ExpandError::new("segment", ExpandErrorKind::EmptySegment);
            return Err(EditError::value(&error, "segment"));
        }
        self.append_path(&rendered);
        Ok(())
    }

    /// Appends one path segment, encoded as `{/x}` encodes it (everything but the unreserved
    /// `A-Z a-z 0-9 - . _ ~` percent-encoded, `/` included, so the value is one segment; a
    /// list is one segment `a,b`). An empty last segment (a path ending in `/`) is filled rather than
    /// kept: `https://api.example.com/v1/` and `https://api.example.com/v1` both give
    /// `.../v1/users`. Refused: `.`, `..` and their `%2E` spellings
    /// ([`ExpandErrorKind::DotSegment`]), and an empty value ([`ExpandErrorKind::EmptySegment`]); an
    /// undefined value (`None`) appends nothing.
    ///
    /// This is the join people mean: [`Url::resolve_str`] (and `url::Url::join`) resolve a
    /// reference as a browser does, so `users` against `https://api.example.com/v1` replaces
    /// `v1`.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let api = Url::parse("https://api.example.com/v1")?;
    /// assert_eq!(api.edit().push_segment("users").push_segment(&42).finish()?, "https://api.example.com/v1/users/42");
    /// assert_eq!(Url::parse("https://api.example.com/v1/")?.edit().push_segment("users").finish()?, "https://api.example.com/v1/users");
    /// assert_eq!(api.resolve_str("users")?, "https://api.example.com/users");
    /// assert_eq!(api.edit().push_segment("a/b?c").finish()?, "https://api.example.com/v1/a%2Fb%3Fc");
    /// assert!(api.edit().push_segment("..").finish().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_segment<V: Value + ?Sized>(self, segment: &V) -> Self {
        self.apply(|edit| edit.push_rendered(segment, false))
    }

    /// Appends each item of a list as a path segment, as `{/x*}` writes them; each is checked
    /// as [`push_segment`](Self::push_segment) checks one.
    ///
    /// # Examples
    /// ```
    /// let base = urlkit::Url::parse("https://example.com/repos/")?;
    /// let url = base.edit().push_segments(&["rust-lang", "rust", "issues"]).finish()?;
    /// assert_eq!(url, "https://example.com/repos/rust-lang/rust/issues");
    /// assert!(base.edit().push_segments(&["a", ""]).finish().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_segments<V: Value + ?Sized>(self, segments: &V) -> Self {
        self.apply(|edit| edit.push_rendered(segments, true))
    }

    /// Replaces the whole path by the items of a list, one segment each, as
    /// [`push_segments`](Self::push_segments) writes them (an empty list leaves the path
    /// empty).
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/old/path?q=1")?;
    /// assert_eq!(url.edit().path_segments(&["new", "café"]).finish()?, "https://example.com/new/caf%C3%A9?q=1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments<V: Value + ?Sized>(self, segments: &V) -> Self {
        self.apply(|edit| {
            let root = edit.authority.is_some() || edit.path.starts_with('/');
            edit.path = Cow::Borrowed("");
            let rendered = render(
                (Operator::Path, Context::Path, Modifier::Explode),
                "segment",
                segments,
            )
            .map_err(|e| EditError::value(&e, "segment"))?;
            if rendered.ends_with('/') {
                let error = ExpandError::new("segment", ExpandErrorKind::EmptySegment);
                return Err(EditError::value(&error, "segment"));
            }
            if root {
                edit.path = Cow::Owned(rendered);
            } else {
                edit.append_path(&rendered);
            }
            Ok(())
        })
    }

    /// Removes the query (`?` included). To set a new one, clear it and append pairs.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/a?q=1#f")?;
    /// assert_eq!(url.edit().clear_query().finish()?, "https://example.com/a#f");
    /// let replaced = url.edit().clear_query().append_pairs(&[("page", "2"), ("sort", "new")]).finish()?;
    /// assert_eq!(replaced, "https://example.com/a?page=2&sort=new#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_query(mut self) -> Self {
        if self.error.is_none() {
            self.query = None;
        }
        self
    }

    /// Appends `&text` (`text` being `key=value...`) to the query, opening it if needed.
    fn append_query(&mut self, pairs: &str) {
        let Some(pairs) = pairs.strip_prefix('&') else {
            return;
        };
        match &mut self.query {
            Some(query) if query.is_empty() => *query = Cow::Owned(String::from(pairs)),
            Some(query) => {
                let query = query.to_mut();
                query.push('&');
                query.push_str(pairs);
            }
            None => self.query = Some(Cow::Owned(String::from(pairs))),
        }
    }

    /// Appends the pair `key=value` to the query, as a hand-written pair `key={x}` of a
    /// template writes it: the key and the value encoded as `{x}` encodes (everything but the
    /// unreserved `A-Z a-z 0-9 - . _ ~`, so `+` is `%2B`, `=` is `%3D`, `&` is `%26`, a space `%20`: the pair
    /// stays one pair and decodes to what was given, as form decoding reads `+` as a
    /// space); a list is `a,b`; an undefined value (`None`) appends nothing.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/search?lang=en")?;
    /// let url = url.edit().append_pair("q", "1+1=2 & more").append_pair("page", &Some(3)).append_pair("tag", &None::<&str>).finish()?;
    /// assert_eq!(url, "https://example.com/search?lang=en&q=1%2B1%3D2%20%26%20more&page=3");
    /// let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>()?;
    /// assert_eq!(pairs[1], ("q".into(), "1+1=2 & more".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_pair<V: Value + ?Sized>(self, key: &str, value: &V) -> Self {
        self.apply(|edit| {
            let rendered = render_pair(key, value).map_err(|e| EditError::value(&e, key))?;
            edit.append_query(&rendered);
            Ok(())
        })
    }

    /// Appends every pair of a map, a slice of pairs, or (feature `serde`) a struct through
    /// `Serde(&value)`, as `{&x*}` writes them: keys and values encoded as in
    /// [`append_pair`](Self::append_pair), a list-valued field as one pair per item.
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// let url = urlkit::Url::parse("https://example.com/search")?;
    /// let filters = BTreeMap::from([("lang", "rust"), ("q", "a&b")]);
    /// assert_eq!(url.edit().append_pairs(&filters).finish()?, "https://example.com/search?lang=rust&q=a%26b");
    /// assert!(url.edit().append_pairs("not pairs").finish().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// With the `serde` feature, from a struct:
    /// ```
    /// # #[cfg(feature = "serde")] {
    /// #[derive(serde::Serialize)]
    /// struct Filters { state: &'static str, labels: Vec<&'static str>, page: Option<u32> }
    ///
    /// let url = urlkit::Url::parse("https://api.github.com/repos/rust-lang/rust/issues")?;
    /// let filters = Filters { state: "open", labels: vec!["C-bug", "A-docs"], page: None };
    /// let url = url.edit().append_pairs(&urlkit::Serde(&filters)).finish()?;
    /// assert_eq!(url, "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=C-bug&labels=A-docs");
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_pairs<V: Value + ?Sized>(self, pairs: &V) -> Self {
        self.apply(|edit| {
            let rendered = render(
                (
                    Operator::QueryContinuation,
                    Context::QueryPairs,
                    Modifier::Explode,
                ),
                NO_KEYS,
                pairs,
            )
            .map_err(|e| EditError::value(&e, "pairs"))?;
            if rendered.contains(NO_KEYS) {
                return Err(EditError::new(EditErrorKind::NotPairs));
            }
            edit.append_query(&rendered);
            Ok(())
        })
    }

    /// Sets the fragment, as `{#x}` writes it (RFC 6570 §3.2.4): reserved characters and
    /// `%XX` escapes kept, everything else percent-encoded; `#` and `\` refused
    /// ([`ExpandErrorKind::LeavesComponent`], [`ExpandErrorKind::Backslash`]). An undefined value
    /// (`None`) removes the fragment.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/docs#old")?;
    /// assert_eq!(url.edit().fragment("section 2/notes").finish()?, "https://example.com/docs#section%202/notes");
    /// assert_eq!(url.edit().fragment(&None::<&str>).finish()?, "https://example.com/docs");
    /// assert!(url.edit().fragment("a#b").finish().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fragment<V: Value + ?Sized>(self, fragment: &V) -> Self {
        self.apply(|edit| {
            let rendered = render(
                (Operator::Fragment, Context::Fragment, Modifier::None),
                "fragment",
                fragment,
            )
            .map_err(|e| EditError::value(&e, "fragment"))?;
            edit.fragment = rendered
                .strip_prefix('#')
                .map(|f| Cow::Owned(String::from(f)));
            Ok(())
        })
    }

    /// Removes the fragment (`#` included).
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/docs#top")?;
    /// assert_eq!(url.edit().clear_fragment().finish()?, "https://example.com/docs");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_fragment(mut self) -> Self {
        if self.error.is_none() {
            self.fragment = None;
        }
        self
    }

    /// The edited URL, or the first error of the edit.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse("https://example.com/")?;
    /// assert_eq!(url.edit().finish()?, url);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(self) -> Result<Url, EditError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut text = String::new();
        if let Some(scheme) = &self.scheme {
            text.push_str(scheme);
            text.push(':');
        }
        if let Some(authority) = &self.authority {
            text.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                text.push_str(userinfo);
                text.push('@');
            }
            text.push_str(&authority.host);
            if let Some(port) = &authority.port {
                text.push(':');
                text.push_str(port);
            }
        }
        text.push_str(&self.path);
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
        }
        let mut errors = Errors::new();
        reference::parse(
            &text,
            &[],
            Options {
                iri: false,
                joined: false,
            },
            &mut errors,
        );
        if let Some(error) = errors.into_vec().into_iter().next() {
            return Err(EditError::new(EditErrorKind::InvalidResult(
                ParseErrorKind::of(&error.kind),
            )));
        }
        Ok(Url::from_built(text))
    }
}
