//! URI references that are valid but never what their writer meant: a host typed without its
//! scheme. Checked after the grammar, on the text of a reference without an authority.

use alloc::string::ToString;

use crate::error::{ErrorKind, Errors};
use crate::reference::is_special;

/// Text that is a valid URI reference but never what its writer meant: a host typed
/// without its scheme. `https//example.com` and `www.example.com/a` are relative paths,
/// `localhost:8080` is the scheme `localhost`. A relative path that really starts that way
/// can be written `./www.example.com`.
pub(crate) fn check_missing_scheme(src: &str, has_scheme: bool, errors: &mut Errors) {
    let first_segment = &src[..src.find(['/', '?', '#']).unwrap_or(src.len())];
    if !has_scheme {
        if let Some(slashes) = src.find("//")
            && is_special(&src[..slashes])
        {
            let scheme = &src[..slashes];
            let fix = alloc::format!("{scheme}:{}", &src[slashes..]);
            let kind = ErrorKind::MissingColon {
                scheme: scheme.to_string(),
                fix,
            };
            errors.push(0..slashes, kind);
        } else if first_segment.len() > 4
            && first_segment.as_bytes()[..4].eq_ignore_ascii_case(b"www.")
        {
            let kind = ErrorKind::MissingScheme {
                host: first_segment.to_string(),
                read_as: "a relative path",
                fix: alloc::format!("https://{src}"),
            };
            errors.push(0..first_segment.len(), kind);
        }
    } else if let Some((host, port)) = first_segment.split_once(':')
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
