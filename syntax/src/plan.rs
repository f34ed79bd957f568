//! Lowering a checked template into steps: static text (already normalized) and the places
//! where values go, each with what the runtime must check there.
//!
//! The macro turns each step into one call into the runtime; `Template` interprets the same
//! steps at run time. Both therefore expand a template the same way.
//!
//! What the steps encode beyond RFC 6570 (the hand-written pairs and the guards of the `url!`
//! documentation; docs/design.md, "Guarantees and where each is enforced"):
//! - a path segment that holds a placeholder is tracked, so the runtime can refuse a value
//!   that makes it `.`/`..` or leaves an empty segment before a `/` (`//`);
//! - a placeholder that is a whole path segment must have a non-empty value;
//! - a query made only of `name=value` pairs (static, `name={x}` written by hand, `{?x}` and
//!   `{&x}`) is joined by the runtime: `?` before the first pair written, `&` before the
//!   others, so a missing value drops its whole pair and no `?&` or dangling `&` is left;
//! - a port placeholder writes its `:` only when it has a value.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::normalize::normalize_into;
use crate::reference::{Placement, Reference};
use crate::template::{Expression, Operator};

/// Where an expanded value lands, which decides its encoding and its checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    /// A `{+x}` that opens the template: may supply scheme, authority and path start.
    Base,
    /// `user:password`.
    Userinfo,
    /// The host, `whole` if the placeholder is all of it.
    Host {
        /// The placeholder is the entire host (it may then be an IP address).
        whole: bool,
    },
    /// Between `[` and `]`: an IPv6 address.
    IpLiteral,
    /// Inside a tracked path segment.
    Path,
    /// A `{?x}`/`{&x}` in a query of pairs: the runtime chooses `?` or `&`.
    QueryPairs,
    /// Anywhere else in the query (RFC 6570 as written).
    Query,
    /// In the query before the `=` the template writes for the pair (`?{+k}=v`): a value
    /// there must not write `=` either, which would move the end of the pair's name.
    QueryKey,
    /// In the fragment.
    Fragment,
}

/// One thing to do while building a URL.
///
/// `S` is how text is held: [`plan`] makes `String`s; the runtime's `Template` holds
/// `Cow<'static, str>`, borrowed from a `static` when `template!` wrote the steps at compile
/// time and owned when `Template::parse` made them (see [`Step::map_text`]). One type of step
/// for both, so one interpreter runs them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<S = String> {
    /// Write this text (normalized: IRI characters encoded, triplet hex uppercase).
    Text(S),
    /// Expand this expression as a whole path segment: its value must be non-empty and not
    /// a dot segment.
    Segment(usize),
    /// The path starts here, with no authority before it: a value must not make it start
    /// with `//`, and in a `relative` path (no scheme either) not put `:` in its first
    /// segment.
    PathStart {
        /// No scheme and no authority, and the path does not start with `/`.
        relative: bool,
    },
    /// A path segment holding placeholders starts here.
    SegmentStart,
    /// The tracked segment ends here; `then_slash` if a `/` follows (an empty segment would
    /// then make `//`).
    SegmentEnd {
        /// Whether the template continues with a `/`.
        then_slash: bool,
    },
    /// Expand this expression in this context.
    Expand(usize, Context),
    /// A query of pairs starts: nothing is written until its first pair.
    QueryStart,
    /// A static `name=value` of a query of pairs.
    Pair(S),
    /// `name={x}` written by hand in a query of pairs: one pair per value (none when
    /// undefined, one per item of a list).
    HandPair {
        /// The name, normalized.
        key: S,
        /// The expression after `=`.
        expr: usize,
    },
    /// `:{port}`: writes `:` and the port when the value is defined.
    Port(usize),
    /// Expand this expression in this context; it must be defined if anything is written
    /// after it. A `{#x}` that opens the fragment and has template text after it (RFC 6570
    /// §3.2.4's `{#path}/here`): when `x` is undefined no `#` is written, and that text would
    /// move into the path or query.
    Required(usize, Context),
}

