//! The order in which an enum's routes are tried: the most specific first, whatever the
//! declaration order.
//!
//! Paths are compared segment by segment, from the left; the first segment where two routes
//! differ decides, by what stands there:
//!
//! 1. static text (or the end of a path that has no more segments),
//! 2. a placeholder with text around it, longer text first (`{x}.tar.gz` before `{x}.gz`),
//! 3. a placeholder that is the whole segment (`{x}`),
//! 4. `{/x}` (any segment, even empty),
//! 5. an optional `{/x}` at the end,
//! 6. `{/x*}` (any number of segments).
//!
//! So `/users/me` is tried before `/users/{id}`, and `/files/{name}` before `/files{/path*}`.
//! Routes with the same path are ordered by their query: more static pieces first, then more
//! required parameters, then fewer parameters in all (which matters only when unknown ones
//! are denied). Ties keep the declaration order.
//!
//! Each step puts a route that matches a subset of another's URLs before it, so a more general
//! route never hides a more specific one; [`super::cover`] proves, per enum, that no route is
//! hidden by the ones tried before it.

use alloc::vec::Vec;
use core::cmp::{Ordering, Reverse};

use super::{Pattern, Segment, Tail};

/// What stands at one position of a path, ranked as the module documentation says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Item<'a> {
    /// The path ends here (rank 1, with static text).
    End,
    Static(&'a str),
    Affixed(Reverse<usize>, &'a str, &'a str),
    Whole,
    Any,
    Optional,
    Rest,
}

impl Item<'_> {
    fn rank(self) -> u8 {
        match self {
            Item::End | Item::Static(_) => 0,
            Item::Affixed(..) => 1,
            Item::Whole => 2,
            Item::Any => 3,
            Item::Optional => 4,
            Item::Rest => 5,
        }
    }
}

fn items<'a>(p: &Pattern<'a>) -> impl Iterator<Item = Item<'a>> + 'a {
    let tail = match p.tail {
        Tail::None => Item::End,
        Tail::Optional => Item::Optional,
        Tail::Rest => Item::Rest,
    };
    let segments: &'a [Segment<'a>] = p.segments;
    segments
        .iter()
        .map(|s| match *s {
            Segment::Static(text) => Item::Static(text),
            Segment::Value { prefix, suffix } if prefix.is_empty() && suffix.is_empty() => {
                Item::Whole
            }
            Segment::Value { prefix, suffix } => {
                Item::Affixed(Reverse(prefix.len() + suffix.len()), prefix, suffix)
            }
            Segment::Any => Item::Any,
        })
        .chain(core::iter::once(tail))
}

/// Compares two routes: `Less` if `a` is tried before `b`.
pub fn compare(a: &Pattern<'_>, b: &Pattern<'_>) -> Ordering {
    for (x, y) in items(a).zip(items(b)) {
        let order = x.rank().cmp(&y.rank()).then_with(|| x.cmp(&y));
        if order != Ordering::Equal {
            return order;
        }
        if matches!(x, Item::End | Item::Optional | Item::Rest) {
            break;
        }
    }
    let query = |p: &Pattern<'_>| {
        let required = p.keys.iter().filter(|k| k.required).count();
        (
            Reverse(p.pairs.len()),
            Reverse(required),
            p.keys.len() - required,
        )
    };
    query(a).cmp(&query(b))
}

/// The indices of `patterns` in the order they are tried (a stable sort: ties keep their
/// order).
pub fn order(patterns: &[Pattern<'_>]) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..patterns.len()).collect();
    indices.sort_by(|&a, &b| compare(&patterns[a], &patterns[b]));
    indices
}
