//! Every character of a component against what RFC 3986 allows there (§2, Appendix A), and
//! percent-escapes, with the message that says what to write instead.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::ops::Range;

use super::Text;
use crate::chars::{self, HEX};
use crate::error::{Component, ErrorKind, Errors, Escaped};

impl Text<'_> {
    /// Checks every character of `range` against `allowed`; hands each expression to
    /// `on_expr`.
    pub(super) fn check_text(
        &self,
        range: Range<usize>,
        component: Component,
        allowed: u16,
        errors: &mut Errors,
        mut on_expr: impl FnMut(usize, &mut Errors),
    ) {
        let mut pos = range.start;
        // Where the host has non-ASCII characters: one error for them all, its ASCII form
        // computed once.
        let mut non_ascii_host = Vec::new();
        // The text is read in order and the expressions are sorted: a cursor finds the one
        // that starts at a `{` (what `tok` finds with a binary search).
        let mut next_expr = self.exprs.partition_point(|e| e.range.start < pos);
        while pos < range.end {
            let b = self.bytes[pos];
            if chars::is(b, allowed) {
                pos += 1;
                continue;
            }
            while self
                .exprs
                .get(next_expr)
                .is_some_and(|e| e.range.start < pos)
            {
                next_expr += 1;
            }
            if let Some(e) = self.exprs.get(next_expr).filter(|e| e.range.start == pos) {
                on_expr(next_expr, errors);
                pos = e.range.end;
                next_expr += 1;
                continue;
            }
            if b == b'%' {
                pos = self.check_escape(pos, range.end, component, errors);
                continue;
            }
            if b >= 0x80 {
                let Some(ch) = self.src.get(pos..).and_then(|s| s.chars().next()) else {
                    pos += 1;
                    continue;
                };
                let len = ch.len_utf8();
                let iri_char = chars::is_ucschar(ch)
                    || (component == Component::Query && chars::is_iprivate(ch));
                if chars::is_invisible(ch) {
                    errors.push(pos..pos + len, ErrorKind::Invisible { ch, component });
                } else if component == Component::Host {
                    non_ascii_host.push(pos..pos + len);
                } else if !(self.iri && iri_char) {
                    errors.push(pos..pos + len, ErrorKind::NonAscii { ch, component });
                }
                pos += len;
                continue;
            }
            // Whitespace copied along with the URL: no escape is the fix.
            if b.is_ascii_whitespace() && self.src[pos..].trim_ascii().is_empty() {
                errors.push(pos..self.src.len(), ErrorKind::TrailingWhitespace);
                break;
            }
            let ch = char::from(b);
            let kind = match b {
                b'[' | b']' => ErrorKind::Bracket { ch, component },
                b'#' if component == Component::Fragment => ErrorKind::SecondHash,
                _ => ErrorKind::InvalidChar { ch, component },
            };
            errors.push(pos..pos + 1, kind);
            pos += 1;
        }
        if !non_ascii_host.is_empty() {
            let host = &self.src[range];
            let ascii = crate::idna::ascii_host(host);
            let host = host.to_string();
            errors.push_all(non_ascii_host, ErrorKind::NonAsciiHost { host, ascii });
        }
    }

    /// Checks the `%` at `pos`; returns where checking goes on.
    pub(super) fn check_escape(
        &self,
        pos: usize,
        end: usize,
        component: Component,
        errors: &mut Errors,
    ) -> usize {
        let rest = &self.bytes[pos..end];
        if chars::is_triplet(rest) {
            if component == Component::Host {
                let byte = chars::hex_value(rest[1]).unwrap_or(0) << 4
                    | chars::hex_value(rest[2]).unwrap_or(0);
                let plain = chars::is(byte, chars::REG_NAME).then(|| char::from(byte));
                errors.push(
                    pos..pos + 3,
                    ErrorKind::EscapeInHost {
                        text: self.src[pos..pos + 3].to_string(),
                        plain,
                    },
                );
            }
            return pos + 3;
        }
        if let Some((len, named)) = chars::percent_u(rest) {
            let utf8 = named.map(|c| Escaped(c).to_string());
            errors.push(
                pos..pos + len,
                ErrorKind::PercentU {
                    text: self.src[pos..pos + len].to_string(),
                    utf8,
                },
            );
            return pos + len;
        }
        let hex_then_expr = rest.len() > 2 && chars::is(rest[1], HEX) && self.is_expr(pos + 2);
        if self.is_expr(pos + 1) || hex_then_expr {
            let len = if hex_then_expr { 2 } else { 1 };
            errors.push(pos..pos + len, ErrorKind::PlaceholderInEscape);
            return pos + len;
        }
        let shown_end = self.src[pos + 1..end]
            .char_indices()
            .nth(2)
            .map_or(end, |(i, _)| pos + 1 + i);
        errors.push(
            pos..shown_end,
            ErrorKind::BadEscape {
                text: self.src[pos..shown_end].to_string(),
                component,
            },
        );
        pos + 1
    }
}
