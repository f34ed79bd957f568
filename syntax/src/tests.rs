//! The grammar as a table: URLs and templates with what they parse into or what is wrong.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::{Component, ErrorKind, Errors};
use crate::reference::{self, Options, Placement};
use crate::template;

/// The components of a valid URL, or the first error's range and message.
fn url(src: &str) -> Result<[Option<&str>; 7], (core::ops::Range<usize>, String)> {
    let mut errors = Errors::new();
    let r = reference::parse(src, &[], Options { iri: false }, &mut errors);
    if let Some(e) = errors.into_vec().into_iter().next() {
        return Err((e.at, e.kind.to_string()));
    }
    let get = |r: Option<core::ops::Range<usize>>| r.map(|r| &src[r]);
    let auth = r.authority.as_ref();
    Ok([
        get(r.scheme),
        get(auth.and_then(|a| a.userinfo.clone())),
        get(auth.map(|a| a.host.clone())),
        get(auth.and_then(|a| a.port.clone())),
        Some(&src[r.path]),
        get(r.query),
        get(r.fragment),
    ])
}

fn all_errors(src: &str, options: Options) -> Vec<(String, ErrorKind)> {
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    reference::parse(src, &exprs, options, &mut errors);
    errors
        .into_vec()
        .into_iter()
        .map(|e| (src[e.at].to_string(), e.kind))
        .collect()
}

#[test]
fn components_of_valid_references() {
    let n = None;
    for (src, parts) in [
        (
            "https://user:pw@example.com:8080/a/b?q=1&r#frag",
            [
                Some("https"),
                Some("user:pw"),
                Some("example.com"),
                Some("8080"),
                Some("/a/b"),
                Some("q=1&r"),
                Some("frag"),
            ],
        ),
        (
            "https://example.com",
            [Some("https"), n, Some("example.com"), n, Some(""), n, n],
        ),
        (
            "http://[2001:db8::1]:80/",
            [
                Some("http"),
                n,
                Some("[2001:db8::1]"),
                Some("80"),
                Some("/"),
                n,
                n,
            ],
        ),
        (
            "mailto:a@b.example",
            [Some("mailto"), n, n, n, Some("a@b.example"), n, n],
        ),
        (
            "file:///etc/hosts",
            [Some("file"), n, Some(""), n, Some("/etc/hosts"), n, n],
        ),
        ("/path?x", [n, n, n, n, Some("/path"), Some("x"), n]),
        (
            "//h:000000080",
            [n, n, Some("h"), Some("000000080"), Some(""), n, n],
        ),
        // Near misses of the missing-scheme checks: real schemes and paths.
        ("tel:911", [Some("tel"), n, n, n, Some("911"), n, n]),
        (
            "com.example.app:/callback",
            [Some("com.example.app"), n, n, n, Some("/callback"), n, n],
        ),
        (
            "./www.example.com",
            [n, n, n, n, Some("./www.example.com"), n, n],
        ),
        ("www", [n, n, n, n, Some("www"), n, n]),
        ("a/https//b", [n, n, n, n, Some("a/https//b"), n, n]),
        ("path/rel", [n, n, n, n, Some("path/rel"), n, n]),
        ("?q", [n, n, n, n, Some(""), Some("q"), n]),
        ("#f", [n, n, n, n, Some(""), n, Some("f")]),
        ("//host/p", [n, n, Some("host"), n, Some("/p"), n, n]),
        ("../up/one", [n, n, n, n, Some("../up/one"), n, n]),
        ("./a:b", [n, n, n, n, Some("./a:b"), n, n]),
        ("", [n, n, n, n, Some(""), n, n]),
        (
            "urn:isbn:0451450523",
            [Some("urn"), n, n, n, Some("isbn:0451450523"), n, n],
        ),
        (
            "http://h/?a?b/c",
            [Some("http"), n, Some("h"), n, Some("/"), Some("a?b/c"), n],
        ),
        (
            "http://h/a%2Fb%c3%a9",
            [Some("http"), n, Some("h"), n, Some("/a%2Fb%c3%a9"), n, n],
        ),
        (
            "http://1.2.3.4/",
            [Some("http"), n, Some("1.2.3.4"), n, Some("/"), n, n],
        ),
    ] {
        assert_eq!(url(src), Ok(parts), "{src}");
    }
}

