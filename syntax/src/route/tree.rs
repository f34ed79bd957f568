//! The routes of an enum as a decision tree over the path, which the derive writes out as
//! `from_url`'s matcher: one `match` on a segment's bytes per position where routes have
//! static text, instead of trying the routes one by one.
//!
//! Matching takes the first route, in the order they are tried ([`super::order`]), whose path
//! and query match. The order ranks routes by what stands at each position, from the left,
//! so the routes that agree on positions `0..k` are next to each other and, among them, the
//! ones that agree at `k` too. A [`Node`] holds the routes that agree on `0..k`, split by what
//! stands at `k`, in the order they are tried: trying the groups in that order, and within a
//! group its node for `k + 1`, visits the routes in the order they are tried, skipping every
//! route of a group whose predicate fails at `k` (static texts are compared once per segment,
//! since at most one matches). The result is the same route, and the same first route whose
//! query failed, as trying the routes one by one; [`Node::find`] is that walk, which the tests
//! compare with the one-by-one search.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::{Pattern, QueryMismatch, Segment, Tail};

/// The routes that agree on the path's positions before this one, by what stands here. Each
/// route is an index into the patterns in the order they are tried.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node<'a> {
    /// Routes whose path ends before this position (`Tail::None`), by their query.
    pub end: Vec<usize>,
    /// Static text here: at most one matches a segment.
    pub statics: Vec<(&'a str, Node<'a>)>,
    /// A placeholder with text around it: prefix, suffix, in the order they are tried.
    pub affixed: Vec<(&'a str, &'a str, Node<'a>)>,
    /// A placeholder that is the whole (non-empty) segment.
    pub whole: Option<Box<Node<'a>>>,
    /// `{/x}`: any segment.
    pub any: Option<Box<Node<'a>>>,
    /// Routes whose path may end here or have one more segment (an optional `{/x}`).
    pub optional: Vec<usize>,
    /// Routes whose path may end here or go on (`{/x*}`).
    pub rest: Vec<usize>,
}

