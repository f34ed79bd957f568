//! Phase 1, parse: the tokens of `url!(...)` into an optional base, a string literal and
//! named arguments.
//!
//! - `url!("literal")` and `url!("template {x}", x = value)`;
//! - `url!(base, "relative/{x}")`: a run-time `Url` joined with a relative part;
//! - a named argument is `name = value`, or `"name" = value` for an RFC 6570 name that is
//!   not a Rust identifier (`"last.name" = value`).
//!
//! And of `template!("...")`: the string literal alone.

use proc_macro2::{Literal, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, Lit, LitStr, Token};

/// What the user wrote between the parentheses of `url!` or `template!`.
pub(crate) struct Invocation {
    /// The `Url` expression of `url!(base, "relative")`.
    pub(crate) base: Option<Expr>,
    /// The URL or template.
    pub(crate) lit: UrlLiteral,
    /// `name = value` after the literal, in order.
    pub(crate) args: Vec<NamedArg>,
}

/// One `name = value` argument.
pub(crate) struct NamedArg {
    /// The name, as the template writes it (`r#type` is `type`).
    pub(crate) name: String,
    /// Where the name is written.
    pub(crate) span: Span,
    /// Written as a string (`"last.name" = value`).
    pub(crate) quoted: bool,
    pub(crate) value: Expr,
}

/// The string literal of `url!`: its token and its value, read once.
pub(crate) struct UrlLiteral {
    token: Literal,
    value: String,
}

impl UrlLiteral {
    /// The literal's value (escapes resolved).
    pub(crate) fn value(&self) -> &str {
        &self.value
    }

    pub(crate) fn span(&self) -> Span {
        self.token.span()
    }

    /// The literal as syn sees it, for drawing errors under it (only errors need it: syn
    /// reads the whole literal again to build it).
    pub(crate) fn syn(&self) -> LitStr {
        match Lit::new(self.token.clone()) {
            Lit::Str(lit) => lit,
            _ => unreachable!("only string literals become a `UrlLiteral`"),
        }
    }

    pub(crate) fn of(lit: &LitStr) -> Self {
        UrlLiteral {
            token: lit.token(),
            value: lit.value(),
        }
    }

    /// A plain (`"..."`) or raw (`r#"..."#`) string literal without escapes or suffix, whose
    /// value is its text between the quotes; anything else goes through syn (and its errors).
    fn plain(token: Literal) -> Option<Self> {
        let repr = token.to_string();
        let value = if let Some(raw) = repr.strip_prefix('r') {
            let hashes = raw.len() - raw.trim_start_matches('#').len();
            let quoted = raw.get(hashes..raw.len().checked_sub(hashes)?)?;
            quoted.strip_prefix('"')?.strip_suffix('"')?
        } else {
            let text = repr.strip_prefix('"')?.strip_suffix('"')?;
            // A string literal's text is its value unless it holds an escape. (rustc has
            // already turned CRLF line ends into LF, and a lone CR is an error.)
            if text.contains('\\') {
                return None;
            }
            text
        };
        Some(UrlLiteral {
            value: value.to_string(),
            token,
        })
    }
}

impl Invocation {
    /// `url!("...")`, the most common form, read without syn's parser; `None` for anything
    /// else (which `Parse` reads).
    pub(crate) fn lone_literal(tokens: &TokenStream) -> Option<Invocation> {
        let mut trees = tokens.clone().into_iter();
        let (Some(TokenTree::Literal(token)), None) = (trees.next(), trees.next()) else {
            return None;
        };
        Some(Invocation {
            base: None,
            lit: UrlLiteral::plain(token)?,
            args: Vec::new(),
        })
    }
}

const AFTER_THE_BASE: &str =
    "expected the relative part as a string literal after the base: `url!(base, \"users/{id}\")`";

const MISSING_COMMA: &str =
    "expected `,` between the base and the relative part: `url!(base, \"users/{id}\")`";

const TAKES_A_LITERAL: &str =
    "`url!` takes a string literal; for a string known only at run time, use `Url::parse`";

