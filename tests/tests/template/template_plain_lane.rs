//! The front door's fast lane (`urlkit_syntax::plan::plan_plain`, which `Template::parse`
//! tries first) against the front door itself (`check::check`, then `plan_into`), the path
//! `url!`, `template!` and the Route derive take at compile time.
//!
//! The lane may decline any template, never disagree: each template it takes must be one the
//! front door accepts, with the same expressions, the same steps and the same text. And
//! `Template::parse` must answer as the front door does for every template, in the lane or
//! not: accepted or rejected alike, with the same errors at the same bytes.
//!
//! Templates come from pieces the lane reads and pieces one byte away from them (each
//! operator, modifier, delimiter and class of character of the grammar's errors), joined at
//! random, and from every template literal of the compile-error tests (`ui-tests/`) and of
//! the uritemplate-test suite (`tests/data/`), whole and cut at random.

use std::ops::Range;

use proptest::prelude::*;
use urlkit::Template;
use urlkit_syntax::check::check;
use urlkit_syntax::plan::{Step, plan_plain};
use urlkit_syntax::reference::Options;
use urlkit_syntax::template::{Expression, VarList};

const OPTIONS: Options = Options {
    iri: true,
    joined: false,
};

/// A template's expressions, steps, and the text after its own.
type Plan = (Vec<Expression>, Vec<Step<Range<usize>>>, String);

/// What the front door gives for `source`: the expressions, the steps, and the text after
/// the template's own (as `Template::parse` holds them), or `None` if it rejects it.
fn front_door(source: &str) -> Option<Plan> {
    let checked = check(source, OPTIONS).ok()?;
    let mut text = String::from(source);
    let steps = checked.plan_into(source, &mut text);
    Some((checked.expressions, steps, text))
}

fn lane(source: &str) -> Option<Plan> {
    let mut text = String::from(source);
    let (expressions, steps) = plan_plain(source, &mut text)?;
    Some((as_lexed(expressions), steps, text))
}

/// The lane's expressions with their variables in a `Vec`, as the front door's lexer holds
/// them.
fn as_lexed(expressions: Vec<Expression<VarList>>) -> Vec<Expression> {
    expressions
        .into_iter()
        .map(|e| e.map_vars(|vars| vars.to_vec()))
        .collect()
}

/// The lane agrees with the front door on `source`, and `Template::parse` reports what the
/// front door reports.
fn agree(source: &str) -> Result<(), TestCaseError> {
    let full = front_door(source);
    let mut text = String::from(source);
    if let Some((expressions, steps)) = plan_plain(source, &mut text) {
        prop_assert_eq!(
            Some((as_lexed(expressions), steps, text)),
            full.clone(),
            "the lane took {:?}",
            source
        );
    } else {
        prop_assert_eq!(text, source, "a declined template leaves the text");
    }
    let errors = |s: &str| -> Option<Vec<(Range<usize>, String)>> {
        let rejected = check(s, OPTIONS).err()?;
        let mut all: Vec<(Range<usize>, String)> = rejected
            .errors
            .iter()
            .flat_map(|e| {
                let message = e.kind.to_string();
                std::iter::once(e.at.clone())
                    .chain(e.again.iter().cloned())
                    .map(move |at| (at, message.clone()))
            })
            .collect();
        all.sort_by_key(|(at, _)| at.start);
        Some(all)
    };
    match Template::parse(source) {
        Ok(t) => {
            prop_assert!(
                full.is_some(),
                "parsed what the front door rejects: {:?}",
                source
            );
            prop_assert_eq!(t.as_str(), source);
        }
        Err(e) => {
            let reported: Vec<(Range<usize>, String)> = e
                .errors()
                .map(|e| (e.span(), e.message().to_owned()))
                .collect();
            prop_assert_eq!(Some(reported), errors(source), "{:?}", source);
        }
    }
    Ok(())
}

/// Pieces of templates: what the lane reads, and what is one step beside it.
const PIECES: &[&str] = &[
    // Heads.
    "https://",
    "http://",
    "HTTP://",
    "a+b.c-d://",
    "file://",
    "ftp://",
    "ws://",
    "1x://",
    "://",
    "https:",
    "https//",
    "x:",
    "mailto:",
    "//",
    "www.",
    "localhost:8080",
    // Hosts and what ends one.
    "api.github.com",
    "h",
    "example.com",
    "1.2.3.4",
    "x.123",
    "x.0x1f",
    "a-b_c~d",
    "xn--abc",
    "xn--nxasmq6b",
    "xn--",
    "@",
    "me@",
    ":",
    ":8080",
    ":99999",
    "[::1]",
    "[",
    "]",
    ".",
    // Path text.
    "/",
    "/",
    "/",
    "repos",
    "issues",
    "users",
    "..",
    ".",
    "a.b",
    "~x",
    "-",
    "_",
    "é",
    "%41",
    "%2e",
    "%",
    "%u0041",
    " ",
    "\u{a0}",
    "\u{200e}",
    "a:b",
    "!",
    "$",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "\\",
    "^",
    "|",
    "`",
    "\"",
    "<",
    ">",
    // Expressions the lane takes, and their neighbours.
    "{x}",
    "{owner}",
    "{id}",
    "{a,b}",
    "{x*}",
    "{x:3}",
    "{x:9999}",
    "{a_1}",
    "{x:0}",
    "{x:10000}",
    "{x:01}",
    "{x:}",
    "{x*:2}",
    "{}",
    "{a.b}",
    "{%41}",
    "{a,}",
    "{,a}",
    "{a b}",
    "{/x}",
    "{/x*}",
    "{+x}",
    "{#x}",
    "{.x}",
    "{;x}",
    "{=x}",
    "{!x}",
    "{|x}",
    "{@x}",
    "{x",
    "x}",
    "}",
    "{",
    "{{",
    "}}",
    "{{x}}",
    "{?x}",
    "{?a,b}",
    "{?x*,y:2}",
    "{&y}",
    "{&y*}",
    "{?}",
    "{&}",
    "{?x",
    "{?a}{?b}",
    // Query and fragment text.
    "?",
    "?q=1",
    "&",
    "&a=b",
    "=",
    "#",
    "#f",
    "a=",
    "?a={x}",
    // Query pieces beside a hand-written pair.
    "&q={x}",
    "&{k}=1",
    "&k=v{a}",
    "&k={a}{b}",
    "&{k}",
    "&{+h}",
];

