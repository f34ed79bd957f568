//! A template's plan as `Template::expand` reads it ([`Plan`]): its text, expressions and
//! steps, checked once when the plan is made (every range inside the text and on character
//! boundaries, every expression a step names one of the expressions, every expression with
//! a variable, and whether each text step has a whole block of text from its start), then
//! read without those checks through [`Plan::view`], which resolves each step's ranges and
//! indices as it hands the step out. The checks are what makes the reads sound, so both are
//! here, with the fields they hold true for private: a plan is made as a [`StaticPlan`]
//! (`template!`'s, never changed) or an [`OwnedPlan`] (`Template::parse`'s, changed only by
//! [`OwnedPlan::fill`], which checks it again), and a [`Plan`] borrows one of them.

use alloc::string::String;
use core::ops::Range;
use core::slice;

use urlkit_syntax::plan::{Context, Step};
use urlkit_syntax::template::{Modifier, Operator, VarList, VarSpec};

use crate::template::compiled::{CompiledExpression, CompiledStep};
use crate::template::slots::PlanSlots;

/// How many bytes a text step is copied as ([`Piece::push`]), and a parsed template's text
/// is padded with.
const PIECE_BLOCK: usize = 32;

/// A template's plan as the interpreter reads it: its text, expressions and steps, borrowed
/// from a [`StaticPlan`] or an [`OwnedPlan`], with what was found of them when that plan was
/// made (see the module's comment). Only those two make one, and while it lives it borrows
/// them, so the parts it holds are the ones that were checked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan<'a> {
    /// The text; in the run-time form, then [`PIECE_BLOCK`] bytes of padding.
    text: &'a str,
    /// The length of `text` without its padding.
    len: usize,
    expressions: &'a [CompiledExpression],
    steps: &'a [CompiledStep],
    /// Whether [`checked`] held.
    checked: bool,
    /// Whether [`fit_blocks`] held too.
    blocks: bool,
}

/// The plan `template!` writes into a `static`.
#[derive(Debug)]
pub(crate) struct StaticPlan {
    text: &'static str,
    expressions: &'static [CompiledExpression],
    steps: &'static [CompiledStep],
    /// Whether [`checked`] held.
    checked: bool,
    /// Whether [`fit_blocks`] held too.
    blocks: bool,
}

impl StaticPlan {
    pub(crate) const fn new(
        text: &'static str,
        expressions: &'static [CompiledExpression],
        steps: &'static [CompiledStep],
    ) -> StaticPlan {
        let checked = checked(text, expressions, steps);
        StaticPlan {
            text,
            expressions,
            steps,
            checked,
            blocks: checked && fit_blocks(text, steps),
        }
    }

    #[inline]
    pub(crate) fn plan(&self) -> Plan<'_> {
        Plan {
            text: self.text,
            len: self.text.len(),
            expressions: self.expressions,
            steps: self.steps,
            checked: self.checked,
            blocks: self.blocks,
        }
    }
}

/// The plan `Template::parse` makes: its text padded with [`PIECE_BLOCK`] spaces so that
/// every short text step has its whole block, and its expressions and steps held in place
/// while they are few ([`PlanSlots`]).
#[derive(Debug)]
pub(crate) struct OwnedPlan {
    text: String,
    /// The length of `text` without its padding.
    len: usize,
    parts: PlanSlots,
    /// Whether [`checked`] held.
    checked: bool,
    /// Whether [`fit_blocks`] held too.
    blocks: bool,
}

impl OwnedPlan {
    /// A plan of no text and no parts, to be [`fill`](Self::fill)ed where it lies.
    #[inline]
    pub(crate) fn empty() -> OwnedPlan {
        OwnedPlan {
            text: String::new(),
            len: 0,
            parts: PlanSlots::new(),
            checked: false,
            blocks: false,
        }
    }

    /// The plan of `text` and `parts`, made by `build` in this plan's own fields (a
    /// short template's parts are held in place, and built there rather than moved in),
    /// then checked and padded. On `Err` the plan is left unchecked.
    #[inline]
    pub(crate) fn fill<E>(
        &mut self,
        build: impl FnOnce(&mut String, &mut PlanSlots) -> Result<(), E>,
    ) -> Result<(), E> {
        // Unchecked while its parts change: the checks below are of what `build` left.
        self.checked = false;
        self.blocks = false;
        build(&mut self.text, &mut self.parts)?;
        self.check_and_pad();
        Ok(())
    }

