//! The shape oracle: what a template implies about the URLs it builds, computed from the
//! template and the tagged expansion (`rfc6570.rs`), not by urlkit. It splits text into
//! components with RFC 3986 Appendix B (its own code), and checks that
//! - every byte lands in the component its source lands in when every variable has a plain
//!   value (the template's own shape): no text moves into the host, the scheme, the path;
//! - a value writes no delimiter of its component (`?`/`#` in a path, `&` in a query, `=`
//!   before its pair's `=`, a second `#`), except what urlkit documents (`{+x}` may write
//!   `/` in the path; a `{+base}` that opens the template may write the scheme, authority and
//!   start of the path);
//! - no path segment is `.` or `..` (beyond the leading ones of a relative path written in
//!   the template), a `//` in the path is written as such in the template, a path without an
//!   authority does not start with `//` (nor without the `/` a `{/x}` starts it with when
//!   every value is plain: `{/x}users`), a segment the template leaves to its expressions
//!   gets a character from one of them (the crate docs' segment rule, [`Template::segments`]);
//! - no authority is empty where WHATWG parsers would skip its slashes (no scheme, or a
//!   special one): `///evil.com`;
//! - a host or port placeholder holds a host or a port, `{.x}` one label per value or item;
//! - in a query of pairs, every `?` and `&` stands before a pair (a pair left out takes its
//!   separator along);
//! - a WHATWG parser (the `url` crate) reads the same scheme, host, port, number of path
//!   segments, query pairs and fragment (a network-path reference against a special base
//!   and against another), and reads a `{+base}` value typed with a `\` as it reads the
//!   URL built from it (`mod.rs`).

use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Range;

use super::rfc6570::{Op, Origin, Out, Part};

/// A component of a URI reference; delimiters belong to the component they open (`?` to
/// the query, `//` to the authority, `:` before a port to the port).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Comp {
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

/// Components of `text` by RFC 3986 Appendix B: byte ranges, delimiters excluded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    pub scheme: Option<Range<usize>>,
    pub userinfo: Option<Range<usize>>,
    pub host: Option<Range<usize>>,
    pub port: Option<Range<usize>>,
    pub path: Range<usize>,
    pub query: Option<Range<usize>>,
    pub fragment: Option<Range<usize>>,
}

