//! An RFC 6570 expander written from the RFC alone (§2 for the syntax, §3.2 and Appendix A
//! for expansion), sharing nothing with urlkit: its own character classes, its own
//! percent-encoding, its own parser. Every output byte is tagged with where it came from
//! ([`Origin`]): the template's text, an operator's syntax, or a value; the shape oracle
//! (`shape.rs`) reads those tags.
//!
//! [`Rules::urlkit`] adds, each as a switch, the extensions urlkit documents (crate docs,
//! "What a value can never do", and `Template`'s docs): query pairs written by hand,
//! brackets written `%5B`/`%5D` by reserved expansion, uppercase triplets, IPv6 host values
//! in brackets, a port placeholder that drops its `:` when undefined. [`Rules::RFC`] is the
//! RFC alone, which the uritemplate-test suite checks (`oracle_rfc6570.rs`).

use std::fmt::Write as _;

/// An expression's operator (RFC 6570 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Simple,
    Reserved,
    Fragment,
    Label,
    Path,
    Param,
    Query,
    Cont,
}

/// Appendix A's table, one row per operator.
pub struct Row {
    pub first: &'static str,
    pub sep: &'static str,
    pub named: bool,
    pub ifemp: &'static str,
    /// `allow` is `U+R` rather than `U`.
    pub reserved: bool,
}

impl Op {
    pub fn from_char(c: char) -> Option<Op> {
        Some(match c {
            '+' => Op::Reserved,
            '#' => Op::Fragment,
            '.' => Op::Label,
            '/' => Op::Path,
            ';' => Op::Param,
            '?' => Op::Query,
            '&' => Op::Cont,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Op::Simple => "",
            Op::Reserved => "+",
            Op::Fragment => "#",
            Op::Label => ".",
            Op::Path => "/",
            Op::Param => ";",
            Op::Query => "?",
            Op::Cont => "&",
        }
    }

    /// RFC 6570 Appendix A.
    pub fn row(self) -> Row {
        let (first, sep, named, ifemp, reserved) = match self {
            Op::Simple => ("", ",", false, "", false),
            Op::Reserved => ("", ",", false, "", true),
            Op::Fragment => ("#", ",", false, "", true),
            Op::Label => (".", ".", false, "", false),
            Op::Path => ("/", "/", false, "", false),
            Op::Param => (";", ";", true, "", false),
            Op::Query => ("?", "&", true, "=", false),
            Op::Cont => ("&", "&", true, "=", false),
        };
        Row {
            first,
            sep,
            named,
            ifemp,
            reserved,
        }
    }
}

/// `varname [":" max-length / "*"]` (§2.3, §2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSpec {
    pub name: String,
    pub explode: bool,
    pub prefix: Option<usize>,
}

/// A template: literal text and expressions, with their byte offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Lit {
        start: usize,
        text: String,
    },
    Expr {
        /// The expression's index among the template's expressions.
        index: usize,
        start: usize,
        end: usize,
        op: Op,
        vars: Vec<VarSpec>,
    },
}

/// RFC 6570 §2.3: a variable's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Undef,
    Str(String),
    List(Vec<String>),
    Map(Vec<(String, String)>),
}

impl Value {
    /// §2.3: undefined, or an empty list or map.
    pub fn is_undefined(&self) -> bool {
        match self {
            Value::Undef => true,
            Value::Str(_) => false,
            Value::List(items) => items.is_empty(),
            Value::Map(pairs) => pairs.is_empty(),
        }
    }
}

/// Where an output byte came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The template's text, at this byte offset.
    Lit(usize),
    /// Syntax an operator writes (`first`, `sep`, a name, `=`) for this expression.
    Op(usize),
    /// A value (or a map key) of this expression.
    Val(usize),
}

/// An expansion: bytes and where each came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Out {
    pub bytes: Vec<u8>,
    pub origin: Vec<Origin>,
    /// Variables with a prefix modifier and a list or map value (RFC 6570 §2.4.1: "not
    /// applicable"); the expansion goes on without them.
    pub prefix_on_composite: Vec<String>,
    /// A port expression had a defined value (perhaps an empty string, which writes no byte).
    pub port_defined: bool,
}

