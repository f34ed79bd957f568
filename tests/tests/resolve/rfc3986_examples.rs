//! The 42 reference-resolution examples of RFC 3986 §5.4 through `Url::parse`.
//!
//! `Url::parse` accepts a relative reference that begins with `./` or `../` segments (they say
//! where the reference starts), but rejects dot segments anywhere else in a path: every parser
//! removes them (§5.2.4), so the reference would not mean what it shows. Its message gives the
//! resolved path, and that path, resolved against the base, is the RFC's expected result.
//! Dots in the query or fragment are data, not segments.

use crate::common;

/// `Some((message, fix))` for a rejected reference: the error message, and the reference the
/// message tells the user to write (for dot segments), if any.
type Rejection = Option<(&'static str, Option<&'static str>)>;

const ACCEPT: Rejection = None;

/// Every example, in the order of the JSON file (normal examples, then abnormal).
const TABLE: [(&str, Rejection); 42] = [
    // §5.4.1 Normal Examples
    ("g:h", ACCEPT),
    ("g", ACCEPT),
    ("./g", ACCEPT),
    ("g/", ACCEPT),
    ("/g", ACCEPT),
    ("//g", ACCEPT),
    ("?y", ACCEPT),
    ("g?y", ACCEPT),
    ("#s", ACCEPT),
    ("g#s", ACCEPT),
    ("g?y#s", ACCEPT),
    (";x", ACCEPT),
    ("g;x", ACCEPT),
    ("g;x?y#s", ACCEPT),
    ("", ACCEPT),
    (".", ACCEPT),
    ("./", ACCEPT),
    ("..", ACCEPT),
    ("../", ACCEPT),
    ("../g", ACCEPT),
    ("../..", ACCEPT),
    ("../../", ACCEPT),
    ("../../g", ACCEPT),
    // §5.4.2 Abnormal Examples
    ("../../../g", ACCEPT),
    ("../../../../g", ACCEPT),
    (
        "/./g",
        Some((
            "the path `/./g` resolves to `/g`; write that (at byte 1)",
            Some("/g"),
        )),
    ),
    (
        "/../g",
        Some((
            "the path `/../g` resolves to `/g`; write that (at byte 1)",
            Some("/g"),
        )),
    ),
    ("g.", ACCEPT),
    (".g", ACCEPT),
    ("g..", ACCEPT),
    ("..g", ACCEPT),
    ("./../g", ACCEPT),
    (
        "./g/.",
        Some((
            "the path `./g/.` resolves to `g/`; write that (at byte 4)",
            Some("g/"),
        )),
    ),
    (
        "g/./h",
        Some((
            "the path `g/./h` resolves to `g/h`; write that (at byte 2)",
            Some("g/h"),
        )),
    ),
    (
        "g/../h",
        Some((
            "the path `g/../h` resolves to `h`; write that (at byte 2)",
            Some("h"),
        )),
    ),
    (
        "g;x=1/./y",
        Some((
            "the path `g;x=1/./y` resolves to `g;x=1/y`; write that (at byte 6)",
            Some("g;x=1/y"),
        )),
    ),
    (
        "g;x=1/../y",
        Some((
            "the path `g;x=1/../y` resolves to `y`; write that (at byte 6)",
            Some("y"),
        )),
    ),
    ("g?y/./x", ACCEPT),
    ("g?y/../x", ACCEPT),
    ("g#s/./x", ACCEPT),
    ("g#s/../x", ACCEPT),
    // The RFC allows two readings (`http:g` or `http://a/b/c/g`); urlkit rejects the
    // ambiguity: a special scheme always has `//` (WHATWG reads the second).
    (
        "http:g",
        Some((
            "missing `//` after `http:`; write `http://g` (at byte 4)",
            None,
        )),
    ),
];

#[test]
fn section_5_4_examples() {
    let data = common::testdata("rfc3986__section-5.4-reference-resolution.json");
    let base_text = data["base"].as_str().unwrap();
    let base = url::Url::parse(base_text).unwrap();
    assert!(urlkit::Url::parse(base_text).is_ok());
    let cases: Vec<_> = ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
        .collect();
    assert_eq!(cases.len(), TABLE.len());
    let (mut accepted, mut resolved_fixes) = (0, 0);
    for (case, (reference, rejection)) in cases.into_iter().zip(TABLE) {
        assert_eq!(case["ref"], reference, "the table follows the file's order");
        // `http:g` lists two acceptable results; every other case one. They are compared as a
        // WHATWG parser writes them (`http://g` becomes `http://g/`).
        let expected: Vec<url::Url> = match &case["expected"] {
            serde_json::Value::String(s) => vec![s.as_str()],
            list => list
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect(),
        }
        .into_iter()
        .map(|s| url::Url::parse(s).unwrap())
        .collect();
        match (urlkit::Url::parse(reference), rejection) {
            (Ok(url), None) => {
                accepted += 1;
                assert_eq!(url, reference, "accepted text is kept as written");
                // A WHATWG parser resolves the accepted reference as the RFC says.
                let resolved = base.join(url.as_str()).unwrap();
                assert!(expected.contains(&resolved), "{reference}: {resolved}");
            }
            (Err(err), Some((message, fix))) => {
                assert_eq!(err.to_string(), message, "{reference}");
                if let Some(fix) = fix {
                    resolved_fixes += 1;
                    assert!(urlkit::Url::parse(fix).is_ok(), "{fix}");
                    let resolved = base.join(fix).unwrap();
                    assert!(expected.contains(&resolved), "{reference}: {resolved}");
                }
            }
            (got, want) => panic!("{reference}: got {got:?}, expected rejection {want:?}"),
        }
    }
    assert_eq!((accepted, resolved_fixes), (34, 7));
}
