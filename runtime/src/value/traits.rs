//! What can fill a placeholder: RFC 6570's value types (§2.3) as Rust traits.
//!
//! A [`Value`] is undefined (writes nothing), a string, a list or an associative array (a
//! map); a [`Scalar`] is one string. Which Rust types are which is listed once, in the
//! `value` module's documentation (`value/mod.rs`).
#![allow(
    clippy::inline_always,
    reason = "the common values' methods inline into `url!`'s code, where the expansion's operator and context are constants; with `#[inline]` `<str as Scalar>::write` can stay a call, keeping the expansion in memory and its constant dispatch at run time"
)]

use core::fmt;

use super::Expansion;

/// A value that can fill a URL template placeholder (RFC 6570 §2.3).
///
/// Implement it for your own types by calling one of [`Expansion::scalar`],
/// [`Expansion::list`] or [`Expansion::map`], or nothing for an undefined value; or wrap a
/// `Display` type in [`Fmt`].
///
/// # Examples
/// ```
/// use urlkit::value::{Expansion, Value};
///
/// struct Tags(Vec<&'static str>);
///
/// impl Value for Tags {
///     fn expand(&self, e: &mut Expansion<'_, '_>) {
///         e.list(self.0.iter());
///     }
/// }
///
/// let t = urlkit::Template::parse("/posts{?tag*}")?;
/// let vars = std::collections::BTreeMap::from([("tag", Tags(vec!["rust", "url"]))]);
/// assert_eq!(t.expand(&vars)?.as_str(), "/posts?tag=rust&tag=url");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill a URL placeholder",
    label = "this value goes into the URL",
    note = "a placeholder takes strings, chars, integers, floats, bools, `Option` of those, slices/arrays/`Vec`s of them (lists), maps and slices of pairs (associative arrays), or `&[u8]` (octets)",
    note = "for any type that implements `Display`, wrap the value: `urlkit::Fmt(value)`"
)]
pub trait Value {
    /// Hands the value to the expansion: call [`Expansion::scalar`], [`Expansion::list`],
    /// [`Expansion::map`], or nothing if the value is undefined.
    fn expand(&self, e: &mut Expansion<'_, '_>);

    /// An estimate of the bytes the value takes once encoded, for sizing the output up front.
    ///
    /// Only the speed depends on it: a wrong hint costs a reallocation or unused room, never
    /// a different URL. `url!` counts at most 64 KiB of any one value's hint.
    fn size_hint(&self) -> usize {
        16
    }
}

/// A single string-like value: it writes its text with [`Expansion::push_str`] (or
/// [`Expansion::push_bytes`], [`Expansion::push_fmt`]), and the expansion encodes it.
///
/// # Examples
/// ```
/// use urlkit::value::{Expansion, Scalar, Value};
///
/// struct UserId(u64);
///
/// impl Scalar for UserId {
///     fn write(&self, e: &mut Expansion<'_, '_>) {
///         e.push_fmt(format_args!("u-{}", self.0));
///     }
/// }
/// impl Value for UserId {
///     fn expand(&self, e: &mut Expansion<'_, '_>) {
///         e.scalar(self);
///     }
/// }
///
/// let t = urlkit::Template::parse("/users/{id}")?;
/// let vars = std::collections::BTreeMap::from([("id", UserId(7))]);
/// assert_eq!(t.expand(&vars)?.as_str(), "/users/u-7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be one item of a URL list or map",
    label = "list items and map keys and values must be strings, chars, numbers or bools",
    note = "for any type that implements `Display`, wrap the item: `urlkit::Fmt(item)`"
)]
pub trait Scalar {
    /// Writes the value's text; the expansion encodes it for where it goes.
    fn write(&self, e: &mut Expansion<'_, '_>);

    /// [`write`](Self::write) where the text is unreserved and has no prefix (`{x}`,
    /// `{/x}`, `{?x}`): urlkit's strings encode a short text in line there
    /// (`writer/unreserved.rs`). The same text as `write`.
    #[doc(hidden)]
    #[inline(always)]
    fn write_unreserved(&self, e: &mut Expansion<'_, '_>) {
        e.know_unreserved();
        self.write(e);
    }

    /// The text that [`write_unreserved`](Self::write_unreserved) encodes, when the value
    /// is a string: an exploded map in a query writes a pair of these at once
    /// (`writer/items.rs`). `None` for any other value, which writes itself.
    #[doc(hidden)]
    #[inline(always)]
    fn unreserved_text(&self) -> Option<&str> {
        None
    }

    /// An estimate of the text's length in bytes.
    fn size_hint(&self) -> usize {
        16
    }
}

/// A `Scalar` that may stand in a list (every scalar but `u8`, so that `[u8]` can be octets).
#[doc(hidden)]
pub trait ListItem: Scalar {}

/// Uses a value's `Display` text: `urlkit::Fmt(uuid)`, `urlkit::Fmt(ip)`.
///
/// The text is encoded as it is formatted, without an intermediate `String`.
///
/// # Examples
/// ```
/// use std::net::Ipv4Addr;
///
/// let t = urlkit::Template::parse("/hosts/{ip}")?;
/// let vars = std::collections::BTreeMap::from([("ip", urlkit::Fmt(Ipv4Addr::LOCALHOST))]);
/// assert_eq!(t.expand(&vars)?.as_str(), "/hosts/127.0.0.1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fmt<T>(pub T);

impl<T: fmt::Display> Scalar for Fmt<T> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_fmt(format_args!("{}", self.0));
    }
}
impl<T: fmt::Display> ListItem for Fmt<T> {}
#[diagnostic::do_not_recommend]
impl<T: fmt::Display> Value for Fmt<T> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self);
    }
}

/// Uses a cloneable iterator as a list: `urlkit::value::List(ids.iter().map(|id| id + 1))`.
///
/// # Examples
/// ```
/// use urlkit::value::List;
///
/// let t = urlkit::Template::parse("/sum{?n*}")?;
/// let vars = std::collections::BTreeMap::from([("n", List((1..=3).map(|n| n * 10)))]);
/// assert_eq!(t.expand(&vars)?.as_str(), "/sum?n=10&n=20&n=30");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct List<I>(pub I);

#[diagnostic::do_not_recommend]
impl<I> Value for List<I>
where
    I: Iterator + Clone,
    I::Item: ListItem,
{
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.list(self.0.clone());
    }
}
