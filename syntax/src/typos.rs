//! URI references that are valid but never what their writer meant: a host typed without its
//! scheme. Checked after the grammar, on the text of a reference without an authority.

use alloc::string::ToString;

use crate::error::{ErrorKind, Errors};
use crate::scheme::is_special;

/// Text that is a valid URI reference but never what its writer meant: a host typed
/// without its scheme. `https//example.com` and `www.example.com/a` are relative paths,
/// `localhost:8080` is the scheme `localhost`. A relative path that really starts that way
/// can be written `./www.example.com`.
///
/// In a template, only text before the first expression (`literal_end`) is judged:
/// `www.example.com/{x}` and `https//h/{x}` are caught, `{x}.example.com` is not.
pub(crate) fn check_missing_scheme(
    src: &str,
    literal_end: usize,
    has_scheme: bool,
    errors: &mut Errors,
) {
    let literal = &src[..literal_end];
    // A byte search: `str::find` with a set of `char`s decodes characters.
    let first_segment = match literal
        .bytes()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
    {
        Some(end) => &literal[..end],
        // The first segment runs into an expression: only its literal start is known.
        None if literal_end < src.len() => literal,
        None => src,
    };
    let whole_segment = first_segment.len() < literal_end || literal_end == src.len();
    if !has_scheme {
        // The special schemes are letters only: `https//` is letters, then `//`.
        let letters = literal
            .bytes()
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(literal.len());
        if let slashes @ 1.. = letters
            && literal[slashes..].starts_with("//")
            && is_special(&src[..slashes])
        {
            let scheme = &src[..slashes];
            let fix = alloc::format!("{scheme}:{}", &src[slashes..]);
            let kind = ErrorKind::MissingColon {
                scheme: scheme.to_string(),
                fix,
            };
            errors.push(0..slashes, kind);
        } else if first_segment.len() >= 4
            && first_segment.as_bytes()[..4].eq_ignore_ascii_case(b"www.")
            && src.len() > 4
        {
            // Name the host as written, placeholders included (`www.{domain}`).
            let host = &src[..segment_end(src)];
            let kind = ErrorKind::MissingScheme {
                host: host.to_string(),
                read_as: "a relative path",
                // urlkit: allow(reason = "the text of a suggestion in an error message")
                fix: alloc::format!("https://{src}"),
            };
            errors.push(0..host.len(), kind);
        }
    } else if let Some((host, port)) = first_segment.split_once(':')
        && whole_segment
        && (host.eq_ignore_ascii_case("localhost") || host.contains('.'))
        && (1..=5).contains(&port.len())
        && port.bytes().all(|b| b.is_ascii_digit())
    {
        let scheme = if host.eq_ignore_ascii_case("localhost") {
            "http"
        } else {
            "https"
        };
        let kind = ErrorKind::MissingScheme {
            host: host.to_string(),
            read_as: "the scheme",
            fix: alloc::format!("{scheme}://{src}"),
        };
        errors.push(0..first_segment.len(), kind);
    }
}

/// Where the first segment ends: at the first `/`, `?` or `#` outside an expression.
fn segment_end(src: &str) -> usize {
    let mut depth = 0usize;
    for (i, b) in src.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'/' | b'?' | b'#' if depth == 0 => return i,
            _ => {}
        }
    }
    src.len()
}
