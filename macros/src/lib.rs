//! Procedural macros of [urlkit](https://docs.rs/urlkit). Depend on `urlkit`, which re-exports
//! them; this crate's API is an implementation detail.

#![forbid(unsafe_code)]

// One module per macro, named after it, drives the phases: `url` (`url!`), `template`
// (`template!`) and `route` (`#[derive(Route)]`, with a module per phase of its own). The
// phases are modules named by what they do: `input` parses the tokens, `check` validates the
// literal against the grammar shared with the runtime (`urlkit_syntax`) and the names against
// the arguments, `generate` writes the code that builds a URL from the plan (also a route's
// `to_url`); `diagnostics` collects and draws what went wrong, and `fallback` keeps a failed
// expansion from causing more errors.
mod check;
mod diagnostics;
mod fallback;
mod generate;
mod ident;
mod input;
#[cfg(feature = "openapi")]
mod openapi;
mod param;
mod root;
mod route;
mod template;
mod tokens;
mod url;

#[cfg(test)]
mod tests;

// Documented on its re-export, `urlkit::url`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro]
pub fn url(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    url::url(input.into()).into()
}

// Documented on its re-export, `urlkit::template`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro]
pub fn template(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    template::template(input.into()).into()
}

// Documented on its re-export, `urlkit::Route`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro_derive(Route, attributes(route, urlkit))]
pub fn derive_route(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    route::derive(input.into()).into()
}

// Documented on its re-export, `urlkit::Param`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro_derive(Param, attributes(param, urlkit))]
pub fn derive_param(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    param::derive(input.into()).into()
}

// Documented on its re-export, `urlkit::openapi`, where the examples can use the runtime.
#[cfg(feature = "openapi")]
#[allow(missing_docs)]
#[proc_macro]
pub fn openapi(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    openapi::openapi(input.into()).into()
}
