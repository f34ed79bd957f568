//! One expression being expanded: RFC 6570 Appendix A, plus the placement checks.
//!
//! In generated code an expression's operator, context and kind are constants; the hot
//! methods are `#[inline(always)]` so that they fold away. Measured with callgrind on the
//! GitHub issues template driven through `Writer` as generated code does: 1,800 instructions
//! per URL with `#[inline]`, 1,513 with `#[inline(always)]` here (forcing `push_str` inline
//! as well made it 1,628).
#![allow(clippy::inline_always, reason = "measured; see the module comment")]

use super::traits::{Scalar, Value};
use crate::error::ErrorKind;
use crate::writer::{Context, Modifier, Operator, Writer, checks};

/// How value text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
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
    /// An expression that must be defined (`urlkit_syntax::plan::Step::Required`).
    Required,
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
    pub(super) w: &'w mut Writer<'n>,
    op: Operator,
    /// The operator that decides names and separators: `op`, but `?` for a hand-written
    /// pair, which behaves like `{?key}`. Kept rather than derived at each use: a value
    /// behind `&dyn Value` reads it at run time (callgrind, `Template::expand`).
    naming: Operator,
    pub(super) context: Context,
    kind: Kind,
    pub(super) mode: Mode,
    /// Where the expression's output starts.
    start: usize,
    /// Whether a value has been written (and with it `first`).
    defined: bool,
    /// Whether the current variable has written a value.
    var_defined: bool,
    /// The variable being expanded, or the key of a hand-written pair.
    name: &'n str,
    /// The first variable of the expression, for errors about the whole expression.
    first_name: Option<&'n str>,
    modifier: Modifier,
    /// Characters left under a prefix modifier.
    pub(super) budget: Option<usize>,
}

impl<'w, 'n> Expansion<'w, 'n> {
    #[inline(always)]
    pub(crate) fn new(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        let mode = match context {
            Context::Host { .. } | Context::IpLiteral => Mode::Raw,
            _ if op.allows_reserved() => Mode::Reserved,
            _ => Mode::Unreserved,
        };
        let start = w.out.len();
        Expansion {
            w,
            op,
            naming: op,
            context,
            kind: Kind::Plain,
            mode,
            start,
            defined: false,
            var_defined: false,
            name: "",
            first_name: None,
            modifier: Modifier::None,
            budget: None,
        }
    }

    #[inline(always)]
    pub(crate) fn new_segment(w: &'w mut Writer<'n>) -> Self {
        let mut e = Self::new(w, Operator::Simple, Context::Path);
        e.kind = Kind::Segment;
        e
    }

    #[inline(always)]
    pub(crate) fn new_hand_pair(w: &'w mut Writer<'n>, key: &'n str, reserved: bool) -> Self {
        let op = if reserved {
            Operator::Reserved
        } else {
            Operator::Simple
        };
        let mut e = Self::new(w, op, Context::QueryPairs);
        e.kind = Kind::HandPair;
        e.naming = Operator::Query;
        e.name = key;
        e
    }

    #[inline(always)]
    pub(crate) fn new_required(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        let mut e = Self::new(w, op, context);
        e.kind = Kind::Required;
        e
    }

    #[inline(always)]
    pub(crate) fn new_port(w: &'w mut Writer<'n>) -> Self {
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
        self.var_defined = false;
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
        self.naming
    }

    /// Writes `first` before the first value of the expression, `sep` before the others.
    #[inline(always)]
    fn separator(&mut self) {
        let first = !self.defined;
        self.defined = true;
        self.var_defined = true;
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
    #[inline(always)]
    fn begin_named_value(&mut self) -> usize {
        let eq = self.w.out.len();
        self.w.out.push('=');
        eq
    }

    /// Writes `ifemp` in place of the `=` at `eq` if the value after it is empty. For `?`
    /// and `&`, `ifemp` is `=` itself: nothing to look back at.
    #[inline(always)]
    fn end_named_value(&mut self, eq: usize) {
        if self.naming() != Operator::PathParam {
            return;
        }
        if self.w.out.len() == eq + 1 {
            self.w.out.truncate(eq);
            self.w.out.push_str(self.naming().if_empty());
        }
    }

    /// The variable being expanded: for a hand-written pair `key={x}`, `x` rather than `key`.
    pub(super) fn var_name(&self) -> &'n str {
        match (self.kind, self.first_name) {
            (Kind::HandPair, Some(var)) => var,
            _ => self.name,
        }
    }

    #[inline]
    fn refuse_prefix(&mut self) -> bool {
        if matches!(self.modifier, Modifier::Prefix(_)) {
            self.w.fail(self.var_name(), ErrorKind::PrefixOnComposite);
            return true;
        }
        false
    }

