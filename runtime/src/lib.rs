//! URLs correct by construction.
//!
//! - [`url!`]: URL literals checked and pre-encoded at compile time, usable in `const`, and
//!   RFC 6570 templates compiled to straight-line code that encodes each value for where it
//!   stands and refuses values that would change the URL's shape (see
//!   [What a value can never do](#what-a-value-can-never-do)).
//! - [`Url`]: one owned URL type; [`Url::parse`] checks the strict RFC 3986 grammar and says
//!   what is wrong, where, and what to write instead; [`Url::resolve`] resolves references
//!   (RFC 3986 §5.2) and [`Url::normalize`] gives the normal form of RFC 3986 §6.
//!   [`Url::parse_lenient`] and [`Url::resolve_lenient`] read text you cannot send back to
//!   its author (an `href`, a log line) as browsers read it, and list every change they made;
//!   [`Url::edit`] makes a new URL with a component changed, each value encoded and checked as
//!   a template placeholder in its place.
//! - [`encode`]: percent-encoding for each place a value can go, borrowing when nothing needs
//!   escaping.
//! - [`decode`]: strict percent-decoding (bad escapes, `%uXXXX` and invalid UTF-8 are errors
//!   with byte offsets), plus explicitly lossy WHATWG-style variants.
//! - [`Route`](trait@Route) and `#[derive(Route)]`: a template bound to a struct or to each
//!   variant of an enum, which builds URLs and parses them back, checked at compile time.
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
//!
//! The interop features, off by default; each works without `std` unless its crate needs
//! it:
//! - `url`: `TryFrom` both ways between [`Url`] and `url::Url` (for reqwest and every crate
//!   that takes one), and a `url::Url` as the base of `url!(base, "...")`; see the `TryFrom`
// `ConversionError` and `Serde` exist only with their features: each is a link only in the
// builds that have it, so that `cargo doc` without features has no broken link.
#![cfg_attr(
    any(feature = "url", feature = "http"),
    doc = "  implementations on [`Url`] and [`ConversionError`];"
)]
#![cfg_attr(
    not(any(feature = "url", feature = "http")),
    doc = "  implementations on [`Url`] and `ConversionError`;"
)]
//! - `http` (needs `std`, as the `http` crate does): `TryFrom` both ways between [`Url`]
//!   and `http::Uri`, in absolute form and origin form (`/path?query`);
//! - `serde`: [`Url`] and [`Template`] serialize as their text and deserialize checked as
//!   [`Url::parse`] and [`Template::parse`] check it;
#![cfg_attr(feature = "serde", doc = "  [`Serde`] makes any `Serialize` value a")]
#![cfg_attr(
    not(feature = "serde"),
    doc = "  `Serde` makes any `Serialize` value a"
)]
//!   template value, for query parameters from a struct:
//!   `url!("/search{?params*}", params = Serde(&filters))`;
//! - `idna`: non-ASCII hosts converted as browsers convert them (UTS #46, the `idna` crate
//!   the `url` crate uses), in host values of templates, in [`Url::parse_iri`] and in
//!   [`Url::parse_lenient`] (without it, a non-ASCII host is
//!   [`LenientErrorKind::IdnaRequired`]).
//!
//! A [`Url`] is a template value in every build: `url!("/login?next={next}")` writes it as
//! encoded text, the form a redirect parameter needs. To send a request, hand it to the
//! client as text (`url.as_str()`) or as its own type through the features above; the
//! repository's [`docs/http-clients.md`](https://github.com/urlkit/urlkit/blob/main/docs/http-clients.md)
//! has a tested example for reqwest, hyper and ureq.

#![doc = include_str!("guarantee.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Every `unsafe` is in `raw`, behind safe primitives; a module that needs another says so
// in `raw`, where its argument is read with the others (see `raw`'s comment).
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod decode;
pub mod encode;
mod error;
mod host;
#[cfg(any(feature = "url", feature = "http", feature = "serde", feature = "idna"))]
// The module's own `cfg` is any of four features; its items say which one each needs.
#[cfg_attr(docsrs, doc(auto_cfg = false))]
mod interop;
#[cfg(feature = "serde_json")]
mod json;
#[allow(unsafe_code, reason = "the one module with `unsafe`; see its comment")]
mod raw;
pub mod route;
mod scan;
pub mod template;
mod url;
pub mod value;
mod writer;

