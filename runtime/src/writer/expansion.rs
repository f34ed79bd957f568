//! One expression being expanded: RFC 6570 Appendix A, plus the placement checks.
//!
//! In generated code an expression's operator, context and kind are constants; the hot
//! methods are `#[inline(always)]` so that they fold away. Measured with callgrind on the
//! GitHub issues template driven through `Writer` as generated code does: 1,800 instructions
//! per URL with `#[inline]`, 1,513 with `#[inline(always)]` here (forcing `push_str` inline
//! as well made it 1,628).
#![allow(clippy::inline_always, reason = "measured; see the module comment")]

use super::frame::{Frame, Kind, Mode, Shape};
use super::{Context, Modifier, Operator, Writer, checks};
use crate::error::ErrorKind;
use crate::value::Value;

/// An expression being expanded into a URL: what a [`Value`] hands its content to.
///
/// A value calls exactly one of [`scalar`](Self::scalar), [`list`](Self::list) and
/// [`map`](Self::map) (or nothing, for an undefined value); a [`Scalar`](super::Scalar)
/// writes its text with [`push_str`](Self::push_str), [`push_bytes`](Self::push_bytes) or
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
    pub(super) op: Operator,
    /// The operator that decides names and separators: `op`, but `?` for a hand-written
    /// pair, which behaves like `{?key}`. Kept rather than derived at each use: a value
    /// behind `&dyn Value` reads it at run time (callgrind, `Template::expand`).
    pub(super) naming: Operator,
    pub(super) context: Context,
    pub(super) kind: Kind,
    pub(super) mode: Mode,
    /// Where the expression's output starts.
    start: usize,
    /// Whether a value has been written (and with it `first`).
    pub(super) defined: bool,
    /// Whether the current variable has written a value.
    pub(super) var_defined: bool,
    /// The variable being expanded, or the key of a hand-written pair.
    pub(super) name: &'n str,
    /// The first variable of the expression, for errors about the whole expression.
    first_name: Option<&'n str>,
    pub(super) modifier: Modifier,
    /// What the current variable's values are written with: one of the common shapes, or
    /// the general code.
    pub(super) shape: Shape,
    /// Characters left under a prefix modifier.
    pub(super) budget: Option<usize>,
}

impl<'w, 'n> Expansion<'w, 'n> {
    #[inline(always)]
    fn mode_of(op: Operator, context: Context) -> Mode {
        match context {
            Context::Host { .. } | Context::IpLiteral => Mode::Raw,
            _ if op.allows_reserved() => Mode::Reserved,
            _ => Mode::Unreserved,
        }
    }

    /// What [`new`](Self::new) (or [`new_segment`](Self::new_segment) when `segment`) and
    /// [`begin_var_in`](Self::begin_var_in) of the first variable make, written at once: a
    /// [`Template`](crate::Template) knows the first variable when it starts an expression,
    /// and the defaults that `begin_var_in` overwrote were still stored (callgrind,
    /// `bench/examples/template_count`).
    #[inline(always)]
    pub(crate) fn with_first_var(
        w: &'w mut Writer<'n>,
        (op, context, segment): (Operator, Context, bool),
        name: &'n str,
        modifier: Modifier,
    ) -> Self {
        let mode = Self::mode_of(op, context);
        let kind = if segment { Kind::Segment } else { Kind::Plain };
        let frame = Frame {
            op,
            context,
            kind,
            mode,
        };
        let start = w.out.len();
        let mut e = Expansion {
            w,
            op,
            naming: op,
            context,
            kind,
            mode,
            start,
            defined: false,
            var_defined: false,
            name,
            first_name: Some(name),
            modifier,
            budget: None,
            shape: frame.shape(modifier),
        };
        e.claim_segment(frame, name);
        e
    }

    #[inline(always)]
    pub(crate) fn new(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        let mode = Self::mode_of(op, context);
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
            shape: Shape::General,
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
        self.begin_var_in(self.frame(), name, modifier);
    }

    /// The fields an expansion never changes once made. A [`Template`](crate::Template)
    /// takes them before its values are called, while they are the constants of the step
    /// it runs, and passes them to [`begin_var_in`](Self::begin_var_in) and
    /// [`finish_in`](Self::finish_in): read from the expansion after a value's `expand`, a
    /// call the compiler cannot see into, they were loaded and dispatched on at run time
    /// (callgrind, `bench/examples/template_count`).
    #[inline(always)]
    pub(crate) fn frame(&self) -> Frame {
        Frame {
            op: self.op,
            context: self.context,
            kind: self.kind,
            mode: self.mode,
        }
    }

    /// [`begin_var`](Self::begin_var) with the expansion's [`frame`](Self::frame).
    #[inline(always)]
    pub(crate) fn begin_var_in(&mut self, frame: Frame, name: &'n str, modifier: Modifier) {
        self.first_name.get_or_insert(name);
        self.begin_later_var_in(frame, name, modifier);
    }

    /// [`begin_var_in`](Self::begin_var_in) for a variable after the expression's first,
    /// which a template knows without testing: the expression's first name is kept.
    #[inline(always)]
    pub(crate) fn begin_later_var_in(&mut self, frame: Frame, name: &'n str, modifier: Modifier) {
        if frame.kind != Kind::HandPair {
            self.name = name;
        }
        self.modifier = modifier;
        self.var_defined = false;
        self.shape = frame.shape(modifier);
        self.claim_segment(frame, name);
    }

    /// Makes variable `name` the owner of the tracked segment, if it has none.
    #[inline(always)]
    fn claim_segment(&mut self, frame: Frame, name: &'n str) {
        // The placeholder fills this segment even if its value turns out undefined; `{/x}`
        // does not, as it writes its own `/` first.
        if matches!(frame.context, Context::Path | Context::Base)
            && frame.kind == Kind::Plain
            && frame.op != Operator::Path
            && let Some(segment) = &mut self.w.segment
        {
            segment.owner.get_or_insert(name);
            if frame.context == Context::Base {
                // A `{+base}` may write nothing (`{+base}/users`), or a whole URL start.
                segment.delimited = false;
            }
        }
    }

    /// The variable being expanded: for a hand-written pair `key={x}`, `x` rather than `key`.
    pub(super) fn var_name(&self) -> &'n str {
        match (self.kind, self.first_name) {
            (Kind::HandPair, Some(var)) => var,
            _ => self.name,
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
        let frame = self.frame();
        self.finish_in(frame);
    }

    /// [`finish`](Self::finish) with the expansion's [`frame`](Self::frame).
    #[inline(always)]
    pub(crate) fn finish_in(self, frame: Frame) {
        let Frame {
            op,
            context,
            kind,
            mode,
        } = frame;
        let Expansion {
            w,
            start,
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
