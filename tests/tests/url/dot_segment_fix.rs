//! The fix the dot-segment error suggests (`the path … resolves to …; write that`) is a URL
//! of its own that means what the user wrote: resolved against a base by the `url` crate
//! (a WHATWG parser, not our code), the fix and the original land on the same URL, and our
//! own parser accepts the fix. Where no spelling without dot segments means the same (a path
//! that would start with `//` and read as a host), no fix is offered.

use proptest::prelude::*;
use urlkit_syntax::path::without_dot_segments;

const BASE: &str = "http://example.com/x/y/z";

/// The URL `reference` resolves to against `BASE`, as the `url` crate reads it.
fn resolve(reference: &str) -> Option<url::Url> {
    url::Url::parse(BASE).ok()?.join(reference).ok()
}

fn check(path: &str, authority: Option<&str>) {
    let prefix = authority.map(|a| format!("http://{a}")).unwrap_or_default();
    let written = format!("{prefix}{path}");
    let Some(fix) = without_dot_segments(path, authority.is_some()) else {
        // Only when every rewrite would start the path with `//` without a host.
        assert!(
            authority.is_none() && path.starts_with('/'),
            "{written}: no fix"
        );
        return;
    };
    let fixed = format!("{prefix}{fix}");
    assert!(
        urlkit::Url::parse(&fixed).is_ok(),
        "{written}: the fix {fixed} is rejected"
    );
    assert_eq!(
        resolve(&fixed),
        resolve(&written),
        "{written}: the fix {fixed} means another URL"
    );
}

#[test]
fn the_examples_of_the_issue() {
    assert_eq!(without_dot_segments("/..//evil.com/x", false), None);
    for (path, authority) in [
        ("/..//evil.com/x", Some("h")),
        ("a/..", None),
        ("a/../b:c", None),
        ("/a/./b/.", None),
        ("../up/./here", None),
    ] {
        check(path, authority);
    }
}

fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["a", "b", "c:d", ".", "..", "%2e", "%2E%2e", ""])
}

fn dot_segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![".", "..", "%2e", "%2E%2e", "%2e."])
}

/// Segments with at least one dot segment among them (only such paths get the error), so
/// the generator builds them instead of rejecting those without.
fn segments() -> impl Strategy<Value = Vec<&'static str>> {
    (
        prop::collection::vec(segment(), 0..4),
        dot_segment(),
        prop::collection::vec(segment(), 0..4),
    )
        .prop_map(|(mut before, dot, after)| {
            before.push(dot);
            before.extend(after);
            before
        })
}

proptest! {
    #[test]
    fn a_fix_means_what_was_written(
        absolute in any::<bool>(),
        with_host in any::<bool>(),
        segments in segments(),
    ) {
        let path = format!("{}{}", if absolute || with_host { "/" } else { "" }, segments.join("/"));
        // A first segment with a `:` would be a scheme, not a path.
        prop_assume!(absolute || with_host || !segments[0].contains(':'));
        // Nor is `//` at the start of a reference without a host: it would be one (an
        // absolute path whose first segment is empty, or a relative one whose first two are).
        prop_assume!(with_host || !path.starts_with("//"));
        check(&path, with_host.then_some("h"));
    }
}
