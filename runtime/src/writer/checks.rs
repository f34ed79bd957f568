//! What a value may become where it stands (the guards of the `url!` documentation, which
//! keep a value from changing the URL's shape), checked on what it wrote.

use super::{Operator, Tracked, Writer};
use crate::error::ExpandErrorKind;
use urlkit_syntax::error::Errors;
use urlkit_syntax::host;
use urlkit_syntax::path::is_dot_segment;
use urlkit_syntax::reference::{self, Options};

/// A simple expression that is a whole path segment: non-empty, not `.`/`..`.
#[inline]
pub(crate) fn whole_segment(w: &mut Writer<'_>, start: usize, name: &str) {
    // The first byte on its own (no slice of the segment to check the bounds of): most
    // values are ruled out by it.
    match w.out.as_bytes().get(start) {
        None => w.fail(name, ExpandErrorKind::EmptySegment),
        // Only text starting with `.` or `%` (`%2E`) can be a dot segment.
        Some(b'.' | b'%') if is_dot_segment(&w.out.as_bytes()[start..]) => {
            w.fail(name, ExpandErrorKind::DotSegment);
        }
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
        w.fail(name, ExpandErrorKind::InvalidPort);
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
/// gets its brackets); part of a host is one label, or for `{.x}` a `.` and one label, one
/// such per item of `{.x*}` (a `.` inside a value of `{.x}` is refused as it is written:
/// `Expansion::push_str`).
pub(crate) fn host(w: &mut Writer<'_>, start: usize, name: &str, whole: bool, op: Operator) {
    if cfg!(feature = "idna") && !w.out[start..].is_ascii() {
        return international_host(w, start, name, whole, op);
    }
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
        w.fail(name, ExpandErrorKind::InvalidHost);
    }
}

/// A host value with non-ASCII characters (feature `idna`). A whole host is converted now
/// (UTS #46, as the URL Standard's "domain to ASCII"), then checked as any host. Part of a
/// host is checked to convert to one label (or dot-prefixed labels for `{.x}`) and kept as
/// written: the whole host is converted when the URL is finished, since UTS #46 judges some
/// rules (right-to-left labels) on the whole name.
#[cold]
fn international_host(w: &mut Writer<'_>, start: usize, name: &str, whole: bool, op: Operator) {
    match (whole, op) {
        (true, Operator::Simple) => match crate::host::to_ascii(&w.out[start..]) {
            Some(ascii) => {
                let ascii = ascii.into_owned();
                w.out.truncate(start);
                w.out.push_str(&ascii);
                host(w, start, name, whole, op);
            }
            None => w.fail(name, ExpandErrorKind::InvalidHost),
        },
        (false, Operator::Simple) => {
            if !crate::host::is_label(&w.out[start..], is_label) {
                w.fail(name, ExpandErrorKind::InvalidHost);
            }
        }
        (false, Operator::Label) => {
            let valid = w.out[start..].strip_prefix('.').is_some_and(|labels| {
                (labels.split('.')).all(|l| crate::host::is_label(l, is_label))
            });
            if !valid {
                w.fail(name, ExpandErrorKind::InvalidHost);
            }
        }
        _ => w.fail(name, ExpandErrorKind::InvalidHost),
    }
}

/// Between `[` and `]`: an IPv6 address.
pub(crate) fn ip_literal(w: &mut Writer<'_>, start: usize, name: &str) {
    if !host::is_ipv6(&w.out.as_bytes()[start..]) {
        w.fail(name, ExpandErrorKind::InvalidHost);
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
                    ExpandErrorKind::LeavesComponent {
                        delimiter: char::from(delimiter),
                    },
                );
                return;
            }
            b':' if !base && w.first_segment_open => {
                w.fail(name, ExpandErrorKind::LeavesComponent { delimiter: ':' });
                return;
            }
            // A `{+base}`'s `:` ends its scheme (or makes no URL start, which the check of
            // the whole URL refuses): what follows is not a relative path's first segment.
            b':' if base => w.first_segment_open = false,
            b'/' => {
                // An empty segment before this `/` makes `//`, unless it is the `//` that
                // starts an authority, which a `{+base}` may write (`http://h`, `//h`).
                // A `//` the value writes at the start of a path without authority is named
                // as such, before the empty segment it leaves (`mailto:{+a}` of `//h`).
                if !base
                    && w.out.as_bytes().get(i + 1) == Some(&b'/')
                    && w.starts_double_slash(i + 1)
                {
                    w.fail(name, ExpandErrorKind::DoubleSlash);
                }
                let before = &w.out.as_bytes()[w.origin..i];
                if in_authority {
                    in_authority = false;
                } else if base && starts_authority(before) {
                    in_authority = true;
                } else if base
                    && before.ends_with(b":/")
                    && !before[..before.len() - 2].contains(&b':')
                    && !before[..before.len() - 2].contains(&b'/')
                {
                    // The `//` of an authority after what is not a scheme (`1http://h`): the
                    // base is no URL start, whatever its segments. (After a scheme and a
                    // path, `x:a/b://c` makes an empty segment.)
                    w.fail(name, ExpandErrorKind::InvalidBase);
                    return;
                } else {
                    w.close_segment(i, true, false);
                }
                if !base && w.starts_double_slash(i) {
                    w.fail(name, ExpandErrorKind::DoubleSlash);
                }
                w.first_segment_open = false;
                if let Some(Tracked {
                    start, delimited, ..
                }) = &mut w.segment
                {
                    // The segments after a value's `/` are the value's (`{+p}` of `a/`).
                    *start = i + 1;
                    *delimited = false;
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
pub(crate) fn starts_authority(before: &[u8]) -> bool {
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
        w.fail(name, ExpandErrorKind::LeavesComponent { delimiter: '#' });
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

/// After a `{+base}` (checked when it finishes): whether it ended inside the authority it
/// wrote, with no `/`, `?` or `#` after its `//`.
#[cold]
pub(crate) fn base_leaves_authority_open(w: &mut Writer<'_>) {
    let text = &w.out[w.origin..];
    let open = reference::split(text).authority.is_some_and(|authority| {
        authority
            .port
            .as_ref()
            .map_or(authority.host.end, |port| port.end)
            == text.len()
    });
    if open {
        w.open_authority = Some(w.out.len());
    }
}

/// A value written at `start`, after a `{+base}` that ended inside its authority: unless
/// the template's text between closed the authority, or the value starts with a `/`, `?`
/// or `#` that does, it would join the base's host or port (`{+base}{p}` with
/// `https://example.com` and `.evil.com`), where the template puts it in the path.
#[cold]
pub(crate) fn after_open_authority(w: &mut Writer<'_>, base_end: usize, start: usize, name: &str) {
    let closes = |b: &u8| matches!(b, b'/' | b'?' | b'#');
    let bytes = w.out.as_bytes();
    if bytes[base_end..start].iter().any(closes) || bytes.get(start).is_some_and(closes) {
        w.open_authority = None;
    } else if bytes.len() > start {
        w.fail(name, ExpandErrorKind::JoinsAuthority);
    }
}

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;
    use alloc::string::ToString;

    use crate::{ExpandErrorKind, Template, Url};

    /// Host labels that all write nothing leave no host, which is refused as an empty
    /// `{h}` is, whatever the scheme (found by fuzzing: `httap://{.h*}{.c*,b}?…` built
    /// `httap://?…`). With text of the template's own in the host, there is a host.
    #[test]
    fn labels_that_write_nothing_leave_no_empty_host() {
        let none = BTreeMap::<&str, &str>::new();
        for template in [
            "httap://{.h}{.c}?x",
            "httap://{.h*}{.c*,b}/x",
            "http://{.h}{.c}/",
        ] {
            let t = Template::parse(template).unwrap();
            assert_eq!(
                t.expand(&none).unwrap_err().kind(),
                &ExpandErrorKind::InvalidHost
            );
        }
        let t = Template::parse("httap://www{.h}{.c}?x").unwrap();
        assert_eq!(t.expand(&none).unwrap(), "httap://www?x");
        let vars = BTreeMap::from([("h", "a"), ("c", "b")]);
        assert_eq!(t.expand(&vars).unwrap(), "httap://www.a.b?x");
    }

    /// A non-ASCII host value is converted with the `idna` feature and refused without it,
    /// as before the feature existed; `Url::parse_iri` likewise.
    #[test]
    fn non_ascii_hosts_need_the_idna_feature() {
        let whole = Template::parse("https://{host}/").unwrap();
        let label = Template::parse("https://{host}.example/").unwrap();
        let vars = BTreeMap::from([("host", "bücher")]);
        let iri = Url::parse_iri("https://bücher.example/");
        if cfg!(feature = "idna") {
            assert_eq!(whole.expand(&vars).unwrap(), "https://xn--bcher-kva/");
            assert_eq!(
                label.expand(&vars).unwrap(),
                "https://xn--bcher-kva.example/"
            );
            assert_eq!(iri.unwrap(), "https://xn--bcher-kva.example/");
        } else {
            assert_eq!(
                whole.expand(&vars).unwrap_err().kind(),
                &ExpandErrorKind::InvalidHost
            );
            assert_eq!(
                label.expand(&vars).unwrap_err().kind(),
                &ExpandErrorKind::InvalidHost
            );
            assert_eq!(
                iri.unwrap_err().to_string(),
                "non-ASCII host `bücher.example`; write its ASCII form `xn--bcher-kva.example` (at byte 9)"
            );
        }
    }
}
