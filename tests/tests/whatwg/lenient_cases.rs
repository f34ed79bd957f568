//! The lenient reader case by case: one input for every [`LenientErrorKind`] (every
//! [`RepairKind`] has its input in the runtime's `url/lenient/tests.rs`, where the `match`
//! over them can be exhaustive), where the report points, what its messages never quote, and
//! the `resolve_lenient` column of the table in `docs/resolution.md`, row by row.

use crate::common;

use urlkit::{LenientErrorKind, ParseErrorKind, RepairKind, Url};

fn kinds(read: &urlkit::Lenient) -> Vec<RepairKind> {
    read.repairs().iter().map(urlkit::Repair::kind).collect()
}

fn refused(input: &str) -> LenientErrorKind {
    Url::parse_lenient(input)
        .map(urlkit::Lenient::into_url)
        .expect_err(input)
        .kind()
}

#[test]
fn every_refusal_has_an_input() {
    use LenientErrorKind::*;
    assert_eq!(refused("/a"), MissingScheme);
    assert_eq!(refused("www.example.com/a"), MissingScheme);
    let opaque = Url::parse("mailto:a@example.com").unwrap();
    assert_eq!(
        opaque.resolve_lenient("x").unwrap_err().kind(),
        MissingScheme
    );
    assert_eq!(
        opaque.resolve_lenient("#x").unwrap().url(),
        "mailto:a@example.com#x"
    );
    let relative = Url::parse("/a").unwrap();
    assert_eq!(
        relative.resolve_lenient("x").unwrap_err().kind(),
        InvalidBase
    );
    let future = Url::parse("http://[v1.x]/").unwrap();
    assert_eq!(future.resolve_lenient("x").unwrap_err().kind(), InvalidBase);
    // An absolute reference does not need the base read.
    assert_eq!(
        future.resolve_lenient("https://h/").unwrap().url(),
        "https://h/"
    );
    assert_eq!(refused("http://a b/"), InvalidHost);
    assert_eq!(refused("http://[::1/"), InvalidHost);
    assert_eq!(refused("http://1.2.3.256/"), InvalidHost);
    assert_eq!(refused("http://%C3%28/"), InvalidHost);
    assert_eq!(refused("http:///"), InvalidHost);
    assert_eq!(refused("http://u@/"), InvalidHost);
    assert_eq!(refused("http://h:1a/"), InvalidPort);
    assert_eq!(refused("http://h:65536/"), InvalidPort);
    // The tests crate turns the `idna` feature on; `IdnaRequired`, the refusal without it,
    // is the runtime's doc test of `LenientErrorKind`.
    assert_eq!(refused("http://a\u{200d}.com/"), InvalidHost);
    let unrepresentable = |input| match refused(input) {
        Unrepresentable(rule) => rule,
        other => panic!("{input:?}: {other:?}"),
    };
    assert_eq!(
        unrepresentable("foo://h%41/"),
        ParseErrorKind::InvalidEscape
    );
    assert_eq!(unrepresentable("foo://1.2/"), ParseErrorKind::InvalidHost);
    assert_eq!(
        unrepresentable("http://a{b/"),
        ParseErrorKind::InvalidCharacter
    );
    assert_eq!(
        unrepresentable("http://xn--a/"),
        ParseErrorKind::InvalidHost
    );
    assert_eq!(unrepresentable("foo:/.//x"), ParseErrorKind::InvalidPath);
    assert_eq!(unrepresentable("mailto:../x"), ParseErrorKind::InvalidPath);
    assert_eq!(
        unrepresentable("localhost:8080"),
        ParseErrorKind::InvalidScheme
    );
}

#[test]
fn spans_are_bytes_of_the_input_as_given() {
    // The tab is removed before the space is read; the space is still at byte 12.
    let read = Url::parse_lenient(" http://h/\ta b").unwrap();
    assert_eq!(read.url(), "http://h/a%20b");
    let spans: Vec<_> = read.repairs().iter().map(|r| (r.kind(), r.at())).collect();
    assert_eq!(
        spans,
        [
            (RepairKind::Trimmed, 0..1),
            (RepairKind::TabOrNewline, 10..11),
            (RepairKind::Encoded, 12..13),
        ]
    );
    let err = Url::parse_lenient("\t\thttp://h:\n9x/").unwrap_err();
    assert_eq!(err.kind(), LenientErrorKind::InvalidPort);
    assert!(
        err.span().start >= 11 && err.span().end <= 15,
        "{:?}",
        err.span()
    );
    // Adjacent changes of one kind are one repair: the two bytes of `é` and three spaces.
    let read = Url::parse_lenient("http://h/\u{e9}   x").unwrap();
    let spans: Vec<_> = read.repairs().iter().map(|r| (r.kind(), r.at())).collect();
    assert_eq!(spans, [(RepairKind::Encoded, 9..14)]);
}

#[test]
fn messages_never_quote_the_userinfo() {
    let read = Url::parse_lenient("http://user:p a s s@h/").unwrap();
    assert_eq!(read.url(), "http://user:p%20a%20s%20s@h/");
    for repair in read.repairs() {
        assert!(!repair.to_string().contains("p a"), "{repair}");
    }
    let err = Url::parse_lenient("http://user:secret@h:x/").unwrap_err();
    assert!(!err.to_string().contains("secret"), "{err}");
    let err = Url::parse_lenient("http://user:secret@exa mple/").unwrap_err();
    assert!(!err.to_string().contains("secret"), "{err}");
}