/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, and the authority as
/// `[userinfo "@"] host [":" port]` with an IP literal in brackets; the scheme only if it is
/// a valid one.
pub fn split(text: &[u8]) -> Split {
    let n = text.len();
    let mut s = Split::default();
    let mut pos = 0;
    let stop = text
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'))
        .unwrap_or(n);
    // Only a valid scheme (RFC 3986 §3.1): `1a:b` and `a b:c` are relative paths with a `:`.
    let valid = text[..stop].first().is_some_and(u8::is_ascii_alphabetic)
        && text[..stop]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
    if valid && stop < n && text[stop] == b':' {
        s.scheme = Some(0..stop);
        pos = stop + 1;
    }
    if text[pos..].starts_with(b"//") {
        let start = pos + 2;
        let end = text[start..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .map_or(n, |i| start + i);
        let at = text[start..end]
            .iter()
            .rposition(|&b| b == b'@')
            .map(|i| start + i);
        let host_start = match at {
            Some(at) => {
                s.userinfo = Some(start..at);
                at + 1
            }
            None => start,
        };
        let host_end = if text.get(host_start) == Some(&b'[') {
            text[host_start..end]
                .iter()
                .position(|&b| b == b']')
                .map_or(end, |i| host_start + i + 1)
        } else {
            text[host_start..end]
                .iter()
                .position(|&b| b == b':')
                .map_or(end, |i| host_start + i)
        };
        s.host = Some(host_start..host_end);
        if host_end < end && text[host_end] == b':' {
            s.port = Some(host_end + 1..end);
        }
        pos = end;
    }
    let path_end = text[pos..]
        .iter()
        .position(|&b| matches!(b, b'?' | b'#'))
        .map_or(n, |i| pos + i);
    s.path = pos..path_end;
    pos = path_end;
    if pos < n && text[pos] == b'?' {
        let end = text[pos..]
            .iter()
            .position(|&b| b == b'#')
            .map_or(n, |i| pos + i);
        s.query = Some(pos + 1..end);
        pos = end;
    }
    if pos < n && text[pos] == b'#' {
        s.fragment = Some(pos + 1..n);
    }
    s
}

impl Split {
    /// The component of each byte of a text of `len` bytes, delimiters included.
    pub fn components(&self, len: usize) -> Vec<Comp> {
        let mut comps = vec![Comp::Path; len];
        let mut fill = |range: Range<usize>, comp: Comp| {
            for c in &mut comps[range] {
                *c = comp;
            }
        };
        if let Some(r) = &self.scheme {
            fill(r.start..r.end + 1, Comp::Scheme);
        }
        if let Some(h) = &self.host {
            let auth_start = self.userinfo.as_ref().map_or(h.start, |u| u.start);
            fill(auth_start.saturating_sub(2)..h.end, Comp::Host);
            if let Some(u) = &self.userinfo {
                fill(u.start..u.end + 1, Comp::Userinfo);
            }
            if let Some(p) = &self.port {
                fill(p.start - 1..p.end, Comp::Port);
            }
        }
        if let Some(q) = &self.query {
            fill(q.start - 1..q.end, Comp::Query);
        }
        if let Some(f) = &self.fragment {
            fill(f.start - 1..f.end, Comp::Fragment);
        }
        comps
    }
}

/// The template's text with each expression replaced by bytes of the same length that split
/// like it: `{/x}` as a `/`, `{?x}` as a `?`, `{#x}` as a `#`, the others as letters.
pub fn template_stand_in(parts: &[Part], len: usize, source: &str) -> Vec<u8> {
    let mut text = source.as_bytes().to_vec();
    text.truncate(len);
    for part in parts {
        if let Part::Expr { start, end, op, .. } = part {
            for b in &mut text[*start..*end] {
                *b = b'x';
            }
            text[*start] = match op {
                Op::Path => b'/',
                Op::Query => b'?',
                Op::Fragment => b'#',
                _ => b'x',
            };
        }
    }
    text
}

/// The host of a template (its byte range), expressions taken as holes.
pub fn template_host(source: &str) -> Option<Range<usize>> {
    let parts = super::rfc6570::parse(source).ok()?;
    let text = template_stand_in(&parts, source.len(), source);
    split(&text).host
}

/// A way a URL's shape differs from what the template implies, or a value that is not what
/// its place needs: each is a documented refusal of urlkit (see [`Violation::kinds`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A byte of the template's text (at this offset) is in another component.
    TextMoved { offset: usize, from: Comp, to: Comp },
    /// A byte an expression wrote is in another component than the expression stands in.
    ValueMoved { expr: usize, from: Comp, to: Comp },
    /// `//` in the path that the template does not write as such.
    DoubleSlash { expr: Option<usize> },
    /// A `.` or `..` segment.
    DotSegment,
    /// A path segment the template leaves to its expressions (this one first) is empty.
    EmptySegment { expr: usize },
    /// A value wrote `&` in the query, `=` before its pair's `=`, or a second `#`.
    ValueDelimiter { expr: usize, delimiter: u8 },
    /// Not a changed shape but urlkit's documented guard, decided from the template's text:
    /// a value wrote `=` before the first `=` the text writes between two of its `&`.
    KeyGuard { expr: usize },
    /// The host a host placeholder made is not a host.
    BadHost,
    /// The port placeholder's value is not a port.
    BadPort,
    /// A prefix modifier on a list or map with items.
    PrefixOnComposite,
    /// A `{+base}` value that does not start a valid URL.
    BadBase,
    /// The template writes a second `#` (RFC 3986 §3.5 allows one).
    SecondHash,
    /// A `:` in the first segment of a relative path, where it would read as a scheme.
    RelativeColon,
    /// A path without an authority starts without a `/`, with text or an expression that
    /// only expressions precede in the template, one of them a `{/x}`: with that `{/x}`
    /// defined (and those before it not), the path is absolute; here it is relative (or
    /// rootless, RFC 3986 §3.3), resolved against another directory.
    RootLost,
    /// A separator with no pair after it in a query of pairs (`?&`, `&&`, a dangling `&` or
    /// `?`): a pair left out that left its separator.
    EmptyPair,
    /// An empty authority (`///evil.com`, `//`) in a URL without a scheme or of a special
    /// one: WHATWG parsers skip the slashes of a special URL's authority (URL Standard,
    /// "special authority ignore slashes state") and take the path's first segment as the
    /// host, where RFC 3986 §3.2 reads an empty host.
    EmptyAuthority,
    /// A `{+base}` value that a WHATWG parser, reading it as written, reads with another
    /// scheme, host, port or number of path segments than the URL built from it (a `\`,
    /// which WHATWG parsers read as `/` in a special URL, written `%5C`).
    BaseReadOtherwise,
    /// A raw `\` in a `{+x}` or `{#x}` value (a string, a list item, a map key or value):
    /// reserved expansion would pass it, and it has no one meaning (the URL Standard reads
    /// it as `/` in a special URL's authority and path; RFC 3986 allows it nowhere).
    Backslash,
}

impl Violation {
    /// The `urlkit::ExpandErrorKind`s that refuse it (by their `Debug` names).
    pub fn kinds(&self) -> &'static [&'static str] {
        match self {
            Violation::TextMoved { .. } => &["Required", "LeavesComponent", "InvalidBase"],
            Violation::ValueMoved { .. } => &[
                "Required",
                "JoinsAuthority",
                "LeavesComponent",
                "DoubleSlash",
                "InvalidBase",
                "DotSegment",
            ],
            Violation::DoubleSlash { .. } => &["DoubleSlash", "EmptySegment"],
            Violation::DotSegment => &["DotSegment"],
            // `DoubleSlash` where the empty segment makes `//`.
            Violation::EmptySegment { .. } => &["EmptySegment", "DoubleSlash"],
            Violation::Backslash => &["Backslash"],
            Violation::ValueDelimiter { .. } | Violation::KeyGuard { .. } => &["LeavesComponent"],
            Violation::BadHost => &["InvalidHost"],
            Violation::BadPort => &["InvalidPort"],
            Violation::PrefixOnComposite => &["PrefixOnComposite"],
            Violation::BadBase => &["InvalidBase"],
            Violation::BaseReadOtherwise => &["InvalidBase", "Backslash"],
            // Refused with the template (`UndefinedStartsRelative`), never at expansion.
            Violation::SecondHash | Violation::EmptyPair | Violation::RootLost => &[],
            Violation::RelativeColon => &["LeavesComponent", "InvalidBase"],
            Violation::EmptyAuthority => &["InvalidBase", "DoubleSlash", "InvalidHost"],
        }
    }
}

