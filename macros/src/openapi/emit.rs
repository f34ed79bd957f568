//! Writing the enum: one variant per operation with its `#[route(...)]`, derived `Route`, and
//! the operation ids beside it.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

use super::Input;
use super::enums::Enums;
use super::map::{Route, Scalar, Ty};

pub(super) fn emit(input: &Input, routes: &[Route], enums: &Enums, absolute: &str) -> TokenStream {
    let scalar_type = |scalar: Scalar| scalar_type(scalar, enums);
    let Input {
        attrs, vis, ident, ..
    } = input;
    let variants = routes.iter().map(|route| {
        let variant = Ident::new(&route.variant, Span::call_site());
        let summary = format!(" {}", route.summary);
        let doc = quote!(#[doc = #summary]);
        let method = Ident::new(route.method, Span::call_site());
        let template = &route.template;
        let fields = route.fields.iter().map(|field| {
            let name = field_ident(&field.name);
            let ty = match field.ty {
                Ty::One(scalar) => scalar_type(scalar),
                Ty::Option(scalar) => {
                    let scalar = scalar_type(scalar);
                    quote!(::urlkit::__private::core::option::Option<#scalar>)
                }
                Ty::Vec(scalar) => {
                    let scalar = scalar_type(scalar);
                    quote!(::urlkit::__private::Vec<#scalar>)
                }
                Ty::Map(scalar) => {
                    let scalar = scalar_type(scalar);
                    quote!(::urlkit::__private::BTreeMap<::urlkit::__private::String, #scalar>)
                }
            };
            let style = field.style.map(|style| quote!(#[route(style = #style)]));
            let keep_empty = field.keep_empty.then(|| quote!(#[route(keep_empty)]));
            let doc = format!(" {}", field.doc);
            quote!(#[doc = #doc] #style #keep_empty #name: #ty)
        });
        let body = if route.fields.is_empty() {
            quote!()
        } else {
            quote!({ #(#fields,)* })
        };
        quote! {
            #doc
            #[route(#method, #template)]
            #variant #body
        }
    });
    let ids = routes.iter().map(|route| &route.operation_id);
    let arms = routes.iter().map(|route| {
        let variant = Ident::new(&route.variant, Span::call_site());
        let id = &route.operation_id;
        quote!(Self::#variant { .. } => #id)
    });
    let arms = if routes.is_empty() {
        quote!(_ => match *self {})
    } else {
        quote!(#(#arms,)*)
    };
    let enum_types = enums.emit(attrs, vis);
    quote! {
        #enum_types

        #(#attrs)*
        // The variants are named by the document's `operationId`s, which share a prefix or
        // suffix as often as not; the user cannot rename them here.
        #[allow(clippy::enum_variant_names)]
        #[derive(::urlkit::Route)]
        #vis enum #ident {
            #(#variants,)*
        }

        impl #ident {
            /// The `operationId` of each operation, in the order of its variant (and of
            /// `Route::SHAPES`).
            pub const OPERATION_IDS: &'static [&'static str] = &[#(#ids),*];

            /// The `operationId` of this route's operation.
            #[must_use]
            pub fn operation_id(&self) -> &'static str {
                match self {
                    #arms
                }
            }
        }

        // Rebuilds the crate when the document changes.
        const _: &[u8] = ::urlkit::__private::core::include_bytes!(#absolute);
    }
}

fn field_ident(name: &str) -> Ident {
    syn::parse_str::<Ident>(name).unwrap_or_else(|_| format_ident!("r#{}", name))
}

fn scalar_type(scalar: Scalar, enums: &Enums) -> TokenStream {
    match scalar {
        Scalar::I32 => quote!(i32),
        Scalar::I64 => quote!(i64),
        Scalar::F64 => quote!(f64),
        Scalar::Bool => quote!(bool),
        Scalar::String => quote!(::urlkit::__private::String),
        Scalar::Enum(index) => {
            let name = enums.name(index);
            quote!(#name)
        }
    }
}
