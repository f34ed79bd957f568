//! The capacity a `Template` learns from its expansions.

use alloc::collections::BTreeMap;
use alloc::string::String;

use super::{LEARNED_SLACK, MAX_LEARNED_CAPACITY, Template};

/// A template reserves the longest expansion it has seen plus the slack that lets a short
/// last value be encoded straight into the URL's room; a huge value does not make every
/// later URL reserve as much.
#[test]
fn learned_capacity_is_the_longest_expansion_and_slack_up_to_a_limit() {
    let t = Template::parse("{?keys*}").unwrap();
    let first = t.capacity();
    let long = "x".repeat(200);
    let url = t
        .expand(&BTreeMap::from([("keys", long.as_str())]))
        .unwrap();
    assert_eq!(t.capacity(), url.as_str().len() + LEARNED_SLACK);
    // Room for the longest encoding of a last value of 15 bytes (3 × 15 + 1, of which
    // the value's own 15 bytes are in the URL's length).
    assert!(t.capacity() > url.as_str().len() + 2 * 15);
    assert!(t.capacity() > first);
    let huge = "y".repeat(2 * MAX_LEARNED_CAPACITY);
    t.expand(&BTreeMap::from([("keys", huge.as_str())]))
        .unwrap();
    assert_eq!(t.capacity(), MAX_LEARNED_CAPACITY);
    let mut out = String::from("GET ");
    t.expand_into(&BTreeMap::from([("keys", "z")]), &mut out)
        .unwrap();
    assert_eq!(out, "GET ?keys=z");
    assert_eq!(t.capacity(), MAX_LEARNED_CAPACITY);
}
