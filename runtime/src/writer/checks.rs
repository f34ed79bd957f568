//! What a value may become where it stands (DESIGN §5), checked on what it wrote.

use super::{Operator, Tracked, Writer};
use crate::error::ErrorKind;
use urlkit_syntax::error::Errors;
use urlkit_syntax::host;
use urlkit_syntax::path::is_dot_segment;
use urlkit_syntax::reference::{self, Options};

/// A simple expression that is a whole path segment: non-empty, not `.`/`..`.
#[inline]
pub(crate) fn whole_segment(w: &mut Writer<'_>, start: usize, name: &str) {
    let segment = &w.out.as_bytes()[start..];
    match segment.first() {
        None => w.fail(name, ErrorKind::EmptySegment),
        // Only text starting with `.` or `%` (`%2E`) can be a dot segment; most values are
        // ruled out by their first byte without a call.
        Some(b'.' | b'%') if is_dot_segment(segment) => w.fail(name, ErrorKind::DotSegment),
        Some(_) => {}
    }
}

/// `:` and 0 to 65535 in decimal, or nothing for an undefined port.
pub(crate) fn port(w: &mut Writer<'_>, start: usize, name: &str) {
    let Some(digits) = w.out.get(start + 1..) else {
        return; // undefined: nothing, not even the `:`, was written
    };
    let valid = !digits.is_empty()
        && digits.len() <= 5
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits.parse::<u32>().is_ok_and(|p| p <= 65535);
    if !valid {
        w.fail(name, ErrorKind::InvalidPort);
    }
}

/// A label of a host name: ASCII letters, digits and `-` (RFC 1123 §2.1).
fn is_label(label: &[u8]) -> bool {
    !label.is_empty()
        && label
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
}

/// A host name: labels separated by `.`, an optional final `.`, not a number unless it is
/// a dotted-decimal IPv4 address (the WHATWG parser reads `0x7f.1` as an address), and each
/// `xn--` label punycode that the WHATWG parser decodes.
fn is_host_name(name: &[u8]) -> bool {
    let labels = name.strip_suffix(b".").unwrap_or(name);
    labels.split(|&b| b == b'.').all(is_label)
        && (!host::ends_in_a_number(name) || host::is_ipv4(name))
        && host::invalid_xn_label(name).is_none()
}

/// A host value, written as is: a whole host may be a name or an IP address (an IPv6 address
/// gets its brackets); part of a host is one label, or dot-prefixed labels for `{.x}`.
pub(crate) fn host(w: &mut Writer<'_>, start: usize, name: &str, whole: bool, op: Operator) {
    let text = &w.out.as_bytes()[start..];
    let valid = match (whole, op) {
        (true, Operator::Simple) => {
            if host::is_ipv6(text) {
                w.out.insert(start, '[');
                w.out.push(']');
                true
            } else {
                let bracketed = text.len() > 2
                    && text[0] == b'['
                    && text[text.len() - 1] == b']'
                    && host::is_ipv6(&text[1..text.len() - 1]);
                bracketed || is_host_name(text)
            }
        }
        (false, Operator::Simple) => is_label(text),
        (false, Operator::Label) => {
            text.is_empty()
                || text
                    .strip_prefix(b".")
                    .is_some_and(|labels| labels.split(|&b| b == b'.').all(is_label))
        }
        _ => false,
    };
    if !valid {
        w.fail(name, ErrorKind::InvalidHost);
    }
}

/// Between `[` and `]`: an IPv6 address.
pub(crate) fn ip_literal(w: &mut Writer<'_>, start: usize, name: &str) {
    if !host::is_ipv6(&w.out.as_bytes()[start..]) {
        w.fail(name, ErrorKind::InvalidHost);
    }
}

/// `{+x}` in a path: `?` and `#` would end the path; each `/` it writes ends a segment, which
/// must not be a dot segment nor empty after a `/` (a `//` is only ever the template's own);
/// it must not make a path without authority start with `//`, nor put `:` in the first
/// segment of a relative path. A `{+x}` that opens the template
/// (`base`) may supply a scheme and authority, so only the dot segments are checked there.
pub(crate) fn reserved_path(w: &mut Writer<'_>, start: usize, name: &str, base: bool) {
    // After the `//` a `{+base}` writes for an authority, up to the next `/`: the host, not
    // a path segment.
    let mut in_authority = false;
    let mut i = start;
    while i < w.out.len() {
        match w.out.as_bytes()[i] {
            delimiter @ (b'?' | b'#') => {
                w.fail(
                    name,
                    ErrorKind::LeavesComponent {
                        delimiter: char::from(delimiter),
                    },
                );
                return;
            }
            b':' if !base && w.first_segment_open => {
                w.fail(name, ErrorKind::LeavesComponent { delimiter: ':' });
                return;
            }
            b'/' => {
                // An empty segment before this `/` makes `//`, unless it is the `//` that
                // starts an authority, which a `{+base}` may write (`http://h`, `//h`).
                if in_authority {
                    in_authority = false;
                } else if base && starts_authority(&w.out.as_bytes()[w.origin..i]) {
                    in_authority = true;
                } else {
                    w.close_segment(i, true, false);
                }
                if !base && w.starts_double_slash(i) {
                    w.fail(name, ErrorKind::DoubleSlash);
                }
                w.first_segment_open = false;
                if let Some(Tracked { start, .. }) = &mut w.segment {
                    *start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if in_authority && let Some(segment) = &mut w.segment {
        // The authority goes on into the template's text: no segment to check yet.
        segment.owner = None;
    }
}

/// Whether a `/` after `before` (the URL so far) is the second of the `//` that starts an
/// authority: `before` is `/`, or a scheme and `:/` (RFC 3986 §3: `scheme ":" "//"`).
fn starts_authority(before: &[u8]) -> bool {
    match before {
        [b'/'] => true,
        [scheme @ .., b':', b'/'] => {
            scheme.first().is_some_and(u8::is_ascii_alphabetic)
                && scheme
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        }
        _ => false,
    }
}

/// `{+x}`/`{#x}` in a query or fragment: `#` would start a (second) fragment.
pub(crate) fn no_hash(w: &mut Writer<'_>, start: usize, name: &str) {
    if w.out.as_bytes()[start..].contains(&b'#') {
        w.fail(name, ErrorKind::LeavesComponent { delimiter: '#' });
    }
}

/// Whether `url` is a URI reference the strict grammar (`Url::parse`) accepts.
pub(crate) fn is_uri_reference(url: &str) -> bool {
    let mut errors = Errors::new();
    reference::parse(
        url,
        &[],
        Options {
            iri: false,
            joined: false,
        },
        &mut errors,
    );
    errors.is_empty()
}
