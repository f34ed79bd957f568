//! `#[derive(Route)]`: a URL template bound to a struct, or one per variant of an enum.
//!
//! The phases, each a module named by what it does (thiserror's and serde's layout):
//! `attr` reads `#[route(...)]`, `ast` the type into routes and fields, `check` each route's
//! template (the grammar of `url!`, then the route shape) against its fields, `overlap` an
//! enum's routes against each other, `impls` writes the impl (`tree` its matcher, `shapes` the
//! routes' structure for `Route::SHAPES`); `fallback` stands in for it when something was
//! wrong, so that the user sees only the real errors.

mod ast;
mod attr;
mod check;
mod fallback;
mod impls;
mod overlap;
mod shapes;
mod tree;

use proc_macro2::TokenStream;
use syn::DeriveInput;

use crate::diagnostics::Diagnostics;
use crate::root::Root;

pub(crate) fn derive(tokens: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(tokens) {
        Ok(input) => input,
        Err(error) => return Root::compile_errors(error),
    };
    let mut errors = Diagnostics::default();
    // The impls' paths start from urlkit's root (`crate::root::URLKIT`); where that is a
    // name, the impls stand in a block that declares it.
    let (root, declaration) = Root::of_derive(&input.attrs, &mut errors);
    let expanded = root.enter(|| expand(&input, errors, &root));
    if declaration.is_empty() {
        // No block of its own: rustc names the marker types by the path of the block
        // that holds them (`_::id`), each block one `_::` more.
        return expanded;
    }
    quote::quote! {
        const _: () = {
            #declaration
            #expanded
        };
    }
}

fn expand(input: &DeriveInput, mut errors: Diagnostics, root: &Root) -> TokenStream {
    let Some(ast) = ast::RouteType::from_syn(input, &mut errors) else {
        return fallback::expand(input, errors.finish().err());
    };
    let checked: Vec<_> = ast
        .routes
        .iter()
        .map(|route| check::check(route, &mut errors))
        .collect();
    let tried = if ast.is_enum {
        overlap::check(&ast.routes, &checked, &mut errors)
    } else {
        vec![0]
    };
    let valid: Option<Vec<_>> = checked.into_iter().collect();
    match (valid, errors.finish()) {
        (Some(valid), Ok(())) => impls::impl_route(&ast, &valid, &tried, root),
        (_, result) => fallback::expand(input, result.err()),
    }
}
