//! RFC 6570 expressions: finding `{...}` in a template and parsing what is inside.
//!
//! The text between expressions is not looked at here; [`crate::reference`] checks it as URL
//! text, with each expression standing in as an opaque hole.

use alloc::boxed::Box;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::ops::Range;

use crate::chars::{self, VARCHAR};
use crate::error::{ErrorKind, Errors};

/// An expression's operator and the expansion rules RFC 6570 Appendix A gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// `{x}`: simple string expansion (§3.2.2).
    Simple,
    /// `{+x}`: reserved expansion (§3.2.3).
    Reserved,
    /// `{#x}`: fragment expansion (§3.2.4).
    Fragment,
    /// `{.x}`: label expansion with dot-prefix (§3.2.5).
    Label,
    /// `{/x}`: path segment expansion (§3.2.6).
    Path,
    /// `{;x}`: path-style parameter expansion (§3.2.7).
    PathParam,
    /// `{?x}`: form-style query expansion (§3.2.8).
    Query,
    /// `{&x}`: form-style query continuation (§3.2.9).
    QueryContinuation,
}

impl Operator {
    /// The operator for the character after `{`, if it is one.
    pub fn from_byte(byte: u8) -> Option<Operator> {
        Some(match byte {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParam,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// The operator character, `""` for simple expansion.
    pub fn as_str(self) -> &'static str {
        match self {
            Operator::Simple => "",
            Operator::Reserved => "+",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// Written before the first defined value (Appendix A `first`).
    pub fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            other => other.as_str(),
        }
    }

    /// Written between values (Appendix A `sep`).
    pub fn separator(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ",",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query | Operator::QueryContinuation => "&",
        }
    }

    /// Whether values are written as `name=value` (Appendix A `named`).
    pub fn named(self) -> bool {
        matches!(
            self,
            Operator::PathParam | Operator::Query | Operator::QueryContinuation
        )
    }

    /// What follows the name of an empty value (Appendix A `ifemp`).
    pub fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and percent-triplets pass unencoded (Appendix A `allow`
    /// is `U+R` rather than `U`).
    pub fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }
}

/// `:N` or `*` after a variable name (RFC 6570 §2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// Neither.
    None,
    /// `:N`, 1 to 9999 characters.
    Prefix(u16),
    /// `*`.
    Explode,
}

/// One variable of an expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarSpec {
    /// The name's bytes in the template.
    pub name: Range<usize>,
    /// The modifier after the name.
    pub modifier: Modifier,
}

/// The variables of an expression as a template holds them: borrowed from the `static` that
/// `template!` wrote at compile time, or made at run time, where the common expression of one
/// variable (`{id}`) holds it in place rather than in an allocation of its own.
#[derive(Clone, Debug)]
pub enum VarList {
    /// Written by `template!` into a `static`.
    Static(&'static [VarSpec]),
    /// One variable.
    One(VarSpec),
    /// Any other number, made at run time.
    Many(Box<[VarSpec]>),
}

impl VarList {
    /// The variables of a `Vec` (the lexer's), one of them held in place.
    pub fn from_vec(vars: Vec<VarSpec>) -> VarList {
        match <[VarSpec; 1]>::try_from(vars) {
            Ok([only]) => VarList::One(only),
            Err(vars) => VarList::Many(vars.into_boxed_slice()),
        }
    }

    /// The variables, in order.
    #[inline]
    pub fn as_slice(&self) -> &[VarSpec] {
        match self {
            VarList::Static(vars) => vars,
            VarList::One(var) => core::slice::from_ref(var),
            VarList::Many(vars) => vars,
        }
    }

    /// The variables, where a `const fn` can read them: `None` for [`VarList::Many`], which
    /// only run-time code makes (a `Box` cannot be read in a `const fn`).
    pub const fn as_const_slice(&self) -> Option<&[VarSpec]> {
        match self {
            VarList::Static(vars) => Some(vars),
            VarList::One(var) => Some(core::slice::from_ref(var)),
            VarList::Many(_) => None,
        }
    }
}

impl core::ops::Deref for VarList {
    type Target = [VarSpec];

