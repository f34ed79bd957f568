//! A route's [`Pattern`] as owned data: what the derive computes from a template and its
//! fields' types before writing the pattern out as constants, and what the tests build.

use alloc::string::String;
use alloc::vec::Vec;

use super::lower::{PathSegment, PathStyle, Shape};
use super::{Key, Pattern, Segment, Tail};

/// How many values a placeholder's field holds, which decides what a route matches (the
/// grammar's side of `urlkit::route::Arity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    /// One value, always present.
    One,
    /// An `Option`: the value may be absent.
    Optional,
    /// A `Vec`: any number of values.
    List,
}

/// A [`Pattern`]'s data, owned: what the derive computes before it writes
/// the pattern out, and what the tests build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedPattern {
    /// See [`Pattern::segments`].
    pub segments: Vec<OwnedSegment>,
    /// See [`Pattern::tail`].
    pub tail: Tail,
    /// See [`Pattern::pairs`].
    pub pairs: Vec<String>,
    /// See [`Pattern::keys`]: names and whether they are required.
    pub keys: Vec<(String, bool)>,
    /// See [`Pattern::deny_unknown`].
    pub deny_unknown: bool,
}

/// An owned [`Segment`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedSegment {
    /// Static text.
    Static(String),
    /// A value between a prefix and a suffix.
    Value(String, String),
    /// Any segment.
    Any,
}

impl Shape {
    /// The pattern of this shape, given what each placeholder's field holds (`kind` is asked
    /// with the variable's name, and `map` whether it is a map). The combination must be
    /// valid: lists and options only in the places the derive allows them.
    pub fn pattern(
        &self,
        src: &str,
        kind: impl Fn(&str) -> Arity,
        map: impl Fn(&str) -> bool,
        deny_unknown: bool,
    ) -> OwnedPattern {
        let mut segments: Vec<OwnedSegment> = self
            .segments
            .iter()
            .map(|s| match s {
                PathSegment::Static(text) => OwnedSegment::Static(text.clone()),
                PathSegment::Value {
                    prefix,
                    suffix,
                    var,
                    style,
                } => {
                    let name = &src[var.name.clone()];
                    let keyed = var.explode && map(name);
                    OwnedSegment::Value(style_prefix(prefix, *style, name, keyed), suffix.clone())
                }
            })
            .collect();
        let mut tail = Tail::None;
        for var in &self.tail {
            match kind(&src[var.name.clone()]) {
                Arity::One => segments.push(OwnedSegment::Any),
                Arity::Optional => tail = Tail::Optional,
                Arity::List => tail = Tail::Rest,
            }
        }
        let keys = self
            .keys
            .iter()
            .map(|k| (k.key.clone(), kind(&src[k.var.name.clone()]) == Arity::One))
            .collect();
        OwnedPattern {
            segments,
            tail,
            pairs: self.pairs.clone(),
            keys,
            deny_unknown,
        }
    }
}

/// The slices a [`Pattern`] borrows from an [`OwnedPattern`].
#[derive(Debug)]
pub struct Borrowed<'a> {
    segments: Vec<Segment<'a>>,
    pairs: Vec<&'a str>,
    keys: Vec<Key<'a>>,
    tail: Tail,
    deny_unknown: bool,
}

impl OwnedPattern {
    /// Borrows the data; [`Borrowed::pattern`] then gives the pattern.
    pub fn borrow(&self) -> Borrowed<'_> {
        Borrowed {
            segments: self
                .segments
                .iter()
                .map(|s| match s {
                    OwnedSegment::Static(text) => Segment::Static(text),
                    OwnedSegment::Value(prefix, suffix) => Segment::Value { prefix, suffix },
                    OwnedSegment::Any => Segment::Any,
                })
                .collect(),
            pairs: self.pairs.iter().map(String::as_str).collect(),
            keys: self
                .keys
                .iter()
                .map(|(name, required)| Key {
                    name,
                    required: *required,
                })
                .collect(),
            tail: self.tail,
            deny_unknown: self.deny_unknown,
        }
    }
}

impl Borrowed<'_> {
    /// The pattern.
    pub fn pattern(&self) -> Pattern<'_> {
        Pattern {
            segments: &self.segments,
            tail: self.tail,
            pairs: &self.pairs,
            keys: &self.keys,
            deny_unknown: self.deny_unknown,
        }
    }
}

/// The static text a segment starts with before the value of a placeholder of `style` named
/// `name`, after the template's own text `prefix`: the `.` of `{.x}` (RFC 6570 §3.2.5), the
/// `;x` of `{;x}` (§3.2.7; the `=` that follows it is left out, since an empty value writes
/// `;x` alone, and is the runtime's to read). `keyed` for a map in `{;x*}`, whose keys name
/// its items (`;R=100;G=200`): `;` alone.
#[must_use]
pub fn style_prefix(prefix: &str, style: PathStyle, name: &str, keyed: bool) -> String {
    let mut out = String::from(prefix);
    match style {
        PathStyle::Simple => {}
        PathStyle::Label => out.push('.'),
        PathStyle::Matrix => {
            out.push(';');
            if !keyed {
                out.push_str(name);
            }
        }
    }
    out
}
