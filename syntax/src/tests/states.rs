//! Templates in every state of their optional expressions (`crate::states`): what is
//! refused, where, and what keeps its shape.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::check::check;
use crate::error::ErrorKind;
use crate::reference::Options;

/// Each error as (the text it points at, its kind).
fn errors(src: &str, joined: bool) -> Vec<(String, ErrorKind)> {
    match check(src, Options { iri: true, joined }) {
        Ok(_) => Vec::new(),
        Err(rejected) => rejected
            .errors
            .into_iter()
            .map(|e| (src[e.at].to_string(), e.kind))
            .collect(),
    }
}

fn vars(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_string()).collect()
}

#[test]
fn text_after_an_undefined_path_expression_never_joins_the_host() {
    let joins = |names: &[&str], text: &str, expression: &str| ErrorKind::UndefinedJoinsHost {
        vars: vars(names),
        text: text.into(),
        expression: expression.into(),
        base: false,
    };
    for (src, at, kind) in [
        (
            "https://example.com{/x}@evil.com/",
            "@evil.com",
            joins(&["x"], "@evil.com", "{/x}"),
        ),
        (
            "https://h{/x}users",
            "users",
            joins(&["x"], "users", "{/x}"),
        ),
        ("https://h{/x}{y}", "{y}", joins(&["x"], "{y}", "{/x}")),
        ("https://h{/x}{+y}", "{+y}", joins(&["x"], "{+y}", "{/x}")),
        ("https://h{/x}{.y}", "{.y}", joins(&["x"], "{.y}", "{/x}")),
        ("https://h{/x}{;y}", "{;y}", joins(&["x"], "{;y}", "{/x}")),
        ("https://h{/x}{&y}", "{&y}", joins(&["x"], "{&y}", "{/x}")),
        (
            "https://h{/x}{/y}abc",
            "abc",
            joins(&["x", "y"], "abc", "{/y}"),
        ),
        (
            "https://h{/x,z}:8080",
            ":8080",
            joins(&["x", "z"], ":8080", "{/x,z}"),
        ),
        ("//h{/x}y", "y", joins(&["x"], "y", "{/x}")),
    ] {
        assert_eq!(errors(src, false), [(at.to_string(), kind)], "{src}");
    }
    // Joined to a base (`url!(base, "...")`), the text would join the base's path.
    assert_eq!(
        errors("{/v}users", true),
        [(
            "users".to_string(),
            ErrorKind::UndefinedJoinsHost {
                vars: vars(&["v"]),
                text: "users".into(),
                expression: "{/v}".into(),
                base: true,
            }
        )]
    );
}

#[test]
fn a_path_without_authority_never_starts_with_two_slashes() {
    let starts = |name: &str, defined: bool, expression: &str| ErrorKind::StateStartsAuthority {
        vars: vars(&[name]),
        defined,
        expression: expression.into(),
    };
    for (src, at, kind) in [
        // The example: `a` undefined and `b = "evil.com"` made `//evil.com`.
        ("/{/a}/{b}", "{/a}", starts("a", true, "{/a}")),
        ("mailto:/{/x}", "{/x}", starts("x", true, "{/x}")),
        ("{/a}//b", "/", starts("a", false, "{/a}")),
        ("x:{/a}//b", "/", starts("a", false, "{/a}")),
        // Found by the differential test: a `{.a}` that writes nothing at the start.
        ("{.a}//{b}", "/", starts("a", false, "{.a}")),
    ] {
        assert_eq!(errors(src, false), [(at.to_string(), kind)], "{src}");
    }
}

