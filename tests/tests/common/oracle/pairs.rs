//! urlkit's one extension to RFC 6570, as its docs state it (`url!`, "Optional and repeated
//! query parameters"; `Template`, "Beyond RFC 6570"), written here from that text: a query
//! made only of `name=value` pairs (static text, `name={x}` or `name={+x}` written by hand,
//! `{?x}` and `{&x}`) is joined by the expansion, `?` before the first pair written and `&`
//! before the others; a hand-written pair is left out when its value is undefined, repeated
//! for each item of a list, and holds a map as `{x}` writes one (RFC 6570 §3.2.2).
//!
//! Beside a hand-written pair, another piece of the query between two `&` of the text
//! (`k=v{a}`, `{k}=1`, `k={a}{b}`, a whole `{k}`) is written as RFC 6570 writes it, and left
//! out with its `&` when it writes nothing: a pair left out never leaves `?&`, `&&` or a
//! dangling `&` or `?` behind.
//!
//! The docs refuse two kinds of template with a hand-written pair ([`refused`]): a query that
//! cannot be joined piece by piece (an empty piece, or text right after a `{&y}` in its
//! piece), and a `{+x}` in a piece with no `=` of its own text that a hand-written pair
//! follows with no piece between that is always written.

use super::rfc6570::{
    Context, Op, Origin, Out, Part, Rules, Value, encode_value, expand_expr, prefix, push_literal,
};

/// A query of pairs: which parts it spans and what its pairs are.
#[derive(Clone, Debug)]
pub struct Pairs {
    /// The part the query starts in (text before the query in it is written as it is).
    pub first_part: usize,
    /// The part after the query.
    pub end_part: usize,
    /// Template text before the query, in `first_part`.
    before: Option<(usize, String)>,
    /// Template text after the query (from `#`), in the part before `end_part`.
    after: Option<(usize, String)>,
    units: Vec<Unit>,
    /// Where the `?` comes from: the template's `?` at this offset, or the expression.
    opener: Origin,
}

#[derive(Clone, Debug)]
enum Unit {
    Static {
        start: usize,
        text: String,
    },
    Operator(usize),
    Hand {
        start: usize,
        key: String,
        part: usize,
    },
    /// Any other piece between two `&` of the text, beside a hand-written pair.
    Other(Vec<Piece>),
}

/// One piece of the query as the units are cut from it.
#[derive(Clone, Debug)]
enum Piece {
    Text(usize, String),
    Expr(usize),
}

/// The query of `parts` if it is made of pairs.
pub fn query_of_pairs(source: &str, parts: &[Part]) -> Option<Pairs> {
    match read_query(source, parts)? {
        Query::Pairs(pairs) => Some(pairs),
        Query::Unjoinable { .. } => None,
    }
}

/// A query as the docs read it.
enum Query {
    /// Made of pairs, joined by the expansion.
    Pairs(Pairs),
    /// Not made of pairs because a piece is empty or holds more after a `{&y}`: RFC 6570
    /// text as written, a template error if a hand-written pair stands in it.
    Unjoinable { hand: bool },
}

/// Why the docs refuse the template, if they do (see the module docs): the name the
/// differential test counts it by.
pub fn refused(source: &str, parts: &[Part]) -> Option<&'static str> {
    match read_query(source, parts)? {
        Query::Unjoinable { hand: true } => Some("UnjoinableQuery"),
        Query::Unjoinable { hand: false } => None,
        Query::Pairs(pairs) => {
            reserved_before_hand(parts, &pairs.units).then_some("ReservedBeforeHandPair")
        }
    }
}

