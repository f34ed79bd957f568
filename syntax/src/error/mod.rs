//! What can be wrong with a URL or a URL template, worded once for both the compiler and the
//! runtime.
//!
//! Messages follow rustc's voice: lowercase, the culprit in backticks, the component named, and
//! after a semicolon what to write instead. The location is not part of the message: the macro
//! draws a caret under the literal, the runtime appends "at byte N".

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

mod message;

/// The part of a URL a character or a placeholder belongs to (RFC 3986 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    /// `https` in `https://example.com`.
    Scheme,
    /// `user:pass` in `https://user:pass@example.com`.
    Userinfo,
    /// `example.com`.
    Host,
    /// `8080` in `example.com:8080`.
    Port,
    /// `/a/b`.
    Path,
    /// `q=1` after `?`.
    Query,
    /// `top` after `#`.
    Fragment,
}

impl Component {
    /// The name used in messages: "the URL path".
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One problem found in a URL or template, with the bytes it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The source bytes of the first occurrence.
    pub at: Range<usize>,
    /// Further occurrences of the same problem, reported together so that a URL with ten
    /// spaces gets one error with ten carets rather than ten errors.
    pub again: Vec<Range<usize>>,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl Error {
    /// An error about the bytes `at`.
    pub fn new(at: Range<usize>, kind: ErrorKind) -> Self {
        Error {
            at,
            again: Vec::new(),
            kind,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

/// Collects errors, folding repeats of the same problem into one [`Error`].
///
/// Finding the earlier occurrence goes through an ordered index, so that hostile input (a
/// megabyte of distinct bad escapes) costs `O(n log n)`, not `O(n²)`.
#[derive(Debug, Default)]
pub struct Errors {
    list: Vec<Error>,
    index: BTreeMap<ErrorKind, usize>,
}

impl Errors {
    /// No errors yet.
    pub fn new() -> Self {
        Errors::default()
    }

    /// Records `kind` at `at`; a problem already recorded gains one more occurrence.
    pub fn push(&mut self, at: Range<usize>, kind: ErrorKind) {
        self.push_all(core::iter::once(at), kind);
    }

    /// Records `kind` at each of `ats`, without cloning `kind` per occurrence (a dot-segment
    /// error holds the whole path).
    pub fn push_all(&mut self, ats: impl IntoIterator<Item = Range<usize>>, kind: ErrorKind) {
        let mut ats = ats.into_iter();
        let seen = if let Some(&i) = self.index.get(&kind) {
            i
        } else {
            let Some(first) = ats.next() else {
                return;
            };
            self.index.insert(kind.clone(), self.list.len());
            self.list.push(Error::new(first, kind));
            self.list.len() - 1
        };
        self.list[seen].again.extend(ats);
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The errors in the order of their first occurrence in the source.
    pub fn into_vec(mut self) -> Vec<Error> {
        self.list.sort_by_key(|e| e.at.start);
        self.list
    }
}

/// Everything that can be wrong, with the details its message needs. Ordered only so that
/// [`Errors`] can index the problems it has seen.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that is never allowed raw in this component (RFC 3986 §2).
    InvalidChar {
        /// The character.
        ch: char,
        /// Where it stands.
        component: Component,
    },
    /// A non-ASCII character where only a URI (not an IRI) is accepted, or one outside RFC 3987
    /// `ucschar`/`iprivate`.
    NonAscii {
        /// The character.
        ch: char,
        /// Where it stands.
        component: Component,
    },
    /// A character that cannot be seen or that reorders text (RFC 3987 §4.1), see
    /// [`crate::chars::is_invisible`].
    Invisible {
        /// The character.
        ch: char,
        /// Where it stands.
        component: Component,
    },
    /// A host with non-ASCII characters that UTS #46 (IDNA) refuses to convert (reported
    /// by the runtime's `idna` feature, which converts the hosts it accepts).
    IdnaRefused {
        /// The host as written.
        host: String,
    },
    /// A non-ASCII character in the host: hosts need their ASCII (IDNA) form.
    NonAsciiHost {
        /// The host as written.
        host: String,
        /// Its ASCII form, or why it is not computed here.
        ascii: crate::idna::AsciiHost,
    },
    /// Spaces, tabs or newlines at the end of the URL.
    TrailingWhitespace,
    /// `%` not followed by two hex digits.
    BadEscape {
        /// The `%` and up to two following characters, as written.
        text: String,
        /// Where it stands.
        component: Component,
    },
    /// `%uXXXX`, the non-standard UTF-16 escape of JavaScript's `escape()`.
    PercentU {
        /// The escape as written, e.g. `%u20AC` (both halves of a surrogate pair if present).
        text: String,
        /// Its UTF-8 percent-encoding, or `None` for a lone surrogate.
        utf8: Option<String>,
    },
    /// A percent-escape in the host.
    EscapeInHost {
        /// The escape as written.
        text: String,
        /// The character it stands for, if that may be written in a host as it is.
        plain: Option<char>,
    },
    /// `#` after the fragment delimiter.
    SecondHash,
    /// `[` or `]` outside an IP literal.
    Bracket {
        /// The bracket.
        ch: char,
        /// Where it stands.
        component: Component,
    },
    /// `:` with nothing before it.
    EmptyScheme,
    /// A scheme that does not start with a letter or holds other characters.
    BadScheme {
        /// The scheme as written.
        scheme: String,
    },
    /// A relative-path reference whose first segment holds `:` (RFC 3986 §4.2).
    ColonInFirstSegment {
        /// The first segment.
        segment: String,
    },
    /// A scheme whose URLs always have an authority (`http`, `https`, `ws`, `wss`, `ftp`,
    /// `file`) without `//`.
    MissingAuthority {
        /// The scheme.
        scheme: String,
        /// The URL with `//` added.
        fix: String,
    },
    /// A relative path that starts with a special scheme and `//` but no `:`, such as
    /// `https//example.com`: a typo, not a path anyone means.
    MissingColon {
        /// The scheme as written.
        scheme: String,
        /// The URL with the `:` added.
        fix: String,
    },
    /// No host where the scheme needs one.
    EmptyHost {
        /// The scheme.
        scheme: String,
    },
    /// A `{?x}`, `{&x}` or `{#x}` right after `scheme://`, where the host belongs: it opens
    /// the query or the fragment there, and what follows is no host.
    OpenerBeforeHost {
        /// The scheme.
        scheme: String,
        /// The expression, as written.
        expression: String,
    },
    /// A relative reference that starts with `//` and an empty authority (`//`, `///a`,
    /// `//?q`): WHATWG parsers resolving it against an `http(s)` base read the next path
    /// segment as the host (`///a` is `https://a/`), against a `file:` base they keep the
    /// host empty. With a scheme (`file:///a`), the scheme's rules apply instead.
    EmptyAuthority,
    /// Userinfo or a port beside an empty host: RFC 3986 allows it, the WHATWG parser fails
    /// ("host-missing").
    HostMissing {
        /// Whether the port (rather than the userinfo) is what has no host.
        port: bool,
    },
    /// Userinfo or a port in a `file` URL, which the WHATWG parser fails on.
    FileAuthority {
        /// The part to remove, delimiter included: `me@` or `:1`.
        part: String,
    },
    /// A port that is not all digits.
    BadPort {
        /// The port as written.
        port: String,
    },
    /// A port over 65535.
    PortTooLarge {
        /// The port as written.
        port: String,
    },
    /// A `[` starting the host without its `]`.
    UnclosedIpLiteral {
        /// The host as written.
        text: String,
    },
    /// A malformed `[...]` host.
    BadIpLiteral {
        /// The literal, brackets included.
        text: String,
    },
    /// A host written without a scheme, which reads as something else: `www.example.com/a`
    /// (a relative path) or `localhost:8080` (the scheme `localhost`).
    MissingScheme {
        /// The host as written.
        host: String,
        /// What the text reads as instead: "a relative path", "the scheme".
        read_as: &'static str,
        /// The URL with a scheme.
        fix: String,
    },
    /// An IPv6 address without the brackets that set it apart from a port.
    UnbracketedIpv6 {
        /// The address.
        address: String,
    },
    /// An `xn--` label that is not punycode WHATWG parsers decode
    /// ([`crate::host::invalid_xn_label`]).
    BadPunycode {
        /// The label as written.
        label: String,
    },
    /// A host whose last label is a number but which is not a dotted-decimal IPv4 address.
    NumericHost {
        /// The host.
        host: String,
        /// The IPv4 address WHATWG parsers read it as, if they read it as one.
        ipv4: Option<String>,
    },
    /// A path starting with `//` in a reference without an authority (RFC 3986 §3.3).
    DoubleSlashPath,
    /// `.` or `..` segments where every parser would remove them (RFC 3986 §5.2.4).
    DotSegment {
        /// The path as written.
        path: String,
        /// The path with the dot segments removed, if some spelling without them means the
        /// same (see `path::without_dot_segments`).
        resolved: Option<String>,
    },
    /// `{` without a matching `}`.
    UnclosedExpression,
    /// `}` without a matching `{`.
    UnmatchedClose,
    /// `{{` or `}}`, the escapes of `format!`, which RFC 6570 does not have.
    DoubledBrace,
    /// `{}`.
    EmptyExpression,
    /// A variable name outside the RFC 6570 `varname` grammar.
    BadVarName {
        /// The name as written.
        name: String,
    },
    /// One of the operators RFC 6570 reserves for future use: `= , ! @ |`.
    ReservedOperator {
        /// The operator.
        op: char,
    },
    /// A prefix modifier that is not `:` and 1 to 9999 without leading zeros.
    BadPrefix {
        /// The modifier as written, `:` included.
        text: String,
    },
    /// A placeholder before the scheme's `:`.
    PlaceholderInScheme,
    /// A placeholder right after `%` or `%X`.
    PlaceholderInEscape,
    /// An expression whose operator cannot stand in this component, e.g. `{+x}` in a host.
    OperatorNotAllowed {
        /// The expression's operator, e.g. `+`.
        op: char,
        /// Where it stands.
        component: Component,
    },
    /// A placeholder sharing the port with digits or with another placeholder.
    PartialPort,
    /// A `{?...}` after the query has begun.
    SecondQuery,
    /// A `{#...}` after the fragment has begun.
    SecondFragment,
    /// Text or a placeholder after `{/x}` that, when the `{/x}` before it are undefined and
    /// write nothing, follows the host (or the base URL of `url!(base, ...)`) and joins it.
    UndefinedJoinsHost {
        /// The variables that are undefined.
        vars: Vec<String>,
        /// What would join the host, as written.
        text: String,
        /// The last `{/x}` before it, as written.
        expression: String,
        /// The path is appended to a base URL (`url!(base, ...)`) rather than to a host.
        base: bool,
    },
    /// Text or a placeholder after `{/x}` that, when the `{/x}` before it are undefined and
    /// write nothing, starts a path without an authority that they start with `/` when
    /// defined: the reference is an absolute path in some states and a relative one in
    /// others.
    UndefinedStartsRelative {
        /// The variables that are undefined.
        vars: Vec<String>,
        /// What would start the path, as written.
        text: String,
        /// The last `{/x}` before it, as written.
        expression: String,
    },
    /// A path without an authority that starts with `//` in some state of its expressions,
    /// which parsers read as the start of a host (RFC 3986 §4.2).
    StateStartsAuthority {
        /// The variables whose state makes it.
        vars: Vec<String>,
        /// Whether the `{/x}` is defined (its own `/` makes the `//`) or undefined.
        defined: bool,
        /// The expression, as written.
        expression: String,
    },
    /// An empty path segment (`//`) that the template writes only in some states of its
    /// expressions.
    StateDoubleSlash {
        /// The variables whose state makes it.
        vars: Vec<String>,
        /// Whether the `{/x}` is defined (its own `/` makes the `//`) or undefined.
        defined: bool,
        /// The expression, as written.
        expression: String,
    },
    /// A `:` in the first segment of a relative path when the `{/x}` before it are
    /// undefined: the text before it would read as a scheme.
    UndefinedColon {
        /// The variables that are undefined.
        vars: Vec<String>,
        /// The last `{/x}` before the `:`, as written.
        expression: String,
    },
    /// Template text `.` or `..` that is a path segment of its own in some state of the
    /// expressions around it, which every parser removes.
    StateDotSegment {
        /// The variables whose state makes it.
        vars: Vec<String>,
        /// Whether the expression is defined (its `/` ends the segment) or undefined.
        defined: bool,
        /// The expression, as written.
        expression: String,
        /// `.` or `..`.
        segment: String,
    },
    /// Text after a `{?x}` that opens the query, in a query that is not made of
    /// `name=value` pairs: when `x` is undefined no `?` is written, and the text moves into
    /// the path.
    UndefinedLeavesQuery {
        /// The variables that are undefined.
        vars: Vec<String>,
        /// The text after the expression, as written.
        text: String,
        /// The query written so that it keeps its text.
        fix: String,
    },
    /// A pair written by hand (`q={x}`) in a query with an empty piece (`&&`, a `&` at the
    /// query's start or end or right before a `{&y}`): such a query is RFC 6570 text as
    /// written, where the pair would write `q=` for an undefined `x` rather than be left out.
    EmptyQueryPiece {
        /// The pair written by hand, as written (`q={x}`).
        pair: String,
        /// That pair's variable.
        pair_var: String,
    },
    /// A pair written by hand (`q={x}`) in a query where text or an expression follows a
    /// `{&y}` in its piece (`{&y}k=1`): such a query is RFC 6570 text as written, where the
    /// pair would write `q=` for an undefined `x` rather than be left out.
    TextAfterContinuation {
        /// What follows the `{&y}`, as written.
        text: String,
        /// The `{&y}`, as written.
        expression: String,
        /// The pair written by hand, as written (`q={x}`).
        pair: String,
        /// That pair's variable.
        pair_var: String,
    },
    /// In a query with pairs written by hand, a `{+x}` before any `=` of its piece, followed
    /// by such a pair with nothing always written between: that pair's `&` is written only
    /// when its value is defined, so whether a `=` in `x`'s value comes before the pair's
    /// name, which the guard on `{+x}` decides from the template's text, would depend on it.
    ReservedBeforeHandPair {
        /// The `{+x}`, as written.
        expression: String,
        /// The same expression without its `+`, which encodes `=`.
        encoded: String,
        /// The pair written by hand after it, as written (`q={y}`).
        pair: String,
        /// That pair's variable.
        pair_var: String,
    },
}

/// Variable names in backticks, joined with commas and a final "and".
pub(crate) struct Names<'a>(pub(crate) &'a [String]);

impl Names<'_> {
    /// "is" for one name, "are" for several.
    pub(crate) fn verb(&self) -> &'static str {
        if self.0.len() > 1 { "are" } else { "is" }
    }
}

impl fmt::Display for Names<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (i, name) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            write!(f, "`{name}`")?;
        }
        Ok(())
    }
}

/// A character's UTF-8 percent-encoding, uppercase: `%C3%A9` for `é`.
pub struct Escaped(pub char);

impl fmt::Display for Escaped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 4];
        for &b in self.0.encode_utf8(&mut buf).as_bytes() {
            let hex = crate::chars::HEX_UPPER;
            write!(
                f,
                "%{}{}",
                char::from(hex[usize::from(b >> 4)]),
                char::from(hex[usize::from(b & 15)])
            )?;
        }
        Ok(())
    }
}
