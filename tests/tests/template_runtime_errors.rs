//! Every class of template error through `Template::parse`: the message `url!` gives at
//! compile time, word for word, and the byte offset (syntax/src/error/ lists the classes;
//! `DoubleSlashPath` is missing because the grammar never reports it, see
//! `doubled_slash_at_path_start_is_an_authority`; `UndefinedJoinsHost` with `base` is only
//! for `url!(base, ...)`, see the ui test `url_template/states.rs`).

use urlkit::Template;

/// (template, offset, message), one row per `urlkit_syntax::error::ErrorKind` variant (two
/// for the ones whose message has two forms).
const TABLE: &[(&str, usize, &str)] = &[
    // Characters and escapes.
    (
        "/a b/{x}",
        2,
        "invalid character ` ` in the URL path; write `%20`",
    ),
    (
        "/a\tb/{x}",
        2,
        "invalid control character U+0009 in the URL path; write `%09`",
    ),
    (
        "/{x}?q=a\"b",
        8,
        "invalid character `\"` in the URL query; write `%22`",
    ),
    (
        "/\u{e000}/{x}",
        1,
        "non-ASCII character U+E000 in the URL path; write `%EE%80%80`",
    ),
    (
        "/{x}#\u{85}",
        5,
        "non-ASCII character U+0085 in the URL fragment; write `%C2%85`",
    ),
    (
        "https://b\u{fc}cher.example/{x}",
        9,
        "non-ASCII host `b\u{fc}cher.example`; write its ASCII form `xn--bcher-kva.example`",
    ),
    (
        "/100%/{x}",
        4,
        "invalid percent-escape `%/{` in the URL path; `%` must be followed by two hex digits, write `%25` for a literal percent sign",
    ),
    (
        "/%u20AC/{x}",
        1,
        "`%u20AC` is not a URL escape; write the UTF-8 form `%E2%82%AC`",
    ),
    (
        "/%uD800/{x}",
        1,
        "`%uD800` is not a URL escape, and a lone UTF-16 surrogate has no UTF-8 form; write the character's UTF-8 percent-encoding",
    ),
    (
        "http://ex%61mple.com/{x}",
        9,
        "percent-escape `%61` in the URL host; write `a`",
    ),
    (
        "/{x}#b#c",
        6,
        "invalid character `#` in the URL fragment; only the first `#` starts the fragment, write `%23`",
    ),
    (
        "/[a]/{x}",
        1,
        "invalid character `[` in the URL path; brackets may only enclose an IPv6 host, write `%5B`",
    ),
    // Scheme and authority.
    (
        "://h/{x}",
        0,
        "missing scheme before `:`; write one such as `https:`, or `./:` for a relative path",
    ),
    (
        "1http://h/{x}",
        0,
        "invalid scheme `1http`; a scheme starts with a letter and holds only letters, digits, `+`, `-` and `.`",
    ),
    (
        "a_b:c/{x}",
        3,
        "`:` in the first segment `a_b:c` of a relative path would read as a scheme; write `./a_b:c`, or `%3A` for the `:`",
    ),
    (
        "https:h/{x}",
        5,
        "missing `//` after `https:`; write `https://h/{x}`",
    ),
    (
        "https:///{x}",
        7,
        "empty host after `https://`; write the host before the path",
    ),
    (
        "http://h:8o/{x}",
        9,
        "invalid port `8o`; a port is written with digits only",
    ),
    ("http://h:99999/{x}", 9, "port `99999` is over 65535"),
    (
        "http://[::g]/{x}",
        7,
        "invalid IP literal `[::g]`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
    ),
    (
        "http://0x7f.1/{x}",
        7,
        "host `0x7f.1` reads as the IPv4 address `127.0.0.1`; write `127.0.0.1`",
    ),
    // Path.
    (
        "http://h/a/../{x}",
        11,
        "the path `/a/../{x}` resolves to `/{x}`; write that",
    ),
    // Expressions.
    (
        "/users/{id",
        7,
        "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace",
    ),
    ("/id}", 3, "unmatched `}`; write `%7D` for a literal brace"),
    (
        "/{}",
        1,
        "empty expression `{}`; write a variable name between the braces",
    ),
    (
        "{with space}",
        1,
        "invalid variable name `with space`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)",
    ),
    (
        "{!x}",
        1,
        "operator `!` is reserved by RFC 6570; use one of `+ # . / ; ? &` or none",
    ),
    (
        "{x:0}",
        2,
        "invalid prefix `:0`; write `:` and a length from 1 to 9999 without leading zeros",
    ),
    // Where expressions stand.
    (
        "{s}://h/",
        0,
        "a placeholder cannot stand in the scheme; write the scheme as text",
    ),
    (
        "/a%{x}",
        2,
        "a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign",
    ),
    (
        "http://{+h}/",
        7,
        "`{+...}` cannot stand in the URL host; write `{name}` for a host or a label, `{.name}` for dot-prefixed labels",
    ),
    (
        "http://{;u}@h/",
        7,
        "`{;...}` cannot stand in the URL userinfo; write `{name}`",
    ),
    (
        "http://h:8{p}/",
        10,
        "a port placeholder must be the whole port; write `:{port}` with nothing else between `:` and the path",
    ),
    (
        "/a{?x}{?y}",
        6,
        "`{?...}` would start a second query; write `{&...}` to add parameters to the query",
    ),
    (
        "/a#{#y}",
        3,
        "`{#...}` would start a second fragment; a URL has one `#`",
    ),
    // Text a WHATWG parser reads otherwise or refuses: invisible characters, whitespace, an
    // authority without a host, typos in the scheme and the host, bad punycode.
    (
        "/a\u{a0}b/{x}",
        2,
        "invisible no-break space U+00A0 in the URL path; write `%20` for a space, or `%C2%A0` to keep it",
    ),
    ("/{x} ", 4, "whitespace at the end of the URL; remove it"),
    (
        "sc://user@/{x}",
        9,
        "missing host after the userinfo; URL parsers reject userinfo without a host, write the host after `@`",
    ),
    (
        "sc://:12/{x}",
        5,
        "missing host before the port; URL parsers reject a port without a host, write the host after `//`",
    ),
    (
        "file://me@h/{x}",
        7,
        "a `file` URL cannot have a port or userinfo; remove `me@`",
    ),
    (
        "http://[::1/{x}",
        7,
        "unclosed `[` in the URL host `[::1`; write `]` after the IPv6 address",
    ),
    (
        "http://2001:db8::1/{x}",
        7,
        "IPv6 address `2001:db8::1` without brackets; write `[2001:db8::1]`",
    ),
    (
        "www.example.com/{x}",
        0,
        "missing scheme before the host `www.example.com`, which reads as a relative path; write `https://www.example.com/{x}`",
    ),
    (
        "https//h/{x}",
        0,
        "missing `:` after the scheme `https`; write `https://h/{x}`",
    ),
    (
        "http://xn--a.com/{x}",
        7,
        "`xn--a` is not a valid punycode label, so URL parsers refuse the host; write the `xn--` form of the Unicode label, or the label without `xn--`",
    ),
    // The template in every state of its optional expressions (defined or undefined).
    (
        "https://example.com{/x}@evil.com/",
        23,
        "when `x` is undefined, `@evil.com` follows the host and becomes part of the authority; start what follows `{/x}` with `/`",
    ),
    (
        "/{/a}/{b}",
        1,
        "`{/a}` writes its own `/`, so when `a` is defined the path starts with `//`, which reads as a host; remove the `/` before `{/a}`",
    ),
    (
        "{/a}//b",
        5,
        "when `a` is undefined, the path starts with `//`, which reads as a host; write one `/`",
    ),
    (
        "/a/{/x}/b",
        3,
        "`{/x}` writes its own `/`, so when `x` is defined the `/` before it leaves an empty path segment (`//`); remove the `/` before `{/x}`",
    ),
    (
        "a{/x}:b",
        5,
        "when `x` is undefined, this `:` after `{/x}` is in the first segment of a relative path, where it would read as a scheme; write `%3A`",
    ),
    (
        "/a/.{/x}",
        4,
        "when `x` is defined, `.` next to `{/x}` is a path segment of its own, and URL parsers remove it; remove the `.`",
    ),
    (
        "/search{?q}extra",
        11,
        "when `q` is undefined, no `?` is written and `extra` moves from the query into the path; write `?extra{&q}`",
    ),
];

