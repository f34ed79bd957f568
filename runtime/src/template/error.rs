//! [`TemplateError`]: why [`Template::parse`](super::Template::parse) rejected a template.

use alloc::string::ToString;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use urlkit_syntax::error::{Error as SyntaxError, ErrorKind as SyntaxKind};

use crate::url::ParseErrorKind;

/// Why [`Template::parse`](super::Template::parse) rejected a template: the same message
/// `url!` gives at compile time, and the byte offset.
///
/// `Display` shows the first problem with its offset; [`errors`](Self::errors) lists every
/// independent problem, as the macro reports them all in one compile.
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
    kind: TemplateErrorKind,
    /// Shared by the occurrences of one problem: a message may quote the whole host, and a
    /// copy per occurrence made a long non-ASCII host quadratic.
    message: Arc<str>,
    /// The other problems, in source order (empty in the items [`Self::errors`] yields).
    more: Vec<TemplateError>,
}

impl TemplateError {
    /// One error per problem and per occurrence, in source order; `errors` is not empty (the
    /// grammar rejected the template).
    pub(super) fn from_syntax(errors: Vec<SyntaxError>) -> TemplateError {
        let mut all: Vec<TemplateError> = errors
            .into_iter()
            .flat_map(|e| {
                let kind = TemplateErrorKind::of(&e.kind);
                let message: Arc<str> = Arc::from(e.kind.to_string());
                core::iter::once(e.at)
                    .chain(e.again)
                    .map(move |at| TemplateError::new(at, kind, message.clone()))
            })
            .collect();
        all.sort_by_key(|e| e.at.start);
        let mut all = all.into_iter();
        let mut first = all.next().unwrap_or_else(|| {
            let kind = SyntaxKind::UnclosedExpression;
            TemplateError::new(
                0..0,
                TemplateErrorKind::of(&kind),
                Arc::from(kind.to_string()),
            )
        });
        first.more = all.collect();
        first
    }

    /// The error the grammar reports as `kind`, worded as `message`, about the bytes `at`:
    /// the one constructor.
    fn new(at: Range<usize>, kind: TemplateErrorKind, message: Arc<str>) -> TemplateError {
        TemplateError {
            at,
            kind,
            message,
            more: Vec::new(),
        }
    }

    /// What kind of problem this is.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{ParseErrorKind, TemplateErrorKind};
    /// let kind = |t| urlkit::Template::parse(t).unwrap_err().kind().clone();
    /// assert_eq!(kind("/users/{id"), TemplateErrorKind::UnclosedExpression);
    /// assert_eq!(kind("/a b/{x}"), TemplateErrorKind::Url(ParseErrorKind::InvalidCharacter));
    /// ```
    pub fn kind(&self) -> &TemplateErrorKind {
        &self.kind
    }

    /// The byte offset of the (first) problem in the template.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("/a b/{x}").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.at.start
    }

    /// The template bytes the (first) problem is about.
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::Template::parse("{x:0}").unwrap_err().span(), 2..4);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.at.clone()
    }

    /// What is wrong, without the offset: for tools that point at the span themselves.
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Template::parse("/{}").unwrap_err();
    /// assert_eq!(err.message(), "empty expression `{}`; write a variable name between the braces");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Every problem of the template, first to last in the source, this one first: one item
    /// per problem and per place it occurs (the macro draws one message with a caret under
    /// each place; a tool gets them one by one here). Each item's own `errors()` is just
    /// itself.
    ///
    /// # Examples
    /// ```
    /// let err = urlkit::Template::parse("/a b/{c d}/{e:0}").unwrap_err();
    /// let found: Vec<(usize, &str)> = err.errors().map(|e| (e.offset(), e.message())).collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (2, "invalid character ` ` in the URL path; write `%20`"),
    ///         (6, "invalid variable name `c d`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)"),
    ///         (13, "invalid prefix `:0`; write `:` and a length from 1 to 9999 without leading zeros"),
    ///     ]
    /// );
    /// ```
    pub fn errors(&self) -> impl Iterator<Item = &TemplateError> {
        core::iter::once(self).chain(self.more.iter())
    }
}

