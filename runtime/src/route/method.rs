//! [`Method`] and [`Methods`]: the HTTP methods a route declares with
//! `#[route(post, "...")]`, without a dependency on the `http` crate.

use core::fmt;

/// An HTTP request method a route can declare: the methods RFC 9110 §9.3 defines, but
/// `CONNECT` (whose target is an authority, not a path), and `PATCH` (RFC 5789).
///
/// `#[route(get, post, "/x")]` names them in lowercase, as attribute words;
/// [`as_str`](Self::as_str) and [`Display`](fmt::Display) give the method's token as HTTP
/// writes it (uppercase). With the `http` feature, it converts to and from `http::Method`.
///
/// # Examples
/// ```
/// use urlkit::route::Method;
///
/// assert_eq!(Method::Post.as_str(), "POST");
/// assert_eq!(Method::from_token("PATCH"), Some(Method::Patch));
/// // Method tokens are case-sensitive (RFC 9110 §9.1).
/// assert_eq!(Method::from_token("get"), None);
/// assert_eq!("DELETE".parse::<Method>(), Ok(Method::Delete));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Method {
    /// `GET` (RFC 9110 §9.3.1).
    Get,
    /// `HEAD` (RFC 9110 §9.3.2).
    Head,
    /// `POST` (RFC 9110 §9.3.3).
    Post,
    /// `PUT` (RFC 9110 §9.3.4).
    Put,
    /// `DELETE` (RFC 9110 §9.3.5).
    Delete,
    /// `PATCH` (RFC 5789).
    Patch,
    /// `OPTIONS` (RFC 9110 §9.3.7).
    Options,
    /// `TRACE` (RFC 9110 §9.3.8).
    Trace,
}

impl Method {
    /// Every method, in the order `#[route(...)]` lists the words in its errors.
    pub const ALL: [Method; 8] = [
        Method::Get,
        Method::Head,
        Method::Post,
        Method::Put,
        Method::Delete,
        Method::Patch,
        Method::Options,
        Method::Trace,
    ];

    /// The method's token as a request line writes it: `GET`, `POST`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
            Method::Patch => "PATCH",
            Method::Options => "OPTIONS",
            Method::Trace => "TRACE",
        }
    }

    /// The method whose token is `token`, compared case-sensitively as RFC 9110 §9.1 says;
    /// `None` for any other method (`CONNECT`, `PROPFIND`, `get`).
    #[must_use]
    pub fn from_token(token: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.as_str() == token)
    }

    /// Its bit in a [`Methods`].
    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of `str::parse::<Method>` for a token that is none of [`Method::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownMethod;

impl fmt::Display for UnknownMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a method a route can declare (GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS or TRACE)")
    }
}

impl core::error::Error for UnknownMethod {}

impl core::str::FromStr for Method {
    type Err = UnknownMethod;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Method::from_token(s).ok_or(UnknownMethod)
    }
}

/// A set of [`Method`]s: the methods a URL's routes allow, which
/// [`RouteErrorKind::MethodNotAllowed`](super::RouteErrorKind::MethodNotAllowed) carries.
///
/// [`Display`](fmt::Display) writes them as an `Allow` header's value (RFC 9110 §10.2.1):
/// the tokens in the order of [`Method::ALL`], separated by `, `.
///
/// # Examples
/// ```
/// use urlkit::route::{Method, Methods};
///
/// let allowed = Methods::EMPTY.with(Method::Post).with(Method::Get);
/// assert!(allowed.contains(Method::Get));
/// assert!(!allowed.contains(Method::Put));
/// assert_eq!(allowed.iter().collect::<Vec<_>>(), [Method::Get, Method::Post]);
/// assert_eq!(allowed.to_string(), "GET, POST");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Methods(u16);

impl Methods {
    /// No method.
    pub const EMPTY: Methods = Methods(0);

    /// The set with `method` added.
    #[must_use]
    pub const fn with(self, method: Method) -> Methods {
        Methods(self.0 | method.bit())
    }

    /// The methods of `methods`.
    #[must_use]
    pub const fn of(methods: &[Method]) -> Methods {
        let mut set = Methods::EMPTY;
        let mut i = 0;
        while i < methods.len() {
            set = set.with(methods[i]);
            i += 1;
        }
        set
    }

    /// Whether `method` is in the set.
    #[must_use]
    pub const fn contains(self, method: Method) -> bool {
        self.0 & method.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The methods in the set, in the order of [`Method::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Method> {
        Method::ALL.into_iter().filter(move |m| self.contains(*m))
    }

    /// The set whose bits (those of [`Method::ALL`]'s order) are `bits`: what the code
    /// `#[derive(Route)]` writes compares.
    pub(crate) const fn from_bits(bits: u16) -> Methods {
        Methods(bits & ((1 << Method::ALL.len()) - 1))
    }

    /// The bits.
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Methods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, method) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(method.as_str())?;
        }
        Ok(())
    }
}

#[cfg(feature = "http")]
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl From<Method> for http::Method {
    /// # Examples
    /// ```
    /// use urlkit::route::Method;
    ///
    /// assert_eq!(http::Method::from(Method::Patch), http::Method::PATCH);
    /// ```
    fn from(method: Method) -> http::Method {
        match method {
            Method::Get => http::Method::GET,
            Method::Head => http::Method::HEAD,
            Method::Post => http::Method::POST,
            Method::Put => http::Method::PUT,
            Method::Delete => http::Method::DELETE,
            Method::Patch => http::Method::PATCH,
            Method::Options => http::Method::OPTIONS,
            Method::Trace => http::Method::TRACE,
        }
    }
}

#[cfg(feature = "http")]
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<&http::Method> for Method {
    type Error = UnknownMethod;

    /// # Examples
    /// ```
    /// use urlkit::route::{Method, UnknownMethod};
    ///
    /// assert_eq!(Method::try_from(&http::Method::GET), Ok(Method::Get));
    /// assert_eq!(Method::try_from(&http::Method::CONNECT), Err(UnknownMethod));
    /// ```
    fn try_from(method: &http::Method) -> Result<Method, UnknownMethod> {
        Method::from_token(method.as_str()).ok_or(UnknownMethod)
    }
}

#[cfg(feature = "http")]
#[cfg_attr(docsrs, doc(cfg(feature = "http")))]
impl TryFrom<http::Method> for Method {
    type Error = UnknownMethod;

    /// As `TryFrom<&http::Method>`.
    fn try_from(method: http::Method) -> Result<Method, UnknownMethod> {
        Method::try_from(&method)
    }
}
