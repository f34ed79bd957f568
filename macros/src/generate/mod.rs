//! Phase 3 for templates, generate: the checked template's steps (`urlkit_syntax::plan`)
//! become straight-line calls into the runtime's `Writer`, one per step, in order, with the
//! same arguments `Template::expand` passes when it interprets the same steps at run time
//! (`Compiled::run` in `runtime/src/template/compiled.rs`). The two cannot drift apart: a step
//! means one call.
//!
//! The expansion has this shape (`url!("/users/{id}{?page}", page = p)`; `snapshots/` holds
//! real ones):
//!
//! ```text
//! match (&(p), &(id)) {                       // each value evaluated once, like format_args!
//!     (__v0, __v1) => {
//!         struct id {} struct page {}          // markers: type errors name the placeholder
//!         // One call taking the rest as a closure: in a `const`, that call is the one error,
//!         // and its name says what to write instead.
//!         fn url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template<F: FnOnce() -> ...>(build: F) -> ... { build() }
//!         url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(|| {
//!             let mut __w = Writer::with_capacity(7 + Placeholder::<id>::hint(__v1) + ...);
//!             __w.path_start(false);           // where the path starts, for the guards
//!             __w.text("/users/");
//!             // An expression of one variable: one statement fills it and closes it.
//!             Placeholder::<id>::fill_alone(__v1, __w.segment_expansion(), "id");
//!             __w.query_start();
//!             Placeholder::<page>::fill_alone(
//!                 __v0, __w.expansion(Operator::Query, Context::QueryPairs), "page",
//!             );
//!             // Several variables (`{?page,tag}`) share one expansion:
//!             // { let mut __e = __w.expansion(..); Placeholder::<page>::fill(__v0, &mut __e,
//!             //   "page", Modifier::None); ...; __e.finish(); }
//!             __w.finish()
//!         })
//!     }
//! }
//! ```
//!
//! What rustc reads for each template is what `url!` costs at compile time
//! (`bench/compile_time.py`), so the shape is small: a variable without a modifier is filled
//! without one (`fill_alone`, else `fill_alone_modified`), paths are written in full (a
//! `use` item costs rustc more than the tokens it saves), and whether a name is an
//! identifier is decided on its text ([`crate::ident`]), once per variable. The tokens are
//! written one by one into a list per group ([`crate::tokens`]), not through `quote!`, whose
//! merging of streams is a round trip to the compiler at each interpolation.
//!
//! The hint calls (`Placeholder::<id>::hint(v)`, which size the URL once) are part of what
//! rustc spends on a template. Sizing from the template alone (its text and a fixed
//! allowance per value) would compile faster, but a value longer than the allowance would
//! reallocate the URL as it is written; with the hints a built URL is one allocation.
//!
//! Hygiene: locals (`__w`, `__e`, `__v0`) are `Span::mixed_site()`, so they never meet the
//! user's names; paths are absolute (`::urlkit::…`); a captured variable is an identifier
//! with the literal's span, so it resolves where `url!` is written (and rust-analyzer's
//! go-to-definition finds it). The call that type-checks a value is spanned on the value
//! (a named argument's expression, or the literal for a capture), so a wrong type is reported
//! there, naming the placeholder (`runtime/src/value/placeholder.rs`).

mod bindings;
mod steps;

use proc_macro2::{Delimiter, Ident, Literal, Span, TokenStream};
use quote::ToTokens;
use urlkit_syntax::plan::{Context, Step};
use urlkit_syntax::template::{Modifier, Operator};

use crate::check::{BoundTemplate, BoundVar, Source};
use crate::input::Invocation;
use crate::root::Root;
use crate::tokens::Tokens;
use bindings::Bindings;
use steps::{context_into, generate_step, modifier_into, operator_into};

/// The expressions a rejected template would have read, for its stand-in
/// ([`crate::fallback::expand`]): the base, every named argument, each captured variable
/// (spanned as [`Bindings::new`] spans it, so a misspelt name is reported at the literal).
pub(crate) fn values(input: &Invocation, vars: &[BoundVar]) -> Vec<TokenStream> {
    let base = input.base.iter().map(ToTokens::to_token_stream);
    let args = input.args.iter().map(|arg| arg.value.to_token_stream());
    let captures = vars
        .iter()
        .filter(|v| v.source == Source::Capture)
        .map(|v| capture(&v.name, input).to_token_stream());
    base.chain(args).chain(captures).collect()
}

