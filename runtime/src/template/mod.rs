//! Run-time URI templates (RFC 6570): [`Template`], and [`Vars`], where it finds the values.
//!
//! `Template` serves templates that arrive at run time (API responses, configuration) with
//! the grammar and the expansion code of `url!`. A template known at compile time is better
//! written with `template!`, which checks it while compiling and makes a `Template` that
//! costs no parsing, or with `url!`, which also compiles the expansion.

mod capacity;
pub(crate) mod compiled;
mod error;
mod run;
pub(crate) mod slots;
mod vars;

use alloc::string::String;
use alloc::sync::Arc;
use core::fmt;
use core::sync::atomic::{AtomicUsize, Ordering};

use self::compiled::{Compiled, CompiledRef, Parsed};
pub use self::error::{TemplateError, TemplateErrorKind};
pub use self::vars::{Vars, VarsFn, vars_fn};
use crate::error::ExpandError;
use crate::raw::Plan;
use crate::url::Url;
use crate::writer::Writer;

/// A URI template (RFC 6570, levels 1 to 4) parsed at run time: from configuration, or from
/// hypermedia links in API responses (GitHub's `issues_url`, HAL, `JSON:API`, `OpenAPI` links).
///
/// `Template` uses the grammar and the expansion code of `url!` templates, so a template
/// expands to the same URL whether it is known at compile time or at run time. Every
/// uritemplate-test case (the RFC's examples and the community's extended and negative
/// tests) passes byte for byte.
///
/// # What it accepts
///
/// What a `url!` template accepts: the text around the expressions follows
/// [the rules of a literal](macro@crate::url#rejected-at-compile-time) (IRI characters are
/// percent-encoded, `café/{x}` writes `caf%C3%A9/...`, and percent-triplets are upper-cased),
/// and the expressions [those of a template](macro@crate::url#template-mistakes-are-compile-errors),
/// less the checks on Rust variables and named arguments, which have no run-time
/// counterpart, and only templates that keep their shape in every state of their optional
/// expressions ([`TemplateErrorKind::ShapeDependsOnState`]). Every problem is in the
/// [`TemplateError`], with `url!`'s message and its byte offset.
///
/// # How it expands
///
/// As `url!` does, with the same code: [every RFC 6570 expression](macro@crate::url#expressions),
/// [encoded for where it stands](macro@crate::url#where-a-placeholder-stands),
/// [hand-written query pairs](macro@crate::url#optional-and-repeated-query-parameters) that
/// drop an undefined value's pair, and [the guards](macro@crate::url#guards) that refuse a
/// value which would change the URL's shape (the guarantee is stated once, in
/// [What a value can never do](crate#what-a-value-can-never-do)); none of this changes any
/// uritemplate-test case.
/// A variable's value is any [`Value`](crate::value::Value) ([the list](crate::value)), and
/// the variables come from any [`Vars`]: a `BTreeMap` or `HashMap` from names to values, a
/// closure ([`vars_fn`]), a JSON object (the `serde_json` feature), or your own type.
///
/// ```
/// use std::collections::BTreeMap;
/// use urlkit::{ExpandErrorKind, Template, value::Value};
///
/// let t = Template::parse("/files{/dir}/{name}{?tag*}")?;
/// let (tags, none) = (["a b", "c"], None::<&str>);
/// let vars: BTreeMap<&str, &dyn Value> =
///     BTreeMap::from([("dir", &none as &dyn Value), ("name", &"r&d.pdf"), ("tag", &tags)]);
/// assert_eq!(t.expand(&vars)?, "/files/r%26d.pdf?tag=a%20b&tag=c");
/// let dots = BTreeMap::from([("name", "..")]);
/// assert_eq!(*t.expand(&dots).unwrap_err().kind(), ExpandErrorKind::DotSegment);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # From data, with no data, and with more query parameters
///
/// A struct or map with the `serde` feature is the variables through
/// `Serde`: `t.expand(&Serde(&filters))`, each variable the field of its name
/// (a `Vec` field is a list, so `{?labels}` writes `labels=a,b` and `{?labels*}` a pair per
/// item). A template without variables, or one whose variables are all to be undefined,
/// expands with `&()`, which defines none. Query parameters the template does not name are
/// added to the expanded URL with [`Url::edit`](crate::Url::edit): each value is placed as a
/// template placeholder would place it, so the same encoding and guards apply.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use urlkit::{Serde, Template};
///
/// #[derive(serde::Serialize)]
/// struct Issues<'a> { owner: &'a str, repo: &'a str, labels: Vec<&'a str> }
///
/// let t = Template::parse("/repos/{owner}/{repo}/issues{?labels}")?;
/// let issues = Issues { owner: "rust-lang", repo: "rust", labels: vec!["A-macros", "C-bug"] };
/// let url = t.expand(&Serde(&issues))?;
/// assert_eq!(url, "/repos/rust-lang/rust/issues?labels=A-macros,C-bug");
///
/// let url = url.edit().append_pair("page", &2).append_pair("q", "a&b").finish()?;
/// assert_eq!(url, "/repos/rust-lang/rust/issues?labels=A-macros,C-bug&page=2&q=a%26b");
///
/// assert_eq!(Template::parse("/health")?.expand(&())?, "/health");
/// assert_eq!(Template::parse("/issues{?labels,page}")?.expand(&())?, "/issues");
/// // A placeholder that is a whole path segment cannot be undefined.
/// assert!(t.expand(&()).is_err());
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Known at compile time
///
/// [`template!`](crate::template!) makes a `Template` checked while compiling, in a `const`
/// or a `static`, with nothing parsed at run time: the same parsed form, run by the same code,
/// so every method answers the same. Cloning it copies a pointer; cloning a parsed one counts
/// a reference.
///
/// # Examples
/// ```
/// use std::collections::BTreeMap;
///
/// let t = urlkit::Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{/number}")?;
/// let vars = BTreeMap::from([("owner", "rust-lang"), ("repo", "rust"), ("number", "1")]);
/// assert_eq!(t.expand(&vars)?, "https://api.github.com/repos/rust-lang/rust/issues/1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Template {
    repr: Repr,
}