    /// The plan of `text` and `parts`.
    #[cfg(test)]
    pub(crate) fn new(text: String, parts: PlanSlots) -> OwnedPlan {
        let mut plan = OwnedPlan::empty();
        let filled: Result<(), ()> = plan.fill(|t, p| {
            *t = text;
            *p = parts;
            Ok(())
        });
        assert!(filled.is_ok());
        plan
    }

    /// Checks the plan's parts against its text, then pads the text with [`PIECE_BLOCK`]
    /// spaces so that every short text step has its whole block (appended as one copy:
    /// pushed a `char` at a time, the padding would be a loop on every parse).
    #[inline]
    fn check_and_pad(&mut self) {
        const PADDING: &str = match core::str::from_utf8(&[b' '; PIECE_BLOCK]) {
            Ok(spaces) => spaces,
            Err(_) => panic!("spaces are UTF-8"),
        };
        self.len = self.text.len();
        let (expressions, steps) = (
            self.parts.expressions.as_slice(),
            self.parts.steps.as_slice(),
        );
        let checked = steps_checked(&self.text, expressions.len(), steps)
            && expressions
                .iter()
                .all(|e| vars_checked(&self.text, e.vars.as_slice()));
        self.text.push_str(PADDING);
        self.blocks = checked && fit_blocks(&self.text, steps);
        self.checked = checked;
    }

    #[inline]
    pub(crate) fn plan(&self) -> Plan<'_> {
        Plan {
            text: &self.text,
            len: self.len,
            expressions: self.parts.expressions.as_slice(),
            steps: self.parts.steps.as_slice(),
            checked: self.checked,
            blocks: self.blocks,
        }
    }
}

impl<'a> Plan<'a> {
    /// The text, without its padding.
    pub(crate) fn text(self) -> &'a str {
        self.text.get(..self.len).unwrap_or_default()
    }

    pub(crate) fn expressions(self) -> &'a [CompiledExpression] {
        self.expressions
    }

    pub(crate) fn steps(self) -> &'a [CompiledStep] {
        self.steps
    }

    /// The steps, resolved: with `CHECKED`, only if the plan's ranges and indices were
    /// checked; with `BLOCKS` too, only if every text step has its whole block. (With
    /// neither, always: each range and index is then checked as it is read, and a step that
    /// fails is skipped, which never happens to a plan the planner made.)
    #[inline]
    pub(crate) fn view<const CHECKED: bool, const BLOCKS: bool>(
        self,
    ) -> Option<View<'a, CHECKED, BLOCKS>> {
        if (CHECKED && !self.checked) || (BLOCKS && !self.blocks) {
            return None;
        }
        Some(View {
            text: self.text,
            expressions: self.expressions,
            steps: self.steps.iter(),
        })
    }
}

/// The steps of a [`Plan`] as an iterator of [`Resolved`] (only [`Plan::view`] makes one).
pub(crate) struct View<'a, const CHECKED: bool, const BLOCKS: bool> {
    text: &'a str,
    expressions: &'a [CompiledExpression],
    steps: slice::Iter<'a, CompiledStep>,
}

