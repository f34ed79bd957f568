//! `#[route(...)]`: a template string, method words (`get`, `post`), `deny_unknown_params`,
//! `skip`, `keep_empty`, `style = "..."`.
//!
//! None of these functions stop at a problem (serde's `attr.rs` policy): a malformed or
//! misplaced attribute is reported and ignored, so the user sees every bad attribute of the
//! type in one compile.

use proc_macro2::Span;
use syn::{Attribute, Ident, LitStr, Token};

use crate::diagnostics::Diagnostics;

/// What the `#[route]` attributes of one item say.
#[derive(Default)]
pub(crate) struct Attrs {
    /// `#[route("/template")]`.
    pub(crate) template: Option<LitStr>,
    /// `#[route(deny_unknown_params)]`, where it is written.
    pub(crate) deny_unknown: Option<Span>,
    /// `#[route(skip)]`, where it is written.
    pub(crate) skip: Option<Span>,
    /// `#[route(keep_empty)]`, where it is written.
    pub(crate) keep_empty: Option<Span>,
    /// `#[route(style = "pipeDelimited")]`: the delimiter of the OpenAPI style named, and
    /// where it is written.
    pub(crate) style: Option<(char, Span)>,
    /// `#[route(style = "deepObject")]`, where it is written.
    pub(crate) deep_object: Option<Span>,
    /// `#[route(get, post, "...")]`: the methods, in the order written, each with where it
    /// is written.
    pub(crate) methods: Vec<(usize, Span)>,
    /// A `#[route]` was written but could not be read (and was reported): a missing
    /// template is then that one error, not a second one.
    pub(crate) malformed: bool,
}

const UNKNOWN: &str = "expected a template string such as `\"/users/{id}\"`, a method (`get`, `head`, `post`, `put`, `delete`, `patch`, `options` or `trace`), `deny_unknown_params`, `skip`, `keep_empty` or `style = \"pipeDelimited\"`";

/// The method words, in the order of `urlkit::route::Method::ALL` (a word's index is its
/// variant's).
pub(crate) const METHODS: [&str; 8] = [
    "get", "head", "post", "put", "delete", "patch", "options", "trace",
];

/// The OpenAPI styles a field may name, with their delimiters: the styles that join a list
/// in one query value with a delimiter RFC 6570 has no operator for.
const STYLES: [(&str, char); 2] = [("spaceDelimited", ' '), ("pipeDelimited", '|')];

/// Reads every `#[route(...)]` of `attrs`.
pub(crate) fn parse(attrs: &[Attribute], errors: &mut Diagnostics) -> Attrs {
    let mut out = Attrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("route")) {
        if let syn::Meta::Path(path) = &attr.meta {
            // `#[route]` alone.
            errors.push(syn::Error::new_spanned(
                path,
                "`#[route]` needs its template in parentheses: `#[route(\"/users/{id}\")]`",
            ));
            out.malformed = true;
            continue;
        }
        let parsed = attr.parse_args_with(|input: syn::parse::ParseStream<'_>| {
            while !input.is_empty() {
                if input.peek(LitStr) {
                    let lit: LitStr = input.parse()?;
                    if out.template.is_some() {
                        errors.push(syn::Error::new(
                            lit.span(),
                            "a second template; a struct or variant has one template (for several, derive `Route` on an enum with one variant per template)",
                        ));
                    } else {
                        out.template = Some(lit);
                    }
                } else if input.peek(Ident) {
                    let word: Ident = input.parse()?;
                    if word == "style" {
                        input.parse::<Token![=]>()?;
                        let name: LitStr = input.parse()?;
                        let twice = out.style.is_some() || out.deep_object.is_some();
                        if twice {
                            // The first one stands; the second is only this error.
                            errors.push(syn::Error::new(
                                word.span(),
                                "`style` is given twice; remove one",
                            ));
                        }
                        match STYLES.iter().find(|(style, _)| name.value() == *style) {
                            _ if twice => {}
                            None if name.value() == "deepObject" => {
                                out.deep_object = Some(name.span());
                            }
                            Some(&(_, delimiter)) => out.style = Some((delimiter, name.span())),
                            None => errors.push(syn::Error::new(
                                name.span(),
                                format!(
                                    "unknown style `{}`; a field's style is `spaceDelimited`, `pipeDelimited` or `deepObject` (OpenAPI's `form` is the template's own: `{{?x}}` joins a list with commas, `{{?x*}}` repeats it)",
                                    name.value()
                                ),
                            )),
                        }
                        if !input.is_empty() {
                            input.parse::<Token![,]>()?;
                        }
                        continue;
                    }
                    if let Some(m) = METHODS.iter().position(|w| word == w) {
                        if out.methods.iter().any(|&(n, _)| n == m) {
                            errors.push(syn::Error::new(
                                word.span(),
                                format!("`{word}` is given twice; remove one"),
                            ));
                        } else {
                            out.methods.push((m, word.span()));
                        }
                        if !input.is_empty() {
                            input.parse::<Token![,]>()?;
                        }
                        continue;
                    }
                    if let Some(m) = METHODS
                        .iter()
                        .position(|w| word.to_string().eq_ignore_ascii_case(w))
                    {
                        errors.push(syn::Error::new(
                            word.span(),
                            format!(
                                "unknown route attribute `{word}`; a method is written in lowercase: `{}`",
                                METHODS[m]
                            ),
                        ));
                        skip_value(input)?;
                        if !input.is_empty() {
                            input.parse::<Token![,]>()?;
                        }
                        continue;
                    }
                    let slot = if word == "deny_unknown_params" {
                        &mut out.deny_unknown
                    } else if word == "skip" {
                        &mut out.skip
                    } else if word == "keep_empty" {
                        &mut out.keep_empty
                    } else {
                        errors.push(syn::Error::new(
                            word.span(),
                            format!("unknown route attribute `{word}`; {UNKNOWN}"),
                        ));
                        skip_value(input)?;
                        if !input.is_empty() {
                            input.parse::<Token![,]>()?;
                        }
                        continue;
                    };
                    if slot.is_some() {
                        errors.push(syn::Error::new(
                            word.span(),
                            format!("`{word}` is given twice; remove one"),
                        ));
                    }
                    *slot = Some(word.span());
                } else {
                    return Err(input.error(UNKNOWN));
                }
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            Ok(())
        });
        if let Err(error) = parsed {
            errors.push(error);
            out.malformed = true;
        }
    }
    out
}

/// Skips `= value` after an unknown word, so that one typo is one error.
fn skip_value(input: syn::parse::ParseStream<'_>) -> syn::Result<()> {
    if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        input.parse::<syn::Expr>()?;
    }
    Ok(())
}