#[test]
fn each_rejection_has_its_message() {
    for (src, at, message) in [
        (
            "https://example.com/a b",
            " ",
            "invalid character ` ` in the URL path; write `%20`",
        ),
        (
            "https://example.com/a\tb",
            "\t",
            "invalid control character U+0009 in the URL path; write `%09`",
        ),
        (
            "https://example.com/?q=a\"b",
            "\"",
            "invalid character `\"` in the URL query; write `%22`",
        ),
        (
            "https://example.com/{x}",
            "{",
            "invalid character `{` in the URL path; write `%7B`",
        ),
        (
            "https://example.com/caf\u{e9}",
            "\u{e9}",
            "non-ASCII character `\u{e9}` in the URL path; write `%C3%A9`",
        ),
        (
            "https://ex\u{e4}mple.com/",
            "\u{e4}",
            "non-ASCII host `ex\u{e4}mple.com`; write its punycode form `xn--exmple-cua.com`",
        ),
        (
            "https://b\u{fc}cher.ex\u{e4}mple/",
            "\u{fc}",
            "non-ASCII host `b\u{fc}cher.ex\u{e4}mple`; write its punycode form `xn--bcher-kva.xn--exmple-cua`",
        ),
        (
            "https://exa mple.com/",
            " ",
            "invalid character ` ` in the URL host; a host name holds only letters, digits, `-` and `.`",
        ),
        (
            "https://example.com/a\u{a0}b",
            "\u{a0}",
            "invisible no-break space U+00A0 in the URL path; write `%20` for a space, or `%C2%A0` to keep it",
        ),
        (
            "https://example.com/?q=\u{200b}",
            "\u{200b}",
            "invisible zero-width space U+200B in the URL query; remove it, or write `%E2%80%8B` to keep it",
        ),
        (
            "https://example.com/a\\b",
            "\\",
            "invalid character `\\` in the URL path; write `/` to separate segments, or `%5C` for a backslash",
        ),
        (
            "https://example.com/a`b",
            "`",
            "invalid character `` ` `` in the URL path; write `%60`",
        ),
        (
            "https://example.com/%zz",
            "%zz",
            "invalid percent-escape `%zz` in the URL path; `%` must be followed by two hex digits, write `%25` for a literal percent sign",
        ),
        (
            "https://example.com/100%",
            "%",
            "invalid percent-escape `%` in the URL path; `%` must be followed by two hex digits, write `%25` for a literal percent sign",
        ),
        (
            "https://example.com/%u20AC",
            "%u20AC",
            "`%u20AC` is not a URL escape; write the UTF-8 form `%E2%82%AC`",
        ),
        (
            "https://example.com/%uD83D%uDE00",
            "%uD83D%uDE00",
            "`%uD83D%uDE00` is not a URL escape; write the UTF-8 form `%F0%9F%98%80`",
        ),
        (
            "https://example.com/a#b#c",
            "#",
            "invalid character `#` in the URL fragment; only the first `#` starts the fragment, write `%23`",
        ),
        (
            "https://example.com/[a]",
            "[",
            "invalid character `[` in the URL path; brackets may only enclose an IPv6 host, write `%5B`",
        ),
        (
            "https://example.com/?ids[]=1",
            "[",
            "invalid character `[` in the URL query; brackets may only enclose an IPv6 host, write `%5B`",
        ),
        (
            "1http://example.com",
            "1http",
            "invalid scheme `1http`; a scheme starts with a letter and holds only letters, digits, `+`, `-` and `.`",
        ),
        (
            "my_app://callback",
            "my_app",
            "invalid scheme `my_app`; a scheme starts with a letter and holds only letters, digits, `+`, `-` and `.`",
        ),
        (
            "https//example.com/a",
            "https",
            "missing `:` after the scheme `https`; write `https://example.com/a`",
        ),
        (
            "://example.com",
            ":",
            "missing scheme before `:`; write one such as `https:`, or `./:` for a relative path",
        ),
        (
            "a_b:c/d",
            ":",
            "`:` in the first segment `a_b:c` of a relative path would read as a scheme; write `./a_b:c`, or `%3A` for the `:`",
        ),
        (
            "https:///a",
            "/",
            "empty host after `https://`; write the host before the path",
        ),
        (
            "https:example.com",
            ":",
            "missing `//` after `https:`; write `https://example.com`",
        ),
        (
            "http:/example.com/a",
            ":",
            "missing `//` after `http:`; write `http://example.com/a`",
        ),
        (
            "file:/etc/hosts",
            ":",
            "missing `//` after `file:`; write `file:///etc/hosts`",
        ),
        (
            "www.example.com/a",
            "www.example.com",
            "missing scheme before the host `www.example.com`, which reads as a relative path; write `https://www.example.com/a`",
        ),
        (
            "localhost:8080/api",
            "localhost:8080",
            "missing scheme before the host `localhost`, which reads as the scheme; write `http://localhost:8080/api`",
        ),
        (
            "example.com:443",
            "example.com:443",
            "missing scheme before the host `example.com`, which reads as the scheme; write `https://example.com:443`",
        ),
        (
            "http://2001:db8::1/",
            "2001:db8::1",
            "IPv6 address `2001:db8::1` without brackets; write `[2001:db8::1]`",
        ),
        (
            "http://h:8o8o/",
            "8o8o",
            "invalid port `8o8o`; a port is written with digits only",
        ),
        ("http://h:99999/", "99999", "port `99999` is over 65535"),
        (
            "http://h:0065536/",
            "0065536",
            "port `0065536` is over 65535",
        ),
        (
            "http://[fe80::1%25eth0]/",
            "[fe80::1%25eth0]",
            "invalid IP literal `[fe80::1%25eth0]`; URL parsers do not accept an IPv6 zone (`%25...`), remove it",
        ),
        (
            "http://h:/",
            ":",
            "empty port after `:`; write a port number or remove the `:`",
        ),
        (
            "http://[::1]x/",
            "[::1]x",
            "invalid IP literal `[::1]x`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
        ),
        (
            "https:://example.com/",
            ":",
            "missing `//` after `https:`; write `https://example.com/`",
        ),
        (
            " https://example.com/",
            " ",
            "invalid character ` ` in the URL scheme; remove it",
        ),
        (
            "https://example.com/a \n",
            " \n",
            "whitespace at the end of the URL; remove it",
        ),
        (
            "http://[::g]/",
            "[::g]",
            "invalid IP literal `[::g]`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
        ),
        (
            "http://0x7f.1/",
            "0x7f.1",
            "host `0x7f.1` reads as the IPv4 address `127.0.0.1`; write `127.0.0.1`",
        ),
        (
            "http://example.123/",
            "example.123",
            "host `example.123` ends in a number but is not an IPv4 address, so URL parsers reject it; a host name's last label cannot be a number",
        ),
        (
            "http://ex%61mple.com/",
            "%61",
            "percent-escape `%61` in the URL host; write `a`",
        ),
        (
            "http://caf%C3%A9.example/",
            "%C3",
            "percent-escape `%C3` in the URL host; write the host in plain ASCII (punycode for non-ASCII names)",
        ),
        (
            "http://[::1/",
            "[",
            "unclosed `[` in the URL host `[::1`; write `]` after the IPv6 address",
        ),
        (
            r"https://example.com\path",
            "\\",
            "invalid character `\\` in the URL host; write `/` to start the path",
        ),
        (
            "https://example.com/\u{fffe}",
            "\u{fffe}",
            "non-ASCII character U+FFFE in the URL path; write `%EF%BF%BE`",
        ),
        (
            "http://h/a/../b",
            "..",
            "the path `/a/../b` resolves to `/b`; write that",
        ),
        (
            "http://h/a/%2e%2E/b",
            "%2e%2E",
            "the path `/a/%2e%2E/b` resolves to `/b`; write that",
        ),
        (
            "/a/./b",
            ".",
            "the path `/a/./b` resolves to `/a/b`; write that",
        ),
        (
            "a/../b",
            "..",
            "the path `a/../b` resolves to `b`; write that",
        ),
        (
            "http://us@er@h/",
            "@",
            "invalid character `@` in the URL userinfo; write `%40`",
        ),
        // Whatever follows an IP literal's `]` other than `:` belongs to a malformed host; it
        // used to be skipped as if it were the `:` (and a multibyte character there panicked).
        (
            "http://[::1]x80/",
            "[::1]x80",
            "invalid IP literal `[::1]x80`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
        ),
        (
            "http://[::1]\u{e9}/",
            "[::1]\u{e9}",
            "invalid IP literal `[::1]\u{e9}`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
        ),
        (
            "http://[::1]x:80/",
            "[::1]x",
            "invalid IP literal `[::1]x`; brackets in the host must hold an IPv6 address such as `[2001:db8::1]`",
        ),
        // RFC 3986 allows an empty host beside userinfo or a port; the WHATWG parser fails on
        // it ("host-missing"), in every scheme.
        (
            "sc://:12/",
            ":",
            "missing host before the port; URL parsers reject a port without a host, write the host after `//`",
        ),
        (
            "//user@/a",
            "@",
            "missing host after the userinfo; URL parsers reject userinfo without a host, write the host after `@`",
        ),
        // The WHATWG "file host state" takes everything up to the path as the host, and `:`
        // and `@` are forbidden host code points there.
        (
            "file://example:1/",
            ":1",
            "a `file` URL cannot have a port or userinfo; remove `:1`",
        ),
        (
            "file://me@host/etc",
            "me@",
            "a `file` URL cannot have a port or userinfo; remove `me@`",
        ),
    ] {
        match url(src) {
            Err((range, got)) => {
                assert_eq!((&src[range], got.as_str()), (at, message), "{src}");
            }
            Ok(parts) => panic!("{src} was accepted: {parts:?}"),
        }
    }
}

