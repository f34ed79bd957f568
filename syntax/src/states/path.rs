//! The path in every state of its expressions: a scan with the set of states the path can
//! be in (see the module above).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use super::state::{Position, Segment, State, insert, undefined_after};
use crate::error::{ErrorKind, Errors};
use crate::template::{Expression, Operator};

/// Where a `/` comes from.
#[derive(Clone, Copy)]
enum Slash {
    /// The template's text, at this offset.
    Text(usize),
    /// A defined `{/x}`.
    Expr,
}

/// What went wrong in one state, before it is worded.
#[derive(Clone, Copy)]
enum Problem {
    /// Text or an expression after the host (or the base) while nothing has been written.
    JoinsHost,
    /// Text or an expression that starts a path without an authority while, in other
    /// states, a `{/x}` started it with `/`.
    StartsRelative,
    /// `//` at the start of a path without an authority.
    StartsAuthority,
    /// `//` that the template does not write as such.
    DoubleSlash,
    /// `:` in the first segment of a relative path.
    Colon,
    /// A segment `.` or `..` of template text.
    Dot(Segment),
}

/// The problem of `state`'s current segment when it ends (at a `/` or at the end of the
/// path): a dot segment of template text is one unless it leads a relative path, or the
/// grammar already reported it (its segment has no expression).
fn dot_problem(state: &State, has_expr: bool) -> Option<Problem> {
    let dot = state.segment.is_dot() && has_expr && !state.leading;
    dot.then_some(Problem::Dot(state.segment))
}

/// The state of the expressions that makes a problem.
#[derive(Clone)]
enum Blame {
    /// These adjacent expressions are undefined.
    Undefined(Range<usize>),
    /// This `{/x}` is defined (its own `/` makes the problem).
    Defined(usize),
}

pub(super) struct Path<'a> {
    pub(super) src: &'a str,
    pub(super) bytes: &'a [u8],
    pub(super) exprs: &'a [Expression],
    /// The path follows an authority (or, joined, a base URL): it must start with `/`.
    pub(super) authority: bool,
    pub(super) joined: bool,
    /// No scheme and no authority.
    pub(super) relative: bool,
}

/// The problems found so far: one per place and one per expression blamed, so that one
/// mistake is one error.
#[derive(Default)]
struct Found {
    errors: Vec<(Range<usize>, ErrorKind)>,
    /// Per expression, whether a problem blamed it (empty until one does).
    blamed: Vec<bool>,
}

