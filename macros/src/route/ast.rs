//! The derive's input as routes and fields, each keeping what errors point at.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{
    Attribute, Data, DeriveInput, Expr, ExprLit, Fields, GenericArgument, Ident, Lit, LitStr,
    Member, Meta, PathArguments, Type,
};
use urlkit_syntax::route::owned::Arity;

use super::attr;
use crate::diagnostics::Diagnostics;
use crate::generate;

/// A type deriving `Route`: one route for a struct, one per variant for an enum.
pub(crate) struct RouteType<'a> {
    pub(crate) original: &'a DeriveInput,
    pub(crate) routes: Vec<Route<'a>>,
    pub(crate) is_enum: bool,
}

/// A struct, or one variant.
pub(crate) struct Route<'a> {
    /// The variant, for an enum.
    pub(crate) variant: Option<&'a Ident>,
    /// How errors name it: `Post`, `Api::User`.
    pub(crate) label: String,
    pub(crate) template: Option<LitStr>,
    /// A `#[route]` was written but not read (and reported): no "missing template" then.
    pub(crate) malformed: bool,
    /// Where a missing template is reported.
    pub(crate) span: Span,
    pub(crate) fields: Vec<Field<'a>>,
    /// `#[route(deny_unknown_params)]` on the struct or the enum.
    pub(crate) deny_unknown: bool,
    /// The doc comment of the variant, or of the struct (`doc`).
    pub(crate) doc: String,
    /// `#[route(get, post, "...")]`: indices into `attr::METHODS`, in the order written;
    /// empty for any method.
    pub(crate) methods: Vec<usize>,
}

/// One field.
pub(crate) struct Field<'a> {
    pub(crate) member: Member,
    /// The placeholder that fills it: the field's name (`r#type` is `type`), or its index.
    pub(crate) name: String,
    pub(crate) ty: &'a Type,
    /// What it holds, from its type as written.
    pub(crate) arity: Arity,
    /// The element type of an `Option` or a `Vec`.
    pub(crate) inner: Option<&'a Type>,
    pub(crate) skip: bool,
    /// `#[route(style = "...")]`: the delimiter that joins the list's items, and where the
    /// style is named.
    pub(crate) style: Option<(char, Span)>,
    /// `#[route(style = "deepObject")]`: where the style is named.
    pub(crate) deep_object: Option<Span>,
    /// `#[route(keep_empty)]`: where it is written.
    pub(crate) keep_empty: Option<Span>,
    /// Where "no placeholder" is reported: the name, or the type of a tuple field.
    pub(crate) span: Span,
    /// Its doc comment (`doc`).
    pub(crate) doc: String,
}

impl Route<'_> {
    /// Whether the route takes method `m` (an index into `attr::METHODS`): it names it, or
    /// names none.
    pub(crate) fn takes(&self, m: usize) -> bool {
        self.methods.is_empty() || self.methods.contains(&m)
    }

    /// Whether some request method reaches both routes.
    pub(crate) fn shares_a_method(&self, other: &Route<'_>) -> bool {
        self.methods.is_empty()
            || other.methods.is_empty()
            || self.methods.iter().any(|&m| other.methods.contains(&m))
    }
}

impl<'a> RouteType<'a> {
    pub(crate) fn from_syn(input: &'a DeriveInput, errors: &mut Diagnostics) -> Option<Self> {
        let attrs = attr::parse(&input.attrs, errors);
        if let Some(skip) = attrs.skip {
            errors.push(syn::Error::new(skip, SKIP_ON_FIELDS));
        }
        if let Some(style) = attrs.style.map(|(_, at)| at).or(attrs.deep_object) {
            errors.push(syn::Error::new(style, STYLE_ON_FIELDS));
        }
        if let Some(keep) = attrs.keep_empty {
            errors.push(syn::Error::new(keep, KEEP_EMPTY_ON_FIELDS));
        }
        let name = input.ident.to_string();
        let deny_unknown = attrs.deny_unknown.is_some();
        let (routes, is_enum) = match &input.data {
            Data::Struct(data) => {
                let route = Route {
                    variant: None,
                    label: name,
                    template: attrs.template,
                    malformed: attrs.malformed,
                    span: input.ident.span(),
                    fields: fields(&data.fields, errors),
                    deny_unknown,
                    doc: doc(&input.attrs),
                    methods: attrs.methods.iter().map(|&(m, _)| m).collect(),
                };
                (vec![route], false)
            }
            Data::Enum(data) => {
                if let Some(template) = &attrs.template {
                    errors.push(syn::Error::new(
                        template.span(),
                        "a route enum has one template per variant; move `#[route(\"...\")]` to a variant",
                    ));
                }
                if let Some(&(m, span)) = attrs.methods.first() {
                    errors.push(syn::Error::new(
                        span,
                        format!("a route enum declares methods per variant; move `{}` to the variants it applies to", attr::METHODS[m]),
                    ));
                }
                let routes = data
                    .variants
                    .iter()
                    .map(|variant| {
                        let attrs = attr::parse(&variant.attrs, errors);
                        if let Some(deny) = attrs.deny_unknown {
                            errors.push(syn::Error::new(
                                deny,
                                "`deny_unknown_params` applies to the whole enum; put it on the enum",
                            ));
                        }
                        if let Some(skip) = attrs.skip {
                            errors.push(syn::Error::new(skip, SKIP_ON_FIELDS));
                        }
                        if let Some(style) = attrs.style.map(|(_, at)| at).or(attrs.deep_object) {
                            errors.push(syn::Error::new(style, STYLE_ON_FIELDS));
                        }
                        if let Some(keep) = attrs.keep_empty {
                            errors.push(syn::Error::new(keep, KEEP_EMPTY_ON_FIELDS));
                        }
                        Route {
                            variant: Some(&variant.ident),
                            label: format!("{name}::{}", variant.ident),
                            template: attrs.template,
                            malformed: attrs.malformed,
                            span: variant.ident.span(),
                            fields: fields(&variant.fields, errors),
                            deny_unknown,
                            doc: doc(&variant.attrs),
                            methods: attrs.methods.iter().map(|&(m, _)| m).collect(),
                        }
                    })
                    .collect();
                (routes, true)
            }
            Data::Union(data) => {
                errors.push(syn::Error::new(
                    data.union_token.span,
                    "`Route` cannot be derived for a union; use a struct or an enum",
                ));
                return None;
            }
        };
        Some(RouteType {
            original: input,
            routes,
            is_enum,
        })
    }
}