/// A `{+x}` in a piece with no `=` of the text, that a hand-written pair follows with only
/// `{?y}`/`{&y}` pieces or pieces of expressions alone between (which may write nothing).
fn reserved_before_hand(parts: &[Part], units: &[Unit]) -> bool {
    let reserved_without_eq = |pieces: &[Piece]| {
        let reserved = pieces.iter().any(|piece| {
            matches!(piece, Piece::Expr(k) if matches!(&parts[*k], Part::Expr { op: Op::Reserved, .. }))
        });
        let eq = pieces
            .iter()
            .any(|piece| matches!(piece, Piece::Text(_, text) if text.contains('=')));
        reserved && !eq
    };
    let always_written = |unit: &Unit| match unit {
        Unit::Static { .. } => true,
        Unit::Other(pieces) => pieces.iter().any(|p| matches!(p, Piece::Text(..))),
        Unit::Operator(_) | Unit::Hand { .. } => false,
    };
    units.iter().enumerate().any(|(n, unit)| {
        matches!(unit, Unit::Other(pieces) if reserved_without_eq(pieces))
            && units[n + 1..]
                .iter()
                .take_while(|u| !always_written(u))
                .any(|u| matches!(u, Unit::Hand { .. }))
    })
}

fn read_query(source: &str, parts: &[Part]) -> Option<Query> {
    let _ = source;
    // Find where the query starts: the first `?` of the text, or a `{?x}`, before any `#`.
    let mut start = None;
    for (k, part) in parts.iter().enumerate() {
        match part {
            Part::Lit { start: s, text } => {
                let hash = text.find('#');
                if let Some(q) = text.find('?')
                    && hash.is_none_or(|h| q < h)
                {
                    start = Some((
                        k,
                        Some(*s + q),
                        text[..q].to_string(),
                        text[q + 1..].to_string(),
                        *s + q + 1,
                    ));
                    break;
                }
                if hash.is_some() {
                    return None;
                }
            }
            Part::Expr { op, .. } => match op {
                Op::Query => {
                    start = Some((k, None, String::new(), String::new(), 0));
                    break;
                }
                Op::Fragment => return None,
                _ => {}
            },
        }
    }
    let (first_part, question, before, rest, rest_start) = start?;
    let mut pieces = Vec::new();
    let mut after = None;
    let mut end_part = parts.len();
    let mut k = first_part;
    let mut opener = Origin::Lit(question.unwrap_or(0));
    if question.is_some() {
        if let Some(h) = rest.find('#') {
            pieces.push(Piece::Text(rest_start, rest[..h].to_string()));
            after = Some((rest_start + h, rest[h..].to_string()));
            end_part = k + 1;
        } else if !rest.is_empty() {
            pieces.push(Piece::Text(rest_start, rest));
        }
        k += 1;
    }
    if after.is_none() {
        while k < parts.len() {
            match &parts[k] {
                Part::Lit { start, text } => {
                    if let Some(h) = text.find('#') {
                        if h > 0 {
                            pieces.push(Piece::Text(*start, text[..h].to_string()));
                        }
                        after = Some((*start + h, text[h..].to_string()));
                        end_part = k + 1;
                        break;
                    }
                    pieces.push(Piece::Text(*start, text.clone()));
                }
                Part::Expr {
                    op: Op::Fragment, ..
                } => {
                    end_part = k;
                    break;
                }
                Part::Expr { index, .. } => {
                    if question.is_none() && k == first_part {
                        opener = Origin::Op(*index);
                    }
                    pieces.push(Piece::Expr(k));
                }
            }
            k += 1;
        }
    }
    // Cut into units at `&`, and before a `{?x}`/`{&x}` once a unit has started.
    let mut groups: Vec<Vec<Piece>> = vec![Vec::new()];
    let mut started = false;
    for piece in pieces {
        match piece {
            Piece::Text(mut at, text) => {
                let mut rest = text.as_str();
                while let Some(amp) = rest.find('&') {
                    if amp > 0 {
                        groups
                            .last_mut()?
                            .push(Piece::Text(at, rest[..amp].to_string()));
                    }
                    groups.push(Vec::new());
                    started = true;
                    at += amp + 1;
                    rest = &rest[amp + 1..];
                }
                if !rest.is_empty() {
                    groups.last_mut()?.push(Piece::Text(at, rest.to_string()));
                    started = true;
                }
            }
            Piece::Expr(k) => {
                let opens = matches!(
                    &parts[k],
                    Part::Expr {
                        op: Op::Query | Op::Cont,
                        ..
                    }
                );
                if started && opens {
                    groups.push(Vec::new());
                }
                groups.last_mut()?.push(Piece::Expr(k));
                started = true;
            }
        }
    }
    let mut units = Vec::new();
    let mut unjoinable = false;
    for group in groups {
        let opens = |piece: &Piece| {
            matches!(piece, Piece::Expr(k) if matches!(
                &parts[*k],
                Part::Expr {
                    op: Op::Query | Op::Cont,
                    ..
                }
            ))
        };
        let unit = match group.as_slice() {
            [] => {
                unjoinable = true;
                continue;
            }
            [Piece::Text(start, text)] => Unit::Static {
                start: *start,
                text: text.clone(),
            },
            [piece @ Piece::Expr(k)] if opens(piece) => Unit::Operator(*k),
            [Piece::Text(start, text), Piece::Expr(k)] if hand_key(text, &parts[*k]).is_some() => {
                Unit::Hand {
                    start: *start,
                    key: hand_key(text, &parts[*k])?.to_string(),
                    part: *k,
                }
            }
            // A piece that opens pairs of its own (`{&x}`) inside another writes its `&`
            // where the text does not: not a query of pairs.
            other if other.iter().any(opens) => {
                unjoinable = true;
                continue;
            }
            other => Unit::Other(other.to_vec()),
        };
        units.push(unit);
    }
    // Other pieces are the pairs model's only beside a hand-written pair; without one the
    // query is RFC 6570's.
    let hand = units.iter().any(|u| matches!(u, Unit::Hand { .. }));
    if unjoinable {
        return Some(Query::Unjoinable { hand });
    }
    if !hand && units.iter().any(|u| matches!(u, Unit::Other(_))) {
        return None;
    }
    if units.iter().all(|u| matches!(u, Unit::Static { .. })) {
        return None;
    }
    Some(Query::Pairs(Pairs {
        first_part,
        end_part,
        before: (!before.is_empty()).then(|| match &parts[first_part] {
            Part::Lit { start, .. } => (*start, before),
            Part::Expr { .. } => (0, before),
        }),
        after,
        units,
        opener,
    }))
}