/// Where the parsed template lives. Both forms are read as the same [`CompiledRef`] and their plans
/// run by the same interpreter ([`run::run`]); only ownership differs.
#[derive(Clone)]
enum Repr {
    /// Written by `template!` into a `static`: cloning copies a pointer, and a `const` can
    /// hold it.
    Static(&'static Compiled),
    /// Built by [`Template::parse`]: cloning counts a reference.
    Shared(Arc<Shared>),
}

/// The most a template reserves up front from what earlier expansions needed (common
/// limits on URL length are 2 KiB to 8 KiB).
const MAX_LEARNED_CAPACITY: usize = 4096;

/// Bytes a template reserves beyond the longest expansion it has seen. A short value is
/// encoded in one pass straight into the URL's spare room only when that room holds its
/// longest encoding (three bytes a byte); without slack, a value near the end of the URL
/// (`C-bug` in GitHub's `{?state,labels,page}`, `;` in `{?keys*}`) found too little room and
/// took the two-pass encoder.
/// 32 bytes cover a last value of up to 15 bytes; malloc's cost does not change with it.
const LEARNED_SLACK: usize = 32;

struct Shared {
    parsed: Parsed,
    /// The longest expansion so far (at least the template's text and some room), so that
    /// the output is allocated once at the right size (one allocation per URL, a
    /// target in docs/design.md, "Performance targets").
    /// A `static` cannot hold an atomic and stay usable in a `const`, so the compile-time
    /// form keeps its first estimate.
    capacity: AtomicUsize,
}

impl Shared {
    #[inline]
    fn empty() -> Shared {
        Shared {
            parsed: Parsed::empty(),
            capacity: AtomicUsize::new(0),
        }
    }

