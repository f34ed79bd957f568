//! URLs correct by construction.
//!
//! - [`url!`]: URL literals checked and pre-encoded at compile time, usable in `const`.
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
//! workspace. The `std` feature (on by default) adds implementations for `std` types.

#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod decode;
pub mod encode;
mod error;
mod expand;
pub mod template;
mod url;

pub use crate::error::{Error, ErrorKind};
pub use crate::expand::value::Fmt;
pub use crate::template::{Template, TemplateError};
pub use crate::url::{ParseError, PathSegments, Url};

/// The values a placeholder takes (RFC 6570 §2.3), and how to make your own types fit.
pub mod value {
    pub use crate::expand::Expansion;
    pub use crate::expand::placeholder::{Base, NamedArgument, Placeholder, Port, Prefixed};
    pub use crate::expand::value::{Fmt, List, ListItem, Scalar, Value};
}

/// What generated code calls; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::expand::{Context, Modifier, Operator, Writer};
}

/// A URL literal, checked and pre-encoded at compile time: `url!("https://example.com/")`
/// is a [`Url`] that costs nothing at run time.
///
/// The literal must be a URI reference in the strict grammar [`Url::parse`] uses (RFC 3986):
/// an absolute URL or any relative reference. The result is a constant expression, so it can
/// initialize a `const` or a `static`; nothing is parsed or allocated at run time.
///
/// ```
/// use urlkit::{url, Url};
///
/// const API: Url = url!("https://api.example.com/v1/");
/// static HOME: Url = url!("/");
///
/// assert_eq!(API.as_str(), "https://api.example.com/v1/");
/// assert_eq!(HOME.path(), "/");
/// // Every kind of relative reference is a `Url` too.
/// for relative in [url!("/path"), url!("path"), url!("?q"), url!("#f"), url!("//host/path")] {
///     assert_eq!(Url::parse(relative.as_str()), Ok(relative.clone()));
/// }
/// ```
///
/// # Pre-encoding
///
/// Characters that RFC 3987 allows in an IRI (letters of every script, symbols, emoji) may be
/// written as they are; `url!` writes them as UTF-8 percent-triplets with uppercase hex, as
/// [`Url::parse_iri`] does. Triplets already written are kept, with lowercase hex uppercased
/// (RFC 3986 §6.2.2.1). Nothing else changes.
///
/// ```
/// use urlkit::url;
///
/// assert_eq!(url!("https://example.com/café?q=ä"), "https://example.com/caf%C3%A9?q=%C3%A4");
/// assert_eq!(url!("/%e2%82%ac/円"), "/%E2%82%AC/%E5%86%86");
/// ```
///
/// A host must be ASCII: write a non-ASCII domain in its punycode form (`xn--…`); the error
/// message computes it for you.
///
/// # Rejected at compile time
///
/// Everything [`Url::parse`] rejects, each with its own message that names the character,
/// the component and the fix, and shows where under the literal:
///
/// - characters that must be percent-encoded: space, controls, `"` `<` `>` `\` `^` `` ` ``
///   `|`, a `{` or `}` outside a placeholder, non-ASCII characters outside RFC 3987's ranges,
///   invisible ones (no-break space, zero-width space, bidi controls), and whitespace pasted
///   at either end;
/// - `%` without two hex digits, and `%uXXXX` (the message shows the UTF-8 form);
/// - a second `#`, `[` or `]` outside an IPv6 host;
/// - a bad scheme, an `http(s)`/`ws(s)`/`ftp`/`file` URL without `//`, an empty host where the
///   scheme needs one, a port that is not digits or is over 65535, a malformed or unbracketed
///   IPv6 address, a host WHATWG parsers would read as an IPv4 number (`0x7f.1`);
/// - a relative path whose first segment holds `:` (it would read as a scheme);
/// - a host typed without its scheme: `https//example.com` and `www.example.com/a` would be
///   relative paths, `localhost:8080` the scheme `localhost` (write `./www...` if you really
///   mean such a path);
/// - `.` and `..` segments that every parser removes (the message shows the resolved path);
///   a relative reference may still begin with `./` or `../`.
///
/// ```compile_fail
/// let url = urlkit::url!("https://example.com/a b");
/// ```
///
/// ```text
/// error: invalid character ` ` in the URL path; write `%20`
///        https://example.com/a b
///                             ^
/// ```
///
/// All problems of one literal are reported in one compile, and the macro still expands to a
/// `Url`, so no second error appears where the result is used.
///
/// Placeholders (`{name}`) are reserved for URL templates, which are not supported yet: a
/// literal containing one is an error; write `%7B` and `%7D` for literal braces.
///
/// # Input
///
/// A string literal or a raw string literal (`r"…"`). Escapes are resolved
/// first: `"\u{e9}"` is `é`. The message shows the literal's value, with control and
/// invisible characters written as Rust escapes (`\t`, `\u{a0}`) so the carets line up. For
/// a string known only at run time, use [`Url::parse`].
pub use urlkit_macros::url;
