//! What a value hands the expansion: one string, a list or a map (RFC 6570 §3.2.1), and the
//! names and separators written around them.
//!
//! Each of [`Expansion::scalar`] and [`Expansion::list`] first tests the variable's
//! [`Layout`]: the common layouts have their own code, with the operator, mode and prefix
//! known, so that a value behind `&dyn Value` does not test them again for each item; any
//! other layout takes the general code. In generated code the layout is a constant and the
//! test folds away.
#![allow(clippy::inline_always, reason = "measured; see `expansion.rs`")]

use super::expansion::Expansion;
use super::frame::{Layout, Mode, Role};
use super::itoa::Integer;
use super::unreserved::{push_pair_head, push_short};
use super::{Context, Modifier, Operator};
use crate::error::ExpandErrorKind;
use crate::value::Scalar;

impl Expansion<'_, '_> {
    /// The operator that decides names and separators: a hand-written pair behaves like
    /// `{?key}`.
    #[inline(always)]
    fn naming(&self) -> Operator {
        self.naming
    }

    /// Marks the expression and the variable defined; returns whether this is the
    /// expression's first value.
    #[inline(always)]
    pub(super) fn mark_defined(&mut self) -> bool {
        let first = !self.defined;
        self.defined = true;
        self.var_defined = true;
        first
    }