impl Parse for Invocation {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(syn::Error::new(Span::call_site(), TAKES_A_LITERAL));
        }
        let base = if input.peek(Lit) {
            None
        } else {
            let expr: Expr = input.parse()?;
            if input.peek(LitStr) {
                // `url!(API "users")`: a base and a relative part without the comma.
                return Err(syn::Error::new(input.span(), MISSING_COMMA));
            }
            if !input.peek(Token![,]) {
                // `new_spanned` underlines from the first token to the last, where `span()`
                // cannot on stable.
                return Err(syn::Error::new_spanned(expr, TAKES_A_LITERAL));
            }
            let comma = input.parse::<Token![,]>()?;
            if !input.peek(Lit) {
                let at = if input.is_empty() {
                    comma.span
                } else {
                    input.span()
                };
                return Err(syn::Error::new(at, AFTER_THE_BASE));
            }
            Some(expr)
        };
        let lit = UrlLiteral::of(&literal(input, "url!", TAKES_A_LITERAL)?);
        let mut args = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break; // a trailing comma, as `format!` allows
            }
            args.push(named_arg(input)?);
        }
        Ok(Invocation { base, lit, args })
    }
}

/// `name = value`, `r#type = value` or `"last.name" = value`.
fn named_arg(input: ParseStream<'_>) -> syn::Result<NamedArg> {
    let (name, span, quoted) = if input.peek(LitStr) {
        let key: LitStr = input.parse()?;
        (key.value(), key.span(), true)
    } else {
        // Any identifier, keywords included: `{type}` is a valid RFC 6570 name.
        let key = Ident::parse_any(input)?;
        (key.unraw().to_string(), key.span(), false)
    };
    if !input.peek(Token![=]) {
        let message = if quoted {
            // `url!("https://host/", "path/{x}")`: a literal base, written as a join.
            "`url!` takes one URL literal; write the whole URL in it, or join a relative part to a `Url` value with `url!(base, \"...\")`".to_string()
        } else {
            format!("expected `{name} = value`; `url!` takes named arguments after the literal")
        };
        return Err(syn::Error::new(span, message));
    }
    input.parse::<Token![=]>()?;
    let value: Expr = input.parse()?;
    Ok(NamedArg {
        name,
        span,
        quoted,
        value,
    })
}

/// The URL literal of `mac` (`url!` or `template!`), which must be a plain or raw string
/// literal. Anything else is an error spanned on the whole of it, `takes_a_literal` for what
/// is not a string: `url!(concat!(...))` and `url!(some_str)` cannot be checked at compile
/// time, because a proc macro sees tokens, not values.
fn literal(input: ParseStream<'_>, mac: &str, takes_a_literal: &str) -> syn::Result<LitStr> {
    let lit: Lit = input.parse()?;
    let span = lit.span();
    let message = match lit {
        Lit::Str(s) if s.suffix().is_empty() => return Ok(s),
        Lit::Str(s) => format!(
            "unexpected suffix `{}` on the URL literal; remove it",
            s.suffix()
        ),
        Lit::ByteStr(_) => {
            format!("`{mac}` takes a string literal, not a byte string; remove the `b` prefix")
        }
        Lit::CStr(_) => {
            format!("`{mac}` takes a string literal, not a C string; remove the `c` prefix")
        }
        _ => takes_a_literal.into(),
    };
    Err(syn::Error::new(span, message))
}

/// What `template!(...)` takes: the template as a string literal, nothing else.
pub(crate) struct TemplateInput {
    pub(crate) lit: LitStr,
}

const TAKES_A_TEMPLATE: &str = "`template!` takes a string literal; for a template known only at run time, use `Template::parse`";

const ONLY_THE_TEMPLATE: &str = "`template!` takes only the template; pass the values when expanding it (`TEMPLATE.expand(&vars)`), or build the URL here with `url!(\"...\", name = value)`";

impl Parse for TemplateInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(syn::Error::new(Span::call_site(), TAKES_A_TEMPLATE));
        }
        if !input.peek(Lit) {
            let expr: Expr = input.parse()?;
            return Err(syn::Error::new_spanned(expr, TAKES_A_TEMPLATE));
        }
        let lit = literal(input, "template!", TAKES_A_TEMPLATE)?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
            if !input.is_empty() {
                let rest: proc_macro2::TokenStream = input.parse()?;
                return Err(syn::Error::new_spanned(rest, ONLY_THE_TEMPLATE));
            }
        }
        Ok(TemplateInput { lit })
    }
}
