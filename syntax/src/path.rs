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

/// The path written without its dot segments, if some spelling means the same: `None` when
/// the resolved path would start with `//` without an authority (it would read as a host,
/// RFC 3986 §3.3), or when the path has a placeholder that may write several segments
/// (`{+x}`, `{/x}`), whose `..` cannot be resolved before its value is known. A relative-path
/// reference keeps a leading `./` where the rewrite would otherwise be empty (the base
/// itself), start with `/` (an absolute path), or have a `:` in its first segment (a scheme,
/// §4.2).
pub fn without_dot_segments(path: &str, has_authority: bool) -> Option<String> {
    if path.contains("{+") || path.contains("{/") || path.contains("{#") {
        return None;
    }
    let resolved = resolve_dot_segments(path);
    if path.starts_with('/') {
        return (has_authority || !resolved.starts_with("//")).then_some(resolved);
    }
    let first = resolved.split('/').next().unwrap_or_default();
    if resolved.is_empty() || resolved.starts_with('/') || first.contains(':') {
        return Some(alloc::format!("./{resolved}"));
    }
    Some(resolved)
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

    #[test]
    fn rewrites_that_keep_the_meaning() {
        for (path, has_authority, rewrite) in [
            ("/a/../b", false, Some("/b")),
            // Without a host, `//evil.com/x` would be one.
            ("/..//evil.com/x", false, None),
            ("/.//x", false, None),
            // With one, it is a path with an empty first segment.
            ("/..//x", true, Some("//x")),
            ("a/..", false, Some("./")),
            ("a/../b:c", false, Some("./b:c")),
            ("a/../b/c:d", false, Some("b/c:d")),
            ("%2e//%2e/a/..", false, Some(".//")),
            ("/a/{+p}/../b", false, None),
            ("/a{/p*}/../b", false, None),
            ("/users/{id}/../posts", false, Some("/users/posts")),
        ] {
            assert_eq!(
                without_dot_segments(path, has_authority).as_deref(),
                rewrite,
                "{path}"
            );
        }
    }
}