/// What the template says about itself: computed once per template.
pub struct Template<'a> {
    pub source: &'a str,
    pub parts: &'a [Part],
    /// The expansion with every variable a plain value.
    pub skeleton: Out,
    /// Its components, per template offset (literal bytes) and per expression.
    lit_comp: Vec<Option<Comp>>,
    expr_comp: Vec<Option<Comp>>,
    /// Whether the template has a scheme or an authority of its own.
    pub relative: bool,
    pub has_authority: bool,
    /// The template's path in order: its `/`, its other text, its expressions (the guarantee's
    /// segment rule reads segments off it, see [`Self::segments`]).
    path_items: Vec<PathItem>,
    /// Whether the query is one of pairs (`pairs.rs`): a pair left out takes its `&` along.
    pairs_query: bool,
    /// The expression that opens the template as `{+base}`, if any.
    pub base: Option<usize>,
    /// The expressions in the host and the port, and each expression's operator.
    pub host_exprs: Vec<usize>,
    ops: Vec<Op>,
    /// The expression that is the whole host, or all of an IP literal (`[{ip}]`).
    whole_host: Option<usize>,
    ip_literal: Option<usize>,
    pub port_expr: Option<usize>,
}

impl<'a> Template<'a> {
    pub fn new(source: &'a str, parts: &'a [Part], skeleton: Out) -> Template<'a> {
        let split_k = split(&skeleton.bytes);
        let comps = split_k.components(skeleton.bytes.len());
        let mut lit_comp = vec![None; source.len() + 1];
        let exprs = parts
            .iter()
            .filter(|p| matches!(p, Part::Expr { .. }))
            .count();
        let mut expr_comp = vec![None; exprs];
        for (i, origin) in skeleton.origin.iter().enumerate() {
            match *origin {
                Origin::Lit(at) => {
                    lit_comp[at].get_or_insert(comps[i]);
                }
                Origin::Op(e) | Origin::Val(e) => {
                    // The component of its last byte: a `?` or `#` it opens with is a delimiter.
                    expr_comp[e] = Some(comps[i]);
                }
            }
        }
        let stand_in = template_stand_in(parts, source.len(), source);
        let t = split(&stand_in);
        let mut host_exprs = Vec::new();
        let mut port_expr = None;
        let mut base = None;
        let mut ops = vec![Op::Simple; exprs];
        let mut whole_host = None;
        let mut ip_literal = None;
        for part in parts {
            let Part::Expr {
                index,
                start,
                end,
                op,
                ..
            } = part
            else {
                continue;
            };
            if *start == 0 && *op == Op::Reserved && t.scheme.is_none() && t.host.is_none() {
                base = Some(*index);
            }
            ops[*index] = *op;
            if let Some(h) = &t.host
                && h.contains(start)
            {
                host_exprs.push(*index);
                if h.start == *start && h.end == *end {
                    whole_host = Some(*index);
                }
                if h.start + 1 == *start && h.end == *end + 1 && stand_in[h.start] == b'[' {
                    ip_literal = Some(*index);
                }
            }
            if let Some(p) = &t.port
                && p.start == *start
                && p.end == *end
                && !matches!(op, Op::Path | Op::Query | Op::Fragment)
            {
                port_expr = Some(*index);
            }
        }
        let mut path_items = Vec::new();
        for part in parts {
            match part {
                Part::Lit { start, text } => {
                    for (i, b) in text.bytes().enumerate() {
                        if t.path.contains(&(start + i)) {
                            path_items.push(if b == b'/' {
                                PathItem::Slash
                            } else {
                                PathItem::Text
                            });
                        }
                    }
                }
                Part::Expr { index, start, .. } if t.path.contains(start) => {
                    path_items.push(PathItem::Expr(*index));
                }
                Part::Expr { .. } => {}
            }
        }
        Template {
            source,
            parts,
            skeleton,
            lit_comp,
            expr_comp,
            relative: t.scheme.is_none() && t.host.is_none(),
            has_authority: t.host.is_some(),
            path_items,
            pairs_query: super::pairs::query_of_pairs(source, parts).is_some(),
            base,
            host_exprs,
            ops,
            whole_host,
            ip_literal,
            port_expr,
        }
    }

    /// Every violation of the template's shape in the expansion `out`.
    pub fn violations(&self, out: &Out) -> Vec<Violation> {
        let mut found = Vec::new();
        let s = split(&out.bytes);
        let comps = s.components(out.bytes.len());
        for (i, origin) in out.origin.iter().enumerate() {
            match *origin {
                Origin::Lit(at) => {
                    if let Some(from) = self.lit_comp[at]
                        && from != comps[i]
                        && !self.base_moves(out, i, from, comps[i])
                    {
                        found.push(Violation::TextMoved {
                            offset: at,
                            from,
                            to: comps[i],
                        });
                    }
                }
                Origin::Op(e) | Origin::Val(e) => {
                    let to = comps[i];
                    if Some(e) == self.base && !matches!(to, Comp::Query | Comp::Fragment) {
                        continue;
                    }
                    // Unlike the template's text (`{+base}index`), a value never joins the
                    // scheme or authority a `{+base}` left open: that is the value moving.
                    if let Some(from) = self.expr_comp[e]
                        && from != to
                    {
                        found.push(Violation::ValueMoved {
                            expr: e,
                            from,
                            to: comps[i],
                        });
                    }
                }
            }
        }
        if let Some(i) = (0..out.bytes.len())
            .find(|&i| out.bytes[i] == b'#' && matches!(out.origin[i], Origin::Val(_)))
            && let Origin::Val(e) = out.origin[i]
        {
            found.push(Violation::ValueDelimiter {
                expr: e,
                delimiter: b'#',
            });
        }
        // An authority the template does not have: its `//` must be all the `{+base}`'s.
        if let Some(h) = &s.host
            && !self.has_authority
        {
            let start = s.userinfo.as_ref().map_or(h.start, |u| u.start);
            let slashes = &out.origin[start.saturating_sub(2)..start];
            let base = |o: &Origin| matches!(o, Origin::Val(e) if Some(*e) == self.base);
            if !slashes.iter().all(base) {
                found.push(Violation::DoubleSlash { expr: None });
            }
        }
        if s.host.as_ref().is_some_and(Range::is_empty) && s.userinfo.is_none() && s.port.is_none()
        {
            let scheme = s.scheme.clone().map(|r| out.bytes[r].to_ascii_lowercase());
            let special = scheme
                .as_deref()
                .is_none_or(|s| [&b"http"[..], b"https", b"ws", b"wss", b"ftp"].contains(&s));
            if special {
                found.push(Violation::EmptyAuthority);
            }
        }
        self.path(out, &s, &mut found);
        self.query(out, &s, &mut found);
        if let Some(f) = &s.fragment
            && let Some(i) = (f.start..f.end).find(|&i| out.bytes[i] == b'#')
        {
            found.push(match out.origin[i] {
                Origin::Val(e) => Violation::ValueDelimiter {
                    expr: e,
                    delimiter: b'#',
                },
                _ => Violation::SecondHash,
            });
        }
        self.authority(out, &s, &mut found);
        found
    }

    /// Whether byte `i` of `out`, which the template puts in `from`, is in `to` because a
    /// `{+base}` before it supplied a scheme or an authority: the path's text may then join
    /// them (RFC 6570's `{+base}index`), but nothing moves into the query or the fragment.
    fn base_moves(&self, out: &Out, i: usize, from: Comp, to: Comp) -> bool {
        let Some(b) = self.base else {
            return false;
        };
        // Into a scheme only if it is one (`1a:` is a relative path with a `:`), and only
        // if the base wrote the `:` that ends it: a later value's `:` would make the base's
        // text and its own a scheme (`{+a}{+h}` with `i` and `.ex:`).
        let scheme_ok = to != Comp::Scheme
            || has_valid_scheme(&out.bytes)
                && split(&out.bytes).scheme.is_some_and(
                    |r| matches!(out.origin[r.end], Origin::Val(e) | Origin::Op(e) if e == b),
                );
        from == Comp::Path
            && scheme_ok
            && !matches!(to, Comp::Query | Comp::Fragment)
            && out.origin[..i].contains(&Origin::Val(b))
    }

    /// The component the template puts byte `i` of `out` in: its skeleton's, or where it is
    /// for the bytes of a `{+base}` (and the text it moved, see [`Self::base_moves`]).
    fn expected(&self, out: &Out, comps: &[Comp], i: usize) -> Option<Comp> {
        let from = match out.origin[i] {
            Origin::Lit(at) => self.lit_comp[at],
            // What reads as an invalid scheme (`a b,http:`) is a relative path's text.
            Origin::Op(e) | Origin::Val(e) if Some(e) == self.base && comps[i] == Comp::Scheme => {
                return Some(if has_valid_scheme(&out.bytes) {
                    Comp::Scheme
                } else {
                    Comp::Path
                });
            }
            Origin::Op(e) | Origin::Val(e) if Some(e) == self.base => return Some(comps[i]),
            Origin::Op(e) | Origin::Val(e) => self.expr_comp[e],
        }?;
        Some(if self.base_moves(out, i, from, comps[i]) {
            comps[i]
        } else {
            from
        })
    }

    /// The path as the template delimits it (its bytes, wherever the expansion put them):
    /// dot segments, `//`, an empty whole-segment placeholder, a `:` in a relative path's
    /// first segment.
    fn path(&self, out: &Out, s: &Split, found: &mut Vec<Violation>) {
        let comps = s.components(out.bytes.len());
        let indices: Vec<usize> = (0..out.bytes.len())
            .filter(|&i| self.expected(out, &comps, i) == Some(Comp::Path))
            .collect();
        let bytes: Vec<u8> = indices.iter().map(|&i| out.bytes[i]).collect();
        let origin: Vec<Origin> = indices.iter().map(|&i| out.origin[i]).collect();
        // `//`: both `/` adjacent in the template's text.
        for i in 1..bytes.len() {
            if bytes[i] == b'/' && bytes[i - 1] == b'/' {
                let literal = matches!((origin[i - 1], origin[i]), (Origin::Lit(a), Origin::Lit(b)) if a + 1 == b);
                if !literal {
                    let expr = [origin[i - 1], origin[i]].iter().find_map(|o| match o {
                        Origin::Op(e) | Origin::Val(e) => Some(*e),
                        Origin::Lit(_) => None,
                    });
                    found.push(Violation::DoubleSlash { expr });
                }
            }
        }
        let authority = s.host.is_some() || self.has_authority;
        if !authority && bytes.starts_with(b"//") {
            found.push(Violation::DoubleSlash { expr: None });
        }
        // A `:` in the first segment of a relative path (not one a `{+base}` wrote: a
        // scheme it supplies is checked with the rest of the URL it starts).
        // Unless a `{+base}` supplied a (valid) scheme or an authority.
        let valid_scheme = s.scheme.clone().is_some_and(|r| {
            let scheme = &out.bytes[r];
            scheme.first().is_some_and(u8::is_ascii_alphabetic)
                && scheme
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
        });
        let supplied = (0..out.bytes.len()).any(|i| match self.expected(out, &comps, i) {
            Some(Comp::Userinfo | Comp::Host | Comp::Port) => true,
            Some(Comp::Scheme) => valid_scheme,
            _ => false,
        });
        if self.relative && !supplied {
            let first = bytes.iter().position(|&b| b == b'/').unwrap_or(bytes.len());
            let colon = (0..first).any(|i| {
                bytes[i] == b':'
                    && !matches!(origin[i], Origin::Val(e) | Origin::Op(e) if Some(e) == self.base)
            });
            if colon {
                found.push(Violation::RelativeColon);
            }
        }
        if !authority && self.root_lost(out, s) {
            found.push(Violation::RootLost);
        }
        // Dot segments, but the leading ones of a relative path written in the template.
        let mut leading = self.relative && !bytes.starts_with(b"/");
        let mut start = 0;
        for end in (0..=bytes.len()).filter(|&i| i == bytes.len() || bytes[i] == b'/') {
            let segment = &bytes[start..end];
            let dot = is_dot_segment(segment);
            if dot && !(leading && self.literal_segment(out, &origin[start..end])) {
                found.push(Violation::DotSegment);
            }
            if !(dot || start == 0 && segment.is_empty()) {
                leading = false;
            }
            start = end + 1;
        }
        self.segments(out, found);
    }

    /// Whether the path of `out` starts without a `/`, with what only expressions precede
    /// in the template's path, one of them a `{/x}` (which, defined, would have started it
    /// with `/`).
    fn root_lost(&self, out: &Out, s: &Split) -> bool {
        let Some(&first) = out.bytes.get(s.path.start) else {
            return false;
        };
        if first == b'/' || s.path.is_empty() {
            return false;
        }
        let source_at = match out.origin[s.path.start] {
            Origin::Lit(offset) => offset,
            Origin::Op(e) | Origin::Val(e) => self.expr_start(e),
        };
        let stand_in = template_stand_in(self.parts, self.source.len(), self.source);
        let path_start = split(&stand_in).path.start;
        // A `{/x}` can write first only with a variable none of the expressions before it
        // has (`{.a}{/a}` never starts the path with `/`), and, in a template that does not
        // open with a `{+base}`, only with no other kind of expression before it: those
        // that write nothing leave the first segment, which is theirs, empty before its `/`,
        // which the segment rule refuses (`{a}{/p}` is never `/v`). A segment that holds the
        // base may be empty.
        let mut slash_before = false;
        let mut other_before = false;
        let mut before: Vec<&str> = Vec::new();
        for part in self.parts {
            match part {
                Part::Lit { start, text }
                    if *start < source_at && *start + text.len() > path_start =>
                {
                    return false;
                }
                Part::Expr {
                    start, op, vars, ..
                } if *start >= path_start && *start < source_at => {
                    let names = || vars.iter().map(|v| v.name.as_str());
                    slash_before |=
                        *op == Op::Path && !other_before && names().any(|n| !before.contains(&n));
                    other_before |= *op != Op::Path && self.base.is_none();
                    before.extend(names());
                }
                _ => {}
            }
        }
        slash_before
    }

    fn expr_start(&self, e: usize) -> usize {
        self.parts
            .iter()
            .find_map(|p| match p {
                Part::Expr { index, start, .. } if *index == e => Some(*start),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// The guarantee's segment rule (crate docs, "A value stays in its place", path): a
    /// segment the template leaves to its expressions is never written empty. A segment
    /// starts at the path's start or at a `/` of the template's text, and runs to the first
    /// `/` a value writes (`{/x}`'s own, or one `{+x}` passes), the next `/` of the text, or
    /// the path's end (`{?x}` and `{#x}` end it). If it holds expressions and no text, some
    /// expression must write a character in it: RFC 6570 §3.2's `{x}` and `{+x}` write
    /// nothing for an empty or undefined value, `{.x}` and `{;x}` their `.` or `;` whenever
    /// defined, `{&x}` `&x=` (Appendix A: `ifemp` is `=`). A `{/x}` that writes nothing
    /// leaves the segment open, and one that writes starts the next; what follows a `/` a
    /// value writes is that value's segment (`{/x}` of `""` ends the path with an empty one),
    /// which only the `//` rule bounds. A `{+base}` may leave its segment empty
    /// (`{+base}/users`).
    fn segments(&self, out: &Out, found: &mut Vec<Violation>) {
        let mut wrote: Vec<Vec<u8>> = vec![Vec::new(); self.ops.len()];
        for (i, origin) in out.origin.iter().enumerate() {
            if let Origin::Op(e) | Origin::Val(e) = *origin {
                wrote[e].push(out.bytes[i]);
            }
        }
        let mut segment = Segment::default();
        for item in &self.path_items {
            match *item {
                PathItem::Slash => {
                    segment.close(found);
                    segment = Segment::default();
                }
                PathItem::Text => segment.text = true,
                PathItem::Expr(e) => {
                    if self.ops[e] != Op::Path {
                        segment.first_expr.get_or_insert(e);
                    }
                    segment.base |= Some(e) == self.base;
                    for &b in &wrote[e] {
                        if b == b'/' {
                            segment.close(found);
                            segment = Segment {
                                a_values: true,
                                ..Segment::default()
                            };
                        } else {
                            segment.written = true;
                        }
                    }
                }
            }
        }
        segment.close(found);
    }

    /// Whether a segment's bytes are a whole segment of the template's own text in every
    /// state: the encoding of template bytes `first..end`, with a `/` of the template or its
    /// start before them, and after them a `/`, a `?`, a `#` or the end of the template,
    /// passing over `{/x}` that wrote nothing in `out` (an `{?x}` or `{#x}` ends the path
    /// where the template stands). Any other expression beside the text would write into
    /// the segment when defined (`./.{&b}` is `./.&b=v`): its absence made the dot segment.
    fn literal_segment(&self, out: &Out, origin: &[Origin]) -> bool {
        let mut offsets = Vec::new();
        for o in origin {
            match o {
                Origin::Lit(at) if offsets.last() != Some(at) => offsets.push(*at),
                Origin::Lit(_) => {}
                _ => return false,
            }
        }
        let (Some(&first), Some(&last)) = (offsets.first(), offsets.last()) else {
            return false;
        };
        let source = self.source.as_bytes();
        let char_len = |at: usize| {
            if source[at] == b'%' {
                3
            } else {
                self.source[at..].chars().next().map_or(1, char::len_utf8)
            }
        };
        let contiguous = offsets.windows(2).all(|w| w[0] + char_len(w[0]) == w[1]);
        let before = first == 0 || source[first - 1] == b'/';
        let wrote = |e: usize| {
            out.origin
                .iter()
                .any(|o| matches!(o, Origin::Op(x) | Origin::Val(x) if *x == e))
        };
        let mut at = last + char_len(last);
        let after = loop {
            let expr = self.parts.iter().find_map(|p| match p {
                Part::Expr {
                    start,
                    end,
                    op,
                    index,
                    ..
                } if *start == at => Some((*end, *op, *index)),
                _ => None,
            });
            match expr {
                Some((end, Op::Path, e)) if !wrote(e) => at = end,
                // What follows `{?x}` and `{#x}` is in the template's query or fragment,
                // written or not (text moving out of them is a violation of its own).
                Some((_, Op::Path | Op::Query | Op::Fragment, _)) => break true,
                Some(_) => break false,
                None => {
                    break source
                        .get(at)
                        .is_none_or(|b| matches!(b, b'/' | b'?' | b'#'));
                }
            }
        };
        contiguous && before && after
    }

    fn query(&self, out: &Out, s: &Split, found: &mut Vec<Violation>) {
        let Some(q) = s.query.clone() else {
            return;
        };
        // In a query of pairs, each `?` and `&` stands before a pair it writes: a pair left
        // out takes its separator along (no `?&`, `&&`, dangling `&` or lone `?`).
        if self.pairs_query {
            let bytes = &out.bytes[q.clone()];
            if bytes.is_empty() || bytes.split(|&b| b == b'&').any(<[u8]>::is_empty) {
                found.push(Violation::EmptyPair);
            }
        }
        let mut pair_start = q.start;
        for end in (q.start..=q.end).filter(|&i| i == q.end || out.bytes[i] == b'&') {
            if end < q.end
                && let Origin::Val(e) = out.origin[end]
            {
                found.push(Violation::ValueDelimiter {
                    expr: e,
                    delimiter: b'&',
                });
            }
            // A value's `=` before the pair's own `=`: the first one the template's text or
            // an operator that names its pairs (`{&x}` writes `&x=`) wrote in the pair. The
            // value would move the pair's name. (An `=` `{+m*}` writes between a map's key
            // and value is not the pair's: the template does not name that pair.)
            let names_pair = |o| match o {
                Origin::Lit(_) => true,
                Origin::Op(e) => matches!(self.ops[e], Op::Query | Op::Cont),
                Origin::Val(_) => false,
            };
            if let Some(i) = value_eq_before(out, pair_start..end, names_pair) {
                found.push(Violation::ValueDelimiter {
                    expr: i,
                    delimiter: b'=',
                });
            }
            pair_start = end + 1;
        }
        // urlkit's documented guard, decided from the template's text alone: between two
        // `&` the text writes (or the query's start or end), a value may not write `=` before
        // the first `=` the text writes, even when an operator between opens a pair of its
        // own (`?{+x}{&y}a=1` refuses `=` in `x` whether `y` is defined or not).
        let mut region_start = q.start;
        for end in (q.start..=q.end).filter(|&i| {
            i == q.end || (out.bytes[i] == b'&' && matches!(out.origin[i], Origin::Lit(_)))
        }) {
            if let Some(expr) =
                value_eq_before(out, region_start..end, |o| matches!(o, Origin::Lit(_)))
            {
                found.push(Violation::KeyGuard { expr });
            }
            region_start = end + 1;
        }
    }

    fn authority(&self, out: &Out, s: &Split, found: &mut Vec<Violation>) {
        if !self.host_exprs.is_empty() && !self.host_is_valid(out, s.host.clone()) {
            found.push(Violation::BadHost);
        }
        if let Some(p) = self.port_expr
            && (s.port.is_some() || out.port_defined || out.origin.contains(&Origin::Val(p)))
        {
            let port: Vec<u8> = (0..out.bytes.len())
                // The value and the `,` between a list's items or the variables.
                .filter(|&i| matches!(out.origin[i], Origin::Val(e) | Origin::Op(e) if e == p))
                .map(|i| out.bytes[i])
                .collect();
            let port = &port[..];
            let valid = !port.is_empty()
                && port.len() <= 5
                && port.iter().all(u8::is_ascii_digit)
                && std::str::from_utf8(port)
                    .ok()
                    .and_then(|p| p.parse::<u32>().ok())
                    .is_some_and(|p| p <= 65535);
            if !valid {
                found.push(Violation::BadPort);
            }
        }
    }
}

impl Template<'_> {
    /// urlkit's rule for what a host placeholder writes (`url!`'s docs, "Where a placeholder
    /// stands"): the whole host is a host name of letters, digits, `-` and `.` or an IP
    /// address; part of a host is one label, `{.x}` dot-prefixed labels. And the `url` crate
    /// reads the host back as written (no IPv4 number such as `0x7f.1`, no `xn--` label it
    /// cannot decode).
    fn host_is_valid(&self, out: &Out, host: Option<Range<usize>>) -> bool {
        let label =
            |l: &[u8]| !l.is_empty() && l.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-');
        for &e in &self.host_exprs {
            let wrote: Vec<u8> = (0..out.bytes.len())
                .filter(|&i| matches!(out.origin[i], Origin::Op(x) | Origin::Val(x) if x == e))
                .map(|i| out.bytes[i])
                .collect();
            let valid = if Some(e) == self.ip_literal {
                std::str::from_utf8(&wrote).is_ok_and(|t| t.parse::<Ipv6Addr>().is_ok())
            } else if Some(e) == self.whole_host {
                let text = String::from_utf8_lossy(&wrote);
                let name = text.strip_suffix('.').unwrap_or(&text);
                // The URL Standard's "ends in a number" (§3.5, host parsing): a last label of
                // digits, or `0x` and hex digits, makes the host an IPv4 number, which is
                // valid only as four dotted decimals.
                let last = name.rsplit('.').next().unwrap_or_default();
                let number = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
                    || last
                        .strip_prefix("0x")
                        .or(last.strip_prefix("0X"))
                        .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                text.strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .is_some_and(|t| t.parse::<Ipv6Addr>().is_ok())
                    || text.parse::<Ipv4Addr>().is_ok()
                    || (!number && name.split('.').all(|l| label(l.as_bytes())))
            } else if self.ops[e] == Op::Label {
                // One label per value, or per item when exploded (`{.x*}`): the `.` between
                // them is the operator's, never a value's.
                let mut items: Vec<Vec<u8>> = Vec::new();
                let mut syntax_ok = true;
                for i in 0..out.bytes.len() {
                    match out.origin[i] {
                        Origin::Op(x) if x == e => {
                            syntax_ok &= out.bytes[i] == b'.';
                            items.push(Vec::new());
                        }
                        Origin::Val(x) if x == e => match items.last_mut() {
                            Some(item) => item.push(out.bytes[i]),
                            None => syntax_ok = false,
                        },
                        _ => {}
                    }
                }
                syntax_ok && items.iter().all(|l| label(l))
            } else {
                label(&wrote)
            };
            if !valid {
                return false;
            }
        }
        host.is_some_and(|h| is_host(&out.bytes[h]))
    }
}

/// One piece of a template's path, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathItem {
    /// A `/` of the template's text.
    Slash,
    /// Any other byte of its text.
    Text,
    /// An expression, by index.
    Expr(usize),
}

