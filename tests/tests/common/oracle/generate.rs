//! Templates and values for the differential test: every operator, with explode, prefix,
//! several variables, at every position (the start of a relative path, right after the
//! authority, inside the host, the port, the userinfo, the path, the query, the fragment),
//! with literal text around it drawn from the characters of each component; values that are
//! undefined, empty, lists and maps (empty or not), and the strings behind other crates'
//! published bugs.
//!
//! A quarter of the templates are the shapes where a value is most likely to change a URL's
//! shape: a `{+x}` opening the template before a `/` of its own (a value `//` or `///` writing an
//! empty authority), a whole-segment `{x}` before an optional expression (`{id}{/tab}`,
//! `{id}{?q}`, `{name}{.ext}`), hand-written query pairs beside other pieces (`k=v{a}`,
//! `{k}=1`, `k={a}{b}`, a whole `{k}` or `{+h}`, an empty piece, text after a `{&x}`), and
//! `{.x}` inside a host; and values hold what WHATWG parsers read otherwise than RFC 3986
//! (`\`, tab, newline, `%5C`) and dotted names.

#![allow(unreachable_pub, reason = "shared by test binaries through `#[path]`")]

use proptest::prelude::*;

use crate::oracle::rfc6570::Value;

/// The variable names templates use; the same name may stand in several places.
pub const NAMES: &[&str] = &["a", "b", "c", "h", "p"];

const HEADS: &[&str] = &[
    "",
    "/",
    "./",
    "a",
    "http://h",
    "https://h.example:8080",
    "s://u@h",
    "//h",
    "mailto:",
    "urn:a:",
    "x:",
    "http://{h}",
    "https://{h}.example",
    "https://x{h}y.example",
    "http://a{.h*}",
    "http://[{h}]",
    "http://h:{p}",
    "https://{a}@h",
    "https://{a}:{b}@h",
    "{+a}",
    "{a}",
    "{/a}",
    "{.a}",
    "{;a}",
    "{?a}",
    "{#a}",
    "{&a}",
];

/// Text of a path, a query, a fragment: delimiters, sub-delimiters, dots, triplets, IRI
/// characters.
const PATH_TEXT: &[&str] = &[
    "/", "/", "/", "lit", "x", ".", "..", ":", "@", "%41", "%2e", "\u{e9}", "~", "=", ";", ",",
    "!", "$", "(", "*", "+", "-", "_",
];
const QUERY_TEXT: &[&str] = &[
    "a=1", "&", "&", "k=", "=", "q", "/", "?", ":", "@", "%26", "\u{e9}", "x=", "+",
];
const FRAGMENT_TEXT: &[&str] = &["/", "f", "?", "=", "&", ":", "@", "%23", "."];

const OPERATORS: &[&str] = &["", "+", "#", ".", "/", ";", "?", "&"];

fn expression() -> impl Strategy<Value = String> {
    let spec = (
        prop::sample::select(NAMES),
        prop_oneof![3 => Just(""), 1 => Just("*"), 1 => Just(":1"), 1 => Just(":3")],
    )
        .prop_map(|(name, modifier)| format!("{name}{modifier}"));
    (
        prop::sample::select(OPERATORS),
        prop::collection::vec(spec, 1..3),
    )
        .prop_map(|(op, specs)| format!("{{{op}{}}}", specs.join(",")))
}

fn pieces(text: &'static [&'static str], n: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            2 => prop::sample::select(text).prop_map(String::from),
            1 => expression(),
        ],
        0..n,
    )
    .prop_map(|pieces| pieces.concat())
}

/// A template: a head, a path, maybe a query, maybe a fragment; or one of the shapes
/// [`pointed`] writes.
pub fn template() -> impl Strategy<Value = String> {
    prop_oneof![3 => general(), 1 => pointed()]
}

/// Paths where a whole-segment `{x}` stands before an optional expression.
const BEFORE_OPTIONAL: &[&str] = &[
    "{a}{/b}",
    "{a}{?b}",
    "{a}{.b}",
    "{a}{#b}",
    "{a}{/b*}",
    "{a}{.b}{?c}",
    "{a}{b}",
    "{a}{.b*}",
];

/// Pieces of a query of pairs: hand-written pairs, and the pieces that stand beside them.
const QUERY_PIECES: &[&str] = &[
    "q={a}", "q={a}", "r={+b}", "s={c*}", "k=v{b}", "{c}=1", "k={b}{c}", "{c}", "k=v", "{+h}",
    "k={b}x", "{c}{b}", "", "{&b}k=1",
];

/// Hosts with `{.x}` and `{x}` labels.
const HOSTS: &[&str] = &[
    "https://api{.h}",
    "https://api{.h}.example",
    "http://{a}{.h}",
    "https://x{.h*}",
    "https://{h}.x{.a}",
];