#[test]
fn a_double_slash_is_only_ever_the_templates_own() {
    let double = |name: &str, expression: &str| ErrorKind::StateDoubleSlash {
        vars: vars(&[name]),
        defined: true,
        expression: expression.into(),
    };
    for (src, at, kind) in [
        ("/a/{/x}/b", "{/x}", double("x", "{/x}")),
        ("/a/{/x}", "{/x}", double("x", "{/x}")),
        ("https://h/{/x}", "{/x}", double("x", "{/x}")),
        ("./{/x}", "{/x}", double("x", "{/x}")),
    ] {
        assert_eq!(errors(src, false), [(at.to_string(), kind)], "{src}");
    }
    // Written by the template itself, in every state: kept.
    for src in ["https://h{/a}//b", "/a//{x}", "https://h/a//b{/x}"] {
        assert_eq!(errors(src, false), [], "{src}");
    }
}

#[test]
fn a_colon_never_moves_into_the_first_segment_of_a_relative_path() {
    // (`{/x}a:b` is refused first for starting a relative path, whose fix fixes both.)
    for src in ["a{/x}:b", "a{/x}{y}:b"] {
        assert_eq!(
            errors(src, false),
            [(
                ":".to_string(),
                ErrorKind::UndefinedColon {
                    vars: vars(&["x"]),
                    expression: "{/x}".into()
                }
            )],
            "{src}"
        );
    }
}

#[test]
fn a_path_without_authority_is_absolute_in_every_state_or_in_none() {
    let starts =
        |names: &[&str], text: &str, expression: &str| ErrorKind::UndefinedStartsRelative {
            vars: vars(names),
            text: text.into(),
            expression: expression.into(),
        };
    for (src, at, kind) in [
        ("{/x}users", "users", starts(&["x"], "users", "{/x}")),
        ("{/x}a:b", "a:b", starts(&["x"], "a:b", "{/x}")),
        ("{/x}.json", ".json", starts(&["x"], ".json", "{/x}")),
        ("mailto:{/x}users", "users", starts(&["x"], "users", "{/x}")),
        ("{/x}{y}", "{y}", starts(&["x"], "{y}", "{/x}")),
        ("{/x}{y}:b", "{y}", starts(&["x"], "{y}", "{/x}")),
        ("{/x}{+y}", "{+y}", starts(&["x"], "{+y}", "{/x}")),
        ("{/x}{;y}", "{;y}", starts(&["x"], "{;y}", "{/x}")),
        ("{/x}{/y}abc", "abc", starts(&["x", "y"], "abc", "{/y}")),
        ("{/x,z}u", "u", starts(&["x", "z"], "u", "{/x,z}")),
    ] {
        assert_eq!(errors(src, false), [(at.to_string(), kind)], "{src}");
    }
    // A path that no `{/x}` can start with `/`, or that starts with `/` in every state.
    for src in [
        "{.x}users",
        "{x}users",
        "{/x}/users",
        "a{/x}users",
        "{.x}{/y}/a",
        "{/x}?q",
        "{/x}#f",
        "{/x}{?q}",
    ] {
        assert_eq!(errors(src, false), [], "{src}");
    }
}

#[test]
fn a_dot_segment_of_template_text_is_refused_in_every_state() {
    let dot = |defined: bool, segment: &str| ErrorKind::StateDotSegment {
        vars: vars(&["x"]),
        defined,
        expression: "{/x}".into(),
        segment: segment.into(),
    };
    for (src, at, kind) in [
        ("/a/.{/x}", "{/x}", dot(true, ".")),
        ("/a/..{/x}/b", "{/x}", dot(true, "..")),
        ("/a/%2e{/x}", "{/x}", dot(true, ".")),
    ] {
        assert_eq!(errors(src, false), [(at.to_string(), kind)], "{src}");
    }
    // Leading a relative path only when `x` is undefined: refused too.
    assert_eq!(
        errors("{/x}./a", false),
        [(".".to_string(), dot(false, "."))]
    );
    // A relative path may start with them, and a value's dots are the runtime's to refuse.
    for src in ["./a{/x}", "../{x}/b", "/a/.{x}/b"] {
        assert_eq!(errors(src, false), [], "{src}");
    }
    // Leading dots the template writes before a `{/x}` lead the path in every state (`..`
    // or `../v`), as `../{x}` does (found by the differential test's 10⁶-case run).
    for src in ["..{/x}", "./.{/x}", "%2e{/x,y}{?p}", "../..{/x*,y}/b"] {
        assert_eq!(errors(src, false), [], "{src}");
    }
    // Not when the dots are joined across an undefined expression (`%2e{/p}.` is `%2e.`,
    // `..`, when `p` is undefined): the template does not write that segment.
    let found = errors("%2e{/p}.", false);
    assert!(
        matches!(
            found.as_slice(),
            [(_, ErrorKind::StateDotSegment { defined: false, .. })]
        ),
        "{found:?}"
    );
    // Not after an authority or a scheme, where nothing leads.
    assert_eq!(
        errors("https://h/..{/x}", false),
        [("{/x}".to_string(), dot(true, ".."))]
    );
}

