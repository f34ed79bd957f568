//! Proof that every route of an enum matches some URL that no route tried before it takes:
//! otherwise the route is dead code, and almost always a mistake in a template.
//!
//! A route `v` is *shadowed* when every URL it matches is matched by a route tried before it
//! ([`super::order`]); two routes are *identical* when they match exactly the same URLs (one
//! of them is then shadowed by the other). Both are decided exactly, by evaluating the
//! patterns' own predicates on finitely many witness URLs:
//!
//! - Patterns constrain each path segment independently, so a path of `n` segments is a point
//!   in a product, and it suffices to try, at each position, one segment from every class of
//!   segments the predicates there cannot tell apart. Those classes are represented by: the
//!   empty segment; a character no predicate mentions; every static text; and, for every
//!   prefix `p` and suffix `s` the predicates mention (or none), `p` + fresh + `s` and every
//!   overlap of `p` and `s`. (A segment is either a static text, or longer than its longest
//!   matching prefix and suffix together, when `p` + fresh + `s` behaves the same, or an
//!   overlap of the two.)
//! - Path lengths beyond every fixed length behave alike, so one such length is tried.
//! - A query matters, for each key the patterns name (keys are compared decoded, so
//!   `fo%72mat` and `format` are one key, tried in one of its spellings), through whether it
//!   is absent, present once as one of its static pieces, present once with another value, or
//!   present more than once (which no static piece allows and every parameter takes); and
//!   whether an unnamed key is present. One query per combination is tried.
//!
//! The search splits the candidate routes by which of them accept each witness and stops at
//! the first URL that only `v` takes, so typical enums cost a few hundred predicate calls.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Pattern, Segment, Tail, key_eq, pair_eq, piece_key};

/// What is wrong with a route, found by [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The route matches exactly the URLs of this earlier route (an index into the
    /// patterns as given).
    Identical(usize),
    /// Every URL the route matches goes to one of these earlier routes.
    Shadowed(Vec<usize>),
}

/// Combinations of query states tried at most per route; past it the route is assumed live
/// (no false error), which takes fourteen query keys or more.
const QUERY_BUDGET: usize = 1 << 14;

