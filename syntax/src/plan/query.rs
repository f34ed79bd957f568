//! The query: joined by the runtime when it is made of `name=value` pairs (see the module
//! docs of [`crate::plan`]), RFC 6570 as written otherwise.

use core::ops::Range;

use super::parts::{Groups, Part, parts, split};
use super::planner::Planner;
use super::{Context, Step};
use crate::reference::Reference;
use crate::template::{Expression, Operator};

impl Planner<'_> {
    pub(super) fn query(&mut self, query: Range<usize>, reference: &Reference) {
        let opened_by_expression = reference.query.as_ref().is_some_and(|q| {
            self.exprs
                .iter()
                .any(|e| e.range.start == q.start && e.operator == Operator::Query)
        });
        let parts = self.parts(query);
        let pieces = self.split(&parts, '&', |i| opens_pair(&self.exprs[i]));
        let (src, exprs) = (self.src, self.exprs);
        if is_pairs(src, exprs, &pieces) {
            if !opened_by_expression {
                // The static `?` is written by the runtime with the first pair.
                if let Some(Step::Text(last)) = self.steps.last_mut() {
                    // The last text written: the end of the buffer.
                    self.text.pop();
                    last.end = self.text.len();
                    if last.start == last.end {
                        self.steps.pop();
                    }
                }
            }
            self.steps.push(Step::QueryStart);
            for unit in pieces
                .iter()
                .filter_map(|piece| pair_unit(src, exprs, piece))
            {
                match unit {
                    PairUnit::Static(a, b) => {
                        let text = self.pair_text(a..b);
                        self.steps.push(Step::Pair(text));
                    }
                    PairUnit::Hand { key, expr } => {
                        let key = self.pair_text(key.0..key.1);
                        self.steps.push(Step::HandPair { key, expr });
                    }
                    PairUnit::Operator(i) => {
                        self.steps.push(Step::Expand(i, Context::QueryPairs));
                    }
                }
            }
        } else {
            self.emit_query(&parts);
        }
        self.done_with_groups(pieces);
        self.done_with(parts);
    }

    /// A query that is not made of pairs, RFC 6570 as written; an expression before the `=`
    /// that the template writes for its pair stands in the pair's name
    /// ([`Context::QueryKey`]).
    fn emit_query(&mut self, parts: &[Part]) {
        if !parts.iter().any(|part| matches!(part, Part::Expr(_))) {
            // Text alone (`?x=1&y=2`): nothing to place, and no vector to allocate.
            self.emit(parts, Context::Query);
            return;
        }
        // For each part, whether the template's next `&` or `=` after it is an `=`.
        let mut eq_next = alloc::vec![false; parts.len()];
        let mut next = false;
        for (j, part) in parts.iter().enumerate().rev() {
            eq_next[j] = next;
            if let Part::Text(a, b) = *part
                && let Some(k) = self.src[a..b].find(['&', '='])
            {
                next = self.src.as_bytes()[a + k] == b'=';
            }
        }
        // Whether the current pair's `=` is still to come.
        let mut in_key = true;
        for (j, &part) in parts.iter().enumerate() {
            match part {
                Part::Text(a, b) => {
                    self.text(a..b);
                    if let Some(k) = self.src[a..b].rfind(['&', '=']) {
                        in_key = self.src.as_bytes()[a + k] == b'&';
                    }
                }
                Part::Expr(i) => {
                    let context = if in_key && eq_next[j] {
                        Context::QueryKey
                    } else {
                        Context::Query
                    };
                    self.steps.push(Step::Expand(i, context));
                }
            }
        }
    }
}

/// One `&`-separated piece of the query as a pair, or `None` if it is not one.
fn pair_unit(src: &str, exprs: &[Expression], piece: &[Part]) -> Option<PairUnit> {
    match *piece {
        [Part::Text(a, b)] => Some(PairUnit::Static(a, b)),
        [Part::Expr(i)]
            if matches!(
                exprs[i].operator,
                Operator::Query | Operator::QueryContinuation
            ) =>
        {
            Some(PairUnit::Operator(i))
        }
        [Part::Text(a, b), Part::Expr(i)] => {
            let name = &src[a..b];
            let key = name.strip_suffix('=')?;
            let e = &exprs[i];
            let by_hand = !key.is_empty()
                && !key.contains('=')
                && e.vars.len() == 1
                && matches!(e.operator, Operator::Simple | Operator::Reserved);
            by_hand.then_some(PairUnit::Hand {
                key: (a, b - 1),
                expr: i,
            })
        }
        _ => None,
    }
}

/// Whether the query `range` of `src` is a query of pairs, which the runtime joins with `?`
/// and `&` itself (see the module docs): a static `name=value`, `name={x}` written by hand,
/// `{?x}` or `{&x}` in each piece between `&`, and at least one that is not static.
pub(crate) fn is_query_of_pairs(src: &str, exprs: &[Expression], range: Range<usize>) -> bool {
    let parts = parts(exprs, range);
    is_pairs(
        src,
        exprs,
        &split(src, &parts, '&', |i| opens_pair(&exprs[i])),
    )
}

/// Whether the query's `&`-separated `pieces` are pairs: every piece is one, and not all of
/// them are static text.
fn is_pairs(src: &str, exprs: &[Expression], pieces: &Groups) -> bool {
    let units = || pieces.iter().map(|piece| pair_unit(src, exprs, piece));
    units().all(|unit| unit.is_some())
        && units().any(|unit| !matches!(unit, Some(PairUnit::Static(..))))
}

/// `{?x}` and `{&x}`: an expression that writes its own pair separator.
pub(crate) fn opens_pair(e: &Expression) -> bool {
    matches!(e.operator, Operator::Query | Operator::QueryContinuation)
}

#[derive(Clone, Copy, Debug)]
enum PairUnit {
    Static(usize, usize),
    Hand { key: (usize, usize), expr: usize },
    Operator(usize),
}
