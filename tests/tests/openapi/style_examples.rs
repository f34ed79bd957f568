//! OpenAPI 3.1.1 §4.8.12.4's Style Examples table, byte for byte, through `openapi!`: one
//! operation per row and value column (`tests/data/openapi/style-examples.json`), each built
//! with the table's `color` values and compared with the table's text, then read back.

use serde_json::{Value, json};
use urlkit::ExpandErrorKind;
use urlkit::Route;

urlkit::openapi! {
    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    #[serde(tag = "__operation")]
    pub enum StyleExamples = "data/openapi/style-examples.json";
}

urlkit::openapi! {
    /// The table's object column (`tests/data/openapi/style-examples-objects.json`): each a
    /// `BTreeMap<String, i64>`.
    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    #[serde(tag = "__operation")]
    pub enum ObjectExamples = "data/openapi/style-examples-objects.json";
}

/// The table's path and query rows: style, explode, and its `undefined`, `string` and `array`
/// cells (`None` where the table says _n/a_). The object column is `ObjectExamples`'s.
type Row = (
    &'static str,
    bool,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
);

const TABLE: [Row; 10] = [
    (
        "matrix",
        false,
        Some(";color"),
        Some(";color=blue"),
        Some(";color=blue,black,brown"),
    ),
    (
        "matrix",
        true,
        Some(";color"),
        Some(";color=blue"),
        Some(";color=blue;color=black;color=brown"),
    ),
    (
        "label",
        false,
        Some("."),
        Some(".blue"),
        Some(".blue,black,brown"),
    ),
    (
        "label",
        true,
        Some("."),
        Some(".blue"),
        Some(".blue.black.brown"),
    ),
    (
        "simple",
        false,
        Some(""),
        Some("blue"),
        Some("blue,black,brown"),
    ),
    (
        "simple",
        true,
        Some(""),
        Some("blue"),
        Some("blue,black,brown"),
    ),
    (
        "form",
        false,
        Some("?color="),
        Some("?color=blue"),
        Some("?color=blue,black,brown"),
    ),
    (
        "form",
        true,
        Some("?color="),
        Some("?color=blue"),
        Some("?color=blue&color=black&color=brown"),
    ),
    (
        "spaceDelimited",
        false,
        None,
        None,
        Some("?color=blue%20black%20brown"),
    ),
    (
        "pipeDelimited",
        false,
        None,
        None,
        Some("?color=blue%7Cblack%7Cbrown"),
    ),
];

/// The variant of the operation `operation_id`, with `color` set to `value`.
fn build(operation_id: &str, value: &Value) -> StyleExamples {
    let index = StyleExamples::OPERATION_IDS
        .iter()
        .position(|id| *id == operation_id)
        .unwrap_or_else(|| panic!("no operation {operation_id}"));
    let variant = StyleExamples::SHAPES[index].variant.unwrap();
    serde_json::from_value(json!({ "__operation": variant, "color": value })).unwrap()
}

fn check(operation_id: &str, prefix: &str, value: &Value, cell: &str) {
    let route = build(operation_id, value);
    let url = route
        .to_url()
        .unwrap_or_else(|e| panic!("{operation_id}: {e}"));
    let expected = if cell.starts_with('?') {
        format!("{prefix}{cell}")
    } else {
        format!("{prefix}/{cell}")
    };
    assert_eq!(url.as_str(), expected, "{operation_id}");
    assert_eq!(
        StyleExamples::from_url(url.as_str()).as_ref(),
        Ok(&route),
        "{operation_id}"
    );
}

#[test]
fn every_cell_of_the_table() {
    let mut checked = 0;
    for (style, explode, undefined, string, array) in TABLE {
        let exploded = if explode { "explode" } else { "no-explode" };
        let id = |column: &str| format!("{style}-{exploded}-{column}");
        let prefix = |column: &str| format!("/{style}/{exploded}/{column}");
        if let Some(array) = array {
            check(
                &id("array"),
                &prefix("array"),
                &json!(["blue", "black", "brown"]),
                array,
            );
            checked += 1;
        }
        if let Some(string) = string {
            check(&id("string"), &prefix("string"), &json!("blue"), string);
            checked += 1;
        }
        // The `undefined` column is RFC 6570's text for the empty string (an undefined
        // value writes nothing, RFC 6570 §2.3). As a whole path segment, `.` and the empty
        // segment address another resource: `to_url` refuses them.
        match undefined {
            Some(cell @ ("" | ".")) => {
                let route = build(&id("string"), &json!(""));
                let kind = route.to_url().map_err(|e| *e.kind());
                let expected = if cell.is_empty() {
                    ExpandErrorKind::EmptySegment
                } else {
                    ExpandErrorKind::DotSegment
                };
                assert_eq!(kind, Err(expected), "{style} {explode}");
            }
            Some(cell) => check(&id("string"), &prefix("string"), &json!(""), cell),
            None => {}
        }
    }
    assert_eq!(checked, StyleExamples::OPERATION_IDS.len());
}