impl Path<'_> {
    pub(super) fn check(&self, path: Range<usize>, errors: &mut Errors) {
        let mut states = alloc::vec![State {
            position: Position::Empty,
            segment: Segment::Empty,
            literal_slash: None,
            leading: self.relative,
            rooted: false,
            undefined: None,
            written_since: false,
        }];
        // The states after the current step; swapped with `states` after each, so the walk
        // allocates its two vectors once, not once per byte.
        let mut next: Vec<State> = Vec::with_capacity(4);
        let mut found = Found::default();
        // The expressions are sorted: a cursor finds the next one in constant time.
        let mut next_expr = self.exprs.partition_point(|e| e.range.start < path.start);
        // Whether the segment between the template's own `/` holds an expression: only
        // such segments are checked for dots here (the grammar checks the others).
        let mut literal_segment_has_expr = false;
        let mut pos = path.start;
        // Where the text since the last `/` or expression starts.
        let mut text_start = pos;
        while pos < path.end && !states.is_empty() {
            if let Some(e) = self.exprs.get(next_expr).filter(|e| e.range.start == pos) {
                let i = next_expr;
                next_expr += 1;
                literal_segment_has_expr = true;
                self.expression(i, e, &states, &mut next, &mut found);
                core::mem::swap(&mut states, &mut next);
                pos = e.range.end;
                text_start = pos;
                continue;
            }
            let dot = self.dot_len(pos, path.end);
            let (len, step) = match self.bytes[pos] {
                _ if dot.is_some() => (dot.unwrap_or(1), Step::Dot),
                b'/' => {
                    let has_expr = literal_segment_has_expr;
                    literal_segment_has_expr = false;
                    (1, Step::Slash(pos, has_expr))
                }
                b':' => (1, Step::Colon),
                // Writing such a byte moves every state as writing the first of a run of them
                // does (it is idempotent), so the run is one step, reported at its first byte.
                _ => {
                    let run = self.bytes[pos + 1..path.end]
                        .iter()
                        .position(|b| matches!(b, b'/' | b'%' | b'.' | b':' | b'{'))
                        .unwrap_or(path.end - pos - 1);
                    (1 + run, Step::Other)
                }
            };
            let at = pos..pos + if matches!(step, Step::Other) { 1 } else { len };
            let any_rooted = states.iter().any(|s| s.rooted);
            next.clear();
            for state in &states {
                let result = match step {
                    Step::Dot | Step::Colon | Step::Other
                        if self.starts_relative(state, any_rooted)
                            && !self.dot_segment_at(pos, path.end) =>
                    {
                        Err(Problem::StartsRelative)
                    }
                    Step::Slash(slash_at, has_expr) => {
                        self.slash(*state, Slash::Text(slash_at), has_expr)
                    }
                    Step::Colon if self.relative && !state.position.after_slash() => {
                        Err(Problem::Colon)
                    }
                    Step::Dot => self.write(*state, Segment::push_dot),
                    Step::Colon | Step::Other => self.write(*state, Segment::push_other),
                };
                match result {
                    Ok(s) => insert(&mut next, s),
                    Err(problem) => {
                        if let Some((a, b)) = state.undefined {
                            // A dot segment: the carets go under the text before the `/`.
                            let at = match problem {
                                Problem::Dot(_) if text_start < at.start => text_start..at.start,
                                _ => at.clone(),
                            };
                            self.report(&mut found, at, Blame::Undefined(a..b), problem);
                        }
                    }
                }
            }
            core::mem::swap(&mut states, &mut next);
            pos += len;
            if matches!(step, Step::Slash(..)) {
                text_start = pos;
            }
        }
        for state in &states {
            if let (Some(problem), Some((a, b))) = (
                dot_problem(state, literal_segment_has_expr),
                state.undefined,
            ) {
                let at = path.end.saturating_sub(1).max(path.start)..path.end;
                self.report(&mut found, at, Blame::Undefined(a..b), problem);
            }
        }
        for (at, kind) in found.errors {
            errors.push(at, kind);
        }
    }

    /// Whether writing text or a value in `state`, reached through undefined expressions,
    /// would start a path without an authority that other states start with a `/`
    /// (`{/x}users` is `/vusers` or `users`): the reference would be an absolute path in
    /// some states and a relative (or rootless) one in others, resolved differently
    /// (RFC 3986 §5.2.2).
    fn starts_relative(&self, state: &State, any_rooted: bool) -> bool {
        any_rooted
            && !self.authority
            && state.position == Position::Empty
            && state.undefined.is_some()
    }

    /// Whether the template's text from `pos` to the next `/` (or the path's end) is a dot
    /// segment: the dot check words that problem better (`{/x}./a`: remove the `.`).
    fn dot_segment_at(&self, pos: usize, end: usize) -> bool {
        let mut segment = Segment::Empty;
        let mut at = pos;
        while at < end && self.bytes[at] != b'/' {
            let Some(len) = self.dot_len(at, end) else {
                return false;
            };
            at += len;
            segment = segment.push_dot();
        }
        segment.is_dot()
    }

    /// The length of the `.` (1) or `%2E` (3, any case) at `pos`, if one is there.
    fn dot_len(&self, pos: usize, end: usize) -> Option<usize> {
        match &self.bytes[pos..end] {
            [b'.', ..] => Some(1),
            [b'%', b'2', e, ..] if e.eq_ignore_ascii_case(&b'e') => Some(3),
            _ => None,
        }
    }

    /// Writing one byte of text (not `/`): after an authority, the path must have started.
    fn write(&self, state: State, segment: fn(Segment) -> Segment) -> Result<State, Problem> {
        if state.position == Position::Empty && self.authority {
            return Err(Problem::JoinsHost);
        }
        let mut s = state.wrote();
        s.segment = segment(state.segment);
        if state.undefined.is_some() && !state.written_since {
            // Text right after an undefined expression joins its segment to what came
            // before: a dot segment made so is not one the template writes (`%2e{/p}.`).
            s.leading = false;
        }
        Ok(s)
    }

    /// A `/` ends the current segment and starts the next.
    fn slash(&self, state: State, slash: Slash, has_expr: bool) -> Result<State, Problem> {
        if !self.authority && state.position == Position::Root {
            return Err(Problem::StartsAuthority);
        }
        let literal_double = matches!(
            (slash, state.literal_slash),
            (Slash::Text(at), Some(previous)) if previous + 1 == at
        );
        if state.position.after_slash() && state.segment == Segment::Empty && !literal_double {
            return Err(Problem::DoubleSlash);
        }
        if let Some(problem) = dot_problem(&state, has_expr || matches!(slash, Slash::Expr)) {
            return Err(problem);
        }
        let empty = state.position == Position::Empty;
        Ok(State {
            position: if empty && !self.authority {
                Position::Root
            } else {
                Position::Later
            },
            segment: Segment::Empty,
            literal_slash: match slash {
                Slash::Text(at) => Some(at),
                Slash::Expr => None,
            },
            // Leading dots go on while each segment is a dot.
            leading: state.leading && !empty && state.segment.is_dot(),
            rooted: state.rooted || empty,
            undefined: state.undefined,
            written_since: true,
        })
    }

    /// The states after expression `i` from each of `states`, into `next` (cleared first).
    fn expression(
        &self,
        i: usize,
        e: &Expression,
        states: &[State],
        next: &mut Vec<State>,
        found: &mut Found,
    ) {
        next.clear();
        let any_rooted = states.iter().any(|s| s.rooted);
        for state in states {
            if self.silent(e, state) {
                // Its variables are undefined in this state: it writes nothing.
                insert(next, undefined_after(state, i));
                continue;
            }
            // Dots lead a relative path only if the template writes them first: after an
            // expression they would lead it in some states only. The segment this
            // expression's own `/` ends was written before it, so it keeps its standing.
            let before = *state;
            let state = &State {
                leading: false,
                ..*state
            };
            if e.operator != Operator::Path {
                // A value, or named values with their operator, in the current segment: the
                // runtime owns the segment, defined or not, and checks it when it ends (a
                // `{x}` that is a whole segment must not be empty, an empty segment must not
                // make `//`). After an authority it must not join the host, though.
                if state.position == Position::Empty && self.authority {
                    if let Some((a, b)) = state.undefined {
                        let (at, blame) = (e.range.clone(), Blame::Undefined(a..b));
                        self.report_moved(found, at, blame, Problem::JoinsHost, true);
                    }
                    continue;
                }
                if self.starts_relative(state, any_rooted) {
                    if let Some((a, b)) = state.undefined {
                        let (at, blame) = (e.range.clone(), Blame::Undefined(a..b));
                        self.report_moved(found, at, blame, Problem::StartsRelative, true);
                    }
                    continue;
                }
                let mut s = state.wrote();
                s.segment = Segment::Owned;
                s.leading = false;
                insert(next, s);
                if state.position == Position::Empty {
                    // Undefined at the very start of a path without an authority, it writes
                    // nothing and no `/` comes before it: the runtime's check of an empty
                    // segment before a `/` does not apply (`{.a}//b` would start with `//`).
                    insert(next, undefined_after(state, i));
                }
                continue;
            }
            // `{/x}` defined: `/` and a value, in a segment the runtime owns.
            match self.slash(before, Slash::Expr, true) {
                Ok(mut s) => {
                    // The value is taken to be non-empty (the runtime refuses an empty one
                    // where it would make `//`).
                    s.segment = Segment::Owned;
                    s.position = Position::Later;
                    s.leading = false;
                    s.written_since = true;
                    insert(next, s);
                }
                Err(problem) => self.report(found, e.range.clone(), Blame::Defined(i), problem),
            }
            // Undefined: nothing is written; the same state, blaming `i` as well. Dots
            // written before it still lead the path; none after it will.
            let undefined = State {
                leading: before.leading && before.segment.is_dot(),
                ..*state
            };
            insert(next, undefined_after(&undefined, i));
        }
    }

    /// Whether `e` writes nothing in `state` because each of its variables is one that the
    /// state's run of undefined expressions left undefined (`{/c,a}{+c}`: with `c` and `a`
    /// undefined, `{+c}` is too). Only short runs are searched, so the check stays linear.
    fn silent(&self, e: &Expression, state: &State) -> bool {
        let Some((first, end)) = state.undefined else {
            return false;
        };
        if end - first > 16 {
            return false;
        }
        let name = |v: &crate::template::VarSpec| &self.src[v.name.clone()];
        e.vars.iter().all(|v| {
            self.exprs[first..end]
                .iter()
                .any(|u| u.vars.iter().any(|w| name(w) == name(v)))
        })
    }

    /// Words `problem`, found at `at` in the state `blame` describes, unless something was
    /// already reported there or about the same expression.
    fn report(&self, found: &mut Found, at: Range<usize>, blame: Blame, problem: Problem) {
        self.report_moved(found, at, blame, problem, false);
    }

    /// [`Self::report`], where `moved` says that `at` is an expression (rather than text).
    fn report_moved(
        &self,
        found: &mut Found,
        at: Range<usize>,
        blame: Blame,
        problem: Problem,
        moved: bool,
    ) {
        let (culprits, defined) = match blame {
            Blame::Undefined(run) => (run, false),
            Blame::Defined(i) => (i..i + 1, true),
        };
        // Problems are found in the order of the text, so a repeat at `at` is the last one.
        let seen = found
            .errors
            .last()
            .is_some_and(|(a, _)| a.start == at.start)
            || culprits.clone().any(|i| found.blamed.get(i) == Some(&true));
        if seen {
            return;
        }
        if found.blamed.is_empty() {
            found.blamed = alloc::vec![false; self.exprs.len()];
        }
        for i in culprits.clone() {
            found.blamed[i] = true;
        }
        let vars = self.names(culprits.clone());
        let expression = self.source(self.exprs[culprits.end - 1].range.clone());
        let mut at = at;
        let kind = match problem {
            Problem::JoinsHost => {
                let text = self.shown(at.clone(), moved);
                // The carets go under all the text that moves.
                at = at.start..at.start + text.len();
                ErrorKind::UndefinedJoinsHost {
                    vars,
                    text,
                    expression,
                    base: self.joined,
                }
            }
            Problem::StartsRelative => {
                let text = self.shown(at.clone(), moved);
                at = at.start..at.start + text.len();
                ErrorKind::UndefinedStartsRelative {
                    vars,
                    text,
                    expression,
                }
            }
            Problem::StartsAuthority => ErrorKind::StateStartsAuthority {
                vars,
                defined,
                expression,
            },
            Problem::DoubleSlash => ErrorKind::StateDoubleSlash {
                vars,
                defined,
                expression,
            },
            Problem::Colon => ErrorKind::UndefinedColon { vars, expression },
            Problem::Dot(segment) => ErrorKind::StateDotSegment {
                vars,
                defined,
                expression,
                segment: String::from(if segment == Segment::Dot { "." } else { ".." }),
            },
        };
        found.errors.push((at, kind));
    }

    /// The variable names of the expressions `range`.
    fn names(&self, range: Range<usize>) -> Vec<String> {
        self.exprs[range]
            .iter()
            .flat_map(|e| e.vars.iter())
            .map(|v| self.source(v.name.clone()))
            .collect()
    }

    fn source(&self, range: Range<usize>) -> String {
        self.src[range].to_string()
    }

    /// What moves, as shown in a message: an expression as written (`expression`), or the
    /// text from `at` to the end of its segment (at most 40 bytes, on a character boundary).
    fn shown(&self, at: Range<usize>, expression: bool) -> String {
        if expression {
            return self.source(at);
        }
        let rest = &self.src[at.start..];
        let end = rest.find(['/', '?', '#', '{']).unwrap_or(rest.len()).max(1);
        let mut end = end.min(40);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        rest[..end].to_string()
    }
}

/// One byte of path text, as the states see it.
#[derive(Clone, Copy)]
enum Step {
    /// A `/` at this offset; whether the segment it ends holds an expression.
    Slash(usize, bool),
    Dot,
    Colon,
    Other,
}
