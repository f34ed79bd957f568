//! `Route::SHAPES`: each route's structure, as `check` lowered it (`route::lower::Shape`), with
//! the arity its fields' types give, written as `urlkit::route::RouteShape` constants.
//!
//! The arities follow the pattern `from_url` matches (`Shape::pattern`): a `{/x}` whose field
//! is neither `Option` nor `Vec` is one more fixed segment, an `Option` may be absent, a `Vec`
//! takes the rest of the path. A `Vec` in the query is `Arity::List` with `*` (a pair per item)
//! and `Arity::Joined` without (one value, the items joined with `,`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use urlkit_syntax::route::lower::{PathSegment, PathStyle, Var};
use urlkit_syntax::route::owned::Arity;

use super::ast::{Route, RouteType};
use super::check::Valid;
use crate::root::{CORE, URLKIT};

/// The value of `SHAPES`: one `RouteShape` per route, in declaration order.
pub(crate) fn shapes(input: &RouteType<'_>, valid: &[Valid]) -> TokenStream {
    let shapes = input
        .routes
        .iter()
        .zip(valid)
        .map(|(route, valid)| shape(route, valid));
    quote!(&[#(#shapes),*])
}

fn shape(route: &Route<'_>, valid: &Valid) -> TokenStream {
    let template = valid.checked.template.as_str();
    let field = |var: &Var| &template[var.name.clone()];
    let kind = |var: &Var| {
        let name = field(var);
        (route.fields.iter())
            .find(|f| f.name == name)
            .map_or(Arity::One, |f| f.arity)
    };
    let is_object = |var: &Var| {
        let name = field(var);
        (route.fields.iter()).any(|f| f.name == name && super::check::is_object(f))
    };
    let mut path = Vec::new();
    for segment in &valid.shape.segments {
        path.push(match segment {
            PathSegment::Static(text) => quote!(#URLKIT::route::Segment::Static(#text)),
            PathSegment::Value {
                prefix,
                suffix,
                var,
                style: PathStyle::Simple,
            } if kind(var) == Arity::One && !is_object(var) => {
                let field = field(var);
                quote!(#URLKIT::route::Segment::Value { prefix: #prefix, field: #field, suffix: #suffix })
            }
            PathSegment::Value {
                prefix,
                suffix,
                var,
                style,
            } => {
                let field = field(var);
                let style = match style {
                    PathStyle::Label => quote!(#URLKIT::route::PathStyle::Label),
                    PathStyle::Matrix => quote!(#URLKIT::route::PathStyle::Matrix),
                    PathStyle::Simple => quote!(#URLKIT::route::PathStyle::Simple),
                };
                let explode = var.explode;
                let arity = match (is_object(var), explode) {
                    (true, false) => quote!(#URLKIT::route::Arity::JoinedObject { separator: ',' }),
                    (true, true) => quote!(#URLKIT::route::Arity::ExplodedObject),
                    (false, _) => arity(kind(var)),
                };
                quote!(#URLKIT::route::Segment::Styled {
                    prefix: #prefix, field: #field, suffix: #suffix, style: #style, explode: #explode, arity: #arity,
                })
            }
        });
    }
    for var in &valid.shape.tail {
        let field = field(var);
        path.push(match kind(var) {
            Arity::List => quote!(#URLKIT::route::Segment::Rest { field: #field }),
            kind => {
                let arity = arity(kind);
                quote!(#URLKIT::route::Segment::Slash { field: #field, arity: #arity })
            }
        });
    }
    let mut query = Vec::new();
    for pair in &valid.shape.pairs {
        let (key, value) = match pair.split_once('=') {
            Some((key, value)) => (key, quote!(#CORE::option::Option::Some(#value))),
            None => (pair.as_str(), quote!(#CORE::option::Option::None)),
        };
        query.push(quote!(#URLKIT::route::QueryParam::Static { key: #key, value: #value }));
    }
    for (j, key) in valid.shape.keys.iter().enumerate() {
        let (name, field) = (&key.key, field(&key.var));
        let field_of = route.fields.iter().find(|f| f.name == field);
        let joined = field_of.and_then(|f| super::check::joined(&valid.shape, j, f));
        let deep = field_of.is_some_and(|f| f.deep_object.is_some());
        let object = field_of.is_some_and(super::check::is_object);
        let arity = match joined {
            _ if deep => quote!(#URLKIT::route::Arity::DeepObject),
            Some(separator) if object => {
                quote!(#URLKIT::route::Arity::JoinedObject { separator: #separator })
            }
            None if object => quote!(#URLKIT::route::Arity::ExplodedObject),
            Some(separator) => quote!(#URLKIT::route::Arity::Joined { separator: #separator }),
            None => arity(kind(&key.var)),
        };
        query.push(
            quote!(#URLKIT::route::QueryParam::Value { key: #name, field: #field, arity: #arity }),
        );
    }
    let variant = if let Some(ident) = route.variant {
        let name = ident.unraw().to_string();
        quote!(#CORE::option::Option::Some(#name))
    } else {
        quote!(#CORE::option::Option::None)
    };
    // Through `RouteField`, as `from_url` reads the fields, at the same span: a type that
    // cannot be parsed gets that one error, not a second one here.
    let fields = (route.fields.iter().zip(&valid.captures))
        .filter(|(_, capture)| capture.is_some())
        .map(|(f, _)| {
            let (name, ty, doc) = (&f.name, f.ty, &f.doc);
            let marker = super::ast::marker(name);
            let urlkit_at = URLKIT.at(ty.span());
            let value = if f.deep_object.is_some() {
                quote_spanned!(ty.span()=> <#ty as #urlkit_at::__private::route::DeepObjectField>::VALUE_TYPE)
            } else if super::check::is_object(f) {
                quote_spanned!(ty.span()=> <#ty as #urlkit_at::__private::route::ObjectField>::VALUE_TYPE)
            } else {
                quote_spanned!(ty.span()=> <#ty as #urlkit_at::route::RouteField<#marker>>::VALUE_TYPE)
            };
            let keeps_empty = f.keep_empty.is_some();
            quote! { #URLKIT::__private::route::field(#name, #value, #doc, #keeps_empty) }
        });
    let doc = &route.doc;
    let described = quote! {
        #URLKIT::__private::route::described(
            #URLKIT::__private::route::shape(#template, #variant, &[#(#path),*], &[#(#query),*]),
            #doc,
            &[#(#fields),*],
        )
    };
    if route.methods.is_empty() {
        return described;
    }
    let methods = route.methods.iter().map(|&m| method(m));
    quote!(#URLKIT::__private::route::with_methods(#described, &[#(#methods),*]))
}

/// `urlkit::route::Method`'s variant for `attr::METHODS[m]`.
pub(crate) fn method(m: usize) -> TokenStream {
    let word = super::attr::METHODS[m];
    let mut name = word[..1].to_ascii_uppercase();
    name.push_str(&word[1..]);
    let variant = syn::Ident::new(&name, proc_macro2::Span::call_site());
    quote!(#URLKIT::route::Method::#variant)
}

fn arity(kind: Arity) -> TokenStream {
    match kind {
        Arity::One => quote!(#URLKIT::route::Arity::One),
        Arity::Optional => quote!(#URLKIT::route::Arity::Optional),
        Arity::List => quote!(#URLKIT::route::Arity::List),
    }
}
