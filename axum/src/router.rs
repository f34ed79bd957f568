//! [`RouterExt::typed_route`]: registering a route's paths on an axum `Router`.

use axum::Router;
use axum::routing::MethodRouter;
use urlkit::Route;

use crate::paths::paths;

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
}

mod sealed {
    pub trait Sealed {}
    impl<S> Sealed for axum::Router<S> {}
}