/// Checks each route against the routes tried before it; `tried` lists indices into
/// `patterns` in the order they are tried ([`super::order::order`]). Returns the findings
/// with the index of the route they are about.
pub fn check(patterns: &[Pattern<'_>], tried: &[usize]) -> Vec<(usize, Finding)> {
    let mut findings = Vec::new();
    for (n, &v) in tried.iter().enumerate() {
        let earlier = &tried[..n];
        let (claimers, spent) = search(patterns, v, earlier);
        // A route identical to an earlier one is covered by the earlier routes together, so
        // the earlier routes are tried one by one only when they cover `v`, or when the
        // search ran out of its query budget and so proved nothing: a route the routes before
        // it leave live (every route of a correct enum) costs one search, not one per route
        // before it.
        if claimers.is_none() && !spent {
            continue;
        }
        let identical = earlier.iter().copied().find(|&u| {
            covered(patterns, v, &[u]).is_some() && covered(patterns, u, &[v]).is_some()
        });
        if let Some(u) = identical {
            findings.push((v, Finding::Identical(u)));
        } else if let Some(claimers) = claimers {
            findings.push((v, Finding::Shadowed(claimers)));
        }
    }
    findings
}

/// If every URL `patterns[v]` matches is matched by one of `candidates`, those of them that
/// take some (sorted); `None` if some URL is matched by `v` alone.
pub fn covered(patterns: &[Pattern<'_>], v: usize, candidates: &[usize]) -> Option<Vec<usize>> {
    search(patterns, v, candidates).0
}

/// [`covered`], and whether the search used up its query budget (then `None` proves
/// nothing: past the budget a query is assumed to be one only `v` takes).
fn search(patterns: &[Pattern<'_>], v: usize, candidates: &[usize]) -> (Option<Vec<usize>>, bool) {
    let p = &patterns[v];
    // Past every fixed length (and one optional segment), all lengths behave alike.
    let beyond = candidates
        .iter()
        .chain(core::iter::once(&v))
        .map(|&u| patterns[u].segments.len() + 2)
        .max()
        .unwrap_or(0);
    let fixed = p.segments.len();
    let lengths = match p.tail {
        Tail::None => fixed..=fixed,
        Tail::Optional => fixed..=fixed + 1,
        Tail::Rest => fixed..=beyond,
    };
    let mut search = Search {
        patterns,
        v,
        claimers: Vec::new(),
        budget: QUERY_BUDGET,
    };
    for n in lengths {
        let alive: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&u| patterns[u].admits(n))
            .collect();
        if !search.path(n, 0, &alive) {
            return (None, search.budget == 0);
        }
    }
    let spent = search.budget == 0;
    let mut claimers = search.claimers;
    claimers.sort_unstable();
    claimers.dedup();
    (Some(claimers), spent)
}

struct Search<'p, 'a> {
    patterns: &'p [Pattern<'a>],
    v: usize,
    claimers: Vec<usize>,
    budget: usize,
}

impl Search<'_, '_> {
    /// Whether every path of `n` segments that `v` matches, from position `k` on, is matched
    /// by one of `alive` (which match the segments before `k`), query included.
    fn path(&mut self, n: usize, k: usize, alive: &[usize]) -> bool {
        if alive.is_empty() {
            return false;
        }
        if k == n {
            return self.query(alive);
        }
        let mine = self.patterns[self.v].at(k);
        let mut seen: Vec<Vec<usize>> = Vec::new();
        for witness in
            witnesses(core::iter::once(mine).chain(alive.iter().map(|&u| self.patterns[u].at(k))))
        {
            if !mine.matches(&witness) {
                continue;
            }
            let next: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&u| self.patterns[u].at(k).matches(&witness))
                .collect();
            if seen.contains(&next) {
                continue;
            }
            if !self.path(n, k + 1, &next) {
                return false;
            }
            seen.push(next);
        }
        true
    }

    /// Whether every query `v` accepts is accepted by one of `alive`.
    fn query(&mut self, alive: &[usize]) -> bool {
        let involved: Vec<&Pattern<'_>> = core::iter::once(self.v)
            .chain(alive.iter().copied())
            .map(|u| &self.patterns[u])
            .collect();
        for query in Queries::new(&involved) {
            if self.budget == 0 {
                return false; // assume a URL only `v` takes: never a false error
            }
            self.budget -= 1;
            if self.patterns[self.v].check_query(Some(&query)).is_ok() {
                let claimer = alive
                    .iter()
                    .copied()
                    .find(|&u| self.patterns[u].check_query(Some(&query)).is_ok());
                match claimer {
                    Some(u) => self.claimers.push(u),
                    None => return false,
                }
            }
        }
        true
    }
}

/// One query per combination of the classes [`query_dimensions`] gives: together they
/// represent every query, as far as the patterns' query predicates can tell.
pub(super) struct Queries {
    dimensions: Vec<Vec<Vec<String>>>,
    /// The class of each dimension in the next query; `None` when all were given.
    choice: Option<Vec<usize>>,
}

impl Queries {
    pub(super) fn new(patterns: &[&Pattern<'_>]) -> Self {
        let dimensions = query_dimensions(patterns);
        let choice = Some(alloc::vec![0; dimensions.len()]);
        Queries { dimensions, choice }
    }
}

impl Iterator for Queries {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let choice = self.choice.as_mut()?;
        let mut query = String::new();
        for (d, &c) in self.dimensions.iter().zip(choice.iter()) {
            for piece in &d[c] {
                if !query.is_empty() {
                    query.push('&');
                }
                query.push_str(piece);
            }
        }
        // The next combination, like an odometer.
        let mut d = 0;
        loop {
            let Some(digit) = choice.get_mut(d) else {
                self.choice = None;
                break;
            };
            *digit += 1;
            if *digit < self.dimensions[d].len() {
                break;
            }
            *digit = 0;
            d += 1;
        }
        Some(query)
    }
}

