//! Dot segments (RFC 3986 §5.2.4), in the spellings the WHATWG URL parser also removes.
//!
//! Two removals: [`resolve_dot_segments`] for the fix an error message suggests (a relative
//! path keeps the `..` that climb above its start), and [`remove_dot_segments_into`] for
//! reference resolution, which is §5.2.4 to the letter.

use alloc::string::String;
use alloc::vec::Vec;

/// `.`, `..` and their percent-encoded spellings, which the WHATWG parser also removes.
///
/// In line as far as the test that rules out nearly every segment: a dot segment is at most
/// six bytes (`%2E%2E`) and starts with `.` or `%`. The run-time writers call this for each
/// value that fills a segment; the spellings are compared out of line.
#[inline]
pub fn is_dot_segment(segment: &[u8]) -> bool {
    segment.len() <= 6 && matches!(segment.first(), Some(b'.' | b'%')) && is_dot_spelling(segment)
}

/// [`is_dot_segment`] past its first test.
fn is_dot_spelling(segment: &[u8]) -> bool {
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

/// RFC 3986 §5.2.4 `remove_dot_segments`, appending its output to `out`: the input buffer is
/// `"/" + rest` when `rooted`, else `rest`, and `out[start..]` is the output buffer, which may
/// already hold the output for input read before (§5.2.3's merged path: the base path up to
/// its last `/`, which must be free of dot segments, then `rooted` and the reference's path).
///
/// A `..` removes the last segment of the output buffer and its `/`, so above the root it
/// removes nothing (§5.4.2: `/../g` is `/g`), and a relative input loses its leading `./` and
/// `../` (rule A). The percent-encoded spellings [`is_dot_segment`] knows count as dot
/// segments: `%2E` is `.` (§6.2.2.2), and WHATWG parsers remove them too.
///
/// ```
/// use urlkit_syntax::path::remove_dot_segments_into;
///
/// // `http://a/b/c/d;p?q` and `../g` (RFC 3986 §5.4.1): the merged path is `/b/c/../g`.
/// let mut out = String::from("http://a/b/c");
/// remove_dot_segments_into(&mut out, 8, true, "../g");
/// assert_eq!(out, "http://a/b/g");
/// ```
pub fn remove_dot_segments_into(out: &mut String, start: usize, rooted: bool, rest: &str) {
    let bytes = rest.as_bytes();
    let segment_end = |from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(bytes.len(), |i| from + i)
    };
    let mut pos = 0;
    if !rooted {
        // Rules A and D drop leading dot segments; rule E then moves the first other segment,
        // after which the input starts with `/`.
        loop {
            let end = segment_end(pos);
            let dot = is_dot_segment(&bytes[pos..end]);
            if !dot {
                out.push_str(&rest[pos..end]);
            }
            if end == bytes.len() {
                return;
            }
            pos = end + 1;
            if !dot {
                break;
            }
        }
    }
    // The input is now `"/" + rest[pos..]`: rules B, C and E, one `/segment` at a time. Runs of
    // segments that rule E moves are copied at once, from `run` to the segment before a dot.
    let mut run = None;
    loop {
        let end = segment_end(pos);
        let segment = &bytes[pos..end];
        let last = end == bytes.len();
        if is_dot_segment(segment) {
            if let Some(run) = run.take() {
                out.push('/');
                out.push_str(&rest[run..pos - 1]);
            }
            if is_double_dot(segment) {
                let cut = out[start..].rfind('/').map_or(start, |i| start + i);
                out.truncate(cut);
            }
            if last {
                // A final `/.` or `/..` leaves `/` in the input, which rule E then moves.
                out.push('/');
                return;
            }
        } else if run.is_none() {
            run = Some(pos);
        }
        if last {
            if let Some(run) = run {
                out.push('/');
                out.push_str(&rest[run..]);
            }
            return;
        }
        pos = end + 1;
    }
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
    fn removing_as_the_rfc_does() {
        // Inputs of RFC 3986 §5.2.4 and §5.4, and the rootless inputs where rule C meets the
        // output's first segment (`a/../b` is `/b`).
        for (path, removed) in [
            ("/a/b/c/./../../g", "/a/g"),
            ("mid/content=5/../6", "mid/6"),
            ("/../g", "/g"),
            ("/./g", "/g"),
            ("/a/.", "/a/"),
            ("/a/..", "/"),
            ("/..", "/"),
            ("/", "/"),
            ("", ""),
            (".", ""),
            ("..", ""),
            ("./", ""),
            ("../../a/b", "a/b"),
            (".//a", "/a"),
            ("a/../b", "/b"),
            ("a/..", "/"),
            ("a/b/../c", "a/c"),
            ("/a/%2E%2e/b/%2e", "/b/"),
            ("/a/.b/..c/...", "/a/.b/..c/..."),
            ("/a//../b", "/a/b"),
        ] {
            let mut out = String::from("x:");
            let (rooted, rest) = match path.strip_prefix('/') {
                Some(rest) => (true, rest),
                None => (false, path),
            };
            remove_dot_segments_into(&mut out, 2, rooted, rest);
            assert_eq!(&out[2..], removed, "{path}");
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
