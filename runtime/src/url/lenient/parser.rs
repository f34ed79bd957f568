//! The URL Standard's basic URL parser (<https://url.spec.whatwg.org/#concept-basic-url-parser>),
//! without a state override, writing the URL it reads straight into its serialization.
//!
//! The states are methods; a state that reads a run of text (the userinfo, a host, a path
//! segment, the query) finds the run's end first and handles it whole, which is what the
//! character-at-a-time state machine does with its buffer. The serialization is written in
//! the order of the states, which is the order of the components, so the only edit of text
//! already written is "shorten a URL's path", a truncation at the path's last `/`.
//!
//! Two things differ from the URL Standard's serialization, both so that the text is a
//! strict [`Url`](crate::Url): characters the URL Standard leaves raw but RFC 3986 forbids
//! are percent-encoded (`sets`), and triplet hex is written in uppercase. Every change to
//! the input is reported ([`Repairs`]).

use alloc::string::String;
use core::cell::OnceCell;
use core::ops::Range;

use urlkit_syntax::chars;
use urlkit_syntax::host as host_rules;
use urlkit_syntax::path::is_dot_segment;
use urlkit_syntax::scheme::is_special;

use super::error::{Failure, LenientErrorKind};
use super::host;
use super::report::{RepairKind, Repairs};
use super::sets::{self, encode_into};
use crate::url::ParseErrorKind;

/// A URL the parser read: its serialization and where its components are in it.
#[derive(Debug)]
pub(super) struct Parsed {
    pub(super) out: String,
    scheme: Scheme,
    /// The `:` after the scheme.
    scheme_end: usize,
    /// `//userinfo@host:port`, when the host is not null.
    authority: Option<Range<usize>>,
    host: Option<Range<usize>>,
    path: Range<usize>,
    opaque: bool,
    /// With its `?`.
    query: Option<Range<usize>>,
}

/// The base of a parse: a URL whose text is read as the base URL record only if the
/// reference needs more of it than its scheme (an absolute `href` does not).
pub(super) struct Base<'b> {
    text: &'b str,
    /// The scheme as written; compared ignoring case, as the URL Standard lowercases it.
    scheme: &'b str,
    record: OnceCell<Option<Parsed>>,
}

impl<'b> Base<'b> {
    /// The base `text`, an absolute URL with `scheme`.
    pub(super) fn new(text: &'b str, scheme: &'b str) -> Self {
        Base {
            text,
            scheme,
            record: OnceCell::new(),
        }
    }

    fn scheme_is(&self, scheme: &str) -> bool {
        self.scheme.eq_ignore_ascii_case(scheme)
    }

    /// The base as the URL Standard reads it, read on first use.
    fn record(&self) -> Result<&Parsed, Failure> {
        self.record
            .get_or_init(|| parse(self.text, None, false).ok().map(|(parsed, _)| parsed))
            .as_ref()
            .ok_or(Failure::new(LenientErrorKind::InvalidBase, 0..0))
    }
}

impl Parsed {
    fn text(&self, range: Range<usize>) -> &str {
        &self.out[range]
    }

    fn scheme(&self) -> &str {
        &self.out[..self.scheme_end]
    }

    /// The first segment of the path, without its `/`.
    fn first_segment(&self) -> Option<&str> {
        let path = self.text(self.path.clone()).strip_prefix('/')?;
        Some(path.split('/').next().unwrap_or(path))
    }
}

/// Where each component was in the (cleaned) input, to say where a component the strict
/// grammar refuses came from.
#[derive(Debug, Default)]
struct Sources {
    authority: Option<Range<usize>>,
    path: Option<Range<usize>>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

/// What the scheme makes of the rest of the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    /// Any scheme but the special ones.
    Other,
    /// `http`, `https`, `ws`, `wss`, `ftp`: a host, `\` as `/`.
    Special,
    /// `file`, special too, with states of its own.
    File,
}