fn pieces() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..10).prop_map(|p| p.concat())
}

/// A template of the lane's shape, with one piece anywhere replaced or inserted.
fn near_lane() -> impl Strategy<Value = String> {
    let head = prop::sample::select(&["", "https://api.github.com", "http://h", "a://x.y"][..]);
    let segment = prop::sample::select(&["repos", "{owner}", "{x*}", "{a,b:2}", "a.b", ""][..]);
    let query = prop::sample::select(
        &[
            "",
            "{?state,labels,page}",
            "{?q}{&p*}",
            "{?x:3}",
            "{?q}&a={x}&{k}",
            "?a={x}&k=v{y}{&p}",
        ][..],
    );
    (
        head,
        prop::collection::vec(segment, 0..5),
        query,
        any::<prop::sample::Index>(),
        prop::option::of(prop::sample::select(PIECES)),
        any::<bool>(),
    )
        .prop_map(|(head, segments, query, at, piece, replace)| {
            let mut parts: Vec<&str> = vec![head];
            for s in segments {
                parts.push("/");
                parts.push(s);
            }
            parts.push(query);
            if let Some(piece) = piece {
                let i = at.index(parts.len());
                if replace {
                    parts[i] = piece;
                } else {
                    parts.insert(i, piece);
                }
            }
            parts.concat()
        })
}

/// Every template written in the compile-error tests and the uritemplate-test suite.
fn known_templates() -> &'static [String] {
    static TEMPLATES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TEMPLATES.get_or_init(read_known_templates)
}

fn read_known_templates() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut templates = Vec::new();
    for family in ["url_template", "url_literal", "template_macro"] {
        let dir = format!("{root}/ui-tests/tests/ui/{family}");
        for entry in std::fs::read_dir(&dir).expect("the ui tests") {
            let path = entry.expect("a ui test").path();
            if path.extension().is_some_and(|e| e == "rs") {
                let code = std::fs::read_to_string(&path).expect("a ui test");
                templates.extend(string_literals(&code));
            }
        }
    }
    for suite in ["negative-tests", "extended-tests", "spec-examples"] {
        let path = format!("{root}/tests/data/uritemplate-test__{suite}.json");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("the suite")).unwrap();
        for group in json.as_object().expect("groups").values() {
            for case in group["testcases"].as_array().expect("cases") {
                if let Some(t) = case[0].as_str() {
                    templates.push(t.to_owned());
                }
            }
        }
    }
    templates
}

/// The contents of the plain string literals in `code` (escapes `\"` and `\\` read).
fn string_literals(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('u') => s.push('\u{fffd}'),
                    Some(other) => s.push(other),
                    None => {}
                },
                c => s.push(c),
            }
        }
        found.push(s);
    }
    found
}

#[test]
fn the_lane_takes_the_common_templates() {
    for t in [
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
        "/users/{id}",
        "/",
        "/a/b/",
        "https://h",
        "https://h/",
        "https://example.com{?q}",
        "/search{?q,page:3}{&sort*}",
        "HTTPS://Example.COM/{a,b}/x.y",
    ] {
        assert!(lane(t).is_some(), "{t}");
        assert!(front_door(t).is_some(), "{t}");
    }
}

#[test]
fn the_lane_declines_what_it_does_not_read() {
    for t in [
        "{/list*}{?keys*}",
        "https://h:8080/{x}",
        "https://me@h/",
        "https://h/a#f",
        "https://h/a?q=1",
        "/a{x}",
        "/a/{+x}",
        "/a//b",
        "/a/../b",
        "/caf\u{e9}/{x}",
        "/a%20b",
        "https://1.2.3.4/",
        "https://xn--a/",
        "/search{?q}extra",
        "//host/{x}",
        "users/{id}",
    ] {
        assert!(lane(t).is_none(), "{t}");
    }
}

#[test]
fn the_lane_agrees_on_every_known_template() {
    let templates = known_templates();
    assert!(templates.len() > 200, "{} templates", templates.len());
    for t in templates {
        agree(t).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn the_lane_agrees_on_pieces(t in pieces()) {
        agree(&t)?;
    }

    #[test]
    fn the_lane_agrees_near_its_shape(t in near_lane()) {
        agree(&t)?;
    }

    #[test]
    fn the_lane_agrees_on_known_templates_cut_and_joined(
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let templates = known_templates();
        let (a, b) = (a.get(templates), b.get(templates));
        let mut at = cut.index(a.len() + 1);
        while !a.is_char_boundary(at) {
            at -= 1;
        }
        agree(&format!("{}{}", &a[..at], b))?;
        agree(&a[at..])?;
    }
}
