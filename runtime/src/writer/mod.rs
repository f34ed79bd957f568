//! The expansion core shared by `url!` templates and [`Template`](crate::Template): the
//! steps of `urlkit_syntax::plan` executed against values, with RFC 6570 expansion (§3) and
//! the checks that keep a value inside its place (`checks`; the guards of the `url!`
//! documentation, and docs/design.md, "Guarantees and where each is enforced").
//!
//! [`Writer`] holds the URL being built and the state the checks need: the path segment being
//! filled, whether the query has its `?` yet, the first error. Its methods are what generated
//! code calls; they are public but hidden.

pub(crate) mod checks;
mod expansion;
mod fast;
mod frame;
mod items;
pub(crate) mod itoa;
mod segment;
mod text;
mod unreserved;

use alloc::borrow::Cow;
use alloc::string::String;

pub use self::expansion::Expansion;
pub(crate) use self::frame::Frame;
pub use self::frame::Spot;
use crate::error::{ExpandError, ExpandErrorKind};
use crate::url::Url;
use crate::value::Value;
pub use urlkit_syntax::plan::Context;
use urlkit_syntax::reference;
pub use urlkit_syntax::template::{Modifier, Operator};

/// The URL being built, and what the checks need to know about it.
#[doc(hidden)]
#[derive(Debug)]
pub struct Writer<'n> {
    pub(crate) out: String,
    /// Where this URL starts in `out` (after text that was there before).
    pub(crate) origin: usize,
    /// Where a path without an authority starts (`usize::MAX` if there is an authority):
    /// a value must not make it start with `//`.
    pub(crate) path_start: usize,
    /// In a relative-path reference, no `/` written yet: a `:` would read as a scheme.
    pub(crate) first_segment_open: bool,
    /// The path segment that holds placeholders, if one is open.
    pub(crate) segment: Option<Tracked<'n>>,
    /// In a query of pairs, whether its `?` has been written.
    pub(crate) query_open: bool,
    /// Where the separator of the query piece being written is (see
    /// [`query_piece_start`](Self::query_piece_start)).
    pub(crate) piece_separator: usize,
    /// A placeholder whose value can only be judged on the whole URL, and the error it
    /// gets if the URL is not valid: a `{+base}` that may supply a scheme and an authority,
    /// a part of a host (`www{.dom*}` with `1.2.3.4` makes a numeric host).
    pub(crate) check_whole: Option<(&'n str, ExpandErrorKind)>,
    /// A `{#x}` that opened no fragment (`x` undefined) and where the URL then ended: if
    /// anything is written after it, that text left the fragment ([`ExpandErrorKind::Required`]).
    pub(crate) unopened: Option<(&'n str, usize)>,
    /// Where a `{+base}` ended inside the authority it wrote (`https://example.com`, no
    /// `/` yet): a later value must not write into that authority
    /// ([`ExpandErrorKind::JoinsAuthority`]).
    pub(crate) open_authority: Option<usize>,
    pub(crate) error: Option<ExpandError>,
}

/// A path segment being filled: where it starts, and the placeholder that first wrote into
/// it (only such segments are checked: text of the template was checked at compile time).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tracked<'n> {
    pub(crate) start: usize,
    pub(crate) owner: Option<&'n str>,
    /// The segment is one the template delimits (between two of its `/`, or at the path's
    /// start or end), not one a value's `/` opened: if it is still empty when it closes,
    /// nothing of the template's text is in it (text would have been written) and its
    /// owner and the expressions after it wrote nothing, so it is refused as a `{id}` alone
    /// is ([`ExpandErrorKind::EmptySegment`]): `/users/{id}{/tab}` must not build `/users/`.
    /// False for a `{+base}`'s segment, which may be empty (`{+base}/users`).
    pub(crate) delimited: bool,
}

