//! The template in every state of its optional expressions: each one defined or undefined
//! (a list empty or not). A template is accepted only if it is a valid URI reference of the
//! same shape in all of them, so that the absence of a value cannot move the template's own
//! text into another component (urlkit's crate docs, "What a value can never do").
//!
//! This is not a search of the 2ⁿ expansions. The path is read once, left to right, with the
//! set of abstract states it can be in ([`State`](self::state::State): what has been written since the last `/`,
//! whether anything has, and the like); each expression maps every state to the states it
//! leaves when defined and when undefined. The set is small and bounded, so the check is
//! linear in the template. A value is taken to be non-empty and not a dot segment here: what
//! a value itself writes is checked when the URL is built (the runtime's guards, which own
//! every path segment an expression writes into).
//!
//! What is refused here (the rest of the URL is checked by [`crate::reference`], and the
//! planner makes the query's pairs join themselves whatever is defined):
//! - text or a placeholder that follows the host when the `{/x}` before it write nothing
//!   (`https://example.com{/x}@evil.com/` would have the host `evil.com`), or that joins the
//!   base's path in `url!(base, "{/x}users")`;
//! - a path without an authority that starts with `//` in some state (`/{/a}/{b}`, which
//!   RFC 3986 §4.2 reads as a host);
//! - a `//` that only some states write (`/a/{/x}` when `x` is defined, `/a/{/x}/b` when it
//!   is not): a `//` in a built URL is always written as such in the template;
//! - a `:` that lands in the first segment of a relative reference in some state (`a{/x}:b`
//!   reads as the scheme `a`);
//! - a `.` or `..` segment of template text that only expressions delimit (`/a/.{/x}`);
//! - text after a `{?x}` that opens the query, unless the query is made of pairs (which the
//!   runtime joins with `?` and `&` whatever is defined) or the text starts with its own
//!   `?`: when `x` is undefined the text would move into the path;
//! - a pair written by hand in a query that cannot be joined piece by piece (an empty piece,
//!   or text right after a `{&y}` in its piece): RFC 6570 would write `q=` for it when its
//!   value is undefined, where the `url!` docs promise it is left out;
//! - a `{+x}` before any `=` of its query piece that a pair written by hand follows: the
//!   pair's `&` is written only with the pair, so whether a `=` in `x` names the pair would
//!   depend on the pair's value.
//!
//! Text after a `{#x}` that opens the fragment is RFC 6570's own example (`{#path}/here`,
//! §3.2.4), so it is not refused here: the planner makes such an `x` required
//! ([`crate::plan::Step::Required`]), and the expansion refuses to leave it undefined.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::{ErrorKind, Errors};
use crate::plan;
use crate::reference::{Options, Reference};
use crate::template::{Expression, Operator};

use self::path::Path;

mod path;
mod state;

/// Checks `src`, whose components the grammar found without error, in every state of its
/// expressions; reports each problem once, at the text or expression it is about.
pub(crate) fn check(
    src: &str,
    exprs: &[Expression],
    reference: &Reference,
    options: Options,
    errors: &mut Errors,
) {
    let path = Path {
        src,
        bytes: src.as_bytes(),
        exprs,
        authority: reference.authority.is_some() || options.joined,
        joined: options.joined,
        relative: reference.scheme.is_none() && reference.authority.is_none() && !options.joined,
    };
    path.check(reference.path.clone(), errors);
    if !check_unjoinable_query(src, exprs, reference, errors) {
        check_query(src, exprs, reference, errors);
    }
    check_reserved_before_hand_pair(src, exprs, reference, errors);
}

/// A pair written by hand in a query that is not made of pairs
/// ([`plan::hand_pair_in_unjoinable_query`]); whether one was reported (a `{?x}` opening
/// that query is then not reported again).
fn check_unjoinable_query(
    src: &str,
    exprs: &[Expression],
    reference: &Reference,
    errors: &mut Errors,
) -> bool {
    let Some(query) = reference.query.clone() else {
        return false;
    };
    let Some((hand, why)) = plan::hand_pair_in_unjoinable_query(src, exprs, query.clone()) else {
        return false;
    };
    let pair = hand_pair_text(src, exprs, query.start, hand);
    let pair_var = first_var(src, &exprs[hand]);
    match why {
        plan::Unjoinable::EmptyPiece(at) => {
            errors.push(at..at + 1, ErrorKind::EmptyQueryPiece { pair, pair_var });
        }
        plan::Unjoinable::AfterContinuation(expression, text) => errors.push(
            text.clone(),
            ErrorKind::TextAfterContinuation {
                text: src[text].to_string(),
                expression: src[exprs[expression].range.clone()].to_string(),
                pair,
                pair_var,
            },
        ),
    }
    true
}

