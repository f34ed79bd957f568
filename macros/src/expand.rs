//! Phase 3, expand: a checked literal becomes one `const`-evaluable expression holding its
//! pre-encoded text, so nothing is parsed or allocated at run time.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use urlkit_syntax::normalize;

use crate::{check, fallback, input::Input};

/// `url!(...)`: the URL, or the errors beside a stand-in `Url` (see [`fallback`]).
pub(crate) fn url(tokens: TokenStream) -> TokenStream {
    try_url(tokens).unwrap_or_else(fallback::expand)
}

fn try_url(tokens: TokenStream) -> syn::Result<TokenStream> {
    let input: Input = syn::parse2(tokens)?;
    let value = check::validate(&input)?;
    Ok(literal(&value))
}

/// RFC 3987 §3.1 step 2 (IRI characters become UTF-8 percent-triplets) and RFC 3986 §6.2.2.1
/// (triplet hex in uppercase): the text `Url::parse_iri` would keep, computed once, here.
fn literal(value: &str) -> TokenStream {
    let mut text = String::with_capacity(value.len());
    normalize::normalize_into(value, &mut text);
    let text = Literal::string(&text);
    quote!(::urlkit::Url::__from_static(#text))
}
