//! [`Vars`]: where a [`Template`](super::Template) finds the values of its variables.

use alloc::collections::BTreeMap;
use core::borrow::Borrow;
use core::fmt;

use crate::value::Expansion;
use crate::value::Value;

/// Where a [`Template`](super::Template) finds the values of its variables: the small trait
/// every variable source implements.
///
/// urlkit implements it for
/// - `BTreeMap<K, V>` and `HashMap<K, V, S>` (with the `std` feature) whose keys borrow as
///   `str` and whose values are [`Value`]s: `BTreeMap<&str, &str>`, `HashMap<String, Vec<u32>>`;
/// - closures, through [`vars_fn`];
/// - `()`, which defines no variable;
/// - `Serde``(&x)` of a `Serialize` struct or map, with the `serde` feature;
/// - `serde_json::Map<String, serde_json::Value>` and `serde_json::Value` (an object), with
///   the `serde_json` feature;
/// - references to any of these.
///
/// Implement it for your own type (a struct of settings, a request context) by handing the
/// value of `name` to the expansion with [`Value::expand`]; do nothing for a variable you do
/// not define. The template asks once for each variable of each expression, in template order.
///
/// # Examples
/// ```
/// use urlkit::template::Vars;
/// use urlkit::value::{Expansion, Value};
///
/// struct Repo<'a> {
///     owner: &'a str,
///     name: &'a str,
///     page: Option<u32>,
/// }
///
/// impl Vars for Repo<'_> {
///     fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
///         match name {
///             "owner" => self.owner.expand(e),
///             "repo" => self.name.expand(e),
///             "page" => self.page.expand(e),
///             _ => {} // undefined: expands to nothing
///         }
///     }
/// }
///
/// let t = urlkit::Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{?page}")?;
/// let repo = Repo { owner: "rust-lang", name: "rust", page: Some(2) };
/// assert_eq!(t.expand(&repo)?, "https://api.github.com/repos/rust-lang/rust/issues?page=2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Vars {
    /// Expands the value of `name` into `e` (with [`Value::expand`]); does nothing when the
    /// variable is undefined.
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeMap;
    /// use urlkit::template::Vars;
    /// use urlkit::value::{Expansion, Value};
    ///
    /// /// Every variable defined by `first`, else by `second`.
    /// struct Layered<A, B>(A, B);
    ///
    /// impl<A: Vars, B: Vars> Vars for Layered<A, B> {
    ///     fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
    ///         self.0.expand_var(name, e);
    ///         if !e.is_defined() {
    ///             self.1.expand_var(name, e);
    ///         }
    ///     }
    /// }
    ///
    /// let defaults = BTreeMap::from([("page", "1"), ("sort", "new")]);
    /// let given = BTreeMap::from([("page", "7")]);
    /// let t = urlkit::Template::parse("/list{?page,sort}")?;
    /// assert_eq!(t.expand(&Layered(given, defaults))?, "/list?page=7&sort=new");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>);
}

impl<K: Borrow<str> + Ord, V: Value> Vars for BTreeMap<K, V> {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.get(name) {
            value.expand(e);
        }
    }
}

#[cfg(feature = "std")]
impl<K, V, S> Vars for std::collections::HashMap<K, V, S>
where
    K: Borrow<str> + core::hash::Hash + Eq,
    V: Value,
    S: core::hash::BuildHasher,
{
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.get(name) {
            value.expand(e);
        }
    }
}

/// No variables: every variable is undefined. For a template without variables, which then
/// expands to its text: `t.expand(&())`.
///
/// # Examples
/// ```
/// let t = urlkit::Template::parse("https://example.com/health{?verbose}")?;
/// assert_eq!(t.expand(&())?, "https://example.com/health");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Vars for () {
    fn expand_var(&self, _name: &str, _e: &mut Expansion<'_, '_>) {}
}

impl<T: Vars + ?Sized> Vars for &T {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        (**self).expand_var(name, e);
    }
}

/// Variables from a closure: `vars_fn(|name| ...)` returns the value of `name`, or `None`
/// when it is undefined.
///
/// The closure returns one [`Value`] type; for variables of different types return
/// `&dyn Value` (or `Box<dyn Value>`). (A closure cannot implement [`Vars`] directly: that
/// impl would overlap with the map impls under Rust's coherence rules.)
///
/// # Examples
/// ```
/// use urlkit::template::vars_fn;
/// use urlkit::value::Value;
///
/// let t = urlkit::Template::parse("/users/{id}/posts{?tag*,page}")?;
/// let (id, tags, page) = (42_u64, ["rust", "url"], None::<u32>);
/// let vars = vars_fn(|name| -> Option<&dyn Value> {
///     match name {
///         "id" => Some(&id),
///         "tag" => Some(&tags),
///         "page" => Some(&page),
///         _ => None,
///     }
/// });
/// assert_eq!(t.expand(&vars)?, "/users/42/posts?tag=rust&tag=url");
///
/// // Values computed on demand, e.g. read from the environment or a settings store.
/// let upper = vars_fn(|name: &str| Some(name.to_uppercase()));
/// assert_eq!(t.expand(&upper)?, "/users/ID/posts?tag=TAG&page=PAGE");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn vars_fn<F, V>(f: F) -> VarsFn<F>
where
    F: Fn(&str) -> Option<V>,
    V: Value,
{
    VarsFn(f)
}

/// The [`Vars`] made by [`vars_fn`] from a closure.
///
/// # Examples
/// ```
/// let vars: urlkit::template::VarsFn<_> = urlkit::template::vars_fn(|_| Some("x"));
/// assert_eq!(urlkit::Template::parse("/{a}/{b}")?.expand(&vars)?, "/x/x");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct VarsFn<F>(F);

impl<F, V> Vars for VarsFn<F>
where
    F: Fn(&str) -> Option<V>,
    V: Value,
{
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = (self.0)(name) {
            value.expand(e);
        }
    }
}

impl<F> fmt::Debug for VarsFn<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VarsFn(..)")
    }
}
