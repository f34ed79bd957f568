//! `url!`: parse the input, check it, then either a checked literal becomes one `const`-evaluable expression holding its
//! pre-encoded text, so nothing is parsed or allocated at run time; a template becomes the
//! calls [`generate`] writes.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use urlkit_syntax::normalize;

use crate::{check, fallback, generate, input::Input};

/// `url!(...)`: the URL, or the errors beside a stand-in of the right type (see
/// [`fallback`]).
pub(crate) fn url(tokens: TokenStream) -> TokenStream {
    let shape = fallback::StandIn::of(&tokens);
    let input: Input = match syn::parse2(tokens) {
        Ok(input) => input,
        Err(errors) => return fallback::expand(errors, shape, &[]),
    };
    match check::validate(&input) {
        Ok(checked) if checked.is_literal() => literal(&checked.template),
        Ok(checked) => generate::template(&input, &checked),
        Err(rejected) => {
            let values = generate::values(&input, &rejected.vars);
            fallback::expand(rejected.errors, shape, &values)
        }
    }
}

/// RFC 3987 §3.1 step 2 (IRI characters become UTF-8 percent-triplets) and RFC 3986 §6.2.2.1
/// (triplet hex in uppercase): the text `Url::parse_iri` would keep, computed once, here.
pub(crate) fn literal(value: &str) -> TokenStream {
    let mut text = String::with_capacity(value.len());
    normalize::normalize_into(value, &mut text);
    let text = Literal::string(&text);
    quote!(::urlkit::Url::__from_static(#text))
}
