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

use alloc::string::ToString;
use alloc::vec::Vec;
use core::ops::Range;

use crate::chars;
use crate::error::{Component, ErrorKind, Errors};
use crate::path::{is_dot_segment, without_dot_segments};
use crate::scheme::is_special;
use crate::template::{Expression, Operator};
use crate::typos;

mod authority;
mod characters;
mod split;

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
    /// The template is appended to a base URL's path (`url!(base, ...)`): as after an
    /// authority, its path must start with `/` in every state of its expressions.
    pub joined: bool,
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
        resolving: false,
    };
    text.parse(errors)
}

/// Checks `src` as a reference about to be resolved against a base (RFC 3986 §5.2): as
/// [`parse`] checks a URI (not an IRI) without expressions, except for what resolution
/// settles: dot segments may stand anywhere in the path (§5.2.4 removes them), and a special
/// scheme may go without `//` (§5.2.2 reads `http:g` as `g` against an `http` base; the
/// caller refuses it against any other).
pub fn parse_to_resolve(src: &str, errors: &mut Errors) -> Reference {
    let text = Text {
        src,
        bytes: src.as_bytes(),
        exprs: &[],
        iri: false,
        resolving: true,
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
        resolving: false,
    };
    text.split(None).0
}

/// Whether the authority is empty: nothing between `//` and the path, query or fragment.
/// With a scheme, that is the scheme's to judge (`file:///etc/hosts`; the special schemes'
/// empty host is `EmptyHost`). A relative reference has no scheme to judge it: a WHATWG
/// parser resolving `///evil.com` against an `https:` base skips the slashes and reads
/// `evil.com` as the host (URL Standard, "special authority ignore slashes state"), while
/// against a `file:` base the host stays empty and `evil.com` is the path.
fn is_empty_authority(authority: &Authority) -> bool {
    authority.userinfo.is_none() && authority.port.is_none() && authority.host.is_empty()
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
    /// The text is a reference about to be resolved: see [`parse_to_resolve`].
    resolving: bool,
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
        if self.exprs.is_empty() {
            // A URL rather than a template (`Url::parse`, the accessors): bytes only.
            let bytes = &self.bytes[range.clone()];
            let found = bytes.iter().position(|&b| stop(Tok::Byte(b)));
            return range.start + found.unwrap_or(bytes.len());
        }
        // The same tokens as `tok` reads one at a time, taken a run of text at a time: the
        // bytes up to the next expression that starts in the range, then that expression.
        let mut pos = range.start;
        let mut next_expr = self.exprs.partition_point(|e| e.range.start < pos);
        while pos < range.end {
            let expr = self
                .exprs
                .get(next_expr)
                .filter(|e| e.range.start < range.end);
            let text_end = expr.map_or(range.end, |e| e.range.start);
            let bytes = &self.bytes[pos..text_end];
            if let Some(found) = bytes.iter().position(|&b| stop(Tok::Byte(b))) {
                return pos + found;
            }
            let Some(expr) = expr else {
                break;
            };
            if stop(Tok::Expr(next_expr)) {
                return expr.range.start;
            }
            pos = expr.range.end;
            next_expr += 1;
        }
        range.end
    }

    /// The expressions that start in `range`. The expressions are sorted, so this is a
    /// binary search and not a scan: the path is checked one segment at a time, and a scan
    /// per segment would make the check quadratic in the number of expressions.
    fn exprs_in(&self, range: Range<usize>) -> Range<usize> {
        let first = self.exprs.partition_point(|e| e.range.start < range.start);
        let end = first + self.exprs[first..].partition_point(|e| e.range.start < range.end);
        first..end
    }

    fn is_expr(&self, pos: usize) -> bool {
        pos < self.bytes.len() && matches!(self.tok(pos).0, Tok::Expr(_))
    }

    fn parse(&self, errors: &mut Errors) -> Reference {
        let (mut reference, openers) = self.split(Some(errors));
        let mut placement_vec = core::mem::take(&mut reference.placements);
        let placements = &mut placement_vec[..];
        for i in self.exprs_in(0..reference.scheme.as_ref().map_or(0, |s| s.end)) {
            errors.push(self.exprs[i].range.clone(), ErrorKind::PlaceholderInScheme);
            placements[i] = Placement::Scheme;
        }
        let scheme = reference.scheme.clone().map(|s| &self.src[s]);
        // `is_special` last: it compares the scheme with six names, and most references
        // with a scheme have an authority.
        if let Some(scheme) = scheme
            && reference.authority.is_none()
            && !self.resolving
            && is_special(scheme)
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
            if scheme.is_none() && !self.resolving && is_empty_authority(authority) {
                let slashes = authority.host.start - 2..authority.host.start;
                errors.push(slashes, ErrorKind::EmptyAuthority);
            }
        }
        self.check_path(&reference, placements, errors);
        if let Some(query) = reference.query.clone() {
            let opened = (Operator::Query, openers.query, ErrorKind::SecondQuery);
            self.check_opened(query, Component::Query, opened, placements, errors);
        }
        if let Some(fragment) = reference.fragment.clone() {
            let opened = (
                Operator::Fragment,
                openers.fragment,
                ErrorKind::SecondFragment,
            );
            self.check_opened(fragment, Component::Fragment, opened, placements, errors);
        }
        reference.placements = placement_vec;
        reference
    }

    /// The query or the fragment (`pchar / "/" / "?"`, RFC 3986 §3.4–3.5): an expression with
    /// the operator that opens it (`{?x}`, `{#x}`) may only be the one that did, since a second
    /// one would write a second `?` or `#`.
    fn check_opened(
        &self,
        range: Range<usize>,
        component: Component,
        (operator, opener, second): (Operator, Option<usize>, ErrorKind),
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let placement = match component {
            Component::Query => Placement::Query,
            _ => Placement::Fragment,
        };
        self.check_text(range, component, chars::QUERY, errors, |i, errors| {
            if self.op(i) == operator && opener != Some(i) {
                errors.push(self.exprs[i].range.clone(), second.clone());
            }
            placements[i] = placement;
        });
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
        if self.resolving {
            return;
        }
        let absolute = !relative || self.bytes.get(path.start) == Some(&b'/');
        let mut leading = !absolute;
        let mut bad = Vec::new();
        let mut start = path.start;
        // The segments are read in order: a cursor over the sorted expressions says whether
        // one starts in a segment (no binary search per segment).
        let mut next_expr = self.exprs.partition_point(|e| e.range.start < start);
        while start <= path.end {
            let end = self.find(start..path.end, |t| matches!(t, Tok::Byte(b'/')));
            let segment = start..end;
            while self
                .exprs
                .get(next_expr)
                .is_some_and(|e| e.range.start < start)
            {
                next_expr += 1;
            }
            let literal = self
                .exprs
                .get(next_expr)
                .is_none_or(|e| e.range.start >= end);
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
                resolved: without_dot_segments(written, reference.authority.is_some()),
            };
            errors.push_all(bad, kind);
        }
    }
}
