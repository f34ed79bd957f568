//! [`RouteError`]: why a URL does not parse into a route, naming the field and the reason.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

use super::method::Methods;
use crate::decode::DecodeError;
use crate::url::ParseError;

/// Why a URL does not parse into a [`Route`](crate::Route): which route and field, and why.
///
/// Messages quote parts of the URL being parsed (they are not secrets the way values being
/// built into a URL can be), cut to 64 bytes so that a hostile URL cannot flood a log.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit::route::{ParamError, RouteErrorKind};
///
/// #[derive(Route, Debug)]
/// #[route("/users/{id}{?page}")]
/// struct User {
///     id: u64,
///     page: Option<u32>,
/// }
///
/// let err = User::from_url("/users/ada?page=2").unwrap_err();
/// assert_eq!(err.field(), Some("id"));
/// assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Invalid { expected: "an integer from 0 to 18446744073709551615" }));
/// assert_eq!(err.offset(), Some(7));
/// assert_eq!(
///     err.to_string(),
///     "`User.id`: `ada` is not an integer from 0 to 18446744073709551615"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteError {
    /// Boxed: errors are rare, and `from_url`'s `Result` stays small.
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    route: &'static str,
    field: Option<&'static str>,
    kind: RouteErrorKind,
    /// What of the URL the message quotes (cut to [`QUOTED`] bytes).
    text: String,
    offset: Option<usize>,
    /// Whether `text` is a path segment (else a query parameter's key or value).
    in_path: bool,
}

/// What [`RouteError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RouteErrorKind {
    /// The text is not a URL in the strict grammar of [`Url::parse`](crate::Url::parse).
    Url(ParseError),
    /// Not a path starting with `/` (`users/7`, `?q=1`), or an absolute URL without one
    /// (`mailto:x`).
    NotAPath,
    /// An absolute URL, given where a path is expected: [`Route::from_url`] reads paths,
    /// [`Route::from_url_on`] requires an origin, and [`Route::from_url_ignoring_origin`]
    /// takes any.
    ///
    /// [`Route::from_url`]: crate::Route::from_url
    /// [`Route::from_url_on`]: crate::Route::from_url_on
    /// [`Route::from_url_ignoring_origin`]: crate::Route::from_url_ignoring_origin
    AbsoluteUrl,
    /// No template of the route matches the URL's path (or the path matched, but not the
    /// query it needs).
    NoMatch {
        /// For a struct, its template.
        template: Option<&'static str>,
    },
    /// The query lacks a static piece the template requires (`format=json`).
    MissingPiece {
        /// The piece.
        piece: &'static str,
    },
    /// The key of a static piece the template requires (`format` of `format=json`) is in the
    /// query more than once. A template's static key must appear exactly once, as that
    /// piece: a proxy reading one value and the application another would otherwise disagree
    /// about the request (HTTP parameter pollution). The URL's values are not quoted.
    RepeatedPiece {
        /// The piece the template requires.
        piece: &'static str,
    },
    /// A query parameter the template does not name, with `#[route(deny_unknown_params)]`.
    UnknownParameter,
    /// A query parameter's name (its key) does not decode: a bad percent-escape (`%zz`) or
    /// bytes that are not UTF-8 (`%FF`); the offset is in the whole URL. Keys are compared by
    /// their decoded form (`fo%72mat` is `format`), so a key without one is refused rather
    /// than taken for none of the template's keys. Only routes that read the query look at
    /// its keys.
    MalformedKey(DecodeError),
    /// The base of [`Route::from_url_on`](crate::Route::from_url_on) has a query or a
    /// fragment: the rest of the URL follows the base's path, so the base must end with its
    /// path, as for [`Route::to_url_on`](crate::Route::to_url_on)
    /// ([`ExpandErrorKind::BaseHasQueryOrFragment`](crate::ExpandErrorKind::BaseHasQueryOrFragment)).
    BaseHasQueryOrFragment,
    /// The field's value is missing, repeated, malformed or not of the field's type.
    Value(ParamError),
    /// From [`Route::from_request`](crate::Route::from_request): routes take the URL, but
    /// none of them takes the request's method. `allowed` is what they take, for a `405
    /// Method Not Allowed` and its `Allow` header (RFC 9110 §15.5.6); `HEAD` is among them
    /// wherever `GET` is, as `from_request` answers a `HEAD` as a `GET` (RFC 9110 §9.3.2).
    MethodNotAllowed {
        /// The methods the routes that take the URL declare.
        allowed: Methods,
    },
}