/// The variable in scope that fills the placeholder `name`: an identifier spanned on the
/// literal, so that it resolves where `url!` is written and an error points at the literal.
///
/// A misspelt name (`{ownr}`) then gets rustc's "a local variable with a similar name
/// exists", whose edit replaces the whole literal, because the literal is the narrowest span
/// stable Rust gives a proc macro. rustc marks that edit `MaybeIncorrect`, so `cargo fix`
/// does not apply it; no span or shape on stable narrows it to the braces (rustc's own
/// `format!` can, because it reads the source text of its literal).
fn capture(name: &str, input: &Invocation) -> Ident {
    crate::ident::ident(name, input.lit.span())
        .unwrap_or_else(|| Ident::new(name, input.lit.span()))
}

/// The expression a checked template expands to: `Result<Url, urlkit::ExpandError>`.
pub(crate) fn template(
    input: &Invocation,
    checked: &BoundTemplate,
    steps: &[Step],
    root: &Root,
) -> TokenStream {
    let bindings = Bindings::new(input, checked);
    emit(
        checked,
        steps,
        &bindings,
        root,
        input.lit.span(),
        Within::Expression,
    )
}

/// The same for a typed route (`#[derive(Route)]`): `values` holds each of `checked.vars`'
/// value, in order, with the span its type errors point at (the field). The derive declares
/// the marker types itself (see [`marker`]), once for the whole impl.
pub(crate) fn route(
    checked: &BoundTemplate,
    steps: &[Step],
    values: Vec<(TokenStream, Span, bool)>,
    root: &Root,
    literal: Span,
) -> TokenStream {
    let bindings = Bindings::of_values(checked, values);
    emit(checked, steps, &bindings, root, literal, Within::Function)
}

/// Where the generated expression stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Within {
    /// Wherever `url!` is written, a `const` included.
    Expression,
    /// In a function's body (the derive's `to_url`), which can never be `const`.
    Function,
}

/// The expression; `literal` is where the template is written, which the closure that
/// builds the URL is named after in messages (`{closure@src/main.rs:7:34}`).
fn emit(
    checked: &BoundTemplate,
    steps: &[Step],
    bindings: &Bindings,
    root: &Root,
    literal: Span,
    within: Within,
) -> TokenStream {
    let site = Span::mixed_site();
    let w = Ident::new("__w", site);
    // The block's paths start at a local alias of the root (see `Root::aliased`).
    let (root, alias) = match root.aliased() {
        Some((alias, declaration)) => (alias, Some(declaration)),
        None => (root.clone(), None),
    };
    let mut t = Tokens::new(site, &root);
    let body = |t: &mut Tokens| {
        if let Some(alias) = alias {
            t.stream(alias);
        }
        // Named after the placeholders, so that type errors can say which one. Declared
        // outside the closure: when two templates of the crate have a placeholder of the
        // same name, rustc names the marker by its path, `main::id`, and a closure would
        // add `{closure#0}` to it.
        for marker in &bindings.markers {
            t.word("struct").ident(marker).braces(|_| {});
        }
        let build = |t: &mut Tokens| {
            t.word("let").word("mut").ident(&w).op("=");
            start(t, checked, steps, bindings);
            t.op(";");
            for step in steps {
                generate_step(t, step, checked, bindings, &w);
            }
            t.ident(&w).op(".").word("finish").parens(|_| {});
        };
        if within == Within::Function {
            // No closure where no `const` can be: it would be one more function to compile.
            build(t);
            return;
        }
        // The URL is built in a closure handed to one function, so that in a `const` the
        // compiler reports that one call, whose name says what to do, rather than every
        // call inside. The function is declared here, at the call's spans: rustc's error
        // shows where the function it cannot call is defined, which is then the user's
        // `url!` rather than urlkit's source. (It is generic over the closure, so a
        // function in the runtime would be one copy per call all the same.)
        let name = "url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template";
        // In line, as a call into urlkit's was: nothing of it stays in a debug build.
        t.op("#").group(Delimiter::Bracket, |t| {
            t.word("inline").parens(|t| {
                t.word("always");
            });
        });
        t.word("fn").word(name).op("<").word("F").op(":");
        t.path(&format!("{PRIVATE}::core::ops::FnOnce"))
            .parens(|_| {})
            .op("->");
        t.path(&format!("{PRIVATE}::core::result::Result")).op("<");
        t.path("::urlkit::Url")
            .op(",")
            .path("::urlkit::ExpandError")
            .op(">");
        t.op(">").parens(|t| {
            t.word("build").op(":").word("F");
        });
        t.op("->")
            .path(&format!("{PRIVATE}::core::result::Result"))
            .op("<");
        t.path("::urlkit::Url")
            .op(",")
            .path("::urlkit::ExpandError")
            .op(">");
        t.braces(|t| {
            t.word("build").parens(|_| {});
        });
        t.word(name);
        t.parens(|t| {
            t.with_span(site.located_at(literal), |t| {
                t.op("||");
            });
            t.braces(build);
        });
    };
    // `match` keeps every temporary of the values alive until the URL is built, as
    // `format_args!` does.
    t.word("match").parens(|t| {
        for value in &bindings.values {
            t.op("&")
                .group_of(Delimiter::Parenthesis, value.clone())
                .op(",");
        }
    });
    t.braces(|t| {
        t.parens(|t| {
            for local in &bindings.locals {
                t.ident(local).op(",");
            }
        });
        t.op("=>").braces(body);
    });
    t.into_stream()
}

