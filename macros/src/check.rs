//! Check: the literal against the grammar `url!` shares with `Url::parse` and `Template`
//! (`urlkit_syntax::check`, the one front door), each variable against the named arguments
//! and the names a capture can take, and the named arguments against the variables.
//!
//! Nothing returns early: every problem is pushed to [`Diagnostics`] and the caller stops at the
//! barrier, so one compile shows them all.

use core::iter;
use core::ops::Range;

use syn::LitStr;
use syn::ext::IdentExt;
use syn::parse::Parser;
use urlkit_syntax::plan::Step;
use urlkit_syntax::reference::{Options, Reference};
use urlkit_syntax::template::Expression;

use crate::diagnostics::{self, Diagnostics};
use crate::input::{Invocation, UrlLiteral};

/// A literal or template that passed every check, each variable bound to where its value
/// comes from (urlkit-syntax's `check::Checked` is the grammar's half of it).
#[derive(Clone)]
pub(crate) struct BoundTemplate {
    /// The text the expressions and steps index. For a base join, the relative part with the
    /// leading `/` it joins with (see [`relative`]).
    pub(crate) template: String,
    pub(crate) expressions: Vec<Expression>,
    /// The components around the expressions, and where each expression stands.
    pub(crate) reference: Reference,
    /// The template's variables, each once, in order of first use.
    pub(crate) vars: Vec<BoundVar>,
    /// For a base join: whether the relative part starts with its own `/`, so the base's
    /// final `/` is dropped and the join has exactly one.
    pub(crate) trim_slash: bool,
}

impl BoundTemplate {
    /// A literal with no base: a constant `Url`, not a template.
    pub(crate) fn is_literal(&self, input: &Invocation) -> bool {
        self.expressions.is_empty() && input.base.is_none()
    }

    /// How to build the URL (`urlkit_syntax::plan`), as `Template` builds it.
    pub(crate) fn plan(&self) -> Vec<Step> {
        urlkit_syntax::plan::plan(&self.template, &self.expressions, &self.reference)
    }
}

/// One variable of the template and where its value comes from.
#[derive(Clone)]
pub(crate) struct BoundVar {
    pub(crate) name: String,
    pub(crate) source: Source,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// The named argument with this index.
    Arg(usize),
    /// A variable in scope with the same name, as `format!` captures.
    Capture,
    /// A field of a typed route (`#[derive(Route)]`).
    Field,
}

/// What a rejected template still tells: the errors, and the variables its well-formed
/// expressions name, so that the stand-in can evaluate their values (see
/// [`crate::fallback`]).
pub(crate) struct RejectedTemplate {
    pub(crate) errors: syn::Error,
    pub(crate) vars: Vec<BoundVar>,
}

/// The literal, checked.
pub(crate) fn validate(input: &Invocation) -> Result<BoundTemplate, RejectedTemplate> {
    let value = input.lit.value().to_string();
    let mut errors = Diagnostics::default();
    let (template, shift) = match input.base {
        Some(_) => relative(&value),
        None => (value.clone(), 0),
    };
    let grammar = grammar_with(
        || input.lit.syn(),
        &template,
        shift,
        input.base.is_some(),
        &mut errors,
    );
    if input.base.is_some() {
        // The text that reads as a scheme or an authority. The relative part gets a `/` only
        // when it has none, so it has an authority exactly when it starts with `//`.
        let joined = match urlkit_syntax::scheme::scheme_end(&value) {
            Some(colon) => Some((0..colon, JOINED_SCHEME)),
            None => value.starts_with("//").then_some((0..2, JOINED_AUTHORITY)),
        };
        if let Some((at, message)) = joined {
            errors.push(diagnostics::in_literal(
                &input.lit.syn(),
                &value,
                &[at],
                message,
            ));
        }
    }
    let expressions = match &grammar {
        Ok(checked) => &checked.expressions,
        Err(expressions) => expressions,
    };
    let vars = resolve(input, &value, &template, shift, expressions, &mut errors);
    check_args(
        input,
        &vars,
        grammar.is_err().then_some(value.as_str()),
        &mut errors,
    );
    match (grammar, errors.finish()) {
        (Ok(checked), Ok(())) => Ok(BoundTemplate {
            trim_slash: template.starts_with('/') || template.starts_with("{/"),
            template,
            expressions: checked.expressions,
            reference: checked.reference,
            vars,
        }),
        (_, Err(errors)) => Err(RejectedTemplate { errors, vars }),
        (Err(_), Ok(())) => unreachable!("grammar errors were pushed"),
    }
}

/// The template (`lit`'s value, or for a base join the relative part shifted by `shift`
/// bytes, see [`relative`]) through the grammar's front door, which `Url::parse` and
/// `Template` use too; every error is pushed, drawn under the literal. On errors, the
/// expressions the lexer found, so their variables can still be checked. Shared by `url!`,
/// `template!` and `#[derive(Route)]`.
pub(crate) fn grammar(
    lit: &LitStr,
    template: &str,
    shift: usize,
    joined: bool,
    errors: &mut Diagnostics,
) -> Result<urlkit_syntax::check::Checked, Vec<Expression>> {
    grammar_with(
        || UrlLiteral::of(lit).syn(),
        template,
        shift,
        joined,
        errors,
    )
}