/// The key of a hand-written pair `key={x}` (or `key={+x}`): text ending with its one `=`
/// before one expression of one variable.
fn hand_key<'t>(text: &'t str, part: &Part) -> Option<&'t str> {
    let key = text.strip_suffix('=')?;
    let Part::Expr { op, vars, .. } = part else {
        return None;
    };
    let hand = !key.is_empty()
        && !key.contains('=')
        && vars.len() == 1
        && matches!(op, Op::Simple | Op::Reserved);
    hand.then_some(key)
}

/// Where a unit starts in the template: the text's `&` (or `?`) is the byte before.
fn start_of(parts: &[Part], pieces: &[Piece]) -> usize {
    match pieces.first() {
        Some(Piece::Text(start, _)) => *start,
        Some(Piece::Expr(k)) => match &parts[*k] {
            Part::Expr { start, .. } | Part::Lit { start, .. } => *start,
        },
        None => 0,
    }
}

/// Writes the query of pairs (with the text before and after it in its parts).
pub fn expand(
    source: &str,
    parts: &[Part],
    pairs: &Pairs,
    vars: &dyn Fn(&str) -> Value,
    rules: Rules,
    out: &mut Out,
) {
    if let Some((start, text)) = &pairs.before {
        push_literal(*start, text, rules, out);
    }
    let mut written = 0;
    let mut separator = |out: &mut Out, origin: Origin| {
        let (text, origin) = if written == 0 {
            ("?", pairs.opener)
        } else {
            ("&", origin)
        };
        out.bytes.extend_from_slice(text.as_bytes());
        out.origin.push(origin);
        written += 1;
    };
    for unit in &pairs.units {
        match unit {
            Unit::Static { start, text } => {
                separator(out, Origin::Lit(start.saturating_sub(1)));
                push_literal(*start, text, rules, out);
            }
            Unit::Operator(k) => {
                let Part::Expr {
                    index, vars: specs, ..
                } = &parts[*k]
                else {
                    continue;
                };
                // As `{&x}` writes them; each `&` it writes starts one pair.
                let mut own = Out::default();
                let context = Context::of(source, parts, *k, rules);
                expand_expr(*index, Op::Cont, specs, vars, context, rules, &mut own);
                out.prefix_on_composite.append(&mut own.prefix_on_composite);
                let mut i = 0;
                while i < own.bytes.len() {
                    // `own.bytes[i]` is the `&` the operator wrote before a pair.
                    let end = (i + 1..own.bytes.len())
                        .find(|&j| own.bytes[j] == b'&' && own.origin[j] == Origin::Op(*index))
                        .unwrap_or(own.bytes.len());
                    separator(out, Origin::Op(*index));
                    out.bytes.extend_from_slice(&own.bytes[i + 1..end]);
                    out.origin.extend_from_slice(&own.origin[i + 1..end]);
                    i = end;
                }
            }
            Unit::Other(pieces) => {
                let mut own = Out::default();
                for piece in pieces {
                    match piece {
                        Piece::Text(start, text) => push_literal(*start, text, rules, &mut own),
                        Piece::Expr(k) => {
                            let Part::Expr {
                                index,
                                op,
                                vars: specs,
                                ..
                            } = &parts[*k]
                            else {
                                continue;
                            };
                            let context = Context::of(source, parts, *k, rules);
                            expand_expr(*index, *op, specs, vars, context, rules, &mut own);
                        }
                    }
                }
                out.prefix_on_composite.append(&mut own.prefix_on_composite);
                if own.bytes.is_empty() {
                    continue;
                }
                // The `&` the text wrote before the piece, or the query's `?`.
                let amp = Origin::Lit(start_of(parts, pieces).saturating_sub(1));
                separator(out, amp);
                out.bytes.extend_from_slice(&own.bytes);
                out.origin.extend_from_slice(&own.origin);
            }
            Unit::Hand { start, key, part } => {
                let Part::Expr {
                    index,
                    op,
                    vars: specs,
                    ..
                } = &parts[*part]
                else {
                    continue;
                };
                let spec = &specs[0];
                let reserved = *op == Op::Reserved;
                let enc = |s: &str| encode_value(s, reserved, false, rules);
                // The `&` the text writes before the pair (written again before each
                // repetition): a boundary of the pairs the text delimits, which the guard on a
                // value's `=` reads (crate docs, "query").
                let amp = if source.as_bytes().get(start.wrapping_sub(1)) == Some(&b'&') {
                    Origin::Lit(start - 1)
                } else {
                    Origin::Op(*index)
                };
                let mut pair = |out: &mut Out, value: &[(String, Origin)]| {
                    separator(out, amp);
                    push_literal(*start, key, rules, out);
                    out.bytes.push(b'=');
                    out.origin.push(Origin::Lit(*start + key.len()));
                    for (text, origin) in value {
                        out.bytes.extend_from_slice(text.as_bytes());
                        out.origin.extend(std::iter::repeat_n(*origin, text.len()));
                    }
                };
                let val = Origin::Val(*index);
                let syn = Origin::Op(*index);
                match vars(&spec.name) {
                    Value::Undef => {}
                    Value::Str(s) => {
                        let s = match spec.prefix {
                            Some(n) => prefix(&s, n, reserved),
                            None => &s,
                        };
                        pair(out, &[(enc(s), val)]);
                    }
                    Value::List(items) => {
                        if spec.prefix.is_some() && !items.is_empty() {
                            out.prefix_on_composite.push(spec.name.clone());
                            continue;
                        }
                        for item in items {
                            pair(out, &[(enc(&item), val)]);
                        }
                    }
                    Value::Map(map) => {
                        if map.is_empty() {
                            continue;
                        }
                        if spec.prefix.is_some() {
                            out.prefix_on_composite.push(spec.name.clone());
                            continue;
                        }
                        let between = if spec.explode { "=" } else { "," };
                        let mut value = Vec::new();
                        for (n, (k, v)) in map.iter().enumerate() {
                            if n > 0 {
                                value.push((String::from(","), syn));
                            }
                            value.push((enc(k), val));
                            value.push((String::from(between), syn));
                            value.push((enc(v), val));
                        }
                        pair(out, &value);
                    }
                }
            }
        }
    }
    if let Some((start, text)) = &pairs.after {
        push_literal(*start, text, rules, out);
    }
}
