//! `#[derive(Param)]`: a unit enum as a route field, each variant one spelling. Writes
//! `Scalar`, `ListItem` and `Value` (so `to_url`, `url!` and `Template` write the spelling)
//! and `FromParam` (so `from_url` reads it back, and `Route::SHAPES` lists the spellings).
//!
//! A variant is spelt as written, or as `#[param(rename_all = "...")]` on the enum converts its
//! name (serde's names for the cases), or as its own `#[param(rename = "...")]`. Every problem
//! is reported in one compile; the impls are then written without the variants, so that the
//! enum's uses report nothing more.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{Attribute, Data, DeriveInput, Fields, LitStr};

use crate::diagnostics::Diagnostics;
use crate::root::{CORE, Root, URLKIT};

/// The cases `rename_all` takes, as serde spells them.
const CASES: [&str; 8] = [
    "lowercase",
    "UPPERCASE",
    "PascalCase",
    "camelCase",
    "snake_case",
    "SCREAMING_SNAKE_CASE",
    "kebab-case",
    "SCREAMING-KEBAB-CASE",
];

pub(crate) fn derive(tokens: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(tokens) {
        Ok(input) => input,
        Err(error) => return Root::compile_errors(error),
    };
    let mut errors = Diagnostics::default();
    let (root, declaration) = Root::of_derive(&input.attrs, &mut errors);
    let spellings = spellings(&input, &mut errors);
    let expanded = root.enter(|| match (spellings, errors.finish()) {
        (Some(spellings), Ok(())) => impls(&input, &spellings),
        (_, result) => {
            let errors = result.err().map(Root::compile_errors);
            let fallback = impls(&input, &[]);
            quote!(#errors #fallback)
        }
    });
    quote! {
        const _: () = {
            #declaration
            #expanded
        };
    }
}

/// Each variant with its spelling, or `None` when the type is no unit enum.
fn spellings(input: &DeriveInput, errors: &mut Diagnostics) -> Option<Vec<(syn::Ident, String)>> {
    let Data::Enum(data) = &input.data else {
        errors.push(syn::Error::new(
            input.ident.span(),
            "`Param` is derived for an enum of unit variants, each one spelling of the value; for a struct, implement `FromParam` and `Value`, or declare the field as `urlkit::Fmt<T>`",
        ));
        return None;
    };
    if data.variants.is_empty() {
        errors.push(syn::Error::new(
            input.ident.span(),
            "an enum without variants has no value to read; add a variant for each spelling",
        ));
    }
    let (rename_all, _) = attrs(&input.attrs, true, errors);
    let mut out: Vec<(syn::Ident, String, Span)> = Vec::new();
    for variant in &data.variants {
        let (_, rename) = attrs(&variant.attrs, false, errors);
        if !matches!(variant.fields, Fields::Unit) {
            errors.push(syn::Error::new_spanned(
                &variant.fields,
                format!(
                    "`{}` holds data, but each `Param` variant is one spelling of the value; remove its fields",
                    variant.ident
                ),
            ));
        }
        let name = variant.ident.to_string();
        let (spelling, span) = match &rename {
            Some(lit) => (lit.value(), lit.span()),
            None => (
                rename_all
                    .as_ref()
                    .map_or_else(|| name.clone(), |case| convert(&name, case)),
                variant.ident.span(),
            ),
        };
        if spelling.is_empty() {
            errors.push(syn::Error::new(
                span,
                format!(
                    "`{name}` is spelt as the empty string, which an optional query field reads as absent and a path segment cannot hold; give it a non-empty spelling"
                ),
            ));
        }
        if let Some((other, _, _)) = out.iter().find(|(_, s, _)| *s == spelling) {
            errors.push(syn::Error::new(
                span,
                format!(
                    "`{name}` is spelt `{spelling}`, as `{other}` is, so `from_url` could not tell them apart; rename one with `#[param(rename = \"...\")]`"
                ),
            ));
        }
        out.push((variant.ident.clone(), spelling, span));
    }
    Some(
        out.into_iter()
            .map(|(ident, spelling, _)| (ident, spelling))
            .collect(),
    )
}

/// The `#[param(...)]` attributes: `rename_all` (where `on_enum`) and `rename` (elsewhere).
fn attrs(
    attrs: &[Attribute],
    on_enum: bool,
    errors: &mut Diagnostics,
) -> (Option<String>, Option<LitStr>) {
    let mut rename_all = None;
    let mut rename = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("param")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                let lit: LitStr = meta.value()?.parse()?;
                if !on_enum {
                    return Err(syn::Error::new(
                        lit.span(),
                        "`rename_all` goes on the enum; a variant takes `rename = \"...\"`",
                    ));
                }
                if !CASES.contains(&lit.value().as_str()) {
                    return Err(syn::Error::new(
                        lit.span(),
                        format!(
                            "unknown case `{}`; `rename_all` takes one of {}",
                            lit.value(),
                            CASES.map(|c| format!("`\"{c}\"`")).join(", ")
                        ),
                    ));
                }
                rename_all = Some(lit.value());
                Ok(())
            } else if meta.path.is_ident("rename") {
                let lit: LitStr = meta.value()?.parse()?;
                if on_enum {
                    return Err(syn::Error::new(
                        lit.span(),
                        "`rename` goes on a variant; the enum takes `rename_all = \"...\"`",
                    ));
                }
                rename = Some(lit);
                Ok(())
            } else {
                Err(meta.error(
                    "unknown param attribute; the enum takes `rename_all = \"snake_case\"` (or another of serde's cases), a variant `rename = \"...\"`",
                ))
            }
        });
        if let Err(error) = parsed {
            errors.push(error);
        }
    }
    (rename_all, rename)
}

