//! Phase 1, parse: the tokens of `url!(...)` into a string literal and named arguments.
//!
//! `url!("literal")` is the whole of issue 3's input; `, name = expr` pairs are parsed here
//! already because templates (issue 4) take them through the same macro.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, Lit, LitStr, Token};

/// What the user wrote between the parentheses.
pub(crate) struct Input {
    /// The URL or template.
    pub(crate) lit: LitStr,
    /// `name = value` after the literal, in order.
    pub(crate) args: Vec<NamedArg>,
}

/// One `name = value` argument.
pub(crate) struct NamedArg {
    pub(crate) name: Ident,
    // Read by templates (issue 4); a literal only checks that no argument was given.
    #[allow(dead_code)]
    pub(crate) value: Expr,
}

const TAKES_A_LITERAL: &str =
    "`url!` takes a string literal; for a string known only at run time, use `Url::parse`";

impl Parse for Input {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(syn::Error::new(Span::call_site(), TAKES_A_LITERAL));
        }
        let lit = literal(input)?;
        let mut args = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break; // a trailing comma, as `format!` allows
            }
            let name: Ident = input.parse()?;
            if !input.peek(Token![=]) {
                return Err(syn::Error::new(
                    name.span(),
                    format!(
                        "expected `{name} = value`; `url!` takes named arguments after the literal"
                    ),
                ));
            }
            input.parse::<Token![=]>()?;
            let value: Expr = input.parse()?;
            args.push(NamedArg { name, value });
        }
        Ok(Input { lit, args })
    }
}

/// The first argument, which must be a plain or raw string literal. Anything else is an error
/// spanned on the whole of it: `url!(concat!(...))` and `url!(some_str)` cannot be checked at
/// compile time, because a proc macro sees tokens, not values.
fn literal(input: ParseStream<'_>) -> syn::Result<LitStr> {
    if input.peek(Lit) {
        let lit: Lit = input.parse()?;
        let span = lit.span();
        let message = match lit {
            Lit::Str(s) if s.suffix().is_empty() => return Ok(s),
            Lit::Str(s) => format!(
                "unexpected suffix `{}` on the URL literal; remove it",
                s.suffix()
            ),
            Lit::ByteStr(_) => {
                "`url!` takes a string literal, not a byte string; remove the `b` prefix".into()
            }
            Lit::CStr(_) => {
                "`url!` takes a string literal, not a C string; remove the `c` prefix".into()
            }
            _ => TAKES_A_LITERAL.into(),
        };
        return Err(syn::Error::new(span, message));
    }
    let expr: Expr = input.parse()?;
    // `new_spanned` underlines from the first token to the last, where `span()` cannot on
    // stable.
    Err(syn::Error::new_spanned(expr, TAKES_A_LITERAL))
}