impl Out {
    fn push(&mut self, text: &str, origin: Origin) {
        self.bytes.extend_from_slice(text.as_bytes());
        self.origin.extend(std::iter::repeat_n(origin, text.len()));
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.bytes.clone()).expect("the expansion is ASCII")
    }
}

/// Which of urlkit's documented extensions apply.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::struct_excessive_bools, reason = "one switch per extension")]
pub struct Rules {
    /// Query pairs written by hand (`?q={x}&page={p}`) drop and repeat, and a query of pairs
    /// is joined with `?` and `&` whatever is defined.
    pub hand_pairs: bool,
    /// Reserved expansion writes `[` and `]` as `%5B` and `%5D`, except in a `{+x}` that
    /// opens the template.
    pub brackets_encoded: bool,
    /// Percent-triplets are written with uppercase hex.
    pub uppercase_triplets: bool,
    /// A whole-host `{h}` is written as is (the guards check it), an IPv6 address in
    /// brackets; a host label `{x}` and `{.x}` too.
    pub raw_hosts: bool,
    /// `:{port}` writes its `:` only when the port is defined.
    pub optional_port: bool,
    /// Not an extension: a `{+base}` value's `\` written as it is, not as `%5C`, for reading
    /// the value as its writer typed it (a WHATWG parser reads `\` as `/` in a special URL).
    pub raw_base: bool,
}

impl Rules {
    pub const RFC: Rules = Rules {
        hand_pairs: false,
        brackets_encoded: false,
        uppercase_triplets: false,
        raw_hosts: false,
        optional_port: false,
        raw_base: false,
    };

    pub fn urlkit() -> Rules {
        Rules {
            hand_pairs: true,
            brackets_encoded: true,
            uppercase_triplets: true,
            raw_hosts: true,
            optional_port: true,
            raw_base: false,
        }
    }
}

fn is_alpha(c: char) -> bool {
    c.is_ascii_alphabetic()
}

/// RFC 3986 §2.3 `unreserved`.
pub fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// RFC 3986 §2.2 `reserved`: `gen-delims` and `sub-delims`.
pub fn is_reserved(c: char) -> bool {
    matches!(
        c,
        ':' | '/'
            | '?'
            | '#'
            | '['
            | ']'
            | '@'
            | '!'
            | '$'
            | '&'
            | '\''
            | '('
            | ')'
            | '*'
            | '+'
            | ','
            | ';'
            | '='
    )
}

fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// A `pct-encoded` triplet at the start of `s`.
pub fn is_triplet(s: &[u8]) -> bool {
    s.len() >= 3 && s[0] == b'%' && is_hex(s[1]) && is_hex(s[2])
}

/// RFC 6570 §2.1 `literals`, beside `pct-encoded`, and `'`: the RFC leaves it out, but the
/// uritemplate-test suite writes it in literals (`'{var}'`), and RFC 3986 allows it.
fn is_literal_char(c: char) -> bool {
    let u = u32::from(c);
    matches!(u, 0x21 | 0x23..=0x24 | 0x26..=0x3B | 0x3D | 0x3F..=0x5B | 0x5D | 0x5F | 0x61..=0x7A | 0x7E)
        || is_ucschar(u)
        || is_iprivate(u)
}

/// RFC 3987 `ucschar`.
fn is_ucschar(u: u32) -> bool {
    matches!(u, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x1_0000..=0xE_FFFF).contains(&u) && (u & 0xFFFF) <= 0xFFFD && u < 0xE_0000)
        || (0xE_1000..=0xE_FFFD).contains(&u)
}

