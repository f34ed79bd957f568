//! The template in every state of its optional expressions: each one defined or undefined
//! (a list empty or not). A template is accepted only if it is a valid URI reference of the
//! same shape in all of them, so that the absence of a value cannot move the template's own
//! text into another component (DESIGN §5).
//!
//! This is not a search of the 2ⁿ expansions. The path is read once, left to right, with the
//! set of abstract states it can be in ([`State`]: what has been written since the last `/`,
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
//!   `?`: when `x` is undefined the text would move into the path.
//!
//! Text after a `{#x}` that opens the fragment is RFC 6570's own example (`{#path}/here`,
//! §3.2.4), so it is not refused here: the planner makes such an `x` required
//! ([`crate::plan::Step::Required`]), and the expansion refuses to leave it undefined.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use crate::error::{ErrorKind, Errors};
use crate::plan;
use crate::reference::{Options, Reference};
use crate::template::{Expression, Operator};

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
    check_query(src, exprs, reference, errors);
}

/// What has been written in the current path segment, as far as dot segments go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Segment {
    /// Nothing.
    Empty,
    /// `.` (or `%2E`).
    Dot,
    /// `..` in any spelling.
    DotDot,
    /// Other template text.
    Text,
    /// An expression wrote (or may write) into it: the runtime checks it when it ends.
    Owned,
}

impl Segment {
    fn push_dot(self) -> Segment {
        match self {
            Segment::Empty => Segment::Dot,
            Segment::Dot => Segment::DotDot,
            Segment::Owned => Segment::Owned,
            Segment::DotDot | Segment::Text => Segment::Text,
        }
    }

    fn push_other(self) -> Segment {
        match self {
            Segment::Owned => Segment::Owned,
            _ => Segment::Text,
        }
    }

    fn is_dot(self) -> bool {
        matches!(self, Segment::Dot | Segment::DotDot)
    }
}

/// How far the path has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Position {
    /// Nothing written yet.
    Empty,
    /// In the first segment, before any `/`.
    First,
    /// The path so far is exactly `/`.
    Root,
    /// After a `/` (and more than the path's first `/`).
    Later,
}

impl Position {
    /// A `/` has been written: the first segment is over.
    fn after_slash(self) -> bool {
        matches!(self, Position::Root | Position::Later)
    }
}

/// One state the path can be in after some prefix of the template.
#[derive(Clone, Copy, Debug)]
struct State {
    position: Position,
    /// The current segment.
    segment: Segment,
    /// The last thing written is the template's `/` at this offset, with nothing since.
    literal_slash: Option<usize>,
    /// In the leading `./` and `../` of a relative-path reference, where dot segments are
    /// kept (RFC 3986 §4.2).
    leading: bool,
    /// The last run of adjacent expressions this state was reached through undefined (first
    /// and past-the-last index): what a problem found in this state blames. A state reached
    /// with every expression defined blames none, and its problems are the grammar's.
    undefined: Option<(usize, usize)>,
    /// Something was written since that run (a next undefined expression starts a new one).
    written_since: bool,
}

impl State {
    /// The fields that make two states behave the same (not `undefined`, which only says
    /// how the state was reached).
    fn key(&self) -> (Position, Segment, Option<usize>, bool) {
        (
            self.position,
            self.segment,
            self.literal_slash,
            self.leading,
        )
    }

    /// The current segment ends (at a `/` or at the end of the path): a dot segment of
    /// template text is a problem unless it leads a relative path, or the grammar already
    /// reported it (its segment has no expression).
    fn dot_problem(&self, has_expr: bool) -> Option<Problem> {
        let dot = self.segment.is_dot() && has_expr && !self.leading;
        dot.then_some(Problem::Dot(self.segment))
    }

    fn wrote(mut self) -> State {
        self.position = match self.position {
            Position::Empty | Position::First => Position::First,
            Position::Root | Position::Later => Position::Later,
        };
        self.literal_slash = None;
        self.written_since = true;
        self
    }
}

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
    /// `//` at the start of a path without an authority.
    StartsAuthority,
    /// `//` that the template does not write as such.
    DoubleSlash,
    /// `:` in the first segment of a relative path.
    Colon,
    /// A segment `.` or `..` of template text.
    Dot(Segment),
}

/// The state of the expressions that makes a problem.
#[derive(Clone)]
enum Blame {
    /// These adjacent expressions are undefined.
    Undefined(Range<usize>),
    /// This `{/x}` is defined (its own `/` makes the problem).
    Defined(usize),
}

