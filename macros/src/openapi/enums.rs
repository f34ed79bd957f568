//! String enum schemas: a parameter whose schema (or whose array's items) is `type: string`
//! with `enum: [...]` becomes a unit enum with `#[derive(Param)]`, written beside the route
//! enum, each variant `#[param(rename = "...")]` with the exact spelling.
//!
//! Names start with the route enum's, so that two `openapi!` invocations in one module (of one
//! document, or two) never write the same type:
//! - a schema reached through `$ref` to `#/components/schemas/<name>` is one type,
//!   `<Enum><Name>`, shared by every parameter that refers to it;
//! - else a parameter that is `#/components/parameters/<name>` is one type, `<Enum><Name>`;
//! - else the enum is the operation's: `<Enum><Variant><Field>`.
//!
//! Where that name is another schema's, `Schema`, `Parameter` or `Values` is added. Anything
//! else keeps the mapping it had (a plain `String`, or the scalar type): values that are not
//! all strings, `null` among them or in `type`, an empty list, an empty or repeated spelling,
//! and two spellings that make one variant name (`created-at` and `created_at`).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use serde_json::{Map, Value};
use syn::Ident;

use super::map::{Report, Scalar, snake, upper_camel};

pub(super) struct EnumType {
    pub(super) name: String,
    /// What the type was made from: a `$ref`, or the parameter and the operation.
    source: String,
    pub(super) doc: String,
    /// Each spelling with its variant name.
    pub(super) values: Vec<(String, String)>,
}

pub(super) struct Enums {
    prefix: String,
    pub(super) types: Vec<EnumType>,
}

/// Where a parameter's enum comes from, for its name and doc.
enum Origin {
    Schema(String),
    Parameter(String),
    Inline,
}

impl Enums {
    pub(super) fn new(route_enum: &Ident) -> Enums {
        Enums {
            prefix: route_enum.to_string(),
            types: Vec::new(),
        }
    }

