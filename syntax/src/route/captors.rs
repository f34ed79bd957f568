//! Which routes of an enum can take URLs that another route builds: its *captors*.
//!
//! `from_url` gives a URL to the first route that matches it ([`super::order`]), so a value of
//! a route `v` comes back as itself only if no route tried before `v` matches the URL `v`
//! built. With `/users/me` and `/users/{login}`, `login = "me"` builds `/users/me`, which the
//! static route takes; with `/a/{x}.json` tried before `/a/x{y}`, so does `y = "1.json"`. Such
//! enums are legitimate; what `to_url` must then do is refuse those values, naming the route
//! the URL would parse as. The derive asks [`captors`] which routes tried before `v` match
//! some URL `v` matches, and checks `v`'s URLs against the matcher only when there is one:
//! a route no earlier route overlaps pays nothing.
//!
//! Two patterns overlap exactly when, for some path length both admit, every segment
//! position admits a segment both predicates accept, and some query satisfies both: path
//! segments and the query are constrained independently ([`super::cover`]). Whether two
//! segment predicates share a segment is decided from their texts: static texts must be equal;
//! a static text must be a segment the other accepts; two placeholders with text around them
//! share a segment exactly when one's prefix starts the other's and one's suffix ends the
//! other's (the longer prefix, a fresh character and the longer suffix is one).

use alloc::vec::Vec;

use super::cover::Queries;
use super::{Pattern, Segment, static_eq};

/// Combinations of query states tried per pair of routes; past it the two are taken to
/// overlap, which only costs a check that never fails.
const QUERY_BUDGET: usize = 1 << 12;

