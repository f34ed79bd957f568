//! The states of the path scan (`path.rs`): how far the path has got, what its current
//! segment holds, and which undefined expressions led there.

use alloc::vec::Vec;

/// What has been written in the current path segment, as far as dot segments go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Segment {
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
    pub(super) fn push_dot(self) -> Segment {
        match self {
            Segment::Empty => Segment::Dot,
            Segment::Dot => Segment::DotDot,
            Segment::Owned => Segment::Owned,
            Segment::DotDot | Segment::Text => Segment::Text,
        }
    }

    pub(super) fn push_other(self) -> Segment {
        match self {
            Segment::Owned => Segment::Owned,
            _ => Segment::Text,
        }
    }

    pub(super) fn is_dot(self) -> bool {
        matches!(self, Segment::Dot | Segment::DotDot)
    }
}

/// How far the path has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Position {
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
    pub(super) fn after_slash(self) -> bool {
        matches!(self, Position::Root | Position::Later)
    }
}

/// One state the path can be in after some prefix of the template.
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    pub(super) position: Position,
    /// The current segment.
    pub(super) segment: Segment,
    /// The last thing written is the template's `/` at this offset, with nothing since.
    pub(super) literal_slash: Option<usize>,
    /// In the leading `./` and `../` of a relative-path reference, where dot segments are
    /// kept (RFC 3986 §4.2).
    pub(super) leading: bool,
    /// The path's first byte is a `/`: it is an absolute path (RFC 3986 §3.3, `path-absolute`
    /// or `path-abempty`) rather than a rootless or relative one.
    pub(super) rooted: bool,
    /// The last run of adjacent expressions this state was reached through undefined (first
    /// and past-the-last index): what a problem found in this state blames. A state reached
    /// with every expression defined blames none, and its problems are the grammar's.
    pub(super) undefined: Option<(usize, usize)>,
    /// Something was written since that run (a next undefined expression starts a new one).
    pub(super) written_since: bool,
}

impl State {
    /// The fields that make two states behave the same (not `undefined`, which only says
    /// how the state was reached).
    fn key(&self) -> (Position, Segment, Option<usize>, bool, bool) {
        (
            self.position,
            self.segment,
            self.literal_slash,
            self.leading,
            self.rooted,
        )
    }

    pub(super) fn wrote(mut self) -> State {
        self.position = match self.position {
            Position::Empty | Position::First => Position::First,
            Position::Root | Position::Later => Position::Later,
        };
        self.literal_slash = None;
        self.written_since = true;
        self
    }
}

/// `state` after expression `i`, undefined, wrote nothing: the same, blaming `i` as well.
pub(super) fn undefined_after(state: &State, i: usize) -> State {
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
pub(super) fn insert(states: &mut Vec<State>, state: State) {
    if !states.iter().any(|s| s.key() == state.key()) {
        states.push(state);
    }
}