    #[inline]
    fn deref(&self) -> &[VarSpec] {
        self.as_slice()
    }
}

impl AsRef<[VarSpec]> for VarList {
    fn as_ref(&self) -> &[VarSpec] {
        self.as_slice()
    }
}

/// Two lists are equal when they hold the same variables, however they hold them.
impl PartialEq for VarList {
    fn eq(&self, other: &VarList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for VarList {}

impl core::hash::Hash for VarList {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// One `{...}` of a template.
///
/// `V` holds the variables: [`lex`] makes a `Vec`; the runtime's `Template` holds a
/// [`VarList`], borrowed from a `static` that `template!` wrote at compile time, or owned
/// (see [`Expression::map_vars`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expression<V = Vec<VarSpec>> {
    /// The expression's bytes, braces included.
    pub range: Range<usize>,
    /// The operator.
    pub operator: Operator,
    /// The variables; empty when the expression is malformed (its error was reported).
    pub vars: V,
}

impl<V: AsRef<[VarSpec]>> Expression<V> {
    /// Whether the expression parsed; a malformed one stays in the list as a hole so the URL
    /// around it is still checked, but it expands to nothing.
    pub fn is_valid(&self) -> bool {
        !self.vars.as_ref().is_empty()
    }
}

impl<V> Expression<V> {
    /// The same expression with its variables converted by `f` (e.g. `Vec` into
    /// [`VarList`]).
    pub fn map_vars<W>(self, f: impl FnOnce(V) -> W) -> Expression<W> {
        Expression {
            range: self.range,
            operator: self.operator,
            vars: f(self.vars),
        }
    }
}

/// Finds every expression of `template`, in order. Malformed expressions are reported to
/// `errors` and kept, without variables, so that no brace is read twice.
pub fn lex(template: &str, errors: &mut Errors) -> Vec<Expression> {
    let bytes = template.as_bytes();
    // One allocation: every expression opens with a `{` (a stray `}` is rarer than a `{`
    // that does not start one).
    let opening = count(bytes, b'{');
    let mut expressions = Vec::with_capacity(opening);
    let mut pos = 0;
    // Only braces start or end anything: the text between them is skipped a word at a time.
    while let Some(brace) = find_brace(bytes, pos) {
        pos = brace;
        match bytes[pos] {
            // `format!`'s escapes, written out of habit: one error for the pair, whether it
            // wraps a name (`{{owner}}`) or stands alone, not an unclosed `{` and a stray `}`.
            b'{' | b'}' if bytes.get(pos + 1) == Some(&bytes[pos]) => {
                // The `}}` that closes a `{{`, if the next brace is one.
                let closed = (bytes[pos] == b'{')
                    .then(|| template[pos + 2..].find(['{', '}']))
                    .flatten()
                    .map(|i| pos + 2 + i)
                    .filter(|&i| template[i..].starts_with("}}"));
                let at = core::iter::once(pos..pos + 2).chain(closed.map(|c| c..c + 2));
                errors.push_all(at, ErrorKind::DoubledBrace);
                let end = closed.map_or(pos + 2, |close| close + 2);
                expressions.push(broken(pos..end));
                pos = end;
            }
            b'{' => {
                let close = bytes[pos + 1..]
                    .iter()
                    .position(|&b| b == b'{' || b == b'}')
                    .map(|i| pos + 1 + i)
                    .filter(|&i| bytes[i] == b'}');
                if let Some(close) = close {
                    expressions.push(parse_expression(template, pos..close + 1, errors));
                    pos = close + 1;
                } else {
                    errors.push(pos..pos + 1, ErrorKind::UnclosedExpression);
                    expressions.push(broken(pos..pos + 1));
                    pos += 1;
                }
            }
            _ => {
                errors.push(pos..pos + 1, ErrorKind::UnmatchedClose);
                expressions.push(broken(pos..pos + 1));
                pos += 1;
            }
        }
    }
    expressions
}

/// The first `{` or `}` in `bytes` from `from`. Eight bytes are tested at once (the zero-byte
/// test of "Bit Twiddling Hacks", on the word with each brace's bits flipped out): templates
/// are mostly text, and this is the lexer's one pass over it.
fn find_brace(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // Whether a byte of `word` is zero: the lowest flagged byte always is one (bytes above a
    // zero byte may be flagged wrongly, which does not matter for the first).
    let zero_bytes = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut pos = from;
    while let Some(chunk) = bytes.get(pos..pos + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        let braces = zero_bytes(word ^ (ONES * u64::from(b'{')))
            | zero_bytes(word ^ (ONES * u64::from(b'}')));
        if braces != 0 {
            return Some(pos + braces.trailing_zeros() as usize / 8);
        }
        pos += 8;
    }
    let rest = bytes.get(pos..)?;
    rest.iter()
        .position(|&b| b == b'{' || b == b'}')
        .map(|i| pos + i)
}

/// How many times `byte` occurs in `bytes`: a sum without branches, which the compiler
/// vectorizes (a `str` pattern search costs a call per match), in bytes (16 to a vector
/// register rather than 2 for a `usize` sum), so over runs of at most 255.
pub(crate) fn count(bytes: &[u8], byte: u8) -> usize {
    bytes
        .chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == byte))))
        .sum()
}

fn broken(range: Range<usize>) -> Expression {
    Expression {
        range,
        operator: Operator::Simple,
        vars: Vec::new(),
    }
}

