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
    /// A non-ASCII character in the host: hosts need their punycode form.
    NonAsciiHost {
        /// The host as written.
        host: String,
        /// Its punycode form, if it could be computed.
        ascii: Option<String>,
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
    /// `:` after the host with no digits.
    EmptyPort,
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
        /// The path with the dot segments removed.
        resolved: String,
    },
    /// `{` without a matching `}`.
    UnclosedExpression,
    /// `}` without a matching `{`.
    UnmatchedClose,
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
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::InvalidChar { ch, component } => {
                if ch.is_control() {
                    write!(
                        f,
                        "invalid control character U+{:04X} in the URL {component}",
                        u32::from(*ch)
                    )?;
                } else {
                    write!(
                        f,
                        "invalid character {} in the URL {component}",
                        Quoted(*ch)
                    )?;
                }
                let fix = Escaped(*ch);
                match (ch, component) {
                    (_, Component::Scheme) => f.write_str("; remove it"),
                    // WHATWG parsers read `\` as `/` in http(s) URLs, and Windows paths
                    // use it: `https://h\p` means a path.
                    ('\\', Component::Host) => f.write_str("; write `/` to start the path"),
                    // A percent-escape is no fix in a host (RFC 3986 §3.2.2 reg-name).
                    (_, Component::Host) => f.write_str(
                        "; a host name holds only letters, digits, `-` and `.`",
                    ),
                    ('\\', _) => write!(
                        f,
                        "; write `/` to separate segments, or `{fix}` for a backslash"
                    ),
                    _ => write!(f, "; write `{fix}`"),
                }
            }
            ErrorKind::Invisible { ch, component } => {
                let name = crate::chars::invisible_name(*ch).unwrap_or("character");
                write!(
                    f,
                    "invisible {name} U+{:04X} in the URL {component}; ",
                    u32::from(*ch)
                )?;
                let fix = Escaped(*ch);
                if *component == Component::Host {
                    f.write_str("remove it")
                } else if ch.is_whitespace() {
                    write!(f, "write `%20` for a space, or `{fix}` to keep it")
                } else {
                    write!(f, "remove it, or write `{fix}` to keep it")
                }
            }
            ErrorKind::NonAscii { ch, component } => {
                let fix = Escaped(*ch);
                // A character without a glyph is named by its code point.
                if ch.escape_debug().nth(1).is_some() {
                    write!(
                        f,
                        "non-ASCII character U+{:04X} in the URL {component}; write `{fix}`",
                        u32::from(*ch)
                    )
                } else {
                    write!(
                        f,
                        "non-ASCII character `{ch}` in the URL {component}; write `{fix}`"
                    )
                }
            }
            ErrorKind::NonAsciiHost { host, ascii } => match ascii {
                Some(ascii) => write!(
                    f,
                    "non-ASCII host `{host}`; write its punycode form `{ascii}`"
                ),
                None => write!(
                    f,
                    "non-ASCII host `{host}`; write its punycode form (`xn--...`)"
                ),
            },
            ErrorKind::TrailingWhitespace => {
                f.write_str("whitespace at the end of the URL; remove it")
            }
            ErrorKind::BadEscape { text, component } => write!(
                f,
                "invalid percent-escape `{text}` in the URL {component}; `%` must be followed by two hex digits, write `%25` for a literal percent sign"
            ),
            ErrorKind::PercentU { text, utf8 } => match utf8 {
                Some(utf8) => write!(
                    f,
                    "`{text}` is not a URL escape; write the UTF-8 form `{utf8}`"
                ),
                None => write!(
                    f,
                    "`{text}` is not a URL escape, and a lone UTF-16 surrogate has no UTF-8 form; write the character's UTF-8 percent-encoding"
                ),
            },
            ErrorKind::EscapeInHost { text, plain } => match plain {
                Some(plain) => write!(
                    f,
                    "percent-escape `{text}` in the URL host; write `{plain}`"
                ),
                None => write!(
                    f,
                    "percent-escape `{text}` in the URL host; write the host in plain ASCII (punycode for non-ASCII names)"
                ),
            },
            ErrorKind::SecondHash => f.write_str(
                "invalid character `#` in the URL fragment; only the first `#` starts the fragment, write `%23`",
            ),
            ErrorKind::Bracket { ch, component } => match component {
                Component::Host => write!(
                    f,
                    "invalid character `{ch}` in the URL host; brackets enclose a whole IPv6 host, such as `[2001:db8::1]`"
                ),
                _ => write!(
                    f,
                    "invalid character `{ch}` in the URL {component}; brackets may only enclose an IPv6 host, write `{}`",
                    Escaped(*ch)
                ),
            },
            ErrorKind::EmptyScheme => f.write_str(
                "missing scheme before `:`; write one such as `https:`, or `./:` for a relative path",
            ),
            ErrorKind::BadScheme { scheme } => write!(
                f,
                "invalid scheme `{scheme}`; a scheme starts with a letter and holds only letters, digits, `+`, `-` and `.`"
            ),
            ErrorKind::ColonInFirstSegment { segment } => write!(
                f,
                "`:` in the first segment `{segment}` of a relative path would read as a scheme; write `./{segment}`, or `%3A` for the `:`"
            ),
            ErrorKind::MissingAuthority { scheme, fix } => write!(
                f,
                "missing `//` after `{scheme}:`; write `{fix}`"
            ),
            ErrorKind::MissingColon { scheme, fix } => write!(
                f,
                "missing `:` after the scheme `{scheme}`; write `{fix}`"
            ),
            ErrorKind::EmptyHost { scheme } => write!(
                f,
                "empty host after `{scheme}://`; write the host before the path"
            ),
            ErrorKind::HostMissing { port: true } => f.write_str(
                "missing host before the port; URL parsers reject a port without a host, write the host after `//`",
            ),
            ErrorKind::HostMissing { port: false } => f.write_str(
                "missing host after the userinfo; URL parsers reject userinfo without a host, write the host after `@`",
            ),
            ErrorKind::FileAuthority { part } => write!(
                f,
                "a `file` URL cannot have a port or userinfo; remove `{part}`"
            ),
            ErrorKind::BadPort { port } => write!(
                f,
                "invalid port `{port}`; a port is written with digits only"
            ),
            ErrorKind::PortTooLarge { port } => write!(f, "port `{port}` is over 65535"),
            ErrorKind::EmptyPort => {
                f.write_str("empty port after `:`; write a port number or remove the `:`")
            }
            ErrorKind::UnclosedIpLiteral { text } => write!(
                f,
                "unclosed `[` in the URL host `{text}`; write `]` after the IPv6 address"
            ),
            // RFC 6874 zone identifiers: valid URI syntax, but no WHATWG parser accepts them.
            ErrorKind::BadIpLiteral { text } if text.contains('%') => write!(
                f,
                "invalid IP literal `{text}`; URL parsers do not accept an IPv6 zone (`%25...`), remove it"
            ),
            ErrorKind::BadIpLiteral { text } => write!(
                f,
                "invalid IP literal `{text}`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`"
            ),
            ErrorKind::MissingScheme { host, read_as, fix } => write!(
                f,
                "missing scheme before the host `{host}`, which reads as {read_as}; write `{fix}`"
            ),
            ErrorKind::UnbracketedIpv6 { address } => write!(
                f,
                "IPv6 address `{address}` without brackets; write `[{address}]`"
            ),
            ErrorKind::NumericHost { host, ipv4 } => match ipv4 {
                Some(ipv4) => write!(
                    f,
                    "host `{host}` reads as the IPv4 address `{ipv4}`; write `{ipv4}`"
                ),
                None => write!(
                    f,
                    "host `{host}` ends in a number but is not an IPv4 address, so URL parsers reject it; a host name's last label cannot be a number"
                ),
            },
            ErrorKind::DoubleSlashPath => f.write_str(
                "path starts with `//` but the URL has no authority, so parsers would read the first segment as a host; write `/.//` or remove a `/`",
            ),
            ErrorKind::DotSegment { path, resolved } => write!(
                f,
                "the path `{path}` resolves to `{resolved}`; write that"
            ),
            ErrorKind::UnclosedExpression => f.write_str(
                "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace",
            ),
            ErrorKind::UnmatchedClose => {
                f.write_str("unmatched `}`; write `%7D` for a literal brace")
            }
            ErrorKind::EmptyExpression => {
                f.write_str("empty expression `{}`; write a variable name between the braces")
            }
            // `{x,}`, `{a,,b}`, `{?}`: a comma or an operator with no name after it.
            ErrorKind::BadVarName { name } if name.is_empty() => f.write_str(
                "missing variable name; write a name after the operator or `,`, or remove the extra `,`",
            ),
            ErrorKind::BadVarName { name } => write!(
                f,
                "invalid variable name `{name}`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)"
            ),
            ErrorKind::ReservedOperator { op } => write!(
                f,
                "operator `{op}` is reserved by RFC 6570; use one of `+ # . / ; ? &` or none"
            ),
            // `{x:2*}`: RFC 6570 §2.4 allows one modifier per variable.
            ErrorKind::BadPrefix { text } if is_prefix_then_explode(text) => write!(
                f,
                "`{text}` combines a prefix and `*`; a variable takes one modifier, write `{}` or `*`",
                &text[..text.len() - 1]
            ),
            ErrorKind::BadPrefix { text } => write!(
                f,
                "invalid prefix `{text}`; write `:` and a length from 1 to 9999 without leading zeros"
            ),
            ErrorKind::PlaceholderInScheme => f.write_str(
                "a placeholder cannot stand in the scheme; write the scheme as text",
            ),
            ErrorKind::PlaceholderInEscape => f.write_str(
                "a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign",
            ),
            ErrorKind::OperatorNotAllowed { op, component } => match component {
                Component::Host => write!(
                    f,
                    "`{{{op}...}}` cannot stand in the URL host; write `{{name}}` for a host or a label, `{{.name}}` for dot-prefixed labels"
                ),
                _ => write!(
                    f,
                    "`{{{op}...}}` cannot stand in the URL {component}; write `{{name}}`"
                ),
            },
            ErrorKind::PartialPort => f.write_str(
                "a port placeholder must be the whole port; write `:{port}` with nothing else between `:` and the path",
            ),
            ErrorKind::SecondQuery => f.write_str(
                "`{?...}` would start a second query; write `{&...}` to add parameters to the query",
            ),
            ErrorKind::SecondFragment => f.write_str(
                "`{#...}` would start a second fragment; a URL has one `#`",
            ),
        }
    }
}

/// Whether `text` is a valid prefix modifier followed by `*`: `:2*`.
fn is_prefix_then_explode(text: &str) -> bool {
    text.strip_suffix('*')
        .and_then(|prefix| prefix.strip_prefix(':'))
        .is_some_and(|digits| {
            (1..=4).contains(&digits.len())
                && !digits.starts_with('0')
                && digits.bytes().all(|b| b.is_ascii_digit())
        })
}

/// A character in backticks, as rustc quotes code; a backtick itself is quoted as `` ` ``.
struct Quoted(char);

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == '`' {
            f.write_str("`` ` ``")
        } else {
            write!(f, "`{}`", self.0)
        }
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
