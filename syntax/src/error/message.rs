//! The message of each [`ErrorKind`]: the one place where the wording lives.

use core::fmt;

use super::{Component, ErrorKind, Escaped, Names};
use crate::idna::AsciiHost;

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
            ErrorKind::NonAsciiHost { host, ascii } => {
                write!(f, "non-ASCII host `{host}`; write its ASCII form")?;
                match ascii {
                    AsciiHost::Known(ascii) => write!(f, " `{ascii}`"),
                    AsciiHost::Unmapped(ch) => {
                        f.write_str(", which cannot be computed here: ")?;
                        // A character without a glyph is named by its code point.
                        if ch.escape_debug().nth(1).is_none() {
                            write!(f, "`{ch}` ")?;
                        }
                        write!(
                            f,
                            "U+{:04X} needs Unicode's IDNA tables; `idna::domain_to_ascii` computes it",
                            u32::from(*ch)
                        )
                    }
                    AsciiHost::PunycodeLabel(label) => write!(
                        f,
                        ", which cannot be computed here: the label `{label}` must be decoded and checked; `idna::domain_to_ascii` computes it"
                    ),
                    AsciiHost::NotAHost => f.write_str(
                        ", which cannot be computed here; `idna::domain_to_ascii` computes it",
                    ),
                }
            }
            ErrorKind::IdnaRefused { host } => write!(
                f,
                "host `{host}` is not a valid international domain name: IDNA (UTS #46) refuses it for a disallowed character, a misplaced joiner or combining mark, mixed right-to-left text, or an `xn--` label that is not valid punycode"
            ),
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
            ErrorKind::OpenerBeforeHost { scheme, expression } => write!(
                f,
                "`{expression}` right after `{scheme}://` opens the {} where the host belongs; write the host and the path first, and `{expression}` after them",
                if expression.starts_with("{#") { "fragment" } else { "query" }
            ),
            ErrorKind::EmptyAuthority => f.write_str(
                "empty host after `//` at the start of a relative URL, where WHATWG parsers read the next path segment as the host (`///a` against `https://example.com` is `https://a/`); write the host after `//`, or start the path with a single `/`",
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
            ErrorKind::BadPunycode { label } => write!(
                f,
                "`{label}` is not a valid punycode label, so URL parsers refuse the host; write the `xn--` form of the Unicode label, or the label without `xn--`"
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
            ErrorKind::DotSegment {
                path,
                resolved: Some(resolved),
            } => write!(
                f,
                "the path `{path}` resolves to `{resolved}`; write that"
            ),
            ErrorKind::DotSegment {
                path,
                resolved: None,
            } if path.contains('{') => write!(
                f,
                "the path `{path}` has `.` or `..` segments, which parsers remove, after a placeholder that may hold several segments, so what they remove depends on its value; remove them"
            ),
            ErrorKind::DotSegment {
                path,
                resolved: None,
            } => write!(
                f,
                "the path `{path}` has `.` or `..` segments, which parsers remove, and without them it would start with `//`, which reads as a host; remove them and the empty segment after them"
            ),
            ErrorKind::UnclosedExpression => f.write_str(
                "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace",
            ),
            ErrorKind::DoubledBrace => f.write_str(
                "`{{` and `}}` are not escapes in a URL template, as they are in `format!`; write one brace for a placeholder (`{name}`), or `%7B` and `%7D` for literal braces",
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
            ErrorKind::UndefinedJoinsHost {
                vars,
                text,
                expression,
                base,
            } => {
                let names = Names(vars);
                let verb = names.verb();
                if *base {
                    write!(
                        f,
                        "when {names} {verb} undefined, `{text}` is appended to the base URL without a `/`; start what follows `{expression}` with `/`"
                    )
                } else {
                    write!(
                        f,
                        "when {names} {verb} undefined, `{text}` follows the host and becomes part of the authority; start what follows `{expression}` with `/`"
                    )
                }
            }
            ErrorKind::UndefinedStartsRelative {
                vars,
                text,
                expression,
            } => write!(
                f,
                "when {} {} undefined, `{text}` starts the path without the `/` that `{expression}` writes, and the absolute path becomes a relative one; start what follows `{expression}` with `/`",
                Names(vars),
                Names(vars).verb(),
            ),
            ErrorKind::StateStartsAuthority {
                vars,
                defined: true,
                expression,
            } => write!(
                f,
                "`{expression}` writes its own `/`, so when {} {} defined the path starts with `//`, which reads as a host; remove the `/` before `{expression}`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::StateStartsAuthority {
                vars,
                defined: false,
                ..
            } => write!(
                f,
                "when {} {} undefined, the path starts with `//`, which reads as a host; write one `/`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::StateDoubleSlash {
                vars,
                defined: true,
                expression,
            } => write!(
                f,
                "`{expression}` writes its own `/`, so when {} {} defined the `/` before it leaves an empty path segment (`//`); remove the `/` before `{expression}`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::StateDoubleSlash {
                vars,
                defined: false,
                expression,
            } => write!(
                f,
                "when {} {} undefined, the `/` on each side of `{expression}` make an empty path segment (`//`); remove the `/` before `{expression}`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::UndefinedColon { vars, expression } => write!(
                f,
                "when {} {} undefined, this `:` after `{expression}` is in the first segment of a relative path, where it would read as a scheme; write `%3A`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::StateDotSegment {
                vars,
                defined,
                expression,
                segment,
            } => {
                let state = if *defined { "defined" } else { "undefined" };
                let removed = if segment == ".." {
                    "URL parsers remove it together with the segment before it"
                } else {
                    "URL parsers remove it"
                };
                write!(
                    f,
                    "when {} {} {state}, `{segment}` next to `{expression}` is a path segment of its own, and {removed}; remove the `{segment}`",
                    Names(vars),
                    Names(vars).verb()
                )
            }
            ErrorKind::UndefinedLeavesQuery { vars, text, fix } => write!(
                f,
                "when {} {} undefined, no `?` is written and `{text}` moves from the query into the path; write `{fix}`",
                Names(vars),
                Names(vars).verb()
            ),
            ErrorKind::EmptyQueryPiece { pair, pair_var } => write!(
                f,
                "this `&` leaves an empty query piece, so the query is RFC 6570 text as written, where `{pair}` writes `{}=` when `{pair_var}` is undefined rather than being left out; remove this `&`",
                key_of(pair)
            ),
            ErrorKind::TextAfterContinuation {
                text,
                expression,
                pair,
                pair_var,
            } => write!(
                f,
                "`{text}` right after `{expression}` joins the pair `{expression}` writes, so the query is RFC 6570 text as written, where `{pair}` writes `{}=` when `{pair_var}` is undefined rather than being left out; write `&{text}` to make it a piece of its own",
                key_of(pair)
            ),
            ErrorKind::ReservedBeforeHandPair {
                expression,
                encoded,
                pair,
                pair_var,
            } => write!(
                f,
                "`{expression}` may write `=`, and the `&` of `{pair}` after it is written only when `{pair_var}` is defined, so which `=` names the pair cannot be decided from the template; move `{expression}` after the pairs written by hand, or write `{encoded}`, which encodes `=`"
            ),
        }
    }
}

/// The name of a pair written by hand (`q` of `q={x}`).
fn key_of(pair: &str) -> &str {
    pair.split_once('=').map_or(pair, |(key, _)| key)
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
