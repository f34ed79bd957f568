//! Dot segments (RFC 3986 §5.2.4), in the spellings the WHATWG URL parser also removes.

use alloc::string::String;
use alloc::vec::Vec;

/// `.`, `..` and their percent-encoded spellings, which the WHATWG parser also removes.
pub fn is_dot_segment(segment: &[u8]) -> bool {
    is_single_dot(segment) || is_double_dot(segment)
}

fn is_dot(part: &[u8]) -> bool {
    part == b"." || part.eq_ignore_ascii_case(b"%2e")
}

fn is_single_dot(segment: &[u8]) -> bool {
    is_dot(segment)
}

fn is_double_dot(segment: &[u8]) -> bool {
    let split = |n: usize| segment.len() > n && is_dot(&segment[..n]) && is_dot(&segment[n..]);
    split(1) || split(3)
}

/// Removes dot segments as RFC 3986 §5.2.4 does, except that a relative path keeps the `..`
/// that climb above its start.
pub fn resolve_dot_segments(path: &str) -> String {
    let absolute = path.starts_with('/');
    let body = if absolute { &path[1..] } else { path };
    let mut out: Vec<&str> = Vec::new();
    let mut segments = body.split('/').peekable();
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        let bytes = segment.as_bytes();
        if is_single_dot(bytes) {
            // `/a/.` is `/a/`
        } else if is_double_dot(bytes) {
            if out.last().is_some_and(|s| *s != "..") {
                out.pop();
            } else if !absolute {
                out.push("..");
            }
        } else {
            out.push(segment);
            continue;
        }
        if last {
            out.push("");
        }
    }
    let mut resolved = String::with_capacity(path.len());
    if absolute {
        resolved.push('/');
    }
    resolved.push_str(&out.join("/"));
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_spellings() {
        for dot in [".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e"] {
            assert!(is_dot_segment(dot.as_bytes()), "{dot}");
        }
        for not in ["", "...", "a.", ".a", "%2e%2e%2e", "%2f", ". "] {
            assert!(!is_dot_segment(not.as_bytes()), "{not}");
        }
    }

    #[test]
    fn resolving() {
        for (path, resolved) in [
            ("/a/../b", "/b"),
            ("/a/./b", "/a/b"),
            ("/a/b/..", "/a/"),
            ("/a/.", "/a/"),
            ("/../a", "/a"),
            ("/./g", "/g"),
            ("/a/%2e%2e/b", "/b"),
            ("a/../b", "b"),
            ("../a/../../b", "../../b"),
            ("a/./b/", "a/b/"),
        ] {
            assert_eq!(resolve_dot_segments(path), resolved, "{path}");
        }
    }
}