#[test]
fn independent_errors_are_all_reported_and_repeats_fold() {
    // A pasted URL with a typo in the scheme and spaces everywhere: one error per problem.
    let errors = all_errors("ht tp://a b.com/a b/c d?x y#z z", Options::default());
    let messages: Vec<String> = errors
        .iter()
        .map(|(at, k)| alloc::format!("{at:?}: {k}"))
        .collect();
    assert_eq!(
        messages,
        [
            "\" \": invalid character ` ` in the URL scheme; remove it",
            "\" \": invalid character ` ` in the URL host; a host name holds only letters, digits, `-` and `.`",
            "\" \": invalid character ` ` in the URL path; write `%20`",
            "\" \": invalid character ` ` in the URL query; write `%20`",
            "\" \": invalid character ` ` in the URL fragment; write `%20`",
        ]
    );
    let mut all = Errors::new();
    reference::parse("http://h/a b/c d e", &[], Options::default(), &mut all);
    let all = all.into_vec();
    assert_eq!(all.len(), 1);
    assert_eq!(
        (all[0].at.clone(), all[0].again.clone()),
        (10..11, alloc::vec![14..15, 16..17])
    );
    // Dot segments fold into one error holding the path once, whichever order kinds come in.
    let mut all = Errors::new();
    reference::parse("/a/./b/../c/.", &[], Options::default(), &mut all);
    all.push(0..1, ErrorKind::EmptyScheme);
    all.push_all([5..6, 7..8], ErrorKind::EmptyScheme);
    all.push_all([], ErrorKind::SecondHash);
    let all = all.into_vec();
    let folded: Vec<_> = all
        .iter()
        .map(|e| (e.at.clone(), e.again.clone()))
        .collect();
    assert_eq!(
        folded,
        [
            (0..1, alloc::vec![5..6, 7..8]),
            (3..4, alloc::vec![7..9, 12..13])
        ]
    );
}