const STYLE_ON_FIELDS: &str = "`style` applies to a field read in the query (a `Vec` whose items it joins in one value, or a `BTreeMap` for `deepObject`); move it to that field";

const KEEP_EMPTY_ON_FIELDS: &str = "`keep_empty` applies to an `Option` field read in the query, whose empty value it keeps as `Some`; move it to that field";

const SKIP_ON_FIELDS: &str =
    "`skip` applies to a field, which `from_url` then fills with `Default::default()`";

fn fields<'a>(fields: &'a Fields, errors: &mut Diagnostics) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, field)| {
            let attrs = attr::parse(&field.attrs, errors);
            if let Some(template) = &attrs.template {
                errors.push(syn::Error::new(
                    template.span(),
                    "a template goes on the struct or the variant, not on a field",
                ));
            }
            if let Some(deny) = attrs.deny_unknown {
                errors.push(syn::Error::new(
                    deny,
                    "`deny_unknown_params` goes on the struct or the enum, not on a field",
                ));
            }
            if let Some(&(m, span)) = attrs.methods.first() {
                errors.push(syn::Error::new(
                    span,
                    format!(
                        "a method goes on the struct or the variant, not on a field; move `{}` there",
                        attr::METHODS[m]
                    ),
                ));
            }
            let (member, name, span) = match &field.ident {
                Some(ident) => (
                    Member::Named(ident.clone()),
                    ident.unraw().to_string(),
                    ident.span(),
                ),
                None => (Member::Unnamed(i.into()), i.to_string(), field.ty.span()),
            };
            let (kind, inner) = arity_of(&field.ty);
            Field {
                member,
                name,
                ty: &field.ty,
                arity: kind,
                inner,
                skip: attrs.skip.is_some(),
                style: attrs.style,
                deep_object: attrs.deep_object,
                keep_empty: attrs.keep_empty,
                span,
                doc: doc(&field.attrs),
            }
        })
        .collect()
}

/// A doc comment as rustdoc reads it: the text of each `#[doc = "..."]` whose value is a
/// literal (`include_str!` and other macros are not expanded here), split into lines, the
/// indentation the non-blank lines share removed, blank lines at either end dropped.
fn doc(attrs: &[Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if let Meta::NameValue(pair) = &attr.meta
            && pair.path.is_ident("doc")
            && let Expr::Lit(ExprLit {
                lit: Lit::Str(text),
                ..
            }) = &pair.value
        {
            lines.extend(text.value().split('\n').map(str::to_owned));
        }
    }
    let indent = (lines.iter())
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines: Vec<&str> = (lines.iter())
        .map(|line| line.get(indent..).unwrap_or("").trim_end())
        .collect();
    let first = lines.iter().position(|line| !line.is_empty());
    let last = lines.iter().rposition(|line| !line.is_empty());
    match (first, last) {
        (Some(first), Some(last)) => lines[first..=last].join("\n"),
        _ => String::new(),
    }
}

/// `ty` as written, without the invisible group a `macro_rules!` `$ty` fragment puts around
/// it, or parentheses.
pub(crate) fn as_written(mut ty: &Type) -> &Type {
    loop {
        ty = match ty {
            Type::Group(group) => &group.elem,
            Type::Paren(paren) => &paren.elem,
            _ => return ty,
        };
    }
}

/// `Option<T>` and `Vec<T>` (by the last segment of their path, as written), with `T`.
pub(crate) fn arity_of(ty: &Type) -> (Arity, Option<&Type>) {
    let Type::Path(path) = as_written(ty) else {
        return (Arity::One, None);
    };
    let Some(last) = path.path.segments.last() else {
        return (Arity::One, None);
    };
    let kind = if last.ident == "Option" {
        Arity::Optional
    } else if last.ident == "Vec" {
        Arity::List
    } else {
        return (Arity::One, None);
    };
    match &last.arguments {
        PathArguments::AngleBracketed(args) if path.qself.is_none() => {
            match args.args.iter().collect::<Vec<_>>()[..] {
                [GenericArgument::Type(inner)] => (kind, Some(inner)),
                _ => (Arity::One, None),
            }
        }
        _ => (Arity::One, None),
    }
}

/// A field's marker: its name, or `_0` for a tuple field.
pub(crate) fn marker(name: &str) -> Ident {
    let site = Span::mixed_site();
    generate::marker(name, site).unwrap_or_else(|| format_ident!("_{}", name, span = site))
}

pub(crate) fn route_path(route: &Route<'_>) -> TokenStream {
    if let Some(variant) = route.variant {
        quote!(Self::#variant)
    } else {
        quote!(Self)
    }
}
