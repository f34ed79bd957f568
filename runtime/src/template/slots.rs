//! [`PlanSlots`]: a parsed template's expressions and steps, held in place while they are few.
//!
//! Most templates that arrive at run time are short (`/users/{id}`, an API's link template
//! with a query of two or three variables): a handful of steps and one or two expressions.
//! Held in arrays inside the template's one shared allocation, they cost no allocation of
//! their own; a template with more spills them into `Vec`s.

use alloc::vec::Vec;
use core::ops::Range;

use urlkit_syntax::plan::{PlanSink, Step};
use urlkit_syntax::template::{Expression, Operator, VarList};

use super::compiled::{CompiledExpression, CompiledStep};

/// Expressions held in place: the `{x}`, `{?x,y}` and `{&z}` of a common link template.
const EXPRESSIONS_IN_PLACE: usize = 3;

/// Steps held in place: as many as the planner's fast lane makes for three expressions (each
/// a text and itself, then a path's start, a last text or the query's start: `/a/{b}/c/{d}/e/{f}/g`),
/// so that its steps spill only when its expressions do.
const STEPS_IN_PLACE: usize = 8;

/// A template's expressions and steps, the sink the planner's fast lane writes into
/// (`urlkit_syntax::plan::plan_plain_into`).
#[derive(Debug)]
pub(crate) struct PlanSlots {
    pub(crate) expressions: Slots<CompiledExpression, EXPRESSIONS_IN_PLACE>,
    pub(crate) steps: Slots<CompiledStep, STEPS_IN_PLACE>,
}

impl PlanSlots {
    /// No expressions and no steps.
    #[inline]
    pub(crate) fn new() -> PlanSlots {
        PlanSlots {
            expressions: Slots::new(),
            steps: Slots::new(),
        }
    }

    /// The parts the front door planned (`Vec`s, kept as they are).
    #[cfg(test)]
    pub(crate) fn from_vecs(
        expressions: Vec<CompiledExpression>,
        steps: Vec<CompiledStep>,
    ) -> PlanSlots {
        let mut parts = PlanSlots::new();
        parts.set_vecs(expressions, steps);
        parts
    }

    /// Replaces the parts with the front door's (`Vec`s, kept as they are).
    pub(crate) fn set_vecs(
        &mut self,
        expressions: Vec<CompiledExpression>,
        steps: Vec<CompiledStep>,
    ) {
        self.expressions = Slots::Spilled(expressions);
        self.steps = Slots::Spilled(steps);
    }
}

impl PlanSink for PlanSlots {
    /// Nothing to do: the planner asks before its first part, when the slots are all in
    /// place, and its hint is generous (four steps an expression), so the parts stay in
    /// place until they do not fit; a spill makes room for as many again.
    #[inline]
    fn reserve(&mut self, _expressions: usize, _steps: usize) {}

    #[inline]
    fn push_expression(&mut self, expression: Expression<VarList>) {
        self.expressions.push(expression);
    }

    #[inline]
    fn push_step(&mut self, step: Step<Range<usize>>) {
        self.steps.push(step);
    }
}

/// A value that stands in an unused slot of [`Slots`].
pub(crate) trait Blank {
    const BLANK: Self;
}

impl Blank for CompiledStep {
    const BLANK: Self = Step::SegmentStart;
}

impl Blank for CompiledExpression {
    const BLANK: Self = Expression {
        range: 0..0,
        operator: Operator::Simple,
        vars: VarList::Static(&[]),
    };
}

/// Up to `N` items in place, more in a `Vec`.
#[derive(Debug)]
pub(crate) enum Slots<T, const N: usize> {
    /// The first `len` items of `items` (the rest are [`Blank`]); `len <= N`.
    InPlace {
        items: [T; N],
        len: usize,
    },
    Spilled(Vec<T>),
}

impl<T: Blank, const N: usize> Slots<T, N> {
    #[inline]
    fn new() -> Self {
        Slots::InPlace {
            items: [const { T::BLANK }; N],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, item: T) {
        match self {
            Slots::InPlace { items, len } => {
                if let Some(slot) = items.get_mut(*len) {
                    *slot = item;
                    *len += 1;
                } else {
                    self.spill();
                    if let Slots::Spilled(items) = self {
                        items.push(item);
                    }
                }
            }
            Slots::Spilled(items) => items.push(item),
        }
    }

    /// Moves the items held in place into a `Vec` with room for as many again.
    #[cold]
    fn spill(&mut self) {
        if let Slots::InPlace { items, len } = core::mem::replace(self, Slots::Spilled(Vec::new()))
        {
            let mut spilled = Vec::with_capacity(2 * N);
            spilled.extend(items.into_iter().take(len));
            *self = Slots::Spilled(spilled);
        }
    }
}

impl<T, const N: usize> Slots<T, N> {
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        match self {
            Slots::InPlace { items, len } => items.get(..*len).unwrap_or_default(),
            Slots::Spilled(items) => items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_stay_in_place_until_they_do_not_fit() {
        let mut slots: Slots<CompiledStep, 2> = Slots::new();
        slots.push(Step::QueryStart);
        slots.push(Step::Text(1..2));
        assert!(matches!(slots, Slots::InPlace { len: 2, .. }));
        assert_eq!(slots.as_slice(), [Step::QueryStart, Step::Text(1..2)]);
        slots.push(Step::QueryPieceEnd);
        assert!(matches!(slots, Slots::Spilled(_)));
        assert_eq!(
            slots.as_slice(),
            [Step::QueryStart, Step::Text(1..2), Step::QueryPieceEnd]
        );
    }

    #[test]
    fn a_reservation_keeps_the_parts_in_place() {
        let mut parts = PlanSlots::new();
        parts.reserve(3, 16);
        parts.push_step(Step::QueryStart);
        assert!(matches!(parts.steps, Slots::InPlace { len: 1, .. }));
        assert!(matches!(parts.expressions, Slots::InPlace { len: 0, .. }));
        assert_eq!(parts.steps.as_slice(), [Step::QueryStart]);
    }
}
