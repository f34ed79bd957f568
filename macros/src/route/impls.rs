//! Phase 3 for routes: the `Route` impl.
//!
//! - `TEMPLATES`, `template` and, for a struct, an inherent `TEMPLATE`: the templates as
//!   written; `SHAPES`, their structure (`shapes`);
//! - `to_url` is `url!`'s generator (`crate::generate`) run on the template, each placeholder
//!   bound to its field: one `Writer` call per plan step, so a route builds exactly what
//!   `url!` builds with the same template and values (`to_url_on` is the trait's provided
//!   method, which joins that URL to a base as `url!(base, ...)` does); in an enum compiled
//!   in parts, routes whose `to_url` differs only in its literals share it (`shared_url`);
//! - `from_url` walks the routes' decision tree, written by `tree` as `__walk` beside the
//!   impl, then reads the fields of the route it found from where their placeholders stand
//!   (`runtime/src/route/leaf.rs`);
//! - in an enum whose routes overlap, `to_url` of a route others can capture checks the URL
//!   it built against the same walk (`round_trip`).
//!
//! Locals (`__url`, `__t`, `__s0`, `__f0`) are `Span::mixed_site()`; paths are absolute; the
//! calls that type-check a field are spanned on the field's type, so a type that cannot be
//! parsed from a URL (or written into one) is reported there.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use urlkit_syntax::reference::Placement;
use urlkit_syntax::template::Modifier;

use super::ast::{Route, RouteType, marker, route_path};
use super::check::{Capture, Valid};
use super::overlap::{self, Captor};
use super::{shapes, tree};
use crate::root::{CORE, Root, URLKIT};
use crate::{generate, url};

