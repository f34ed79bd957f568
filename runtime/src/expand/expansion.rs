//! One expression being expanded: RFC 6570 Appendix A, plus the placement checks.
//!
//! In generated code an expression's operator, context and kind are constants; the hot
//! methods are `#[inline(always)]` so that they fold away. Measured with callgrind on the
//! GitHub issues template: 1,825 instructions per URL with plain `#[inline]`, 1,516 with
//! `always` (hand-written `push_str` + percent-encoding: 1,195 with one more allocation).
#![allow(clippy::inline_always, reason = "measured; see the module comment")]

use alloc::string::String;
use core::fmt;

use super::{Context, Modifier, Operator, Writer, checks};
use crate::encode::{Set, encode_into};
use crate::error::ErrorKind;
use crate::expand::value::{Scalar, Value};

/// How value text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Everything but unreserved is percent-encoded (`{x}`).
    Unreserved,
    /// Reserved characters and triplets pass (`{+x}`, `{#x}`).
    Reserved,
    /// Written as is and validated afterwards (host, port).
    Raw,
}

/// What the expression is, beyond its operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    /// A simple expression that is a whole path segment.
    Segment,
    /// `key={x}` written by hand in a query of pairs.
    HandPair,
    /// `:{port}`.
    Port,
}

/// An expression being expanded into a URL: what a [`Value`] hands its content to.
///
/// A value calls exactly one of [`scalar`](Self::scalar), [`list`](Self::list) and
/// [`map`](Self::map) (or nothing, for an undefined value); a [`Scalar`] writes its text with
/// [`push_str`](Self::push_str), [`push_bytes`](Self::push_bytes) or
/// [`push_fmt`](Self::push_fmt). The expansion adds names, separators and encoding as RFC 6570
/// and the placeholder's place in the URL require.
///
/// # Examples
/// ```
/// use urlkit::value::{Expansion, Value};
///
/// /// A point written as the list `x,y`.
/// struct Point(i32, i32);
///
/// impl Value for Point {
///     fn expand(&self, e: &mut Expansion<'_, '_>) {
///         e.list([self.0, self.1]);
///     }
/// }
///
/// let t = urlkit::Template::parse("/map{?at}")?;
/// let vars = std::collections::BTreeMap::from([("at", Point(3, -4))]);
/// assert_eq!(t.expand(&vars)?.as_str(), "/map?at=3,-4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Expansion<'w, 'n> {
    w: &'w mut Writer<'n>,
    op: Operator,
    context: Context,
    kind: Kind,
    mode: Mode,
    /// Where the expression's output starts.
    start: usize,
    /// Whether a value has been written (and with it `first`).
    defined: bool,
    /// The variable being expanded, or the key of a hand-written pair.
    name: &'n str,
    /// The first variable of the expression, for errors about the whole expression.
    first_name: Option<&'n str>,
    modifier: Modifier,
    /// Characters left under a prefix modifier.
    budget: Option<usize>,
}

impl<'w, 'n> Expansion<'w, 'n> {
    #[inline(always)]
    pub(super) fn new(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        let mode = match context {
            Context::Host { .. } | Context::IpLiteral => Mode::Raw,
            _ if op.allows_reserved() => Mode::Reserved,
            _ => Mode::Unreserved,
        };
        let start = w.out.len();
        Expansion {
            w,
            op,
            context,
            kind: Kind::Plain,
            mode,
            start,
            defined: false,
            name: "",
            first_name: None,
            modifier: Modifier::None,
            budget: None,
        }
    }

    #[inline(always)]
    pub(super) fn new_segment(w: &'w mut Writer<'n>) -> Self {
        let mut e = Self::new(w, Operator::Simple, Context::Path);
        e.kind = Kind::Segment;
        e
    }

    #[inline(always)]
    pub(super) fn new_hand_pair(w: &'w mut Writer<'n>, key: &'n str, reserved: bool) -> Self {
        let op = if reserved {
            Operator::Reserved
        } else {
            Operator::Simple
        };
        let mut e = Self::new(w, op, Context::QueryPairs);
        e.kind = Kind::HandPair;
        e.name = key;
        e
    }

    #[inline(always)]
    pub(super) fn new_port(w: &'w mut Writer<'n>) -> Self {
        let mut e = Self::new(w, Operator::Simple, Context::Host { whole: false });
        e.kind = Kind::Port;
        e
    }

