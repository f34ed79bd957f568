//! One expression being expanded: RFC 6570 Appendix A, plus the placement checks.
//!
//! In generated code an expression's operator, context and role are constants (its `Spot`).
//! The methods on the way from `url!`'s calls to the encoders are `#[inline(always)]` where
//! urlkit is built without debug assertions (a release build), so that they fold into each
//! call where those constants are known. Where it is built with them (the dev profile) they
//! are `#[inline]`: a debug build does not inline, and forcing it would compile the whole
//! expansion into the caller of every `url!` call; there each is one call into one copy per
//! crate.
#![allow(
    clippy::inline_always,
    reason = "constants fold in a release build; see the module comment"
)]

use super::frame::{Frame, Layout, Mode, Role, Spot};
use super::{Context, Modifier, Operator, Writer, checks};
use crate::error::ExpandErrorKind;
use crate::value::Value;

/// An expression being expanded into a URL: what a [`Value`] hands its content to.
///
/// A value calls exactly one of [`scalar`](Self::scalar), [`list`](Self::list) and
/// [`map`](Self::map) (or nothing, for an undefined value); a [`Scalar`](crate::value::Scalar)
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
    /// behind `&dyn Value` reads it at run time, where deriving it would be a test at every
    /// use.
    pub(super) naming: Operator,
    pub(super) context: Context,
    pub(super) role: Role,
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
    /// What the current variable's values are written with: one of the common layouts, or
    /// the general code.
    pub(super) layout: Layout,
    /// Characters left under a prefix modifier.
    pub(super) budget: Option<usize>,
}

