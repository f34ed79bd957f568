//! A template taken apart: [`Compiled`], the form `template!` writes into a `static` at
//! compile time, and [`Parsed`], the form [`Template::parse`](super::Template::parse) builds
//! at run time; both read as one borrowed [`CompiledRef`], whose plan `run.rs`, the one
//! interpreter of the steps, expands.
//!
//! The two forms hold the same data: the compile-time one borrowed from the binary, the
//! run-time one owned, with the expressions and steps of a short template in place
//! ([`PlanSlots`]). Both are read through the same [`CompiledRef`] (borrowed slices), so the
//! interpreter is compiled once and `Template` needs no generic methods, and neither form
//! pays for the other's layout: the `static` holds only references, the run-time form no
//! allocation of its own for a short template's parts.
//!
//! All text is in one buffer: the template as written, then every text its steps write
//! (`urlkit_syntax::plan::plan_into`), which the steps hold as ranges. `parse` so makes one
//! allocation for the text rather than one per step and one for the source.
//!

use alloc::collections::BTreeSet;
use alloc::string::String;
use core::ops::Range;

use urlkit_syntax::plan::{self, Step};
use urlkit_syntax::reference::Options;
use urlkit_syntax::template::{Expression, VarList};

use super::capacity::{first_capacity, first_capacity_const};
use super::error::TemplateError;
use super::slots::PlanSlots;
use crate::raw::{OwnedPlan, Plan, StaticPlan};

/// A step as a template holds it: its text is a range of [`Compiled`]'s text.
#[doc(hidden)]
pub type CompiledStep = Step<Range<usize>>;

/// An expression as a template holds it.
#[doc(hidden)]
pub type CompiledExpression = Expression<VarList>;

/// A checked template as `template!` writes it into a `static`: its text, its expressions
/// and the plan (`urlkit_syntax::plan`) that `url!` turns into code and `Template`
/// interprets.
///
/// It holds no atomic: a `static` cannot hold interior mutability and stay usable in a
/// `const`. The capacity a [`Template`](super::Template) learns from its expansions lives
/// beside the run-time form, [`Parsed`].
#[doc(hidden)]
#[derive(Debug)]
pub struct Compiled {
    /// The template as written (the first `source_len` bytes), then the texts of the steps;
    /// the expressions and the steps, which hold ranges of the text.
    plan: StaticPlan,
    source_len: usize,
    /// Bytes to reserve for an expansion: the text the steps always write, plus room.
    capacity: usize,
}

/// A checked template as [`Template::parse`](super::Template::parse) makes it: the same
/// parts as [`Compiled`], owned, the expressions and steps of a short template held in
/// place.
#[derive(Debug)]
pub(super) struct Parsed {
    plan: OwnedPlan,
    source_len: usize,
    capacity: usize,
}

/// Either form, borrowed: what [`Template`](super::Template)'s methods read (the
/// interpreter, `run.rs`, reads its plan).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct CompiledRef<'a> {
    plan: Plan<'a>,
    source_len: usize,
    capacity: usize,
}

/// Two forms are equal when they hold the same template, texts and plan.
impl PartialEq for CompiledRef<'_> {
    fn eq(&self, other: &CompiledRef<'_>) -> bool {
        self.plan.text() == other.plan.text()
            && self.source_len == other.source_len
            && self.plan.expressions() == other.plan.expressions()
            && self.plan.steps() == other.plan.steps()
            && self.capacity == other.capacity
    }
}

impl Eq for CompiledRef<'_> {}

impl Compiled {
    /// What `template!` expands to (in a `static`), from what it computed at compile time
    /// with the same grammar and planner as [`Parsed::parse_into`]: `text` is the template
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
            plan: StaticPlan::new(text, expressions, steps),
            source_len,
            capacity: first_capacity_const(static_len, expressions),
        }
    }

    #[inline]
    pub(super) fn compiled_ref(&self) -> CompiledRef<'_> {
        CompiledRef {
            plan: self.plan.plan(),
            source_len: self.source_len,
            capacity: self.capacity,
        }
    }
}

impl Parsed {
    /// A form of no template, to be [`parse_into`](Self::parse_into)ed where it lies.
    #[inline]
    pub(super) fn empty() -> Parsed {
        Parsed {
            plan: OwnedPlan::empty(),
            source_len: 0,
            capacity: 0,
        }
    }

    /// Checks `source` as `url!` does, and plans it into this form: a template of the
    /// common shape through the front door's fast lane
    /// (`urlkit_syntax::plan::plan_plain_into`, one pass, which gives the same result), any
    /// other through the front door itself.
    #[inline]
    pub(super) fn parse_into(&mut self, source: &str) -> Result<(), TemplateError> {
        self.plan.fill(|text, parts| {
            // The steps' text is the template's less its expressions, in URI form: no
            // longer unless IRI characters are encoded (then the buffer grows once). One
            // buffer for both lanes, with room for the padding `OwnedPlan` adds.
            *text = String::with_capacity(2 * source.len() + 32);
            text.push_str(source);
            if !plan::plan_plain_into(source, text, parts) {
                parse_checked(source, text, parts)?;
            }
            Ok(())
        })?;
        let plan = self.plan.plan();
        let static_len = plan::static_len_of_ranges(plan.steps());
        self.capacity = first_capacity(static_len, plan.expressions());
        self.source_len = source.len();
        Ok(())
    }

    #[inline]
    pub(super) fn compiled_ref(&self) -> CompiledRef<'_> {
        CompiledRef {
            plan: self.plan.plan(),
            source_len: self.source_len,
            capacity: self.capacity,
        }
    }
}

/// Checks `source` through the grammar's front door, as `url!` does, and plans it into
/// `parts`; `text` holds `source`, and receives the steps' texts.
fn parse_checked(
    source: &str,
    text: &mut String,
    parts: &mut PlanSlots,
) -> Result<(), TemplateError> {
    let checked = urlkit_syntax::check::check(
        source,
        Options {
            iri: true,
            joined: false,
        },
    )
    .map_err(|rejected| TemplateError::from_syntax(rejected.errors))?;
    let steps = checked.plan_into(source, text);
    let expressions = checked
        .expressions
        .into_iter()
        .map(|e| e.map_vars(VarList::from_vec))
        .collect();
    parts.set_vecs(expressions, steps);
    Ok(())
}

impl<'a> CompiledRef<'a> {
    /// The plan the interpreter (`run.rs`) runs.
    #[inline]
    pub(super) fn plan(self) -> Plan<'a> {
        self.plan
    }

    /// Bytes to reserve before the first expansion.
    #[inline]
    pub(super) fn capacity(self) -> usize {
        self.capacity
    }

    /// The template as written.
    pub fn source(self) -> &'a str {
        self.plan.text().get(..self.source_len).unwrap_or_default()
    }

    /// The names of the variables, each once, in order of first use. The names seen are
    /// kept in an ordered set, not searched in a list, so that a template's many distinct
    /// names do not take a number of comparisons quadratic in their count.
    pub(super) fn variables(self) -> impl Iterator<Item = &'a str> {
        let source = self.source();
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        self.plan
            .expressions()
            .iter()
            .flat_map(|e| e.vars.iter())
            .map(move |v| &source[v.name.clone()])
            .filter(move |name| seen.insert(name))
    }
}
