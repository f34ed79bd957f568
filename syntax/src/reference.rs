//! The RFC 3986 `URI-reference` grammar (§3, §4.1, Appendix A) over text that may hold RFC
//! 6570 expressions.
//!
//! An expression is a hole: it is never looked into, but where it stands decides what its value
//! may become ([`Placement`]), and an expression whose operator writes a delimiter (`{/x}`,
//! `{?x}`, `{#x}`) ends the component before it, as the delimiter itself would.
//!
//! Beyond the RFC this grammar rejects what every parser would silently rewrite (dot segments,
//! numeric hosts that are not dotted-decimal IPv4), what makes a URL ambiguous (`%uXXXX`, a
//! special scheme without `//`), and what is valid but never meant: invisible characters
//! (no-break spaces, bidi controls; RFC 3987 §4.1 forbids the latter in IRIs) and a host
//! typed without its scheme (`https//host` and `www.example.com/a` would be relative paths,
//! `localhost:8080` the scheme `localhost`). `Url::parse` and the macros share it, so they
//! accept exactly the same text.

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use crate::chars::{self, HEX};
use crate::error::{Component, ErrorKind, Errors};
use crate::host;
use crate::path::{is_dot_segment, resolve_dot_segments};
use crate::template::{Expression, Operator};
use crate::typos;

/// Where an expression stands, which decides how its value is checked and encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Before the scheme's `:` (always reported as an error).
    Scheme,
    /// A `{+x}` that opens a template with no scheme of its own: its value may supply the
    /// scheme, the authority and the start of the path (RFC 6570 §3.2.3's `{+base}index`).
    Base,
    /// In `user:password` before `@`.
    Userinfo,
    /// A registered name or part of one.
    Host,
    /// Alone between `[` and `]`.
    IpLiteral,
    /// The whole port.
    Port,
    /// In the path.
    Path,
    /// In the query.
    Query,
    /// In the fragment.
    Fragment,
}

/// `userinfo@host:port`, as byte ranges of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    /// Before `@`, if there is one.
    pub userinfo: Option<Range<usize>>,
    /// The host, brackets included for an IP literal.
    pub host: Range<usize>,
    /// After the host's `:`, if there is one.
    pub port: Option<Range<usize>>,
}

/// The components of a URI reference, as byte ranges of the source (delimiters excluded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Before the first `:`.
    pub scheme: Option<Range<usize>>,
    /// After `//`.
    pub authority: Option<Authority>,
    /// Possibly empty.
    pub path: Range<usize>,
    /// After `?`, or from a `{?x}` that opens it.
    pub query: Option<Range<usize>>,
    /// After `#`, or from a `{#x}` that opens it.
    pub fragment: Option<Range<usize>>,
    /// Where each expression stands, in the order of the expressions.
    pub placements: Vec<Placement>,
}

/// What the grammar accepts beyond plain RFC 3986 text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Accept RFC 3987 IRI characters (`ucschar` anywhere but the host, `iprivate` in the
    /// query); the caller percent-encodes them.
    pub iri: bool,
}

/// Checks `src` as a URI reference whose holes are `expressions` (sorted, non-overlapping, as
/// [`crate::template::lex`] returns them), reporting every problem to `errors`.
///
/// The returned ranges are usable even when errors were reported, so the caller can go on
/// checking the expressions without a cascade of follow-on errors.
pub fn parse(
    src: &str,
    expressions: &[Expression],
    options: Options,
    errors: &mut Errors,
) -> Reference {
    let text = Text {
        src,
        bytes: src.as_bytes(),
        exprs: expressions,
        iri: options.iri,
    };
    text.parse(errors)
}

/// Splits a URI reference known to be valid into its components, without checking it.
pub fn split(src: &str) -> Reference {
    let text = Text {
        src,
        bytes: src.as_bytes(),
        exprs: &[],
        iri: true,
    };
    let mut ignored = Errors::new();
    text.split(&mut ignored).0
}

#[derive(Clone, Copy)]
enum Tok {
    Byte(u8),
    Expr(usize),
}