    /// Expands variable `name` with `modifier` and `value`. For generated code and
    /// [`Template`](crate::Template).
    #[doc(hidden)]
    #[inline(always)]
    pub fn var<V: Value + ?Sized>(&mut self, name: &'n str, modifier: Modifier, value: &V) {
        self.begin_var(name, modifier);
        value.expand(self);
    }

    #[inline(always)]
    pub(crate) fn begin_var(&mut self, name: &'n str, modifier: Modifier) {
        if self.kind != Kind::HandPair {
            self.name = name;
        }
        self.first_name.get_or_insert(name);
        self.modifier = modifier;
        // The placeholder fills this segment even if its value turns out undefined; `{/x}`
        // does not, as it writes its own `/` first.
        if matches!(self.context, Context::Path | Context::Base)
            && self.kind == Kind::Plain
            && self.op != Operator::Path
            && let Some(segment) = &mut self.w.segment
        {
            segment.owner.get_or_insert(name);
        }
    }

    /// The operator that decides names and separators: a hand-written pair behaves like
    /// `{?key}`.
    #[inline(always)]
    fn naming(&self) -> Operator {
        if self.kind == Kind::HandPair {
            Operator::Query
        } else {
            self.op
        }
    }

    /// Writes `first` before the first value of the expression, `sep` before the others.
    #[inline(always)]
    fn separator(&mut self) {
        let first = !self.defined;
        self.defined = true;
        let op = self.naming();
        match (self.context, op) {
            (Context::QueryPairs, _) => self.w.pair_separator(),
            (Context::Path | Context::Base, Operator::Path) => self.w.slash(self.name),
            (_, _) if self.kind == Kind::Port => self.w.out.push(':'),
            _ => self
                .w
                .out
                .push_str(if first { op.first() } else { op.separator() }),
        }
    }

    /// Writes the variable's name for named operators (`;x`, `?x`, `&x`).
    #[inline(always)]
    fn push_name(&mut self) {
        self.w.out.push_str(self.name);
    }

    /// One string value (RFC 6570 §3.2.1, "if the variable is a string").
    #[inline(always)]
    pub fn scalar<S: Scalar + ?Sized>(&mut self, value: &S) {
        self.separator();
        self.budget = match self.modifier {
            Modifier::Prefix(n) => Some(usize::from(n)),
            _ => None,
        };
        if self.naming().named() {
            self.push_name();
            self.named_value(|e| value.write(e));
        } else {
            value.write(self);
        }
        self.budget = None;
    }

    /// Writes `=value`, or `ifemp` in place of `=` when the value is empty.
    #[inline(always)]
    fn named_value(&mut self, write: impl FnOnce(&mut Self)) {
        let eq = self.w.out.len();
        self.w.out.push('=');
        write(self);
        if self.w.out.len() == eq + 1 {
            self.w.out.truncate(eq);
            self.w.out.push_str(self.naming().if_empty());
        }
    }

    #[inline]
    fn refuse_prefix(&mut self) -> bool {
        if matches!(self.modifier, Modifier::Prefix(_)) {
            self.w.fail(self.name, ErrorKind::PrefixOnComposite);
            return true;
        }
        false
    }

    /// A list value (RFC 6570 §3.2.1); an empty list is undefined.
    pub fn list<I>(&mut self, items: I)
    where
        I: IntoIterator,
        I::Item: Scalar,
    {
        if self.refuse_prefix() {
            return;
        }
        // A hand-written pair repeats itself for each item, as `{?x*}` does.
        let explode = self.modifier == Modifier::Explode || self.kind == Kind::HandPair;
        let named = self.naming().named();
        let mut first = true;
        for item in items {
            if first || explode {
                self.separator();
                if named {
                    self.push_name();
                }
            } else {
                self.w.out.push(',');
            }
            if named && explode {
                self.named_value(|e| item.write(e));
            } else {
                if named && first {
                    self.w.out.push('=');
                }
                item.write(self);
            }
            first = false;
        }
    }

    /// An associative array (RFC 6570 §3.2.1), in iteration order; an empty one is
    /// undefined.
    pub fn map<I, K, V>(&mut self, pairs: I)
    where
        I: IntoIterator<Item = (K, V)>,
        K: Scalar,
        V: Scalar,
    {
        if self.refuse_prefix() {
            return;
        }
        let named = self.naming().named();
        let mut first = true;
        for (key, value) in pairs {
            if self.modifier == Modifier::Explode {
                self.separator();
                key.write(self);
                if named {
                    self.named_value(|e| value.write(e));
                } else {
                    self.w.out.push('=');
                    value.write(self);
                }
            } else {
                if first {
                    self.separator();
                    if named {
                        self.push_name();
                        self.w.out.push('=');
                    }
                } else {
                    self.w.out.push(',');
                }
                key.write(self);
                self.w.out.push(',');
                value.write(self);
            }
            first = false;
        }
    }

