//! The shape of an expansion: what `Expansion::begin_var` tells apart once a variable so
//! that the value writes itself with code for its shape (`writer/items.rs`), and the fields
//! an expansion never changes ([`Frame`]), which a template hands back to it so that they
//! stay constants across the values' calls.

#![allow(clippy::inline_always, reason = "measured; see `expansion.rs`")]

use super::{Context, Modifier, Operator};

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
pub(crate) enum Kind {
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

/// The common shapes of a variable's expansion, told apart once a variable (in
/// `Expansion::begin_var`) so that a value writes itself with code for its shape: a value
/// behind `&dyn Value` (a [`Template`](crate::Template)'s variables) reads the expansion
/// from memory, and the general code tests the context, operator, kind and modifier again
/// for every item (callgrind, `bench/examples/template_count`). Each holds for unreserved
/// text without a prefix modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
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
    pub(super) kind: Kind,
    pub(super) mode: Mode,
}

impl Frame {
    /// The shape of the variable's expansion (see [`Shape`]). In generated code everything
    /// here is a constant and this folds away; in a template, only the modifier
    /// is read.
    #[inline(always)]
    pub(super) fn shape(self, modifier: Modifier) -> Shape {
        // A prefix counts characters and reserved or raw text is checked as it is written:
        // both take the general code; so does a hand-written pair or a port, which have
        // their own separators.
        if self.mode != Mode::Unreserved
            || matches!(modifier, Modifier::Prefix(_))
            || matches!(self.kind, Kind::HandPair | Kind::Port)
        {
            return Shape::General;
        }
        match (self.op, self.context) {
            (_, Context::QueryPairs)
                if matches!(self.op, Operator::Query | Operator::QueryContinuation) =>
            {
                Shape::Pair
            }
            (_, Context::QueryPairs) => Shape::General,
            (Operator::Simple, _) => Shape::Simple,
            (Operator::Path, Context::Path | Context::Base) => Shape::Slash,
            _ => Shape::General,
        }
    }
}