    /// Parses `source` into this form ([`Parsed::parse_into`]), and starts the capacity it
    /// learns from the template's first estimate.
    #[inline]
    fn parse_into(&mut self, source: &str) -> Result<(), TemplateError> {
        self.parsed.parse_into(source)?;
        *self.capacity.get_mut() = self.parsed.compiled_ref().capacity();
        Ok(())
    }
}

impl Template {
    /// Parses `source` with the grammar `url!` uses. The error is the first problem, with
    /// the message `url!` would give and its byte offset; [`TemplateError::errors`] lists
    /// them all.
    ///
    /// # Examples
    /// ```
    /// assert!(urlkit::Template::parse("/search{?q,page}").is_ok());
    /// let err = urlkit::Template::parse("{scheme}://example.com/").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a placeholder cannot stand in the scheme; write the scheme as text (at byte 0)"
    /// );
    /// ```
    pub fn parse(source: &str) -> Result<Template, TemplateError> {
        // Planned where it will live: a short template's parts are held in place in the
        // shared allocation. `Arc::new_cyclic` hands the value it is given to the
        // allocation it made, where `Arc::new` builds it beside and copies it in.
        let mut shared = Arc::new_cyclic(|_| Shared::empty());
        if let Some(fresh) = Arc::get_mut(&mut shared) {
            fresh.parse_into(source)?;
        } else {
            // Never: the `Arc` was made above and has not been shared.
            let mut fresh = Shared::empty();
            fresh.parse_into(source)?;
            shared = Arc::new(fresh);
        }
        Ok(Template {
            repr: Repr::Shared(shared),
        })
    }

    /// What `template!` expands to.
    #[doc(hidden)]
    pub const fn __from_static(compiled: &'static Compiled) -> Template {
        Template {
            repr: Repr::Static(compiled),
        }
    }

    /// The plan the interpreter runs, and how many bytes to reserve for an expansion.
    #[inline]
    fn plan_and_capacity(&self) -> (Plan<'_>, usize) {
        match &self.repr {
            Repr::Static(compiled) => {
                let compiled = compiled.compiled_ref();
                (compiled.plan(), compiled.capacity())
            }
            // Relaxed: the value is only a size hint; any value read is safe to use.
            Repr::Shared(shared) => (
                shared.parsed.compiled_ref().plan(),
                shared.capacity.load(Ordering::Relaxed),
            ),
        }
    }

    #[inline]
    pub(crate) fn compiled(&self) -> CompiledRef<'_> {
        match &self.repr {
            Repr::Static(compiled) => compiled.compiled_ref(),
            Repr::Shared(shared) => shared.parsed.compiled_ref(),
        }
    }

