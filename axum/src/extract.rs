//! [`Typed`]: the extractor that parses the request target into a route, and
//! [`TypedRejection`], the response when it cannot.

use std::fmt;

use axum::extract::FromRequestParts;
use axum::http::header::{ALLOW, CONTENT_TYPE, HOST, X_CONTENT_TYPE_OPTIONS};
use axum::http::request::Parts;
use axum::http::uri::{Authority, Scheme};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use urlkit::Route;
use urlkit::route::{Method, Methods, RouteError, RouteErrorKind};

/// Extracts a route from the request: `R::from_request` with the request's method on the
/// path and query the client sent, so each value is decoded strictly and converted, the
/// query is checked as the template says, and among variants that share a URL the one that
/// declares the method is picked (`#[route(post, "...")]`; a variant that declares no method
/// takes any). A method no route can declare (`PROPFIND`) reaches only the variants that
/// declare none.
///
/// - No template matches the path: `404 Not Found`. With [`typed_route`], axum's router
///   answers nearly all of those itself, before the handler; what reaches `Typed` is a path
///   with an empty segment where a placeholder stands (`/users//posts`), which axum's
///   parameters match and urlkit's do not.
/// - The path matches, but a value does not parse (`/users/abc` for a `u64`), an escape is
///   invalid (`%zz`, `%FF`, in a value or in a query key the route compares), a required query
///   parameter is missing, one is repeated where the field takes one value (in any spelling:
///   keys are compared decoded), or one is unknown under `#[route(deny_unknown_params)]`:
///   `400 Bad Request`. The body is the [`RouteError`]'s message, as `text/plain`: it names the
///   route, the field and the reason, and quotes at most 64 bytes of the URL.
/// - Variants take the path and query, but none takes the request's method: `405 Method Not
///   Allowed`, with an `Allow` header listing the methods they take (RFC 9110 §15.5.6; `HEAD`
///   wherever `GET` is). With [`typed_handler`](crate::RouterExt::typed_handler), axum's
///   router answers the methods no variant on the path takes; what reaches `Typed` is a
///   method another variant on the path takes, for a URL the method's variant does not.
/// - The request has more than one `Host` header, whatever the form of its target:
///   `400 Bad Request`, as RFC 9112 §3.2 requires of a server (a proxy and the application
///   could otherwise each read a different one).
/// - The target is in absolute form (`GET http://host/path`) and its authority is not the
///   `Host` header's: `400 Bad Request`. Nothing else of the origin is read: only the path and
///   query are parsed, so a request cannot reach a route by naming another scheme or host.
///
/// Under [`Router::nest`](axum::Router::nest), the target is what the nested router sees,
/// with the prefix removed: templates are relative to the nest point.
///
/// [`typed_route`]: crate::RouterExt::typed_route
///
/// # Examples
/// ```
/// use axum::routing::get;
/// use axum::Router;
/// use urlkit::Route;
/// use urlkit_axum::{RouterExt, Typed};
///
/// #[derive(Route, Debug)]
/// enum Api {
///     #[route("/users/{id}")]
///     User { id: u64 },
///     #[route("/search?q={query}{&page}")]
///     Search { query: String, page: Option<u32> },
/// }
///
/// async fn api(Typed(route): Typed<Api>) -> String {
///     match route {
///         Api::User { id } => format!("user {id}"),
///         Api::Search { query, page } => format!("{query:?}, page {}", page.unwrap_or(1)),
///     }
/// }
///
/// let app: Router = Router::new().typed_route::<Api>(get(api));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Typed<R>(pub R);

impl<R: Route, S: Send + Sync> FromRequestParts<S> for Typed<R> {
    type Rejection = TypedRejection;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        check_host(&parts.uri, &parts.headers)?;
        let target = parts
            .uri
            .path_and_query()
            .map_or_else(|| parts.uri.path(), |target| target.as_str());
        // A method no route can declare (`PROPFIND`) is taken by the routes that declare
        // none.
        let read = match Method::from_token(parts.method.as_str()) {
            Some(method) => R::from_request(method, target),
            None => R::from_url_for_methods(Some(Methods::EMPTY), target),
        };
        read.map(Typed)
            .map_err(|e| TypedRejection::new(TypedRejectionKind::Route(e)))
    }
}