/// What kind of problem a [`TemplateError`] is.
///
/// # Examples
/// ```
/// use urlkit::TemplateErrorKind;
/// let err = urlkit::Template::parse("/search{!q}").unwrap_err();
/// assert_eq!(err.kind(), &TemplateErrorKind::ReservedOperator);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// The text around the expressions breaks the URL grammar, as
    /// [`Url::parse`](crate::Url::parse) would say.
    Url(ParseErrorKind),
    /// `{` without its `}`.
    UnclosedExpression,
    /// `}` without a `{` before it.
    UnmatchedClose,
    /// `{{` or `}}`, which are not escapes in a URL template (they are in `format!`).
    DoubledBrace,
    /// `{}`.
    EmptyExpression,
    /// A variable name outside RFC 6570's `varname` grammar.
    InvalidVariableName,
    /// One of the operators RFC 6570 reserves: `=` `,` `!` `@` `|`.
    ReservedOperator,
    /// A prefix that is not `:` and 1 to 9999 without leading zeros.
    InvalidPrefix,
    /// An expression where no value can go: in the scheme, inside a `%XX`, sharing the port,
    /// an operator its component cannot take (`{+x}` in a host), a second `{?...}` or `{#...}`,
    /// a `{?...}` or `{#...}` right after `scheme://`, where the host belongs.
    MisplacedExpression,
    /// The template would not keep its shape in every state of its optional expressions:
    /// when one is undefined (or defined), its own text would move into another component
    /// (`https://example.com{/x}@evil.com/`), the path would start with `//` or have a `//`
    /// the template does not write, a path without an authority would start with `/` in
    /// some states only (`{/x}users`), a `:` would read as a scheme, or a `.` segment would
    /// appear ([What a value can never do](crate#what-a-value-can-never-do)).
    ShapeDependsOnState,
    /// A query with a pair written by hand (`q={x}`) that cannot be joined piece by piece: it
    /// has an empty piece (`&&`, a `&` at its start or end or right before a `{&y}`), or text
    /// right after a `{&y}` in its piece (`{&y}k=1`). Such a query is RFC 6570 text as
    /// written, where the pair would write `q=` for an undefined `x`, which the
    /// [`url!` docs](macro@crate::url#optional-and-repeated-query-parameters) promise never
    /// happens.
    ///
    /// ```
    /// use urlkit::{Template, TemplateErrorKind};
    /// let err = Template::parse("/p?q={x}&&k=1").unwrap_err();
    /// assert_eq!(err.kind(), &TemplateErrorKind::UnjoinableQuery);
    /// assert!(Template::parse("/p?q={x}&k=1").is_ok());
    /// ```
    UnjoinableQuery,
}

impl TemplateErrorKind {
    fn of(kind: &SyntaxKind) -> TemplateErrorKind {
        match kind {
            SyntaxKind::UnclosedExpression => TemplateErrorKind::UnclosedExpression,
            SyntaxKind::UnmatchedClose => TemplateErrorKind::UnmatchedClose,
            SyntaxKind::DoubledBrace => TemplateErrorKind::DoubledBrace,
            SyntaxKind::EmptyExpression => TemplateErrorKind::EmptyExpression,
            SyntaxKind::BadVarName { .. } => TemplateErrorKind::InvalidVariableName,
            SyntaxKind::ReservedOperator { .. } => TemplateErrorKind::ReservedOperator,
            SyntaxKind::BadPrefix { .. } => TemplateErrorKind::InvalidPrefix,
            SyntaxKind::PlaceholderInScheme
            | SyntaxKind::PlaceholderInEscape
            | SyntaxKind::OperatorNotAllowed { .. }
            | SyntaxKind::PartialPort
            | SyntaxKind::SecondQuery
            | SyntaxKind::SecondFragment
            | SyntaxKind::OpenerBeforeHost { .. } => TemplateErrorKind::MisplacedExpression,
            SyntaxKind::UndefinedJoinsHost { .. }
            | SyntaxKind::UndefinedStartsRelative { .. }
            | SyntaxKind::StateStartsAuthority { .. }
            | SyntaxKind::StateDoubleSlash { .. }
            | SyntaxKind::UndefinedColon { .. }
            | SyntaxKind::StateDotSegment { .. }
            | SyntaxKind::UndefinedLeavesQuery { .. }
            | SyntaxKind::ReservedBeforeHandPair { .. } => TemplateErrorKind::ShapeDependsOnState,
            SyntaxKind::EmptyQueryPiece { .. } | SyntaxKind::TextAfterContinuation { .. } => {
                TemplateErrorKind::UnjoinableQuery
            }
            url => TemplateErrorKind::Url(ParseErrorKind::of(url)),
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at.start)
    }
}

impl core::error::Error for TemplateError {}