/// RFC 3987 `iprivate`.
fn is_iprivate(u: u32) -> bool {
    matches!(u, 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}

/// Parses a template (RFC 6570 §2): `Err` names the first problem.
pub fn parse(template: &str) -> Result<Vec<Part>, String> {
    let bytes = template.as_bytes();
    let mut parts = Vec::new();
    let mut lit_start = 0;
    let mut lit = String::new();
    let mut i = 0;
    let mut index = 0;
    while i < bytes.len() {
        if bytes[i] == b'{' {
            if !lit.is_empty() {
                parts.push(Part::Lit {
                    start: lit_start,
                    text: std::mem::take(&mut lit),
                });
            }
            let close = template[i..]
                .find('}')
                .ok_or_else(|| format!("unclosed expression at {i}"))?
                + i;
            let inner = &template[i + 1..close];
            let (op, varlist) = match inner.chars().next() {
                Some(c) if Op::from_char(c).is_some() => {
                    (Op::from_char(c).unwrap_or(Op::Simple), &inner[1..])
                }
                Some('=' | ',' | '!' | '@' | '|') => {
                    return Err(format!("reserved operator at {i}"));
                }
                _ => (Op::Simple, inner),
            };
            let mut vars = Vec::new();
            for spec in varlist.split(',') {
                vars.push(
                    parse_varspec(spec).ok_or_else(|| format!("bad varspec `{spec}` at {i}"))?,
                );
            }
            parts.push(Part::Expr {
                index,
                start: i,
                end: close + 1,
                op,
                vars,
            });
            index += 1;
            i = close + 1;
            lit_start = i;
            continue;
        }
        if is_triplet(&bytes[i..]) {
            lit.push_str(&template[i..i + 3]);
            i += 3;
            continue;
        }
        let c = template[i..].chars().next().ok_or("not at a character")?;
        if !is_literal_char(c) {
            return Err(format!("character {c:?} not allowed at {i}"));
        }
        lit.push(c);
        i += c.len_utf8();
    }
    if !lit.is_empty() {
        parts.push(Part::Lit {
            start: lit_start,
            text: lit,
        });
    }
    Ok(parts)
}

fn parse_varspec(spec: &str) -> Option<VarSpec> {
    let (name, modifier) = match spec.find([':', '*']) {
        Some(at) => (&spec[..at], &spec[at..]),
        None => (spec, ""),
    };
    if !is_varname(name) {
        return None;
    }
    let (explode, prefix) = match modifier {
        "" => (false, None),
        "*" => (true, None),
        digits => {
            let digits = digits.strip_prefix(':')?;
            let valid = (1..=4).contains(&digits.len())
                && !digits.starts_with('0')
                && digits.bytes().all(|b| b.is_ascii_digit());
            if !valid {
                return None;
            }
            (false, Some(digits.parse().ok()?))
        }
    };
    Some(VarSpec {
        name: name.to_string(),
        explode,
        prefix,
    })
}

/// `varname = varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
fn is_varname(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = 0;
    let mut need_char = true;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            i += 1;
        } else if is_triplet(&b[i..]) {
            i += 3;
        } else if b[i] == b'.' && !need_char {
            i += 1;
            need_char = true;
            continue;
        } else {
            return false;
        }
        need_char = false;
    }
    !need_char
}

/// `%XX` for each UTF-8 octet of `c`, uppercase.
fn pct_encode(c: char, out: &mut String) {
    let mut buf = [0; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        let _ = write!(out, "%{b:02X}");
    }
}

/// §3.1: literal text, with characters outside `unreserved`/`reserved` (and triplets)
/// percent-encoded.
fn encode_literal(text: &str, rules: Rules) -> String {
    let mut out = String::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if is_triplet(&b[i..]) {
            push_triplet(&text[i..i + 3], rules, &mut out);
            i += 3;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        if is_unreserved(c) || is_reserved(c) {
            out.push(c);
        } else {
            pct_encode(c, &mut out);
        }
        i += c.len_utf8();
    }
    out
}

fn push_triplet(triplet: &str, rules: Rules, out: &mut String) {
    if rules.uppercase_triplets {
        out.push_str(&triplet.to_ascii_uppercase());
    } else {
        out.push_str(triplet);
    }
}

/// §3.2.1: a value string encoded for `allow` (`U`, or `U+R` when `reserved`).
pub fn encode_value(value: &str, reserved: bool, brackets_pass: bool, rules: Rules) -> String {
    let mut out = String::new();
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if reserved && is_triplet(&b[i..]) {
            push_triplet(&value[i..i + 3], rules, &mut out);
            i += 3;
            continue;
        }
        let c = value[i..].chars().next().unwrap_or('\u{FFFD}');
        let bracket = matches!(c, '[' | ']');
        let pass = is_unreserved(c)
            || (reserved
                && is_reserved(c)
                && !(bracket && rules.brackets_encoded && !brackets_pass));
        if pass {
            out.push(c);
        } else {
            pct_encode(c, &mut out);
        }
        i += c.len_utf8();
    }
    out
}