impl<S> Step<S> {
    /// The same step with its text converted by `f` (e.g. `String` into `Cow::Owned`).
    pub fn map_text<T>(self, f: impl FnOnce(S) -> T) -> Step<T> {
        match self {
            Step::Text(text) => Step::Text(f(text)),
            Step::Pair(pair) => Step::Pair(f(pair)),
            Step::HandPair { key, expr } => Step::HandPair { key: f(key), expr },
            Step::Segment(i) => Step::Segment(i),
            Step::PathStart { relative } => Step::PathStart { relative },
            Step::SegmentStart => Step::SegmentStart,
            Step::SegmentEnd { then_slash } => Step::SegmentEnd { then_slash },
            Step::Expand(i, context) => Step::Expand(i, context),
            Step::QueryStart => Step::QueryStart,
            Step::Port(i) => Step::Port(i),
            Step::Required(i, context) => Step::Required(i, context),
        }
    }
}

/// The bytes of template text that `steps` write when each value is defined once: the text,
/// the static pairs, and each hand-written pair's `key=` with its separator. `url!`,
/// `template!` and `Template` size the output from it (plus what the values need), so that
/// building a URL allocates once.
pub fn static_len<S: AsRef<str>>(steps: &[Step<S>]) -> usize {
    steps
        .iter()
        .map(|step| match step {
            Step::Text(text) | Step::Pair(text) => text.as_ref().len(),
            // `&` (or `?`), `key`, `=`.
            Step::HandPair { key, .. } => key.as_ref().len() + 2,
            _ => 0,
        })
        .sum()
}

/// A run of template text (byte range) or an expression (index), in order.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part {
    Text(usize, usize),
    Expr(usize),
}

/// The text runs and the expressions that start in `range` of the template, in order: how
/// the planner and the route lowering (`route::lower`) read one component.
pub(crate) fn parts(exprs: &[Expression], range: Range<usize>) -> Vec<Part> {
    let mut parts = Vec::with_capacity(2 * exprs.len() + 1);
    let mut pos = range.start;
    for (i, e) in exprs.iter().enumerate() {
        if e.range.start < range.start || e.range.start >= range.end {
            continue;
        }
        if pos < e.range.start {
            parts.push(Part::Text(pos, e.range.start));
        }
        parts.push(Part::Expr(i));
        pos = e.range.end;
    }
    if pos < range.end {
        parts.push(Part::Text(pos, range.end));
    }
    parts
}

/// Runs of [`Part`]s: a path's segments, a query's pairs (see [`split`]).
pub(crate) struct Groups {
    /// Every group's parts, one after the other (one vector rather than one per group: fewer
    /// allocations per parse).
    parts: Vec<Part>,
    /// Where each group ends in `parts`.
    ends: Vec<usize>,
}

impl Groups {
    /// How many groups there are (at least one).
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The groups, in order; a group may be empty (`//` in a path, `&&` in a query).
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[Part]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let group = &self.parts[start..end];
            start = end;
            group
        })
    }
}

/// `parts` cut at each `delimiter` in their text, which is dropped: a path into its segments
/// at `/`, a query into its pairs at `&`. A group also ends before an expression for which
/// `opens_group` holds (`{?x}` and `{&x}` write their own separator), unless nothing has
/// started the group yet (neither a part nor a delimiter). Empty text is left out. The
/// planner and the route lowering both read a template's path and query through this.
pub(crate) fn split(
    src: &str,
    parts: &[Part],
    delimiter: char,
    opens_group: impl Fn(usize) -> bool,
) -> Groups {
    let mut groups = Groups {
        parts: Vec::with_capacity(parts.len() + 4),
        ends: Vec::new(),
    };
    // Whether the current group has started: it holds a part, or a delimiter opened it.
    let mut started = false;
    for &part in parts {
        match part {
            Part::Text(mut a, b) => {
                while let Some(at) = src[a..b].find(delimiter) {
                    if at > 0 {
                        groups.parts.push(Part::Text(a, a + at));
                    }
                    groups.ends.push(groups.parts.len());
                    started = true;
                    a += at + delimiter.len_utf8();
                }
                if a < b {
                    groups.parts.push(Part::Text(a, b));
                    started = true;
                }
            }
            Part::Expr(i) => {
                if started && opens_group(i) {
                    groups.ends.push(groups.parts.len());
                }
                groups.parts.push(part);
                started = true;
            }
        }
    }
    groups.ends.push(groups.parts.len());
    groups
}