/// Why the values of one placeholder do not make its field: what
/// [`FromParam`](super::FromParam) returns.
///
/// # Examples
/// ```
/// use urlkit::route::{FromParam, ParamError};
///
/// assert_eq!(u8::from_param("300".into()), Err(ParamError::Invalid { expected: "an integer from 0 to 255" }));
/// assert_eq!(u8::from_param("007".into()), Err(ParamError::NotCanonical { canonical: Some("7".into()) }));
/// assert_eq!(bool::from_param("yes".into()), Err(ParamError::Invalid { expected: "`true` or `false`" }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParamError {
    /// No value where one is required.
    Missing,
    /// Several values where the field takes one.
    Repeated,
    /// A map field's key that an earlier entry has: an object's keys are unique (an OpenAPI
    /// `object` schema is a JSON object), and `to_url` never writes one twice.
    RepeatedKey,
    /// The text is not a value of the type; says what is expected, as in "`x` is not
    /// *an integer from 0 to 255*".
    Invalid {
        /// What a valid value is.
        expected: &'static str,
    },
    /// The text does not parse with `FromStr` into this type (through [`Fmt`](crate::Fmt)).
    /// The message gives the `FromStr` error's own; the type's name is for the server (its
    /// logs), not in the message, which a client may be shown.
    Unparsable {
        /// The type's name, as `core::any::type_name` gives it (`std::net::Ipv4Addr`).
        type_name: &'static str,
        /// The `FromStr` error's message (its `Display`).
        message: String,
    },
    /// A number written other than the way `Display` (and so `to_url`) writes it: `007`,
    /// `+7`, `1.50`, `1e3`. Refused so that every value has one spelling, and parsing then
    /// building a URL gives it back.
    NotCanonical {
        /// How to write it, if that is short.
        canonical: Option<String>,
    },
    /// Percent-decoding failed (bad escape, invalid UTF-8); the offset is in the whole URL.
    Decode(DecodeError),
    /// A path segment that is `.` or `..` (or a `%2E` spelling): URL parsers remove it, so it
    /// never reaches a server as a value.
    DotSegment,
    /// An empty path segment (`//`) where `to_url` would refuse to write one.
    EmptySegment,
}

/// How much of the URL a message quotes.
pub(crate) const QUOTED: usize = 64;

/// `text` cut to [`QUOTED`] bytes at a character boundary, with `…` if cut.
pub(crate) fn quoted(text: &str) -> String {
    if text.len() <= QUOTED {
        return String::from(text);
    }
    let mut end = QUOTED;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::from(&text[..end]);
    out.push('…');
    out
}

impl RouteError {
    pub(crate) fn new(route: &'static str, kind: RouteErrorKind) -> Self {
        RouteError {
            inner: Box::new(Inner {
                route,
                field: None,
                kind,
                text: String::new(),
                offset: None,
                in_path: false,
            }),
        }
    }

    /// `HEAD` added to the methods of a [`RouteErrorKind::MethodNotAllowed`] that has `GET`.
    pub(crate) fn allowing_head(mut self) -> Self {
        if let RouteErrorKind::MethodNotAllowed { allowed } = &mut self.inner.kind
            && allowed.contains(super::Method::Get)
        {
            *allowed = allowed.with(super::Method::Head);
        }
        self
    }

    pub(crate) fn field_of(mut self, field: &'static str) -> Self {
        self.inner.field = Some(field);
        self
    }

    pub(crate) fn quoting(mut self, text: &str) -> Self {
        self.inner.text = quoted(text);
        self
    }

    pub(crate) fn at(mut self, offset: usize) -> Self {
        self.inner.offset = Some(offset);
        self
    }

    /// The same error, quoting a path segment.
    pub(crate) fn in_path(mut self) -> Self {
        self.inner.in_path = true;
        self
    }

    /// The same error about a URL that starts `by` bytes into the text the caller passed
    /// (`from_url_on` parses what follows the base): every offset it holds, moved.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        let inner = &mut *self.inner;
        inner.offset = inner.offset.map(|at| at + by);
        inner.kind = match core::mem::replace(&mut inner.kind, RouteErrorKind::NotAPath) {
            RouteErrorKind::Url(e) => RouteErrorKind::Url(e.shifted(by)),
            RouteErrorKind::Value(ParamError::Decode(e)) => {
                RouteErrorKind::Value(ParamError::Decode(e.shifted(by)))
            }
            RouteErrorKind::MalformedKey(e) => RouteErrorKind::MalformedKey(e.shifted(by)),
            kind => kind,
        };
        self
    }

    /// The route: the type's name, and for an enum the variant's once one is known
    /// (`Api::User`).
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    ///
    /// #[derive(Route, Debug)]
    /// enum Api {
    ///     #[route("/users/{id}")]
    ///     User { id: u64 },
    /// }
    /// assert_eq!(Api::from_url("/users/x").unwrap_err().route(), "Api::User");
    /// assert_eq!(Api::from_url("/nope").unwrap_err().route(), "Api");
    /// ```
    pub fn route(&self) -> &'static str {
        self.inner.route
    }

    /// The field whose value is wrong, if the error is about one.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    ///
    /// #[derive(Route, Debug)]
    /// #[route("/search{?q}")]
    /// struct Search { q: String }
    /// assert_eq!(Search::from_url("/search").unwrap_err().field(), Some("q"));
    /// ```
    pub fn field(&self) -> Option<&'static str> {
        self.inner.field
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::{ParamError, RouteErrorKind};
    ///
    /// #[derive(Route, Debug)]
    /// #[route("/search{?q}")]
    /// struct Search { q: String }
    /// let err = Search::from_url("/search").unwrap_err();
    /// assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Missing));
    /// ```
    pub fn kind(&self) -> &RouteErrorKind {
        &self.inner.kind
    }

    /// The byte offset in the URL of what is wrong, when it is one place.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    ///
    /// #[derive(Route, Debug)]
    /// #[route("/files/{name}")]
    /// struct File { name: String }
    /// assert_eq!(File::from_url("/files/%C4").unwrap_err().offset(), Some(7));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.inner.offset
    }
}

