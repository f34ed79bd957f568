//! What `url!` expands to when it reports errors: the errors, plus an expression of type `Url`
//! so that code using the result type-checks and the user sees only the real problems (as
//! thiserror's `fallback.rs` does for its derive).

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(errors: syn::Error) -> TokenStream {
    let errors = errors.into_compile_error();
    // A block is an expression wherever `url!` may stand, `const` items included; the empty
    // text is never observed, since the crate does not compile.
    quote!({
        #errors
        ::urlkit::Url::__from_static("")
    })
}