/// For each query key the patterns name (and one they do not), the sets of pieces to try,
/// one per class the predicates tell apart: none; each static piece with the key alone; a
/// fresh value alone; and two pieces (every count above one behaves alike: a static piece
/// needs its key exactly once, a parameter only present).
fn query_dimensions(patterns: &[&Pattern<'_>]) -> Vec<Vec<Vec<String>>> {
    let mut keys: Vec<&str> = Vec::new();
    let mut statics: Vec<&str> = Vec::new();
    for p in patterns {
        for pair in p.pairs {
            statics.push(pair);
            let key = piece_key(pair);
            if !keys.iter().any(|k| key_eq(k, key)) {
                keys.push(key);
            }
        }
        for key in p.keys {
            if !keys.iter().any(|k| key_eq(k, key.name)) {
                keys.push(key.name);
            }
        }
    }
    let deny = patterns.iter().any(|p| p.deny_unknown);
    let mut dimensions = Vec::new();
    for key in &keys {
        let mut options: Vec<String> = statics
            .iter()
            .filter(|s| key_eq(key, piece_key(s)))
            .map(|s| String::from(*s))
            .collect();
        options.sort_unstable();
        options.dedup();
        options.push(fresh_piece(key, &statics));
        let mut classes: Vec<Vec<String>> = alloc::vec![Vec::new()];
        classes.extend(options.iter().map(|o| alloc::vec![o.clone()]));
        if let [first, second, ..] = &options[..] {
            classes.push(alloc::vec![first.clone(), second.clone()]);
        }
        dimensions.push(classes);
    }
    if deny {
        let mut unknown = String::from("k");
        while keys.iter().any(|k| key_eq(k, &unknown)) {
            unknown.push('k');
        }
        unknown.push_str("=v");
        dimensions.push(alloc::vec![Vec::new(), alloc::vec![unknown]]);
    }
    dimensions
}

/// `key=` and a value no static piece has.
fn fresh_piece(key: &str, statics: &[&str]) -> String {
    let mut piece = String::from(key);
    piece.push_str("=v");
    while statics.iter().any(|s| pair_eq(s, &piece)) {
        piece.push('v');
    }
    piece
}

/// Segments that represent every class of segments the predicates tell apart (see the
/// module documentation).
fn witnesses<'a>(predicates: impl Iterator<Item = Segment<'a>>) -> Vec<String> {
    let mut statics: Vec<&str> = Vec::new();
    let mut prefixes: Vec<&str> = alloc::vec![""];
    let mut suffixes: Vec<&str> = alloc::vec![""];
    for predicate in predicates {
        match predicate {
            Segment::Static(text) => statics.push(text),
            Segment::Value { prefix, suffix } => {
                prefixes.push(prefix);
                suffixes.push(suffix);
            }
            Segment::Any => {}
        }
    }
    let mentioned = |c: char| {
        statics
            .iter()
            .chain(&prefixes)
            .chain(&suffixes)
            .any(|t| t.contains(c))
    };
    // An unreserved character none of the texts holds; a text with all of them is absurd,
    // but then a triplet none holds will do.
    let fresh: String = "~_-.0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        .chars()
        .find(|&c| !mentioned(c))
        .map_or_else(|| String::from("%00"), String::from);
    let mut out: Vec<String> = Vec::new();
    out.push(String::new());
    out.push(fresh.clone());
    out.extend(statics.iter().map(|s| String::from(*s)));
    for p in &prefixes {
        for s in &suffixes {
            let mut around = String::from(*p);
            around.push_str(&fresh);
            around.push_str(s);
            out.push(around);
            for overlap in 0..=p.len().min(s.len()) {
                if p.is_char_boundary(p.len() - overlap)
                    && s.is_char_boundary(overlap)
                    && p[p.len() - overlap..] == s[..overlap]
                {
                    let mut merged = String::from(*p);
                    merged.push_str(&s[overlap..]);
                    out.push(merged);
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
