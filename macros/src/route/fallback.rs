//! What the derive expands to when it reports errors: the errors, plus a `Route` impl (and a
//! struct's `TEMPLATE`) whose bodies never run, since the crate does not compile. Code that
//! uses the type as a route then type-checks, and the user sees only the real problems (as
//! thiserror's `fallback.rs` does).

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput};

use crate::root::{CORE, Root, URLKIT};

pub(crate) fn expand(input: &DeriveInput, errors: Option<syn::Error>) -> TokenStream {
    let errors = errors.map(Root::compile_errors);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let inherent = matches!(input.data, Data::Struct(_)).then(|| {
        quote! {
            impl #impl_generics #ident #ty_generics #where_clause {
                /// The route's template.
                pub const TEMPLATE: &'static #CORE::primitive::str = "";
            }
        }
    });
    quote! {
        #errors
        impl #impl_generics #URLKIT::Route for #ident #ty_generics #where_clause {
            const TEMPLATES: &'static [&'static #CORE::primitive::str] = &[];

            fn template(&self) -> &'static #CORE::primitive::str {
                #CORE::unreachable!()
            }

            fn to_url(&self) -> #CORE::result::Result<#URLKIT::Url, #URLKIT::ExpandError> {
                #CORE::unreachable!()
            }

            fn to_url_on(
                &self,
                _: &#URLKIT::Url,
            ) -> #CORE::result::Result<#URLKIT::Url, #URLKIT::ExpandError> {
                #CORE::unreachable!()
            }

            fn from_url(_: &#CORE::primitive::str) -> #CORE::result::Result<Self, #URLKIT::RouteError> {
                #CORE::unreachable!()
            }
        }
        #inherent
    }
}