    /// Writes `first` before the first value of the expression, `sep` before the others.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn separator(&mut self) {
        let first = self.mark_defined();
        let op = self.naming();
        match (self.context, op) {
            (Context::QueryPairs, _) => self.w.pair_separator(),
            (Context::Path | Context::Base, Operator::Path) => self.w.slash(self.name),
            (_, _) if self.role == Role::Port => self.w.out.push(':'),
            _ => self
                .w
                .out
                .push_str(if first { op.first() } else { op.separator() }),
        }
    }

    /// [`separator`](Self::separator) for a layout other than [`Layout::General`], whose
    /// separators it knows, and for [`Layout::Pair`] the name and `=` after it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn layout_separator(&mut self, layout: Layout) {
        if layout == Layout::Pair {
            self.mark_defined();
            // `Writer::pair_separator`, `?` or `&`, written with the name and `=` at once.
            let separator = if self.w.query_open { b'&' } else { b'?' };
            self.w.query_open = true;
            push_pair_head(&mut self.w.out, separator, self.name);
        } else {
            self.layout_separator_bare(layout);
        }
    }

    /// [`layout_separator`](Self::layout_separator) without the name: what comes before
    /// each `key=value` of an exploded map.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn layout_separator_bare(&mut self, layout: Layout) {
        let first = self.mark_defined();
        match layout {
            Layout::Simple => {
                if !first {
                    self.w.out.push(',');
                }
            }
            Layout::Slash => self.w.slash(self.name),
            Layout::Pair => self.w.pair_separator(),
            Layout::General => self.separator(),
        }
    }

    /// Writes an item under a layout other than [`Layout::General`]: unreserved text without
    /// a prefix.
    #[inline(always)]
    pub(super) fn write_in_layout<S: Scalar + ?Sized>(&mut self, item: &S) {
        item.write_unreserved(self);
    }

    /// Stores the mode and budget that a layout other than [`Layout::General`] has, unchanged,
    /// so that a `push_str` inlined after it reads them as constants rather than from
    /// memory. Called by `Scalar::write_unreserved`'s default (which writes through
    /// `push_str`), not by the strings' own, which do not read them: two stores fewer an
    /// item (callgrind, `bench/examples/template_count`).
    #[inline(always)]
    pub(crate) fn know_unreserved(&mut self) {
        self.mode = Mode::Unreserved;
        self.budget = None;
    }

    /// Writes the variable's name for named operators (`;x`, `?x`, `&x`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn push_name(&mut self) {
        push_short(&mut self.w.out, self.name);
    }

    /// One string value (RFC 6570 §3.2.1, "if the variable is a string").
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn scalar<S: Scalar + ?Sized>(&mut self, value: &S) {
        let layout = self.layout;
        if layout == Layout::General {
            self.scalar_general(value);
        } else {
            self.layout_separator(layout);
            self.write_in_layout(value);
        }
    }

    /// [`scalar`](Self::scalar) for a string, which every string type's `expand` calls: a
    /// test of the layout where the expansion is made (constant in `url!`'s code), then one
    /// call to code compiled once, here, for all templates.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn text(&mut self, text: &str) {
        if self.layout == Layout::General {
            self.general_text(text);
        } else {
            self.text_in_layout(text);
        }
    }

    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn text_in_layout(&mut self, text: &str) {
        self.layout_separator(self.layout);
        self.push_unreserved(text);
    }

    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn general_text(&mut self, text: &str) {
        self.scalar_general(text);
    }

    /// [`text`](Self::text) for an integer up to 64 bits, unsigned.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn unsigned(&mut self, n: u64) {
        if self.layout == Layout::General {
            self.general_integer(n);
        } else {
            self.integer_in_layout(n);
        }
    }

    /// [`text`](Self::text) for an integer up to 64 bits, signed.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn signed(&mut self, n: i64) {
        if self.layout == Layout::General {
            self.general_integer(n);
        } else {
            self.integer_in_layout(n);
        }
    }

    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn integer_in_layout<I: Integer>(&mut self, n: I) {
        self.layout_separator(self.layout);
        self.push_integer(n);
    }

    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn general_integer<I: Integer>(&mut self, n: I) {
        self.scalar_general(&Digits(n));
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn scalar_general<S: Scalar + ?Sized>(&mut self, value: &S) {
        self.separator();
        self.budget = match self.modifier {
            Modifier::Prefix(n) => Some(usize::from(n)),
            _ => None,
        };
        if self.naming().named() {
            self.push_name();
            let eq = self.begin_named_value();
            value.write(self);
            self.end_named_value(eq);
        } else {
            value.write(self);
        }
        self.budget = None;
    }

    /// Writes the `=` of `=value`; returns where it is, for
    /// [`end_named_value`](Self::end_named_value) after the value. Two calls around the
    /// value's own, not one taking it as a closure: the closure stayed a call, and the
    /// expansion then lived in memory (callgrind, GitHub issues URL).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn begin_named_value(&mut self) -> usize {
        let eq = self.w.out.len();
        self.w.out.push('=');
        eq
    }

    /// Writes `ifemp` in place of the `=` at `eq` if the value after it is empty. For `?`
    /// and `&`, `ifemp` is `=` itself: nothing to look back at.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_named_value(&mut self, eq: usize) {
        if self.naming() != Operator::PathParam {
            return;
        }
        if self.w.out.len() == eq + 1 {
            self.w.out.truncate(eq);
            self.w.out.push_str(self.naming().if_empty());
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn refuse_prefix(&mut self) -> bool {
        if matches!(self.modifier, Modifier::Prefix(_)) {
            self.w
                .fail(self.var_name(), ExpandErrorKind::PrefixOnComposite);
            return true;
        }
        false
    }

    /// A list value (RFC 6570 §3.2.1); an empty list is undefined.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn list<I>(&mut self, items: I)
    where
        I: IntoIterator,
        I::Item: Scalar,
    {
        let mut items = items.into_iter();
        // An empty list is undefined (§2.3), so a prefix has nothing to apply to.
        let Some(first) = items.next() else {
            return;
        };
        if self.refuse_prefix() {
            return;
        }
        let layout = self.layout;
        if layout == Layout::General {
            self.list_general(core::iter::once(first).chain(items));
            return;
        }
        if layout == Layout::Slash && self.modifier == Modifier::Explode {
            // Defined by its first item.
            self.mark_defined();
            let mut after = self.slash_item(None, &first);
            for item in items {
                after = self.slash_item(after, &item);
            }
            return;
        }
        // The first item apart, rather than through a `Peekable` that tests its buffer at
        // every step.
        self.layout_separator(layout);
        self.write_in_layout(&first);
        // `{x*}` is `{x}` but for the separator, which is the layout's own (`,` for `{x}`).
        let explode = self.modifier == Modifier::Explode || layout == Layout::Simple;
        for item in items {
            if explode {
                self.layout_separator(layout);
            } else {
                crate::writer::push_text(&mut self.w.out, ",");
            }
            self.write_in_layout(&item);
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn list_general<I: Iterator<Item: Scalar>>(&mut self, items: I) {
        // A hand-written pair repeats itself for each item, as `{?x*}` does.
        let explode = self.modifier == Modifier::Explode || self.role == Role::HandPair;
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
                let eq = self.begin_named_value();
                item.write(self);
                self.end_named_value(eq);
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
        // The first pair taken apart, rather than through a `Peekable` that tests its
        // buffer at every step (callgrind, `{?keys*}` of three pairs).
        let mut rest = pairs.into_iter();
        let Some(first) = rest.next() else {
            return;
        };
        if self.refuse_prefix() {
            return;
        }
        let layout = self.layout;
        if layout != Layout::General && self.role != Role::HandPair {
            self.map_in_layout(layout, first, rest);
            return;
        }
        let pairs = core::iter::once(first).chain(rest);
        if self.role == Role::HandPair {
            self.hand_pair_map(pairs);
            return;
        }
        let named = self.naming().named();
        let mut first = true;
        for (key, value) in pairs {
            if self.modifier == Modifier::Explode {
                self.separator();
                key.write(self);
                if named {
                    let eq = self.begin_named_value();
                    value.write(self);
                    self.end_named_value(eq);
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

    /// [`map`](Self::map) for a layout other than [`Layout::General`]: exploded, each pair
    /// `key=value` after the layout's separator (`&`, `/` or `,`, never the variable's name);
    /// otherwise the keys and values as one list.
    fn map_in_layout<K: Scalar, V: Scalar>(
        &mut self,
        layout: Layout,
        (key, value): (K, V),
        rest: impl Iterator<Item = (K, V)>,
    ) {
        let explode = self.modifier == Modifier::Explode;
        if explode && layout == Layout::Pair {
            // Defined by its first pair; every pair after it follows a `&`.
            self.mark_defined();
            let first = if self.w.query_open { b'&' } else { b'?' };
            self.exploded_pair(first, &key, &value);
            for (key, value) in rest {
                self.exploded_pair(b'&', &key, &value);
            }
            return;
        }
        if explode {
            self.layout_separator_bare(layout);
            self.write_in_layout(&key);
            self.w.out.push('=');
        } else {
            self.layout_separator(layout);
            self.write_in_layout(&key);
            self.w.out.push(',');
        }
        self.write_in_layout(&value);
        for (key, value) in rest {
            if explode {
                self.layout_separator_bare(layout);
                self.write_in_layout(&key);
                self.w.out.push('=');
            } else {
                self.w.out.push(',');
                self.write_in_layout(&key);
                self.w.out.push(',');
            }
            self.write_in_layout(&value);
        }
    }

    /// A map in a hand-written pair `key={m}`: one pair, whose value is the map as `{m}`
    /// writes it (RFC 6570 §3.2.2): `key=k1,v1,k2,v2`, or `key=k1=v1,k2=v2` exploded. The
    /// map's keys stay inside the pair's value; they never become pair names.
    fn hand_pair_map<K: Scalar, V: Scalar>(&mut self, pairs: impl Iterator<Item = (K, V)>) {
        self.separator();
        self.push_name();
        self.w.out.push('=');
        let between = if self.modifier == Modifier::Explode {
            '='
        } else {
            ','
        };
        for (n, (key, value)) in pairs.enumerate() {
            if n > 0 {
                self.w.out.push(',');
            }
            key.write(self);
            self.w.out.push(between);
            value.write(self);
        }
    }
}

/// An integer as a [`Scalar`], for the general code of [`Expansion::unsigned`] and
/// [`Expansion::signed`]: its digits, written in place.
struct Digits<I>(I);

impl<I: Integer> Scalar for Digits<I> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_integer(self.0);
    }
}