pub(crate) fn impl_route(
    input: &RouteType<'_>,
    valid: &[Valid],
    tried: &[usize],
    root: &Root,
) -> TokenStream {
    let original = input.original;
    let ident = &original.ident;
    let (impl_generics, ty_generics, where_clause) = original.generics.split_for_impl();
    let bounds = bounds(input, valid);
    let written_where = where_clause;
    let where_clause = match where_clause {
        _ if bounds.is_empty() => quote!(#where_clause),
        Some(written) => {
            let written = written.predicates.iter();
            quote!(where #(#written,)* #(#bounds,)*)
        }
        None => quote!(where #(#bounds,)*),
    };
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
    let split = in_parts(input);
    // Each route's `to_url` and the reading of its fields, where they are functions of their
    // own (`in_parts`).
    let mut parts = Vec::new();
    let mut shared = Vec::new();
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
        let values: Vec<(TokenStream, Span, bool)> = valid
            .checked
            .vars
            .iter()
            .filter_map(|var| {
                let f = route.fields.iter().position(|f| f.name == var.name)?;
                let (_, local) = bound.iter().find(|(i, _)| *i == f)?;
                // Items joined with a delimiter no RFC 6570 operator writes.
                // Written through a wrapper, which is a `Value` but no route field.
                let (value, field) = if route.fields[f].deep_object.is_some() {
                    // A pair per entry, `name[key]=value`: written as the exploded map of
                    // those keys (see `deep_checked`).
                    let name = &route.fields[f].name;
                    (
                        quote!(#URLKIT::__private::route::DeepObject(#local, #name)),
                        false,
                    )
                } else if super::check::is_object(&route.fields[f]) {
                    object_value(route, valid, f, local)
                } else if let Some(Capture::Segment(k)) = valid.captures.get(f).copied().flatten()
                    && let Some(delimiter) =
                        super::check::segment_list(&valid.shape, k, &route.fields[f])
                {
                    // Never empty, and in `{.x*}` no item with a `.` (see `PathList`).
                    let dots = delimiter == '.';
                    let list = quote!(#URLKIT::__private::route::PathList(&#local[..], #dots));
                    (list, false)
                } else if let Some((delimiter, _)) = route.fields[f].style {
                    let joined =
                        quote!(#URLKIT::__private::route::Delimited(&#local[..], #delimiter));
                    (joined, false)
                } else if super::check::empty_is_absent(
                    &route.fields[f],
                    valid.captures.get(f).and_then(Option::as_ref),
                ) {
                    // `from_url` reads an empty value as `None`: `Some` of a value that
                    // writes nothing is refused rather than written as what reads back `None`.
                    let value = quote!(#URLKIT::__private::route::SomeWrites(#local));
                    (value, false)
                } else {
                    (quote!(*#local), true)
                };
                Some((value, route.fields[f].ty.span(), field))
            })
            .collect();
        let to_url = if valid.checked.expressions.is_empty() {
            let url = url::literal(template, root);
            quote!(#CORE::result::Result::Ok(#url))
        } else {
            let literal = route
                .template
                .as_ref()
                .map_or_else(Span::call_site, syn::LitStr::span);
            generate::route(
                &deep_checked(route, &valid.checked),
                &valid.steps,
                values,
                root,
                literal,
            )
        };
        // Where routes are functions of their own, routes whose URLs are built alike share
        // one function, given their static text and names (`shared_url`).
        let to_url = if split && !valid.checked.expressions.is_empty() {
            let params: Vec<TokenStream> = (bound.iter())
                .map(|(i, local)| {
                    let ty = route.fields[*i].ty;
                    quote!(#local: &#ty)
                })
                .collect();
            let locals: Vec<&Ident> = bound.iter().map(|(_, local)| local).collect();
            let route_bounds = || route_bounds(&[], route, valid);
            shared_url(to_url, &params, &locals, route_bounds, &mut shared)
        } else {
            to_url
        };
        // A URL of static text alone is its arm, unless the round trip checks it.
        let own_function =
            !valid.checked.expressions.is_empty() || captors.get(r).is_some_and(|c| !c.is_empty());
        let to_url = match captors.get(r) {
            Some(captors) if !captors.is_empty() => {
                // Walked with the route's methods, where routes declare some: a route that
                // takes none of them does not take its requests.
                let methods = tree::has_methods(input).then(|| {
                    if route.methods.is_empty() {
                        return quote!(#CORE::option::Option::None);
                    }
                    let methods = route.methods.iter().map(|&m| shapes::method(m));
                    quote!(#CORE::option::Option::Some(#URLKIT::route::Methods::of(&[#(#methods),*])))
                });
                round_trip(&to_url, captors, &input.routes, &templates, rank, methods)
            }
            _ => to_url,
        };
        template_arms.push(quote!(#path { .. } => #template,));
        if split && own_function {
            // The variant's URL in a function of its own, given the fields it writes: in a
            // release build, where the function it shares is in line, the code of its own
            // template, which its arm calls.
            let name = format_ident!("__to_url_{}", r, span = site);
            let params = bound.iter().map(|(i, local)| {
                let ty = route.fields[*i].ty;
                quote!(#local: &#ty)
            });
            let locals = bound.iter().map(|(_, local)| local);
            let route_bounds = route_bounds(&[], route, valid);
            let where_clause = (!route_bounds.is_empty()).then(|| quote!(where #(#route_bounds,)*));
            parts.push(quote! {
                #[allow(clippy::ptr_arg, clippy::ref_option, clippy::too_many_arguments,
                    clippy::trivially_copy_pass_by_ref)]
                fn #name(#(#params),*) -> #CORE::result::Result<#URLKIT::Url, #URLKIT::ExpandError>
                #where_clause
                {
                    #to_url
                }
            });
            url_arms.push(quote!(#pattern => #name(#(#locals),*),));
        } else {
            url_arms.push(quote!(#pattern => #to_url,));
        }
    }
    parts.extend(shared.into_iter().map(|(_, _, function)| function));
    let needs_which = captors.iter().any(|c| !c.is_empty());
    let walk = tree::walk(input, valid, tried, &templates);
    let from_url = tree::from_url(input, valid, tried, &mut parts);
    let which = needs_which.then(|| tree::which(input));
    let matched = if input.routes.is_empty() {
        quote!(*self)
    } else {
        quote!(self)
    };
    let inherent = (!input.is_enum).then(|| {
        let template = &templates[0];
        quote! {
            impl #impl_generics #ident #ty_generics #written_where {
                /// The route's template, as written in `#[route("...")]`.
                pub const TEMPLATE: &'static #CORE::primitive::str = #template;
            }
        }
    });
    let method = request_method(input, &matched);
    let markers = declare_markers(ident, &markers(input, valid));
    let shapes = shapes::shapes(input, valid);
    // One scope for the markers and the impls that name them, so that a type error says
    // `id`, not `<Post as Route>::to_url::id`.
    quote! {
        const _: () = {
            #markers
            #walk
            #which
            #(#parts)*

            impl #impl_generics #URLKIT::Route for #ident #ty_generics #where_clause {
                const TEMPLATES: &'static [&'static #CORE::primitive::str] = &[#(#templates),*];

                const SHAPES: &'static [#URLKIT::route::RouteShape] = #shapes;

                fn template(&self) -> &'static #CORE::primitive::str {
                    match #matched { #(#template_arms)* }
                }

                fn to_url(&self) -> #CORE::result::Result<#URLKIT::Url, #URLKIT::ExpandError> {
                    match #matched { #(#url_arms)* }
                }

                #from_url

                #method
            }
            #inherent
        };
    }
}

/// `method`, where a route names methods: the first it names. (The trait's default, `None`,
/// stands for the others.)
fn request_method(input: &RouteType<'_>, matched: &TokenStream) -> Option<TokenStream> {
    if input.routes.iter().all(|r| r.methods.is_empty()) {
        return None;
    }
    let some = quote!(#CORE::option::Option::Some);
    let arms = input.routes.iter().filter_map(|route| {
        let &m = route.methods.first()?;
        let path = route_path(route);
        let method = shapes::method(m);
        Some(quote!(#path { .. } => #some(#method),))
    });
    let rest = (input.routes.iter().any(|r| r.methods.is_empty()))
        .then(|| quote!(_ => #CORE::option::Option::None,));
    Some(quote! {
        fn method(&self) -> #CORE::option::Option<#URLKIT::route::Method> {
            match #matched { #(#arms)* #rest }
        }
    })
}

/// A bound for each field that a placeholder reads. Where its type names a type parameter
/// (`id: T`), as serde's derives add them: the field's type must be a `Value` to be written
/// (`Port` or `Prefixed` where it is a port or has a prefix) and `FromParam` to be read. A
/// route of a type that lacks them then does not implement `Route`, and rustc says which
/// bound is missing where the route is used, rather than asking for a bound on the marker
/// type at the definition. Where it does not, `RouteField<marker>`, the trait `to_url` and
/// `from_url` both check the field through: a type that is not a route field is then one
/// error, at this bound (spanned on the field's type), and the bodies, which assume it, add
/// none.
fn bounds(input: &RouteType<'_>, valid: &[Valid]) -> Vec<TokenStream> {
    let params: Vec<String> = (input.original.generics.type_params())
        .map(|p| p.ident.to_string())
        .collect();
    let mut bounds = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (route, valid) in input.routes.iter().zip(valid) {
        for bound in route_bounds(&params, route, valid) {
            // The same field in several variants is one bound.
            if !seen.contains(&bound.to_string()) {
                seen.push(bound.to_string());
                bounds.push(bound);
            }
        }
    }
    bounds
}

/// The bounds of one route's fields (see `bounds`), `params` the type's type parameters.
/// A function of the route's alone (`in_parts`) states them too: the impl's bodies assume
/// them, and so must its, so that a field of a type that is not a route field is reported
/// once, at the bound, as the impl reports it.
pub(super) fn route_bounds(
    params: &[String],
    route: &Route<'_>,
    valid: &Valid,
) -> Vec<TokenStream> {
    let mut bounds = Vec::new();
    for (field, capture) in route.fields.iter().zip(&valid.captures) {
        let ty = field.ty;
        if capture.is_none() {
            continue;
        }
        let mut names = Vec::new();
        idents(quote!(#ty), &mut names);
        let generic = names.iter().any(|n| params.contains(n));
        // A port or a prefix takes one value, which its own trait checks.
        let mut write = None;
        for (i, e) in valid.checked.expressions.iter().enumerate() {
            for spec in &e.vars {
                if valid.checked.template[spec.name.clone()] != field.name {
                    continue;
                }
                let marker = marker(&field.name);
                if valid.checked.reference.placements[i] == Placement::Port {
                    write = Some(quote!(#URLKIT::value::Port<#marker>));
                } else if matches!(spec.modifier, Modifier::Prefix(_)) {
                    write = Some(quote!(#URLKIT::value::Prefixed<#marker>));
                }
            }
        }
        let map = super::check::is_object(field) || field.deep_object.is_some();
        if map && generic {
            // Written from its entries (and, joined, as RFC 6570 writes a map), each key
            // and value a scalar; read through the trait of its style.
            let private = quote!(#URLKIT::__private::route);
            let read = if field.deep_object.is_some() {
                quote!(#private::DeepObjectField)
            } else {
                quote!(#private::ObjectField)
            };
            let entries = quote!(<#ty as #private::Entries>);
            bounds.extend([
                quote!(#ty: #read + #private::Entries + #URLKIT::value::Value),
                quote!(#entries::Key: #URLKIT::value::Scalar),
                quote!(#entries::Value: #URLKIT::value::Scalar),
            ]);
            continue;
        }
        let bound = match write {
            // A map is read and written through a trait of its own.
            _ if super::check::is_object(field) => {
                let span = ty.span();
                let urlkit_at = URLKIT.at(span);
                let bound = quote_spanned!(span=> #urlkit_at::__private::route::ObjectField);
                quote!(#ty: #bound)
            }
            _ if field.deep_object.is_some() => {
                let span = ty.span();
                let urlkit_at = URLKIT.at(span);
                let bound = quote_spanned!(span=> #urlkit_at::__private::route::DeepObjectField);
                quote!(#ty: #bound)
            }
            Some(write) if generic => quote!(#ty: #write + #URLKIT::route::FromParam),
            None if generic => {
                quote!(#ty: #URLKIT::value::Value + #URLKIT::route::FromParam)
            }
            Some(_) => continue,
            None => {
                let marker = marker(&field.name);
                let span = ty.span();
                let urlkit_at = URLKIT.at(span);
                let bound = quote_spanned!(span=> #urlkit_at::route::RouteField<#marker>);
                quote!(#ty: #bound)
            }
        };
        bounds.push(bound);
    }
    bounds
}

/// The call of a function that builds the URL as `to_url` does, which routes whose `to_url`
/// differs only in its string literals and `usize` literals (the static text, the
/// placeholders' names, the static length) share: those literals are its arguments
/// (`__texts`, `__lengths`), except inside brackets, where they are items of a `'static` array. The
/// function (in `shared`, keyed by its text) takes the fields `locals` (`params`, their
/// declarations) and has the `where` bounds of the first route that needs it, which name
/// the same types with the same markers as every other route that shares it (they are in
/// its text) and are the impl's own (same tokens, same spans), so that a field whose type is
/// no route field is still reported once.
fn shared_url(
    to_url: TokenStream,
    params: &[TokenStream],
    locals: &[&Ident],
    route_bounds: impl FnOnce() -> Vec<TokenStream>,
    shared: &mut Vec<(String, Ident, TokenStream)>,
) -> TokenStream {
    let site = Span::mixed_site();
    let (texts, numbers) = (Ident::new("__texts", site), Ident::new("__lengths", site));
    let (mut strings, mut usizes) = (Vec::new(), Vec::new());
    let body = literals_as_arguments(to_url, &texts, &numbers, &mut strings, &mut usizes);
    let (s, n) = (strings.len(), usizes.len());
    let signature = quote! {
        (
            #(#params,)*
            #texts: [&'static #CORE::primitive::str; #s],
            #numbers: [#CORE::primitive::usize; #n],
        ) -> #CORE::result::Result<#URLKIT::Url, #URLKIT::ExpandError>
    };
    let text = format!("{signature}{body}");
    let name = if let Some((_, name, _)) = shared.iter().find(|(key, _, _)| *key == text) {
        name.clone()
    } else {
        let name = format_ident!("__url_{}", shared.len(), span = site);
        let bounds = route_bounds();
        let where_clause = (!bounds.is_empty()).then(|| quote!(where #(#bounds,)*));
        shared.push((
            text,
            name.clone(),
            quote! {
                #[allow(clippy::ptr_arg, clippy::ref_option, clippy::too_many_arguments,
                    clippy::trivially_copy_pass_by_ref, unused_variables)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn #name #signature #where_clause { #body }
            },
        ));
        name
    };
    quote!(#name(#(#locals,)* [#(#strings),*], [#(#usizes),*]))
}

/// `tokens` with each string literal replaced by `texts[i]` and each `usize` literal by
/// `numbers[i]` (`i` counting them in order, each pushed to `strings` or `usizes`), but for
/// those inside brackets, which may have to be constant.
fn literals_as_arguments(
    tokens: TokenStream,
    texts: &Ident,
    numbers: &Ident,
    strings: &mut Vec<proc_macro2::Literal>,
    usizes: &mut Vec<proc_macro2::Literal>,
) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let mut out = TokenStream::new();
    for token in tokens {
        match token {
            TokenTree::Group(group) if group.delimiter() != Delimiter::Bracket => {
                let stream = literals_as_arguments(group.stream(), texts, numbers, strings, usizes);
                let mut new = Group::new(group.delimiter(), stream);
                new.set_span(group.span());
                out.extend([TokenTree::Group(new)]);
            }
            TokenTree::Literal(literal) => {
                let text = literal.to_string();
                let string = text.starts_with('"') || text.starts_with('r');
                let number =
                    text.starts_with(|c: char| c.is_ascii_digit()) && text.ends_with("usize");
                let (array, list) = match (string, number) {
                    (true, _) => (texts, &mut *strings),
                    (_, true) => (numbers, &mut *usizes),
                    _ => {
                        out.extend([TokenTree::Literal(literal)]);
                        continue;
                    }
                };
                let i = proc_macro2::Literal::usize_unsuffixed(list.len());
                list.push(literal);
                out.extend(quote!(#array[#i]));
            }
            other => out.extend([other]),
        }
    }
    out
}

/// Whether each route's `to_url` and the reading of its fields are functions of their own,
/// which the impl's methods call, rather than arms of one `match`: in an enum, where rustc
/// checks and compiles many small bodies faster than one of thousands of lines. Not in
/// a generic enum, whose functions would each need its parameters, nor where a field's type
/// names `Self`, which a free function cannot.
pub(super) fn in_parts(input: &RouteType<'_>) -> bool {
    if !input.is_enum || !input.original.generics.params.is_empty() {
        return false;
    }
    let mut names = Vec::new();
    for field in input.routes.iter().flat_map(|r| &r.fields) {
        let ty = field.ty;
        idents(quote!(#ty), &mut names);
    }
    !names.iter().any(|n| n == "Self")
}

/// The marker types, declared in a function named after the route type and reached through
/// an associated type of a trait it implements: rustc names a marker by its path where
/// another type in the crate has its name (two routes with a field `id`), and that path is
/// then `User::id`, the route and the field. (Declared in the impls' block itself it would be
/// `_::id`; a module named `User` there would shadow the type itself. A function is in the
/// value namespace, where only a tuple or unit struct's constructor has the type's name.)
fn declare_markers(route: &Ident, markers: &[Ident]) -> TokenStream {
    if markers.is_empty() {
        return TokenStream::new();
    }
    let (fields, named) = (
        Ident::new("__Fields", Span::call_site()),
        Ident::new("__FieldNames", Span::call_site()),
    );
    quote! {
        struct #fields;
        #[allow(non_camel_case_types)]
        trait #named { #(type #markers;)* }
        // The impl stands in the function so that it can name the markers; it is the
        // function's only way out (what `non_local_definitions` warns about).
        #[allow(non_snake_case, dead_code, non_local_definitions)]
        fn #route() {
            #(#[allow(non_camel_case_types, dead_code)] struct #markers {})*
            impl #named for #fields { #(type #markers = #markers;)* }
        }
        #(#[allow(non_camel_case_types)] type #markers = <#fields as #named>::#markers;)*
    }
}

/// The marker types named after the fields that placeholders read: `url!`'s generator names
/// them in errors about values (`Placeholder<id>`), `from_url` in errors about parsing.
fn markers(input: &RouteType<'_>, valid: &[Valid]) -> Vec<Ident> {
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

/// `to_url` of a route whose URLs routes tried before it can take: the URL it built goes
/// through the matcher, and if another route would take it, an error names that route.
fn round_trip(
    to_url: &TokenStream,
    captors: &[Captor],
    routes: &[Route<'_>],
    templates: &[String],
    rank: impl Fn(usize) -> usize,
    methods: Option<TokenStream>,
) -> TokenStream {
    let methods = methods.map(|m| quote!(, #m));
    let site = Span::mixed_site();
    let built = Ident::new("__built", site);
    let arms = captors.iter().map(|c| {
        let at = rank(c.route);
        let label = &routes[c.route].label;
        let template = &templates[c.route];
        let placeholder = &c.placeholder;
        quote! {
            #CORE::option::Option::Some(#at) => #CORE::result::Result::Err(
                #URLKIT::__private::route::parses_as(#placeholder, #label, #template)
            ),
        }
    });
    quote! {
        match #to_url {
            #CORE::result::Result::Ok(#built) => match __which(#built.as_str() #methods) {
                #(#arms)*
                _ => #CORE::result::Result::Ok(#built),
            },
            #CORE::result::Result::Err(e) => #CORE::result::Result::Err(e),
        }
    }
}

/// The template as `to_url` expands it: a deepObject field's `{?x}` exploded, so that its
/// map, whose keys are `x[key]`, writes a pair per entry (RFC 6570 §3.2.8 with `*`), where
/// `{?x}` would write one `x=` pair.
fn deep_checked(
    route: &Route<'_>,
    checked: &crate::check::BoundTemplate,
) -> crate::check::BoundTemplate {
    let mut checked = checked.clone();
    let template = checked.template.clone();
    for expression in &mut checked.expressions {
        for spec in &mut expression.vars {
            let name = &template[spec.name.clone()];
            if route
                .fields
                .iter()
                .any(|f| f.deep_object.is_some() && f.name == name)
            {
                spec.modifier = urlkit_syntax::template::Modifier::Explode;
            }
        }
    }
    checked
}

/// How `to_url` writes the map field `f`, bound to `local`: `{?x}` as RFC 6570 writes a map
/// (§3.2.8, its keys and values joined with `,`), or joined with the delimiter of its `style`, a
/// list of pairs refusing a repeated key (it would not read back); `{?x*}` through a wrapper that
/// refuses a key which another parameter or a static piece of the route names, or an empty one,
/// since the entry would not read back as the map's.
fn object_value(route: &Route<'_>, valid: &Valid, f: usize, local: &Ident) -> (TokenStream, bool) {
    let field = &route.fields[f];
    if let Some((delimiter, _)) = field.style {
        let value = quote!(#URLKIT::__private::route::DelimitedObject(#local, #delimiter));
        return (value, false);
    }
    let exploded = match valid.captures.get(f) {
        Some(Some(super::check::Capture::Key(j))) => super::check::joined(&valid.shape, *j, field)
            .is_none()
            .then_some(*j),
        Some(Some(super::check::Capture::Segment(k))) => {
            // Never empty, and in `{.x*}` no key or value with a `.` (see `PathObject`).
            let dots = super::check::segment_list(&valid.shape, *k, field) == Some('.');
            let value = quote!(#URLKIT::__private::route::PathObject(#local, #dots));
            return (value, false);
        }
        _ => None,
    };
    match exploded {
        Some(j) => {
            let claimed = super::check::claimed(route, valid, j);
            let value = quote!(#URLKIT::__private::route::ExplodedObject(#local, #claimed));
            (value, false)
        }
        None => (quote!(#URLKIT::__private::route::UniqueKeys(#local)), false),
    }
}
