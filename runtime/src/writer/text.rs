//! Writing a value's text: encoded for the operator (RFC 6570 Appendix A `allow`), cut by a
//! prefix modifier (§2.4.1).
#![allow(clippy::inline_always, reason = "measured; see `write_component`")]

use alloc::string::String;
use core::fmt;

use super::expansion::Expansion;
use super::frame::Mode;
use super::{Context, Operator, itoa};
use crate::encode::{self, Set};
use crate::error::ExpandErrorKind;

impl Expansion<'_, '_> {
    /// Writes text of the value, encoded for where it goes.
    #[inline]
    pub fn push_str(&mut self, text: &str) {
        let text = match self.budget {
            None => text,
            Some(budget) => {
                let (kept, used) = cut(text, budget, self.mode == Mode::Reserved);
                self.budget = Some(budget - used);
                kept
            }
        };
        match self.mode {
            Mode::Unreserved => write_component(text, &mut self.w.out),
            Mode::Reserved => {
                self.no_backslash(text.as_bytes());
                let from = self.w.out.len();
                encode_reserved(
                    text.as_bytes(),
                    self.context == Context::Base,
                    &mut self.w.out,
                );
                self.stays_in_pair(from);
            }
            Mode::Raw => {
                self.one_label(text.as_bytes());
                self.w.out.push_str(text);
            }
        }
    }

    /// Reserved expansion (`{+x}`) passes delimiters; in the query, what it wrote from `from`
    /// must stay inside its pair (crate docs, "What a value can never do"): no `&`, which
    /// would start another pair, and no `=` before the `=` the template writes for the pair,
    /// which would move the end of the pair's name. (`#` is checked when the expression
    /// ends.)
    #[inline]
    fn stays_in_pair(&mut self, from: usize) {
        let delimiters: &[u8] = match self.context {
            Context::Query | Context::QueryPairs => b"&",
            Context::QueryKey => b"&=",
            _ => return,
        };
        let written = &self.w.out.as_bytes()[from..];
        if let Some(&delimiter) = written.iter().find(|b| delimiters.contains(b)) {
            let name = self.var_name();
            self.w.fail(
                name,
                ExpandErrorKind::LeavesComponent {
                    delimiter: char::from(delimiter),
                },
            );
        }
    }

    /// Reserved expansion (`{+x}`, `{#x}`) passes the value's structure, and a raw `\` in it
    /// has no one meaning: the URL Standard reads it as `/` in the authority and path of a
    /// special URL (`http`, `https`, `ws`, `wss`, `ftp`, `file`; WHATWG URL, "path state"
    /// and "authority state"), RFC 3986 allows it nowhere (§2), and its only RFC 3986 form,
    /// `%5C`, is a different URL to a WHATWG parser (`https://good.com\@evil.com` has the host
    /// `good.com`, `https://good.com%5C@evil.com` the host `evil.com`). It is refused in
    /// every reserved expansion, whatever the scheme (a `{+base}` may not have supplied it
    /// yet): a value means `%5C` by writing it, and `{x}` encodes a `\` as `%5C`.
    #[inline]
    fn no_backslash(&mut self, text: &[u8]) {
        if text.contains(&b'\\') {
            self.refuse_backslash();
        }
    }

    #[cold]
    fn refuse_backslash(&mut self) {
        let name = self.var_name();
        self.w.fail(name, ExpandErrorKind::Backslash);
    }

    /// A value in part of a host is one label (`{.x}` is `.` and one label, and each item of
    /// `{.x*}` one label, its `.` written by the expansion): a `.` in the value would add
    /// labels and move the host under another domain (`https://api{.region}/` with
    /// `evil.com`). (A whole host, `{x}`, may have several; a port has no `.`.)
    #[inline]
    fn one_label(&mut self, text: &[u8]) {
        if self.op == Operator::Label && text.contains(&b'.') {
            let name = self.var_name();
            self.w.fail(name, ExpandErrorKind::InvalidHost);
        }
    }

