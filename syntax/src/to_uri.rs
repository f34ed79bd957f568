//! The one rewrite urlkit makes to URL text it accepts: RFC 3987 §3.1 step 2 (IRI characters
//! become UTF-8 percent-triplets) and RFC 3986 §6.2.2.1 (triplet hex in uppercase). Both are
//! equivalence-preserving: every parser reads the result as the same URL.
//!
//! Text after this rewrite is "in URI form". It is not RFC 3986 §6 normalization, which
//! `Url::normalize` does on request and which changes more (case, dot segments, escapes of
//! unreserved characters).

use alloc::string::String;

use crate::chars::{self, HEX_UPPER};

/// Appends `text` to `out` with non-ASCII characters percent-encoded and triplet hex in
/// uppercase. Everything else is copied as it is; `text` is assumed already checked.
pub fn push_uri(text: &str, out: &mut String) {
    let bytes = text.as_bytes();
    // Most text has neither: one copy. A fold, not `any`, so that the compiler can test
    // many bytes at a time.
    if bytes
        .iter()
        .fold(0, |seen, &b| seen | (b & 0x80) | u8::from(b == b'%'))
        == 0
    {
        out.push_str(text);
        return;
    }
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b >= 0x80 {
            // Encode the whole character so that `i` stays on a character boundary.
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[run..i]);
            for &byte in &bytes[i..i + len] {
                push_triplet(out, byte);
            }
            i += len;
            run = i;
        } else if b == b'%' && chars::is_triplet(&bytes[i..]) {
            if bytes[i + 1].is_ascii_lowercase() || bytes[i + 2].is_ascii_lowercase() {
                out.push_str(&text[run..i]);
                out.push('%');
                out.push(char::from(bytes[i + 1].to_ascii_uppercase()));
                out.push(char::from(bytes[i + 2].to_ascii_uppercase()));
                run = i + 3;
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[run..]);
}

/// Whether [`push_uri`] would change `text`.
pub fn changes(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !bytes.iter().any(|&b| b == b'%' || b >= 0x80) {
        return false;
    }
    bytes.iter().enumerate().any(|(i, &b)| {
        b >= 0x80
            || (b == b'%'
                && chars::is_triplet(&bytes[i..])
                && (bytes[i + 1].is_ascii_lowercase() || bytes[i + 2].is_ascii_lowercase()))
    })
}

fn push_triplet(out: &mut String, byte: u8) {
    out.push('%');
    out.push(char::from(HEX_UPPER[usize::from(byte >> 4)]));
    out.push(char::from(HEX_UPPER[usize::from(byte & 15)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iri_to_uri() {
        for (iri, uri) in [
            (
                "https://example.com/café?q=ä",
                "https://example.com/caf%C3%A9?q=%C3%A4",
            ),
            ("/%2f%c3%a9/%2F", "/%2F%C3%A9/%2F"),
            ("/円", "/%E5%86%86"),
            ("/a%zz", "/a%zz"),
            ("plain", "plain"),
            ("", ""),
        ] {
            let mut out = String::new();
            push_uri(iri, &mut out);
            assert_eq!(out, uri, "{iri}");
            assert_eq!(changes(iri), iri != uri, "{iri}");
        }
    }
}