/// §2.4.1: the first `n` characters of `value`. A `%XX` triplet (in `U+R`, where triplets
/// pass) is one character, and so is a run of triplets that encodes one UTF-8 character:
/// the RFC counts characters "in order to avoid splitting ... within a pct-encoded triplet".
pub fn prefix(value: &str, n: usize, reserved: bool) -> &str {
    let b = value.as_bytes();
    let mut i = 0;
    let mut count = 0;
    while i < b.len() && count < n {
        if reserved && is_triplet(&b[i..]) {
            i += encoded_char_len(&b[i..]);
        } else {
            i += value[i..].chars().next().map_or(1, char::len_utf8);
        }
        count += 1;
    }
    &value[..i]
}

/// The bytes of the triplets at the start of `b` that encode one UTF-8 character, or 3.
fn encoded_char_len(b: &[u8]) -> usize {
    let octet = |at: usize| -> Option<u8> {
        let t = b.get(at..at + 3)?;
        if !is_triplet(t) {
            return None;
        }
        u8::from_str_radix(std::str::from_utf8(&t[1..]).ok()?, 16).ok()
    };
    let Some(lead) = octet(0) else {
        return 3;
    };
    let len = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return 3,
    };
    let octets: Option<Vec<u8>> = (0..len).map(|k| octet(3 * k)).collect();
    match octets {
        Some(o) if std::str::from_utf8(&o).is_ok() => 3 * len,
        _ => 3,
    }
}

/// Expands `template` (parsed) with `vars` under `rules`.
pub fn expand(source: &str, parts: &[Part], vars: &dyn Fn(&str) -> Value, rules: Rules) -> Out {
    let mut out = Out::default();
    let hand = if rules.hand_pairs {
        crate::oracle::pairs::query_of_pairs(source, parts)
    } else {
        None
    };
    let mut k = 0;
    while k < parts.len() {
        if let Some(pairs) = &hand
            && k == pairs.first_part
        {
            crate::oracle::pairs::expand(source, parts, pairs, vars, rules, &mut out);
            k = pairs.end_part;
            continue;
        }
        match &parts[k] {
            Part::Lit { start, text } => push_literal(*start, text, rules, &mut out),
            Part::Expr {
                index,
                op,
                vars: specs,
                start,
                ..
            } => {
                let context = Context::of(source, parts, k, rules);
                expand_expr(*index, *op, specs, vars, context, rules, &mut out);
                let _ = start;
            }
        }
        k += 1;
    }
    out
}

/// Literal text, each output byte tagged with its offset in the template (an encoded
/// character's triplets all with the character's offset).
pub fn push_literal(start: usize, text: &str, rules: Rules, out: &mut Out) {
    let mut i = 0;
    while i < text.len() {
        let len = if is_triplet(&text.as_bytes()[i..]) {
            3
        } else {
            text[i..].chars().next().map_or(1, char::len_utf8)
        };
        out.push(
            &encode_literal(&text[i..i + len], rules),
            Origin::Lit(start + i),
        );
        i += len;
    }
}

/// What urlkit's documented extensions need to know about where an expression stands.
#[derive(Clone, Copy, Debug, Default)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about one place"
)]
pub struct Context {
    /// A `{+x}` at the very start of the template (`{+base}`): brackets pass.
    pub base: bool,
    /// The whole host (`//{h}/`): written raw, an IPv6 address in brackets.
    pub whole_host: bool,
    /// Part of the host: written raw.
    pub in_host: bool,
    /// `:{port}`.
    pub port: bool,
}

impl Context {
    pub fn of(source: &str, parts: &[Part], k: usize, rules: Rules) -> Context {
        let Part::Expr { start, end, op, .. } = &parts[k] else {
            return Context::default();
        };
        let mut context = Context {
            base: *start == 0 && *op == Op::Reserved,
            ..Context::default()
        };
        if !rules.raw_hosts {
            return context;
        }
        if let Some(host) = crate::oracle::shape::template_host(source) {
            if host.contains(start) {
                context.in_host = true;
                context.whole_host = host.start == *start && host.end == *end;
            }
            let after = &source[host.end..];
            // An expression whose operator starts a path, a query or a fragment after `host:`
            // is no port: the `:` is an empty port (RFC 3986 §3.2.3), which urlkit writes.
            context.port = after.starts_with(':')
                && host.end + 1 == *start
                && !matches!(op, Op::Path | Op::Query | Op::Fragment);
        }
        context
    }
}