#[test]
fn reading_the_output_again_changes_nothing() {
    for input in [
        " HTTPS://User:@Example.COM:0443/a/./b/../c d?q='x'|y#f#g\n",
        "file:///C|/x/../..",
        "foo://H/a\\b?[]",
        "http://[0:0::1]:8080",
        "data:image/svg+xml,<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ] {
        let once = Url::parse_lenient(input).unwrap();
        let twice = Url::parse_lenient(once.url().as_str()).unwrap();
        assert_eq!(twice.url(), once.url(), "{input:?}");
        assert_eq!(twice.repairs(), [], "{input:?}");
    }
}

/// The `resolve_lenient` column of the table in `docs/resolution.md`: for each row, the base,
/// the reference, what `resolve_lenient` gives (a URL, or the debug form of the error's
/// kind) and the repair it reports about the row's difference, if any. The result and the
/// repair must be written in that row's last cell.
const TABLE: &[(&str, &str, &str, &str, &str)] = &[
    (
        "percent-encoded dot segments",
        "http://a/b/c/d;p?q",
        "/a/%2E%2E/g",
        "http://a/g",
        "",
    ),
    (
        "the base's special scheme without `//`",
        "http://a/b/c/d;p?q",
        "http:g",
        "http://a/b/c/g",
        "SchemeRelative",
    ),
    (
        "another special scheme without `//`",
        "http://a/b/c/d;p?q",
        "https:g",
        "https://g/",
        "Slashes",
    ),
    (
        "backslashes",
        "http://a/b/c/d;p?q",
        "\\g",
        "http://a/g",
        "Backslash",
    ),
    (
        "whitespace and controls",
        "http://a/b/c/d;p?q",
        " g",
        "http://a/b/c/g",
        "Trimmed",
    ),
    (
        "other text `Url::parse` refuses",
        "http://a/b/c/d;p?q",
        "#β",
        "http://a/b/c/d;p?q#%CE%B2",
        "Encoded",
    ),
    (
        "other text `Url::parse` refuses",
        "http://a/b/c/d;p?q",
        "http://0x7f.1/",
        "http://127.0.0.1/",
        "Ipv4",
    ),
    (
        "other text `Url::parse` refuses",
        "http://a/b/c/d;p?q",
        "http://ex%61mple.com/",
        "http://example.com/",
        "HostDecoded",
    ),
    (
        "a base with an opaque path",
        "sc:sd",
        "i",
        "MissingScheme",
        "",
    ),
    (
        "a base with an opaque path",
        "sc:sd/sd",
        "../i",
        "MissingScheme",
        "",
    ),
    (
        "dot segments in an opaque path",
        "http://a/b",
        "g:h/./i",
        "Unrepresentable(InvalidPath)",
        "",
    ),
    (
        "a result path starting with `//`, no authority",
        "sc:/p",
        "..//x",
        "Unrepresentable(InvalidPath)",
        "",
    ),
    (
        "`///x` against a special base",
        "http://a/b",
        "///x",
        "http://x/",
        "Slashes",
    ),
    (
        "Windows drive letters in `file` URLs",
        "file:///C:/",
        "..",
        "file:///C:/",
        "",
    ),
    (
        "Windows drive letters in `file` URLs",
        "file:///C:/a/b",
        "/",
        "file:///C:/",
        "",
    ),
    (
        "Windows drive letters in `file` URLs",
        "file:///C:/a/b",
        "//d:",
        "file:///d:",
        "WindowsDriveLetter",
    ),
];

#[test]
fn the_resolution_table_says_what_resolve_lenient_does() {
    let doc =
        std::fs::read_to_string(common::manifest_dir().join("../docs/resolution.md")).unwrap();
    let rows: Vec<Vec<&str>> = doc
        .lines()
        .skip_while(|line| !line.starts_with("| difference"))
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split(" | ").map(str::trim).collect())
        .collect();
    assert_eq!(rows[0].last(), Some(&"`resolve_lenient` |"));
    let mut covered = std::collections::BTreeSet::new();
    for &(label, base, reference, expected, reported) in TABLE {
        let (got, repairs) = match Url::parse(base).unwrap().resolve_lenient(reference) {
            Ok(read) => (
                read.url().to_string(),
                kinds(&read).iter().map(|k| format!("{k:?}")).collect(),
            ),
            Err(e) => (format!("{:?}", e.kind()), Vec::new()),
        };
        assert_eq!(got, expected, "{reference:?} on {base}");
        assert_eq!(
            repairs.contains(&reported.to_owned()),
            !reported.is_empty(),
            "{reference:?} on {base}: {repairs:?}"
        );
        let row = rows
            .iter()
            .find(|row| row[0].trim_start_matches("| ") == label)
            .unwrap_or_else(|| panic!("no row {label:?}"));
        let cell = row.last().unwrap();
        for shown in [expected, reported].into_iter().filter(|s| !s.is_empty()) {
            assert!(
                cell.contains(&format!("`{shown}`")),
                "row {label:?}: {cell:?} does not show `{shown}`"
            );
        }
        covered.insert(label);
    }
    // Every row of the table has its example here.
    assert_eq!(covered.len(), rows.len() - 2);
}
