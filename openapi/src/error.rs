//! [`Error`]: a template OpenAPI cannot describe.

use std::fmt;

/// Why a route's template cannot be described in OpenAPI, and which template.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit_openapi::ErrorKind;
///
/// #[derive(Route)]
/// #[route("/export?raw")]
/// struct Export;
///
/// let error = urlkit_openapi::paths::<Export>().unwrap_err();
/// assert_eq!(error.kind(), &ErrorKind::BareQueryKey { key: "raw".into() });
/// assert_eq!(error.template(), "/export?raw");
/// assert_eq!(
///     error.to_string(),
///     "`/export?raw`: the query piece `raw` has no `=`, and OpenAPI's `form` style always \
///      writes one; write `raw=` or `raw=1` in the template"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    template: &'static str,
    other: Option<&'static str>,
}

/// What [`Error`] found.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit_openapi::ErrorKind;
///
/// #[derive(Route)]
/// enum Api {
///     #[route("/items/{id}")]
///     One { id: u32 },
///     #[route("/items/{name}?by=name")]
///     ByName { name: String },
/// }
///
/// match urlkit_openapi::paths::<Api>().map_err(|e| e.kind().clone()) {
///     Err(ErrorKind::SamePathOtherNames { path, other }) => {
///         assert_eq!((path.as_str(), other.as_str()), ("/items/{name}", "/items/{id}"));
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The type's `Route` impl gives no [`RouteShape`](urlkit::route::RouteShape) for the
    /// template (a hand-written impl that leaves `SHAPES` out).
    NoShape,
    /// A static query piece without `=` (`?raw`): a `form` parameter always writes
    /// `name=value`, so no parameter writes it.
    BareQueryKey {
        /// The key, decoded.
        key: String,
    },
    /// Two templates give the same path with different parameter names (`/a/{id}` and
    /// `/a/{name}?q={q}`), which OpenAPI holds to be one path that cannot be written twice.
    SamePathOtherNames {
        /// The path of this template.
        path: String,
        /// The path of the other, which [`Error::other_template`] gives.
        other: String,
    },
    /// Two templates of one path write a parameter of the same name in different ways (a
    /// static `format=json` and a placeholder `format={f}` agree; a list and a value do not).
    ParameterWrittenTwoWays {
        /// The parameter.
        name: String,
    },
    /// A static query key or value that does not percent-decode to UTF-8.
    NotUtf8,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, template: &'static str) -> Self {
        Self {
            kind,
            template,
            other: None,
        }
    }

    pub(crate) fn with_other(self, other: &'static str) -> Self {
        Self {
            other: Some(other),
            ..self
        }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// As [`Error`].
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The template that cannot be described.
    ///
    /// # Examples
    /// As [`Error`].
    pub fn template(&self) -> &'static str {
        self.template
    }

    /// The other template, for a conflict between two.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit_openapi::ErrorKind;
    ///
    /// #[derive(Route)]
    /// enum Api {
    ///     #[route("/a/{id}")]
    ///     ById { id: u32 },
    ///     #[route("/a/{name}?by=name")]
    ///     ByName { name: String },
    /// }
    ///
    /// let error = urlkit_openapi::paths::<Api>().unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::SamePathOtherNames { .. }));
    /// assert_eq!(error.other_template(), Some("/a/{id}"));
    /// ```
    pub fn other_template(&self) -> Option<&'static str> {
        self.other
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: ", self.template)?;
        let other = self.other.unwrap_or("");
        match &self.kind {
            ErrorKind::NoShape => f.write_str(
                "the type's `Route` impl gives no shape for this template; derive `Route`, or \
                 write `SHAPES` in the impl",
            ),
            ErrorKind::BareQueryKey { key } => write!(
                f,
                "the query piece `{key}` has no `=`, and OpenAPI's `form` style always writes \
                 one; write `{key}=` or `{key}=1` in the template"
            ),
            ErrorKind::SamePathOtherNames {
                path,
                other: theirs,
            } => write!(
                f,
                "its path `{path}` differs from `{theirs}`, the path of `{other}`, only in \
                 parameter names, which OpenAPI holds to be the same path; name the \
                 placeholders alike"
            ),
            ErrorKind::ParameterWrittenTwoWays { name } => write!(
                f,
                "the parameter `{name}` is written another way in `{other}`, which has the \
                 same path; give it one arity in both"
            ),
            ErrorKind::NotUtf8 => f.write_str(
                "a static query key or value does not decode to UTF-8; encode it as UTF-8",
            ),
        }
    }
}

impl std::error::Error for Error {}