impl<'a> Node<'a> {
    /// The tree of `tried`, patterns in the order they are tried.
    pub fn build(tried: &[Pattern<'a>]) -> Node<'a> {
        let all: Vec<usize> = (0..tried.len()).collect();
        Node::of(tried, &all, 0)
    }

    fn of(tried: &[Pattern<'a>], routes: &[usize], k: usize) -> Node<'a> {
        let mut node = Node::default();
        // Each group's routes, keeping their order.
        let mut statics: Vec<(&'a str, Vec<usize>)> = Vec::new();
        let mut affixed: Vec<(&'a str, &'a str, Vec<usize>)> = Vec::new();
        let (mut whole, mut any) = (Vec::new(), Vec::new());
        for &r in routes {
            let p = &tried[r];
            let Some(segment) = p.segments.get(k) else {
                match p.tail {
                    Tail::None => node.end.push(r),
                    Tail::Optional => node.optional.push(r),
                    Tail::Rest => node.rest.push(r),
                }
                continue;
            };
            match *segment {
                Segment::Static(text) => match statics.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, group)) => group.push(r),
                    None => statics.push((text, alloc::vec![r])),
                },
                Segment::Value { prefix, suffix } if prefix.is_empty() && suffix.is_empty() => {
                    whole.push(r);
                }
                Segment::Value { prefix, suffix } => {
                    match affixed
                        .iter_mut()
                        .find(|(p, s, _)| *p == prefix && *s == suffix)
                    {
                        Some((_, _, group)) => group.push(r),
                        None => affixed.push((prefix, suffix, alloc::vec![r])),
                    }
                }
                Segment::Any => any.push(r),
            }
        }
        let child = |group: &[usize]| Node::of(tried, group, k + 1);
        node.statics = statics.iter().map(|(t, g)| (*t, child(g))).collect();
        node.affixed = affixed.iter().map(|(p, s, g)| (*p, *s, child(g))).collect();
        node.whole = (!whole.is_empty()).then(|| Box::new(child(&whole)));
        node.any = (!any.is_empty()).then(|| Box::new(child(&any)));
        node
    }

    /// The routes of the tree in the order a walk visits them: the order they are tried, if
    /// the tree is sound (which the tests check).
    pub fn routes(&self) -> Vec<usize> {
        let mut out = self.end.clone();
        for (_, n) in &self.statics {
            out.extend(n.routes());
        }
        for (_, _, n) in &self.affixed {
            out.extend(n.routes());
        }
        for n in self.whole.iter().chain(&self.any) {
            out.extend(n.routes());
        }
        out.extend(&self.optional);
        out.extend(&self.rest);
        out
    }

    /// The first route (of `tried`) whose path and query match the raw `segments` and
    /// `query`; else the first route whose path matched, with why its query did not (the
    /// runtime's error prefers one whose static pieces are there, as it does).
    pub fn find<'i>(
        &self,
        tried: &[Pattern<'_>],
        segments: &[&str],
        query: Option<&'i str>,
    ) -> Result<usize, Option<(usize, QueryMismatch<'i>)>> {
        let mut miss = None;
        match self.walk(tried, segments, 0, query, &mut miss) {
            Some(r) => Ok(r),
            None => Err(miss),
        }
    }

    fn walk<'i>(
        &self,
        tried: &[Pattern<'_>],
        segments: &[&str],
        k: usize,
        query: Option<&'i str>,
        miss: &mut Option<(usize, QueryMismatch<'i>)>,
    ) -> Option<usize> {
        let leaf = |routes: &[usize], miss: &mut Option<(usize, QueryMismatch<'i>)>| {
            routes.iter().copied().find(|&r| {
                let result = tried[r].check_query(query);
                if let Err(mismatch) = result {
                    note(miss, r, mismatch);
                }
                result.is_ok()
            })
        };
        let n = segments.len();
        if n == k
            && let Some(r) = leaf(&self.end, miss)
        {
            return Some(r);
        }
        if let Some(&segment) = segments.get(k) {
            let statics = self
                .statics
                .iter()
                .filter(|(t, _)| Segment::Static(t).matches(segment));
            let affixed = self
                .affixed
                .iter()
                .filter(|(p, s, _)| {
                    Segment::Value {
                        prefix: p,
                        suffix: s,
                    }
                    .matches(segment)
                })
                .map(|(_, _, node)| node);
            let whole = self.whole.as_deref().filter(|_| !segment.is_empty());
            let children = statics
                .map(|(_, node)| node)
                .chain(affixed)
                .chain(whole)
                .chain(self.any.as_deref());
            for child in children {
                if let Some(r) = child.walk(tried, segments, k + 1, query, miss) {
                    return Some(r);
                }
            }
        }
        if (n == k || n == k + 1)
            && let Some(r) = leaf(&self.optional, miss)
        {
            return Some(r);
        }
        if n >= k {
            return leaf(&self.rest, miss);
        }
        None
    }
}

/// Keeps the mismatch an error would be about ([`QueryMismatch::replaces`]).
fn note<'i>(miss: &mut Option<(usize, QueryMismatch<'i>)>, route: usize, m: QueryMismatch<'i>) {
    if m.replaces(miss.as_ref().map(|(_, earlier)| earlier)) {
        *miss = Some((route, m));
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{Node, note};
    use crate::route::owned::OwnedPattern;
    use crate::route::tests::pattern;
    use crate::route::{Pattern, QueryMismatch, order, segments};

    /// The one-by-one search the tree replaces.
    fn one_by_one<'i>(
        tried: &[Pattern<'_>],
        path: &[&str],
        query: Option<&'i str>,
    ) -> Result<usize, Option<(usize, QueryMismatch<'i>)>> {
        let mut miss = None;
        for (r, p) in tried.iter().enumerate() {
            if !p.matches_path(path) {
                continue;
            }
            match p.check_query(query) {
                Ok(()) => return Ok(r),
                Err(m) => note(&mut miss, r, m),
            }
        }
        Err(miss)
    }

    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) as usize % n
        }

        fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
            from[self.below(from.len())]
        }
    }

    const SEGMENTS: [&str; 10] = [
        "a", "b", "", "{v}", "x{v}", "{v}.j", "%41", "{.v}", "{;v}", "x{;v}.j",
    ];
    const TAILS: [&str; 4] = ["", "{/t}", "{/o}", "{/l*}"];
    const QUERIES: [&str; 6] = ["", "?f=1", "?f=2", "{?q}", "?q={r}", "?f=1{&q}"];
    const PATH_SEGMENTS: [&str; 16] = [
        "a", "b", "", "x", "x.j", "xa.j", "%41", "%61", "c", ".", ".a", ";v0", ";v0=1", ";v1=",
        ";v0x=1", "x;v1.j",
    ];
    // Keys in other spellings too (`%66` is `f`, `%71` is `q`, `%46` is `F`, another key):
    // the tree compares them as the one-by-one search does, decoded.
    const PIECES: [&str; 12] = [
        "f=1", "f=2", "q=1", "q", "z=1", "", "r=", "f", "%66=1", "%71", "%46=1", "%72=",
    ];

    /// A random template, with its variables numbered apart.
    fn template(rng: &mut Rng) -> (String, Vec<String>, Vec<String>) {
        let mut src = String::new();
        let (mut options, mut lists) = (Vec::new(), Vec::new());
        for i in 0..=rng.below(3) {
            // Not `//` at the start: that is an authority.
            let segment = match rng.pick(&SEGMENTS) {
                "" if i == 0 => "a",
                segment => segment,
            };
            let segment = (segment.replace("{v}", &format!("{{v{i}}}")))
                .replace("{;v}", &format!("{{;v{i}}}"))
                .replace("{.v}", &format!("{{.v{i}}}"));
            src.push('/');
            src.push_str(&segment);
        }
        let tail = rng.pick(&TAILS);
        // `{/x}` after a `/` makes `//`, which routes refuse.
        if !src.ends_with('/') {
            match tail {
                "{/o}" => options.push(String::from("o")),
                "{/l*}" => lists.push(String::from("l")),
                _ => {}
            }
            src.push_str(tail);
        }
        let query = rng.pick(&QUERIES);
        if query == "{?q}" || query == "?f=1{&q}" {
            options.push(String::from("q"));
        }
        src.push_str(query);
        (src, options, lists)
    }

    #[test]
    fn the_tree_finds_what_trying_one_by_one_finds() {
        let mut rng = Rng(7);
        let (mut matched, mut missed) = (0, 0);
        for _ in 0..300 {
            let mut owned: Vec<OwnedPattern> = Vec::new();
            let deny = rng.below(4) == 0;
            for _ in 0..2 + rng.below(8) {
                let (src, options, lists) = template(&mut rng);
                let options: Vec<&str> = options.iter().map(String::as_str).collect();
                let lists: Vec<&str> = lists.iter().map(String::as_str).collect();
                let mut p = pattern(&src, &options, &lists);
                p.deny_unknown = deny;
                owned.push(p);
            }
            let borrowed: Vec<_> = owned.iter().map(OwnedPattern::borrow).collect();
            let patterns: Vec<Pattern<'_>> = borrowed.iter().map(|b| b.pattern()).collect();
            let tried: Vec<Pattern<'_>> = order::order(&patterns)
                .into_iter()
                .map(|i| patterns[i])
                .collect();
            let tree = Node::build(&tried);
            let all: Vec<usize> = (0..tried.len()).collect();
            assert_eq!(tree.routes(), all, "the walk visits the routes in order");
            for _ in 0..300 {
                let mut path = String::new();
                for _ in 0..=rng.below(4) {
                    path.push('/');
                    path.push_str(rng.pick(&PATH_SEGMENTS));
                }
                let pieces: Vec<&str> = (0..rng.below(4)).map(|_| rng.pick(&PIECES)).collect();
                let query = pieces.join("&");
                let query = (rng.below(5) != 0).then_some(query.as_str());
                let segs: Vec<&str> = segments(&path).collect();
                let expected = one_by_one(&tried, &segs, query);
                assert_eq!(
                    tree.find(&tried, &segs, query),
                    expected,
                    "{path} {query:?}"
                );
                match expected {
                    Ok(_) => matched += 1,
                    Err(Some(_)) => missed += 1,
                    Err(None) => {}
                }
            }
        }
        assert!(matched > 5000 && missed > 1000, "{matched} {missed}");
    }
}
