//! What `url!` requires of the value of each placeholder (traits that name the placeholder)
//! and of the base of a join ([`Base`]).
//!
//! `url!` cannot see types, so it lets rustc check them: for each variable it emits a call
//! through one of these traits, spanned on the user's value. `N` is a marker type the macro
//! declares with the placeholder's name, so that the error says which placeholder a value
//! was meant for even when the value is captured from scope and the error can only point at
//! the whole literal. Each trait has one blanket impl over the bound a value needs there
//! ([`Value`], [`SingleValue`] or [`PortText`]): rustc's error then speaks of the placeholder
//! (the message is the trait's own where the value's type is the one that lacks the bound),
//! and for a generic value, says which bound to add (`T: urlkit::value::Value`), a fix that
//! compiles.
#![allow(
    clippy::inline_always,
    reason = "the methods are one call each, in line in every build so that rustc's work for each placeholder stays that one call"
)]

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;

use super::Expansion;
use super::traits::{Fmt, Scalar, Value};
use crate::error::ExpandError;
use crate::url::Url;
use crate::writer::{Modifier, Spot, Writer};

/// The most a value's size hint counts for when `url!` sizes a URL (64 KiB): a hint is an
/// estimate a user's `Value` can get wrong, and a larger value only makes the URL grow.
const HINT_LIMIT: usize = 1 << 16;

/// The methods of every trait here: generated code fills and sizes a value through the trait
/// it checks the value against, so that a wrong type is one error, not one per use. Each is
/// one call into code generic over the value's type alone (`Writer::expand_one`,
/// [`Expansion::var_at`], [`capped_hint`]): what the trait's parameter adds to a crate's
/// code is these one-line bodies, once per placeholder, and a crate's templates share one
/// copy of the rest for each type of value they fill.
macro_rules! methods {
    () => {
        /// Expands the value as the variable `name` with `modifier`, one of several in the
        /// expression `e` at `spot`.
        #[doc(hidden)]
        fn fill<'n>(
            &self,
            e: &mut Expansion<'_, 'n>,
            spot: Spot,
            name: &'n str,
            modifier: Modifier,
        );

        /// An estimate of the encoded value's length, for sizing the URL up front.
        #[doc(hidden)]
        fn hint(&self) -> usize;

        /// Expands the expression at `spot`, of this one variable, which has no modifier:
        /// generated code is then one statement a placeholder
        /// (`Placeholder::<id>::fill_alone(v, &mut w, Spot::Segment, "id")`).
        #[doc(hidden)]
        fn fill_alone<'n>(&self, w: &mut Writer<'n>, spot: Spot, name: &'n str);

        /// [`fill_alone`](Self::fill_alone) for a variable with a modifier.
        #[doc(hidden)]
        fn fill_alone_modified<'n>(
            &self,
            w: &mut Writer<'n>,
            spot: Spot,
            name: &'n str,
            modifier: Modifier,
        );

        /// Expands the pair `key={name}` written by hand in a query (`{+name}` when
        /// `reserved`).
        #[doc(hidden)]
        fn fill_pair<'n>(
            &self,
            w: &mut Writer<'n>,
            key: &'n str,
            reserved: bool,
            name: &'n str,
            modifier: Modifier,
        );
    };
}

/// [`methods!`] for a [`Value`].
macro_rules! by_value {
    () => {
        #[inline(always)]
        fn fill<'n>(
            &self,
            e: &mut Expansion<'_, 'n>,
            spot: Spot,
            name: &'n str,
            modifier: Modifier,
        ) {
            e.var_at(spot, name, modifier, self);
        }

        #[inline(always)]
        fn hint(&self) -> usize {
            capped_hint(self)
        }

        #[inline(always)]
        fn fill_alone<'n>(&self, w: &mut Writer<'n>, spot: Spot, name: &'n str) {
            w.expand_one(spot, name, Modifier::None, self);
        }

        #[inline(always)]
        fn fill_alone_modified<'n>(
            &self,
            w: &mut Writer<'n>,
            spot: Spot,
            name: &'n str,
            modifier: Modifier,
        ) {
            w.expand_one(spot, name, modifier, self);
        }

        #[inline(always)]
        fn fill_pair<'n>(
            &self,
            w: &mut Writer<'n>,
            key: &'n str,
            reserved: bool,
            name: &'n str,
            modifier: Modifier,
        ) {
            w.expand_pair(key, reserved, name, modifier, self);
        }
    };
}

// A route's fields are written through `route::RouteField`, which has these methods too.
pub(crate) use {by_value, methods};

/// A value's size hint, capped at [`HINT_LIMIT`]: `url!` adds the hints to its text's
/// length with `+`, and capped they cannot overflow (a panic in a debug build) nor ask the
/// allocator for more than it has.
#[inline]
pub(crate) fn capped_hint<T: Value + ?Sized>(value: &T) -> usize {
    Value::size_hint(value).min(HINT_LIMIT)
}

