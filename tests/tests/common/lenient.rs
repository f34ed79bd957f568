//! What the lenient reader's output must be, written from RFC 3986's ABNF and the documented
//! spelling table alone (no urlkit code): the URL Standard's components, with every character
//! RFC 3986 does not allow in the component percent-encoded, a `%` that starts no escape
//! written `%25`, and escape hex in uppercase. And the `url` crate's reading of two texts,
//! compared component by component after decoding.

#![allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]

use std::fmt::Write as _;

use percent_encoding::percent_decode_str;

/// The components of RFC 3986 a character may be allowed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`; a username or password
    /// alone holds no `:` of its own.
    Credential,
    /// `path = *( pchar / "/" )`.
    Path,
    /// `query = fragment = *( pchar / "/" / "?" )`.
    QueryOrFragment,
}

fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~".contains(c)
}

fn sub_delim(c: char) -> bool {
    "!$&'()*+,;=".contains(c)
}

fn pchar(c: char) -> bool {
    unreserved(c) || sub_delim(c) || c == ':' || c == '@'
}

fn allowed(part: Part, c: char) -> bool {
    match part {
        Part::Credential => unreserved(c) || sub_delim(c),
        Part::Path => pchar(c) || c == '/',
        Part::QueryOrFragment => pchar(c) || c == '/' || c == '?',
    }
}

/// `text` as the spelling table says urlkit writes it in `part`.
pub(crate) fn rfc_spelling(text: &str, part: Part) -> String {
    let mut out = String::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = text[i..].chars().next().unwrap();
        if c == '%' {
            if b.len() >= i + 3 && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                out.push('%');
                out.push_str(&text[i + 1..i + 3].to_ascii_uppercase());
                i += 3;
            } else {
                out.push_str("%25");
                i += 1;
            }
            continue;
        }
        if allowed(part, c) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                write!(out, "%{byte:02X}").unwrap();
            }
        }
        i += c.len_utf8();
    }
    out
}

/// The components of a URL as the `url` crate reads it, decoded (lossily: a byte sequence
/// that is not UTF-8 becomes U+FFFD in both texts alike).
pub(crate) fn decoded_parts(url: &url::Url) -> [String; 8] {
    let decode = |s: &str| percent_decode_str(s).decode_utf8_lossy().into_owned();
    [
        url.scheme().to_owned(),
        decode(url.username()),
        decode(url.password().unwrap_or_default()),
        url.host_str().map_or("<null>".to_owned(), decode),
        url.port().map_or(String::new(), |p| p.to_string()),
        decode(url.path()),
        url.query().map_or("<null>".to_owned(), decode),
        url.fragment().map_or("<null>".to_owned(), decode),
    ]
}

/// A URI reference split as RFC 3986 Appendix B's regular expression splits it, then the
/// authority at its last `@` and at the `:` after the host: `[scheme, username, password,
/// host, port, path, "?query", "#fragment"]`, the query and fragment empty when they are.
pub(crate) fn split(text: &str) -> [String; 8] {
    let (scheme, rest) = match text.find([':', '/', '?', '#']) {
        Some(i) if text.as_bytes()[i] == b':' && i > 0 => (&text[..i], &text[i + 1..]),
        _ => ("", text),
    };
    let (before_fragment, fragment) = rest.split_once('#').map_or((rest, ""), |(a, f)| (a, f));
    let (before_query, query) = before_fragment
        .split_once('?')
        .map_or((before_fragment, ""), |(a, q)| (a, q));
    let (authority, path) = match before_query.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (&after[..end], &after[end..])
        }
        None => ("", before_query),
    };
    let (userinfo, host_port) = authority.rsplit_once('@').unwrap_or(("", authority));
    let (username, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    let host_end = if host_port.starts_with('[') {
        host_port.find(']').map_or(host_port.len(), |i| i + 1)
    } else {
        host_port.find(':').unwrap_or(host_port.len())
    };
    let (host, port) = host_port.split_at(host_end);
    let mark = |m: char, s: &str| {
        if s.is_empty() {
            String::new()
        } else {
            format!("{m}{s}")
        }
    };
    [
        scheme.to_owned(),
        username.to_owned(),
        password.to_owned(),
        host.to_owned(),
        port.trim_start_matches(':').to_owned(),
        path.to_owned(),
        mark('?', query),
        mark('#', fragment),
    ]
}