struct Path<'a> {
    src: &'a str,
    bytes: &'a [u8],
    exprs: &'a [Expression],
    /// The path follows an authority (or, joined, a base URL): it must start with `/`.
    authority: bool,
    joined: bool,
    /// No scheme and no authority.
    relative: bool,
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
    fn check(&self, path: Range<usize>, errors: &mut Errors) {
        let mut states = alloc::vec![State {
            position: Position::Empty,
            segment: Segment::Empty,
            literal_slash: None,
            leading: self.relative,
            undefined: None,
            written_since: false,
        }];
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
                states = self.expression(i, e, &states, &mut found);
                pos = e.range.end;
                text_start = pos;
                continue;
            }
            let (len, step) = match self.bytes[pos] {
                b'/' => {
                    let has_expr = literal_segment_has_expr;
                    literal_segment_has_expr = false;
                    (1, Step::Slash(pos, has_expr))
                }
                b'%' if self.bytes[pos..path.end].len() >= 3
                    && self.bytes[pos + 1] == b'2'
                    && self.bytes[pos + 2].eq_ignore_ascii_case(&b'e') =>
                {
                    (3, Step::Dot)
                }
                b'.' => (1, Step::Dot),
                b':' => (1, Step::Colon),
                _ => (1, Step::Other),
            };
            let at = pos..pos + len;
            let mut next: Vec<State> = Vec::with_capacity(states.len());
            for state in &states {
                let result = match step {
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
            states = next;
            pos += len;
            if matches!(step, Step::Slash(..)) {
                text_start = pos;
            }
        }
        for state in &states {
            if let (Some(problem), Some((a, b))) =
                (state.dot_problem(literal_segment_has_expr), state.undefined)
            {
                let at = path.end.saturating_sub(1).max(path.start)..path.end;
                self.report(&mut found, at, Blame::Undefined(a..b), problem);
            }
        }
        for (at, kind) in found.errors {
            errors.push(at, kind);
        }
    }

    /// Writing one byte of text (not `/`): after an authority, the path must have started.
    fn write(&self, state: State, segment: fn(Segment) -> Segment) -> Result<State, Problem> {
        if state.position == Position::Empty && self.authority {
            return Err(Problem::JoinsHost);
        }
        let mut s = state.wrote();
        s.segment = segment(state.segment);
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
        if let Some(problem) = state.dot_problem(has_expr || matches!(slash, Slash::Expr)) {
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
            undefined: state.undefined,
            written_since: true,
        })
    }

    /// The states after expression `i` from each of `states`.
    fn expression(
        &self,
        i: usize,
        e: &Expression,
        states: &[State],
        found: &mut Found,
    ) -> Vec<State> {
        let mut next = Vec::with_capacity(2 * states.len());
        for state in states {
            if self.silent(e, state) {
                // Its variables are undefined in this state: it writes nothing.
                insert(&mut next, undefined_after(state, i));
                continue;
            }
            let state = &State {
                // Dots lead a relative path only if the template writes them first: after
                // an expression they would lead it in some states only.
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
                let mut s = state.wrote();
                s.segment = Segment::Owned;
                s.leading = false;
                insert(&mut next, s);
                if state.position == Position::Empty {
                    // Undefined at the very start of a path without an authority, it writes
                    // nothing and no `/` comes before it: the runtime's check of an empty
                    // segment before a `/` does not apply (`{.a}//b` would start with `//`).
                    insert(&mut next, undefined_after(state, i));
                }
                continue;
            }
            // `{/x}` defined: `/` and a value, in a segment the runtime owns.
            match self.slash(*state, Slash::Expr, true) {
                Ok(mut s) => {
                    // The value is taken to be non-empty (the runtime refuses an empty one
                    // where it would make `//`).
                    s.segment = Segment::Owned;
                    s.position = Position::Later;
                    s.leading = false;
                    s.written_since = true;
                    insert(&mut next, s);
                }
                Err(problem) => self.report(found, e.range.clone(), Blame::Defined(i), problem),
            }
            // Undefined: nothing is written; the same state, blaming `i` as well.
            insert(&mut next, undefined_after(state, i));
        }
        next
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

/// `state` after expression `i`, undefined, wrote nothing: the same, blaming `i` as well.
fn undefined_after(state: &State, i: usize) -> State {
    let mut undefined = *state;
    undefined.literal_slash = None;
    undefined.undefined = Some(match state.undefined {
        Some((start, end)) if end == i && !state.written_since => (start, i + 1),
        _ => (i, i + 1),
    });
    undefined.written_since = false;
    undefined
}

/// Adds `state` unless one that behaves the same is there already.
fn insert(states: &mut Vec<State>, state: State) {
    if !states.iter().any(|s| s.key() == state.key()) {
        states.push(state);
    }
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
    let opener_vars: Vec<&str> = exprs[opener].vars.iter().map(name).collect();
    let mut moving = rest.start;
    for e in &exprs[opener + 1..] {
        let silent = e.range.start == moving
            && e.range.start < query.end
            && e.vars.iter().all(|v| opener_vars.contains(&name(v)));
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
    // `{?a,b:3}` becomes `{&a,b:3}` after the text.
    let specs = &src[exprs[opener].range.start + 2..exprs[opener].range.end - 1];
    errors.push(
        rest,
        ErrorKind::UndefinedLeavesQuery {
            fix: alloc::format!("?{text}{{&{specs}}}"),
            vars,
            text,
        },
    );
}
