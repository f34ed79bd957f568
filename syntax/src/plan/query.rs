//! The query: joined by the runtime when it is made of `name=value` pairs (see the module
//! docs of [`crate::plan`]), RFC 6570 as written otherwise.
//!
//! The query is read as the pieces between the `&` its text writes (a `{?x}` or `{&x}` also
//! starts a piece, as it writes its own separator). Each piece keeps one meaning whatever
//! stands beside it:
//! - static text (`k=v`, `flag`): written as it is;
//! - `name={x}` or `name={+x}` written by hand: one pair per value, none when undefined;
//! - `{?x}` or `{&x}` alone: its pairs, as RFC 6570 §3.2.8/§3.2.9 write them;
//! - any other piece (`{k}=1`, `k=v{a}`, `k={a}{b}`, a whole `{k}` or `{+h}`): RFC 6570 text,
//!   left out with its separator when it writes nothing, beside a hand-written pair.
//!
//! The runtime writes `?` before the first piece that writes something and `&` before the
//! others, so a piece that writes nothing leaves no `?&`, `&&`, or dangling `&` or `?`. A
//! query of other pieces without a hand-written pair (`?{k}=1&page=2`) is RFC 6570 text as
//! written, as is any query with an empty piece (`?a={x}&&b=1`, a trailing `&`) or text
//! right after a `{&x}` in its piece (`{&x}k=1`, which glues `k=1` to the pair before).
//! A `{+x}` before any `=` of its piece that a hand-written pair follows is refused by the
//! front door ([`reserved_before_hand_pair`]).

use alloc::vec::Vec;
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
                    PairUnit::Piece(piece) => {
                        self.steps.push(Step::QueryPieceStart);
                        self.emit_query(piece);
                        self.steps.push(Step::QueryPieceEnd);
                    }
                }
            }
        } else {
            self.emit_query(&parts);
        }
        self.done_with_groups(pieces);
        self.done_with(parts);
    }

    /// Query parts written as RFC 6570 says: the whole query when it is not made of pairs,
    /// or one piece of it beside a hand-written pair. An expression before the `=` that the
    /// template writes for its pair stands in the pair's name ([`Context::QueryKey`]).
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

/// One piece of the query (see the module docs) as a unit of a query of pairs, or `None` if
/// it cannot be one: an empty piece, or a `{?x}`/`{&x}` with more after it in its piece.
fn pair_unit<'a>(src: &str, exprs: &[Expression], piece: &'a [Part]) -> Option<PairUnit<'a>> {
    match *piece {
        [] => None,
        [Part::Text(a, b)] => Some(PairUnit::Static(a, b)),
        [Part::Expr(i)] if opens_pair(&exprs[i]) => Some(PairUnit::Operator(i)),
        [Part::Text(a, b), Part::Expr(i)] if is_hand_pair(&src[a..b], &exprs[i]) => {
            Some(PairUnit::Hand {
                key: (a, b - 1),
                expr: i,
            })
        }
        _ if piece
            .iter()
            .any(|part| matches!(part, Part::Expr(i) if opens_pair(&exprs[*i]))) =>
        {
            None
        }
        _ => Some(PairUnit::Piece(piece)),
    }
}

/// Whether `text` and then `e` are a pair written by hand: `name=` (a non-empty name without
/// `=`) before a `{x}` or `{+x}` of one variable.
fn is_hand_pair(text: &str, e: &Expression) -> bool {
    text.strip_suffix('=').is_some_and(|key| {
        !key.is_empty()
            && !key.contains('=')
            && e.vars.len() == 1
            && matches!(e.operator, Operator::Simple | Operator::Reserved)
    })
}

/// Whether the query `range` of `src` is a query of pairs, which the runtime joins with `?`
/// and `&` itself (see the module docs).
pub(crate) fn is_query_of_pairs(src: &str, exprs: &[Expression], range: Range<usize>) -> bool {
    let parts = parts(exprs, range);
    is_pairs(
        src,
        exprs,
        &split(src, &parts, '&', |i| opens_pair(&exprs[i])),
    )
}

/// In a query of pairs, a `{+x}` in a piece with no `=` of the template's own (`{+h}`,
/// `k{+h}`) that a pair written by hand follows, with no piece between that is always
/// written (static text, or a piece with text of its own): returns that `{+x}` and the pair's
/// expression. The `&` before a pair written by hand is written only with the pair, so a
/// `=` in `x`'s value would come before the `=` that ends the name of the pair it stands in
/// when that pair is written, and not when it is left out: which `=` names the pair, which the
/// guard on `{+x}` values decides from the template's text (crate docs, "What a value can
/// never do"), would depend on the pair's value.
pub(crate) fn reserved_before_hand_pair(
    src: &str,
    exprs: &[Expression],
    range: Range<usize>,
) -> Option<(usize, usize)> {
    if !may_hold_hand_pair(src, exprs, range.clone()) {
        return None;
    }
    let parts = parts(exprs, range);
    let pieces = split(src, &parts, '&', |i| opens_pair(&exprs[i]));
    if !is_pairs(src, exprs, &pieces) {
        return None;
    }
    let units: Vec<PairUnit<'_>> = pieces
        .iter()
        .filter_map(|piece| pair_unit(src, exprs, piece))
        .collect();
    let has_text = |piece: &[Part]| piece.iter().any(|p| matches!(p, Part::Text(..)));
    for (n, unit) in units.iter().enumerate() {
        let PairUnit::Piece(piece) = *unit else {
            continue;
        };
        let has_eq = piece
            .iter()
            .any(|p| matches!(*p, Part::Text(a, b) if src[a..b].contains('=')));
        let reserved = piece.iter().find_map(|p| match *p {
            Part::Expr(i) if exprs[i].operator == Operator::Reserved => Some(i),
            _ => None,
        });
        let Some(reserved) = reserved.filter(|_| !has_eq) else {
            continue;
        };
        for next in &units[n + 1..] {
            match *next {
                PairUnit::Hand { expr, .. } => return Some((reserved, expr)),
                PairUnit::Operator(_) => {}
                PairUnit::Piece(piece) if !has_text(piece) => {}
                PairUnit::Static(..) | PairUnit::Piece(_) => break,
            }
        }
    }
    None
}