#[test]
fn every_error_class_has_its_message_and_offset() {
    let mut wrong = Vec::new();
    for &(template, offset, message) in TABLE {
        match Template::parse(template) {
            Ok(t) => wrong.push(format!("{template:?} was accepted: {t}")),
            Err(e) => {
                if (e.offset(), e.message()) != (offset, message) {
                    wrong.push(format!(
                        "{template:?}\n  got  {} {:?}\n  want {offset} {message:?}",
                        e.offset(),
                        e.message()
                    ));
                }
                assert_eq!(
                    e.to_string(),
                    format!("{} (at byte {})", e.message(), e.offset())
                );
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn spans_cover_the_culprit() {
    for (template, culprit) in [
        ("/a b/{x}", " "),
        ("/%u20AC/{x}", "%u20AC"),
        ("{with space}", "with space"),
        ("{x:0}", ":0"),
        ("/{}", "{}"),
        ("http://h:99999/{x}", "99999"),
        ("http://{+h}/", "{+h}"),
    ] {
        let e = Template::parse(template).unwrap_err();
        assert_eq!(&template[e.span()], culprit, "{template}");
    }
}

#[test]
fn all_errors_are_listed_in_source_order() {
    // Three independent problems, and one of them twice.
    let e = Template::parse("/a b/{c d}/{e:0}?q=x y").unwrap_err();
    let all: Vec<(usize, &str)> = e.errors().map(|e| (e.offset(), e.message())).collect();
    assert_eq!(
        all,
        [
            (2, "invalid character ` ` in the URL path; write `%20`"),
            (
                6,
                "invalid variable name `c d`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)"
            ),
            (
                13,
                "invalid prefix `:0`; write `:` and a length from 1 to 9999 without leading zeros"
            ),
            (20, "invalid character ` ` in the URL query; write `%20`"),
        ]
    );
    // The first is the error itself; each listed item lists only itself.
    assert_eq!(e.errors().next(), Some(&e));
    assert!(
        e.errors()
            .all(|item| item.errors().count() == 1 || item == &e)
    );
    let single = Template::parse("/{}").unwrap_err();
    assert_eq!(single.errors().count(), 1);
}

#[test]
fn doubled_slash_at_path_start_is_an_authority() {
    // `DoubleSlashPath` (a path starting with `//` without an authority) cannot be written
    // in a reference: `//` after the scheme or at the start is read as an authority. The
    // runtime guards against values producing it instead (`ExpandErrorKind::DoubleSlash`).
    assert_eq!(
        Template::parse("//h/{x}")
            .unwrap()
            .expand(
                &[("x", "y")]
                    .into_iter()
                    .collect::<std::collections::BTreeMap<_, _>>()
            )
            .unwrap(),
        "//h/y"
    );
}
