//! URLs correct by construction.
//!
//! - [`Url`]: one owned URL type; [`Url::parse`] checks the strict RFC 3986 grammar and says
//!   what is wrong, where, and what to write instead.
//! - [`encode`]: percent-encoding for each place a value can go, borrowing when nothing needs
//!   escaping.
//! - [`decode`]: strict percent-decoding (bad escapes, `%uXXXX` and invalid UTF-8 are errors
//!   with byte offsets), plus explicitly lossy WHATWG-style variants.
//!
//! ```
//! use urlkit::{decode, encode, Url};
//!
//! assert_eq!(encode::component("a b/c"), "a%20b%2Fc");
//! assert_eq!(decode::form("a+b%21")?, "a b!");
//! let url = Url::parse("https://example.com/caf%C3%A9")?;
//! assert_eq!(url.path_segments().next().unwrap()?, "café");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is `#![no_std]` (it needs `alloc`) and has no dependencies outside the urlkit
//! workspace by default. Features:
//! - `std` (on by default): implementations for `std` types (`HashMap` as values and
//!   variables);
//! - `serde_json` (off by default, works without `std`): JSON values as template values and
//!   JSON objects as [`Template`] variables, for templates read from API responses (see
//!   [`template::Vars`]).

#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod decode;
pub mod encode;
mod error;
mod expand;
#[cfg(feature = "serde_json")]
mod json;
pub mod template;
mod url;

pub use crate::error::{Error, ErrorKind};
pub use crate::expand::value::Fmt;
pub use crate::template::{Template, TemplateError};
pub use crate::url::{ParseError, PathSegments, Url};

/// The values a placeholder takes (RFC 6570 §2.3), and how to make your own types fit.
pub mod value {
    pub use crate::expand::Expansion;
    pub use crate::expand::value::{Fmt, List, ListItem, Scalar, Value};
}

/// What generated code calls; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::expand::{Context, Modifier, Operator, Writer};
}