/// A value that can fill the placeholder named `N` of a `url!` template: every [`Value`].
///
/// `url!` checks each value against this trait so that a type error names the placeholder:
///
/// ```text
/// error[E0277]: `Vec<Vec<u8>>` cannot fill the URL placeholder `ids`
/// ```
///
/// You never implement it: implement [`Value`] (or wrap a `Display` type in
/// [`Fmt`]).
///
/// # Examples
/// ```
/// let ids = [1, 2, 3];
/// assert_eq!(urlkit::url!("/items{?ids}")?, "/items?ids=1,2,3");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill the URL placeholder `{N}`",
    label = "this value goes into `{N}`",
    note = "a placeholder takes strings, chars, integers, floats, bools, `Option` of those, slices/arrays/`Vec`s of them (lists), maps and slices of pairs (associative arrays), or `&[u8]` (octets)",
    note = "for any type that implements `Display`, wrap the value: `urlkit::Fmt(value)`"
)]
pub trait Placeholder<N> {
    methods!();
}

impl<N, T: Value + ?Sized> Placeholder<N> for T {
    by_value!();
}

/// One value that is a single string, number or the like: every [`Scalar`] that is also a
/// [`Value`]. What a placeholder with a prefix modifier (`{name:3}`) takes, besides an
/// `Option` of one: a bound `T: SingleValue` lets a generic value fill one.
///
/// You never implement it: implement [`Scalar`] and [`Value`].
///
/// # Examples
/// ```
/// use urlkit::value::SingleValue;
///
/// fn initial<T: SingleValue>(name: T) -> Result<urlkit::Url, urlkit::ExpandError> {
///     urlkit::url!("/initial/{name:1}")
/// }
/// assert_eq!(initial("Ferris")?, "/initial/F");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
pub trait SingleValue: Scalar + Value {}

// Not recommended, so that an error asks for this one bound rather than for each of its two.
#[diagnostic::do_not_recommend]
impl<T: Scalar + Value + ?Sized> SingleValue for T {}

/// Implements a trait of single values: every [`SingleValue`], and `Option`s of them. Each
/// trait carries its own methods (rather than extending [`Placeholder`]) so that the generated
/// code checks one trait per variable and a wrong type is one error.
macro_rules! single {
    ($trait:ident) => {
        impl<N, T: SingleValue + ?Sized> $trait<N> for T {
            by_value!();
        }

        #[diagnostic::do_not_recommend]
        impl<N, T: SingleValue> $trait<N> for Option<T> {
            by_value!();
        }
    };
}

/// A value that can fill the placeholder `N` of a `url!` template when it has a prefix
/// modifier (`{name:3}`): a single value ([`Scalar`]), or an `Option` of one. A prefix
/// takes the first characters of a string, so RFC 6570 (§2.4.1) does not allow it on lists
/// and maps.
///
/// Implemented for every type that is both [`Scalar`] and [`Value`], and `Option`s of them.
///
/// # Examples
/// ```
/// let name = "Ferris";
/// assert_eq!(urlkit::url!("/initial/{name:1}")?, "/initial/F");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
///
/// ```compile_fail
/// let tags = ["a", "b"];
/// let _ = urlkit::url!("/t/{tags:1}"); // a prefix on a list
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill `{N}`, which has a prefix modifier",
    label = "this value goes into `{N}`",
    note = "a prefix `:N` keeps the first N characters of a string; it applies to strings, chars, numbers and bools (or an `Option` of one), not to lists or maps"
)]
pub trait Prefixed<N> {
    methods!();
}

single!(Prefixed);

/// A value that can fill the placeholder `N` that is the port of a `url!` template
/// (`https://example.com:{port}/`): a single value ([`Scalar`]), or an `Option` of one
/// (`None` leaves out the port and its `:`).
///
/// `u8` and `u16` values always make a valid port. Any other value is checked when the URL
/// is built: it must be an integer from 0 to 65535, or the template returns
/// [`ExpandErrorKind::InvalidPort`](crate::ExpandErrorKind::InvalidPort).
///
/// # Examples
/// ```
/// let port: u16 = 8080;
/// assert_eq!(urlkit::url!("http://localhost:{port}/")?, "http://localhost:8080/");
/// let port = "99999"; // text is checked when the URL is built
/// assert_eq!(urlkit::url!("http://localhost:{port}/").unwrap_err().kind(), &urlkit::ExpandErrorKind::InvalidPort);
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the port of the URL",
    label = "this value goes into the port",
    note = "a port takes one integer from 0 to 65535 (`u16`, or another integer or text checked when the URL is built), or an `Option` of one",
    note = "for a type of your own that implements `Display`, wrap the value: `urlkit::Fmt(port)`"
)]
pub trait Port<N> {
    methods!();
}