/// The shapes where a value is most likely to change a URL's shape (see the module's docs).
pub fn pointed() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&["/{b}", "{/b}", "/x", "", "/{b}/y", "/x{?c}", "/{b}{/c}"][..])
            .prop_map(|rest| format!("{{+a}}{rest}")),
        (
            prop::sample::select(&["/users/", "/", "./", "a/", "http://h/", "//h/"][..]),
            prop::sample::select(BEFORE_OPTIONAL),
            prop::sample::select(&["", "/x", "?k=v", "#f"][..]),
        )
            .prop_map(|(head, path, tail)| format!("{head}{path}{tail}")),
        (
            prop::sample::select(&["/p?", "/p?k=1&", "https://h/?", "/p{?p}&"][..]),
            prop::collection::vec(prop::sample::select(QUERY_PIECES), 1..4),
            prop::sample::select(&["", "#f", "{&p}", "&", "&#f"][..]),
        )
            .prop_map(|(head, pieces, tail)| format!("{head}{}{tail}", pieces.join("&"))),
        (
            prop::sample::select(HOSTS),
            prop::sample::select(&["/", "/x", "", ":8080/", "/{b}"][..]),
        )
            .prop_map(|(host, rest)| format!("{host}{rest}")),
    ]
}

fn general() -> impl Strategy<Value = String> {
    (
        prop::sample::select(HEADS),
        pieces(PATH_TEXT, 6),
        prop_oneof![
            2 => Just(String::new()),
            2 => pieces(QUERY_TEXT, 5).prop_map(|q| format!("?{q}")),
            1 => pieces(QUERY_TEXT, 4).prop_map(|q| format!("{{?a}}{q}")),
        ],
        prop_oneof![
            3 => Just(String::new()),
            1 => pieces(FRAGMENT_TEXT, 3).prop_map(|f| format!("#{f}")),
            1 => pieces(FRAGMENT_TEXT, 3).prop_map(|f| format!("{{#c}}{f}")),
        ],
    )
        .prop_map(|(head, path, query, fragment)| format!("{head}{path}{query}{fragment}"))
}

/// Strings that have broken other crates' URL building, hosts and ports.
const HOSTILE: &[&str] = &[
    "",
    "v",
    ".",
    "..",
    "%2e",
    "%2E%2e",
    ".%2e",
    "a/b",
    "/",
    "//",
    "/..",
    "?",
    "#",
    "a?b#c",
    "&",
    "=",
    "a=b",
    "a&b=c",
    ":",
    "a:b",
    "@",
    "[",
    "]",
    "[::1]",
    "::1",
    "1.2.3.4",
    "0x7f.1",
    "80",
    "8080",
    "65535",
    "65536",
    "-1",
    "xn--a",
    "xn--bcher-kva",
    "example.com",
    "a.b.",
    "-a",
    "a_b",
    "%",
    "%zz",
    "%41",
    "%c3%a9",
    "%C3",
    "\u{e9}",
    "a b",
    " ",
    "+",
    "'",
    "~",
    "\u{0}",
    "\u{7f}",
    "\u{1F496}",
    "http://x/y",
    "//evil.com",
    "a/../b",
];

/// What WHATWG parsers read otherwise than RFC 3986 (a `\` is `/` in a special URL; tab and
/// newline are removed; a `%5C` stays), empty authorities, dotted names.
const WHATWG: &[&str] = &[
    "\\",
    "a\\b",
    "..\\admin",
    "/\\evil.com",
    "\\\\evil.com",
    "https://good.com\\@evil.com",
    "https://good.com\\evil.com",
    "https://h/a\\b",
    "https://h/..\\x",
    "%5C",
    "https://good.com%5C@evil.com",
    "a\tb",
    "\n",
    "https://h/a\nb",
    "ht\ttps://h",
    ".\t.",
    "//",
    "///",
    "//h",
    "//h/",
    "/",
    "evil.com",
    "a.b",
    "api.evil.com.",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(HOSTILE).prop_map(String::from),
        2 => prop::sample::select(WHATWG).prop_map(String::from),
        2 => "[a-z0-9./%:?#&=@\\[\\]-]{0,5}",
        1 => "[a-z/.\\\\\t@%5C]{0,6}",
        1 => any::<String>().prop_map(|s| s.chars().take(6).collect()),
    ]
}

/// One value: undefined, a string, a list or a map (possibly empty).
pub fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        2 => Just(Value::Undef),
        6 => text().prop_map(Value::Str),
        2 => prop::collection::vec(text(), 0..4).prop_map(Value::List),
        2 => prop::collection::vec((text(), text()), 0..3).prop_map(Value::Map),
    ]
}

/// A value for each of [`NAMES`].
pub fn values() -> impl Strategy<Value = Vec<(String, Value)>> {
    prop::collection::vec(value(), NAMES.len())
        .prop_map(|values| NAMES.iter().map(|n| (*n).to_string()).zip(values).collect())
}