struct Parser<'i, 'b> {
    input: &'i str,
    bytes: &'i [u8],
    base: Option<&'b Base<'b>>,
    /// The base's record, once a state needed it.
    record: Option<&'b Parsed>,
    /// Whether dot segments are repairs ([`Url::parse_lenient`](crate::Url::parse_lenient)) rather
    /// than what resolving a reference does
    /// ([`Url::resolve_lenient`](crate::Url::resolve_lenient)).
    report_dots: bool,
    out: String,
    repairs: Repairs,
    scheme: Scheme,
    scheme_end: usize,
    authority: Option<Range<usize>>,
    host: Option<Range<usize>>,
    path_start: usize,
    opaque: bool,
    query: Option<usize>,
    fragment: Option<usize>,
    sources: Sources,
}

/// Reads `input` (already cleaned of tabs, newlines and surrounding controls) against
/// `base`, as the basic URL parser does; the repairs are at bytes of `input`.
pub(super) fn parse(
    input: &str,
    base: Option<&Base<'_>>,
    report_dots: bool,
) -> Result<(Parsed, Repairs), Failure> {
    let mut parser = Parser {
        input,
        bytes: input.as_bytes(),
        base,
        record: None,
        report_dots,
        // Room for what the base may bring (its authority and path) and a few escapes.
        out: String::with_capacity(input.len() + base.map_or(0, |b| b.text.len()) + 8),
        repairs: Repairs::default(),
        scheme: Scheme::Other,
        scheme_end: 0,
        authority: None,
        host: None,
        path_start: 0,
        opaque: false,
        query: None,
        fragment: None,
        sources: Sources::default(),
    };
    parser.run()?;
    parser.finish()
}