pub use crate::error::{ExpandError, ExpandErrorKind};
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub use crate::interop::serde::Serde;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub use crate::interop::serde::style as serde_style;
#[cfg(any(feature = "url", feature = "http"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "url", feature = "http"))))]
pub use crate::interop::{ConversionError, ConversionErrorKind};
// Inlined, so that the front page lists each with its summary line rather than as a bare
// `pub use` of a public module's item.
#[doc(inline)]
pub use crate::route::{Route, RouteError};
#[doc(inline)]
pub use crate::template::{Template, TemplateError, TemplateErrorKind};
pub use crate::url::{
    Edit, EditError, EditErrorKind, Lenient, LenientBase, LenientError, LenientErrorKind,
    ParseError, ParseErrorKind, PathSegments, Repair, RepairKind, ResolveError, ResolveErrorKind,
    Url,
};
#[doc(inline)]
pub use crate::value::Fmt;
#[doc = include_str!("route/param.md")]
pub use urlkit_macros::Param;
#[doc = include_str!("route/derive.md")]
pub use urlkit_macros::Route;
#[cfg(feature = "openapi")]
#[cfg_attr(docsrs, doc(cfg(feature = "openapi")))]
#[doc = include_str!("route/openapi.md")]
pub use urlkit_macros::openapi;

/// What generated code calls; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::writer::{Context, Modifier, Operator, Spot, Writer};
    // `template!`: a template's parts, written as `static` data.
    pub use crate::template::compiled::{
        Compiled, CompiledExpression as Expression, CompiledRef, CompiledStep as Step,
    };
    pub use alloc::borrow::Cow;
    /// `openapi!`: the fields' types, which a `no_std` crate reaches through urlkit.
    pub use alloc::{collections::BTreeMap, string::String, vec::Vec};
    /// `core`, for generated code's paths: they reach it through urlkit, which works in every
    /// edition and under `#![no_implicit_prelude]`, where `::core` may not.
    pub use core;
    /// The macros behind `url!` and `template!`, which hand them `$crate` first.
    pub use urlkit_macros::{template, url};
    pub use urlkit_syntax::template::{VarList, VarSpec};

    /// The parsed form of `template`, for tests that compare what `template!` and
    /// `Template::parse` make of the same text.
    pub fn compiled(template: &crate::Template) -> CompiledRef<'_> {
        template.compiled()
    }

    /// What `#[derive(Route)]`'s `from_url` calls.
    pub mod route {
        pub use crate::route::deep::{DeepObject, DeepObjectField};
        pub use crate::route::leaf::{
            Delimited, Field, Hits, Miss, PathList, Rule, SomeWrites, parses_as,
        };
        pub use crate::route::object::{
            Claimed, DelimitedObject, Entries, ExplodedObject, FromEntries, ObjectField,
            PathObject, UniqueKeys,
        };
        pub use crate::route::shape::{described, field, shape, with_methods};
        pub use crate::route::target::{SegmentSpan, Target};
        pub use crate::route::walk::Walk;
        pub use urlkit_syntax::route::{Key, Pattern, Tail};
    }
}

// `url!` and `template!` are `macro_rules!` macros that hand the procedural macros `$crate`:
// the generated code then reaches urlkit however the calling crate names it (renamed in
// Cargo.toml, re-exported by another crate) and in every edition.

#[doc = include_str!("url/macro.md")]
#[macro_export]
macro_rules! url {
    ($($input:tt)*) => {
        $crate::__private::url!($crate $($input)*)
    };
}

#[doc = include_str!("template/macro.md")]
#[macro_export]
macro_rules! template {
    ($($input:tt)*) => {
        $crate::__private::template!($crate $($input)*)
    };
}
