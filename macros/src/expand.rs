//! Phase 3, expand: a checked literal becomes one `const`-evaluable expression holding its
//! pre-encoded text, so nothing is parsed or allocated at run time; a template becomes the
//! calls [`generate`] writes.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use urlkit_syntax::normalize;

use crate::{check, fallback, generate, input::Input};

/// `url!(...)`: the URL, or the errors beside a stand-in of the right type (see
/// [`fallback`]).
pub(crate) fn url(tokens: TokenStream) -> TokenStream {
    let shape = fallback::Shape::of(&tokens);
    try_url(tokens).unwrap_or_else(|errors| fallback::expand(errors, shape))
}

fn try_url(tokens: TokenStream) -> syn::Result<TokenStream> {
    let input: Input = syn::parse2(tokens)?;
    let checked = check::validate(&input)?;
    if checked.is_literal() {
        return Ok(literal(&checked.template));
    }
    Ok(generate::template(&input, &checked))
}

/// RFC 3987 §3.1 step 2 (IRI characters become UTF-8 percent-triplets) and RFC 3986 §6.2.2.1
/// (triplet hex in uppercase): the text `Url::parse_iri` would keep, computed once, here.
pub(crate) fn literal(value: &str) -> TokenStream {
    let mut text = String::with_capacity(value.len());
    normalize::normalize_into(value, &mut text);
    let text = Literal::string(&text);
    quote!(::urlkit::Url::__from_static(#text))
}
