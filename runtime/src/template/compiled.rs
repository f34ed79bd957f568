//! [`Compiled`]: a template taken apart, the same data whether `template!` wrote it into a
//! `static` at compile time or [`Template::parse`](super::Template::parse) built it at run
//! time; and [`Compiled::run`], the one interpreter of its steps.
//!
//! Parts are held as `Cow<'static, _>`: borrowed from the binary for the compile-time form,
//! owned for the run-time form. A `Cow` rather than a type parameter keeps one concrete
//! type, so the interpreter is compiled once and `Template` needs no generic methods. The
//! cost is a test of the `Cow`'s tag where a part is read.
//!
//! All text is in one buffer: the template as written, then every text its steps write
//! (`urlkit_syntax::plan::plan_into`), which the steps hold as ranges. `parse` so makes one
//! allocation for the text rather than one per step and one for the source.
#![allow(
    clippy::inline_always,
    reason = "the interpreter's steps must inline into `Compiled::run`, so that its constants fold"
)]

use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use urlkit_syntax::plan::{self, Context, Step};
use urlkit_syntax::reference::Options;
use urlkit_syntax::template::{Expression, Operator, VarSpec};

use super::capacity::first_capacity;
use super::error::TemplateError;
use super::ranges::{
    STEP_BLOCK, STEP_PADDING, Text, expression, first_var, push_step_block, push_step_text,
    ranges_on_boundaries, texts_fit_blocks,
};
use super::vars::Vars;
use crate::value::{Expansion, Frame};
use crate::writer::Writer;

/// A step as a template holds it: its text is a range of [`Compiled`]'s text.
#[doc(hidden)]
pub type CompiledStep = Step<Range<usize>>;

/// An expression as a template holds it.
#[doc(hidden)]
pub type CompiledExpression = Expression<Cow<'static, [VarSpec]>>;

/// A checked template: its text, its expressions and the plan (`urlkit_syntax::plan`) that
/// `url!` turns into code and `Template` interprets.
///
/// It holds no atomic: a `static` cannot hold interior mutability and stay usable in a
/// `const`. The capacity a [`Template`](super::Template) learns from its expansions lives
/// beside it, in the run-time form only.
#[doc(hidden)]
#[derive(Debug)]
pub struct Compiled {
    /// The template as written (the first `source_len` bytes), then the texts of the steps;
    /// in the run-time form, then [`STEP_BLOCK`] bytes of padding.
    text: Cow<'static, str>,
    /// The length of `text` without its padding.
    text_len: usize,
    source_len: usize,
    expressions: Cow<'static, [CompiledExpression]>,
    steps: Cow<'static, [CompiledStep]>,
    /// Bytes to reserve for an expansion: the text the steps always write, plus room.
    capacity: usize,
    /// Whether every range of the steps and expressions was found on character boundaries
    /// of `text` when the template was made ([`ranges_on_boundaries`]): then
    /// [`Compiled::run`] slices without checking again (see [`Text::get`]).
    ranges_checked: bool,
    /// Whether every text step's range is at most [`STEP_BLOCK`] bytes long and `text` holds
    /// a whole block from its start ([`texts_fit_blocks`]; always, for the padded text of a
    /// parsed template whose texts are short): then, with `ranges_checked`,
    /// [`Compiled::run`] copies each text step as one block ([`push_step_block`]).
    blocks: bool,
}

/// Two forms are equal when they hold the same template, texts and plan, padded or not.
impl PartialEq for Compiled {
    fn eq(&self, other: &Compiled) -> bool {
        self.text.get(..self.text_len) == other.text.get(..other.text_len)
            && self.source_len == other.source_len
            && self.expressions == other.expressions
            && self.steps == other.steps
            && self.capacity == other.capacity
            && self.ranges_checked == other.ranges_checked
    }
}

impl Eq for Compiled {}

impl Compiled {
    /// What `template!` expands to (in a `static`), from what it computed at compile time
    /// with the same grammar and planner as [`Compiled::parse`]: `text` is the template
    /// followed by the steps' texts (`source_len` bytes of it are the template), and
    /// `static_len` is `urlkit_syntax::plan::static_len_of_ranges` of the steps.
    pub const fn from_static(
        text: &'static str,
        source_len: usize,
        expressions: &'static [CompiledExpression],
        steps: &'static [CompiledStep],
        static_len: usize,
    ) -> Compiled {
        Compiled {
            text: Cow::Borrowed(text),
            text_len: text.len(),
            source_len,
            expressions: Cow::Borrowed(expressions),
            steps: Cow::Borrowed(steps),
            capacity: first_capacity(static_len, expressions),
            ranges_checked: ranges_on_boundaries(text, expressions, steps),
            blocks: texts_fit_blocks(text, steps),
        }
    }