/// The runtime's items that generated code calls.
pub(super) const PRIVATE: &str = "::urlkit::__private";

/// The `Writer` sized for the text every expansion writes (as `Template` and `template!`
/// count it) and each value's hint: empty, or holding the base of a join.
fn start(t: &mut Tokens, checked: &BoundTemplate, steps: &[Step], bindings: &Bindings) {
    let static_len = Literal::usize_suffixed(urlkit_syntax::plan::static_len(steps));
    let capacity = |t: &mut Tokens| {
        t.literal(static_len);
        for (i, expression) in checked.expressions.iter().enumerate() {
            for spec in &expression.vars {
                t.op("+");
                bindings.call(t, checked, i, spec, "hint", |_| {});
            }
        }
    };
    if let Some(base) = &bindings.base {
        // A type that is not a `Url` (or a pointer to one) is an error on the user's base.
        t.with_span(base.span(), |t| {
            t.path(&format!("{PRIVATE}::Writer::with_base"))
                .parens(|t| {
                    t.path("::urlkit::value::Base::base_url")
                        .parens(|t| {
                            t.ident(base);
                        })
                        .op(",")
                        .bool(checked.trim_slash)
                        .op(",");
                    capacity(t);
                });
        });
    } else {
        t.path(&format!("{PRIVATE}::Writer::with_capacity"))
            .parens(capacity);
    }
}

/// The marker type named after a variable, if its name can be a Rust type name (`last.name`
/// cannot; a keyword is written raw: `r#type`).
pub(crate) fn marker(name: &str, site: Span) -> Option<Ident> {
    crate::ident::ident(name, site)
}

/// `Modifier::...` (for `template!`'s `static`s).
pub(crate) fn modifier(modifier: Modifier, root: &Root) -> TokenStream {
    let mut t = Tokens::new(Span::mixed_site(), root);
    modifier_into(&mut t, modifier);
    t.into_stream()
}

/// `Operator::...` (for `template!`'s `static`s).
pub(crate) fn operator(op: Operator, root: &Root) -> TokenStream {
    let mut t = Tokens::new(Span::mixed_site(), root);
    operator_into(&mut t, op);
    t.into_stream()
}

/// `Context::...` (for `template!`'s `static`s).
pub(crate) fn context(context: Context, root: &Root) -> TokenStream {
    let mut t = Tokens::new(Span::mixed_site(), root);
    context_into(&mut t, context);
    t.into_stream()
}