    /// Writes text of the value, encoded for where it goes.
    #[inline(always)]
    pub fn push_str(&mut self, text: &str) {
        let text = match self.budget {
            None => text,
            Some(budget) => self.cut(text, budget),
        };
        match self.mode {
            Mode::Unreserved => write_component(text.as_bytes(), &mut self.w.out),
            Mode::Reserved => write_reserved(text.as_bytes(), &mut self.w.out),
            Mode::Raw => self.w.out.push_str(text),
        }
    }

    /// The part of `text` a prefix modifier keeps, counted against the budget.
    #[cold]
    fn cut<'t>(&mut self, text: &'t str, budget: usize) -> &'t str {
        let (end, used) = prefix(text.as_bytes(), budget, self.mode == Mode::Reserved, true);
        self.budget = Some(budget - used);
        &text[..end]
    }

    /// Writes text made only of unreserved characters (an integer's digits and `-`): no
    /// encoding can change it, so it is copied unless a prefix must cut it.
    #[inline(always)]
    pub(crate) fn push_unreserved(&mut self, text: &str) {
        debug_assert!(
            text.bytes()
                .all(|b| urlkit_syntax::chars::is(b, urlkit_syntax::chars::UNRESERVED))
        );
        if self.budget.is_none() {
            self.w.out.push_str(text);
        } else {
            self.push_str(text);
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
            Mode::Unreserved => encode_into(Set::Component, bytes, &mut self.w.out),
            // Hosts and ports are ASCII; anything else is escaped, then reported by their
            // checks.
            Mode::Reserved | Mode::Raw => encode_into(Set::Reserved, bytes, &mut self.w.out),
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

    /// Ends the expression: checks what it wrote against where it stands.
    #[inline(always)]
    pub fn finish(self) {
        let Expansion {
            w,
            op,
            context,
            kind,
            start,
            mode,
            first_name,
            ..
        } = self;
        let name = first_name.unwrap_or_default();
        match kind {
            Kind::Segment => checks::whole_segment(w, start, name),
            Kind::Port => checks::port(w, start, name),
            Kind::HandPair | Kind::Plain => match context {
                Context::Host { whole } => checks::host(w, start, name, whole, op),
                Context::IpLiteral => checks::ip_literal(w, start, name),
                Context::Path | Context::Base if mode == Mode::Reserved => {
                    checks::reserved_path(w, start, name, context == Context::Base);
                }
                Context::Query | Context::QueryPairs | Context::Fragment
                    if mode == Mode::Reserved =>
                {
                    // `{#x}` opening the fragment writes its own `#` first.
                    let own =
                        usize::from(op == Operator::Fragment && w.out[start..].starts_with('#'));
                    checks::no_hash(w, start + own, name);
                }
                _ => {}
            },
        }
    }
}

/// The encoders, kept out of line: the expansion code that calls them is inlined into each
/// template, where the operator and context are constants, and stays small that way.
/// (Measured with callgrind, GitHub issues template: with the three encoding loops inlined
/// into every `Scalar::write`, LLVM kept those out of line and dispatched on the mode at run
/// time: 1,539 instructions per URL; with the loops here: 1,457, and less code per template.)
#[inline(never)]
fn write_component(bytes: &[u8], out: &mut String) {
    encode_into(Set::Component, bytes, out);
}

/// See [`write_component`].
#[inline(never)]
fn write_reserved(bytes: &[u8], out: &mut String) {
    encode_into(Set::Reserved, bytes, out);
}

/// Formatted text of a value, encoded as it arrives.
struct Sink<'e, 'w, 'n>(&'e mut Expansion<'w, 'n>);

impl fmt::Write for Sink<'_, '_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

/// The end of the longest prefix of `text` with at most `budget` characters, and the
/// characters it holds. With `triplets`, a `%XX` counts as one character (RFC 6570 §2.4.1:
/// a prefix never splits a triplet); with `utf8`, characters are Unicode scalar values,
/// otherwise octets.
fn prefix(text: &[u8], budget: usize, triplets: bool, utf8: bool) -> (usize, usize) {
    let mut i = 0;
    let mut used = 0;
    while i < text.len() && used < budget {
        let b = text[i];
        i += if triplets && urlkit_syntax::chars::is_triplet(&text[i..]) {
            3
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
