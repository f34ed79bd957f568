//! Typed routes: a URL template bound to a Rust type, which builds URLs from values and parses
//! URLs back into values. See [`Route`](trait@crate::Route) and `#[derive(Route)]`.
//!
//! This module holds what parsing needs: [`FromParam`] (how a value becomes a field),
//! [`Params`] (the values a URL gives a placeholder) and the errors; and [`RouteShape`], each
//! template's structure as the derive read it ([`Route::SHAPES`](trait@crate::Route)).
//!
//! The rules of templates, matching and parsing (query keys included) are in
//! [the derive's documentation](derive@crate::Route), the one reference for typed routes.

pub(crate) mod deep;
mod error;
mod from_param;
pub(crate) mod leaf;
pub(crate) mod method;
pub(crate) mod object;
mod params;
pub(crate) mod shape;
mod split;
pub(crate) mod target;
pub(crate) mod walk;

use alloc::borrow::Cow;
use alloc::string::String;

use crate::error::ExpandError;
#[cfg(doc)]
use crate::error::ExpandErrorKind;
use crate::url::Url;
use crate::writer::Writer;

pub use error::{ParamError, RouteError, RouteErrorKind};
pub use from_param::FromParam;
pub use leaf::RouteField;
pub use method::{Method, Methods, UnknownMethod};
pub use params::Params;
pub use shape::{Arity, FieldShape, PathStyle, QueryParam, RouteShape, Segment, ValueType};