/// The table's object cells: style, explode, the cell as the table prints it (`R`, `G`, `B`,
/// the order of the example's JSON), and as a `BTreeMap` writes it, its keys in order.
const OBJECT_CELLS: [(&str, bool, &str, &str); 11] = [
    (
        "matrix",
        false,
        ";color=R,100,G,200,B,150",
        ";color=B,150,G,200,R,100",
    ),
    ("matrix", true, ";R=100;G=200;B=150", ";B=150;G=200;R=100"),
    ("label", false, ".R,100,G,200,B,150", ".B,150,G,200,R,100"),
    ("label", true, ".R=100.G=200.B=150", ".B=150.G=200.R=100"),
    ("simple", false, "R,100,G,200,B,150", "B,150,G,200,R,100"),
    ("simple", true, "R=100,G=200,B=150", "B=150,G=200,R=100"),
    (
        "form",
        false,
        "?color=R,100,G,200,B,150",
        "?color=B,150,G,200,R,100",
    ),
    ("form", true, "?R=100&G=200&B=150", "?B=150&G=200&R=100"),
    (
        "spaceDelimited",
        false,
        "?color=R%20100%20G%20200%20B%20150",
        "?color=B%20150%20G%20200%20R%20100",
    ),
    (
        "pipeDelimited",
        false,
        "?color=R%7C100%7CG%7C200%7CB%7C150",
        "?color=B%7C150%7CG%7C200%7CR%7C100",
    ),
    (
        "deepObject",
        true,
        "?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150",
        "?color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100",
    ),
];

#[test]
fn every_object_cell_of_the_table() {
    let color = json!({ "R": 100, "G": 200, "B": 150 });
    for (style, explode, cell, sorted) in OBJECT_CELLS {
        let exploded = if explode { "explode" } else { "no-explode" };
        let id = format!("{style}-{exploded}-object");
        // A query cell follows the path; a path cell is its last segment.
        let prefix = if cell.starts_with('?') {
            format!("/{style}/{exploded}/object")
        } else {
            format!("/{style}/{exploded}/object/")
        };
        let index = ObjectExamples::OPERATION_IDS
            .iter()
            .position(|known| *known == id)
            .unwrap_or_else(|| panic!("no operation {id}"));
        let variant = ObjectExamples::SHAPES[index].variant.unwrap();
        let route: ObjectExamples =
            serde_json::from_value(json!({ "__operation": variant, "color": color })).unwrap();
        // The table's text reads as the object, byte for byte.
        assert_eq!(
            ObjectExamples::from_url(&format!("{prefix}{cell}")).as_ref(),
            Ok(&route),
            "{id}"
        );
        // And the map writes the same entries, in its keys' order.
        let url = route.to_url().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(url.as_str(), format!("{prefix}{sorted}"), "{id}");
        assert_eq!(ObjectExamples::from_url(url.as_str()).as_ref(), Ok(&route));
    }
    assert_eq!(ObjectExamples::OPERATION_IDS.len(), OBJECT_CELLS.len());
}

/// Every object operation through the harness: generated maps (keys with every reserved
/// character, `.`, `/`, `%`, the empty string; the empty map), `to_url` against the
/// serializer written from the specification, read back by `from_url` and the `url` crate.
#[test]
fn every_object_operation_agrees_with_the_serializer() {
    let report = crate::harness::check::<ObjectExamples>(
        &crate::documents::document("style-examples-objects.json"),
        ObjectExamples::OPERATION_IDS,
    );
    assert!(report.failures.is_empty(), "{report:#?}");
    assert!(report.skipped.is_empty(), "{report:#?}");
    assert_eq!(report.operations, OBJECT_CELLS.len(), "{report:#?}");
    // Each kind of refusal was met (the generator gives empty maps, `.`, spaces, `|`).
    assert!(report.refused_objects > 0, "{report:#?}");
}
