//! Finding the components by their delimiters (RFC 3986 Appendix B), with expressions as
//! holes: which text is the scheme, the authority and its parts, the path, the query and the
//! fragment.

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use super::{Authority, Openers, Placement, Reference, Text, Tok};
use crate::chars;
use crate::error::{Component, ErrorKind, Errors};
use crate::template::Operator;

impl Text<'_> {
    /// Finds the components by their delimiters (RFC 3986 Appendix B, with holes), reporting
    /// a bad scheme to `errors`; without `errors`, the text is known to be valid, so what
    /// stands before a first `:` is a scheme.
    pub(super) fn split(&self, mut errors: Option<&mut Errors>) -> (Reference, Openers) {
        let n = self.bytes.len();
        let ends_segment = |tok: Tok| match tok {
            Tok::Byte(b) => matches!(b, b'/' | b'?' | b'#'),
            Tok::Expr(i) => matches!(
                self.op(i),
                Operator::Path | Operator::Query | Operator::Fragment
            ),
        };
        let first_stop = self.find(0..n, |t| matches!(t, Tok::Byte(b':')) || ends_segment(t));
        let mut scheme = None;
        let mut pos = 0;
        if first_stop < n && self.bytes[first_stop] == b':' {
            // `my_app://x` or `ht tp://x` is a scheme with a typo, not a relative path.
            let then_slashes = self.bytes[first_stop + 1..].starts_with(b"//");
            let is_scheme = match errors.as_deref_mut() {
                Some(errors) => self.scheme_like(0..first_stop, then_slashes, errors),
                None => true,
            };
            if is_scheme {
                scheme = Some(0..first_stop);
                pos = first_stop + 1;
            } else if let Some(errors) = errors {
                let end = self.find(first_stop..n, ends_segment);
                errors.push(
                    first_stop..first_stop + 1,
                    ErrorKind::ColonInFirstSegment {
                        segment: self.src[..end].to_string(),
                    },
                );
            }
        }
        let mut authority = None;
        if self.bytes[pos..].starts_with(b"//") {
            let start = pos + 2;
            let end = self.find(start..n, ends_segment);
            authority = Some(self.split_authority(start..end));
            pos = end;
        }
        let path_end = self.find(pos..n, |t| match t {
            Tok::Byte(b) => matches!(b, b'?' | b'#'),
            Tok::Expr(i) => matches!(self.op(i), Operator::Query | Operator::Fragment),
        });
        let path = pos..path_end;
        pos = path_end;
        let mut openers = Openers {
            query: None,
            fragment: None,
        };
        let mut query = None;
        if pos < n {
            let start = match self.tok(pos) {
                (Tok::Byte(b'?'), next) => Some(next),
                (Tok::Expr(i), _) if self.op(i) == Operator::Query => {
                    openers.query = Some(i);
                    Some(pos)
                }
                _ => None,
            };
            if let Some(start) = start {
                let end = self.find(start..n, |t| match t {
                    Tok::Byte(b) => b == b'#',
                    Tok::Expr(i) => self.op(i) == Operator::Fragment,
                });
                query = Some(start..end);
                pos = end;
            }
        }
        let mut fragment = None;
        if pos < n {
            match self.tok(pos) {
                (Tok::Byte(b'#'), next) => fragment = Some(next..n),
                (Tok::Expr(i), _) => {
                    openers.fragment = Some(i);
                    fragment = Some(pos..n);
                }
                (Tok::Byte(_), _) => {}
            }
        }
        let reference = Reference {
            scheme,
            authority,
            path,
            query,
            fragment,
            // Not `vec![_; 0]`, which costs a call for a URL without expressions.
            placements: if self.exprs.is_empty() {
                Vec::new()
            } else {
                vec![Placement::Path; self.exprs.len()]
            },
        };
        (reference, openers)
    }

    /// Whether the text before the first `:` is meant as a scheme; reports it if it is a bad
    /// one. Text that could never be a scheme is a relative path instead.
    pub(super) fn scheme_like(
        &self,
        range: Range<usize>,
        then_slashes: bool,
        errors: &mut Errors,
    ) -> bool {
        if self.exprs_in(range.clone()).next().is_some() {
            return true; // reported as PlaceholderInScheme by the caller
        }
        let scheme = &self.bytes[range.clone()];
        match scheme {
            [] => {
                errors.push(0..1, ErrorKind::EmptyScheme);
                true
            }
            [first, ..] if then_slashes || scheme.iter().all(|&b| chars::is(b, chars::SCHEME)) => {
                // Whitespace pasted with the URL (` https://`, `ht tp://`) is named as such.
                let spaces: Vec<usize> = (range.clone())
                    .filter(|&i| self.bytes[i].is_ascii_whitespace())
                    .collect();
                for &i in &spaces {
                    let ch = char::from(self.bytes[i]);
                    let component = Component::Scheme;
                    errors.push(i..i + 1, ErrorKind::InvalidChar { ch, component });
                }
                let valid = |b: &u8| chars::is(*b, chars::SCHEME) || b.is_ascii_whitespace();
                if (!chars::is(*first, chars::ALPHA) && spaces.is_empty())
                    || !scheme.iter().all(valid)
                {
                    errors.push(
                        range.clone(),
                        ErrorKind::BadScheme {
                            scheme: self.src[range].to_string(),
                        },
                    );
                }
                true
            }
            _ => false,
        }
    }

    pub(super) fn split_authority(&self, range: Range<usize>) -> Authority {
        // The last `@` outside an expression.
        let mut at = None;
        if self.exprs.is_empty() {
            at = self.bytes[range.clone()]
                .iter()
                .rposition(|&b| b == b'@')
                .map(|i| range.start + i);
        } else {
            let mut pos = range.start;
            while pos < range.end {
                let (tok, next) = self.tok(pos);
                if matches!(tok, Tok::Byte(b'@')) {
                    at = Some(pos);
                }
                pos = next;
            }
        }
        let host_start = at.map_or(range.start, |at| at + 1);
        let userinfo = at.map(|at| range.start..at);
        let host_end = if self.bytes.get(host_start) == Some(&b'[') {
            // `IP-literal` is the whole host (RFC 3986 §3.2.2): after its `]` comes the port's
            // `:` or the end of the authority. Anything else is part of a malformed host, which
            // `check_ip_literal` reports; it must not be skipped as if it were the `:`.
            let close = self.bytes[host_start..range.end]
                .iter()
                .position(|&b| b == b']')
                .map(|i| host_start + i + 1);
            match close {
                None => range.end,
                Some(end) if end == range.end || self.bytes[end] == b':' => end,
                Some(end) => self.find(end..range.end, |t| matches!(t, Tok::Byte(b':'))),
            }
        } else {
            self.find(host_start..range.end, |t| matches!(t, Tok::Byte(b':')))
        };
        let port = (host_end < range.end).then(|| host_end + 1..range.end);
        Authority {
            userinfo,
            host: host_start..host_end,
            port,
        }
    }
}