    /// A list value (RFC 6570 §3.2.1); an empty list is undefined.
    #[inline(always)]
    pub fn list<I>(&mut self, items: I)
    where
        I: IntoIterator,
        I::Item: Scalar,
    {
        let mut items = items.into_iter().peekable();
        // An empty list is undefined (§2.3), so a prefix has nothing to apply to.
        if items.peek().is_none() || self.refuse_prefix() {
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
        let mut pairs = pairs.into_iter().peekable();
        if pairs.peek().is_none() || self.refuse_prefix() {
            return;
        }
        if self.kind == Kind::HandPair {
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

    /// Whether the variable being expanded has a value so far: false until its value calls
    /// [`scalar`](Self::scalar), or [`list`](Self::list) or [`map`](Self::map) with at least
    /// one item. A [`Vars`](crate::template::Vars) can use it to fall back to another source.
    ///
    /// # Examples
    /// ```
    /// use urlkit::value::{Expansion, Value};
    ///
    /// /// A value, or a default when it is undefined (`None`, an empty list).
    /// struct OrElse<A, B>(A, B);
    ///
    /// impl<A: Value, B: Value> Value for OrElse<A, B> {
    ///     fn expand(&self, e: &mut Expansion<'_, '_>) {
    ///         self.0.expand(e);
    ///         if !e.is_defined() {
    ///             self.1.expand(e);
    ///         }
    ///     }
    /// }
    ///
    /// let t = urlkit::Template::parse("/list{?tag}")?;
    /// let tags: Vec<&str> = vec![];
    /// let vars = std::collections::BTreeMap::from([("tag", OrElse(tags, "all"))]);
    /// assert_eq!(t.expand(&vars)?, "/list?tag=all");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_defined(&self) -> bool {
        self.var_defined
    }

    /// Refuses the value because it nests lists or maps (a list of lists, a map of maps),
    /// which RFC 6570 cannot expand (§2.3): the expansion fails with
    /// [`ErrorKind::NestedValue`](crate::ErrorKind::NestedValue), naming the placeholder.
    /// For [`Value`]s of dynamic types, such as parsed JSON or TOML.
    ///
    /// # Examples
    /// ```
    /// use urlkit::value::{Expansion, Value};
    ///
    /// /// A tree of strings, as a configuration format might give it.
    /// enum Node { Leaf(&'static str), Branch(Vec<Node>) }
    ///
    /// impl Value for Node {
    ///     fn expand(&self, e: &mut Expansion<'_, '_>) {
    ///         match self {
    ///             Node::Leaf(text) => e.scalar(*text),
    ///             Node::Branch(items) => match items.iter().map(|n| match n {
    ///                 Node::Leaf(text) => Some(*text),
    ///                 Node::Branch(_) => None,
    ///             }).collect::<Option<Vec<&str>>>() {
    ///                 Some(leaves) => e.list(leaves),
    ///                 None => e.refuse_nested(),
    ///             },
    ///         }
    ///     }
    /// }
    ///
    /// let t = urlkit::Template::parse("/n{?x}")?;
    /// let flat = std::collections::BTreeMap::from([("x", Node::Branch(vec![Node::Leaf("a"), Node::Leaf("b")]))]);
    /// assert_eq!(t.expand(&flat)?, "/n?x=a,b");
    /// let deep = std::collections::BTreeMap::from([("x", Node::Branch(vec![Node::Branch(vec![])]))]);
    /// assert_eq!(*t.expand(&deep).unwrap_err().kind(), urlkit::ErrorKind::NestedValue);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refuse_nested(&mut self) {
        self.w.fail(self.var_name(), ErrorKind::NestedValue);
    }

    /// Whether the variable has the explode modifier (`{x*}`).
    #[cfg(feature = "serde")]
    pub(crate) fn is_explode(&self) -> bool {
        self.modifier == Modifier::Explode
    }

    /// Writes the `,` between the items of a list, unencoded (RFC 6570 §3.2.1), for a value
    /// that writes a list inside one string (a list-valued field of a map without explode).
    #[cfg(feature = "serde")]
    pub(crate) fn push_list_separator(&mut self) {
        self.w.out.push(',');
    }

    /// Refuses the value for what its part `field` holds (a path such as `tags[2]`).
    #[cfg(feature = "serde")]
    pub(crate) fn refuse_field(&mut self, kind: ErrorKind, field: alloc::string::String) {
        self.w.fail_in_field(self.var_name(), kind, field);
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
            defined,
            ..
        } = self;
        let name = first_name.unwrap_or_default();
        if let Some(base_end) = w.open_authority {
            checks::after_open_authority(w, base_end, start, name);
        }
        if kind == Kind::Required && !defined {
            // Refused only if the text after it writes something (it may all be undefined).
            w.unopened.get_or_insert((name, w.out.len()));
        }
        match kind {
            Kind::Segment => checks::whole_segment(w, start, name),
            Kind::Port => checks::port(w, start, name),
            Kind::HandPair | Kind::Plain | Kind::Required => match context {
                Context::Host { whole } => {
                    checks::host(w, start, name, whole, op);
                    if !whole {
                        // Labels are checked here; the host they make, at the end.
                        w.check_whole_url(name, ErrorKind::InvalidHost);
                    }
                }
                Context::IpLiteral => checks::ip_literal(w, start, name),
                Context::Path | Context::Base if mode == Mode::Reserved => {
                    if context == Context::Base {
                        w.check_whole_url(name, ErrorKind::InvalidBase);
                        checks::base_leaves_authority_open(w);
                    }
                    checks::reserved_path(w, start, name, context == Context::Base);
                }
                Context::Query | Context::QueryKey | Context::QueryPairs | Context::Fragment
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
