//! The planner: one pass over a checked template's components, writing the steps.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::parts::{Groups, Part, parts_into, split_into};
use super::{Context, Step};
use crate::reference::{Placement, Reference};
use crate::template::{Expression, Operator};
use crate::to_uri::push_uri;

pub(super) struct Planner<'a> {
    pub(super) src: &'a str,
    pub(super) exprs: &'a [Expression],
    pub(super) steps: Vec<Step<Range<usize>>>,
    /// Where the steps' texts are written, one after the other.
    pub(super) text: &'a mut String,
    /// The parts of the component being planned, and its segments or pairs: vectors kept
    /// from one component to the next, so a parse allocates them once.
    pub(super) parts: Vec<Part>,
    pub(super) groups: Groups,
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
    /// Template text, in URI form; text written in a row becomes one step (so the runtime
    /// makes one copy per run of text).
    pub(super) fn text(&mut self, range: Range<usize>) {
        if !range.is_empty() {
            let src = self.src;
            self.append_text(|out| push_uri(&src[range], out));
        }
    }

    /// Writes into the last step if it is text, else into a new text step.
    pub(super) fn append_text(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(self.text);
        let end = self.text.len();
        match self.steps.last_mut() {
            // The last text written is the last step's (a pair's text is a step of its own).
            Some(Step::Text(last)) if last.end == start => last.end = end,
            _ => self.steps.push(Step::Text(start..end)),
        }
    }

    /// Writes a pair's text, in URI form; returns where it is in the buffer.
    pub(super) fn pair_text(&mut self, range: Range<usize>) -> Range<usize> {
        let start = self.text.len();
        push_uri(&self.src[range], self.text);
        start..self.text.len()
    }

    /// The parts of `range` (see [`parts`](super::parts())), in the planner's reused vector: give it back
    /// with [`Planner::done_with`].
    pub(super) fn parts(&mut self, range: Range<usize>) -> Vec<Part> {
        let mut parts = core::mem::take(&mut self.parts);
        parts_into(self.exprs, range, &mut parts);
        parts
    }

    pub(super) fn done_with(&mut self, parts: Vec<Part>) {
        self.parts = parts;
    }

    /// `parts` cut at `delimiter` (see [`split`](super::split())), in the planner's reused vectors: give
    /// them back with [`Planner::done_with_groups`].
    pub(super) fn split(
        &mut self,
        parts: &[Part],
        delimiter: char,
        opens_group: impl Fn(usize) -> bool,
    ) -> Groups {
        let mut groups = core::mem::take(&mut self.groups);
        split_into(self.src, parts, delimiter, opens_group, &mut groups);
        groups
    }

    pub(super) fn done_with_groups(&mut self, groups: Groups) {
        self.groups = groups;
    }

    pub(super) fn emit(&mut self, parts: &[Part], context: Context) {
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
}
