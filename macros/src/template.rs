//! `template!("...")`: the template checked as `url!` checks it ([`check::grammar`]), planned
//! by the same planner (`urlkit_syntax::plan`), and embedded in the binary as `static` data
//! that the runtime's `Template` interprets, so nothing is parsed at run time. The data is
//! what `Template::parse` would build, with borrowed text in place of owned.
//!
//! The expansion has this shape (`template!("/users/{id}{?page}")`; `snapshots/template.rs`
//! pins a real one):
//!
//! ```text
//! {
//!     static __EXPRESSIONS: [Expression; 2] = [
//!         Expression { range: 7..11, operator: Operator::Simple,
//!                      vars: VarList::Static(&[VarSpec { name: 8..10, modifier: Modifier::None }]) },
//!         Expression { range: 11..18, operator: Operator::Query, vars: ... },
//!     ];
//!     static __STEPS: [Step; 5] = [
//!         Step::PathStart { relative: false }, Step::Text(18..25),
//!         Step::Segment(0), Step::QueryStart, Step::Expand(1, Context::QueryPairs),
//!     ];
//!     static __TEMPLATE: Compiled = Compiled::from_static(
//!         "/users/{id}{?page}/users/", 18, &__EXPRESSIONS, &__STEPS, 7,
//!     );
//!     Template::__from_static(&__TEMPLATE)
//! }
//! ```
//!
//! The text is the template followed by the steps' texts, which the steps hold as ranges of
//! it (`urlkit_syntax::plan::plan_into`), as `Template::parse` holds them.
//!
//! Each part is its own `static` because a reference to a temporary that has a destructor
//! (the variable lists) is not promoted to `'static` when it is a function argument; a reference to a
//! `static` is `'static`, and a `const` may hold one. Paths are absolute; the items are
//! `Span::mixed_site()`, inside a block of their own.

use core::ops::Range;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote_spanned};
use urlkit_syntax::plan::{self, Step};
use urlkit_syntax::template::Expression;

use crate::check;
use crate::diagnostics::Diagnostics;
use crate::fallback;
use crate::generate::{context, modifier, operator};
use crate::input::TemplateInput;
use crate::root::Root;

/// `template!(...)`: a `Template` constant, or the errors beside a stand-in `Template`.
pub(crate) fn template(tokens: TokenStream) -> TokenStream {
    let (root, tokens) = Root::split(tokens);
    try_template(tokens, &root).unwrap_or_else(|errors| fallback::template(errors, &root))
}

fn try_template(tokens: TokenStream, root: &Root) -> syn::Result<TokenStream> {
    let input: TemplateInput = syn::parse2(tokens)?;
    let source = input.lit.value();
    let mut errors = Diagnostics::default();
    let checked = check::grammar(&input.lit, &source, 0, false, &mut errors);
    errors.finish()?;
    let Ok(checked) = checked else {
        unreachable!("the grammar's errors were pushed")
    };
    let mut text = source.clone();
    let steps = checked.plan_into(&source, &mut text);
    Ok(constant(
        &text,
        source.len(),
        &checked.expressions,
        &steps,
        root,
    ))
}

/// The block that defines the template's `static`s and evaluates to the `Template`: `text` is
/// the template (its first `source_len` bytes) and the steps' texts.
fn constant(
    text: &str,
    source_len: usize,
    expressions: &[Expression],
    steps: &[Step<Range<usize>>],
    root: &Root,
) -> TokenStream {
    let site = Span::mixed_site();
    let root_path = root.tokens();
    let private = quote_spanned!(site=> #root_path::__private);
    let expressions_len = Literal::usize_unsuffixed(expressions.len());
    let expressions = expressions.iter().map(|e| {
        let span = range(&e.range);
        let operator = operator(e.operator, root);
        let vars = e.vars.iter().map(|v| {
            let name = range(&v.name);
            let modifier = modifier(v.modifier, root);
            quote_spanned!(site=> #private::VarSpec { name: #name, modifier: #modifier })
        });
        quote_spanned!(site=> #private::Expression {
            range: #span,
            operator: #operator,
            vars: #private::VarList::Static(&[#(#vars),*]),
        })
    });
    let steps_len = Literal::usize_unsuffixed(steps.len());
    let static_len = Literal::usize_unsuffixed(plan::static_len_of_ranges(steps));
    let source_len = Literal::usize_unsuffixed(source_len);
    let steps = steps.iter().map(|step| {
        let text = range;
        let index = |i: usize| Literal::usize_unsuffixed(i);
        match step {
            Step::Text(t) => {
                let t = text(t);
                quote_spanned!(site=> #private::Step::Text(#t))
            }
            Step::Segment(i) => {
                let i = index(*i);
                quote_spanned!(site=> #private::Step::Segment(#i))
            }
            Step::PathStart { relative } => {
                quote_spanned!(site=> #private::Step::PathStart { relative: #relative })
            }
            Step::SegmentStart => quote_spanned!(site=> #private::Step::SegmentStart),
            Step::SegmentEnd { then_slash } => {
                quote_spanned!(site=> #private::Step::SegmentEnd { then_slash: #then_slash })
            }
            Step::Expand(i, c) => {
                let (i, c) = (index(*i), context(*c, root));
                quote_spanned!(site=> #private::Step::Expand(#i, #c))
            }
            Step::QueryStart => quote_spanned!(site=> #private::Step::QueryStart),
            Step::QueryPieceStart => quote_spanned!(site=> #private::Step::QueryPieceStart),
            Step::QueryPieceEnd => quote_spanned!(site=> #private::Step::QueryPieceEnd),
            Step::Pair(pair) => {
                let pair = text(pair);
                quote_spanned!(site=> #private::Step::Pair(#pair))
            }
            Step::HandPair { key, expr } => {
                let (key, expr) = (text(key), index(*expr));
                quote_spanned!(site=> #private::Step::HandPair { key: #key, expr: #expr })
            }
            Step::Port(i) => {
                let i = index(*i);
                quote_spanned!(site=> #private::Step::Port(#i))
            }
            Step::Required(i, c) => {
                let (i, c) = (index(*i), context(*c, root));
                quote_spanned!(site=> #private::Step::Required(#i, #c))
            }
        }
    });
    let [e, s, t] =
        ["__EXPRESSIONS", "__STEPS", "__TEMPLATE"].map(|n| format_ident!("{n}", span = site));
    quote_spanned!(site=> {
        static #e: [#private::Expression; #expressions_len] = [#(#expressions),*];
        static #s: [#private::Step; #steps_len] = [#(#steps),*];
        static #t: #private::Compiled =
            #private::Compiled::from_static(#text, #source_len, &#e, &#s, #static_len);
        #root_path::Template::__from_static(&#t)
    })
}

fn range(range: &Range<usize>) -> TokenStream {
    let (start, end) = (
        Literal::usize_unsuffixed(range.start),
        Literal::usize_unsuffixed(range.end),
    );
    quote_spanned!(Span::mixed_site()=> #start..#end)
}
