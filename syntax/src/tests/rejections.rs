//! Each rejection of the grammar, with its message, word for word.

use super::url;

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
            "non-ASCII host `ex\u{e4}mple.com`; write its ASCII form `xn--exmple-cua.com`",
        ),
        (
            "https://example\u{ff0e}com/",
            "\u{ff0e}",
            "non-ASCII host `example\u{ff0e}com`; write its ASCII form `example.com`",
        ),
        (
            "https://example.com\u{ff0f}evil.com/",
            "\u{ff0f}",
            "non-ASCII host `example.com\u{ff0f}evil.com`; write its ASCII form, which cannot be computed here: `\u{ff0f}` U+FF0F needs Unicode's IDNA tables; `idna::domain_to_ascii` computes it",
        ),
        // A valid `xn--` label (an invalid one is its own error, reported first).
        (
            "https://xn--bcher-kva.\u{df}/",
            "\u{df}",
            "non-ASCII host `xn--bcher-kva.\u{df}`; write its ASCII form, which cannot be computed here: the label `xn--bcher-kva` must be decoded and checked; `idna::domain_to_ascii` computes it",
        ),
        (
            "https://xn--a.\u{df}/",
            "xn--a",
            "`xn--a` is not a valid punycode label, so URL parsers refuse the host; write the `xn--` form of the Unicode label, or the label without `xn--`",
        ),
        (
            "https://b\u{fc}cher.ex\u{e4}mple/",
            "\u{fc}",
            "non-ASCII host `b\u{fc}cher.ex\u{e4}mple`; write its ASCII form `xn--bcher-kva.xn--exmple-cua`",
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
        // A relative reference's empty authority: against an `http(s)` base, WHATWG parsers
        // take what follows as the host.
        (
            "///evil.com",
            "//",
            "empty host after `//` at the start of a relative URL, where WHATWG parsers read the next path segment as the host (`///a` against `https://example.com` is `https://a/`); write the host after `//`, or start the path with a single `/`",
        ),
        (
            "//",
            "//",
            "empty host after `//` at the start of a relative URL, where WHATWG parsers read the next path segment as the host (`///a` against `https://example.com` is `https://a/`); write the host after `//`, or start the path with a single `/`",
        ),
        (
            "//?q",
            "//",
            "empty host after `//` at the start of a relative URL, where WHATWG parsers read the next path segment as the host (`///a` against `https://example.com` is `https://a/`); write the host after `//`, or start the path with a single `/`",
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
        // Whatever follows an IP literal's `]` other than `:` belongs to a malformed host: not
        // skipped as if it were the `:`, and a multibyte character there is no panic.
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
