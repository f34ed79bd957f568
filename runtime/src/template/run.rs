//! [`run`], the one interpreter of a template's steps, which it reads resolved
//! (`crate::raw::Plan`: their ranges and indices checked once, when the template was made).
#![allow(
    clippy::inline_always,
    reason = "`fill` and `expand_vars` in each arm of `run`, where the operator and context are constants and fold"
)]

use urlkit_syntax::plan::Context;
use urlkit_syntax::template::Operator;

use super::vars::Vars;
use crate::raw::{Expr, Plan, Resolved, View};
use crate::writer::Writer;
use crate::writer::{Expansion, Frame};

/// Executes `plan` against `vars`: for each step, the `Writer` call that `url!`
/// generates for it (`macros/src/generate/`), with the same arguments.
///
/// The expressions of the common layouts (`{x}` in a path segment or the query, `{/x}`,
/// `{?x}` in a query of pairs) are expanded with their operator and context as
/// constants, as `url!`'s code has them: the expansion's set-up and the bookkeeping of
/// its first variable fold to the few tests that apply. (What it reads after a value's
/// `expand`, a call the compiler cannot see into, is read back from memory.) The other
/// layouts take one general copy.
pub(super) fn run<'n, V: Vars + ?Sized>(plan: Plan<'n>, w: &mut Writer<'n>, vars: &V) {
    // Whether the plan was checked is tested once here, not at each range: each branch
    // is a copy of the interpreter with it a constant.
    if let Some(view) = plan.view::<true, true>() {
        run_in(view, w, vars);
    } else if let Some(view) = plan.view::<true, false>() {
        run_checked(view, w, vars);
    } else if let Some(view) = plan.view::<false, false>() {
        run_unchecked(view, w, vars);
    }
}

/// [`run`] for a template whose text steps are not all copied as blocks (a
/// `template!`'s, whose text is not padded, or one with a text over a block).
#[inline(never)]
fn run_checked<'n, V: Vars + ?Sized>(view: View<'n, true, false>, w: &mut Writer<'n>, vars: &V) {
    run_in(view, w, vars);
}

/// [`run`] for a template whose ranges were not found on boundaries (never one the
/// planner made): out of line, so that only the checked copy is in `run`.
#[inline(never)]
#[cold]
fn run_unchecked<'n, V: Vars + ?Sized>(view: View<'n, false, false>, w: &mut Writer<'n>, vars: &V) {
    run_in(view, w, vars);
}

/// [`run`] over the steps of `view`.
#[inline(always)]
fn run_in<'n, const CHECKED: bool, const BLOCKS: bool, V: Vars + ?Sized>(
    view: View<'n, CHECKED, BLOCKS>,
    w: &mut Writer<'n>,
    vars: &V,
) {
    for step in view {
        match step {
            // Not `Writer::text`, whose copy is for `url!`'s texts, whose length is known at
            // compile time: a parsed template's text step is copied as one block.
            Resolved::Text(piece) => piece.push(&mut w.out),
            Resolved::PathStart { relative } => w.path_start(relative),
            Resolved::SegmentStart => w.segment_start(),
            Resolved::SegmentEnd { then_slash } => w.segment_end(then_slash),
            Resolved::QueryStart => w.query_start(),
            Resolved::QueryPieceStart => w.query_piece_start(),
            Resolved::QueryPieceEnd => w.query_piece_end(),
            Resolved::Pair(pair) => w.pair(pair),
            Resolved::Segment(e) => fill(e, w, (Operator::Simple, Context::Path, true), vars),
            Resolved::Expand(e, context) => {
                // Each arm a copy of the expansion with its operator and context known.
                match (e.operator, context) {
                    (Operator::Simple, Context::Path) => {
                        fill(e, w, (Operator::Simple, Context::Path, false), vars);
                    }
                    (Operator::Path, Context::Path) => {
                        fill(e, w, (Operator::Path, Context::Path, false), vars);
                    }
                    (Operator::Query, Context::QueryPairs) => {
                        fill(e, w, (Operator::Query, Context::QueryPairs, false), vars);
                    }
                    (Operator::QueryContinuation, Context::QueryPairs) => {
                        let start = (Operator::QueryContinuation, Context::QueryPairs, false);
                        fill(e, w, start, vars);
                    }
                    (op, context) => fill_general(e, w.expansion(op, context), vars),
                }
            }
            Resolved::HandPair { key, expr } => {
                let reserved = expr.operator.allows_reserved();
                fill_general(expr, w.hand_pair(key, reserved), vars);
            }
            Resolved::Port(e) => fill_general(e, w.port(), vars),
            Resolved::Required(e, context) => {
                fill_general(e, w.required_expansion(e.operator, context), vars);
            }
            Resolved::Skip => {}
        }
    }
}

/// Expands the variables of expression `e` into an expansion made with `start` (operator,
/// context, and whether it is a whole segment), and ends it. Inlined into each arm of
/// [`run_in`], so that what the arm knows of the expansion is constant here.
#[inline(always)]
fn fill<'n, V: Vars + ?Sized>(
    e: Expr<'n>,
    w: &mut Writer<'n>,
    start: (Operator, Context, bool),
    vars: &V,
) {
    let (name, modifier) = e.first;
    let x = Expansion::with_first_var(w, start, name, modifier);
    // Taken while the arm's constants are known: after the first value's `expand` the
    // expansion is read back from memory.
    let frame = x.frame();
    expand_vars(e, x, frame, vars);
}

/// [`fill`] for the rarer layouts, kept out of line, into the expansion `x`: one copy, the
/// expansion's operator and context read at run time.
#[inline(never)]
fn fill_general<'n, V: Vars + ?Sized>(e: Expr<'n>, mut x: Expansion<'_, 'n>, vars: &V) {
    // Taken while the arm's constants are known: after the first value's `expand` the
    // expansion is read back from memory.
    let frame = x.frame();
    // The first variable apart: only it sets the expression's first name, without the
    // test of whether one is set that `begin_var_in` makes.
    let (name, modifier) = e.first;
    x.begin_var_in(frame, name, modifier);
    expand_vars(e, x, frame, vars);
}

/// Expands the expression's first variable, begun in `x`, then the later ones, and ends the
/// expansion: [`fill`]'s and [`fill_general`]'s common end.
#[inline(always)]
fn expand_vars<'n, V: Vars + ?Sized>(
    e: Expr<'n>,
    mut x: Expansion<'_, 'n>,
    frame: Frame,
    vars: &V,
) {
    vars.expand_var(e.first.0, &mut x);
    for (name, modifier) in e.later() {
        x.begin_later_var_in(frame, name, modifier);
        vars.expand_var(name, &mut x);
    }
    x.finish_in(frame);
}
