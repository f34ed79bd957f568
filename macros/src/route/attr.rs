//! `#[route(...)]`: a template string, `deny_unknown_params`, `skip`.
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
    /// A `#[route]` was written but could not be read (and was reported): a missing
    /// template is then that one error, not a second one.
    pub(crate) malformed: bool,
}

const UNKNOWN: &str =
    "expected a template string such as `\"/users/{id}\"`, `deny_unknown_params` or `skip`";

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
                    let slot = if word == "deny_unknown_params" {
                        &mut out.deny_unknown
                    } else if word == "skip" {
                        &mut out.skip
                    } else {
                        errors.push(syn::Error::new(
                            word.span(),
                            format!("unknown route attribute `{word}`; {UNKNOWN}"),
                        ));
                        skip_value(input)?;
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
