//! Links and redirects to routes: a [`Url`] is printable ASCII by construction, so it is always
//! a valid header value, and no string needs checking on the way.

use std::fmt;

use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use urlkit::{ExpandError, Route, Url};

/// A [`Url`] as a header value (`Location`, `Link`, `Content-Location`).
///
/// # Examples
/// ```
/// use axum::http::{header::LOCATION, StatusCode};
/// use axum::response::IntoResponse;
/// use urlkit::url;
///
/// let id = 7;
/// let created = (StatusCode::CREATED, [(LOCATION, urlkit_axum::header_value(&url!("/users/{id}")?))]);
/// assert_eq!(created.into_response().headers()[LOCATION], "/users/7");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
pub fn header_value(url: &Url) -> HeaderValue {
    // A `Url` holds printable ASCII only (0x21 to 0x7E; see `Url`), all of which a header value
    // may hold (RFC 9110 §5.5), so this never fails.
    HeaderValue::from_str(url.as_str())
        .unwrap_or_else(|_| unreachable!("a `Url` is printable ASCII: {url}"))
}

/// Links and redirects to a route, built with its `to_url`.
///
/// Implemented for every [`Route`]. Each method fails only as `to_url` does (a value that
/// would change the URL's shape, such as an empty or `..` path segment), which is a bug in the
/// server's own values: the [`LinkError`] answers it as one (`500`), so a handler can return
/// `Result<Redirect, LinkError>` or use `?`.
pub trait RouteExt: Route {
    /// The route's URL as a header value (`Location` of a `201 Created`).
    ///
    /// # Errors
    /// [`LinkError`], when [`Route::to_url`] fails.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit_axum::RouteExt;
    ///
    /// #[derive(Route)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// assert_eq!(User { id: 7 }.location()?, "/users/7");
    /// # Ok::<(), urlkit_axum::LinkError>(())
    /// ```
    fn location(&self) -> Result<HeaderValue, LinkError> {
        Ok(header_value(&self.to_url()?))
    }

    /// `303 See Other` to the route ([`Redirect::to`]): after a form is posted, the client
    /// fetches the route with `GET`.
    ///
    /// # Errors
    /// [`LinkError`], when [`Route::to_url`] fails.
    ///
    /// # Examples
    /// ```
    /// use axum::http::{header::LOCATION, StatusCode};
    /// use axum::response::IntoResponse;
    /// use urlkit::Route;
    /// use urlkit_axum::RouteExt;
    ///
    /// #[derive(Route)]
    /// #[route("/search{?q}")]
    /// struct Search { q: String }
    ///
    /// let response = Search { q: "a&b c".into() }.redirect_to()?.into_response();
    /// assert_eq!(response.status(), StatusCode::SEE_OTHER);
    /// assert_eq!(response.headers()[LOCATION], "/search?q=a%26b%20c");
    /// # Ok::<(), urlkit_axum::LinkError>(())
    /// ```
    fn redirect_to(&self) -> Result<Redirect, LinkError> {
        Ok(Redirect::to(self.to_url()?.as_str()))
    }

    /// `307 Temporary Redirect` to the route ([`Redirect::temporary`]): the client repeats
    /// the request, method and body, there.
    ///
    /// # Errors
    /// [`LinkError`], when [`Route::to_url`] fails.
    ///
    /// # Examples
    /// ```
    /// use axum::http::StatusCode;
    /// use axum::response::IntoResponse;
    /// use urlkit::Route;
    /// use urlkit_axum::RouteExt;
    ///
    /// #[derive(Route)]
    /// #[route("/users/{id}")]
    /// struct User { id: u64 }
    ///
    /// let response = User { id: 7 }.redirect_temporary()?.into_response();
    /// assert_eq!(response.status(), StatusCode::TEMPORARY_REDIRECT);
    /// # Ok::<(), urlkit_axum::LinkError>(())
    /// ```
    fn redirect_temporary(&self) -> Result<Redirect, LinkError> {
        Ok(Redirect::temporary(self.to_url()?.as_str()))
    }

    /// `308 Permanent Redirect` to the route ([`Redirect::permanent`]): the resource moved
    /// there for good (an old URL scheme kept alive).
    ///
    /// # Errors
    /// [`LinkError`], when [`Route::to_url`] fails.
    ///
    /// # Examples
    /// ```
    /// use axum::http::{header::LOCATION, StatusCode};
    /// use axum::response::IntoResponse;
    /// use urlkit::Route;
    /// use urlkit_axum::RouteExt;
    ///
    /// #[derive(Route)]
    /// #[route("/files{/path*}")]
    /// struct File { path: Vec<String> }
    ///
    /// let file = File { path: vec!["docs".into(), "read me.txt".into()] };
    /// let response = file.redirect_permanent()?.into_response();
    /// assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
    /// assert_eq!(response.headers()[LOCATION], "/files/docs/read%20me.txt");
    /// # Ok::<(), urlkit_axum::LinkError>(())
    /// ```
    fn redirect_permanent(&self) -> Result<Redirect, LinkError> {
        Ok(Redirect::permanent(self.to_url()?.as_str()))
    }
}

impl<R: Route> RouteExt for R {}

/// A link to a route that could not be built ([`Route::to_url`] refused a value): a `500
/// Internal Server Error` as a response, since the values are the server's own.
///
/// The response's body says only that (`to_url`'s message names the placeholder and the
/// problem, which is for the server's logs: [`Display`](fmt::Display) gives it).
///
/// # Examples
/// ```
/// use axum::http::StatusCode;
/// use axum::response::{IntoResponse, Redirect};
/// use urlkit::Route;
/// use urlkit_axum::{LinkError, LinkErrorKind, RouteExt};
///
/// #[derive(Route)]
/// #[route("/files/{name}")]
/// struct File { name: String }
///
/// fn moved(name: &str) -> Result<Redirect, LinkError> {
///     File { name: name.into() }.redirect_permanent()
/// }
///
/// let err = moved("..").unwrap_err();
/// assert!(matches!(err.kind(), LinkErrorKind::Url(_)));
/// assert_eq!(err.to_string(), "cannot build the link: the value of `name` makes the path segment `.` or `..`, which URL parsers remove with the segment before it");
/// assert_eq!(moved("..").into_response().status(), StatusCode::INTERNAL_SERVER_ERROR);
/// assert_eq!(moved("a").into_response().status(), StatusCode::PERMANENT_REDIRECT);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkError {
    kind: LinkErrorKind,
}

/// What [`LinkError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkErrorKind {
    /// `to_url` refused a value.
    Url(ExpandError),
}

impl LinkError {
    fn new(kind: LinkErrorKind) -> Self {
        LinkError { kind }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// See [`LinkError`].
    pub fn kind(&self) -> &LinkErrorKind {
        &self.kind
    }
}

impl From<ExpandError> for LinkError {
    fn from(error: ExpandError) -> Self {
        LinkError::new(LinkErrorKind::Url(error))
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            LinkErrorKind::Url(e) => write!(f, "cannot build the link: {e}"),
        }
    }
}

impl std::error::Error for LinkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            LinkErrorKind::Url(e) => Some(e),
        }
    }
}

impl IntoResponse for LinkError {
    fn into_response(self) -> Response {
        let content_type = [(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )];
        let body = "internal server error: a link could not be built";
        (StatusCode::INTERNAL_SERVER_ERROR, content_type, body).into_response()
    }
}
