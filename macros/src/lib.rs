//! Procedural macros of [urlkit](https://docs.rs/urlkit). Depend on `urlkit`, which re-exports
//! them; this crate's API is an implementation detail.

// One module per phase, each named by what it does: `input` parses the tokens, `check`
// validates the literal against the grammar shared with the runtime (`urlkit_syntax`) and
// the names against the arguments, `expand` writes a literal's tokens and `generate` a
// template's; `errors` accumulates and draws what went wrong, and `fallback` keeps a failed
// expansion from causing more errors. `template!` shares `input`, `check` and `fallback`;
// `embed` writes its template as static data. `route` is `#[derive(Route)]`, with the same
// layout, whose `to_url` is `generate`'s code.
mod check;
mod embed;
mod errors;
mod expand;
mod fallback;
mod generate;
mod input;
mod route;

#[cfg(test)]
mod tests;

// Documented on its re-export, `urlkit::url`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro]
pub fn url(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::url(input.into()).into()
}

// Documented on its re-export, `urlkit::template`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro]
pub fn template(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    embed::template(input.into()).into()
}

// Documented on its re-export, `urlkit::Route`, where the examples can use the runtime.
#[allow(missing_docs)]
#[proc_macro_derive(Route, attributes(route))]
pub fn derive_route(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    route::derive(input.into()).into()
}