impl fmt::Display for RouteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Inner {
            route,
            field,
            kind,
            text,
            in_path,
            ..
        } = &*self.inner;
        match kind {
            RouteErrorKind::Url(e) => write!(f, "{e}"),
            RouteErrorKind::NotAPath => write!(
                f,
                "`{text}` is not a path starting with `/`, which a route's URL is"
            ),
            RouteErrorKind::AbsoluteUrl => write!(
                f,
                "`{text}` is an absolute URL, but `from_url` reads a path and query; require its origin with `from_url_on(&base)`, or accept any with `from_url_ignoring_origin`"
            ),
            RouteErrorKind::NoMatch {
                template: Some(template),
            } => write!(f, "the path `{text}` does not match `{template}`"),
            RouteErrorKind::NoMatch { template: None } => {
                write!(f, "the path `{text}` matches no route of `{route}`")
            }
            RouteErrorKind::MissingPiece { piece } => write!(
                f,
                "`{route}` needs `{piece}` in the query, which is missing"
            ),
            RouteErrorKind::RepeatedPiece { piece } => write!(
                f,
                "the query gives `{text}` more than once; `{route}` takes it exactly once, as `{piece}`"
            ),
            RouteErrorKind::UnknownParameter => write!(
                f,
                "unknown query parameter `{text}`; `{route}` accepts only the parameters its template names"
            ),
            RouteErrorKind::MalformedKey(e) => write!(
                f,
                "the query parameter name `{text}` does not decode: {e}"
            ),
            RouteErrorKind::BaseHasQueryOrFragment => f.write_str(
                "the base URL has a query or a fragment; `from_url_on(&base, url)` reads what follows the base's path, so pass a base that ends with its path",
            ),
            RouteErrorKind::MethodNotAllowed { allowed } => write!(
                f,
                "the path `{text}` matches a route of `{route}`, but not with this method; it takes {allowed}"
            ),
            RouteErrorKind::Value(error) => {
                match field {
                    Some(field) => write!(f, "`{route}.{field}`: ")?,
                    None => write!(f, "`{route}`: ")?,
                }
                match error {
                    ParamError::Missing if *in_path => {
                        write!(f, "missing; the segment `{text}` does not give it")
                    }
                    ParamError::Missing => {
                        write!(f, "missing; the query has no `{text}` parameter")
                    }
                    ParamError::RepeatedKey => write!(
                        f,
                        "the key `{text}` stands twice, but a map holds each key once"
                    ),
                    ParamError::Repeated => write!(
                        f,
                        "the query gives `{text}` more than once, but the field takes one value"
                    ),
                    ParamError::Invalid { expected } => write!(f, "`{text}` is not {expected}"),
                    ParamError::Unparsable { message, .. } => {
                        write!(f, "`{text}` does not parse: {message}")
                    }
                    ParamError::NotCanonical {
                        canonical: Some(canonical),
                    } => write!(
                        f,
                        "`{text}` is not written the way `to_url` writes it; write `{canonical}`"
                    ),
                    ParamError::NotCanonical { canonical: None } => write!(
                        f,
                        "`{text}` is not written the way `to_url` writes it (its `Display` form)"
                    ),
                    ParamError::Decode(e) => write!(f, "{e}"),
                    ParamError::DotSegment => write!(
                        f,
                        "the path segment `{text}` is `.` or `..`, which URL parsers remove"
                    ),
                    ParamError::EmptySegment => f.write_str(
                        "an empty path segment (`//`) where a value belongs; only the last segment may be empty",
                    ),
                }
            }
        }
    }
}

impl core::error::Error for RouteError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.inner.kind {
            RouteErrorKind::Url(e) => Some(e),
            RouteErrorKind::Value(ParamError::Decode(e)) | RouteErrorKind::MalformedKey(e) => {
                Some(e)
            }
            _ => None,
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Missing => f.write_str("missing value"),
            ParamError::Repeated => f.write_str("more than one value"),
            ParamError::RepeatedKey => f.write_str("a key that stands twice"),
            ParamError::Invalid { expected } => write!(f, "not {expected}"),
            ParamError::Unparsable { message, .. } => write!(f, "does not parse: {message}"),
            ParamError::NotCanonical {
                canonical: Some(canonical),
            } => write!(
                f,
                "not written the way `to_url` writes it; write `{canonical}`"
            ),
            ParamError::NotCanonical { canonical: None } => {
                f.write_str("not written the way `to_url` writes it")
            }
            ParamError::Decode(e) => write!(f, "{e}"),
            ParamError::DotSegment => f.write_str("a `.` or `..` path segment"),
            ParamError::EmptySegment => f.write_str("an empty path segment"),
        }
    }
}

impl core::error::Error for ParamError {}