impl<'w, 'n> Expansion<'w, 'n> {
    /// What [`at`](Self::at) and [`begin_var_in`](Self::begin_var_in) of the first variable
    /// make, written at once: a [`Template`](crate::Template) knows the first variable when it
    /// starts an expression, so the defaults that `begin_var_in` would overwrite are never
    /// stored.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn with_first_var(
        w: &'w mut Writer<'n>,
        (op, context, segment): (Operator, Context, bool),
        name: &'n str,
        modifier: Modifier,
    ) -> Self {
        let spot = if segment {
            Spot::Segment
        } else {
            Spot::Expand(op, context)
        };
        Self::starting(w, Frame::of(spot), "", name, modifier)
    }

    /// An expansion at `frame` whose first variable is `name` (with `modifier`), `key` being a
    /// hand-written pair's key: the fields written once, each a function of the arguments, so
    /// that where they are constants (`url!`'s code) the whole expansion is.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn starting(
        w: &'w mut Writer<'n>,
        frame: Frame,
        key: &'n str,
        name: &'n str,
        modifier: Modifier,
    ) -> Self {
        let start = w.out.len();
        let mut e = Expansion {
            w,
            op: frame.op,
            naming: frame.naming(),
            context: frame.context,
            role: frame.role,
            mode: frame.mode,
            start,
            defined: false,
            var_defined: false,
            name: if frame.role == Role::HandPair {
                key
            } else {
                name
            },
            first_name: Some(name),
            modifier,
            budget: None,
            layout: frame.layout(modifier),
        };
        e.claim_segment(frame, name);
        e
    }

    /// An expansion at `frame` with no variable begun yet.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn empty(w: &'w mut Writer<'n>, frame: Frame, key: &'n str) -> Self {
        let start = w.out.len();
        Expansion {
            w,
            op: frame.op,
            naming: frame.naming(),
            context: frame.context,
            role: frame.role,
            mode: frame.mode,
            start,
            defined: false,
            var_defined: false,
            name: key,
            first_name: None,
            modifier: Modifier::None,
            budget: None,
            layout: Layout::General,
        }
    }

    /// An expansion of the expression at `spot`, no variable begun; `key` is a hand-written
    /// pair's.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn at(w: &'w mut Writer<'n>, spot: Spot, key: &'n str) -> Self {
        Self::empty(w, Frame::of(spot), key)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        Self::at(w, Spot::Expand(op, context), "")
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new_segment(w: &'w mut Writer<'n>) -> Self {
        Self::at(w, Spot::Segment, "")
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new_hand_pair(w: &'w mut Writer<'n>, key: &'n str, reserved: bool) -> Self {
        Self::at(w, Spot::HandPair(reserved), key)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new_required(w: &'w mut Writer<'n>, op: Operator, context: Context) -> Self {
        Self::at(w, Spot::Required(op, context), "")
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn new_port(w: &'w mut Writer<'n>) -> Self {
        Self::at(w, Spot::Port, "")
    }

    /// Expands variable `name` with `modifier` and `value`, one of the several variables of
    /// an expression at `spot` (which [`Writer::expansion_at`](super::Writer::expansion_at) made): `url!`'s code for such
    /// expressions. The spot is passed again rather than read from the expansion, where a
    /// value's `expand` before may have changed what the compiler knows of it: a constant, it
    /// makes what begins the variable one too.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn var_at<V: Value + ?Sized>(
        &mut self,
        spot: Spot,
        name: &'n str,
        modifier: Modifier,
        value: &V,
    ) {
        self.begin_var_in(Frame::of(spot), name, modifier);
        value.expand(self);
    }

    /// Ends the expression at `spot` that [`Writer::expansion_at`](super::Writer::expansion_at) made (see
    /// [`var_at`](Self::var_at)).
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish_at(self, spot: Spot) {
        self.finish_in(Frame::of(spot));
    }

    /// The fields an expansion never changes once made. A [`Template`](crate::Template)
    /// takes them before its values are called, while they are the constants of the step
    /// it runs, and passes them to [`begin_var_in`](Self::begin_var_in) and
    /// [`finish_in`](Self::finish_in): read from the expansion after a value's `expand`, a
    /// call the compiler cannot see into, they would be loaded and dispatched on at run time.
    #[inline(always)]
    pub(crate) fn frame(&self) -> Frame {
        Frame {
            op: self.op,
            context: self.context,
            role: self.role,
            mode: self.mode,
        }
    }

    /// Starts variable `name` of the expression, in the expansion's [`frame`](Self::frame):
    /// the first variable's name is kept for errors that name the expression.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn begin_var_in(&mut self, frame: Frame, name: &'n str, modifier: Modifier) {
        self.first_name.get_or_insert(name);
        self.begin_later_var_in(frame, name, modifier);
    }

    /// [`begin_var_in`](Self::begin_var_in) for a variable after the expression's first,
    /// which a template knows without testing: the expression's first name is kept.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn begin_later_var_in(&mut self, frame: Frame, name: &'n str, modifier: Modifier) {
        if frame.role != Role::HandPair {
            self.name = name;
        }
        self.modifier = modifier;
        self.var_defined = false;
        self.layout = frame.layout(modifier);
        self.claim_segment(frame, name);
    }

    /// Makes variable `name` the owner of the tracked segment, if it has none.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn claim_segment(&mut self, frame: Frame, name: &'n str) {
        // The placeholder fills this segment even if its value turns out undefined; `{/x}`
        // does not, as it writes its own `/` first.
        if matches!(frame.context, Context::Path | Context::Base)
            && frame.role == Role::Plain
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
        match (self.role, self.first_name) {
            (Role::HandPair, Some(var)) => var,
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
    /// [`ExpandErrorKind::NestedValue`], naming the placeholder.
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
    /// assert_eq!(*t.expand(&deep).unwrap_err().kind(), urlkit::ExpandErrorKind::NestedValue);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refuse_nested(&mut self) {
        self.w.fail(self.var_name(), ExpandErrorKind::NestedValue);
    }

    /// Whether the variable has the explode modifier (`{x*}`).
    #[cfg(feature = "serde")]
    pub(crate) fn is_explode(&self) -> bool {
        self.modifier == Modifier::Explode
    }

    /// Writes the delimiter between the items of a list, as it is, for a value that writes a
    /// list inside one string: `,` for a list-valued field of a map without explode (RFC 6570
    /// §3.2.1), or the delimiter of an OpenAPI style (`%20`, `%7C`), which is text valid in
    /// every component.
    pub(crate) fn push_list_separator(&mut self, delimiter: &'static str) {
        debug_assert!(matches!(delimiter, "," | "%20" | "%7C"));
        self.w.out.push_str(delimiter);
    }

    /// How much of the URL is written, so that a value can look at what its items wrote
    /// ([`written_since`](Self::written_since)).
    pub(crate) fn written(&self) -> usize {
        self.w.out.len()
    }

    /// The text written from `start` (a [`written`](Self::written) length) on.
    pub(crate) fn written_since(&self, start: usize) -> &str {
        self.w.out.get(start..).unwrap_or_default()
    }

    /// Refuses the value (of the variable being expanded) for `kind`.
    pub(crate) fn refuse(&mut self, kind: ExpandErrorKind) {
        self.w.fail(self.var_name(), kind);
    }

    /// Refuses the value for what its part `field` holds (a path such as `tags[2]`).
    pub(crate) fn refuse_field(&mut self, kind: ExpandErrorKind, field: alloc::string::String) {
        self.w.fail_in_field(self.var_name(), kind, field);
    }

    /// Ends the expression: checks what it wrote against where it stands.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish(self) {
        let frame = self.frame();
        self.finish_in(frame);
    }

    /// [`finish`](Self::finish) with the expansion's [`frame`](Self::frame): where the
    /// frame is a constant, this is a test of two fields and at most one call, the checks of
    /// the expression's place (most places of unreserved text have none).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn finish_in(self, frame: Frame) {
        let Expansion {
            w,
            start,
            first_name,
            defined,
            ..
        } = self;
        let name = first_name.unwrap_or_default();
        if w.open_authority.is_some() || (frame.role == Role::Required && !defined) {
            after_base_or_undefined(w, frame, start, name, defined);
        }
        // A whole segment's check, the most common, is two tests in line.
        if frame.role == Role::Segment {
            checks::whole_segment(w, start, name);
        } else if frame.has_checks() {
            check_place(w, frame, start, name);
        }
    }
}

