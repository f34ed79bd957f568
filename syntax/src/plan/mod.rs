//! Lowering a checked template into steps: static text (already in URI form) and the places
//! where values go, each with what the runtime must check there.
//!
//! The macro turns each step into one call into the runtime; `Template` interprets the same
//! steps at run time. Both therefore expand a template the same way.
//!
//! What the steps encode beyond RFC 6570 (the hand-written pairs and the guards of the `url!`
//! documentation; docs/design.md, "Guarantees and where each is enforced"):
//! - a path segment that holds a placeholder is tracked, so the runtime can refuse a value
//!   that makes it `.`/`..` or leaves an empty segment before a `/` (`//`);
//! - a placeholder that is a whole path segment must have a non-empty value, and a segment of
//!   expressions without text of its own must not be written empty;
//! - a query made of `name=value` pairs (static, `name={x}` written by hand, `{?x}` and
//!   `{&x}`, and beside a hand-written pair any other piece between two `&`, such as
//!   `{k}=1`) is joined by the runtime: `?` before the first piece that writes something,
//!   `&` before the others, so a missing value drops its whole pair and no `?&` or dangling
//!   `&` is left (the query module's docs say what each piece means);
//! - a port placeholder writes its `:` only when it has a value.

use alloc::string::String;
use core::ops::Range;

mod parts;
mod plain;
mod planner;
mod query;

pub(crate) use self::parts::{Part, parts, split};
pub use self::plain::{PlanSink, Planned, plan_plain, plan_plain_into};
pub use self::planner::{plan, plan_into};
pub(crate) use self::query::{
    Unjoinable, hand_pair_in_unjoinable_query, is_query_of_pairs, opens_pair,
    reserved_before_hand_pair,
};

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
    /// Write this text (in URI form: IRI characters encoded, triplet hex uppercase).
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
    /// A path segment holding placeholders starts here. If the segment has no text of the
    /// template's own, its expressions must write something into it (the runtime refuses it
    /// empty), as a [`Step::Segment`]'s value must.
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
        /// The name, in URI form.
        key: S,
        /// The expression after `=`.
        expr: usize,
    },
    /// A piece of a query of pairs that is RFC 6570 text (`{k}=1`, `k=v{a}`, a whole `{k}`)
    /// starts: its separator (`?` or `&`) is written, and taken back at
    /// [`Step::QueryPieceEnd`] if the piece writes nothing.
    QueryPieceStart,
    /// The piece that [`Step::QueryPieceStart`] started ends.
    QueryPieceEnd,
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
            Step::QueryPieceStart => Step::QueryPieceStart,
            Step::QueryPieceEnd => Step::QueryPieceEnd,
            Step::Port(i) => Step::Port(i),
            Step::Required(i, context) => Step::Required(i, context),
        }
    }
}

/// The bytes of template text that `steps` write when each value is defined once: the text,
/// the static pairs, each hand-written pair's `key=` with its separator, and each other
/// query piece's separator. `url!`,
/// `template!` and `Template` size the output from it (plus what the values need), so that
/// building a URL allocates once.
pub fn static_len<S: AsRef<str>>(steps: &[Step<S>]) -> usize {
    static_len_by(steps, |text| text.as_ref().len())
}

/// [`static_len`] of steps whose texts are ranges of one buffer ([`plan_into`]).
#[inline]
pub fn static_len_of_ranges(steps: &[Step<Range<usize>>]) -> usize {
    static_len_by(steps, Range::len)
}

#[inline]
fn static_len_by<S>(steps: &[Step<S>], len: impl Fn(&S) -> usize) -> usize {
    steps
        .iter()
        .map(|step| match step {
            Step::Text(text) | Step::Pair(text) => len(text),
            // `&` (or `?`), `key`, `=`.
            Step::HandPair { key, .. } => len(key) + 2,
            Step::QueryPieceStart => 1,
            _ => 0,
        })
        .sum()
}