/// Appendix A for one expression.
pub fn expand_expr(
    index: usize,
    op: Op,
    specs: &[VarSpec],
    vars: &dyn Fn(&str) -> Value,
    context: Context,
    rules: Rules,
    out: &mut Out,
) {
    let row = op.row();
    let val = Origin::Val(index);
    let syn = Origin::Op(index);
    let enc = |s: &str| {
        if context.in_host || context.port {
            s.to_string()
        } else if context.base && rules.raw_base {
            let encoded: Vec<String> = s
                .split('\\')
                .map(|piece| encode_value(piece, row.reserved, context.base, rules))
                .collect();
            encoded.join("\\")
        } else {
            encode_value(s, row.reserved, context.base, rules)
        }
    };
    if context.port && rules.optional_port {
        // The `:` before it was written as template text; undefined, it is taken back.
        let defined = specs.iter().any(|s| !vars(&s.name).is_undefined());
        out.port_defined |= defined;
        if !defined && out.bytes.last() == Some(&b':') {
            out.bytes.pop();
            out.origin.pop();
        }
    }
    let mut first = true;
    for spec in specs {
        let value = vars(&spec.name);
        if value.is_undefined() {
            continue;
        }
        out.push(if first { row.first } else { row.sep }, syn);
        first = false;
        let start = out.bytes.len();
        match &value {
            Value::Undef => {}
            Value::Str(s) => {
                if row.named {
                    out.push(&spec.name, syn);
                    out.push(if s.is_empty() { row.ifemp } else { "=" }, syn);
                }
                let s = match spec.prefix {
                    Some(n) => prefix(s, n, row.reserved),
                    None => s,
                };
                let mut text = enc(s);
                if context.whole_host && rules.raw_hosts && s.contains(':') && !s.starts_with('[') {
                    text = format!("[{text}]");
                }
                out.push(&text, val);
            }
            Value::List(items) => {
                if spec.prefix.is_some() {
                    out.prefix_on_composite.push(spec.name.clone());
                    continue;
                }
                for (n, item) in items.iter().enumerate() {
                    if spec.explode {
                        if n > 0 {
                            out.push(row.sep, syn);
                        }
                        if row.named {
                            out.push(&spec.name, syn);
                            out.push(if item.is_empty() { row.ifemp } else { "=" }, syn);
                        }
                    } else if n > 0 {
                        out.push(",", syn);
                    } else if row.named {
                        out.push(&spec.name, syn);
                        out.push("=", syn);
                    }
                    out.push(&enc(item), val);
                }
            }
            Value::Map(pairs) => {
                if spec.prefix.is_some() {
                    out.prefix_on_composite.push(spec.name.clone());
                    continue;
                }
                for (n, (key, v)) in pairs.iter().enumerate() {
                    if spec.explode {
                        if n > 0 {
                            out.push(row.sep, syn);
                        }
                        out.push(&enc(key), val);
                        if row.named {
                            out.push(if v.is_empty() { row.ifemp } else { "=" }, syn);
                        } else {
                            out.push("=", syn);
                        }
                    } else {
                        if n > 0 {
                            out.push(",", syn);
                        } else if row.named {
                            out.push(&spec.name, syn);
                            out.push("=", syn);
                        }
                        out.push(&enc(key), val);
                        out.push(",", syn);
                    }
                    out.push(&enc(v), val);
                }
            }
        }
        // A list or map in the whole host is written joined, and the join, if it is an IPv6
        // address, in brackets, as a string is.
        let joined = &out.bytes[start..];
        if context.whole_host
            && rules.raw_hosts
            && matches!(value, Value::List(_) | Value::Map(_))
            && joined.contains(&b':')
            && joined.first() != Some(&b'[')
        {
            out.bytes.insert(start, b'[');
            out.origin.insert(start, val);
            out.push("]", val);
        }
    }
}
