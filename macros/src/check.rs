//! Phase 2, validate: the literal against the grammar `url!` shares with `Url::parse`
//! (`urlkit_syntax`), and the named arguments against the literal's placeholders.
//!
//! Nothing returns early: every problem is pushed to [`Errors`] and the caller stops at the
//! barrier, so one compile shows them all.

use core::iter;

use urlkit_syntax::reference::{self, Options};
use urlkit_syntax::template::{self, Expression};

use crate::errors::{self, Errors};
use crate::input::Input;

/// The literal's value, checked.
pub(crate) fn validate(input: &Input) -> syn::Result<String> {
    let value = input.lit.value();
    let mut errors = Errors::default();
    let expressions = check_grammar(input, &value, &mut errors);
    check_placeholders(input, &value, &expressions, &mut errors);
    check_args(input, &expressions, &mut errors);
    errors.finish()?;
    Ok(value)
}

/// RFC 3986 with RFC 3987 characters (which `url!` pre-encodes), and RFC 6570 expressions.
fn check_grammar(input: &Input, value: &str, errors: &mut Errors) -> Vec<Expression> {
    let mut found = urlkit_syntax::error::Errors::new();
    let expressions = template::lex(value, &mut found);
    reference::parse(value, &expressions, Options { iri: true }, &mut found);
    for error in found.into_vec() {
        let ranges: Vec<_> = iter::once(error.at).chain(error.again).collect();
        errors.push(errors::in_literal(&input.lit, value, &ranges, &error.kind));
    }
    expressions
}

/// Templates arrive with issue 4; until then a well-formed `{...}` gets one clear error (a
/// malformed one already has its own from the lexer).
fn check_placeholders(input: &Input, value: &str, expressions: &[Expression], errors: &mut Errors) {
    let placeholders: Vec<_> = expressions
        .iter()
        .filter(|e| e.is_valid())
        .map(|e| e.range.clone())
        .collect();
    if let Some(first) = placeholders.first() {
        let message = format!(
            "placeholders such as `{}` are not supported yet; write `%7B` and `%7D` for literal braces",
            &value[first.clone()]
        );
        errors.push(errors::in_literal(
            &input.lit,
            value,
            &placeholders,
            message,
        ));
    }
}

/// Each argument is named once and used by a placeholder.
fn check_args(input: &Input, expressions: &[Expression], errors: &mut Errors) {
    for (i, arg) in input.args.iter().enumerate() {
        if input.args[..i].iter().any(|a| a.name == arg.name) {
            errors.push(syn::Error::new(
                arg.name.span(),
                format!("argument `{}` is given twice; remove one", arg.name),
            ));
        } else if expressions.is_empty() {
            errors.push(syn::Error::new(
                arg.name.span(),
                format!(
                    "argument `{0}` is never used; the URL has no placeholder `{{{0}}}`",
                    arg.name
                ),
            ));
        }
    }
}
