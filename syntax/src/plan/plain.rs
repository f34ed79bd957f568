//! The front door's fast lane: the common shape of a run-time template, checked and planned
//! in one pass over its bytes, with no intermediate lists.
//!
//! [`plan_plain`] takes the templates that `Template::parse` meets most (an API's link
//! template: `https://host/a/{b}/c{?d,e}{&f}`, `/users/{id}`) and gives exactly what
//! [`crate::check::check`] and [`plan_into`](super::plan_into) give for them, the same
//! expressions and the same steps over the same text. Anything else (a character to encode
//! or to check further, a port, userinfo, a fragment, an operator in the path, text and an
//! expression in one segment, a dot segment, an empty segment inside the path) it declines
//! with `None`, and the caller takes the front door. It never rejects a template: every
//! error still comes from the one grammar, with its message and its byte.
//!
//! What it accepts, and why each part is valid in every state of its expressions:
//! ```text
//! plain   = ( scheme "://" host path / "/" [ segment *( "/" segment ) ] ) [ query ]
//! path    = *( "/" segment )             ; only the last segment may be empty
//! segment = 1*unreserved                 ; not "." or ".."
//!         / "{" varlist "}"              ; a whole segment: `Step::Segment`
//! query   = "{?" varlist "}" *( "{&" varlist "}" )  ; the last thing in the template
//! host    = 1*unreserved                 ; not ending in a number, `xn--` labels valid
//! ```
//! Unreserved text needs no normalization (RFC 3986 §2.3), so the steps' text is the
//! template's own; a whole-segment `{x}` is the case the runtime guards (a non-empty value
//! that is not a dot segment, so no `//` and no `..` appear in any state); a query opened
//! by `{?x}` and continued only by `{&y}` is a query of pairs, which the runtime joins
//! whatever is defined.
//!
//! A differential property test in the runtime (`template::compiled`'s tests) generates
//! templates in and around this shape, with every class of mistake, and checks that each
//! one this lane accepts is accepted by the front door with the same result.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::{Context, Step};
use crate::chars::{self, UNRESERVED, VARCHAR};
use crate::host;
use crate::template::{self, Expression, Modifier, Operator, VarList, VarSpec};

/// The expressions of a template and its steps, their texts ranges of one buffer. An
/// expression of one variable holds it in place ([`VarList::One`]), without an allocation.
pub type Planned = (Vec<Expression<VarList>>, Vec<Step<Range<usize>>>);

/// Where [`plan_plain_into`] puts the expressions and the steps it makes, in order: two
/// `Vec`s ([`Planned`]), or a caller's own storage (the runtime keeps a short template's
/// parts in place, without allocating for them).
pub trait PlanSink {
    /// Room for `expressions` more expressions and `steps` more steps, asked for once, before
    /// the first of each is pushed: a hint, which a sink may ignore.
    fn reserve(&mut self, expressions: usize, steps: usize);
    /// Appends an expression; steps name it by its index, the number pushed before it.
    fn push_expression(&mut self, expression: Expression<VarList>);
    /// Appends a step.
    fn push_step(&mut self, step: Step<Range<usize>>);
}

impl PlanSink for Planned {
    fn reserve(&mut self, expressions: usize, steps: usize) {
        self.0.reserve_exact(expressions);
        self.1.reserve_exact(steps);
    }

    fn push_expression(&mut self, expression: Expression<VarList>) {
        self.0.push(expression);
    }

    fn push_step(&mut self, step: Step<Range<usize>>) {
        self.1.push(step);
    }
}

/// The checked expressions and the plan of `source`, with the steps' texts appended to
/// `text` (as [`plan_into`](super::plan_into) appends them); `None`, with `text` as it was,
/// when `source` is not of the shape described in the module docs.
pub fn plan_plain(source: &str, text: &mut String) -> Option<Planned> {
    let mut planned = (Vec::new(), Vec::new());
    plan_plain_into(source, text, &mut planned).then_some(planned)
}