#[test]
fn iri_characters_are_accepted_only_when_asked_for() {
    let iri = Options { iri: true };
    assert!(all_errors("https://example.com/caf\u{e9}?q=\u{e4}#\u{5186}", iri).is_empty());
    // iprivate only in the query; U+FFFE is never allowed; hosts never take non-ASCII.
    assert!(all_errors("https://h/?\u{e000}", iri).is_empty());
    // Multi-byte characters where the missing-scheme check looks for `www.`.
    assert!(all_errors("w\u{e9}\u{e9}/x", iri).is_empty());
    assert_eq!(
        all_errors("https://h/\u{e000}", iri),
        [(
            "\u{e000}".to_string(),
            ErrorKind::NonAscii {
                ch: '\u{e000}',
                component: Component::Path
            }
        )]
    );
    assert_eq!(all_errors("https://h/\u{fffe}", iri).len(), 1);
    assert_eq!(all_errors("https://h\u{e9}.com/", iri).len(), 1);
}

#[test]
fn placements_of_template_expressions() {
    use Placement::{Base, Fragment, Host, IpLiteral, Path, Port, Query, Userinfo};
    let place = |src: &str| {
        let mut errors = Errors::new();
        let exprs = template::lex(src, &mut errors);
        let r = reference::parse(src, &exprs, Options { iri: true }, &mut errors);
        let errors: Vec<String> = errors.into_vec().iter().map(ToString::to_string).collect();
        (r.placements, errors)
    };
    let ok = |src: &str, want: &[Placement]| {
        assert_eq!(place(src), (want.to_vec(), Vec::new()), "{src}");
    };
    ok(
        "https://{user}:{pw}@{host}:{port}/{a}/x{b}{/c*}{?d,e}{&f}{#g}",
        &[
            Userinfo, Userinfo, Host, Port, Path, Path, Path, Query, Query, Fragment,
        ],
    );
    ok("{+base}index{?q}", &[Base, Query]);
    ok("http://www{.dom*}/", &[Host]);
    ok("http://[{ip}]/", &[IpLiteral]);
    ok("here?ref={+path}", &[Query]);
    ok("{/var,x}/here", &[Path]);
    ok("up{+path}{var}/here", &[Path, Path]);
    ok("{#path,x}/here", &[Fragment]);
    ok("{count}", &[Path]);
    ok("{&x,y,empty}", &[Path]);
    ok("X{.list*}", &[Path]);
    ok("café/{var}", &[Path]);

    let bad = |src: &str| place(src).1;
    // A host typed without its scheme is caught in templates too, when the text that gives it
    // away comes before the first expression.
    for (src, message) in [
        (
            "www.example.com/{x}",
            "missing scheme before the host `www.example.com`, which reads as a relative path; write `https://www.example.com/{x}`",
        ),
        (
            "www.{domain}/x",
            "missing scheme before the host `www.{domain}`, which reads as a relative path; write `https://www.{domain}/x`",
        ),
        (
            "https//{host}/x",
            "missing `:` after the scheme `https`; write `https://{host}/x`",
        ),
        (
            "localhost:8080/{x}",
            "missing scheme before the host `localhost`, which reads as the scheme; write `http://localhost:8080/{x}`",
        ),
    ] {
        assert_eq!(bad(src), [message], "{src}");
    }
    for fine in [
        "{x}.example.com/a",
        "api/{x}",
        "./www.example.com/{x}",
        "wwwx/{x}",
    ] {
        assert_eq!(bad(fine), Vec::<String>::new(), "{fine}");
    }
    assert_eq!(
        bad("{scheme}://h/"),
        ["a placeholder cannot stand in the scheme; write the scheme as text"]
    );
    assert_eq!(
        bad("http://{+h}/"),
        [
            "`{+...}` cannot stand in the URL host; write `{name}` for a host or a label, `{.name}` for dot-prefixed labels"
        ]
    );
    assert_eq!(
        bad("http://h:8{p}/"),
        [
            "a port placeholder must be the whole port; write `:{port}` with nothing else between `:` and the path"
        ]
    );
    assert_eq!(
        bad("/a{?x}{?y}"),
        ["`{?...}` would start a second query; write `{&...}` to add parameters to the query"]
    );
    assert_eq!(
        bad("/a?{?y}"),
        ["`{?...}` would start a second query; write `{&...}` to add parameters to the query"]
    );
    assert_eq!(
        bad("/a#{#y}"),
        ["`{#...}` would start a second fragment; a URL has one `#`"]
    );
    assert_eq!(
        bad("/a%{x}"),
        ["a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign"]
    );
    assert_eq!(
        bad("/a%4{x}"),
        ["a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign"]
    );
    // A malformed expression is one error, not a cascade of invalid characters.
    assert_eq!(
        bad("/a/{b c}/d"),
        [
            "invalid variable name `b c`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)"
        ]
    );
    assert_eq!(
        bad("/a/{b,}{?}"),
        ["missing variable name; write a name after the operator or `,`, or remove the extra `,`"]
    );
    assert_eq!(
        bad("/a/{b:2*}"),
        ["`:2*` combines a prefix and `*`; a variable takes one modifier, write `:2` or `*`"]
    );
    assert_eq!(
        bad("/a/{b:0*}"),
        ["invalid prefix `:0*`; write `:` and a length from 1 to 9999 without leading zeros"]
    );
    assert_eq!(
        bad("/a/{b/d"),
        ["unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace"]
    );
}

#[test]
fn steps_convert_their_text_and_count_it() {
    use crate::plan::{self, Step};
    let src = "/a/{x}?q={q}&k=v";
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    let r = reference::parse(src, &exprs, Options { iri: true }, &mut errors);
    assert!(errors.is_empty());
    let steps = plan::plan(src, &exprs, &r);
    // The text a step holds is converted; everything else is kept.
    let lengths: Vec<Step<usize>> = steps
        .iter()
        .cloned()
        .map(|step| step.map_text(|text| text.len()))
        .collect();
    assert_eq!(
        lengths,
        [
            Step::PathStart { relative: false },
            Step::Text(3),
            Step::Segment(0),
            Step::QueryStart,
            Step::HandPair { key: 1, expr: 1 },
            Step::Pair(3),
        ]
    );
    // `/a/` and `k=v` are written whatever the values; the pair `q=` only with a value.
    assert_eq!(plan::static_len(&steps), 6);
    let vars: Vec<usize> = exprs
        .into_iter()
        .map(|e| e.map_vars(|vars| vars.len()).vars)
        .collect();
    assert_eq!(vars, [1, 1]);
}
