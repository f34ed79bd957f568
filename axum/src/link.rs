//! Links and redirects to routes: a [`Url`] is printable ASCII by construction, so it is always
//! a valid header value, and no string needs checking on the way.

use axum::http::HeaderValue;
use axum::response::Redirect;
use urlkit::{Error, Route, Url};

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
/// # Ok::<(), urlkit::Error>(())
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
/// server's own values: answer it as one (`500`).
pub trait RouteExt: Route {
    /// The route's URL as a header value (`Location` of a `201 Created`).
    ///
    /// # Errors
    /// As [`Route::to_url`].
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
    /// # Ok::<(), urlkit::Error>(())
    /// ```
    fn location(&self) -> Result<HeaderValue, Error> {
        Ok(header_value(&self.to_url()?))
    }

    /// `303 See Other` to the route ([`Redirect::to`]): after a form is posted, the client
    /// fetches the route with `GET`.
    ///
    /// # Errors
    /// As [`Route::to_url`].
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
    /// # Ok::<(), urlkit::Error>(())
    /// ```
    fn redirect_to(&self) -> Result<Redirect, Error> {
        Ok(Redirect::to(self.to_url()?.as_str()))
    }

    /// `307 Temporary Redirect` to the route ([`Redirect::temporary`]): the client repeats
    /// the request, method and body, there.
    ///
    /// # Errors
    /// As [`Route::to_url`].
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
    /// # Ok::<(), urlkit::Error>(())
    /// ```
    fn redirect_temporary(&self) -> Result<Redirect, Error> {
        Ok(Redirect::temporary(self.to_url()?.as_str()))
    }

    /// `308 Permanent Redirect` to the route ([`Redirect::permanent`]): the resource moved
    /// there for good (an old URL scheme kept alive).
    ///
    /// # Errors
    /// As [`Route::to_url`].
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
    /// # Ok::<(), urlkit::Error>(())
    /// ```
    fn redirect_permanent(&self) -> Result<Redirect, Error> {
        Ok(Redirect::permanent(self.to_url()?.as_str()))
    }
}

impl<R: Route> RouteExt for R {}