/// [`grammar`], with the literal built only to draw errors under it.
fn grammar_with(
    lit: impl FnOnce() -> LitStr,
    template: &str,
    shift: usize,
    joined: bool,
    errors: &mut Diagnostics,
) -> Result<urlkit_syntax::check::Checked, Vec<Expression>> {
    let options = Options { iri: true, joined };
    let rejected = match urlkit_syntax::check::check(template, options) {
        Ok(checked) => return Ok(checked),
        Err(rejected) => rejected,
    };
    let lit = lit();
    let value = lit.value();
    for error in rejected.errors {
        let ranges: Vec<_> = iter::once(error.at)
            .chain(error.again)
            .map(|r| unshift(r, shift))
            .collect();
        let message = match error.kind {
            urlkit_syntax::error::ErrorKind::DotSegment { .. } if joined => {
                JOINED_DOT_SEGMENT.to_string()
            }
            kind => kind.to_string(),
        };
        errors.push(diagnostics::in_literal(&lit, &value, &ranges, message));
    }
    Err(rejected.expressions)
}

const JOINED_DOT_SEGMENT: &str = "`url!(base, \"...\")` appends to the base's path, so a `.` or `..` segment cannot step out of it; remove the segment";

const JOINED_AUTHORITY: &str = "`url!(base, \"...\")` appends to the base's path, so the relative part cannot start with `//` (a host); write one `/`";

const JOINED_SCHEME: &str = "`url!(base, \"...\")` appends to the base's path, so the relative part cannot have a scheme; for a URL of its own, write `url!(\"...\")`";

/// The relative part of `url!(base, "relative")` as the template the plan reads: its path
/// starts with `/` (added if not written, and the returned shift says so), which joins it to
/// the base. A query, a fragment or a `{/x}` at the start joins without one.
fn relative(value: &str) -> (String, usize) {
    let own_start = ["/", "?", "#", "{/", "{?", "{#"]
        .iter()
        .any(|start| value.starts_with(start));
    if value.is_empty() || own_start {
        (value.to_string(), 0)
    } else {
        (format!("/{value}"), 1)
    }
}

/// A range of the template as a range of the literal's value.
fn unshift(range: Range<usize>, shift: usize) -> Range<usize> {
    range.start.saturating_sub(shift)..range.end.saturating_sub(shift)
}

/// Each distinct variable name and where its value comes from: a named argument of that
/// name, else a variable in scope. A name that cannot be a Rust variable (`last.name`,
/// `Some%20Thing`, `42`, `type`) must be a named argument.
fn resolve(
    input: &Invocation,
    value: &str,
    template: &str,
    shift: usize,
    expressions: &[Expression],
    errors: &mut Diagnostics,
) -> Vec<BoundVar> {
    let mut vars: Vec<BoundVar> = Vec::new();
    let mut uncapturable: Vec<(String, Vec<Range<usize>>)> = Vec::new();
    for spec in expressions.iter().flat_map(|e| &e.vars) {
        let name = &template[spec.name.clone()];
        if vars.iter().any(|v| v.name == name) {
            continue;
        }
        if let Some(i) = input.args.iter().position(|a| a.name == name) {
            vars.push(BoundVar {
                name: name.to_string(),
                source: Source::Arg(i),
            });
        } else if crate::ident::capturable(name) {
            vars.push(BoundVar {
                name: name.to_string(),
                source: Source::Capture,
            });
        } else {
            let at = unshift(spec.name.clone(), shift);
            match uncapturable.iter_mut().find(|(n, _)| n == name) {
                Some((_, ranges)) => ranges.push(at),
                None => uncapturable.push((name.to_string(), vec![at])),
            }
        }
    }
    for (name, ranges) in uncapturable {
        let message = if syn::Ident::parse_any.parse_str(&name).is_ok() {
            format!(
                "`{name}` is a Rust keyword, so no variable in scope can fill `{{{name}}}`; pass the value as a named argument: `{name} = value`"
            )
        } else {
            format!(
                "`{name}` is not a Rust identifier, so no variable in scope can fill `{{{name}}}`; pass the value as a named argument: `\"{name}\" = value`"
            )
        };
        errors.push(diagnostics::in_literal(
            &input.lit.syn(),
            value,
            &ranges,
            message,
        ));
    }
    vars
}

/// Each argument is named once and used by a placeholder. When the template has grammar
/// errors (`broken` is its text), an argument whose name it holds is not reported unused: the
/// placeholder meant for it is among the errors (`{a-b}` with `"a-b" = 2`).
fn check_args(
    input: &Invocation,
    vars: &[BoundVar],
    broken: Option<&str>,
    errors: &mut Diagnostics,
) {
    for (i, arg) in input.args.iter().enumerate() {
        let shown = if arg.quoted {
            format!("\"{}\"", arg.name)
        } else {
            arg.name.clone()
        };
        if input.args[..i].iter().any(|a| a.name == arg.name) {
            errors.push(syn::Error::new(
                arg.span,
                format!("argument `{shown}` is given twice; remove one"),
            ));
        } else if !vars.iter().any(|v| v.source == Source::Arg(i))
            && !broken.is_some_and(|text| text.contains(&arg.name))
        {
            errors.push(syn::Error::new(
                arg.span,
                format!(
                    "argument `{shown}` is never used; the URL has no placeholder `{{{}}}`",
                    arg.name
                ),
            ));
        }
    }
}
