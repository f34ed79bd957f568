//! Facts about schemes (RFC 3986 §3.1) that several phases need: where a scheme ends, and
//! which schemes WHATWG parsers treat as special.

use crate::chars;

/// Schemes whose URLs the WHATWG parser treats as "special" (URL Standard §4.1, "special
/// scheme"): they always have an authority.
pub fn is_special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
}

/// The end of what reads as a scheme (RFC 3986 §3.1: a letter, then letters, digits, `+`,
/// `-`, `.`, then `:`), if `text` starts with one: the index of that `:`.
pub fn scheme_end(text: &str) -> Option<usize> {
    let colon = text.find(':')?;
    let scheme = &text.as_bytes()[..colon];
    let valid = scheme.first().is_some_and(|&b| chars::is(b, chars::ALPHA))
        && scheme.iter().all(|&b| chars::is(b, chars::SCHEME));
    valid.then_some(colon)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes() {
        assert_eq!(scheme_end("https://x"), Some(5));
        assert_eq!(scheme_end("a+b-c.d:x"), Some(7));
        assert_eq!(scheme_end("1http:x"), None);
        assert_eq!(scheme_end(":x"), None);
        assert_eq!(scheme_end("/a:b"), None);
        assert_eq!(scheme_end("no colon"), None);
        assert!(is_special("HTTPS") && is_special("file") && !is_special("mailto"));
    }
}
