//! The grammar and character tables of [urlkit](https://docs.rs/urlkit), in one place.
//!
//! urlkit checks URLs in two places: its macros check literals and templates at compile time,
//! and its runtime checks `Url::parse` input and run-time templates. Both must accept exactly
//! the same text, and they cannot share code by depending on each other (the runtime
//! re-exports the macros, so the macro crate cannot depend on the runtime). So the one copy of
//! the grammar lives here, in a crate with no dependencies that both use.
//!
//! [`check::check`] is the front door every caller uses (the macros at compile time,
//! `Template::parse` at run time); it runs the phases, each a module named after what it does:
//! - [`template::lex`] finds the RFC 6570 expressions `{...}` of a template;
//! - [`reference::parse`] checks the text around them as an RFC 3986 URI reference and says
//!   where each expression stands ([`reference::Placement`]);
//! - `states` checks that the template keeps its shape in every state of its optional
//!   expressions (each defined or undefined), so that no absence of a value moves its text
//!   into another component;
//! - [`plan`] lowers a checked template into the steps that build it, which the macro
//!   compiles and the runtime interprets;
//! - [`chars`] answers "may this byte stand here?" for both, and for the runtime's encoders;
//! - [`route`] says which URLs a typed route matches, for the derive (which orders an enum's
//!   routes and proves none is hidden) and the runtime (which matches requests).
//!
//! Errors ([`error::Error`]) carry byte ranges of the source and are worded once, for both
//! the compiler and the runtime.
//!
//! This crate is an implementation detail of urlkit; its API may change in any release.

#![no_std]
#![forbid(unsafe_code)]
#[cfg(test)]
extern crate std;

extern crate alloc;

pub mod chars;
pub mod check;
pub mod error;
pub mod host;
pub mod idna;
pub mod path;
pub mod plan;
pub mod punycode;
pub mod reference;
pub mod route;
pub mod scheme;
mod states;
pub mod template;
pub mod to_uri;
mod typos;

#[cfg(test)]
mod tests;