/// A path segment as [`Template::segments`] reads it.
#[derive(Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about one segment"
)]
struct Segment {
    /// It follows a `/` a value wrote: the value's own segment.
    a_values: bool,
    /// The template's text stands in it.
    text: bool,
    /// Its first expression other than `{/x}`, if any.
    first_expr: Option<usize>,
    /// The `{+base}` stands in it.
    base: bool,
    /// An expression wrote a character in it.
    written: bool,
}

impl Segment {
    fn close(&self, found: &mut Vec<Violation>) {
        if let Some(expr) = self.first_expr
            && !(self.a_values || self.text || self.base || self.written)
        {
            found.push(Violation::EmptySegment { expr });
        }
    }
}

/// Whether `text` starts with a valid scheme and its `:` (RFC 3986 §3.1).
fn has_valid_scheme(text: &[u8]) -> bool {
    split(text).scheme.is_some_and(|r| {
        let scheme = &text[r];
        scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
    })
}

/// `.`, `..` and their `%2E` spellings (the WHATWG URL parser reads them all as dots).
pub fn is_dot_segment(segment: &[u8]) -> bool {
    let lower = segment.to_ascii_lowercase();
    matches!(
        lower.as_slice(),
        b"." | b"%2e" | b".." | b".%2e" | b"%2e." | b"%2e%2e"
    )
}