fn parse_expression(template: &str, range: Range<usize>, errors: &mut Errors) -> Expression {
    let bytes = template.as_bytes();
    let inner = range.start + 1..range.end - 1;
    if inner.is_empty() {
        errors.push(range.clone(), ErrorKind::EmptyExpression);
        return broken(range);
    }
    let mut start = inner.start;
    let operator = match bytes[start] {
        op @ (b'=' | b',' | b'!' | b'@' | b'|') => {
            errors.push(
                start..start + 1,
                ErrorKind::ReservedOperator { op: char::from(op) },
            );
            return broken(range);
        }
        b => match Operator::from_byte(b) {
            Some(op) => {
                start += 1;
                op
            }
            None => Operator::Simple,
        },
    };
    let list = &bytes[start..inner.end];
    let mut vars = Vec::with_capacity(count(list, b',') + 1);
    let mut ok = true;
    let mut spec_start = start;
    // The variable specs between commas, as byte ranges (`,` is ASCII, so each is text).
    for spec in list.split(|&b| b == b',') {
        let spec_range = spec_start..spec_start + spec.len();
        spec_start = spec_range.end + 1;
        match parse_varspec(template, spec_range, errors) {
            Some(spec) => vars.push(spec),
            None => ok = false,
        }
    }
    if !ok {
        vars.clear();
    }
    Expression {
        range,
        operator,
        vars,
    }
}

/// One `varspec`, or `None` once its error is reported. (The error is pushed here rather
/// than returned: a `Result` carrying the `ErrorKind` went through memory on every call, and
/// reading the `VarSpec` back from it stalled the lexer.)
fn parse_varspec(template: &str, spec: Range<usize>, errors: &mut Errors) -> Option<VarSpec> {
    let bytes = template.as_bytes();
    let spec_bytes = &bytes[spec.clone()];
    // Most names are letters, digits and `_` alone: one pass finds where such a name ends
    // and shows it valid. Names with `.` or triplets, and bad names, take the general path.
    let plain = spec_bytes
        .iter()
        .position(|&b| !chars::is(b, VARCHAR))
        .unwrap_or(spec_bytes.len());
    let plain_name = plain > 0
        && spec_bytes
            .get(plain)
            .is_none_or(|&b| b == b':' || b == b'*');
    let name_end = if plain_name {
        spec.start + plain
    } else {
        spec_bytes
            .iter()
            .position(|&b| b == b':' || b == b'*')
            .map_or(spec.end, |i| spec.start + i)
    };
    let name = spec.start..name_end;
    if !plain_name && !is_varname(&bytes[name.clone()]) {
        let shown = if name_end == spec.end || name.is_empty() {
            spec.clone()
        } else {
            name.clone()
        };
        return bad_name(template, shown, errors);
    }
    let modifier = &bytes[name_end..spec.end];
    let modifier = match modifier {
        [] => Modifier::None,
        [b'*'] => Modifier::Explode,
        [b':', digits @ ..] => match prefix_length(digits) {
            Some(n) => Modifier::Prefix(n),
            None => return bad_prefix(template, name_end..spec.end, errors),
        },
        _ => return bad_prefix(template, name_end..spec.end, errors),
    };
    Some(VarSpec { name, modifier })
}

#[cold]
fn bad_name(template: &str, at: Range<usize>, errors: &mut Errors) -> Option<VarSpec> {
    let name = template[at.clone()].to_string();
    errors.push(at, ErrorKind::BadVarName { name });
    None
}

#[cold]
fn bad_prefix(template: &str, at: Range<usize>, errors: &mut Errors) -> Option<VarSpec> {
    let text = template[at.clone()].to_string();
    errors.push(at, ErrorKind::BadPrefix { text });
    None
}

/// `max-length = %x31-39 0*3DIGIT`: 1 to 9999, no leading zero.
pub(crate) fn prefix_length(digits: &[u8]) -> Option<u16> {
    match digits {
        [b'1'..=b'9', rest @ ..] if rest.len() <= 3 && rest.iter().all(u8::is_ascii_digit) => {
            Some(digits.iter().fold(0, |n, &d| n * 10 + u16::from(d - b'0')))
        }
        _ => None,
    }
}

/// `varname = varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
pub fn is_varname(name: &[u8]) -> bool {
    let mut i = 0;
    let mut after_dot = true;
    while i < name.len() {
        if chars::is(name[i], VARCHAR) {
            i += 1;
        } else if chars::is_triplet(&name[i..]) {
            i += 3;
        } else if name[i] == b'.' && !after_dot {
            i += 1;
            after_dot = true;
            continue;
        } else {
            return false;
        }
        after_dot = false;
    }
    !after_dot
}

#[cfg(test)]
#[path = "template_tests.rs"]
mod tests;
