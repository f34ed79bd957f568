//! `openapi!`: a route enum from an OpenAPI 3.0/3.1 document, read at compile time.
//!
//! The phases, each a module named by what it does: `read` finds the file and parses it (JSON,
//! or YAML by its extension) into one document tree, `select` removes the operations that
//! `skip` or `only` leave out, `map` turns each operation into a route
//! (its variant name, method, template and fields), collecting every problem with the JSON
//! pointer of the culprit, and `emit` writes the enum with `#[derive(::urlkit::Route)]` and
//! `#[route(...)]` attributes, so that everything a derived enum has comes with it; `enums`
//! makes the string enum schemas `map` meets into `Param` enums that `emit` writes beside it.

mod emit;
mod enums;
mod map;
mod read;
mod select;

use proc_macro2::TokenStream;
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Ident, LitStr, Token, Visibility};

use crate::diagnostics::Diagnostics;

/// `#[attrs] pub enum Name = "path/to/api.json";`, then `skip = [...];` or `only = [...];`
struct Input {
    attrs: Vec<Attribute>,
    vis: Visibility,
    ident: Ident,
    path: LitStr,
    selection: Option<select::Selection>,
}

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        input.parse::<Token![enum]>()?;
        let ident = input.parse()?;
        if !input.peek(Token![=]) || !input.peek2(LitStr) {
            return Err(input.error(
                "expected `= \"api.json\"` after the enum's name; give the document's path, relative to the crate's directory",
            ));
        }
        input.parse::<Token![=]>()?;
        let path = input.parse()?;
        if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
        }
        let selection = select::parse(input)?;
        Ok(Input {
            attrs,
            vis,
            ident,
            path,
            selection,
        })
    }
}

pub(crate) fn openapi(tokens: TokenStream) -> TokenStream {
    let input: Input = match syn::parse2(tokens) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    match expand(&input) {
        Ok(tokens) => tokens,
        Err(error) => error.to_compile_error(),
    }
}

fn expand(input: &Input) -> syn::Result<TokenStream> {
    let mut document = read::read(&input.path)?;
    let mut errors = Diagnostics::default();
    if let Some(selection) = &input.selection {
        select::apply(&mut document.tree, selection, &mut errors);
    }
    let mut enums = enums::Enums::new(&input.ident);
    let routes = map::routes(
        &document.tree,
        &mut enums,
        &mut |pointer: &str, message: String| {
            let hint = select::hint(&document.tree, input.selection.as_ref(), pointer);
            errors.push(syn::Error::new(
                input.path.span(),
                format!(
                    "{}#{pointer}: {message}{}",
                    document.shown,
                    hint.unwrap_or_default()
                ),
            ));
        },
    );
    errors.finish()?;
    Ok(emit::emit(input, &routes, &enums, &document.absolute))
}
