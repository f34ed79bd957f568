//! Typed routes: a URL template bound to a Rust type, which builds URLs from values and parses
//! URLs back into values. See [`Route`](trait@crate::Route) and `#[derive(Route)]`.
//!
//! This module holds what parsing needs: [`FromParam`] (how a value becomes a field),
//! [`Params`] (the values a URL gives a placeholder) and the errors.

mod error;
pub(crate) mod matcher;
mod param;
mod params;
pub(crate) mod target;

use crate::error::Error;
#[cfg(doc)]
use crate::error::ErrorKind;
use crate::url::Url;
use crate::writer::Writer;

pub use error::{ParamError, RouteError, RouteErrorKind};
pub use param::{FromParam, RouteField};
pub use params::Params;

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

    /// The template this value builds with (its variant's, for an enum).
    fn template(&self) -> &'static str;

    /// Builds the URL: the path and query the template gives, with each field encoded for
    /// where it goes; byte for byte what `url!` gives with the same template and values.
    ///
    /// # Errors
    /// When a value cannot be placed without changing the URL's shape: a path segment that
    /// would be empty, `.` or `..`, and the like. For an enum, [`ErrorKind::ParsesAs`] when the
    /// URL would parse as another variant, tried before this one, so that
    /// `from_url(to_url(v)?)` is always `v`.
    fn to_url(&self) -> Result<Url, Error>;

    /// Builds the URL on `base`, as `url!(base, TEMPLATE, …)` does (the same join): the
    /// base's path is kept and the join has exactly one `/` (`https://api.example.com/v1`
    /// and `/users/7` make `https://api.example.com/v1/users/7`).
    ///
    /// # Errors
    /// As [`to_url`](Self::to_url), and [`ErrorKind::BaseHasQueryOrFragment`] when the base
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
    fn to_url_on(&self, base: &Url) -> Result<Url, Error> {
        // The route's URL starts with `/`, so it is the relative part of `url!(base, ...)`
        // whole: the same `Writer` join, then its text.
        let relative = self.to_url()?;
        let mut w = Writer::with_base(base, true, relative.as_str().len());
        w.text(relative.as_str());
        w.finish()
    }

    /// Parses a path and query (`/users/7?page=2`) or a full URL (whose scheme and authority
    /// are then ignored; so is a fragment) into a value.
    ///
    /// # Errors
    /// A [`RouteError`] that names the route, the field when there is one, and the reason.
    fn from_url(url: &str) -> Result<Self, RouteError>;

    /// Parses a URL built with [`to_url_on`](Self::to_url_on): it must start with `base`
    /// (exactly as written, the base's final `/` optional), and the rest is parsed as
    /// [`from_url`](Self::from_url) does.
    ///
    /// # Errors
    /// [`RouteErrorKind::NoMatch`] if `url` does not start with `base`; otherwise as
    /// [`from_url`](Self::from_url).
    ///
    /// # Examples
    /// ```
    /// use urlkit::{url, Route, Url};
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_url_on(base: &Url, url: &str) -> Result<Self, RouteError> {
        let base = base.as_str();
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