struct Planner<'a> {
    src: &'a str,
    exprs: &'a [Expression],
    steps: Vec<Step>,
}

/// Lowers a template that [`crate::template::lex`] and [`crate::reference::parse`] accepted
/// without errors.
pub fn plan(src: &str, exprs: &[Expression], reference: &Reference) -> Vec<Step> {
    let mut planner = Planner {
        src,
        exprs,
        // A text step before each expression and up to three path or query steps around
        // it, plus the path's and query's start: for most templates one allocation (static
        // query pairs each add a step and may grow it).
        steps: Vec::with_capacity(4 * exprs.len() + 4),
    };
    planner.run(reference);
    planner.steps
}

impl Planner<'_> {
    /// Template text, normalized; text written in a row becomes one step (so the runtime
    /// makes one copy, and `Template::parse` one allocation, per run of text).
    fn text(&mut self, range: Range<usize>) {
        if !range.is_empty() {
            let src = self.src;
            self.append_text(|out| {
                out.reserve(range.len());
                normalize_into(&src[range], out);
            });
        }
    }

    /// Writes into the last step if it is text, else into a new text step.
    fn append_text(&mut self, write: impl FnOnce(&mut String)) {
        if let Some(Step::Text(last)) = self.steps.last_mut() {
            write(last);
        } else {
            let mut text = String::new();
            write(&mut text);
            self.steps.push(Step::Text(text));
        }
    }

    fn parts(&self, range: Range<usize>) -> Vec<Part> {
        parts(self.exprs, range)
    }

    fn emit(&mut self, parts: &[Part], context: Context) {
        for &part in parts {
            match part {
                Part::Text(a, b) => self.text(a..b),
                Part::Expr(i) => self.steps.push(Step::Expand(i, context)),
            }
        }
    }

    fn run(&mut self, reference: &Reference) {
        let path = reference.path.clone();
        if let Some(authority) = &reference.authority {
            let userinfo_or_host = authority
                .userinfo
                .as_ref()
                .map_or(authority.host.start, |u| u.start);
            self.text(0..userinfo_or_host);
            if let Some(userinfo) = authority.userinfo.clone() {
                let parts = self.parts(userinfo.clone());
                self.emit(&parts, Context::Userinfo);
                self.text(userinfo.end..authority.host.start);
            }
            self.host(authority.host.clone(), reference);
            match authority.port.clone() {
                Some(port) => match self.parts(port.clone())[..] {
                    [Part::Expr(i)] => self.steps.push(Step::Port(i)),
                    _ => self.text(port.start - 1..port.end),
                },
                None => self.text(authority.host.end..path.start),
            }
        } else {
            self.text(0..path.start);
            let relative = reference.scheme.is_none() && !self.src[path.clone()].starts_with('/');
            self.steps.push(Step::PathStart { relative });
        }
        self.path(path.clone(), reference);
        let mut end = path.end;
        if let Some(query) = reference.query.clone() {
            self.text(end..query.start);
            self.query(query.clone(), reference);
            end = query.end;
        }
        if let Some(fragment) = reference.fragment.clone() {
            self.text(end..fragment.start);
            let parts = self.parts(fragment.clone());
            match parts[..] {
                // A `{#x}` that opens the fragment, with more after it: `x` is required.
                [Part::Expr(i), _, ..] if self.exprs[i].operator == Operator::Fragment => {
                    self.steps.push(Step::Required(i, Context::Fragment));
                    self.emit(&parts[1..], Context::Fragment);
                }
                _ => self.emit(&parts, Context::Fragment),
            }
            end = fragment.end;
        }
        self.text(end..self.src.len());
    }

    fn host(&mut self, host: Range<usize>, reference: &Reference) {
        let parts = self.parts(host.clone());
        if let [Part::Text(..), Part::Expr(i), Part::Text(..)] = parts[..]
            && reference.placements[i] == Placement::IpLiteral
        {
            self.text(host.start..host.start + 1);
            self.steps.push(Step::Expand(i, Context::IpLiteral));
            self.text(host.end - 1..host.end);
            return;
        }
        let whole = matches!(parts[..], [Part::Expr(_)]);
        self.emit(&parts, Context::Host { whole });
    }

    fn path(&mut self, path: Range<usize>, reference: &Reference) {
        // Split at the `/` written in the template; each piece is one segment (expressions
        // may add more segments inside themselves).
        let segments = split(self.src, &self.parts(path), '/', |_| false);
        let count = segments.len();
        for (n, segment) in segments.iter().enumerate() {
            if n > 0 {
                self.append_text(|out| out.push('/'));
            }
            let exprs = segment
                .iter()
                .filter(|p| matches!(p, Part::Expr(_)))
                .count();
            match segment[..] {
                _ if exprs == 0 => self.emit(segment, Context::Path),
                [Part::Expr(i)] if self.exprs[i].operator == Operator::Simple => {
                    self.steps.push(Step::Segment(i));
                }
                _ => {
                    self.steps.push(Step::SegmentStart);
                    for &part in segment {
                        match part {
                            Part::Text(a, b) => self.text(a..b),
                            Part::Expr(i) => {
                                let context = if reference.placements[i] == Placement::Base {
                                    Context::Base
                                } else {
                                    Context::Path
                                };
                                self.steps.push(Step::Expand(i, context));
                            }
                        }
                    }
                    self.steps.push(Step::SegmentEnd {
                        then_slash: n + 1 < count,
                    });
                }
            }
        }
    }

    fn query(&mut self, query: Range<usize>, reference: &Reference) {
        let opened_by_expression = reference.query.as_ref().is_some_and(|q| {
            self.exprs
                .iter()
                .any(|e| e.range.start == q.start && e.operator == Operator::Query)
        });
        let parts = self.parts(query);
        let units = self.pair_units(&parts);
        let pairs = units
            .as_ref()
            .filter(|units| units.iter().any(|u| !matches!(u, PairUnit::Static(..))));
        match pairs {
            Some(units) => {
                if !opened_by_expression {
                    // The static `?` is written by the runtime with the first pair.
                    if let Some(Step::Text(text)) = self.steps.last_mut() {
                        text.pop();
                        if text.is_empty() {
                            self.steps.pop();
                        }
                    }
                }
                self.steps.push(Step::QueryStart);
                for unit in units {
                    match *unit {
                        PairUnit::Static(a, b) => {
                            let mut text = String::new();
                            normalize_into(&self.src[a..b], &mut text);
                            self.steps.push(Step::Pair(text));
                        }
                        PairUnit::Hand { key, expr } => {
                            let mut text = String::new();
                            normalize_into(&self.src[key.0..key.1], &mut text);
                            self.steps.push(Step::HandPair { key: text, expr });
                        }
                        PairUnit::Operator(i) => {
                            self.steps.push(Step::Expand(i, Context::QueryPairs));
                        }
                    }
                }
            }
            None => self.emit_query(&parts),
        }
    }

    /// A query that is not made of pairs, RFC 6570 as written; an expression before the `=`
    /// that the template writes for its pair stands in the pair's name
    /// ([`Context::QueryKey`]).
    fn emit_query(&mut self, parts: &[Part]) {
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

    /// The query as `&`-separated pairs, or `None` if any piece is not a pair.
    fn pair_units(&self, parts: &[Part]) -> Option<Vec<PairUnit>> {
        pair_units(self.src, self.exprs, parts)
    }
}

/// The query `parts` as `&`-separated pairs, or `None` if any piece is not a pair.
fn pair_units(src: &str, exprs: &[Expression], parts: &[Part]) -> Option<Vec<PairUnit>> {
    split(src, parts, '&', |i| opens_pair(&exprs[i]))
        .iter()
        .map(|unit| match *unit {
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
        })
        .collect()
}

/// Whether the query `range` of `src` is a query of pairs, which the runtime joins with `?`
/// and `&` itself (see the module docs): a static `name=value`, `name={x}` written by hand,
/// `{?x}` or `{&x}` in each piece between `&`, and at least one that is not static.
pub(crate) fn is_query_of_pairs(src: &str, exprs: &[Expression], range: Range<usize>) -> bool {
    pair_units(src, exprs, &parts(exprs, range))
        .is_some_and(|units| units.iter().any(|u| !matches!(u, PairUnit::Static(..))))
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