/// [`plan_plain`] into `sink`: whether `source` is of the shape described in the module docs.
/// When it is not, `text` is as it was, and `sink` may hold some of the template's parts,
/// which the caller discards.
pub fn plan_plain_into<S: PlanSink>(source: &str, text: &mut String, sink: &mut S) -> bool {
    let mark = text.len();
    let planned = Plain {
        bytes: source.as_bytes(),
        src: source,
        text,
        pos: 0,
        run_start: 0,
        opening: None,
        path_only: false,
        expressions: 0,
        steps: 0,
        sink,
    }
    .run()
    .is_some();
    if !planned {
        text.truncate(mark);
    }
    planned
}

struct Plain<'a, S> {
    src: &'a str,
    bytes: &'a [u8],
    text: &'a mut String,
    pos: usize,
    /// Where the template text not yet written to a step starts.
    run_start: usize,
    /// How many `{` the template has, once counted.
    opening: Option<usize>,
    /// No scheme and no authority: the steps start with `Step::PathStart`.
    path_only: bool,
    /// How many expressions and steps were pushed to `sink`, which is asked for room at the
    /// first of each, not before: a template declined before them costs no allocation.
    expressions: usize,
    steps: usize,
    sink: &'a mut S,
}

impl<S: PlanSink> Plain<'_, S> {
    fn run(mut self) -> Option<()> {
        if self.bytes.first() == Some(&b'/') {
            // A path without scheme or authority; `//` would start an authority.
            if self.bytes.get(1) == Some(&b'/') {
                return None;
            }
            self.path_only = true;
        } else {
            self.scheme_and_host()?;
        }
        self.path()?;
        self.query()?;
        if self.pos != self.bytes.len() {
            return None;
        }
        self.flush_text(self.pos);
        Some(())
    }

    /// `scheme://host`, up to the path or the query.
    fn scheme_and_host(&mut self) -> Option<()> {
        let scheme_end = self
            .bytes
            .iter()
            .position(|&b| !chars::is(b, chars::SCHEME))
            .unwrap_or(self.bytes.len());
        if scheme_end == 0
            || !chars::is(self.bytes[0], chars::ALPHA)
            || !self.bytes[scheme_end..].starts_with(b"://")
        {
            return None;
        }
        let host_start = scheme_end + 3;
        let mut host_end = host_start;
        let mut dash = false;
        while let Some(&b) = self.bytes.get(host_end)
            && chars::is(b, UNRESERVED)
        {
            dash |= b == b'-';
            host_end += 1;
        }
        let host = &self.bytes[host_start..host_end];
        // The grammar's own host checks (RFC 3986 §3.2.2 and the WHATWG host parser):
        // a name that ends in a number is read as an IPv4 address, and an `xn--` label
        // must be punycode a browser decodes.
        if host.is_empty()
            || host::ends_in_a_number(host)
            || (dash && host::invalid_xn_label(host).is_some())
        {
            return None;
        }
        self.pos = host_end;
        Some(())
    }

    /// The end of the run of unreserved bytes from `from`.
    fn unreserved_run(&self, from: usize) -> usize {
        self.bytes[from..]
            .iter()
            .position(|&b| !chars::is(b, UNRESERVED))
            .map_or(self.bytes.len(), |i| from + i)
    }

    fn path(&mut self) -> Option<()> {
        while self.bytes.get(self.pos) == Some(&b'/') {
            self.pos += 1;
            match self.bytes.get(self.pos) {
                Some(b'{') if self.bytes.get(self.pos + 1).is_some_and(|&b| b != b'?') => {
                    let i = self.expression(Operator::Simple)?;
                    self.step(Step::Segment(i));
                }
                _ => {
                    let end = self.unreserved_run(self.pos);
                    let segment = &self.bytes[self.pos..end];
                    let last = !matches!(self.bytes.get(end), Some(b'/'));
                    if (segment.is_empty() && !last) || crate::path::is_dot_segment(segment) {
                        return None;
                    }
                    self.pos = end;
                }
            }
            // A segment ends at a `/`, at the query, or at the end.
            match self.bytes.get(self.pos) {
                None | Some(b'/') => {}
                Some(b'{') if self.bytes.get(self.pos + 1) == Some(&b'?') => {}
                Some(_) => return None,
            }
        }
        Some(())
    }

    /// `{?x,y}{&z}` at the end of the template: a query of pairs.
    fn query(&mut self) -> Option<()> {
        if !self.bytes[self.pos..].starts_with(b"{?") {
            return Some(());
        }
        self.flush_text(self.pos);
        self.step(Step::QueryStart);
        let i = self.expression(Operator::Query)?;
        self.step(Step::Expand(i, Context::QueryPairs));
        while self.bytes[self.pos..].starts_with(b"{&") {
            let i = self.expression(Operator::QueryContinuation)?;
            self.step(Step::Expand(i, Context::QueryPairs));
        }
        Some(())
    }

    fn step(&mut self, step: Step<Range<usize>>) {
        if self.steps == 0 {
            // As the planner sizes it.
            let room = 4 * self.opening() + 4;
            self.sink.reserve(0, room);
            if self.path_only {
                self.sink.push_step(Step::PathStart { relative: false });
                self.steps += 1;
            }
        }
        self.sink.push_step(step);
        self.steps += 1;
    }

    /// How many `{` the template has: room for that many expressions. Counted once.
    fn opening(&mut self) -> usize {
        *self
            .opening
            .get_or_insert_with(|| template::count(self.bytes, b'{'))
    }

    /// Writes the template text since the last step as a text step.
    fn flush_text(&mut self, end: usize) {
        if self.run_start < end {
            let start = self.text.len();
            self.text.push_str(&self.src[self.run_start..end]);
            self.step(Step::Text(start..self.text.len()));
            self.run_start = end;
        }
    }

    /// The expression at `pos`, of `operator` (whose character, if any, follows the `{`),
    /// each variable a plain name with at most a modifier; its index. One pass over its
    /// bytes: a name, its modifier, then `,` or the closing `}`.
    fn expression(&mut self, operator: Operator) -> Option<usize> {
        let start = self.pos;
        self.flush_text(start);
        let bytes = self.bytes;
        let mut pos = start + 1 + operator.as_str().len();
        if self.expressions == 0 {
            // As the lexer sizes it.
            let room = self.opening();
            self.sink.reserve(room, 0);
        }
        // The first variable is held in place; a list is made at the first `,`, as long as
        // the expression has variables (its `,` before the `}` are counted then).
        let mut first = None;
        let mut more: Vec<VarSpec> = Vec::new();
        loop {
            let name_start = pos;
            while bytes.get(pos).is_some_and(|&b| chars::is(b, VARCHAR)) {
                pos += 1;
            }
            if pos == name_start {
                return None;
            }
            let name = name_start..pos;
            let modifier = match bytes.get(pos) {
                Some(b'*') => {
                    pos += 1;
                    Modifier::Explode
                }
                Some(b':') => {
                    let digits = pos + 1;
                    pos = digits;
                    while bytes.get(pos).is_some_and(u8::is_ascii_digit) {
                        pos += 1;
                    }
                    Modifier::Prefix(template::prefix_length(&bytes[digits..pos])?)
                }
                _ => Modifier::None,
            };
            let var = VarSpec { name, modifier };
            match first.take() {
                None if more.is_empty() => first = Some(var),
                None => more.push(var),
                Some(one) => {
                    let rest = &bytes[pos..];
                    let close = rest.iter().position(|&b| b == b'}').unwrap_or(rest.len());
                    more = Vec::with_capacity(2 + template::count(&rest[..close], b','));
                    more.push(one);
                    more.push(var);
                }
            }
            match bytes.get(pos) {
                Some(b',') => pos += 1,
                Some(b'}') => break,
                _ => return None,
            }
        }
        let vars = match first {
            Some(one) => VarList::One(one),
            None => VarList::Many(more.into_boxed_slice()),
        };
        self.pos = pos + 1;
        self.run_start = self.pos;
        self.sink.push_expression(Expression {
            range: start..self.pos,
            operator,
            vars,
        });
        self.expressions += 1;
        Some(self.expressions - 1)
    }
}