/// `name`, a variant's name in `PascalCase`, in `case` (one of [`CASES`]): its words start at
/// each uppercase letter, as serde's `rename_all` splits them.
fn convert(name: &str, case: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    for c in name.chars() {
        match words.last_mut() {
            Some(word) if !c.is_uppercase() => word.push(c),
            _ => words.push(c.to_string()),
        }
    }
    let lower = |w: &String| w.to_lowercase();
    let upper = |w: &String| w.to_uppercase();
    let joined = |sep: &str, f: &dyn Fn(&String) -> String| {
        words.iter().map(f).collect::<Vec<_>>().join(sep)
    };
    match case {
        "lowercase" => name.to_lowercase(),
        "UPPERCASE" => name.to_uppercase(),
        "camelCase" => {
            let mut chars = name.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
        "snake_case" => joined("_", &lower),
        "SCREAMING_SNAKE_CASE" => joined("_", &upper),
        "kebab-case" => joined("-", &lower),
        "SCREAMING-KEBAB-CASE" => joined("-", &upper),
        // `PascalCase`: the name as written.
        _ => name.to_string(),
    }
}

/// The impls; without spellings (after an error), ones that compile and read nothing.
fn impls(input: &DeriveInput, spellings: &[(syn::Ident, String)]) -> TokenStream {
    let ty = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let idents: Vec<_> = spellings.iter().map(|(ident, _)| ident).collect();
    let texts: Vec<_> = spellings.iter().map(|(_, text)| text).collect();
    // A local, not the constant: `quote!`'s repetition binds the names it holds.
    let ok = quote!(#CORE::result::Result::Ok);
    let expected = format!(
        "one of {}",
        texts
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let longest = texts.iter().map(|t| t.len()).max().unwrap_or(0);
    let spelling = if spellings.is_empty() {
        quote!({
            let _ = value;
            ""
        })
    } else {
        quote!(match *value { #(#ty::#idents => #texts,)* })
    };
    quote! {
        // A function local to the generated `const _` block, not a method: the user's type
        // gains no name of ours.
        #[inline]
        fn spelling_of #impl_generics (value: &#ty #ty_generics) -> &'static #CORE::primitive::str #where_clause {
            #spelling
        }

        impl #impl_generics #URLKIT::value::Scalar for #ty #ty_generics #where_clause {
            #[inline]
            fn write(&self, e: &mut #URLKIT::value::Expansion<'_, '_>) {
                <#CORE::primitive::str as #URLKIT::value::Scalar>::write(spelling_of(self), e);
            }
            #[inline]
            fn write_unreserved(&self, e: &mut #URLKIT::value::Expansion<'_, '_>) {
                <#CORE::primitive::str as #URLKIT::value::Scalar>::write_unreserved(spelling_of(self), e);
            }
            #[inline]
            fn unreserved_text(&self) -> #CORE::option::Option<&#CORE::primitive::str> {
                #CORE::option::Option::Some(spelling_of(self))
            }
            fn size_hint(&self) -> #CORE::primitive::usize {
                #longest
            }
        }

        impl #impl_generics #URLKIT::value::ListItem for #ty #ty_generics #where_clause {}

        impl #impl_generics #URLKIT::value::Value for #ty #ty_generics #where_clause {
            #[inline]
            fn expand(&self, e: &mut #URLKIT::value::Expansion<'_, '_>) {
                e.scalar(self);
            }
        }

        impl #impl_generics #URLKIT::route::FromParam for #ty #ty_generics #where_clause {
            const VALUE_TYPE: #URLKIT::route::ValueType =
                #URLKIT::route::ValueType::OneOf(&[#(#texts),*]);

            fn from_param(
                value: #URLKIT::__private::Cow<'_, #CORE::primitive::str>,
            ) -> #CORE::result::Result<Self, #URLKIT::route::ParamError> {
                match &*value {
                    #(#texts => #ok(#ty::#idents),)*
                    _ => #CORE::result::Result::Err(#URLKIT::route::ParamError::Invalid {
                        expected: #expected,
                    }),
                }
            }
        }
    }
}
