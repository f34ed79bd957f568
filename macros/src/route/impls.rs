//! Phase 3 for routes: the `Route` impl.
//!
//! - `to_url` and `to_url_on` are `url!`'s generator (`crate::generate`) run on the template,
//!   each placeholder bound to its field: one `Writer` call per plan step, so a route builds
//!   exactly what `url!` builds with the same template and values;
//! - `from_url` is the routes' decision tree, written by `tree`, each leaf reading its route's
//!   fields from where their placeholders stand (`runtime/src/route/matcher.rs`);
//! - in an enum whose routes overlap, `to_url` of a route others can capture checks the URL
//!   it built against the same tree (`round_trip`).
//!
//! Locals (`__url`, `__t`, `__s0`, `__f0`) are `Span::mixed_site()`; paths are absolute; the
//! calls that type-check a field are spanned on the field's type, so a type that cannot be
//! parsed from a URL (or written into one) is reported there.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::spanned::Spanned;

use super::ast::{Input, Route};
use super::check::Valid;
use super::overlap::{self, Captor};
use super::tree;
use crate::{generate, url};

pub(crate) fn impl_route(input: &Input<'_>, valid: &[Valid], tried: &[usize]) -> TokenStream {
    let original = input.original;
    let ident = &original.ident;
    let (impl_generics, ty_generics, where_clause) = original.generics.split_for_impl();
    let site = Span::mixed_site();
    let templates: Vec<String> = input
        .routes
        .iter()
        .map(|r| {
            r.template
                .as_ref()
                .map(syn::LitStr::value)
                .unwrap_or_default()
        })
        .collect();
    let captors = if input.is_enum {
        overlap::captors(&input.routes, valid, tried)
    } else {
        Vec::new()
    };
    let rank = |r: usize| tried.iter().position(|&t| t == r).unwrap_or(r);
    let mut template_arms = Vec::new();
    let mut url_arms = Vec::new();
    for (r, ((route, valid), template)) in
        input.routes.iter().zip(valid).zip(&templates).enumerate()
    {
        let path = route_path(route);
        let bound: Vec<(usize, Ident)> = valid
            .captures
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_some())
            .map(|(i, _)| (i, format_ident!("__f{}", i, span = site)))
            .collect();
        let members = bound.iter().map(|(i, _)| &route.fields[*i].member);
        let locals = bound.iter().map(|(_, local)| local);
        let pattern = quote!(#path { #(#members: #locals,)* .. });
        // Each variable of the template, in the generator's order, from its field (the
        // field itself, not a reference to it, so that errors name its type).
        let values: Vec<(TokenStream, Span)> = valid
            .checked
            .vars
            .iter()
            .filter_map(|var| {
                let f = route.fields.iter().position(|f| f.name == var.name)?;
                let (_, local) = bound.iter().find(|(i, _)| *i == f)?;
                Some((quote!(*#local), route.fields[f].ty.span()))
            })
            .collect();
        let to_url = if valid.checked.expressions.is_empty() {
            let url = url::literal(template);
            quote!(::core::result::Result::Ok(#url))
        } else {
            generate::route(&valid.checked, values)
        };
        let to_url = match captors.get(r) {
            Some(captors) if !captors.is_empty() => {
                round_trip(&to_url, captors, &input.routes, &templates, rank)
            }
            _ => to_url,
        };
        template_arms.push(quote!(#path { .. } => #template,));
        url_arms.push(quote!(#pattern => #to_url,));
    }
    let needs_which = captors.iter().any(|c| !c.is_empty());
    let from_url = tree::from_url(input, valid, tried, &templates);
    let which = needs_which.then(|| tree::which(input, valid, tried));
    let matched = if input.routes.is_empty() {
        quote!(*self)
    } else {
        quote!(self)
    };
    let inherent = (!input.is_enum).then(|| {
        let template = &templates[0];
        quote! {
            impl #impl_generics #ident #ty_generics #where_clause {
                /// The route's template, as written in `#[route("...")]`.
                pub const TEMPLATE: &'static str = #template;
            }
        }
    });
    let markers = markers(input, valid);
    // One scope for the markers and the impls that name them, so that a type error says
    // `id`, not `<Post as Route>::to_url::id`.
    quote! {
        const _: () = {
            #(#[allow(non_camel_case_types, dead_code)] struct #markers {})*
            #which

            impl #impl_generics ::urlkit::Route for #ident #ty_generics #where_clause {
                const TEMPLATES: &'static [&'static str] = &[#(#templates),*];

                fn template(&self) -> &'static str {
                    match #matched { #(#template_arms)* }
                }

                fn to_url(&self) -> ::core::result::Result<::urlkit::Url, ::urlkit::Error> {
                    match #matched { #(#url_arms)* }
                }

                #from_url
            }
            #inherent
        };
    }
}

/// The marker types named after the fields that placeholders read: `url!`'s generator names
/// them in errors about values (`Placeholder<id>`), `from_url` in errors about parsing.
fn markers(input: &Input<'_>, valid: &[Valid]) -> Vec<Ident> {
    let mut names: Vec<String> = Vec::new();
    for (route, valid) in input.routes.iter().zip(valid) {
        for (field, capture) in route.fields.iter().zip(&valid.captures) {
            if capture.is_some() && !names.contains(&field.name) {
                names.push(field.name.clone());
            }
        }
    }
    // A marker named like a type a field uses (`u64: u64`) would hide that type from the
    // code in the same scope; the type itself then serves as the marker.
    let mut used = Vec::new();
    for field in input.routes.iter().flat_map(|r| &r.fields) {
        let ty = field.ty;
        idents(quote!(#ty), &mut used);
    }
    names
        .iter()
        .map(|name| marker(name))
        .filter(|marker| !used.contains(&marker.to_string()))
        .collect()
}

fn idents(tokens: TokenStream, out: &mut Vec<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(ident) => out.push(ident.to_string()),
            proc_macro2::TokenTree::Group(group) => idents(group.stream(), out),
            _ => {}
        }
    }
}

/// A field's marker: its name, or `_0` for a tuple field.
pub(super) fn marker(name: &str) -> Ident {
    let site = Span::mixed_site();
    generate::marker(name, site).unwrap_or_else(|| format_ident!("_{}", name, span = site))
}

pub(super) fn route_path(route: &Route<'_>) -> TokenStream {
    if let Some(variant) = route.variant {
        quote!(Self::#variant)
    } else {
        quote!(Self)
    }
}

/// `to_url` of a route whose URLs routes tried before it can take: the URL it built goes
/// through the matcher, and if another route would take it, an error names that route.
fn round_trip(
    to_url: &TokenStream,
    captors: &[Captor],
    routes: &[Route<'_>],
    templates: &[String],
    rank: impl Fn(usize) -> usize,
) -> TokenStream {
    let site = Span::mixed_site();
    let built = Ident::new("__built", site);
    let arms = captors.iter().map(|c| {
        let at = rank(c.route);
        let label = &routes[c.route].label;
        let template = &templates[c.route];
        let placeholder = &c.placeholder;
        quote! {
            ::core::option::Option::Some(#at) => ::core::result::Result::Err(
                ::urlkit::__private::route::parses_as(#placeholder, #label, #template)
            ),
        }
    });
    quote! {
        match #to_url {
            ::core::result::Result::Ok(#built) => match __which(#built.as_str()) {
                #(#arms)*
                _ => ::core::result::Result::Ok(#built),
            },
            ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
        }
    }
}
