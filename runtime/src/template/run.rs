//! [`Compiled::run`], the one interpreter of a template's steps, and what it reads them with.
#![allow(
    clippy::inline_always,
    reason = "`fill` and `expand_vars` in each arm of `Compiled::run`, where the operator and context are constants (callgrind, `bench/examples/template_count`)"
)]

use core::ops::Range;

use urlkit_syntax::plan::{Context, Step};
use urlkit_syntax::template::{Operator, VarSpec};

use super::compiled::{Compiled, CompiledExpression};
use super::vars::Vars;
use crate::raw;
use crate::value::{Expansion, Frame};
use crate::writer::Writer;

impl Compiled {
    /// Executes the plan against `vars`: for each step, the `Writer` call that `url!`
    /// generates for it (`macros/src/generate.rs`), with the same arguments.
    ///
    /// The expressions of the common shapes (`{x}` in a path segment or the query, `{/x}`,
    /// `{?x}` in a query of pairs) are expanded with their operator and context as
    /// constants, as `url!`'s code has them: the expansion's set-up and the bookkeeping of
    /// its first variable fold to the few tests that apply. (What it reads after a value's
    /// `expand`, a call the compiler cannot see into, is read back from memory.) Measured
    /// with callgrind (`bench/examples/template_count`, GitHub issues template: 2,292
    /// instructions an expand before, 2,233 after); the other shapes take one general copy.
    pub(super) fn run<'n, V: Vars + ?Sized>(&'n self, w: &mut Writer<'n>, vars: &V) {
        let text = Text { text: &self.text };
        let expressions: &'n [CompiledExpression] = &self.expressions;
        for step in self.steps.iter() {
            match step {
                Step::Text(range) => raw::push_str(&mut w.out, text.get(range)),
                Step::PathStart { relative } => w.path_start(*relative),
                Step::SegmentStart => w.segment_start(),
                Step::SegmentEnd { then_slash } => w.segment_end(*then_slash),
                Step::QueryStart => w.query_start(),
                Step::Pair(pair) => w.pair(text.get(pair)),
                Step::Segment(i) => {
                    let Some(e) = expression(expressions, *i) else {
                        continue;
                    };
                    fill(text, e, w, (Operator::Simple, Context::Path, true), vars);
                }
                Step::Expand(i, context) => {
                    let Some(e) = expression(expressions, *i) else {
                        continue;
                    };
                    // Each arm a copy of the expansion with its operator and context known.
                    match (e.operator, *context) {
                        (Operator::Simple, Context::Path) => {
                            fill(text, e, w, (Operator::Simple, Context::Path, false), vars);
                        }
                        (Operator::Path, Context::Path) => {
                            fill(text, e, w, (Operator::Path, Context::Path, false), vars);
                        }
                        (Operator::Query, Context::QueryPairs) => {
                            fill(
                                text,
                                e,
                                w,
                                (Operator::Query, Context::QueryPairs, false),
                                vars,
                            );
                        }
                        (Operator::QueryContinuation, Context::QueryPairs) => {
                            fill(
                                text,
                                e,
                                w,
                                (Operator::QueryContinuation, Context::QueryPairs, false),
                                vars,
                            );
                        }
                        (op, context) => fill_general(text, e, w.expansion(op, context), vars),
                    }
                }
                Step::HandPair { key, expr } => {
                    let Some(e) = expression(expressions, *expr) else {
                        continue;
                    };
                    let reserved = e.operator.allows_reserved();
                    fill_general(text, e, w.hand_pair(text.get(key), reserved), vars);
                }
                Step::Port(i) => {
                    if let Some(e) = expression(expressions, *i) {
                        fill_general(text, e, w.port(), vars);
                    }
                }
                Step::Required(i, context) => {
                    let Some(e) = expression(expressions, *i) else {
                        continue;
                    };
                    fill_general(text, e, w.required_expansion(e.operator, *context), vars);
                }
            }
        }
    }
}

/// A compiled template's text, sliced by the ranges of its steps and expressions.
#[derive(Clone, Copy)]
struct Text<'n> {
    text: &'n str,
}

impl<'n> Text<'n> {
    /// The text of `range`: empty rather than a panic for a range outside the text or off
    /// its character boundaries, which the planner never makes.
    #[inline]
    fn get(self, range: &Range<usize>) -> &'n str {
        self.text.get(range.clone()).unwrap_or_default()
    }
}

/// Expression `i` of `expressions` (the template's): `None` (the step skipped rather than a
/// panic) only for an index out of range, which the planner never makes.
#[inline]
fn expression(expressions: &[CompiledExpression], i: usize) -> Option<&CompiledExpression> {
    expressions.get(i)
}

/// The first variable of an expression's `vars`, and the others: `None` only for an
/// expression without variables, which the planner never makes.
#[inline]
fn first_var(vars: &[VarSpec]) -> Option<(&VarSpec, &[VarSpec])> {
    vars.split_first()
}

/// Expands the variables of expression `e`, whose names are ranges of `text`, into an
/// expansion made with `start` (operator, context, and whether it is a whole segment), and
/// ends it. Inlined into each arm of [`Compiled::run`], so that what the arm knows of the
/// expansion is constant here.
#[inline(always)]
fn fill<'n, V: Vars + ?Sized>(
    text: Text<'n>,
    e: &'n CompiledExpression,
    w: &mut Writer<'n>,
    start: (Operator, Context, bool),
    vars: &V,
) {
    let Some((var, specs)) = first_var(&e.vars) else {
        let (op, context, segment) = start;
        let x = if segment {
            w.segment_expansion()
        } else {
            w.expansion(op, context)
        };
        x.finish();
        return;
    };
    let name = text.get(&var.name);
    let x = Expansion::with_first_var(w, start, name, var.modifier);
    // Taken while the arm's constants are known: after the first value's `expand` the
    // expansion is read back from memory.
    let frame = x.frame();
    expand_vars(text, name, specs, x, frame, vars);
}

/// [`fill`] for the rarer shapes, kept out of line, into the expansion `x`: one copy, the
/// expansion's operator and context read at run time.
#[inline(never)]
fn fill_general<'n, V: Vars + ?Sized>(
    text: Text<'n>,
    e: &'n CompiledExpression,
    mut x: Expansion<'_, 'n>,
    vars: &V,
) {
    // Taken while the arm's constants are known: after the first value's `expand` the
    // expansion is read back from memory.
    let frame = x.frame();
    // The first variable apart: only it sets the expression's first name, without the
    // test of whether one is set that `begin_var_in` makes.
    let Some((var, specs)) = first_var(&e.vars) else {
        x.finish_in(frame);
        return;
    };
    let name = text.get(&var.name);
    x.begin_var_in(frame, name, var.modifier);
    expand_vars(text, name, specs, x, frame, vars);
}

/// Expands the expression's first variable, `name`, begun in `x`, then the later ones,
/// `specs`, and ends the expansion: [`fill`]'s and [`fill_general`]'s common end.
#[inline(always)]
fn expand_vars<'n, V: Vars + ?Sized>(
    text: Text<'n>,
    name: &'n str,
    specs: &'n [VarSpec],
    mut x: Expansion<'_, 'n>,
    frame: Frame,
    vars: &V,
) {
    vars.expand_var(name, &mut x);
    for var in specs {
        let name = text.get(&var.name);
        x.begin_later_var_in(frame, name, var.modifier);
        vars.expand_var(name, &mut x);
    }
    x.finish_in(frame);
}
