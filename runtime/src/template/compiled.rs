//! [`Compiled`]: a template taken apart, the same data whether `template!` wrote it into a
//! `static` at compile time or [`Template::parse`](super::Template::parse) built it at run
//! time; and [`Compiled::run`], the one interpreter of its steps.
//!
//! Parts are held as `Cow<'static, _>` (an expression's variables as a `VarList`, which
//! holds a lone variable in place): borrowed from the binary for the compile-time form,
//! owned for the run-time form. One type rather than a type parameter keeps one concrete
//! type, so the interpreter is compiled once and `Template` needs no generic methods. The
//! cost is a test of the tag where a part is read.
//!
//! All text is in one buffer: the template as written, then every text its steps write
//! (`urlkit_syntax::plan::plan_into`), which the steps hold as ranges. `parse` so makes one
//! allocation for the text rather than one per step and one for the source.
//!
//! [`Compiled::run`] is in `run.rs`.

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use urlkit_syntax::plan::{self, Step};
use urlkit_syntax::reference::Options;
use urlkit_syntax::template::{Expression, VarList};

use super::capacity::{first_capacity, first_capacity_const};
use super::error::TemplateError;
use crate::raw::Plan;

/// A step as a template holds it: its text is a range of [`Compiled`]'s text.
#[doc(hidden)]
pub type CompiledStep = Step<Range<usize>>;

/// An expression as a template holds it.
#[doc(hidden)]
pub type CompiledExpression = Expression<VarList>;

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
    /// the expressions and the steps, which hold ranges of the text.
    pub(super) plan: Plan,
    source_len: usize,
    /// Bytes to reserve for an expansion: the text the steps always write, plus room.
    capacity: usize,
}

/// Two forms are equal when they hold the same template, texts and plan.
impl PartialEq for Compiled {
    fn eq(&self, other: &Compiled) -> bool {
        self.plan.text() == other.plan.text()
            && self.source_len == other.source_len
            && self.plan.expressions() == other.plan.expressions()
            && self.plan.steps() == other.plan.steps()
            && self.capacity == other.capacity
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
            plan: Plan::from_static(text, expressions, steps),
            source_len,
            capacity: first_capacity_const(static_len, expressions),
        }
    }

    /// Checks `source` as `url!` does, and plans it: a template of the common shape through
    /// the front door's fast lane (`urlkit_syntax::plan::plan_plain`, one pass, which gives
    /// the same result), any other through the front door itself.
    #[inline]
    pub(super) fn parse(source: &str) -> Result<Compiled, TemplateError> {
        // The steps' text is the template's less its expressions, in URI form: no longer
        // unless IRI characters are encoded (then the buffer grows once). One buffer for
        // both lanes, with room for the padding `PlanText` adds.
        let mut text = String::with_capacity(2 * source.len() + 32);
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
        let expressions = checked
            .expressions
            .into_iter()
            .map(|e| e.map_vars(VarList::from_vec))
            .collect();
        Ok(Compiled::owned(source.len(), text, expressions, steps))
    }

    /// The run-time form of a planned template: `text` is the template (`source_len`
    /// bytes), then the steps' texts.
    #[inline]
    fn owned(
        source_len: usize,
        text: String,
        expressions: Vec<CompiledExpression>,
        steps: Vec<CompiledStep>,
    ) -> Compiled {
        let static_len = plan::static_len_of_ranges(&steps);
        let capacity = first_capacity(static_len, &expressions);
        Compiled {
            plan: Plan::owned(text, expressions, steps),
            source_len,
            capacity,
        }
    }

    pub(super) fn source(&self) -> &str {
        self.plan.text().get(..self.source_len).unwrap_or_default()
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
        self.plan
            .expressions()
            .iter()
            .flat_map(|e| e.vars.iter())
            .map(move |v| &source[v.name.clone()])
            .filter(move |name| seen.insert(name))
    }
}