#[test]
fn text_after_a_query_opener_moves_into_the_path_unless_the_query_is_pairs() {
    for (src, at, fix) in [
        ("/p{?x}foo", "foo", "?foo{&x}"),
        ("/p{?x,y:2}{z}", "{z}", "?{z}{&x,y:2}"),
        ("/p{?x}=1", "=1", "?=1{&x}"),
        // Path or port text was meant before the query: the opener moves after it.
        ("/a{?x}/b", "/b", "/b{?x}"),
        ("/a{?x,y}/b/{c}", "/b/{c}", "/b/{c}{?x,y}"),
        ("https://example.com{?x}:80/", ":80/", ":80/{?x}"),
        ("/a{?x}/b?c", "/b?c", "?/b?c{&x}"),
    ] {
        let [(text, kind)] = &errors(src, false)[..] else {
            panic!("{src}: {:?}", errors(src, false));
        };
        assert_eq!(text, at, "{src}");
        let ErrorKind::UndefinedLeavesQuery { fix: written, .. } = kind else {
            panic!("{src}: {kind:?}");
        };
        assert_eq!(written, fix, "{src}");
        // The fix replaces the opener and the text, and is accepted.
        let opener = src.find("{?").unwrap();
        let fixed = alloc::format!("{}{fix}", &src[..opener]);
        assert_eq!(errors(&fixed, false), [], "{src} fixed as {fixed}");
    }
    // The runtime joins pairs with `?` and `&` whatever is defined; text with its own `?`
    // opens the query itself; expressions of the opener's variables write only when it
    // does (found by the differential test).
    for src in [
        "/p{?x}&a=1",
        "/p{?x}{&y}",
        "/p{?x}&b={y}",
        "/p{?x}#f",
        "/p{?x}?y",
        "./!{?c,b}{+b}",
    ] {
        assert_eq!(errors(src, false), [], "{src}");
    }
}

#[test]
fn templates_that_keep_their_shape_in_every_state() {
    for src in [
        "/a{/x}/b",
        "https://h{/x}/{y}",
        "https://h{/x}?q",
        "https://h{/x}#f",
        "https://h{/x}{?q}",
        "https://h{/x}{/y}",
        "{/x}",
        "{/x}{?q}",
        "mailto:{/x}/b",
        "/a/{x}/b",
        "/{x}/b",
        "/a/{x}{y}/b",
        "mailto:{/a}{/a}",
        // RFC 6570's own examples.
        "{/var,x}/here",
        "{#path:6}/here",
        "/base{/group_id,first_name}/pages{/page,lang}{?format,q}",
        "{/id*}{?fields,first_name,last.name,token}",
        "/user{/id}{?token,tab}{&keys*}",
    ] {
        assert_eq!(errors(src, false), [], "{src}");
    }
}

#[test]
fn one_mistake_is_one_error() {
    // Both states of `x` are wrong (`//` when defined and when not): one error.
    assert_eq!(errors("/a/{/x}/b", false).len(), 1);
    assert_eq!(errors("/{/a}/{b}", false).len(), 1);
}
