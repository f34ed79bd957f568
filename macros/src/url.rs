//! `url!`, phase by phase: parse the input ([`Invocation`]), check it ([`check::validate`]), then
//! a literal becomes one `const`-evaluable expression holding its pre-encoded text (nothing
//! is parsed or allocated at run time), and a template is planned (`urlkit_syntax::plan`)
//! and generated into the calls [`generate`] writes.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use urlkit_syntax::to_uri;

use crate::fallback::{self, StandIn};
use crate::root::Root;
use crate::{check, generate, input::Invocation};

/// `url!(...)`: the URL, or the errors beside a stand-in of the right type (see
/// [`fallback`]).
pub(crate) fn url(tokens: TokenStream) -> TokenStream {
    let (root, tokens) = Root::split(tokens);
    let input = match Invocation::lone_literal(&tokens) {
        Some(input) => input,
        None => match syn::parse2(tokens.clone()) {
            Ok(input) => input,
            Err(errors) => return fallback::expand(errors, StandIn::of(tokens), &[], &root),
        },
    };
    let checked = match check::validate(&input) {
        Ok(checked) => checked,
        Err(rejected) => {
            let values = generate::values(&input, &rejected.vars);
            return fallback::expand(rejected.errors, StandIn::of(tokens), &values, &root);
        }
    };
    if checked.is_literal(&input) {
        return literal(&checked.template, &root);
    }
    let steps = checked.plan();
    generate::template(&input, &checked, &steps, &root)
}

/// RFC 3987 §3.1 step 2 (IRI characters become UTF-8 percent-triplets) and RFC 3986 §6.2.2.1
/// (triplet hex in uppercase): the text `Url::parse_iri` would keep, computed once, here.
pub(crate) fn literal(value: &str, root: &Root) -> TokenStream {
    let mut text = String::with_capacity(value.len());
    to_uri::push_uri(value, &mut text);
    let text = Literal::string(&text);
    let root = root.tokens();
    quote!(#root::Url::__from_static(#text))
}