/// `.` or `%2e` (URL Standard, "single-dot URL path segment").
fn is_single_dot(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// `..`, `.%2e`, `%2e.` or `%2e%2e` (URL Standard, "double-dot URL path segment").
fn is_double_dot(segment: &str) -> bool {
    matches!(segment.len(), 2 | 4 | 6)
        && ["..", ".%2e", "%2e.", "%2e%2e"]
            .iter()
            .any(|dots| segment.eq_ignore_ascii_case(dots))
}

/// A Windows drive letter: an ASCII letter, then `:` or `|`.
fn is_drive_letter(text: &str) -> bool {
    matches!(text.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// A drive letter with `:`.
fn is_normalized_drive_letter(text: &str) -> bool {
    matches!(text.as_bytes(), [letter, b':'] if letter.is_ascii_alphabetic())
}

/// "starts with a Windows drive letter": a drive letter alone, or followed by `/`, `\`, `?`
/// or `#`.
fn starts_with_drive_letter(text: &str) -> bool {
    // Bytes, not `&text[..2]`: the text may start with a character of several bytes.
    match text.as_bytes() {
        [letter, b':' | b'|', rest @ ..] => {
            letter.is_ascii_alphabetic()
                && matches!(rest.first(), None | Some(b'/' | b'\\' | b'?' | b'#'))
        }
        _ => false,
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

impl<'b> Parser<'_, 'b> {
    fn special(&self) -> bool {
        self.scheme != Scheme::Other
    }

    fn file(&self) -> bool {
        self.scheme == Scheme::File
    }

    fn at(&self, p: usize) -> Option<u8> {
        self.bytes.get(p).copied()
    }

    /// The end of the run starting at `p`: the first byte `stop` accepts, or the input's end.
    fn run_end(&self, p: usize, mut stop: impl FnMut(u8) -> bool) -> usize {
        self.bytes[p..]
            .iter()
            .position(|&b| stop(b))
            .map_or(self.bytes.len(), |i| p + i)
    }

    fn run(&mut self) -> Result<(), Failure> {
        match self.scheme_colon() {
            Some(colon) => self.after_scheme(colon),
            None => self.no_scheme(),
        }
    }

    /// "scheme start state" and "scheme state": the `:` that ends a scheme, if the input
    /// starts with one.
    fn scheme_colon(&self) -> Option<usize> {
        if !self.bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let end = self.run_end(0, |b| {
            !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        });
        (self.at(end) == Some(b':')).then_some(end)
    }

    /// Writes `scheme:` (lowercase) and notes what kind of scheme it is.
    fn set_scheme(&mut self, scheme: &str) {
        self.out.push_str(scheme);
        self.out.make_ascii_lowercase();
        self.scheme_end = self.out.len();
        self.out.push(':');
        let scheme = &self.out[..self.scheme_end];
        self.scheme = if scheme == "file" {
            Scheme::File
        } else if is_special(scheme) {
            Scheme::Special
        } else {
            Scheme::Other
        };
    }

    fn base_scheme_is(&self, scheme: &str) -> bool {
        self.base.is_some_and(|base| base.scheme_is(scheme))
    }

    /// The base's record, for a state that reads it; `None` without a base.
    fn need_base(&mut self) -> Result<Option<&'b Parsed>, Failure> {
        if self.record.is_none()
            && let Some(base) = self.base
        {
            self.record = Some(base.record()?);
        }
        Ok(self.record)
    }

    fn after_scheme(&mut self, colon: usize) -> Result<(), Failure> {
        let written = &self.input[..colon];
        self.set_scheme(written);
        if self.out[..colon] != *written {
            self.repairs.push(0..colon, RepairKind::SchemeCase);
        }
        let p = colon + 1;
        if self.file() {
            return self.file_state(p, true);
        }
        if self.special() {
            if self.base_scheme_is(&self.out[..colon]) {
                // "special relative or authority state".
                if self.bytes[p..].starts_with(b"//") {
                    return self.ignore_slashes(p + 2, p);
                }
                self.repairs.push(0..p, RepairKind::SchemeRelative);
                self.need_base()?;
                return self.relative(p);
            }
            // "special authority slashes state".
            let after = if self.bytes[p..].starts_with(b"//") {
                p + 2
            } else {
                p
            };
            return self.ignore_slashes(after, p);
        }
        if self.at(p) == Some(b'/') {
            // "path or authority state".
            if self.at(p + 1) == Some(b'/') {
                return self.authority(p + 2);
            }
            self.path_start = self.out.len();
            return self.path(p + 1);
        }
        self.opaque_path(p);
        Ok(())
    }

    /// "no scheme state": a reference resolved against the base.
    fn no_scheme(&mut self) -> Result<(), Failure> {
        let everything = 0..self.bytes.len();
        let Some(base) = self.need_base()? else {
            return Err(Failure::new(LenientErrorKind::MissingScheme, everything));
        };
        if base.opaque {
            if self.at(0) != Some(b'#') {
                return Err(Failure::new(LenientErrorKind::MissingScheme, everything));
            }
            // The base with another fragment.
            let end = base.query.as_ref().map_or(base.path.end, |q| q.end);
            self.out.push_str(base.text(0..end));
            self.scheme_end = base.scheme_end;
            self.scheme = base.scheme;
            self.opaque = true;
            self.path_start = base.path.start;
            self.query = base.query.as_ref().map(|q| q.start);
            self.fragment(1);
            return Ok(());
        }
        self.set_scheme(base.scheme());
        if self.file() {
            return self.file_state(0, false);
        }
        self.relative(0)
    }

    /// Copies the base's userinfo, host and port (its `//authority`, if its host is not
    /// null).
    fn copy_base_authority(&mut self) {
        let Some(base) = self.record else {
            return;
        };
        if let (Some(authority), Some(host)) = (&base.authority, &base.host) {
            let shift = self.out.len() - authority.start;
            self.out.push_str(base.text(authority.clone()));
            self.authority = Some(sets::shift(authority.clone(), shift));
            self.host = Some(sets::shift(host.clone(), shift));
        }
    }

    /// Copies the base's path; the path starts here.
    fn copy_base_path(&mut self) {
        self.path_start = self.out.len();
        if let Some(base) = self.record {
            self.out.push_str(base.text(base.path.clone()));
        }
    }

    /// Copies the base's query, if it has one.
    fn copy_base_query(&mut self) {
        let Some(base) = self.record else {
            return;
        };
        if let Some(query) = base.query.clone() {
            self.query = Some(self.out.len());
            self.out.push_str(base.text(query));
        }
    }

    /// "relative state".
    fn relative(&mut self, p: usize) -> Result<(), Failure> {
        match self.at(p) {
            Some(b'/') => return self.relative_slash(p + 1, p),
            Some(b'\\') if self.special() => return self.relative_slash(p + 1, p),
            _ => {}
        }
        self.copy_base_authority();
        self.copy_base_path();
        match self.at(p) {
            Some(b'?') => {
                self.query(p + 1);
                Ok(())
            }
            Some(b'#') => {
                self.copy_base_query();
                self.fragment(p + 1);
                Ok(())
            }
            None => {
                self.copy_base_query();
                Ok(())
            }
            Some(_) => {
                self.shorten(p..p);
                self.path(p)
            }
        }
    }

    /// "relative slash state": after the `/` (or `\`) at `slash` that starts a reference.
    fn relative_slash(&mut self, p: usize, slash: usize) -> Result<(), Failure> {
        let c = self.at(p);
        if self.special() && matches!(c, Some(b'/' | b'\\')) {
            return self.ignore_slashes(p + 1, slash);
        }
        if c == Some(b'/') {
            return self.authority(p + 1);
        }
        if self.at(slash) == Some(b'\\') {
            self.repairs.push(slash..slash + 1, RepairKind::Backslash);
        }
        self.copy_base_authority();
        self.path_start = self.out.len();
        self.path(p)
    }

    /// "special authority ignore slashes state", for the slashes that started at `from`: any
    /// number of `/` and `\` are skipped, and the authority follows.
    fn ignore_slashes(&mut self, p: usize, from: usize) -> Result<(), Failure> {
        let end = self.run_end(p, |b| b != b'/' && b != b'\\');
        if self.input[from..end] != *"//" {
            self.repairs.push(from..end, RepairKind::Slashes);
        }
        self.authority(end)
    }

    /// "authority state", "host state" and "port state": from `p`, after the `//`, up to the
    /// path, query or fragment.
    fn authority(&mut self, p: usize) -> Result<(), Failure> {
        let special = self.special();
        let end = self.run_end(p, |b| {
            matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\')
        });
        self.sources.authority = Some(p..end);
        let start = self.out.len();
        self.out.push_str("//");
        let mut host_start = p;
        if let Some(at) = self.bytes[p..end].iter().rposition(|&b| b == b'@') {
            host_start = p + at + 1;
            if host_start == end {
                // "host-missing": userinfo without a host.
                return Err(Failure::new(LenientErrorKind::InvalidHost, p..end));
            }
            self.userinfo(p..p + at);
        }
        // The host ends at a `:` outside brackets.
        let host_port = &self.bytes[host_start..end];
        let colon = if host_port.contains(&b'[') {
            let mut inside_brackets = false;
            host_port.iter().position(|&b| {
                match b {
                    b'[' => inside_brackets = true,
                    b']' => inside_brackets = false,
                    _ => {}
                }
                b == b':' && !inside_brackets
            })
        } else {
            host_port.iter().position(|&b| b == b':')
        };
        let host_end = colon.map_or(end, |i| host_start + i);
        let has_port = host_end < end;
        if host_end == host_start && (has_port || special) {
            return Err(Failure::new(LenientErrorKind::InvalidHost, host_start..end));
        }
        let host_out = self.out.len();
        host::parse(
            &self.input[host_start..host_end],
            host_start..host_end,
            special,
            &mut self.out,
            &mut self.repairs,
        )?;
        self.host = Some(host_out..self.out.len());
        if has_port {
            self.port(host_end, end)?;
        }
        self.authority = Some(start..self.out.len());
        self.path_start_state(end)
    }

    /// The userinfo before the last `@` of the authority: a username, and after the first
    /// `:` a password, each in the userinfo percent-encode set; written only if not empty.
    fn userinfo(&mut self, at: Range<usize>) {
        let text = &self.input[at.clone()];
        let (username, password) = match text.find(':') {
            Some(colon) => (&text[..colon], Some((at.start + colon, &text[colon + 1..]))),
            None => (text, None),
        };
        if username.is_empty() && password.is_none_or(|(_, p)| p.is_empty()) {
            self.repairs
                .push(at.start..at.end + 1, RepairKind::EmptyCredentials);
            return;
        }
        encode_into(
            &sets::USERINFO_SET,
            username,
            at.start,
            &mut self.out,
            &mut self.repairs,
        );
        if let Some((colon, password)) = password {
            if password.is_empty() {
                self.repairs
                    .push(colon..colon + 1, RepairKind::EmptyCredentials);
            } else {
                self.out.push(':');
                encode_into(
                    &sets::USERINFO_SET,
                    password,
                    colon + 1,
                    &mut self.out,
                    &mut self.repairs,
                );
            }
        }
        self.out.push('@');
    }

    /// "port state": the digits after the `:` at `colon`, up to `end`.
    fn port(&mut self, colon: usize, end: usize) -> Result<(), Failure> {
        let digits = &self.input[colon + 1..end];
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Failure::new(LenientErrorKind::InvalidPort, colon + 1..end));
        }
        if digits.is_empty() {
            self.repairs.push(colon..end, RepairKind::EmptyPort);
            return Ok(());
        }
        let significant = digits.trim_start_matches('0');
        let port = if significant.is_empty() {
            0
        } else if significant.len() > 5 {
            u32::MAX
        } else {
            significant.parse::<u32>().unwrap_or(u32::MAX)
        };
        let port = u16::try_from(port)
            .map_err(|_| Failure::new(LenientErrorKind::InvalidPort, colon + 1..end))?;
        if default_port(&self.out[..self.scheme_end]) == Some(port) {
            self.repairs.push(colon..end, RepairKind::DefaultPort);
            return Ok(());
        }
        self.out.push(':');
        let start = self.out.len();
        crate::writer::itoa::push(port, &mut self.out);
        if self.out[start..] != *digits {
            self.repairs.push(colon + 1..end, RepairKind::PortZeros);
        }
        Ok(())
    }

    /// "path start state", at `p`, after the authority.
    fn path_start_state(&mut self, p: usize) -> Result<(), Failure> {
        self.path_start = self.out.len();
        let c = self.at(p);
        if self.special() {
            return match c {
                Some(b'\\') => {
                    self.repairs.push(p..p + 1, RepairKind::Backslash);
                    self.path(p + 1)
                }
                Some(b'/') => self.path(p + 1),
                _ => {
                    self.repairs.push(p..p, RepairKind::EmptyPath);
                    self.path(p)
                }
            };
        }
        match c {
            Some(b'?') => {
                self.query(p + 1);
                Ok(())
            }
            Some(b'#') => {
                self.fragment(p + 1);
                Ok(())
            }
            None => Ok(()),
            Some(b'/') => self.path(p + 1),
            Some(_) => self.path(p),
        }
    }

    /// "shorten a URL's path": removes its last segment, unless it is a `file` URL's only
    /// segment and a normalized drive letter; `at` is the `..` (or the text) that asks.
    fn shorten(&mut self, at: Range<usize>) {
        let path = &self.out[self.path_start..];
        if self.file() && path.len() == 3 && is_normalized_drive_letter(&path[1..]) {
            self.repairs.push(at, RepairKind::WindowsDriveLetter);
            return;
        }
        if let Some(last) = path.rfind('/') {
            self.out.truncate(self.path_start + last);
        }
    }

    /// "path state": the segments of a path that is a list, from `p`, each written as `/`
    /// and the segment.
    fn path(&mut self, mut p: usize) -> Result<(), Failure> {
        let special = self.special();
        let start = p;
        loop {
            let end = self.run_end(p, |b| {
                matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\')
            });
            let segment = &self.input[p..end];
            let c = self.at(end);
            let slash = c == Some(b'/') || (special && c == Some(b'\\'));
            if is_double_dot(segment) {
                self.shorten(p..end);
                if !slash {
                    self.out.push('/');
                }
                if self.report_dots {
                    self.repairs.push(p..end, RepairKind::DotSegment);
                }
            } else if is_single_dot(segment) {
                if !slash {
                    self.out.push('/');
                }
                if self.report_dots {
                    self.repairs.push(p..end, RepairKind::DotSegment);
                }
            } else {
                let first = self.out.len() == self.path_start;
                self.out.push('/');
                if self.file() && first && is_drive_letter(segment) {
                    self.out.push_str(&segment[..1]);
                    self.out.push(':');
                    if segment.ends_with('|') {
                        self.repairs
                            .push(p + 1..end, RepairKind::WindowsDriveLetter);
                    }
                } else {
                    encode_into(
                        &sets::SEGMENT_SET,
                        segment,
                        p,
                        &mut self.out,
                        &mut self.repairs,
                    );
                }
            }
            if c == Some(b'\\') && special {
                self.repairs.push(end..end + 1, RepairKind::Backslash);
            }
            if slash {
                p = end + 1;
                continue;
            }
            self.sources.path = Some(start..end);
            return match c {
                Some(b'?') => {
                    self.query(end + 1);
                    Ok(())
                }
                Some(b'#') => {
                    self.fragment(end + 1);
                    Ok(())
                }
                _ => Ok(()),
            };
        }
    }

    /// "opaque path state".
    fn opaque_path(&mut self, p: usize) {
        self.opaque = true;
        self.path_start = self.out.len();
        let end = self.run_end(p, |b| b == b'?' || b == b'#');
        encode_into(
            &sets::OPAQUE_PATH_SET,
            &self.input[p..end],
            p,
            &mut self.out,
            &mut self.repairs,
        );
        self.sources.path = Some(p..end);
        match self.at(end) {
            Some(b'?') => self.query(end + 1),
            Some(b'#') => self.fragment(end + 1),
            _ => {}
        }
    }

    /// "query state".
    fn query(&mut self, p: usize) {
        self.query = Some(self.out.len());
        self.out.push('?');
        let end = self.run_end(p, |b| b == b'#');
        let set = if self.special() {
            &sets::SPECIAL_QUERY_SET
        } else {
            &sets::QUERY_SET
        };
        encode_into(
            set,
            &self.input[p..end],
            p,
            &mut self.out,
            &mut self.repairs,
        );
        self.sources.query = Some(p..end);
        if end < self.bytes.len() {
            self.fragment(end + 1);
        }
    }

    /// "fragment state".
    fn fragment(&mut self, p: usize) {
        self.fragment = Some(self.out.len());
        self.out.push('#');
        encode_into(
            &sets::FRAGMENT_SET,
            &self.input[p..],
            p,
            &mut self.out,
            &mut self.repairs,
        );
        self.sources.fragment = Some(p..self.bytes.len());
    }

    /// Writes an empty host: `file` URLs have one where no host is written.
    fn empty_host(&mut self) {
        let start = self.out.len();
        self.out.push_str("//");
        self.host = Some(self.out.len()..self.out.len());
        self.authority = Some(start..self.out.len());
    }

    /// "file state", at `p` after `file:` (`explicit`) or at the start of a reference
    /// resolved against a `file` base.
    fn file_state(&mut self, p: usize, explicit: bool) -> Result<(), Failure> {
        let c = self.at(p);
        if matches!(c, Some(b'/' | b'\\')) {
            return self.file_slash(p + 1, p, explicit);
        }
        let file_base = match self.base {
            Some(base) if base.scheme_is("file") => self.need_base()?,
            _ => None,
        };
        if file_base.is_none() {
            if explicit {
                self.repairs.push(p..p, RepairKind::Slashes);
            }
            self.empty_host();
            self.path_start = self.out.len();
            return self.path(p);
        }
        if explicit {
            self.repairs.push(0..p, RepairKind::SchemeRelative);
        }
        self.copy_base_authority();
        self.copy_base_path();
        match c {
            Some(b'?') => {
                self.query(p + 1);
                Ok(())
            }
            Some(b'#') => {
                self.copy_base_query();
                self.fragment(p + 1);
                Ok(())
            }
            None => {
                self.copy_base_query();
                Ok(())
            }
            Some(_) => {
                if starts_with_drive_letter(&self.input[p..]) {
                    // The drive letter replaces the base's whole path.
                    self.out.truncate(self.path_start);
                } else {
                    self.shorten(p..p);
                }
                self.path(p)
            }
        }
    }

    /// "file slash state", after the `/` or `\` at `slash`.
    fn file_slash(&mut self, p: usize, slash: usize, explicit: bool) -> Result<(), Failure> {
        if matches!(self.at(p), Some(b'/' | b'\\')) {
            if self.input[slash..=p] != *"//" {
                self.repairs.push(slash..p + 1, RepairKind::Slashes);
            }
            return self.file_host(p + 1);
        }
        if explicit {
            self.repairs.push(slash..p, RepairKind::Slashes);
        } else if self.at(slash) == Some(b'\\') {
            self.repairs.push(slash..p, RepairKind::Backslash);
        }
        let file_base = match self.base {
            Some(base) if base.scheme_is("file") => self.need_base()?,
            _ => None,
        };
        if let Some(base) = file_base {
            self.copy_base_authority();
            self.path_start = self.out.len();
            if !starts_with_drive_letter(&self.input[p..])
                && let Some(drive) = base
                    .first_segment()
                    .filter(|s| is_normalized_drive_letter(s))
            {
                self.out.push('/');
                self.out.push_str(drive);
                self.repairs
                    .push(slash..slash, RepairKind::WindowsDriveLetter);
            }
        } else {
            self.empty_host();
            self.path_start = self.out.len();
        }
        self.path(p)
    }

    /// "file host state": after `file://`.
    fn file_host(&mut self, p: usize) -> Result<(), Failure> {
        let end = self.run_end(p, |b| matches!(b, b'/' | b'\\' | b'?' | b'#'));
        self.sources.authority = Some(p..end);
        let buffer = &self.input[p..end];
        if is_drive_letter(buffer) {
            // `file://C:/x`: the drive letter starts the path (a `|` is reported there).
            if buffer.ends_with(':') {
                self.repairs.push(p..end, RepairKind::WindowsDriveLetter);
            }
            self.empty_host();
            self.path_start = self.out.len();
            return self.path(p);
        }
        let start = self.out.len();
        self.out.push_str("//");
        let host_out = self.out.len();
        if !buffer.is_empty() {
            host::parse(buffer, p..end, true, &mut self.out, &mut self.repairs)?;
            if self.out[host_out..] == *"localhost" {
                self.out.truncate(host_out);
                self.repairs.push(p..end, RepairKind::FileLocalhost);
            }
        }
        self.host = Some(host_out..self.out.len());
        self.authority = Some(start..self.out.len());
        self.path_start_state(end)
    }

    /// Refuses the URLs the URL Standard reads that no strict [`Url`](crate::Url) holds: the
    /// rules of `Url::parse` that its serialization can break (the others it keeps by
    /// construction; `is_strict` checks the whole grammar in debug builds, and the tests run
    /// every WPT case and generated input through it).
    fn check_representable(&self, path_end: usize) -> Result<(), Failure> {
        let refuse = |rule, at: &Option<Range<usize>>| {
            Err(Failure::new(
                LenientErrorKind::Unrepresentable(rule),
                at.clone().unwrap_or(0..self.bytes.len()),
            ))
        };
        if let Some(host) = self.host.clone() {
            let host = self.out[host].as_bytes();
            if host.first() != Some(&b'[') {
                // An opaque host keeps its escapes, which no `Url` holds in a host; a domain
                // may hold `"`, `` ` ``, `{` or `}`, which RFC 3986 does not allow there.
                if host.contains(&b'%') {
                    return refuse(ParseErrorKind::InvalidEscape, &self.sources.authority);
                }
                if !host.iter().all(|&b| chars::is(b, chars::REG_NAME)) {
                    return refuse(ParseErrorKind::InvalidCharacter, &self.sources.authority);
                }
                // An opaque host that ends in a number is kept as written; a WHATWG parser
                // reads it as an IPv4 address under a special scheme.
                if host_rules::ends_in_a_number(host) && !host_rules::is_ipv4(host)
                    || host_rules::invalid_xn_label(host).is_some()
                {
                    return refuse(ParseErrorKind::InvalidHost, &self.sources.authority);
                }
            }
            return Ok(());
        }
        let path = &self.out[self.path_start..path_end];
        if !self.opaque {
            // A path without a host that starts with an empty segment: the URL Standard
            // writes `/.` before it, a dot segment no `Url` holds, and without it `//` would
            // read as an authority.
            if path.starts_with("//") {
                return refuse(ParseErrorKind::InvalidPath, &self.sources.path);
            }
            return Ok(());
        }
        // An opaque path keeps its dot segments, which RFC 3986 would remove.
        if path
            .split('/')
            .any(|segment| is_dot_segment(segment.as_bytes()))
        {
            return refuse(ParseErrorKind::InvalidPath, &self.sources.path);
        }
        // `localhost:8080`, `example.com:80`: a host and a port typed without a scheme, which
        // `Url::parse` refuses as never meant.
        let scheme = &self.out[..self.scheme_end];
        let first = path.split('/').next().unwrap_or(path);
        if (scheme == "localhost" || scheme.contains('.'))
            && (1..=5).contains(&first.len())
            && first.bytes().all(|b| b.is_ascii_digit())
        {
            return refuse(ParseErrorKind::InvalidScheme, &self.sources.path);
        }
        Ok(())
    }

    /// The URL read, once it is known to be a strict URL.
    fn finish(self) -> Result<(Parsed, Repairs), Failure> {
        let len = self.out.len();
        let path_end = self.query.or(self.fragment).unwrap_or(len);
        let query = self.query.map(|q| q..self.fragment.unwrap_or(len));
        self.check_representable(path_end)?;
        debug_assert!(is_strict(&self.out), "not a strict URL: {:?}", self.out);
        let parsed = Parsed {
            out: self.out,
            scheme: self.scheme,
            scheme_end: self.scheme_end,
            authority: self.authority,
            host: self.host,
            path: self.path_start..path_end,
            opaque: self.opaque,
            query,
        };
        Ok((parsed, self.repairs))
    }
}

/// Whether `Url::parse`'s grammar accepts `text`, for the debug assertion that every output is
/// a strict URL.
fn is_strict(text: &str) -> bool {
    let mut errors = urlkit_syntax::error::Errors::new();
    urlkit_syntax::reference::parse(
        text,
        &[],
        urlkit_syntax::reference::Options {
            iri: false,
            joined: false,
        },
        &mut errors,
    );
    errors.is_empty()
}