    /// The template as written.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("/a{?b}")?.as_str(), "/a{?b}");
    /// # Ok::<(), urlkit::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.compiled().source()
    }

    /// The names of the template's variables, each once, in order of first use.
    ///
    /// # Examples
    /// ```
    /// let t = urlkit::Template::parse("/{a}/{b}{?a,c}")?;
    /// assert_eq!(t.variables().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// # Ok::<(), urlkit::TemplateError>(())
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = &str> {
        self.compiled().variables()
    }

    /// Expands the template with the values of `vars` (any [`Vars`]: a map from names to
    /// values, [`vars_fn`], a JSON object). Undefined variables expand to nothing.
    ///
    /// The result is a [`Url`] even when the template is relative (`/users/{id}`,
    /// `{?q}`): `Url` holds any URI reference. Fails, naming the placeholder, when a value
    /// cannot be placed safely (see [`ExpandErrorKind`](crate::ExpandErrorKind)).
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// let t = urlkit::Template::parse("/files/{name}{?v}")?;
    /// let vars = BTreeMap::from([("name", "report 2024.pdf")]);
    /// assert_eq!(t.expand(&vars)?, "/files/report%202024.pdf");
    ///
    /// let dots = BTreeMap::from([("name", "..")]);
    /// assert_eq!(*t.expand(&dots).unwrap_err().kind(), urlkit::ExpandErrorKind::DotSegment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand<V: Vars + ?Sized>(&self, vars: &V) -> Result<Url, ExpandError> {
        let (plan, capacity) = self.plan_and_capacity();
        let mut w = Writer::with_capacity(capacity);
        run::run(plan, &mut w, vars);
        self.learn_capacity(w.len());
        w.take_url()
    }

    /// Appends the expansion to `out`, reusing its buffer (see [`expand`](Self::expand)).
    ///
    /// On `Err`, `out` is left as it was: the same text (its capacity may have grown).
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// let t = urlkit::Template::parse("/u/{id}")?;
    /// let mut out = String::from("GET ");
    /// t.expand_into(&BTreeMap::from([("id", "7")]), &mut out)?;
    /// assert_eq!(out, "GET /u/7");
    ///
    /// assert!(t.expand_into(&BTreeMap::from([("id", "")]), &mut out).is_err());
    /// assert_eq!(out, "GET /u/7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_into<V: Vars + ?Sized>(
        &self,
        vars: &V,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        let mark = out.len();
        let (plan, capacity) = self.plan_and_capacity();
        let mut w = Writer::resume(core::mem::take(out), capacity);
        run::run(plan, &mut w, vars);
        self.learn_capacity(w.len() - mark);
        let (text, error) = w.into_parts();
        *out = text;
        match error {
            None => Ok(()),
            Some(error) => {
                out.truncate(mark);
                Err(error)
            }
        }
    }

    /// Writes the expansion to `out`, a [`fmt::Write`] such as a `Formatter` (see
    /// [`expand`](Self::expand)).
    ///
    /// The URL is built first and written with one `write_str` call, so on a value error
    /// nothing is written. A failure of `out` itself is an [`ExpandError`] of kind
    /// [`ExpandErrorKind::Write`](crate::ExpandErrorKind::Write). To append to a `String`,
    /// [`expand_into`](Self::expand_into) avoids the intermediate buffer.
    ///
    /// # Examples
    /// ```
    /// use std::fmt;
    /// use urlkit::{Template, template::vars_fn};
    ///
    /// /// A link to a user's page, for an HTML template engine.
    /// struct UserLink<'a>(&'a Template, u64);
    ///
    /// impl fmt::Display for UserLink<'_> {
    ///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    ///         f.write_str("<a href=\"")?;
    ///         self.0.expand_to(&vars_fn(|_| Some(self.1)), f).map_err(|_| fmt::Error)?;
    ///         f.write_str("\">profile</a>")
    ///     }
    /// }
    ///
    /// let t = Template::parse("/users/{id}")?;
    /// assert_eq!(UserLink(&t, 7).to_string(), "<a href=\"/users/7\">profile</a>");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand_to<V, W>(&self, vars: &V, out: &mut W) -> Result<(), ExpandError>
    where
        V: Vars + ?Sized,
        W: fmt::Write + ?Sized,
    {
        let url = self.expand(vars)?;
        out.write_str(url.as_str())
            .map_err(|fmt::Error| ExpandError::write_failed())
    }

    /// How many bytes the next expansion reserves.
    #[cfg(test)]
    fn capacity(&self) -> usize {
        self.plan_and_capacity().1
    }

    /// Remembers the length of an expansion (and [`LEARNED_SLACK`]) if it is the longest so far, up to
    /// [`MAX_LEARNED_CAPACITY`]: one huge value must not make every later URL reserve as much.
    #[inline]
    fn learn_capacity(&self, len: usize) {
        if let Repr::Shared(shared) = &self.repr {
            let len = len.saturating_add(LEARNED_SLACK).min(MAX_LEARNED_CAPACITY);
            if len > shared.capacity.load(Ordering::Relaxed) {
                shared.capacity.fetch_max(len, Ordering::Relaxed);
            }
        }
    }
}

impl fmt::Display for Template {
    /// Writes the template as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Template").field(&self.as_str()).finish()
    }
}

impl core::str::FromStr for Template {
    type Err = TemplateError;

    /// The same as [`Template::parse`].
    fn from_str(s: &str) -> Result<Template, TemplateError> {
        Template::parse(s)
    }
}

impl PartialEq for Template {
    /// Templates are equal when their text is.
    fn eq(&self, other: &Template) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Template {}

impl core::hash::Hash for Template {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

#[cfg(test)]
mod tests;
