//! The layout of an expansion: what `Expansion::begin_var` tells apart once a variable so
//! that the value writes itself with code for its layout (`writer/items.rs`), and the fields
//! an expansion never changes ([`Frame`]), which a template hands back to it so that they
//! stay constants across the values' calls.

#![allow(clippy::inline_always, reason = "measured; see `expansion.rs`")]

use super::{Context, Modifier, Operator};

/// Where an expression stands, which decides how its values are written and checked: one
/// for each step of `urlkit_syntax::plan` that expands an expression. `url!`'s code passes it
/// to [`Writer::expand_one`] and [`Writer::expansion_at`] as a constant. A few bytes, passed in
/// a register: where it is a constant, so is everything computed from it ([`Frame::of`]),
/// and the compiler folds the checks and the layout of the expansion.
///
/// [`Writer::expand_one`]: super::Writer::expand_one
/// [`Writer::expansion_at`]: super::Writer::expansion_at
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// `{x}` that is a whole path segment (`Step::Segment`).
    Segment,
    /// An expression with its operator, in a context (`Step::Expand`).
    Expand(Operator, Context),
    /// An expression that must be defined (`Step::Required`).
    Required(Operator, Context),
    /// `key={x}` written by hand in a query of pairs, `{+x}` when reserved
    /// (`Step::HandPair`); the key is passed beside it.
    HandPair(bool),
    /// `:{port}` (`Step::Port`).
    Port,
}

/// How value text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Everything but unreserved is percent-encoded (`{x}`).
    Unreserved,
    /// Reserved characters and triplets pass (`{+x}`, `{#x}`).
    Reserved,
    /// Written as is and validated afterwards (host, port).
    Raw,
}

/// What the expression is, beyond its operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Plain,
    /// A simple expression that is a whole path segment.
    Segment,
    /// `key={x}` written by hand in a query of pairs.
    HandPair,
    /// `:{port}`.
    Port,
    /// An expression that must be defined (`urlkit_syntax::plan::Step::Required`).
    Required,
}

/// The common layouts of a variable's expansion, told apart once a variable (in
/// `Expansion::begin_var`) so that a value writes itself with code for its layout: a value
/// behind `&dyn Value` (a [`Template`](crate::Template)'s variables) reads the expansion
/// from memory, and the general code tests the context, operator, role and modifier again
/// for every item (callgrind, `bench/examples/template_count`). Each holds for unreserved
/// text without a prefix modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// Anything else.
    General,
    /// `{x}` outside a query of pairs: nothing before the first value, `,` between.
    Simple,
    /// `{/x}` in a path: each value starts a segment (`Writer::slash`).
    Slash,
    /// `{?x}` and `{&x}` in a query of pairs: each value a pair `name=value`.
    Pair,
}

/// The fields of an `Expansion` fixed when it is made (see `Expansion::frame`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub(super) op: Operator,
    pub(super) context: Context,
    pub(super) role: Role,
    pub(super) mode: Mode,
}

impl Frame {
    /// The frame of an expression at `spot`: a function of it alone, so that where `spot` is a
    /// constant (`url!`'s code) so is the frame, and what [`Expansion::finish_in`] checks.
    ///
    /// [`Expansion::finish_in`]: super::Expansion
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn of(spot: Spot) -> Frame {
        let (op, context, role) = match spot {
            Spot::Segment => (Operator::Simple, Context::Path, Role::Segment),
            Spot::Expand(op, context) => (op, context, Role::Plain),
            Spot::Required(op, context) => (op, context, Role::Required),
            Spot::HandPair(reserved) => {
                let op = if reserved {
                    Operator::Reserved
                } else {
                    Operator::Simple
                };
                (op, Context::QueryPairs, Role::HandPair)
            }
            Spot::Port => (Operator::Simple, Context::Host { whole: false }, Role::Port),
        };
        let mode = match context {
            Context::Host { .. } | Context::IpLiteral => Mode::Raw,
            _ if op.allows_reserved() => Mode::Reserved,
            _ => Mode::Unreserved,
        };
        Frame {
            op,
            context,
            role,
            mode,
        }
    }

    /// Whether what an expression writes here is checked when it ends: a whole segment,
    /// a port, a host or a part of one, and reserved text (`Expansion::finish_in`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn has_checks(self) -> bool {
        matches!(self.role, Role::Segment | Role::Port)
            || self.mode != Mode::Unreserved
            || matches!(self.context, Context::Host { .. } | Context::IpLiteral)
    }

    /// The operator that decides names and separators: the expression's, but `?` for a
    /// hand-written pair, which behaves like `{?key}`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn naming(self) -> Operator {
        if self.role == Role::HandPair {
            Operator::Query
        } else {
            self.op
        }
    }

    /// The layout of the variable's expansion (see [`Layout`]). In generated code everything
    /// here is a constant and this folds away; in a template, only the modifier
    /// is read.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn layout(self, modifier: Modifier) -> Layout {
        // A prefix counts characters and reserved or raw text is checked as it is written:
        // both take the general code; so does a hand-written pair or a port, which have
        // their own separators.
        if self.mode != Mode::Unreserved
            || matches!(modifier, Modifier::Prefix(_))
            || matches!(self.role, Role::HandPair | Role::Port)
        {
            return Layout::General;
        }
        match (self.op, self.context) {
            (_, Context::QueryPairs)
                if matches!(self.op, Operator::Query | Operator::QueryContinuation) =>
            {
                Layout::Pair
            }
            (_, Context::QueryPairs) => Layout::General,
            (Operator::Simple, _) => Layout::Simple,
            (Operator::Path, Context::Path | Context::Base) => Layout::Slash,
            _ => Layout::General,
        }
    }
}