/// A step with the text and the expression it reads.
pub(crate) enum Resolved<'a> {
    Text(Piece<'a>),
    PathStart {
        relative: bool,
    },
    SegmentStart,
    SegmentEnd {
        then_slash: bool,
    },
    QueryStart,
    QueryPieceStart,
    QueryPieceEnd,
    Pair(&'a str),
    HandPair {
        key: &'a str,
        expr: Expr<'a>,
    },
    Segment(Expr<'a>),
    Expand(Expr<'a>, Context),
    Port(Expr<'a>),
    Required(Expr<'a>, Context),
    /// A step whose range or index is outside the plan: never one the planner made.
    Skip,
}

impl<'a, const CHECKED: bool, const BLOCKS: bool> Iterator for View<'a, CHECKED, BLOCKS> {
    type Item = Resolved<'a>;

    #[inline]
    fn next(&mut self) -> Option<Resolved<'a>> {
        let step = self.steps.next()?;
        let text = |range: &Range<usize>| slice::<CHECKED>(self.text, range);
        let expr = |i: usize| expression::<CHECKED>(self.text, self.expressions, i);
        Some(match step {
            Step::Text(range) => Resolved::Text(Piece {
                text: self.text,
                range: range.clone(),
                block: BLOCKS,
            }),
            Step::PathStart { relative } => Resolved::PathStart {
                relative: *relative,
            },
            Step::SegmentStart => Resolved::SegmentStart,
            Step::SegmentEnd { then_slash } => Resolved::SegmentEnd {
                then_slash: *then_slash,
            },
            Step::QueryStart => Resolved::QueryStart,
            Step::QueryPieceStart => Resolved::QueryPieceStart,
            Step::QueryPieceEnd => Resolved::QueryPieceEnd,
            Step::Pair(pair) => match text(pair) {
                Some(pair) => Resolved::Pair(pair),
                None => Resolved::Skip,
            },
            Step::HandPair { key, expr: i } => match (text(key), expr(*i)) {
                (Some(key), Some(expr)) => Resolved::HandPair { key, expr },
                _ => Resolved::Skip,
            },
            Step::Segment(i) => expr(*i).map_or(Resolved::Skip, Resolved::Segment),
            Step::Expand(i, context) => {
                expr(*i).map_or(Resolved::Skip, |e| Resolved::Expand(e, *context))
            }
            Step::Port(i) => expr(*i).map_or(Resolved::Skip, Resolved::Port),
            Step::Required(i, context) => {
                expr(*i).map_or(Resolved::Skip, |e| Resolved::Required(e, *context))
            }
        })
    }
}

/// `text[range]`: for a `CHECKED` plan, where the range is one of its own, without checking
/// it again: the plan's ranges were checked when it was made, and an expansion reads one at
/// every step.
#[inline]
fn slice<'a, const CHECKED: bool>(text: &'a str, range: &Range<usize>) -> Option<&'a str> {
    if CHECKED {
        // SAFETY: `CHECKED` views are made only of plans for which `checked` held (see
        // `Plan::view`), which found every range of their steps and expressions (the only
        // ranges passed here) inside the text and on character boundaries; a plan's fields
        // are private, change only in `OwnedPlan::fill`, which checks them again, and a
        // `Plan` borrows them, so they cannot change while it is read.
        Some(unsafe { text.get_unchecked(range.clone()) })
    } else {
        text.get(range.clone())
    }
}

/// Expression `i` of `expressions`, for a `CHECKED` plan without checking the index again.
#[inline]
fn expression<'a, const CHECKED: bool>(
    text: &'a str,
    expressions: &'a [CompiledExpression],
    i: usize,
) -> Option<Expr<'a>> {
    let (e, first, later) = if CHECKED {
        // SAFETY: as in `slice`: `checked` found every expression index of the plan's steps
        // (the only indices passed here) below the number of its expressions, and at least
        // one variable in every expression (a `VarList::One` holds it in place).
        unsafe {
            let e = expressions.get_unchecked(i);
            match &e.vars {
                VarList::One(var) => (e, var, &[][..]),
                VarList::Static(vars) => (e, vars.get_unchecked(0), vars.get_unchecked(1..)),
                VarList::Many(vars) => (e, vars.get_unchecked(0), vars.get_unchecked(1..)),
            }
        }
    } else {
        let e = expressions.get(i)?;
        let (first, later) = e.vars.split_first()?;
        (e, first, later)
    };
    Some(Expr {
        text,
        operator: e.operator,
        first: (slice::<CHECKED>(text, &first.name)?, first.modifier),
        later,
        checked: CHECKED,
    })
}

/// An expression of a step: its operator and its variables' names.
#[derive(Clone, Copy)]
pub(crate) struct Expr<'a> {
    text: &'a str,
    pub(crate) operator: Operator,
    /// The first variable (every expression has one).
    pub(crate) first: (&'a str, Modifier),
    later: &'a [VarSpec],
    checked: bool,
}

impl<'a> Expr<'a> {
    /// The variables after the first, in order (those whose names are not in the text of an
    /// unchecked plan are left out, which never happens to a plan the planner made).
    #[inline]
    pub(crate) fn later(self) -> impl Iterator<Item = (&'a str, Modifier)> {
        let (text, checked) = (self.text, self.checked);
        self.later.iter().filter_map(move |var| {
            let name = if checked {
                slice::<true>(text, &var.name)
            } else {
                slice::<false>(text, &var.name)
            };
            Some((name?, var.modifier))
        })
    }
}

/// A text step's text.
pub(crate) struct Piece<'a> {
    text: &'a str,
    range: Range<usize>,
    /// Whether the plan's text holds a whole block from the range's start, and the range is
    /// at most a block long, on boundaries (`fit_blocks`).
    block: bool,
}