/// For each pattern (indices as given), the patterns tried before it (`tried` is the order,
/// [`super::order::order`]) that match some URL it matches, in the order they are tried.
pub fn captors(patterns: &[Pattern<'_>], tried: &[usize]) -> Vec<Vec<usize>> {
    let mut out = alloc::vec![Vec::new(); patterns.len()];
    for (n, &v) in tried.iter().enumerate() {
        out[v] = tried[..n]
            .iter()
            .copied()
            .filter(|&u| overlap(&patterns[u], &patterns[v]))
            .collect();
    }
    out
}

/// Whether some URL matches both `a` and `b`.
pub fn overlap(a: &Pattern<'_>, b: &Pattern<'_>) -> bool {
    // Past both fixed lengths every position is `Segment::Any` for whichever admits it, so the
    // lengths up to one more than the longer fixed part decide.
    let longest = a.segments.len().max(b.segments.len()) + 1;
    let path = (0..=longest)
        .any(|n| a.admits(n) && b.admits(n) && (0..n).all(|k| segments_overlap(a.at(k), b.at(k))));
    path && queries_overlap(a, b)
}

/// Whether some segment matches both predicates.
pub fn segments_overlap(a: Segment<'_>, b: Segment<'_>) -> bool {
    match (a, b) {
        (Segment::Any, _) | (_, Segment::Any) => true,
        (Segment::Static(x), Segment::Static(y)) => static_eq(x, y),
        (Segment::Static(text), value @ Segment::Value { .. })
        | (value @ Segment::Value { .. }, Segment::Static(text)) => value.matches(text),
        (
            Segment::Value {
                prefix: p1,
                suffix: s1,
            },
            Segment::Value {
                prefix: p2,
                suffix: s2,
            },
        ) => starts_alike(p1, p2) && ends_alike(s1, s2),
    }
}

/// Whether one text starts the other (static text: triplet hex in either case).
fn starts_alike(x: &str, y: &str) -> bool {
    let n = x.len().min(y.len());
    match (x.get(..n), y.get(..n)) {
        (Some(x), Some(y)) => static_eq(x, y),
        _ => false,
    }
}

/// Whether one text ends the other.
fn ends_alike(x: &str, y: &str) -> bool {
    let n = x.len().min(y.len());
    match (x.get(x.len() - n..), y.get(y.len() - n..)) {
        (Some(x), Some(y)) => static_eq(x, y),
        _ => false,
    }
}

/// Whether some query satisfies both patterns.
fn queries_overlap(a: &Pattern<'_>, b: &Pattern<'_>) -> bool {
    let mut budget = QUERY_BUDGET;
    for query in Queries::new(&[a, b]) {
        if budget == 0 {
            return true;
        }
        budget -= 1;
        if a.check_query(Some(&query)).is_ok() && b.check_query(Some(&query)).is_ok() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{captors, overlap};
    use crate::route::order;
    use crate::route::owned::OwnedPattern;
    use crate::route::tests::pattern;
    use crate::route::{Pattern, segments};

    fn both(a: (&str, &[&str], &[&str]), b: (&str, &[&str], &[&str])) -> bool {
        let (a, b) = (pattern(a.0, a.1, a.2), pattern(b.0, b.1, b.2));
        let (a, b) = (a.borrow(), b.borrow());
        let x = overlap(&a.pattern(), &b.pattern());
        assert_eq!(x, overlap(&b.pattern(), &a.pattern()), "symmetric");
        x
    }

    #[test]
    fn routes_that_share_a_url() {
        let none: &[&str] = &[];
        for (a, b, expected) in [
            // The examples.
            ("/users/me", "/users/{login}", true),
            ("/a/{x}.json", "/a/x{y}", true),
            // Texts that rule each other out.
            ("/users/me", "/users/{login}.png", false),
            ("/a/{x}.json", "/a/{y}.png", false),
            ("/a/x{y}", "/a/z{y}", false),
            ("/a/x{y}", "/a/xy{z}.txt", true),
            ("/users/me", "/users", false),
            ("/users/{id}", "/users/{id}/keys", false),
            ("/users/{id}", "/users/", false),
            ("/files/", "/files/{name}", false),
            ("/users/%C3%A9", "/users/{x}%A9", true),
            // Queries: static pieces and required keys.
            ("/s?format=json", "/s?format=csv", false),
            ("/s?format=json", "/s{?format}", true),
            ("/s?format=json", "/s?format={f}", true),
            // Keys are compared decoded.
            ("/s?format=json", "/s?fo%72mat=csv", false),
            ("/s?fo%72mat=json", "/s{?format}", true),
            ("/s?a+b=1", "/s?a%20b={x}", true),
            // A bare `flag` is `flag` with an empty value.
            ("/s?flag", "/s?flag={f}", true),
            ("/s?flag", "/s?other={f}", true),
            ("/s?a=1", "/s?b=2", true),
            ("/s?q={q}&sort=indexed", "/s?q={q}", true),
        ] {
            assert_eq!(both((a, none, none), (b, none, none)), expected, "{a} {b}");
        }
        // Tails: an optional segment, any number of them.
        let opt: &[&str] = &["p"];
        let list: &[&str] = &["p"];
        assert!(both(
            ("/files{/p}", opt, none),
            ("/files/{name}", none, none)
        ));
        assert!(both(("/files{/p}", opt, none), ("/files", none, none)));
        assert!(!both(("/files{/p}", opt, none), ("/files/a/b", none, none)));
        assert!(both(
            ("/files{/p*}", none, list),
            ("/files/a/b", none, none)
        ));
        assert!(!both(("/files{/p*}", none, list), ("/other", none, none)));
        assert!(both(("/files{/p}", none, none), ("/files/", none, none)));
        // Denied unknown parameters: a key one names is unknown to the other.
        let denying = |src: &str, options: &[&str]| {
            let mut owned = pattern(src, options, &[]);
            owned.deny_unknown = true;
            owned
        };
        let optional = denying("/s{?q}", &["q"]);
        let required = denying("/s?q={q}", &[]);
        let other = denying("/s?r={r}", &[]);
        let (optional, required, other) = (optional.borrow(), required.borrow(), other.borrow());
        assert!(overlap(&optional.pattern(), &required.pattern()));
        assert!(!overlap(&required.pattern(), &other.pattern()));
    }

    #[test]
    fn captors_are_the_overlapping_routes_tried_before() {
        let owned: Vec<OwnedPattern> = [
            "/users/{login}",
            "/users/me",
            "/users/{login}/keys",
            "/a/x{y}",
            "/a/{x}.json",
        ]
        .iter()
        .map(|src| pattern(src, &[], &[]))
        .collect();
        let borrowed: Vec<_> = owned.iter().map(OwnedPattern::borrow).collect();
        let patterns: Vec<Pattern<'_>> = borrowed.iter().map(|b| b.pattern()).collect();
        let tried = order::order(&patterns);
        let found = captors(&patterns, &tried);
        assert_eq!(
            found,
            [
                alloc::vec![1],
                alloc::vec![],
                alloc::vec![],
                alloc::vec![4],
                alloc::vec![]
            ]
        );
    }

    /// Segments made of these tokens (and the empty one) stand for every way the predicates
    /// of the patterns below can tell segments apart, so a brute-force search over them is an
    /// oracle for `overlap` that shares none of its reasoning.
    const TOKENS: [&str; 10] = [
        "a", "x", ".json", "z", "x.json", "%41", ";v", ";vw", "=", ".",
    ];

    /// Segment texts of up to three tokens.
    fn texts() -> Vec<String> {
        let mut out = alloc::vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = out
                .iter()
                .flat_map(|t| TOKENS.iter().map(move |k| alloc::format!("{t}{k}")))
                .collect();
            out.extend(longer);
        }
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn overlap_agrees_with_a_search_of_paths() {
        let segments_of = [
            "a",
            "x",
            "{v}",
            "x{v}",
            "{v}.json",
            "x{v}.json",
            "%41",
            "{.v}",
            "{;v}",
            "{;vw}",
            "x{;v}.json",
        ];
        let mut templates: Vec<String> = Vec::new();
        for first in segments_of {
            templates.push(alloc::format!("/{first}"));
            templates.push(alloc::format!("/{first}{{/t}}"));
            for second in ["a", "{w}", "x{w}"] {
                templates.push(alloc::format!("/{first}/{second}"));
            }
        }
        let texts = texts();
        let mut paths: Vec<String> = texts.iter().map(|t| alloc::format!("/{t}")).collect();
        for t in &texts {
            for u in ["", "a", "x.json", "z"] {
                paths.push(alloc::format!("/{t}/{u}"));
                paths.push(alloc::format!("/{u}/{t}"));
            }
        }
        let owned: Vec<OwnedPattern> = templates.iter().map(|t| pattern(t, &[], &[])).collect();
        let borrowed: Vec<_> = owned.iter().map(OwnedPattern::borrow).collect();
        let patterns: Vec<Pattern<'_>> = borrowed.iter().map(|b| b.pattern()).collect();
        let matching: Vec<Vec<bool>> = patterns
            .iter()
            .map(|p| {
                paths
                    .iter()
                    .map(|path| p.matches_path(&segments(path).collect::<Vec<_>>()))
                    .collect()
            })
            .collect();
        let (mut shared, mut apart) = (0, 0);
        for (i, a) in patterns.iter().enumerate() {
            for (j, b) in patterns.iter().enumerate() {
                let searched = matching[i].iter().zip(&matching[j]).any(|(x, y)| *x && *y);
                assert_eq!(
                    overlap(a, b),
                    searched,
                    "{} and {}",
                    templates[i],
                    templates[j]
                );
                if searched {
                    shared += 1;
                } else {
                    apart += 1;
                }
            }
        }
        assert!(shared > 100 && apart > 100, "{shared} {apart}");
    }
}