impl<'n> Writer<'n> {
    /// An empty URL with room for `capacity` bytes.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        Writer {
            out: String::with_capacity(capacity),
            origin: 0,
            path_start: usize::MAX,
            first_segment_open: false,
            segment: None,
            query_open: false,
            piece_separator: 0,
            check_whole: None,
            unopened: None,
            open_authority: None,
            error: None,
        }
    }

    /// Continues `out`, which may already hold other text (left untouched), with room for
    /// `additional` more bytes.
    pub(crate) fn resume(mut out: String, additional: usize) -> Self {
        out.reserve(additional);
        let mut w = Writer::with_capacity(0);
        w.origin = out.len();
        w.out = out;
        w
    }

    /// The text written (whole, even after an error) and the first error.
    pub(crate) fn into_parts(mut self) -> (String, Option<ExpandError>) {
        self.check_whole_when_finished();
        (self.out, self.error)
    }

    /// Asks for the whole URL to be checked when it is finished, blaming `name`.
    pub(crate) fn check_whole_url(&mut self, name: &'n str, kind: ExpandErrorKind) {
        self.check_whole.get_or_insert((name, kind));
    }

    /// The URL must be one that `Url::parse` accepts (after a `{+base}` such as `1http://h`
    /// or `http://h:99999`, or host labels that make `www.1.2.3.4`, it would not be); and
    /// nothing may have been written after a `{#x}` that opened no fragment.
    #[inline]
    pub(crate) fn check_whole_when_finished(&mut self) {
        if let Some((name, at)) = self.unopened
            && self.out.len() > at
        {
            self.fail(name, ExpandErrorKind::Required);
        }
        // Nested, so that the common case (no `check_whole`) is one test: as a tuple both
        // fields would be read and combined first.
        if let Some((name, kind)) = self.check_whole
            && self.error.is_none()
        {
            self.check_whole_now(name, kind);
        }
    }

    /// Out of line: only templates with a `{+base}` or host labels get here, and the
    /// common path stays a test of two fields.
    #[cold]
    pub(crate) fn check_whole_now(&mut self, name: &'n str, kind: ExpandErrorKind) {
        // Raw non-ASCII text comes only from parts of a host, which are converted together.
        if cfg!(feature = "idna")
            && !self.out[self.origin..].is_ascii()
            && !crate::host::convert_in(&mut self.out, self.origin)
        {
            self.fail(name, kind);
            return;
        }
        let text = &self.out[self.origin..];
        // Host labels that all wrote nothing leave an empty host (`httap://{.h}{.c}?x`),
        // which no host placeholder makes: `{h}` refuses an empty value.
        let empty_host = kind == ExpandErrorKind::InvalidHost
            && urlkit_syntax::reference::split(text)
                .authority
                .is_some_and(|authority| authority.host.is_empty());
        if empty_host || !checks::is_uri_reference(text) {
            self.fail(name, kind);
        }
    }

    /// The bytes written so far (text that was in the buffer before included).
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.out.len()
    }

    /// Starts from `base`, for `url!(base, "relative")`: writes the base's scheme, authority
    /// and path, without the path's final `/` when `trim_slash` (the relative part then
    /// starts with its own `/`, so the join has exactly one). The base's path is kept whole;
    /// a base with a query or a fragment cannot be joined to
    /// ([`ExpandErrorKind::BaseHasQueryOrFragment`]), nor a value that is not a base (its error).
    #[inline]
    pub fn with_base(
        base: Result<Cow<'_, Url>, ExpandError>,
        trim_slash: bool,
        capacity: usize,
    ) -> Self {
        let base = match base {
            Ok(base) => base,
            Err(error) => {
                let mut w = Writer::with_capacity(capacity);
                w.error = Some(error);
                return w;
            }
        };
        let text = base.as_str();
        let mut w = Writer::with_capacity(text.len() + capacity);
        // `Url` holds a valid reference, so the grammar's split is its structure.
        let parts = reference::split(text);
        if parts.query.is_some() || parts.fragment.is_some() {
            w.fail("", ExpandErrorKind::BaseHasQueryOrFragment);
        }
        let mut end = parts.path.end;
        // Only a `/` of the path itself: in `//` (an empty authority) it delimits the host.
        if trim_slash && !parts.path.is_empty() && text[..end].ends_with('/') {
            end -= 1;
        }
        w.out.push_str(&text[..end]);
        w
    }

    /// Records the first error; later ones follow from it.
    pub(crate) fn fail(&mut self, name: &str, kind: ExpandErrorKind) {
        if self.error.is_none() {
            self.error = Some(ExpandError::new(name, kind));
        }
    }

    /// [`fail`](Self::fail), for what the part `field` of the value holds.
    pub(crate) fn fail_in_field(&mut self, name: &str, kind: ExpandErrorKind, field: String) {
        if self.error.is_none() {
            self.error = Some(ExpandError::new(name, kind).in_field(field));
        }
    }

    /// Writes template text (checked and normalized when the template was).
    #[inline]
    pub fn text(&mut self, text: &str) {
        push_text(&mut self.out, text);
    }

    /// A query of pairs starts.
    #[inline]
    pub fn query_start(&mut self) {
        self.query_open = false;
    }

    /// Writes `?` before the first pair of the query, `&` before the others.
    #[inline]
    pub(crate) fn pair_separator(&mut self) {
        self.out.push(if self.query_open { '&' } else { '?' });
        self.query_open = true;
    }

    /// A static `name=value` pair of a query of pairs.
    #[inline]
    pub fn pair(&mut self, pair: &str) {
        self.pair_separator();
        self.out.push_str(pair);
    }

    /// Expands an expression of one variable, `name`, at `spot`: what `url!`'s code calls
    /// for most expressions, through the placeholder trait that checks the value's type
    /// (`value/placeholder.rs`). Generic over the value's type alone, so that a crate's
    /// templates share one copy of what is below for each type of value they fill.
    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `expansion.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn expand_one<T: Value + ?Sized>(
        &mut self,
        spot: Spot,
        name: &'n str,
        modifier: Modifier,
        value: &T,
    ) {
        self.expand_at(spot, "", name, modifier, value);
    }

    /// [`expand_one`](Self::expand_one) for a pair written by hand, `key={name}` (`{+name}`
    /// when `reserved`).
    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `expansion.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn expand_pair<T: Value + ?Sized>(
        &mut self,
        key: &'n str,
        reserved: bool,
        name: &'n str,
        modifier: Modifier,
        value: &T,
    ) {
        self.expand_at(Spot::HandPair(reserved), key, name, modifier, value);
    }

    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `expansion.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expand_at<T: Value + ?Sized>(
        &mut self,
        spot: Spot,
        key: &'n str,
        name: &'n str,
        modifier: Modifier,
        value: &T,
    ) {
        // The frame is a function of `spot` alone, so that where `spot` is a constant, as in
        // `url!`'s code, the checks `finish_in` makes are known without reading the expansion
        // back after the value's `expand`.
        let frame = Frame::of(spot);
        let mut e = Expansion::starting(self, frame, key, name, modifier);
        value.expand(&mut e);
        e.finish_in(frame);
    }

    /// Starts expanding an expression of several variables at `spot`: `url!`'s code fills
    /// each with [`Expansion::var_at`], then calls [`Expansion::finish_at`].
    #[allow(
        clippy::inline_always,
        reason = "in line in a release build only; see `expansion.rs`"
    )]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn expansion_at(&mut self, spot: Spot) -> Expansion<'_, 'n> {
        Expansion::at(self, spot, "")
    }

    /// A piece of a query of pairs that is RFC 6570 text (`{k}=1`, `k=v{a}`) starts: writes
    /// its separator, `?` or `&`, which [`query_piece_end`](Self::query_piece_end) takes
    /// back if the piece writes nothing, so that no `?&`, `&&` or dangling `&` is left.
    #[inline]
    pub fn query_piece_start(&mut self) {
        self.piece_separator = self.out.len();
        self.pair_separator();
    }

    /// The piece [`query_piece_start`](Self::query_piece_start) started ends: if it wrote
    /// nothing after its separator, the separator goes, and the query is as it was before
    /// (still without its `?` if that was the `?`).
    #[inline]
    pub fn query_piece_end(&mut self) {
        if self.out.len() == self.piece_separator + 1 {
            self.query_open = self.out.pop() == Some('&');
        }
    }

    /// Starts expanding an expression with operator `op` in `context`.
    #[inline]
    pub fn expansion(&mut self, op: Operator, context: Context) -> Expansion<'_, 'n> {
        Expansion::new(self, op, context)
    }

    /// Starts expanding a simple expression that is a whole path segment: at its end the
    /// segment must be non-empty and not a dot segment.
    #[inline]
    pub fn segment_expansion(&mut self) -> Expansion<'_, 'n> {
        Expansion::new_segment(self)
    }

    /// Starts expanding `key={x}` written by hand in a query of pairs (`x` being a
    /// `{x}`, or `{+x}` when `reserved`).
    #[inline]
    pub fn hand_pair(&mut self, key: &'n str, reserved: bool) -> Expansion<'_, 'n> {
        Expansion::new_hand_pair(self, key, reserved)
    }

    /// Starts expanding an expression that must be defined: a `{#x}` that opens the fragment
    /// the template's text after it belongs to.
    #[inline]
    pub fn required_expansion(&mut self, op: Operator, context: Context) -> Expansion<'_, 'n> {
        Expansion::new_required(self, op, context)
    }

    /// Starts expanding a port placeholder: `:` and the port if the value is defined.
    #[inline]
    pub fn port(&mut self) -> Expansion<'_, 'n> {
        Expansion::new_port(self)
    }

    /// The URL, or the first value that could not be placed.
    ///
    /// Takes the writer by reference, as [`take_url`](Self::take_url) does: generated code
    /// hands the writer to calls that are not inlined, so it lives in memory, and a move
    /// out of it would be a `memcpy` of the whole writer in every `url!`.
    #[inline]
    pub fn finish(&mut self) -> Result<Url, ExpandError> {
        self.take_url()
    }

    /// [`finish`](Self::finish), for the runtime: the text and error are taken out of the
    /// writer, which is not moved (a few hundred bytes, which the compiler copies with
    /// `memcpy` where the call is not inlined).
    #[inline]
    pub(crate) fn take_url(&mut self) -> Result<Url, ExpandError> {
        self.check_whole_when_finished();
        if self.error.is_none() {
            // Without `take`, which wrote `None` back on every URL.
            return Ok(Url::from_built(core::mem::take(&mut self.out)));
        }
        self.take_error()
    }

    /// [`take_url`](Self::take_url) when a value failed.
    #[cold]
    fn take_error(&mut self) -> Result<Url, ExpandError> {
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(Url::from_built(core::mem::take(&mut self.out))),
        }
    }
}

/// Appends `text` to `out` as `push_str` does, but with the length read once: `push_str`
/// reads it again after the copy, which may have written to memory the compiler cannot tell
/// from the `String`'s own fields when the `String` is in memory (as a `url!`'s is, handed
/// to encoders that are not in line): that load would follow each text of a `url!` and
/// each `,` of a list.
#[allow(
    clippy::inline_always,
    reason = "a text known at compile time folds into a few stores"
)]
#[inline]
pub(crate) fn push_text(out: &mut String, text: &str) {
    crate::raw::push_str(out, text);
}