/// At most one `Host` header: RFC 9112 §3.2 says a server MUST answer `400` to a request
/// with more than one, whatever the form of its target. Then an absolute-form target (RFC
/// 9112 §3.2.2; and every HTTP/2 request, whose `:authority` axum puts in the URI) must name
/// the authority its `Host` header names, if it has one. RFC 9112 lets a server prefer the
/// target's; refusing a disagreement instead closes the gap where a proxy routes by one and
/// the application by the other.
fn check_host(uri: &Uri, headers: &HeaderMap) -> Result<(), TypedRejection> {
    let mut hosts = headers.get_all(HOST).iter();
    let host = hosts.next();
    if hosts.next().is_some() {
        return Err(TypedRejection::new(TypedRejectionKind::SeveralHosts));
    }
    let (Some(target), Some(host)) = (uri.authority(), host) else {
        return Ok(());
    };
    if same_authority(target, host, uri.scheme()) {
        Ok(())
    } else {
        Err(TypedRejection::new(TypedRejectionKind::OriginMismatch))
    }
}

/// The same host (ASCII case-insensitive, RFC 9110 §4.2.3) and port (the scheme's default if
/// absent); a `Host` value never has userinfo, so a target with some never agrees.
fn same_authority(target: &Authority, host: &HeaderValue, scheme: Option<&Scheme>) -> bool {
    let Some(host) = host.to_str().ok().and_then(|h| h.parse::<Authority>().ok()) else {
        return false;
    };
    let default = match scheme.map(Scheme::as_str) {
        Some("http") => Some(80),
        Some("https") => Some(443),
        _ => None,
    };
    !target.as_str().contains('@')
        && !host.as_str().contains('@')
        && target.host().eq_ignore_ascii_case(host.host())
        && target.port_u16().or(default) == host.port_u16().or(default)
}

/// Why [`Typed`] refused a request: the response it becomes (`400`, `404` or `405` with an
/// `Allow` header, the reason as `text/plain`).
///
/// # Examples
/// ```
/// use axum::http::{Request, StatusCode};
/// use axum::extract::FromRequestParts;
/// use urlkit::Route;
/// use urlkit_axum::{Typed, TypedRejectionKind};
///
/// #[derive(Route, Debug)]
/// #[route("/users/{id}")]
/// struct User { id: u64 }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let (mut parts, ()) = Request::get("/users/abc").body(()).unwrap().into_parts();
/// let rejection = Typed::<User>::from_request_parts(&mut parts, &()).await.unwrap_err();
/// assert_eq!(rejection.status(), StatusCode::BAD_REQUEST);
/// assert!(matches!(rejection.kind(), TypedRejectionKind::Route(_)));
/// assert_eq!(rejection.to_string(), "`User.id`: `abc` is not an integer from 0 to 18446744073709551615");
/// # });
/// ```
///
/// To answer in your own format (a JSON body, a page of your site), take
/// `Result<Typed<R>, TypedRejection>` in the handler and build the response from
/// [`status`](Self::status), [`kind`](Self::kind) and the message:
///
/// ```
/// use axum::http::header::CONTENT_TYPE;
/// use axum::http::{Request, StatusCode};
/// use axum::response::{IntoResponse, Response};
/// use axum::routing::get;
/// use axum::{Router, body::Body};
/// use tower::ServiceExt;
/// use urlkit::Route;
/// use urlkit_axum::{RouterExt, Typed, TypedRejection};
///
/// #[derive(Route, Debug)]
/// #[route("/users/{id}")]
/// struct User { id: u64 }
///
/// async fn user(route: Result<Typed<User>, TypedRejection>) -> Response {
///     match route {
///         Ok(Typed(User { id })) => format!("user {id}").into_response(),
///         Err(rejection) => {
///             let body = serde_json::json!({
///                 "status": rejection.status().as_u16(),
///                 "error": rejection.to_string(),
///             });
///             (rejection.status(), [(CONTENT_TYPE, "application/json")], body.to_string())
///                 .into_response()
///         }
///     }
/// }
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let app: Router = Router::new().typed_route::<User>(get(user));
/// let request = Request::get("/users/abc").body(Body::empty()).unwrap();
/// let response = app.oneshot(request).await.unwrap();
/// assert_eq!(response.status(), StatusCode::BAD_REQUEST);
/// assert_eq!(response.headers()[CONTENT_TYPE], "application/json");
/// let bytes = axum::body::to_bytes(response.into_body(), 1024).await.unwrap();
/// let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
/// assert_eq!(body["status"], 400);
/// assert_eq!(body["error"], "`User.id`: `abc` is not an integer from 0 to 18446744073709551615");
/// # });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedRejection {
    kind: TypedRejectionKind,
}

