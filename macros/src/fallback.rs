//! What `url!` expands to when it reports errors: the errors, plus an expression of the type
//! the invocation would have had (`Url` for a literal, `Result<Url, urlkit::ExpandError>` for a
//! template or a base join), so that code using the result type-checks and the user sees
//! only the real problems (as thiserror's `fallback.rs` does for its derive). `template!`
//! likewise expands to a `Template` beside its errors.

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;

use crate::root::Root;

/// What the invocation returns, as far as its tokens tell even when they do not parse.
#[derive(Clone, Copy)]
pub(crate) enum StandIn {
    Literal,
    Template,
}

impl StandIn {
    /// A template if the first string literal's value holds a `{` or `}` (a placeholder, even
    /// a malformed one), or if anything comes before it (a base); a literal otherwise. The
    /// value, not the source text: `"caf\u{e9}"` is a literal.
    pub(crate) fn of(tokens: TokenStream) -> StandIn {
        for (i, token) in tokens.into_iter().enumerate() {
            match &token {
                TokenTree::Literal(lit) => {
                    if let syn::Lit::Str(s) = syn::Lit::new(lit.clone()) {
                        let value = s.value();
                        let braces = value.contains('{') || value.contains('}');
                        return if braces || i > 0 {
                            StandIn::Template
                        } else {
                            StandIn::Literal
                        };
                    }
                }
                // `url!(base, ...)` whose relative part is missing or not a string literal.
                TokenTree::Punct(p) if p.as_char() == ',' => return StandIn::Template,
                _ => {}
            }
        }
        StandIn::Literal
    }
}

/// The errors and a stand-in of the invocation's type. `values` are the expressions a
/// template would have read (the base, the named arguments, the captured variables): they are
/// evaluated, so that a misspelt variable is reported in this compile too, and no variable
/// is flagged unused for want of the template that uses it.
pub(crate) fn expand(
    errors: syn::Error,
    shape: StandIn,
    values: &[TokenStream],
    root: &Root,
) -> TokenStream {
    let errors = Root::compile_errors(errors);
    let root = root.tokens();
    // A block is an expression wherever `url!` may stand, `const` items included; the empty
    // text is never observed, since the crate does not compile.
    match shape {
        // A literal may stand in a `const`, where the values could not be read.
        StandIn::Literal => quote!({
            #errors
            #root::Url::__from_static("")
        }),
        StandIn::Template => quote!({
            #errors
            #(let _ = &(#values);)*
            #root::__private::core::result::Result::<#root::Url, #root::ExpandError>::Ok(
                #root::Url::__from_static("")
            )
        }),
    }
}

/// What a failed `template!` expands to: the errors and a `Template` (of an empty template),
/// usable wherever the real one would have been, `const` and `static` items included.
pub(crate) fn template(errors: syn::Error, root: &Root) -> TokenStream {
    let errors = Root::compile_errors(errors);
    let root = root.tokens();
    quote!({
        #errors
        static __STAND_IN: #root::__private::Compiled =
            #root::__private::Compiled::from_static("", 0, &[], &[], 0);
        #root::Template::__from_static(&__STAND_IN)
    })
}