    /// The scalar type of a `string` parameter (or, with `items`, of its array's items): an
    /// enum where its schema is a string enum, else `String`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn string(
        &mut self,
        document: &Value,
        parameter: &Map<String, Value>,
        items: bool,
        pointer: &str,
        name: &str,
        variant: Option<&str>,
        report: &mut Report<'_>,
    ) -> Scalar {
        let Some(variant) = variant else {
            return Scalar::String;
        };
        let Some(schema) = parameter.get("schema") else {
            return Scalar::String;
        };
        let mut origin =
            components(document, "parameters", parameter).map_or(Origin::Inline, Origin::Parameter);
        let Some((mut schema, component)) = follow(document, schema) else {
            return Scalar::String;
        };
        if let Some(component) = component {
            origin = Origin::Schema(component);
        }
        if items {
            // The items' own `$ref` names the enum, else the array's name does.
            let Some((resolved, component)) = schema
                .get("items")
                .and_then(|items| follow(document, items))
            else {
                return Scalar::String;
            };
            schema = resolved;
            if let Some(component) = component {
                origin = Origin::Schema(component);
            }
        }
        let Some(values) = spellings(schema) else {
            return Scalar::String;
        };
        let field = upper_camel(&snake(name));
        let (base, source, suffix, doc) = match &origin {
            Origin::Schema(component) => (
                upper_camel(&snake(&unescape(component))),
                format!("#/components/schemas/{component}"),
                "Schema",
                format!(" The values of the schema `{}`.", unescape(component)),
            ),
            Origin::Parameter(component) => (
                upper_camel(&snake(&unescape(component))),
                format!("#/components/parameters/{component}"),
                "Parameter",
                format!(" The values of the parameter `{name}`."),
            ),
            Origin::Inline => (
                format!("{variant}{field}"),
                format!("{pointer} of {variant}"),
                "Values",
                format!(" The values of the parameter `{name}` of `{variant}`."),
            ),
        };
        if let Some(index) = self.types.iter().position(|known| known.source == source) {
            return Scalar::Enum(index);
        }
        let candidates = [
            format!("{}{base}", self.prefix),
            format!("{}{base}{suffix}", self.prefix),
        ];
        let Some(chosen) = candidates
            .iter()
            .find(|candidate| {
                syn::parse_str::<Ident>(candidate).is_ok()
                    && !self.types.iter().any(|known| known.name == **candidate)
            })
            .cloned()
        else {
            report(
                &format!("{pointer}/schema"),
                format!(
                    "the enum of parameter `{name}` would be `{}`, or else `{}`, but other enums of the document have both names; rename its schema",
                    candidates[0], candidates[1]
                ),
            );
            return Scalar::String;
        };
        self.types.push(EnumType {
            name: chosen,
            source,
            doc,
            values,
        });
        Scalar::Enum(self.types.len() - 1)
    }

    /// The enums, each `#[derive(Param)]` and the derives of the route enum that a unit enum
    /// does not have already (with `#[serde(rename)]` where Serde's are among them, so that
    /// Serde spells a value as the URL does).
    pub(super) fn emit(&self, attrs: &[syn::Attribute], vis: &syn::Visibility) -> TokenStream {
        const OWN: [&str; 8] = [
            "Debug",
            "Clone",
            "Copy",
            "PartialEq",
            "Eq",
            "Hash",
            "PartialOrd",
            "Ord",
        ];
        let own = |path: &syn::Path| {
            path.segments
                .last()
                .is_some_and(|last| OWN.contains(&last.ident.to_string().as_str()))
        };
        let is_serde = |path: &syn::Path| {
            path.segments
                .last()
                .is_some_and(|last| last.ident == "Serialize" || last.ident == "Deserialize")
        };
        // The route enum's derives, each under the `cfg` it stands under (`None`: always),
        // so that `#[cfg_attr(feature = "serde", derive(Serialize))]` reaches the enums too.
        let mut extra: Vec<(Option<TokenStream>, Vec<syn::Path>)> = Vec::new();
        for attr in attrs {
            for (cfg, paths) in derives(attr) {
                let paths: Vec<syn::Path> = paths.into_iter().filter(|p| !own(p)).collect();
                if !paths.is_empty() {
                    extra.push((cfg, paths));
                }
            }
        }
        let derive_attrs: Vec<TokenStream> = (extra.iter())
            .map(|(cfg, paths)| {
                cfg.as_ref().map_or_else(
                    || quote!(#[derive(#(#paths),*)]),
                    |cfg| quote!(#[cfg_attr(#cfg, derive(#(#paths),*))]),
                )
            })
            .collect();
        // Where Serde's derives stand, its `rename` too.
        let serde: Vec<Option<&TokenStream>> = (extra.iter())
            .filter(|(_, paths)| paths.iter().any(is_serde))
            .map(|(cfg, _)| cfg.as_ref())
            .collect();
        let types = self.types.iter().map(|enum_type| {
            let name = Ident::new(&enum_type.name, Span::call_site());
            let doc = &enum_type.doc;
            let variants = enum_type.values.iter().map(|(spelling, variant)| {
                let variant = Ident::new(variant, Span::call_site());
                let doc = format!(" `{spelling}`");
                let serde = serde.iter().map(|cfg| {
                    cfg.map_or_else(
                        || quote!(#[serde(rename = #spelling)]),
                        |cfg| quote!(#[cfg_attr(#cfg, serde(rename = #spelling))]),
                    )
                });
                quote!(#[doc = #doc] #[param(rename = #spelling)] #(#serde)* #variant)
            });
            quote! {
                #[doc = #doc]
                #[derive(
                    ::urlkit::__private::core::fmt::Debug,
                    ::urlkit::__private::core::clone::Clone,
                    ::urlkit::__private::core::marker::Copy,
                    ::urlkit::__private::core::cmp::PartialEq,
                    ::urlkit::__private::core::cmp::Eq,
                    ::urlkit::__private::core::hash::Hash,
                    ::urlkit::__private::core::cmp::PartialOrd,
                    ::urlkit::__private::core::cmp::Ord,
                    ::urlkit::Param,
                )]
                #(#derive_attrs)*
                #vis enum #name {
                    #(#variants,)*
                }
            }
        });
        quote!(#(#types)*)
    }

    pub(super) fn name(&self, index: usize) -> Ident {
        Ident::new(&self.types[index].name, Span::call_site())
    }
}

/// The value `schema` refers to through local `$ref`s, with the first schema component on the
/// way (the name it was given where it is used).
fn follow<'a>(document: &'a Value, mut schema: &'a Value) -> Option<(&'a Value, Option<String>)> {
    let mut component = None;
    // A chain longer than this is a cycle, which `map` reports.
    for _ in 0..32 {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
            return Some((schema, component));
        };
        if component.is_none() {
            component = reference
                .strip_prefix("#/components/schemas/")
                .map(str::to_owned);
        }
        schema = document.pointer(reference.strip_prefix('#')?)?;
    }
    None
}