/// What keeps a query with a pair written by hand from being a query of pairs, which would
/// make that pair RFC 6570 text (`q=` for an undefined `x`, `q=a,b` for a list) where the
/// `url!` docs promise it is left out or repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unjoinable {
    /// An empty piece: the `&` at this offset follows the query's start or another `&`,
    /// ends the query, or stands right before a `{&y}`, which writes its own `&`.
    EmptyPiece(usize),
    /// Text or expressions (this range) right after the `{&x}` (this expression) that
    /// starts their piece: RFC 6570 glues them to the pair the `{&x}` writes, or to the piece
    /// before when `x` is undefined.
    AfterContinuation(usize, Range<usize>),
}

/// In a query with a pair written by hand that is not a query of pairs: that pair's
/// expression and the first piece that keeps the query from being one.
pub(crate) fn hand_pair_in_unjoinable_query(
    src: &str,
    exprs: &[Expression],
    range: Range<usize>,
) -> Option<(usize, Unjoinable)> {
    if !may_hold_hand_pair(src, exprs, range.clone()) {
        return None;
    }
    let parts = parts(exprs, range.clone());
    let pieces = split(src, &parts, '&', |i| opens_pair(&exprs[i]));
    if is_pairs(src, exprs, &pieces) {
        return None;
    }
    let hand = pieces
        .iter()
        .find_map(|piece| match pair_unit(src, exprs, piece) {
            Some(PairUnit::Hand { expr, .. }) => Some(expr),
            _ => None,
        })?;
    // The first piece that is no unit, in the order of the template.
    for piece in pieces.iter() {
        if let [Part::Expr(i), .., last] = *piece
            && opens_pair(&exprs[i])
        {
            let end = match last {
                Part::Text(_, b) => b,
                Part::Expr(j) => exprs[j].range.end,
            };
            return Some((
                hand,
                Unjoinable::AfterContinuation(i, exprs[i].range.end..end),
            ));
        }
        if piece.is_empty() {
            break;
        }
    }
    // An empty piece: a text `&` at the query's start, after another `&`, at its end, or
    // right before a `{&y}`, which writes its own `&`.
    let bytes = src.as_bytes();
    parts.iter().enumerate().find_map(|(n, part)| {
        let Part::Text(a, b) = *part else {
            return None;
        };
        let before_opener =
            matches!(parts.get(n + 1), Some(Part::Expr(i)) if opens_pair(&exprs[*i]));
        (a..b)
            .find(|&at| {
                bytes[at] == b'&'
                    && (at == range.start
                        || (at > a && bytes[at - 1] == b'&')
                        || at + 1 == range.end
                        || (at + 1 == b && before_opener))
            })
            .map(|at| (hand, Unjoinable::EmptyPiece(at)))
    })
}

/// Whether some expression of the query `range` could end a pair written by hand (a `{x}` or
/// `{+x}` of one variable right after a `=`): without one, the checks that are about such
/// pairs need not cut the query into pieces, which allocates.
fn may_hold_hand_pair(src: &str, exprs: &[Expression], range: Range<usize>) -> bool {
    exprs.iter().any(|e| {
        range.contains(&e.range.start)
            && e.range.start > range.start
            && src.as_bytes()[e.range.start - 1] == b'='
            && e.vars.len() == 1
            && matches!(e.operator, Operator::Simple | Operator::Reserved)
    })
}

/// Whether the query's `pieces` are a query of pairs: each piece is a unit, not all of them
/// static text, and other pieces (`{k}=1`, `k=v{a}`) only beside a hand-written pair, which
/// is what they would otherwise turn into RFC 6570 text (`q=` for an undefined `x`).
fn is_pairs(src: &str, exprs: &[Expression], pieces: &Groups) -> bool {
    let mut hand = false;
    let mut other = false;
    let mut dynamic = false;
    for piece in pieces.iter() {
        match pair_unit(src, exprs, piece) {
            None => return false,
            Some(PairUnit::Static(..)) => {}
            Some(PairUnit::Hand { .. }) => (hand, dynamic) = (true, true),
            Some(PairUnit::Operator(_)) => dynamic = true,
            Some(PairUnit::Piece(_)) => (other, dynamic) = (true, true),
        }
    }
    dynamic && (hand || !other)
}

/// `{?x}` and `{&x}`: an expression that writes its own pair separator.
pub(crate) fn opens_pair(e: &Expression) -> bool {
    matches!(e.operator, Operator::Query | Operator::QueryContinuation)
}

#[derive(Clone, Copy, Debug)]
enum PairUnit<'a> {
    /// `k=v`, `flag`: written as it is.
    Static(usize, usize),
    /// `name={x}`: a pair per value.
    Hand { key: (usize, usize), expr: usize },
    /// `{?x}`, `{&x}`: its own pairs.
    Operator(usize),
    /// Any other piece: RFC 6570 text, left out when it writes nothing.
    Piece(&'a [Part]),
}
