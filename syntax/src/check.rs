//! The one way into the grammar for a template (a literal is a template without
//! expressions): lex its RFC 6570 expressions ([`crate::template::lex`]), check the text
//! around them as an RFC 3986 reference ([`crate::reference::parse`]) and in every state of
//! its optional expressions (the private `states` module), and, once it passed, plan how to
//! build it ([`Checked::plan`]).
//!
//! `url!`, `template!` and `#[derive(Route)]` (at compile time) and `Template::parse` (at run
//! time) all enter here, so they accept exactly the same templates and report the same
//! errors at the same bytes.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::error::{Error, Errors};
use crate::plan::{self, Step};
use crate::reference::{self, Options, Reference};
use crate::states;
use crate::template::{self, Expression};

/// A template the grammar accepted: its expressions (sorted, non-overlapping) and its
/// components, with where each expression stands ([`Reference::placements`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The expressions, in source order.
    pub expressions: Vec<Expression>,
    /// The components around them.
    pub reference: Reference,
}

/// A template the grammar refused: every problem, in the order found, and the expressions
/// that were found anyway (a macro still evaluates their values, so that a misspelt variable
/// is reported in the same compile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    /// Every problem; repeats of one problem are folded into one [`Error`].
    pub errors: Vec<Error>,
    /// The expressions the lexer found (some may be invalid, see
    /// [`Expression::is_valid`]).
    pub expressions: Vec<Expression>,
}

/// Checks `source` as a URI reference with RFC 6570 expressions (`options.iri`: RFC 3987
/// characters allowed, to be percent-encoded by the caller).
///
/// # Errors
/// Every problem the lexer and the grammar find, collected: nothing stops at the first.
pub fn check(source: &str, options: Options) -> Result<Checked, Rejected> {
    let mut errors = Errors::new();
    let expressions = template::lex(source, &mut errors);
    let reference = reference::parse(source, &expressions, options, &mut errors);
    if errors.is_empty() && !expressions.is_empty() {
        // Only a template whose text is valid is checked in every state of its expressions:
        // on a broken one, the states would report the same mistake again. Without
        // expressions there is one state, which the grammar has just checked.
        states::check(source, &expressions, &reference, options, &mut errors);
    }
    if errors.is_empty() {
        Ok(Checked {
            expressions,
            reference,
        })
    } else {
        Err(Rejected {
            errors: errors.into_vec(),
            expressions,
        })
    }
}

impl Checked {
    /// How to build a URL from `source` (the text this was checked from): see
    /// [`crate::plan`].
    pub fn plan(&self, source: &str) -> Vec<Step> {
        plan::plan(source, &self.expressions, &self.reference)
    }

    /// [`plan`](Self::plan) with the steps' texts appended to `text` and held as ranges of it
    /// (see [`plan::plan_into`]).
    pub fn plan_into(&self, source: &str, text: &mut String) -> Vec<Step<Range<usize>>> {
        plan::plan_into(source, &self.expressions, &self.reference, text)
    }
}
