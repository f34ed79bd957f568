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
/// `S` is how text is held: [`plan`] makes `String`s; [`plan_into`] writes every text into one
/// buffer and makes ranges of it, which is what the runtime's `Template` holds (the buffer
/// borrowed from a `static` when `template!` wrote it at compile time, owned when
/// `Template::parse` made it). One type of step for both, so one interpreter runs them.
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
    static_len_by(steps, |text| text.as_ref().len())
}

/// [`static_len`] of steps whose texts are ranges of one buffer ([`plan_into`]).
pub fn static_len_of_ranges(steps: &[Step<Range<usize>>]) -> usize {
    static_len_by(steps, Range::len)
}

fn static_len_by<S>(steps: &[Step<S>], len: impl Fn(&S) -> usize) -> usize {
    steps
        .iter()
        .map(|step| match step {
            Step::Text(text) | Step::Pair(text) => len(text),
            // `&` (or `?`), `key`, `=`.
            Step::HandPair { key, .. } => len(key) + 2,
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
    parts_into(exprs, range, &mut parts);
    parts
}

/// [`parts`], written into `parts` (cleared first), so the planner reuses one vector.
fn parts_into(exprs: &[Expression], range: Range<usize>, parts: &mut Vec<Part>) {
    parts.clear();
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
}

/// Runs of [`Part`]s: a path's segments, a query's pairs (see [`split`]).
#[derive(Default)]
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
    let mut groups = Groups::default();
    split_into(src, parts, delimiter, opens_group, &mut groups);
    groups
}

/// [`split`], written into `groups` (cleared first), so the planner reuses its vectors.
fn split_into(
    src: &str,
    parts: &[Part],
    delimiter: char,
    opens_group: impl Fn(usize) -> bool,
    groups: &mut Groups,
) {
    groups.parts.clear();
    groups.ends.clear();
    groups.parts.reserve(parts.len() + 4);
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
}

struct Planner<'a> {
    src: &'a str,
    exprs: &'a [Expression],
    steps: Vec<Step<Range<usize>>>,
    /// Where the steps' texts are written, one after the other.
    text: &'a mut String,
    /// The parts of the component being planned, and its segments or pairs: vectors kept
    /// from one component to the next, so a parse allocates them once.
    parts: Vec<Part>,
    groups: Groups,
}

/// Lowers a template that [`crate::template::lex`] and [`crate::reference::parse`] accepted
/// without errors.
pub fn plan(src: &str, exprs: &[Expression], reference: &Reference) -> Vec<Step> {
    let mut text = String::new();
    plan_into(src, exprs, reference, &mut text)
        .into_iter()
        .map(|step| step.map_text(|range| String::from(&text[range])))
        .collect()
}

/// [`plan`], with every text of the steps appended to `text` and held as a range of it: one
/// buffer rather than a `String` per step, which is what `Template::parse` keeps (after the
/// template's own text, in the same buffer).
pub fn plan_into(
    src: &str,
    exprs: &[Expression],
    reference: &Reference,
    text: &mut String,
) -> Vec<Step<Range<usize>>> {
    let mut planner = Planner {
        src,
        exprs,
        // A text step before each expression and up to three path or query steps around
        // it, plus the path's and query's start: for most templates one allocation (static
        // query pairs each add a step and may grow it).
        steps: Vec::with_capacity(4 * exprs.len() + 4),
        text,
        parts: Vec::with_capacity(2 * exprs.len() + 1),
        groups: Groups {
            parts: Vec::with_capacity(2 * exprs.len() + 8),
            ends: Vec::with_capacity(8),
        },
    };
    planner.run(reference);
    planner.steps
}

impl Planner<'_> {
    /// Template text, normalized; text written in a row becomes one step (so the runtime
    /// makes one copy per run of text).
    fn text(&mut self, range: Range<usize>) {
        if !range.is_empty() {
            let src = self.src;
            self.append_text(|out| normalize_into(&src[range], out));
        }
    }

    /// Writes into the last step if it is text, else into a new text step.
    fn append_text(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(self.text);
        let end = self.text.len();
        match self.steps.last_mut() {
            // The last text written is the last step's (a pair's text is a step of its own).
            Some(Step::Text(last)) if last.end == start => last.end = end,
            _ => self.steps.push(Step::Text(start..end)),
        }
    }

    /// Writes a pair's text, normalized; returns where it is in the buffer.
    fn pair_text(&mut self, range: Range<usize>) -> Range<usize> {
        let start = self.text.len();
        normalize_into(&self.src[range], self.text);
        start..self.text.len()
    }

    /// The parts of `range` (see [`parts`]), in the planner's reused vector: give it back
    /// with [`Planner::done_with`].
    fn parts(&mut self, range: Range<usize>) -> Vec<Part> {
        let mut parts = core::mem::take(&mut self.parts);
        parts_into(self.exprs, range, &mut parts);
        parts
    }

    fn done_with(&mut self, parts: Vec<Part>) {
        self.parts = parts;
    }

    /// `parts` cut at `delimiter` (see [`split`]), in the planner's reused vectors: give
    /// them back with [`Planner::done_with_groups`].
    fn split(
        &mut self,
        parts: &[Part],
        delimiter: char,
        opens_group: impl Fn(usize) -> bool,
    ) -> Groups {
        let mut groups = core::mem::take(&mut self.groups);
        split_into(self.src, parts, delimiter, opens_group, &mut groups);
        groups
    }

    fn done_with_groups(&mut self, groups: Groups) {
        self.groups = groups;
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
                self.done_with(parts);
                self.text(userinfo.end..authority.host.start);
            }
            self.host(authority.host.clone(), reference);
            match authority.port.clone() {
                Some(port) => {
                    let parts = self.parts(port.clone());
                    match parts[..] {
                        [Part::Expr(i)] => self.steps.push(Step::Port(i)),
                        _ => self.text(port.start - 1..port.end),
                    }
                    self.done_with(parts);
                }
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
            self.done_with(parts);
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
        } else {
            let whole = matches!(parts[..], [Part::Expr(_)]);
            self.emit(&parts, Context::Host { whole });
        }
        self.done_with(parts);
    }

    fn path(&mut self, path: Range<usize>, reference: &Reference) {
        // Split at the `/` written in the template; each piece is one segment (expressions
        // may add more segments inside themselves).
        let parts = self.parts(path);
        let segments = self.split(&parts, '/', |_| false);
        self.done_with(parts);
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
        self.done_with_groups(segments);
    }

    fn query(&mut self, query: Range<usize>, reference: &Reference) {
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