    /// Checks `source` as `url!` does, and plans it: a template of the common shape through
    /// the front door's fast lane (`urlkit_syntax::plan::plan_plain`, one pass, which gives
    /// the same result), any other through the front door itself.
    pub(super) fn parse(source: &str) -> Result<Compiled, TemplateError> {
        // The steps' text is the template's less its expressions, normalized: no longer
        // unless IRI characters are encoded (then the buffer grows once). One buffer for
        // both lanes, with room for the padding `owned` adds.
        let mut text = String::with_capacity(2 * source.len() + STEP_BLOCK);
        text.push_str(source);
        match plan::plan_plain(source, &mut text) {
            Some((expressions, steps)) => {
                Ok(Compiled::owned(source.len(), text, expressions, steps))
            }
            None => Compiled::parse_checked(source, text),
        }
    }

    /// Checks `source` through the grammar's front door, as `url!` does, and plans it.
    /// `text` holds `source`, and receives the steps' texts.
    fn parse_checked(source: &str, mut text: String) -> Result<Compiled, TemplateError> {
        let checked = urlkit_syntax::check::check(
            source,
            Options {
                iri: true,
                joined: false,
            },
        )
        .map_err(|rejected| TemplateError::from_syntax(rejected.errors))?;
        let steps = checked.plan_into(source, &mut text);
        Ok(Compiled::owned(
            source.len(),
            text,
            checked.expressions,
            steps,
        ))
    }

    /// The run-time form of a planned template: `text` is the template (`source_len`
    /// bytes), then the steps' texts.
    fn owned(
        source_len: usize,
        text: String,
        expressions: Vec<Expression>,
        steps: Vec<CompiledStep>,
    ) -> Compiled {
        let static_len = plan::static_len_of_ranges(&steps);
        // Moving each `Vec` into a `Cow` copies nothing; the collect reuses the vector's
        // allocation, the items being the same size.
        let expressions: Vec<CompiledExpression> = expressions
            .into_iter()
            .map(|e| e.map_vars(Cow::Owned))
            .collect();
        let capacity = first_capacity(static_len, &expressions);
        let ranges_checked = ranges_on_boundaries(&text, &expressions, &steps);
        let text_len = text.len();
        // Padding after the last text, so that a text step can copy a whole block.
        // One copy of a constant, not a `char` at a time: every `Template::parse` pays it.
        let mut text = text;
        text.push_str(STEP_PADDING);
        let blocks = texts_fit_blocks(&text, &steps);
        Compiled {
            text: Cow::Owned(text),
            text_len,
            source_len,
            expressions: Cow::Owned(expressions),
            steps: Cow::Owned(steps),
            capacity,
            ranges_checked,
            blocks,
        }
    }

    pub(super) fn source(&self) -> &str {
        &self.text[..self.source_len]
    }

    /// Bytes to reserve before the first expansion.
    pub(super) fn capacity(&self) -> usize {
        self.capacity
    }

    /// The names of the variables, each once, in order of first use. The names seen are
    /// kept in an ordered set, not searched in a list, so that a template's many distinct
    /// names do not take a number of comparisons quadratic in their count.
    pub(super) fn variables(&self) -> impl Iterator<Item = &str> {
        let source = self.source();
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        self.expressions
            .iter()
            .flat_map(|e| e.vars.iter())
            .map(move |v| &source[v.name.clone()])
            .filter(move |name| seen.insert(name))
    }