    /// Writes an integer, whose digits and sign no operator encodes: in place, straight into
    /// the URL, unless a prefix modifier cuts it.
    #[inline]
    pub(crate) fn push_integer<I: itoa::Integer>(&mut self, n: I) {
        if self.budget.is_none() {
            itoa::push(n, &mut self.w.out);
        } else {
            self.push_str(itoa::Buffer::new().format(n));
        }
    }

    /// Writes octets of the value, each encoded on its own (a prefix counts octets).
    pub fn push_bytes(&mut self, bytes: &[u8]) {
        let bytes = match self.budget {
            None => bytes,
            Some(budget) => {
                let (end, used) = prefix(bytes, budget, self.mode == Mode::Reserved, false);
                self.budget = Some(budget - used);
                &bytes[..end]
            }
        };
        match self.mode {
            Mode::Unreserved => encode::append_encoded(Set::Component, bytes, &mut self.w.out),
            Mode::Reserved => {
                self.no_backslash(bytes);
                let from = self.w.out.len();
                encode_reserved(bytes, self.context == Context::Base, &mut self.w.out);
                self.stays_in_pair(from);
            }
            // Hosts and ports are ASCII; anything else is escaped, then reported by their
            // checks.
            Mode::Raw => {
                self.one_label(bytes);
                encode::append_encoded(Set::Reserved, bytes, &mut self.w.out);
            }
        }
    }

    /// Writes formatted text of the value, encoding it as it is formatted.
    pub fn push_fmt(&mut self, args: fmt::Arguments<'_>) {
        if let Some(text) = args.as_str() {
            self.push_str(text);
            return;
        }
        // Writing into the URL cannot fail; a `Display` impl that reports an error has
        // written what it had, which is all we can use.
        let _ = fmt::write(&mut Sink(self), args);
    }
}

/// The part of `text` a prefix modifier keeps, and the characters it holds. Not a method:
/// taking the expansion's address here, on a path `url!` rarely takes, kept the expansion
/// in memory on every path, its constant operator and mode reloaded and tested after each
/// call (callgrind, GitHub issues URL).
#[cold]
fn cut(text: &str, budget: usize, reserved: bool) -> (&str, usize) {
    let (end, used) = prefix(text.as_bytes(), budget, reserved, true);
    (&text[..end], used)
}

/// The encoders, kept out of line: the expansion code that calls them is inlined into each
/// template, where the operator and context are constants, and stays small that way.
/// (Measured with callgrind, GitHub issues template: with the encoding loops inlined into
/// every `Scalar::write`, LLVM kept those out of line and dispatched on the mode at run time,
/// 1,539 instructions per URL; with the loops here, 1,457, and less code per template.)
///
/// A short value is encoded in one classification, or copied whole if it needs no escape
/// ([`encode::append_short`]); any other is encoded by [`escape_component`].
#[inline(never)]
pub(super) fn write_component(text: &str, out: &mut String) {
    if !encode::append_short(Set::Component, text, out) {
        escape_component(text.as_bytes(), out);
    }
}

/// The rest of [`write_component`], apart so that its fast path saves no registers: a short
/// value is encoded in one pass into the room the URL was sized with
/// ([`encode::append_in_room`]), a longer one measured and encoded in place.
#[inline(never)]
fn escape_component(bytes: &[u8], out: &mut String) {
    if !encode::append_in_room(Set::Component, bytes, out) {
        encode::append_encoded(Set::Component, bytes, out);
    }
}

/// Formatted text of a value, encoded as it arrives.
struct Sink<'e, 'w, 'n>(&'e mut Expansion<'w, 'n>);

impl fmt::Write for Sink<'_, '_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

