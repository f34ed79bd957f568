//! [`Template`]: an RFC 6570 URI template known only at run time, expanded with the grammar
//! and the expansion core that `url!` uses at compile time.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;
use core::ops::Range;

use urlkit_syntax::error::Errors;
use urlkit_syntax::plan::{self, Step};
use urlkit_syntax::reference::{self, Options};
use urlkit_syntax::template::{self as grammar, Expression};

use crate::error::Error;
use crate::expand::value::Value;
use crate::expand::{Expansion, Writer};
use crate::url::Url;

/// A URI template (RFC 6570, levels 1 to 4) parsed at run time: from configuration, or from
/// hypermedia links in API responses.
///
/// It follows the same grammar and rules as the templates of `url!`: the text
/// around expressions must be a valid URI reference (IRI characters are percent-encoded), and
/// expansion refuses values that would change the URL's shape (see [`ErrorKind`](crate::ErrorKind)).
/// Cloning is cheap.
///
/// # Examples
/// ```
/// use std::collections::BTreeMap;
///
/// let t = urlkit::Template::parse("https://api.github.com/repos/{owner}/{repo}/issues{/number}")?;
/// let vars = BTreeMap::from([("owner", "rust-lang"), ("repo", "rust"), ("number", "1")]);
/// assert_eq!(t.expand(&vars)?.as_str(), "https://api.github.com/repos/rust-lang/rust/issues/1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Template {
    inner: Arc<Inner>,
}

struct Inner {
    source: String,
    expressions: Vec<Expression>,
    steps: Vec<Step>,
    /// Bytes of template text, for sizing the output.
    static_len: usize,
}

/// Why [`Template::parse`] rejected a template: the same message `url!` gives at compile time,
/// and the byte offset.
///
/// # Examples
/// ```
/// let err = urlkit::Template::parse("/users/{id").unwrap_err();
/// assert_eq!(err.offset(), 7);
/// assert_eq!(
///     err.to_string(),
///     "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace (at byte 7)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    at: Range<usize>,
    message: String,
}

impl TemplateError {
    /// The byte offset of the problem in the template.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("/a b/{x}").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.at.start
    }

    /// The template bytes the problem is about.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("{x:0}").unwrap_err().span(), 2..4);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.at.clone()
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at.start)
    }
}

impl core::error::Error for TemplateError {}

impl Template {
    /// Parses `source` with the grammar `url!` uses.
    ///
    /// # Examples
    /// ```
    /// assert!(urlkit::Template::parse("/search{?q,page}").is_ok());
    /// assert!(urlkit::Template::parse("/search{?q,page").is_err());
    /// assert!(urlkit::Template::parse("{scheme}://example.com/").is_err());
    /// ```
    pub fn parse(source: &str) -> Result<Template, TemplateError> {
        let mut errors = Errors::new();
        let expressions = grammar::lex(source, &mut errors);
        let reference = reference::parse(source, &expressions, Options { iri: true }, &mut errors);
        if let Some(first) = errors.into_vec().into_iter().next() {
            return Err(TemplateError {
                message: alloc::format!("{}", first.kind),
                at: first.at,
            });
        }
        let steps = plan::plan(source, &expressions, &reference);
        let static_len = steps
            .iter()
            .map(|step| match step {
                Step::Text(text) | Step::Pair(text) => text.len(),
                _ => 0,
            })
            .sum();
        Ok(Template {
            inner: Arc::new(Inner {
                source: String::from(source),
                expressions,
                steps,
                static_len,
            }),
        })
    }

    /// The template as written.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("/a{?b}")?.as_str(), "/a{?b}");
    /// # Ok::<(), urlkit::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.inner.source
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
        let source = &self.inner.source;
        let mut seen: Vec<&str> = Vec::new();
        self.inner
            .expressions
            .iter()
            .flat_map(|e| e.vars.iter())
            .map(move |v| &source[v.name.clone()])
            .filter(move |name| {
                let new = !seen.contains(name);
                if new {
                    seen.push(name);
                }
                new
            })
    }

    /// Expands the template with the values of `vars` (a `HashMap` or `BTreeMap` from names to
    /// [`Value`]s, or your own [`Vars`]). Undefined variables expand to nothing.
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// let t = urlkit::Template::parse("/files/{name}{?v}")?;
    /// let vars = BTreeMap::from([("name", "report 2024.pdf")]);
    /// assert_eq!(t.expand(&vars)?.as_str(), "/files/report%202024.pdf");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expand<V: Vars + ?Sized>(&self, vars: &V) -> Result<Url, Error> {
        let inner = &*self.inner;
        let mut w = Writer::with_capacity(inner.static_len + 32);
        for step in &inner.steps {
            match step {
                Step::Text(text) => w.text(text),
                Step::PathStart { relative } => w.path_start(*relative),
                Step::SegmentStart => w.segment_start(),
                Step::SegmentEnd { then_slash } => w.segment_end(*then_slash),
                Step::QueryStart => w.query_start(),
                Step::Pair(pair) => w.pair(pair),
                Step::Segment(i) => self.fill(w.segment_expansion(), *i, vars),
                Step::Expand(i, context) => {
                    let op = inner.expressions[*i].operator;
                    self.fill(w.expansion(op, *context), *i, vars);
                }
                Step::HandPair { key, expr } => {
                    let reserved = inner.expressions[*expr].operator.allows_reserved();
                    self.fill(w.hand_pair(key, reserved), *expr, vars);
                }
                Step::Port(i) => self.fill(w.port(), *i, vars),
            }
        }
        w.finish()
    }

    fn fill<'n, V: Vars + ?Sized>(&'n self, mut e: Expansion<'_, 'n>, i: usize, vars: &V) {
        for var in &self.inner.expressions[i].vars {
            let name = &self.inner.source[var.name.clone()];
            e.begin_var(name, var.modifier);
            vars.expand_var(name, &mut e);
        }
        e.finish();
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.source)
    }
}

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Template").field(&self.inner.source).finish()
    }
}

impl core::str::FromStr for Template {
    type Err = TemplateError;

    fn from_str(s: &str) -> Result<Template, TemplateError> {
        Template::parse(s)
    }
}

/// Where a [`Template`] finds the values of its variables.
///
/// # Examples
/// ```
/// use urlkit::template::Vars;
/// use urlkit::value::{Expansion, Value};
///
/// /// Every variable is its own name, upper-cased.
/// struct Shout;
///
/// impl Vars for Shout {
///     fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
///         name.to_uppercase().expand(e);
///     }
/// }
///
/// let t = urlkit::Template::parse("/{a}/{b}")?;
/// assert_eq!(t.expand(&Shout)?.as_str(), "/A/B");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Vars {
    /// Expands the value of `name` into `e` (with [`Value::expand`]); does nothing when the
    /// variable is undefined.
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>);
}

impl<K: Borrow<str> + Ord, V: Value> Vars for BTreeMap<K, V> {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.get(name) {
            value.expand(e);
        }
    }
}

#[cfg(feature = "std")]
impl<K, V, S> Vars for std::collections::HashMap<K, V, S>
where
    K: Borrow<str> + core::hash::Hash + Eq,
    V: Value,
    S: core::hash::BuildHasher,
{
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.get(name) {
            value.expand(e);
        }
    }
}

impl<T: Vars + ?Sized> Vars for &T {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        (**self).expand_var(name, e);
    }
}