/// The pair written by hand whose expression is `hand`, as written: from the `&` before it
/// (or the query's start) to the expression's end.
fn hand_pair_text(src: &str, exprs: &[Expression], query_start: usize, hand: usize) -> String {
    let start = src[query_start..exprs[hand].range.start]
        .rfind('&')
        .map_or(query_start, |k| query_start + k + 1);
    src[start..exprs[hand].range.end].to_string()
}

/// The name of `e`'s first variable.
fn first_var(src: &str, e: &Expression) -> String {
    e.vars
        .first()
        .map(|v| src[v.name.clone()].to_string())
        .unwrap_or_default()
}

/// A `{+x}` that a value's `=` would put before the name of a pair written by hand in some
/// states and not others ([`plan::reserved_before_hand_pair`]).
fn check_reserved_before_hand_pair(
    src: &str,
    exprs: &[Expression],
    reference: &Reference,
    errors: &mut Errors,
) {
    let Some(query) = reference.query.clone() else {
        return;
    };
    let Some((reserved, hand)) = plan::reserved_before_hand_pair(src, exprs, query.clone()) else {
        return;
    };
    let at = exprs[reserved].range.clone();
    let pair = hand_pair_text(src, exprs, query.start, hand);
    let pair_var = first_var(src, &exprs[hand]);
    // `{+h,k:3}` without its `+`.
    let encoded = alloc::format!("{{{}", &src[at.start + 2..at.end]);
    errors.push(
        at.clone(),
        ErrorKind::ReservedBeforeHandPair {
            expression: src[at].to_string(),
            encoded,
            pair,
            pair_var,
        },
    );
}

/// A query opened by `{?x}` holds only that expression unless it is made of pairs: text after
/// it would otherwise move into the path when `x` is undefined.
fn check_query(src: &str, exprs: &[Expression], reference: &Reference, errors: &mut Errors) {
    let Some(query) = reference.query.clone() else {
        return;
    };
    let Some(opener) = exprs
        .iter()
        .position(|e| e.range.start == query.start && e.operator == Operator::Query)
    else {
        return;
    };
    let rest = exprs[opener].range.end..query.end;
    // Expressions of the opener's variables only write when it does: skip them, then the
    // rest must be nothing, or text that starts with its own `?` (which opens the query
    // itself when `x` is undefined).
    let name = |v: &crate::template::VarSpec| &src[v.name.clone()];
    let of_opener = |n: &str| exprs[opener].vars.iter().any(|w| name(w) == n);
    let mut moving = rest.start;
    for e in &exprs[opener + 1..] {
        let silent = e.range.start == moving
            && e.range.start < query.end
            && e.vars.iter().all(|v| of_opener(name(v)));
        if !silent {
            break;
        }
        moving = e.range.end;
    }
    let stays = moving >= query.end || src[moving..query.end].starts_with('?');
    if stays || plan::is_query_of_pairs(src, exprs, query) {
        return;
    }
    let vars: Vec<String> = exprs[opener]
        .vars
        .iter()
        .map(|v| src[v.name.clone()].to_string())
        .collect();
    let text = src[rest.clone()].to_string();
    let specs = &src[exprs[opener].range.start + 2..exprs[opener].range.end - 1];
    // Text that starts as a path or a port does (`/a{?x}/b`, `example.com{?x}:80/`) was
    // meant before the query: the `{?x}` moves after it. Other text was meant in the query:
    // it gets its own `?`, and `{?a,b:3}` becomes `{&a,b:3}` after it.
    let fix = if text.starts_with(['/', ':']) && !text.contains(['?', '#']) {
        alloc::format!("{text}{{?{specs}}}")
    } else {
        alloc::format!("?{text}{{&{specs}}}")
    };
    errors.push(rest, ErrorKind::UndefinedLeavesQuery { fix, vars, text });
}