/// Reserved expansion (`{+x}`, `{#x}`, RFC 6570 Appendix A `U+R`): unreserved and reserved
/// characters and percent-triplets pass, except `[` and `]` outside a `{+base}`, which are
/// written `%5B` and `%5D`. RFC 3986 allows brackets only around an IP literal in the host
/// (§3.2.2), so in a path, query or fragment they would make an invalid URI that parsers
/// read differently. No uritemplate-test case has a bracket in a value. A `{+base}` may
/// supply a host, so its brackets pass and the whole URL is checked when it is finished.
/// Triplets that pass are upper-cased.
#[inline(never)]
pub(super) fn encode_reserved(bytes: &[u8], brackets_pass: bool, out: &mut String) {
    let start = out.len();
    if brackets_pass {
        encode::append_encoded(Set::Reserved, bytes, out);
    } else {
        let mut rest = bytes;
        while let Some(i) = rest.iter().position(|&b| b == b'[' || b == b']') {
            encode::append_encoded(Set::Reserved, &rest[..i], out);
            out.push_str(if rest[i] == b'[' { "%5B" } else { "%5D" });
            rest = &rest[i + 1..];
        }
        encode::append_encoded(Set::Reserved, rest, out);
    }
    if bytes.contains(&b'%') {
        uppercase_triplets(&mut out[start..]);
    }
}

/// Upper-cases the hex digits of the triplets in `text`: a `%2f` passed by reserved
/// expansion becomes `%2F`, the form RFC 3986 §6.2.2.1 asks producers to write and that
/// `Url` always holds. No uritemplate-test case has a lowercase triplet in a value.
fn uppercase_triplets(text: &mut str) {
    let mut i = 0;
    while let Some(at) = text[i..].find('%') {
        let hex = i + at + 1..i + at + 3;
        if let Some(digits) = text.get_mut(hex.clone()) {
            digits.make_ascii_uppercase();
        }
        i = hex.end.min(text.len());
    }
}

/// The end of the longest prefix of `text` with at most `budget` characters, and the
/// characters it holds. With `triplets` (reserved expansion, which passes triplets), a
/// `%XX` counts as one character, and so does a run of triplets that encodes one UTF-8
/// character (`%C3%A9`): RFC 6570 §2.4.1 counts characters, and a prefix must not split one
/// nor a triplet. With `utf8`, characters are Unicode scalar values, otherwise octets.
pub(super) fn prefix(text: &[u8], budget: usize, triplets: bool, utf8: bool) -> (usize, usize) {
    let mut i = 0;
    let mut used = 0;
    while i < text.len() && used < budget {
        let b = text[i];
        i += if triplets && urlkit_syntax::chars::is_triplet(&text[i..]) {
            encoded_char_len(&text[i..])
        } else if utf8 && b >= 0x80 {
            // A lead byte's leading ones give its sequence length.
            (b.leading_ones() as usize).clamp(1, 4)
        } else {
            1
        };
        used += 1;
    }
    (i.min(text.len()), used)
}

/// The length of the triplets at the start of `text` (which starts with one) that encode one
/// UTF-8 character: 3 for `%41` or a triplet that does not start a valid sequence, up to 12
/// for `%F0%9F%98%80`.
fn encoded_char_len(text: &[u8]) -> usize {
    let octet = |at: usize| -> Option<u8> {
        let t = text.get(at..at + 3)?;
        if !urlkit_syntax::chars::is_triplet(t) {
            return None;
        }
        Some(urlkit_syntax::chars::hex_value(t[1])? << 4 | urlkit_syntax::chars::hex_value(t[2])?)
    };
    let Some(lead) = octet(0) else {
        return 3;
    };
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return 3,
    };
    let mut octets = [0u8; 4];
    for (n, slot) in octets.iter_mut().enumerate().take(len) {
        match octet(3 * n) {
            Some(o) => *slot = o,
            None => return 3,
        }
    }
    if core::str::from_utf8(&octets[..len]).is_ok() {
        3 * len
    } else {
        3
    }
}