impl Piece<'_> {
    /// Appends the text to `out`: when the plan's text holds a whole block from the step's
    /// start and `out` has room for a block, as one copy of the block, of which the step's
    /// bytes are kept (one fixed-size copy, where `push_str` picks a copy by the length);
    /// else as `push_str`.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the interpreter's text step: left to the inliner, it became a call on every text step (`bench/count.sh template_count expand`)"
    )]
    pub(crate) fn push(self, out: &mut String) {
        if self.block && out.capacity() - out.len() >= PIECE_BLOCK {
            let n = self.range.end.wrapping_sub(self.range.start);
            // SAFETY: `block` only for a plan for which `checked` and `fit_blocks` held (see
            // `Plan::view`): the range lies on character boundaries, is at most
            // `PIECE_BLOCK` long, and the text holds `PIECE_BLOCK` bytes from its start. So
            // the block read is inside the text, and the bytes kept, the range's, are whole
            // characters: `out` stays UTF-8. The block lands in `out`'s spare capacity, which
            // has room for it (tested above), and once written its first `n` bytes are
            // initialized.
            unsafe {
                let block = self
                    .text
                    .as_ptr()
                    .add(self.range.start)
                    .cast::<[u8; PIECE_BLOCK]>()
                    .read_unaligned();
                let buf = out.as_mut_vec();
                let len = buf.len();
                buf.as_mut_ptr()
                    .add(len)
                    .cast::<[u8; PIECE_BLOCK]>()
                    .write_unaligned(block);
                buf.set_len(len + n);
            }
            return;
        }
        if let Some(text) = self.text.get(self.range) {
            super::push_str(out, text);
        }
    }
}

/// Whether every range held by `steps` and `expressions` lies inside `text`, on character
/// boundaries, every expression a step names is one of `expressions`, and every expression
/// has a variable (RFC 6570's grammar). A `const fn`: `template!`'s templates are checked at
/// compile time (their variables are `VarList::Static`, which a `const fn` reads; any other
/// list fails the check here, and a run-time plan is checked by `OwnedPlan::new`).
const fn checked(text: &str, expressions: &[CompiledExpression], steps: &[CompiledStep]) -> bool {
    if !steps_checked(text, expressions.len(), steps) {
        return false;
    }
    let mut i = 0;
    while i < expressions.len() {
        match expressions[i].vars.as_const_slice() {
            Some(vars) if vars_checked(text, vars) => {}
            _ => return false,
        }
        i += 1;
    }
    true
}

/// Whether every range held by `steps` lies inside `text`, on character boundaries, and
/// every expression a step names is below `expressions`.
#[inline]
const fn steps_checked(text: &str, expressions: usize, steps: &[CompiledStep]) -> bool {
    let mut i = 0;
    while i < steps.len() {
        let fits = match &steps[i] {
            Step::Text(range) | Step::Pair(range) => on_boundaries(text, range),
            Step::HandPair { key, expr } => on_boundaries(text, key) && *expr < expressions,
            Step::Segment(e) | Step::Expand(e, _) | Step::Port(e) | Step::Required(e, _) => {
                *e < expressions
            }
            Step::PathStart { .. }
            | Step::SegmentStart
            | Step::SegmentEnd { .. }
            | Step::QueryStart
            | Step::QueryPieceStart
            | Step::QueryPieceEnd => true,
        };
        if !fits {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether an expression's `vars` are at least one (RFC 6570 §2.2: a variable list is one
/// or more), each name inside `text` on character boundaries.
const fn vars_checked(text: &str, vars: &[VarSpec]) -> bool {
    if vars.is_empty() {
        return false;
    }
    let mut j = 0;
    while j < vars.len() {
        if !on_boundaries(text, &vars[j].name) {
            return false;
        }
        j += 1;
    }
    true
}

/// Whether every text step of `steps` is at most [`PIECE_BLOCK`] bytes long and `text` holds
/// that many bytes from its start (see [`Piece::push`]).
const fn fit_blocks(text: &str, steps: &[CompiledStep]) -> bool {
    let mut i = 0;
    while i < steps.len() {
        if let Step::Text(range) = &steps[i]
            && (range.start > range.end
                || range.end - range.start > PIECE_BLOCK
                || range.start > text.len()
                || text.len() - range.start < PIECE_BLOCK)
        {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `range` lies inside `text`, on character boundaries.
const fn on_boundaries(text: &str, range: &Range<usize>) -> bool {
    range.start <= range.end
        && range.end <= text.len()
        && text.is_char_boundary(range.start)
        && text.is_char_boundary(range.end)
}