/// What [`TypedRejection`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypedRejectionKind {
    /// `from_request` refused the request: `404` if no template matches the path
    /// ([`RouteErrorKind::NoMatch`]), `405` with an `Allow` header if templates match but none
    /// with the request's method ([`RouteErrorKind::MethodNotAllowed`]), `400` otherwise.
    Route(RouteError),
    /// An absolute-form target whose authority is not the one the `Host` header names: `400`.
    OriginMismatch,
    /// A request with more than one `Host` header, in any form (RFC 9112 §3.2): `400`.
    SeveralHosts,
}

impl TypedRejection {
    fn new(kind: TypedRejectionKind) -> Self {
        TypedRejection { kind }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// See [`TypedRejection`].
    pub fn kind(&self) -> &TypedRejectionKind {
        &self.kind
    }

    /// The response's status: `404 Not Found` when no template matches the path, `405 Method
    /// Not Allowed` when templates match but none with the request's method, `400 Bad
    /// Request` otherwise.
    ///
    /// # Examples
    /// See [`TypedRejection`].
    pub fn status(&self) -> StatusCode {
        match &self.kind {
            TypedRejectionKind::Route(e) if matches!(e.kind(), RouteErrorKind::NoMatch { .. }) => {
                StatusCode::NOT_FOUND
            }
            TypedRejectionKind::Route(e)
                if matches!(e.kind(), RouteErrorKind::MethodNotAllowed { .. }) =>
            {
                StatusCode::METHOD_NOT_ALLOWED
            }
            TypedRejectionKind::Route(_)
            | TypedRejectionKind::OriginMismatch
            | TypedRejectionKind::SeveralHosts => StatusCode::BAD_REQUEST,
        }
    }
}

impl fmt::Display for TypedRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TypedRejectionKind::Route(e) => fmt::Display::fmt(e, f),
            TypedRejectionKind::OriginMismatch => f.write_str(
                "the request target names an authority other than the `Host` header's; send the path and query alone (origin-form), or one authority in both",
            ),
            TypedRejectionKind::SeveralHosts => f.write_str(
                "the request has more than one `Host` header, which a server must refuse (RFC 9112 §3.2); send one",
            ),
        }
    }
}

impl std::error::Error for TypedRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            TypedRejectionKind::Route(e) => Some(e),
            TypedRejectionKind::OriginMismatch | TypedRejectionKind::SeveralHosts => None,
        }
    }
}

impl IntoResponse for TypedRejection {
    fn into_response(self) -> Response {
        let headers = [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            // The body quotes the URL: never let a browser read it as anything but text.
            (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        ];
        let mut response = (self.status(), headers, self.to_string()).into_response();
        // RFC 9110 §15.5.6: a 405 MUST list the methods the resource takes.
        if let TypedRejectionKind::Route(e) = &self.kind
            && let RouteErrorKind::MethodNotAllowed { allowed } = e.kind()
            && let Ok(allow) = HeaderValue::from_str(&allowed.to_string())
        {
            response.headers_mut().insert(ALLOW, allow);
        }
        response
    }
}