struct Text<'a> {
    src: &'a str,
    bytes: &'a [u8],
    exprs: &'a [Expression],
    iri: bool,
}

/// Which expression, if any, opened the query and the fragment.
struct Openers {
    query: Option<usize>,
    fragment: Option<usize>,
}

impl Text<'_> {
    fn tok(&self, pos: usize) -> (Tok, usize) {
        let b = self.bytes[pos];
        if matches!(b, b'{' | b'}')
            && let Ok(i) = self.exprs.binary_search_by_key(&pos, |e| e.range.start)
        {
            return (Tok::Expr(i), self.exprs[i].range.end);
        }
        (Tok::Byte(b), pos + 1)
    }

    fn op(&self, i: usize) -> Operator {
        self.exprs[i].operator
    }

    /// The first position in `range` whose token satisfies `stop`, or `range.end`.
    fn find(&self, range: Range<usize>, stop: impl Fn(Tok) -> bool) -> usize {
        let mut pos = range.start;
        while pos < range.end {
            let (tok, next) = self.tok(pos);
            if stop(tok) {
                return pos;
            }
            pos = next;
        }
        range.end
    }

    fn exprs_in(&self, range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
        self.exprs
            .iter()
            .enumerate()
            .filter(move |(_, e)| e.range.start >= range.start && e.range.start < range.end)
            .map(|(i, _)| i)
    }

    fn parse(&self, errors: &mut Errors) -> Reference {
        let (mut reference, openers) = self.split(errors);
        let mut placements = core::mem::take(&mut reference.placements);
        let placements = &mut placements[..];
        for i in self.exprs_in(0..reference.scheme.as_ref().map_or(0, |s| s.end)) {
            errors.push(self.exprs[i].range.clone(), ErrorKind::PlaceholderInScheme);
            placements[i] = Placement::Scheme;
        }
        let scheme = reference.scheme.clone().map(|s| &self.src[s]);
        if let Some(scheme) = scheme
            && is_special(scheme)
            && reference.authority.is_none()
        {
            let at = reference.path.start.saturating_sub(1)..reference.path.start;
            let rest = self.src[reference.path.start..].trim_start_matches([':', '/']);
            let fix = if scheme.eq_ignore_ascii_case("file") {
                // `file:/etc/hosts` is `file:///etc/hosts`: an empty host, then the path.
                alloc::format!("{scheme}:///{rest}")
            } else {
                alloc::format!("{scheme}://{rest}")
            };
            errors.push(
                at,
                ErrorKind::MissingAuthority {
                    scheme: scheme.to_string(),
                    fix,
                },
            );
        }
        if reference.authority.is_none() {
            let literal_end = self.exprs.first().map_or(self.src.len(), |e| e.range.start);
            typos::check_missing_scheme(self.src, literal_end, reference.scheme.is_some(), errors);
        }
        if let Some(authority) = &reference.authority {
            self.check_authority(authority, scheme, placements, errors);
        }
        self.check_path(&reference, placements, errors);
        if let Some(query) = reference.query.clone() {
            self.check_text(
                query,
                Component::Query,
                chars::QUERY,
                errors,
                |i, errors| {
                    if self.op(i) == Operator::Query && openers.query != Some(i) {
                        errors.push(self.exprs[i].range.clone(), ErrorKind::SecondQuery);
                    }
                    placements[i] = Placement::Query;
                },
            );
        }
        if let Some(fragment) = reference.fragment.clone() {
            self.check_text(
                fragment,
                Component::Fragment,
                chars::QUERY,
                errors,
                |i, errors| {
                    if self.op(i) == Operator::Fragment && openers.fragment != Some(i) {
                        errors.push(self.exprs[i].range.clone(), ErrorKind::SecondFragment);
                    }
                    placements[i] = Placement::Fragment;
                },
            );
        }
        reference.placements = placements.to_vec();
        reference
    }

    /// Finds the components by their delimiters (RFC 3986 Appendix B, with holes).
    fn split(&self, errors: &mut Errors) -> (Reference, Openers) {
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
            if self.scheme_like(0..first_stop, then_slashes, errors) {
                scheme = Some(0..first_stop);
                pos = first_stop + 1;
            } else {
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
            placements: vec![Placement::Path; self.exprs.len()],
        };
        (reference, openers)
    }

    /// Whether the text before the first `:` is meant as a scheme; reports it if it is a bad
    /// one. Text that could never be a scheme is a relative path instead.
    fn scheme_like(&self, range: Range<usize>, then_slashes: bool, errors: &mut Errors) -> bool {
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

    fn split_authority(&self, range: Range<usize>) -> Authority {
        let mut at = None;
        let mut pos = range.start;
        while pos < range.end {
            let (tok, next) = self.tok(pos);
            if matches!(tok, Tok::Byte(b'@')) {
                at = Some(pos);
            }
            pos = next;
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

    fn check_authority(
        &self,
        authority: &Authority,
        scheme: Option<&str>,
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let only_simple = |i: usize, component, placement, errors: &mut Errors| {
            let op = self.op(i);
            if op != Operator::Simple {
                errors.push(
                    self.exprs[i].range.clone(),
                    ErrorKind::OperatorNotAllowed {
                        op: op.as_str().chars().next().unwrap_or('?'),
                        component,
                    },
                );
            }
            placement
        };
        if let Some(userinfo) = authority.userinfo.clone() {
            self.check_text(
                userinfo,
                Component::Userinfo,
                chars::USERINFO,
                errors,
                |i, errors| {
                    placements[i] =
                        only_simple(i, Component::Userinfo, Placement::Userinfo, errors);
                },
            );
        }
        let host = authority.host.clone();
        // `http://2001:db8::1/` splits into host `2001` and port `db8::1`; say what it is.
        if let Some(port) = authority.port.clone()
            && self.exprs_in(host.start..port.end).next().is_none()
            && host::is_ipv6(&self.bytes[host.start..port.end])
        {
            errors.push(
                host.start..port.end,
                ErrorKind::UnbracketedIpv6 {
                    address: self.src[host.start..port.end].to_string(),
                },
            );
            return;
        }
        if self.bytes.get(host.start) == Some(&b'[') {
            self.check_ip_literal(host.clone(), placements, errors);
        } else {
            let mut has_expr = false;
            self.check_text(
                host.clone(),
                Component::Host,
                chars::REG_NAME,
                errors,
                |i, errors| {
                    has_expr = true;
                    placements[i] = if self.op(i) == Operator::Label {
                        Placement::Host
                    } else {
                        only_simple(i, Component::Host, Placement::Host, errors)
                    };
                },
            );
            let name = &self.bytes[host.clone()];
            if !has_expr {
                if host::ends_in_a_number(name) && !host::is_ipv4(name) {
                    let ipv4 = host::whatwg_ipv4(name)
                        .map(|[a, b, c, d]| alloc::format!("{a}.{b}.{c}.{d}"));
                    errors.push(
                        host.clone(),
                        ErrorKind::NumericHost {
                            host: self.src[host.clone()].to_string(),
                            ipv4,
                        },
                    );
                }
                if let Some(scheme) = scheme
                    && name.is_empty()
                    && is_special(scheme)
                    && !scheme.eq_ignore_ascii_case("file")
                {
                    errors.push(
                        host.start.saturating_sub(1)..host.start,
                        ErrorKind::EmptyHost {
                            scheme: scheme.to_string(),
                        },
                    );
                }
            }
        }
        self.check_host_present(authority, scheme, errors);
        if let Some(port) = authority.port.clone() {
            self.check_port(port, placements, errors);
        }
    }

    /// What RFC 3986 allows around a host but the WHATWG parser fails on: userinfo or a port
    /// beside an empty host ("host-missing", any scheme), and userinfo or a port in a `file`
    /// URL (its "file host state" reads them into the host, where `@` and `:` are forbidden
    /// host code points).
    fn check_host_present(&self, authority: &Authority, scheme: Option<&str>, errors: &mut Errors) {
        let userinfo = authority.userinfo.clone();
        let port = authority.port.clone();
        let host = authority.host.clone();
        if scheme.is_some_and(|s| s.eq_ignore_ascii_case("file")) {
            // `me@` and `:1`, delimiters included: what to remove.
            for part in [
                userinfo.map(|u| u.start..u.end + 1),
                port.map(|p| p.start - 1..p.end),
            ]
            .into_iter()
            .flatten()
            {
                let part_text = self.src[part.clone()].to_string();
                errors.push(part, ErrorKind::FileAuthority { part: part_text });
            }
            return;
        }
        let special = scheme.is_some_and(is_special);
        // A special scheme's empty host is reported as `EmptyHost` already; a placeholder may
        // still fill the host.
        if !host.is_empty() || special {
            return;
        }
        if userinfo.is_some() {
            errors.push(
                host.start - 1..host.start,
                ErrorKind::HostMissing { port: false },
            );
        } else if port.is_some() {
            errors.push(
                host.end..host.end + 1,
                ErrorKind::HostMissing { port: true },
            );
        }
    }

    fn check_ip_literal(
        &self,
        host: Range<usize>,
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let closed = host.len() >= 2 && self.bytes[host.end - 1] == b']';
        let inner = host.start + 1..if closed { host.end - 1 } else { host.end };
        let mut exprs = self.exprs_in(inner.clone());
        if let (Some(i), None) = (exprs.next(), exprs.next())
            && closed
            && self.exprs[i].range == inner
            && self.op(i) == Operator::Simple
        {
            placements[i] = Placement::IpLiteral;
            return;
        }
        let body = &self.bytes[inner.clone()];
        let has_close = self.bytes[host.clone()].contains(&b']');
        if !closed && !has_close {
            errors.push(
                host.start..host.start + 1,
                ErrorKind::UnclosedIpLiteral {
                    text: self.src[host].to_string(),
                },
            );
        } else if !closed || !(host::is_ipv6(body) || host::is_ipvfuture(body)) {
            errors.push(
                host.clone(),
                ErrorKind::BadIpLiteral {
                    text: self.src[host].to_string(),
                },
            );
        }
    }

    fn check_port(&self, port: Range<usize>, placements: &mut [Placement], errors: &mut Errors) {
        let exprs: Vec<usize> = self.exprs_in(port.clone()).collect();
        if let [i] = exprs[..]
            && self.exprs[i].range == port
            && self.op(i) == Operator::Simple
        {
            placements[i] = Placement::Port;
            return;
        }
        if !exprs.is_empty() {
            for i in exprs {
                placements[i] = Placement::Port;
                errors.push(self.exprs[i].range.clone(), ErrorKind::PartialPort);
            }
            return;
        }
        let digits = &self.bytes[port.clone()];
        let text = || self.src[port.clone()].to_string();
        if digits.is_empty() {
            errors.push(port.start - 1..port.start, ErrorKind::EmptyPort);
        } else if !digits.iter().all(u8::is_ascii_digit) {
            errors.push(port.clone(), ErrorKind::BadPort { port: text() });
        } else if too_large(&self.src[port.clone()]) {
            errors.push(port.clone(), ErrorKind::PortTooLarge { port: text() });
        }
    }

    fn check_path(&self, reference: &Reference, placements: &mut [Placement], errors: &mut Errors) {
        let path = reference.path.clone();
        let relative = reference.scheme.is_none() && reference.authority.is_none();
        self.check_text(
            path.clone(),
            Component::Path,
            chars::PATH,
            errors,
            |i, _| {
                let opens_template = self.exprs[i].range.start == 0;
                placements[i] = if relative && opens_template && self.op(i) == Operator::Reserved {
                    Placement::Base
                } else {
                    Placement::Path
                };
            },
        );
        // Dot segments (RFC 3986 §5.2.4) written as text. A relative-path reference may begin
        // with them (`../up`); anywhere else every parser removes them, so the URL would not
        // be what it says.
        let absolute = !relative || self.bytes.get(path.start) == Some(&b'/');
        let mut leading = !absolute;
        let mut bad = Vec::new();
        let mut start = path.start;
        while start <= path.end {
            let end = self.find(start..path.end, |t| matches!(t, Tok::Byte(b'/')));
            let segment = start..end;
            let literal = self.exprs_in(segment.clone()).next().is_none();
            let dot = literal && is_dot_segment(&self.bytes[segment.clone()]);
            // The empty segment before an absolute path's first `/` does not end the run.
            let before_root = segment.is_empty() && start == path.start;
            if dot && !leading {
                bad.push(segment);
            } else if !dot && !before_root {
                leading = false;
            }
            start = end + 1;
        }
        if !bad.is_empty() {
            let written = &self.src[path];
            let kind = ErrorKind::DotSegment {
                path: written.to_string(),
                resolved: resolve_dot_segments(written),
            };
            errors.push_all(bad, kind);
        }
    }

    /// Checks every character of `range` against `allowed`; hands each expression to
    /// `on_expr`.
    fn check_text(
        &self,
        range: Range<usize>,
        component: Component,
        allowed: u16,
        errors: &mut Errors,
        mut on_expr: impl FnMut(usize, &mut Errors),
    ) {
        let mut pos = range.start;
        while pos < range.end {
            let b = self.bytes[pos];
            if chars::is(b, allowed) {
                pos += 1;
                continue;
            }
            if let (Tok::Expr(i), next) = self.tok(pos) {
                on_expr(i, errors);
                pos = next;
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
                    let host = &self.src[range.clone()];
                    // Suggest a punycode form only for a host that is otherwise valid.
                    let plain = host.chars().all(|c| {
                        if c.is_ascii() {
                            chars::is(c as u8, chars::REG_NAME)
                        } else {
                            !chars::is_invisible(c)
                        }
                    });
                    let ascii = plain
                        .then(|| crate::punycode::host_to_ascii(host))
                        .flatten();
                    let host = host.to_string();
                    errors.push(pos..pos + len, ErrorKind::NonAsciiHost { host, ascii });
                } else if !(self.iri && iri_char) {
                    errors.push(pos..pos + len, ErrorKind::NonAscii { ch, component });
                }
                pos += len;
                continue;
            }
            // Whitespace copied along with the URL: no escape is the fix.
            if b.is_ascii_whitespace() && self.src[pos..].trim_ascii().is_empty() {
                errors.push(pos..self.src.len(), ErrorKind::TrailingWhitespace);
                return;
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
    }

    /// Checks the `%` at `pos`; returns where checking goes on.
    fn check_escape(
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
        if let Some((len, utf8)) = percent_u(rest) {
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

    fn is_expr(&self, pos: usize) -> bool {
        pos < self.bytes.len() && matches!(self.tok(pos).0, Tok::Expr(_))
    }
}

/// Whether the digits of a port are over 65535. RFC 3986 §3.2.3 allows leading zeros:
/// `:0080` is port 80.
fn too_large(digits: &str) -> bool {
    let significant = digits.trim_start_matches('0');
    significant.len() > 5 || significant.parse::<u32>().is_ok_and(|p| p > 65535)
}

/// Schemes whose URLs the WHATWG parser treats as "special": they always have an authority.
pub(crate) fn is_special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
}

/// `%uXXXX` (and a following low surrogate): its length and UTF-8 form.
fn percent_u(rest: &[u8]) -> Option<(usize, Option<String>)> {
    let unit = |at: usize| -> Option<u16> {
        let r = rest.get(at..at + 6)?;
        if r[0] != b'%' || !matches!(r[1], b'u' | b'U') {
            return None;
        }
        r[2..]
            .iter()
            .try_fold(0u16, |n, &b| Some(n * 16 + u16::from(chars::hex_value(b)?)))
    };
    let first = unit(0)?;
    let second = unit(6).filter(|u| (0xDC00..0xE000).contains(u));
    let (len, decoded) = if (0xD800..0xDC00).contains(&first)
        && let Some(low) = second
    {
        let c = 0x1_0000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
        (12, char::from_u32(c))
    } else {
        (6, char::from_u32(u32::from(first)))
    };
    let utf8 = decoded.map(|c| crate::error::Escaped(c).to_string());
    Some((len, utf8))
}