/// Whether the `url` crate reads `host` back as the same host (an IPv6 address as the same
/// address).
pub fn is_host(host: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(host) else {
        return false;
    };
    let Some(theirs) = url::Url::parse(&format!("http://{text}/"))
        .ok()
        .and_then(|u| u.host_str().map(String::from))
    else {
        return false;
    };
    let v6 = |t: &str| t.trim_matches(['[', ']']).parse::<Ipv6Addr>().ok();
    theirs == text.to_ascii_lowercase() || v6(&theirs).is_some_and(|a| v6(text) == Some(a))
}

/// Whether `text` is an RFC 3986 URI reference (§4.1, Appendix A), read with [`split`]:
/// each component holds only its characters, `[` and `]` only around an IPv6 host, `%` only
/// in triplets, a relative path's first segment no `:`, a path without an authority no
/// leading `//`, a path after an authority a leading `/`.
pub fn is_uri_reference(text: &[u8]) -> bool {
    let s = split(text);
    let sub_delim = |b: u8| b"!$&'()*+,;=".contains(&b);
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
    let run = |range: Range<usize>, extra: &[u8]| {
        let mut i = range.start;
        while i < range.end {
            let b = text[i];
            if b == b'%' {
                if !super::rfc6570::is_triplet(&text[i..range.end]) {
                    return false;
                }
                i += 3;
                continue;
            }
            if !(unreserved(b) || sub_delim(b) || extra.contains(&b)) {
                return false;
            }
            i += 1;
        }
        true
    };
    if let Some(scheme) = s.scheme.clone() {
        let scheme = &text[scheme];
        let valid = scheme.first().is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
        if !valid {
            return false;
        }
    }
    if let Some(userinfo) = s.userinfo.clone()
        && !run(userinfo, b":")
    {
        return false;
    }
    if let Some(host) = s.host.clone() {
        let h = &text[host.clone()];
        let valid = if h.first() == Some(&b'[') {
            // RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", IPvFuture =
            // "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
            let ipv_future = |inner: &[u8]| {
                let Some(rest) = inner.strip_prefix(b"v").or(inner.strip_prefix(b"V")) else {
                    return false;
                };
                let hex = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
                hex > 0
                    && rest.get(hex) == Some(&b'.')
                    && rest.len() > hex + 1
                    && rest[hex + 1..]
                        .iter()
                        .all(|&b| unreserved(b) || sub_delim(b) || b == b':')
            };
            h.strip_prefix(b"[")
                .and_then(|h| h.strip_suffix(b"]"))
                .is_some_and(|inner| {
                    ipv_future(inner)
                        || std::str::from_utf8(inner)
                            .is_ok_and(|inner| inner.parse::<Ipv6Addr>().is_ok())
                })
        } else {
            run(host, b"")
        };
        if !valid {
            return false;
        }
        if !text[s.path.clone()].is_empty() && text[s.path.start] != b'/' {
            return false;
        }
    } else if text[s.path.clone()].starts_with(b"//") {
        return false;
    }
    if let Some(port) = s.port.clone()
        && !text[port].iter().all(u8::is_ascii_digit)
    {
        return false;
    }
    if s.scheme.is_none() && s.host.is_none() {
        let path = &text[s.path.clone()];
        let first = path.split(|&b| b == b'/').next().unwrap_or_default();
        if first.contains(&b':') {
            return false;
        }
    }
    run(s.path.clone(), b":@/")
        && s.query.clone().is_none_or(|q| run(q, b":@/?"))
        && s.fragment.clone().is_none_or(|f| run(f, b":@/?"))
}

/// The expression whose value wrote the first `=` in `range` of `out` before the first `=`
/// whose origin `delimits` (none if no such `=` follows it).
fn value_eq_before(
    out: &Out,
    range: Range<usize>,
    delimits: impl Fn(Origin) -> bool,
) -> Option<usize> {
    let delimiter = range
        .clone()
        .find(|&i| out.bytes[i] == b'=' && delimits(out.origin[i]))?;
    (range.start..delimiter).find_map(|i| match out.origin[i] {
        Origin::Val(e) if out.bytes[i] == b'=' => Some(e),
        _ => None,
    })
}
