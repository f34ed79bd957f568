//! [`RouterExt::typed_route`]: registering a route's paths on an axum `Router`.

use axum::Router;
use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter, any, on};
use urlkit::Route;
use urlkit::route::Method;

use crate::paths::{paths, paths_with_methods};

/// Registers a [`Route`]'s paths on an axum [`Router`].
///
/// This trait is sealed: it is implemented for `Router` only, so that methods can be added.
pub trait RouterExt<S>: sealed::Sealed + Sized {
    /// Routes every path of `R`'s templates (see [`paths`](crate::paths())) to
    /// `method_router`, whose handlers take [`Typed<R>`](crate::Typed): one enum, one
    /// registration, no path written twice. The query is not part of the path: the router
    /// ignores it and [`Typed`](crate::Typed) checks it.
    ///
    /// Register the same `R` again with other methods (`.typed_route::<Api>(post(create))`):
    /// the paths are the same, and axum merges the method routers.
    ///
    /// # Panics
    /// When one of `R`'s templates is a shape axum's router cannot match (the message is the
    /// [`PathError`](crate::PathError)'s; call [`paths`](crate::paths()) in a test to catch it
    /// there), and as [`Router::route`] does: a path that conflicts with a route registered
    /// before (a handler for the same method, or a different parameter name at the same
    /// place), or, unless the router was made with `without_v07_checks`, a segment that
    /// starts with `:` or `*`.
    ///
    /// # Examples
    /// ```
    /// use axum::routing::{get, post};
    /// use axum::Router;
    /// use urlkit::Route;
    /// use urlkit_axum::{RouterExt, Typed};
    ///
    /// #[derive(Route, Debug)]
    /// enum Users {
    ///     #[route("/users")]
    ///     All,
    ///     #[route("/users/{id}")]
    ///     One { id: u64 },
    /// }
    ///
    /// async fn read(Typed(users): Typed<Users>) -> String {
    ///     format!("{users:?}")
    /// }
    /// async fn write(Typed(users): Typed<Users>, body: String) -> String {
    ///     format!("{users:?} <- {body}")
    /// }
    ///
    /// let app: Router = Router::new()
    ///     .typed_route::<Users>(get(read))
    ///     .typed_route::<Users>(post(write));
    /// ```
    #[track_caller]
    #[must_use]
    fn typed_route<R: Route>(self, method_router: MethodRouter<S>) -> Self;

    /// Routes every path of `R`'s templates to `handler`, under the methods `R` declares
    /// (`#[route(post, "/login{?next}")]`): the methods of the variants whose requests the
    /// path receives, or any method where one of them declares none. One enum, one
    /// registration, one handler that matches on the value.
    ///
    /// A method none of a path's variants takes is answered by axum's router, `405 Method
    /// Not Allowed` with an `Allow` header (RFC 9110 §15.5.6), before the handler; a method
    /// another variant on the same path takes, but not the one the URL's query picks, by the
    /// handler's [`Typed`](crate::Typed), the same way. A `GET` route also takes `HEAD`, as
    /// axum's `get` does (RFC 9110 §9.3.2).
    ///
    /// # Panics
    /// As [`typed_route`](Self::typed_route).
    ///
    /// # Examples
    /// ```
    /// use axum::body::Body;
    /// use axum::http::header::ALLOW;
    /// use axum::http::{Request, StatusCode};
    /// use axum::Router;
    /// use tower::ServiceExt;
    /// use urlkit::Route;
    /// use urlkit_axum::{RouterExt, Typed};
    ///
    /// #[derive(Route, Debug)]
    /// enum Site {
    ///     /// The form.
    ///     #[route(get, "/login")]
    ///     LoginForm,
    ///     /// The form's target.
    ///     #[route(post, "/login{?next}")]
    ///     Login { next: Option<String> },
    /// }
    ///
    /// async fn site(Typed(route): Typed<Site>) -> String {
    ///     match route {
    ///         Site::LoginForm => "<form method=post>".to_owned(),
    ///         Site::Login { next } => format!("welcome, then {}", next.as_deref().unwrap_or("/")),
    ///     }
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// let app: Router = Router::new().typed_handler::<Site, _>(site);
    /// let request = |method: &str| Request::builder().method(method).uri("/login").body(Body::empty()).unwrap();
    /// let response = app.clone().oneshot(request("POST")).await.unwrap();
    /// assert_eq!(response.status(), StatusCode::OK);
    /// let response = app.oneshot(request("DELETE")).await.unwrap();
    /// assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    /// assert_eq!(response.headers()[ALLOW], "GET,HEAD,POST");
    /// # });
    /// ```
    #[track_caller]
    #[must_use]
    fn typed_handler<R: Route, T: 'static>(self, handler: impl Handler<T, S>) -> Self;
}

impl<S: Clone + Send + Sync + 'static> RouterExt<S> for Router<S> {
    #[track_caller]
    fn typed_route<R: Route>(self, method_router: MethodRouter<S>) -> Self {
        let paths = match paths::<R>() {
            Ok(paths) => paths,
            Err(e) => panic!("{e}"),
        };
        paths.iter().fold(self, |router, path| {
            router.route(path, method_router.clone())
        })
    }

    #[track_caller]
    fn typed_handler<R: Route, T: 'static>(self, handler: impl Handler<T, S>) -> Self {
        let paths = match paths_with_methods::<R>() {
            Ok(paths) => paths,
            Err(e) => panic!("{e}"),
        };
        paths.iter().fold(self, |router, (path, methods)| {
            let filter =
                methods.and_then(|methods| methods.iter().map(filter).reduce(MethodFilter::or));
            let method_router = match filter {
                Some(filter) => on(filter, handler.clone()),
                // Where a variant declares no method (a set cannot be empty otherwise).
                None => any(handler.clone()),
            };
            router.route(path, method_router)
        })
    }
}

/// axum's filter for a method.
fn filter(method: Method) -> MethodFilter {
    match method {
        Method::Get => MethodFilter::GET,
        Method::Head => MethodFilter::HEAD,
        Method::Post => MethodFilter::POST,
        Method::Put => MethodFilter::PUT,
        Method::Delete => MethodFilter::DELETE,
        Method::Patch => MethodFilter::PATCH,
        Method::Options => MethodFilter::OPTIONS,
        Method::Trace => MethodFilter::TRACE,
    }
}

mod sealed {
    pub trait Sealed {}
    impl<S> Sealed for axum::Router<S> {}
}