/// The name under `#/components/<kind>/` whose value is `target` itself.
fn components(document: &Value, kind: &str, target: &Map<String, Value>) -> Option<String> {
    let list = document.get("components")?.get(kind)?.as_object()?;
    list.iter().find_map(|(name, value)| {
        value
            .as_object()
            .is_some_and(|value| core::ptr::eq(value, target))
            .then(|| super::map::escape(name))
    })
}

/// RFC 6901: `~1` is `/` and `~0` is `~`.
fn unescape(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

/// Each spelling of a string enum with its variant name, or `None` where the schema keeps its
/// plain mapping.
fn spellings(schema: &Value) -> Option<Vec<(String, String)>> {
    let string = match schema.get("type")? {
        Value::String(name) => name == "string",
        Value::Array(names) => names.len() == 1 && names[0] == "string",
        _ => false,
    };
    let list = schema.get("enum")?.as_array()?;
    if !string || list.is_empty() {
        return None;
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for value in list {
        let spelling = value.as_str()?;
        let variant = variant_name(spelling);
        if spelling.is_empty()
            || out
                .iter()
                .any(|(known, name)| known == spelling || *name == variant)
        {
            return None;
        }
        out.push((spelling.to_owned(), variant));
    }
    Some(out)
}

/// `created_at` → `CreatedAt`, `ALL` → `All`, `+1` → `Plus1`, `-1` → `Minus1`, `2fa` → `V2fa`.
fn variant_name(spelling: &str) -> String {
    let sign = match spelling.chars().next() {
        Some('+') => "Plus",
        Some('-') => "Minus",
        _ => "",
    };
    let mut name = format!("{sign}{}", upper_camel(&snake(spelling)));
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name.insert(0, 'V');
    }
    name
}

/// The derives `attr` names: `#[derive(...)]` always, `#[cfg_attr(pred, derive(...))]` under
/// `pred` (nested `cfg_attr`s under `all(...)` of their predicates). Anything else names none.
fn derives(attr: &syn::Attribute) -> Vec<(Option<TokenStream>, Vec<syn::Path>)> {
    let mut out = Vec::new();
    collect_derives(&attr.meta, None, &mut out);
    out
}

fn collect_derives(
    meta: &syn::Meta,
    cfg: Option<TokenStream>,
    out: &mut Vec<(Option<TokenStream>, Vec<syn::Path>)>,
) {
    type Metas = syn::punctuated::Punctuated<syn::Meta, syn::Token![,]>;
    let syn::Meta::List(list) = meta else {
        return;
    };
    if list.path.is_ident("derive") {
        type Paths = syn::punctuated::Punctuated<syn::Path, syn::Token![,]>;
        if let Ok(paths) = list.parse_args_with(Paths::parse_terminated) {
            out.push((cfg, paths.into_iter().collect()));
        }
    } else if list.path.is_ident("cfg_attr")
        && let Ok(metas) = list.parse_args_with(Metas::parse_terminated)
        && let Some((predicate, rest)) = metas.iter().collect::<Vec<_>>().split_first()
    {
        let predicate = cfg.as_ref().map_or_else(
            || quote!(#predicate),
            |outer| quote!(all(#outer, #predicate)),
        );
        for meta in rest {
            collect_derives(meta, Some(predicate.clone()), out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{spellings, variant_name};

    #[test]
    fn variant_names() {
        assert_eq!(variant_name("created_at"), "CreatedAt");
        assert_eq!(variant_name("ALL"), "All");
        assert_eq!(variant_name("+1"), "Plus1");
        assert_eq!(variant_name("-1"), "Minus1");
        assert_eq!(variant_name("2fa"), "V2fa");
        assert_eq!(variant_name("é"), "V");
    }

    #[test]
    fn only_string_enums_become_types() {
        let of = |text: &str| spellings(&serde_json::from_str(text).unwrap());
        assert!(of(r#"{"type": "string", "enum": ["a", "b"]}"#).is_some());
        assert!(of(r#"{"type": ["string"], "enum": ["a"]}"#).is_some());
        assert!(of(r#"{"type": "integer", "enum": [1, 2]}"#).is_none());
        assert!(of(r#"{"type": ["string", "null"], "enum": ["a", null]}"#).is_none());
        assert!(of(r#"{"type": "string", "enum": ["a", null]}"#).is_none());
        assert!(of(r#"{"type": "string", "enum": []}"#).is_none());
        assert!(of(r#"{"type": "string", "enum": ["", "a"]}"#).is_none());
        assert!(of(r#"{"type": "string", "enum": ["created-at", "created_at"]}"#).is_none());
        assert!(of(r#"{"enum": ["a"]}"#).is_none());
    }
}
