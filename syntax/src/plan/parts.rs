//! How the planner and the route lowering read a component: its text runs and expressions
//! ([`Part`]s), cut into segments or pairs ([`Groups`]).

use alloc::vec::Vec;
use core::ops::Range;

use crate::template::Expression;

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
pub(super) fn parts_into(exprs: &[Expression], range: Range<usize>, parts: &mut Vec<Part>) {
    parts.clear();
    let mut pos = range.start;
    // The expressions are sorted: those of the range are a run, found by a binary search.
    let first = exprs.partition_point(|e| e.range.start < range.start);
    for (i, e) in exprs.iter().enumerate().skip(first) {
        if e.range.start >= range.end {
            break;
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
    pub(super) parts: Vec<Part>,
    /// Where each group ends in `parts`.
    pub(super) ends: Vec<usize>,
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

/// `parts` cut at each `delimiter` (ASCII) in their text, which is dropped: a path into its segments
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
pub(super) fn split_into(
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
    // The delimiters are ASCII (`/`, `&`), so they are found byte by byte, in one pass over
    // each run of text (a `str` search costs a call per delimiter found).
    debug_assert!(delimiter.is_ascii());
    let bytes = src.as_bytes();
    for &part in parts {
        match part {
            Part::Text(a, b) => {
                // Where the text of the current group starts in this run.
                let mut start = a;
                for (k, &byte) in bytes[a..b].iter().enumerate() {
                    if char::from(byte) != delimiter {
                        continue;
                    }
                    let at = a + k;
                    if at > start {
                        groups.parts.push(Part::Text(start, at));
                    }
                    groups.ends.push(groups.parts.len());
                    started = true;
                    start = at + 1;
                }
                if start < b {
                    groups.parts.push(Part::Text(start, b));
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