/// What a port placeholder takes: integers, text (checked when the URL is built), a
/// `Display` type wrapped in [`Fmt`], and references and smart pointers to those. A `bool`, a
/// float, a `char` or octets can never be a port, so they are rejected when compiling rather
/// than when building. A bound `T: PortText` lets a generic value be a port.
///
/// Sealed: [`Fmt`] serves types of your own.
///
/// # Examples
/// ```
/// use urlkit::value::PortText;
///
/// fn local<T: PortText>(port: T) -> Result<urlkit::Url, urlkit::ExpandError> {
///     urlkit::url!("http://localhost:{port}/")
/// }
/// assert_eq!(local(8080u16)?, "http://localhost:8080/");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
pub trait PortText: Scalar + Value + sealed::Sealed {}

mod sealed {
    pub trait Sealed {}
}

macro_rules! port_text {
    ($($ty:ty),*) => {$(
        impl sealed::Sealed for $ty {}
        impl PortText for $ty {}
    )*};
}

port_text!(
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    str,
    String,
    Cow<'_, str>
);

impl<T: core::fmt::Display> sealed::Sealed for Fmt<T> {}
impl<T: core::fmt::Display> PortText for Fmt<T> {}

macro_rules! port_pointer {
    ($($ptr:ty),*) => {$(
        impl<T: PortText + ?Sized> sealed::Sealed for $ptr {}
        impl<T: PortText + ?Sized> PortText for $ptr {}
    )*};
}

port_pointer!(&T, Box<T>, Rc<T>, Arc<T>);

impl<N, T: PortText + ?Sized> Port<N> for T {
    by_value!();
}

#[diagnostic::do_not_recommend]
impl<N, T: PortText> Port<N> for Option<T> {
    by_value!();
}

/// A value that can fill a placeholder of a `url!` template whose name is not a Rust
/// identifier, given as a named argument with a string key (`"last.name" = value`): every
/// [`Value`]. A type error points at the value, right after its name.
///
/// You never implement it: implement [`Value`] (or wrap a `Display` type in
/// [`Fmt`]).
///
/// # Examples
/// ```
/// assert_eq!(urlkit::url!("/people{?last.name}", "last.name" = "Doe")?, "/people?last.name=Doe");
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot fill a URL placeholder",
    label = "this value goes into the URL",
    note = "a placeholder takes strings, chars, integers, floats, bools, `Option` of those, slices/arrays/`Vec`s of them (lists), maps and slices of pairs (associative arrays), or `&[u8]` (octets)",
    note = "for any type that implements `Display`, wrap the value: `urlkit::Fmt(value)`"
)]
pub trait NamedArgument {
    methods!();
}

impl<T: Value + ?Sized> NamedArgument for T {
    by_value!();
}

/// The base of `url!(base, "relative")`: a [`Url`], or a reference or smart pointer to one;
/// with the `url` feature, a `url::Url` too.
///
/// Implement it for your own type that holds a `Url` to pass it as a base directly
/// (`Ok(Cow::Borrowed(&self.url))`), or for another URL type by converting it.
///
/// # Examples
/// ```
/// use std::borrow::Cow;
/// use urlkit::{url, value::Base, Url};
///
/// let api = Url::parse("https://api.example.com/v1")?;
/// let id = 7;
/// assert_eq!(url!(api, "users/{id}")?, "https://api.example.com/v1/users/7");
/// assert_eq!(url!(&api, "users")?, "https://api.example.com/v1/users");
///
/// struct Client { root: Url }
/// impl Base for Client {
///     fn base_url(&self) -> Result<Cow<'_, Url>, urlkit::ExpandError> {
///         Ok(Cow::Borrowed(&self.root))
///     }
/// }
/// let client = Client { root: api };
/// assert_eq!(url!(client, "users/{id}")?, "https://api.example.com/v1/users/7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the base of `url!(base, \"...\")`",
    label = "this base is not a `Url`",
    note = "the base is a `Url`: a `url!` literal, or text checked at run time with `Url::parse(text)?`"
)]
pub trait Base {
    /// The base URL: borrowed when the value holds a [`Url`], converted when it is another
    /// type; or why it cannot be a base (the template then returns that error).
    fn base_url(&self) -> Result<Cow<'_, Url>, ExpandError>;
}

impl Base for Url {
    #[inline]
    fn base_url(&self) -> Result<Cow<'_, Url>, ExpandError> {
        Ok(Cow::Borrowed(self))
    }
}

macro_rules! forward_base {
    ($($ptr:ty),*) => {$(
        // Errors speak of the type written (`&str`), not of what it points to.
        #[diagnostic::do_not_recommend]
        impl<T: Base + ?Sized> Base for $ptr {
            #[inline]
            fn base_url(&self) -> Result<Cow<'_, Url>, ExpandError> {
                (**self).base_url()
            }
        }
    )*};
}

forward_base!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);