/// What [`Expansion::finish_in`] checks after a `{+base}` that left its authority open, and
/// for an undefined expression that must be defined; before the checks of the place.
#[cold]
fn after_base_or_undefined<'n>(
    w: &mut Writer<'n>,
    frame: Frame,
    start: usize,
    name: &'n str,
    defined: bool,
) {
    if let Some(base_end) = w.open_authority {
        checks::after_open_authority(w, base_end, start, name);
    }
    if frame.role == Role::Required && !defined {
        // Refused only if the text after it writes something (it may all be undefined).
        w.unopened.get_or_insert((name, w.out.len()));
    }
}

/// The checks of what an expression wrote where it stands, but for a whole segment's.
fn check_place<'n>(w: &mut Writer<'n>, frame: Frame, start: usize, name: &'n str) {
    let Frame {
        op,
        context,
        role,
        mode,
    } = frame;
    match role {
        Role::Segment => checks::whole_segment(w, start, name),
        Role::Port => checks::port(w, start, name),
        Role::HandPair | Role::Plain | Role::Required => match context {
            Context::Host { whole } => {
                checks::host(w, start, name, whole, op);
                if !whole {
                    // Labels are checked here; the host they make, at the end.
                    w.check_whole_url(name, ExpandErrorKind::InvalidHost);
                }
            }
            Context::IpLiteral => checks::ip_literal(w, start, name),
            Context::Path | Context::Base if mode == Mode::Reserved => {
                if context == Context::Base {
                    w.check_whole_url(name, ExpandErrorKind::InvalidBase);
                    checks::base_leaves_authority_open(w);
                }
                checks::reserved_path(w, start, name, context == Context::Base);
            }
            Context::Query | Context::QueryKey | Context::QueryPairs | Context::Fragment
                if mode == Mode::Reserved =>
            {
                // `{#x}` opening the fragment writes its own `#` first.
                let own = usize::from(op == Operator::Fragment && w.out[start..].starts_with('#'));
                checks::no_hash(w, start + own, name);
            }
            _ => {}
        },
    }
}