/// A type whose values are URLs: each value builds one URL, and the URLs its templates match
/// parse back into values. Derive it: `#[derive(Route)]` with `#[route("/template")]` on a
/// struct, or on each variant of an enum.
///
/// ```
/// use urlkit::Route;
///
/// #[derive(Route, Debug, PartialEq)]
/// #[route("/users/{id}/posts/{slug}{?page,tag*}")]
/// struct Post {
///     id: u64,
///     slug: String,
///     page: Option<u32>,
///     tag: Vec<String>,
/// }
///
/// let post = Post { id: 7, slug: "hello world".into(), page: None, tag: vec!["a&b".into()] };
/// let url = post.to_url()?;
/// assert_eq!(url, "/users/7/posts/hello%20world?tag=a%26b");
/// assert_eq!(Post::from_url(url.as_str())?, post);
/// assert_eq!(Post::TEMPLATE, "/users/{id}/posts/{slug}{?page,tag*}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// See [the derive's documentation](derive@crate::Route) for templates, attributes, the
/// checks made at compile time and the rules of parsing.
pub trait Route: Sized {
    /// The templates, in declaration order: one for a struct, one per variant for an enum.
    const TEMPLATES: &'static [&'static str];

    /// Each template's structure, in the order of [`TEMPLATES`](Self::TEMPLATES): its path
    /// segment by segment and its query parameters, each placeholder with the field it reads
    /// and whether that field is one value, an `Option` or a `Vec` ([`RouteShape`]).
    /// `#[derive(Route)]` writes them from what it checked at compile time, so code that
    /// serves or describes the routes (urlkit-axum's router paths, an API description) reads
    /// them here rather than parsing the templates again.
    ///
    /// A hand-written impl may leave them out (the default is none); code that needs them then
    /// refuses the type, as urlkit-axum does.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::{Arity, QueryParam, Segment};
    ///
    /// #[derive(Route)]
    /// #[route("/docs/{section}{/page}{?lang}")]
    /// struct Docs { section: String, page: Option<String>, lang: Option<String> }
    ///
    /// let [docs] = Docs::SHAPES else { unreachable!() };
    /// assert_eq!(docs.template, Docs::TEMPLATE);
    /// assert_eq!(docs.variant, None);
    /// assert_eq!(docs.path, [
    ///     Segment::Static("docs"),
    ///     Segment::Value { prefix: "", field: "section", suffix: "" },
    ///     Segment::Slash { field: "page", arity: Arity::Optional },
    /// ]);
    /// assert_eq!(docs.query, [QueryParam::Value { key: "lang", field: "lang", arity: Arity::Optional }]);
    /// ```
    const SHAPES: &'static [RouteShape] = &[];

    /// The template this value builds with (its variant's, for an enum).
    fn template(&self) -> &'static str;

    /// Builds the URL: the path and query the template gives, with each field encoded for
    /// where it goes; byte for byte what `url!` gives with the same template and values.
    ///
    /// # Errors
    /// When a value cannot be placed without changing the URL's shape ([the
    /// guards](macro@crate::url#guards)): a path segment that would be empty, `.` or `..`, and
    /// the like. For an enum, [`ExpandErrorKind::ParsesAs`] when the URL would parse as another
    /// variant, tried before this one, so that `from_url(to_url(v)?)` is always `v`; where
    /// variants declare methods, when it would parse as a variant tried before this one that
    /// takes one of its methods, so that `from_request(m, to_url(v)?)` is `v` for each method
    /// `m` this variant declares.
    fn to_url(&self) -> Result<Url, ExpandError>;

    /// Builds the URL on `base`, joined as [`url!(base, TEMPLATE, …)`](macro@crate::url#joining-a-base)
    /// joins (`https://api.example.com/v1` and `/users/7` make
    /// `https://api.example.com/v1/users/7`).
    ///
    /// # Errors
    /// As [`to_url`](Self::to_url), and [`ExpandErrorKind::BaseHasQueryOrFragment`] when the base
    /// has a query or a fragment.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{url, Route, Url};
    ///
    /// #[derive(Route)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// let base = Url::parse("https://api.example.com/v1")?;
    /// assert_eq!(User { id: 7 }.to_url_on(&base)?, "https://api.example.com/v1/users/7");
    /// let id = 7;
    /// assert_eq!(User { id }.to_url_on(&base)?, url!(base, "/users/{id}")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_url_on(&self, base: &Url) -> Result<Url, ExpandError> {
        // The route's URL starts with `/`, so it is the relative part of `url!(base, ...)`
        // whole: the same `Writer` join, then its text.
        let relative = self.to_url()?;
        let mut w = Writer::with_base(Ok(Cow::Borrowed(base)), true, relative.as_str().len());
        w.text(relative.as_str());
        w.finish()
    }

    /// Parses a path and query (`/users/7?page=2`, what a server receives) into a value; a
    /// fragment is ignored.
    ///
    /// An absolute URL is an error ([`RouteErrorKind::AbsoluteUrl`]), not a path with an
    /// origin to ignore: code that checks a redirect target with `from_url` would otherwise
    /// accept `https://evil.example/users/me` as a route of its own. Say what the origin
    /// must be with [`from_url_on`](Self::from_url_on), or that any will do with
    /// [`from_url_ignoring_origin`](Self::from_url_ignoring_origin).
    ///
    /// # Errors
    /// A [`RouteError`] that names the route, the field when there is one, and the reason.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::RouteErrorKind;
    ///
    /// #[derive(Route, Debug, PartialEq)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// assert_eq!(User::from_url("/users/7#top")?, User { id: 7 });
    /// let err = User::from_url("https://evil.example/users/7").unwrap_err();
    /// assert_eq!(err.kind(), &RouteErrorKind::AbsoluteUrl);
    /// # Ok::<(), urlkit::RouteError>(())
    /// ```
    ///
    /// A URL says nothing of the request's method: routes that declare methods
    /// (`#[route(post, "...")]`) are tried as any other, in the order of [the derive's
    /// documentation](derive@crate::Route#which-route-matches), and the first that takes the
    /// URL is the value, whatever methods it declares. Where variants share URLs under
    /// methods that differ (a `GET` form and a `POST` on one path), read a request with
    /// [`from_request`](Self::from_request), which picks by method.
    fn from_url(url: &str) -> Result<Self, RouteError>;

    /// The method a client sends the value with: the first the route declares in
    /// `#[route(post, "...")]`, or `None` for a route that declares none (it takes any).
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::Method;
    ///
    /// #[derive(Route)]
    /// enum Site {
    ///     #[route(get, head, "/login")]
    ///     LoginForm,
    ///     #[route(post, "/login{?next}")]
    ///     Login { next: Option<String> },
    ///     #[route("/health")]
    ///     Health,
    /// }
    ///
    /// assert_eq!(Site::LoginForm.method(), Some(Method::Get));
    /// assert_eq!(Site::Login { next: None }.method(), Some(Method::Post));
    /// assert_eq!(Site::Health.method(), None);
    /// ```
    fn method(&self) -> Option<Method> {
        None
    }

    /// Parses the path and query of a request into a value, as [`from_url`](Self::from_url),
    /// among the routes that take `method`: those that declare it in `#[route(post, "...")]`
    /// and those that declare no method. A `HEAD` that no route declares is read as a `GET`,
    /// as RFC 9110 §9.3.2 asks a server to answer it.
    ///
    /// # Errors
    /// As [`from_url`](Self::from_url); and when routes take the URL but none takes the
    /// method, [`RouteErrorKind::MethodNotAllowed`] with the methods they take, for a `405`
    /// and its `Allow` header (RFC 9110 §15.5.6). A URL no route takes is
    /// [`RouteErrorKind::NoMatch`], whatever the method.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::{Method, Methods, RouteErrorKind};
    ///
    /// #[derive(Route, Debug, PartialEq)]
    /// enum Site {
    ///     #[route(get, "/login")]
    ///     LoginForm,
    ///     #[route(post, "/login{?next}")]
    ///     Login { next: Option<String> },
    /// }
    ///
    /// assert_eq!(Site::from_request(Method::Get, "/login")?, Site::LoginForm);
    /// assert_eq!(Site::from_request(Method::Head, "/login")?, Site::LoginForm);
    /// assert_eq!(
    ///     Site::from_request(Method::Post, "/login?next=%2Fhome")?,
    ///     Site::Login { next: Some("/home".into()) },
    /// );
    /// let err = Site::from_request(Method::Delete, "/login").unwrap_err();
    /// let RouteErrorKind::MethodNotAllowed { allowed } = err.kind() else { panic!() };
    /// assert_eq!(allowed.to_string(), "GET, HEAD, POST");
    /// let err = Site::from_request(Method::Delete, "/logout").unwrap_err();
    /// assert_eq!(err.kind(), &RouteErrorKind::NoMatch { template: None });
    /// # Ok::<(), urlkit::RouteError>(())
    /// ```
    fn from_request(method: Method, url: &str) -> Result<Self, RouteError> {
        match Self::from_url_for_methods(Some(Methods::EMPTY.with(method)), url) {
            Err(e) if method == Method::Head => match e.kind() {
                RouteErrorKind::MethodNotAllowed { allowed } if allowed.contains(Method::Get) => {
                    Self::from_url_for_methods(Some(Methods::EMPTY.with(Method::Get)), url)
                }
                _ => Err(e.allowing_head()),
            },
            result => result.map_err(RouteError::allowing_head),
        }
    }

    /// [`from_url`](Self::from_url) among the routes that take one of `methods` (`None`:
    /// every route; an empty set: the routes that declare no method, which take a method no
    /// route can declare, such as `PROPFIND`). No `HEAD` is read as a `GET` here: that is
    /// [`from_request`](Self::from_request)'s.
    ///
    /// A route written by hand, rather than derived, declares no method: the default is
    /// `from_url`.
    ///
    /// # Errors
    /// As [`from_request`](Self::from_request).
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit::route::{Methods, RouteErrorKind};
    ///
    /// #[derive(Route, Debug, PartialEq)]
    /// enum Dav {
    ///     #[route(get, "/files/{name}")]
    ///     Read { name: String },
    ///     #[route("/files/{name}/lock")]
    ///     Lock { name: String },
    /// }
    ///
    /// // A `LOCK` request: a method no route can declare.
    /// let lock = Dav::from_url_for_methods(Some(Methods::EMPTY), "/files/a/lock")?;
    /// assert_eq!(lock, Dav::Lock { name: "a".into() });
    /// let err = Dav::from_url_for_methods(Some(Methods::EMPTY), "/files/a").unwrap_err();
    /// assert!(matches!(err.kind(), RouteErrorKind::MethodNotAllowed { .. }));
    /// # Ok::<(), urlkit::RouteError>(())
    /// ```
    fn from_url_for_methods(methods: Option<Methods>, url: &str) -> Result<Self, RouteError> {
        let _ = methods;
        Self::from_url(url)
    }

    /// Parses the path and query of `url` whatever its scheme and authority: an absolute URL
    /// (`https://any.example/users/7`; an empty path is `/`) or a path, as
    /// [`from_url`](Self::from_url) takes it. The name says at the call that the origin is
    /// not checked; to check it, use [`from_url_on`](Self::from_url_on).
    ///
    /// # Errors
    /// As [`from_url`](Self::from_url), with offsets in `url` as given; and
    /// [`RouteErrorKind::Url`] or [`RouteErrorKind::NotAPath`] for text that is not an
    /// absolute URL or a path.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    ///
    /// #[derive(Route, Debug, PartialEq)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// // A link scraped from a page on any site: only its path and query matter here.
    /// assert_eq!(User::from_url_ignoring_origin("https://mirror.example/users/7")?, User { id: 7 });
    /// assert_eq!(User::from_url_ignoring_origin("/users/7")?, User { id: 7 });
    /// # Ok::<(), urlkit::RouteError>(())
    /// ```
    fn from_url_ignoring_origin(url: &str) -> Result<Self, RouteError> {
        if url.starts_with('/') {
            return Self::from_url(url);
        }
        let (start, end) = target::path_and_query(url, short_name::<Self>())?;
        let rest = &url[start..end];
        // Offsets in errors are in `url`, not in its path and query.
        if rest.starts_with('/') {
            return Self::from_url(rest).map_err(|e| e.shifted(start));
        }
        // An empty path (`https://example.com?q`) asks for `/` (RFC 9110 §4.2.3); the `/`
        // stands just before `start`, where the authority ends.
        let mut target = String::with_capacity(rest.len() + 1);
        target.push('/');
        target.push_str(rest);
        Self::from_url(&target).map_err(|e| e.shifted(start - 1))
    }

    /// Parses a URL built with [`to_url_on`](Self::to_url_on): it must start with `base`
    /// (exactly as written, the base's final `/` optional), and the rest is parsed as
    /// [`from_url`](Self::from_url) does. This is how to accept a full URL only on an origin
    /// you name (a redirect target, a link to your own API).
    ///
    /// The base must end with its path, as for `to_url_on`: a base with a query or a fragment
    /// is refused, whatever `url` is. (What follows such a base would not be a path: with
    /// `https://api.example.com/#` as the base, `https://api.example.com/#/users/7` is a
    /// fragment on the site's root, not the route `/users/7`.)
    ///
    /// # Errors
    /// [`RouteErrorKind::BaseHasQueryOrFragment`] if `base` has a query or a fragment;
    /// [`RouteErrorKind::NoMatch`] if `url` does not start with `base`; otherwise as
    /// [`from_url`](Self::from_url).
    ///
    /// # Examples
    /// ```
    /// use urlkit::{url, Route, Url};
    /// use urlkit::route::RouteErrorKind;
    ///
    /// #[derive(Route, Debug, PartialEq)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// const API: Url = url!("https://api.example.com/v1/");
    /// let url = User { id: 7 }.to_url_on(&API)?;
    /// assert_eq!(url, "https://api.example.com/v1/users/7");
    /// assert_eq!(User::from_url_on(&API, url.as_str())?, User { id: 7 });
    /// assert!(User::from_url_on(&API, "https://api.example.com/v2/users/7").is_err());
    ///
    /// let fragment = url!("https://api.example.com/#");
    /// let err = User::from_url_on(&fragment, "https://api.example.com/#/users/7").unwrap_err();
    /// assert_eq!(err.kind(), &RouteErrorKind::BaseHasQueryOrFragment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_url_on(base: &Url, url: &str) -> Result<Self, RouteError> {
        let base = base.as_str();
        // `Url` holds a valid reference, so the grammar's split is its structure.
        let parts = urlkit_syntax::reference::split(base);
        if parts.query.is_some() || parts.fragment.is_some() {
            return Err(RouteError::new(
                short_name::<Self>(),
                RouteErrorKind::BaseHasQueryOrFragment,
            ));
        }
        let base = base.strip_suffix('/').unwrap_or(base);
        match url.strip_prefix(base) {
            Some(rest) if rest.starts_with('/') && !rest.starts_with("//") => {
                // Offsets in errors are in `url`, not in the part after the base.
                Self::from_url(rest).map_err(|e| e.shifted(url.len() - rest.len()))
            }
            _ => Err(RouteError::new(
                short_name::<Self>(),
                RouteErrorKind::NoMatch { template: None },
            )
            .quoting(url)),
        }
    }
}

/// `Api` for `my_crate::api::Api<T>`: how the derive names the type in errors.
fn short_name<T>() -> &'static str {
    let name = core::any::type_name::<T>();
    let name = name.split('<').next().unwrap_or(name);
    name.rsplit("::").next().unwrap_or(name)
}