    /// Executes the plan against `vars`: for each step, the `Writer` call that `url!`
    /// generates for it (`macros/src/generate/`), with the same arguments.
    ///
    /// The expressions of the common shapes (`{x}` in a path segment or the query, `{/x}`,
    /// `{?x}` in a query of pairs) are expanded with their operator and context as
    /// constants, as `url!`'s code has them: the expansion's set-up and the bookkeeping of
    /// its first variable fold to the few tests that apply. (What it reads after a value's
    /// `expand`, a call the compiler cannot see into, is read back from memory.) The other
    /// shapes take one general copy.
    pub(super) fn run<'n, V: Vars + ?Sized>(&'n self, w: &mut Writer<'n>, vars: &V) {
        // Whether the ranges were checked is tested once here, not at each range: each
        // branch is a copy of the interpreter with it a constant.
        if self.ranges_checked && self.blocks {
            self.run_in::<true, true, V>(w, vars);
        } else if self.ranges_checked {
            self.run_checked(w, vars);
        } else {
            self.run_unchecked(w, vars);
        }
    }

    /// [`run`](Self::run) for a template whose text steps are not all copied as blocks (a
    /// `template!`'s, whose text is not padded, or one with a text over [`STEP_BLOCK`]).
    #[inline(never)]
    fn run_checked<'n, V: Vars + ?Sized>(&'n self, w: &mut Writer<'n>, vars: &V) {
        self.run_in::<true, false, V>(w, vars);
    }

    /// [`run`](Self::run) for a template whose ranges were not found on boundaries (never
    /// one the planner made): out of line, so that only the checked copy is in `run`.
    #[inline(never)]
    #[cold]
    fn run_unchecked<'n, V: Vars + ?Sized>(&'n self, w: &mut Writer<'n>, vars: &V) {
        self.run_in::<false, false, V>(w, vars);
    }

    /// [`run`](Self::run) with `CHECKED` being [`Compiled::ranges_checked`], and `BLOCKS`
    /// that and [`Compiled::blocks`].
    #[inline(always)]
    fn run_in<'n, const CHECKED: bool, const BLOCKS: bool, V: Vars + ?Sized>(
        &'n self,
        w: &mut Writer<'n>,
        vars: &V,
    ) {
        let text = Text::<CHECKED> { text: &self.text };
        let expressions: &'n [CompiledExpression] = &self.expressions;
        for step in self.steps.iter() {
            match step {
                // Not `Writer::text`, whose copy is for `url!`'s texts, whose length is known
                // at compile time: a parsed template's text step is copied as one block.
                // SAFETY: `BLOCKS` only when `ranges_checked` and `blocks` (see `run`), which
                // `Compiled`'s private, unchanging fields keep true: the range is on
                // character boundaries of the text, at most `STEP_BLOCK` long, and the text
                // holds a whole block from its start.
                Step::Text(range) if BLOCKS => unsafe { push_step_block(&mut w.out, text, range) },
                Step::Text(range) => push_step_text(&mut w.out, text.get(range)),
                Step::PathStart { relative } => w.path_start(*relative),
                Step::SegmentStart => w.segment_start(),
                Step::SegmentEnd { then_slash } => w.segment_end(*then_slash),
                Step::QueryStart => w.query_start(),
                Step::Pair(pair) => w.pair(text.get(pair)),
                Step::Segment(i) => {
                    let Some(e) = expression::<CHECKED>(expressions, *i) else {
                        continue;
                    };
                    fill(text, e, w, (Operator::Simple, Context::Path, true), vars);
                }
                Step::Expand(i, context) => {
                    let Some(e) = expression::<CHECKED>(expressions, *i) else {
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
                    let Some(e) = expression::<CHECKED>(expressions, *expr) else {
                        continue;
                    };
                    let reserved = e.operator.allows_reserved();
                    fill_general(text, e, w.hand_pair(text.get(key), reserved), vars);
                }
                Step::Port(i) => {
                    if let Some(e) = expression::<CHECKED>(expressions, *i) {
                        fill_general(text, e, w.port(), vars);
                    }
                }
                Step::Required(i, context) => {
                    let Some(e) = expression::<CHECKED>(expressions, *i) else {
                        continue;
                    };
                    fill_general(text, e, w.required_expansion(e.operator, *context), vars);
                }
            }
        }
    }
}

/// Expands the variables of expression `e`, whose names are ranges of `text`, into an
/// expansion made with `start` (operator, context, and whether it is a whole segment), and
/// ends it. Inlined into each arm of [`Compiled::run`], so that what the arm knows of the
/// expansion is constant here.
#[inline(always)]
fn fill<'n, const CHECKED: bool, V: Vars + ?Sized>(
    text: Text<'n, CHECKED>,
    e: &'n CompiledExpression,
    w: &mut Writer<'n>,
    start: (Operator, Context, bool),
    vars: &V,
) {
    let Some((var, specs)) = first_var::<CHECKED>(&e.vars) else {
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
fn fill_general<'n, const CHECKED: bool, V: Vars + ?Sized>(
    text: Text<'n, CHECKED>,
    e: &'n CompiledExpression,
    mut x: Expansion<'_, 'n>,
    vars: &V,
) {
    // Taken while the arm's constants are known: after the first value's `expand` the
    // expansion is read back from memory.
    let frame = x.frame();
    // The first variable apart: only it sets the expression's first name, without the
    // test of whether one is set that `begin_var_in` makes.
    let Some((var, specs)) = first_var::<CHECKED>(&e.vars) else {
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
fn expand_vars<'n, const CHECKED: bool, V: Vars + ?Sized>(
    text: Text<'n, CHECKED>,
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
