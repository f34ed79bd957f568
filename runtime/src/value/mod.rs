//! The values a placeholder takes (RFC 6570 §2.3), and how to make your own types fit.
//!
//! [`Value`] is what a placeholder accepts; [`Scalar`] and [`ListItem`] are its single
//! values; [`Fmt`] and [`List`] wrap a `Display` type and an iterator. [`Placeholder`],
//! [`Prefixed`], [`Port`], [`NamedArgument`] and [`Base`] are the bounds `url!` checks at each
//! kind of placeholder, so a type error names the placeholder; [`Expansion`] is what a value
//! writes itself into.
//!
//! A [`Url`](crate::Url) is a value (its text, encoded like any other); with the `serde`
//! feature, so is any `Serialize` value wrapped in `urlkit::Serde`.

mod expansion;
mod placeholder;
mod text;
mod traits;

pub use self::expansion::Expansion;
pub use self::placeholder::{Base, NamedArgument, Placeholder, Port, Prefixed};
pub use self::traits::{Fmt, List, ListItem, Scalar, Value};
