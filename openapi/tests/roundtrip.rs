//! `urlkit::openapi!` is the inverse of `paths`: a document whose names need no renaming,
//! read into a route enum and written back, has the same operations and parameters.

use serde_json::Value;

urlkit::openapi! {
    enum Api = "tests/roundtrip.json";
}

/// What both sides state of a parameter, OpenAPI's defaults written out (3.1 §4.8.12.1:
/// `form` for the query, `simple` for the path, `explode` true for `form` only), with the
/// values a string `enum` lists (an enum the macro writes as a `Param` type, whose spellings
/// `paths` writes back), and `allowEmptyValue` (`#[route(keep_empty)]`).
type Summary = (
    String,
    String,
    bool,
    String,
    bool,
    String,
    String,
    String,
    String,
    bool,
);

fn summary(parameter: &Value) -> Summary {
    let location = parameter["in"].as_str().unwrap().to_owned();
    let style = parameter["style"]
        .as_str()
        .unwrap_or(if location == "query" {
            "form"
        } else {
            "simple"
        })
        .to_owned();
    let explode = parameter["explode"].as_bool().unwrap_or(style == "form");
    (
        parameter["name"].as_str().unwrap().to_owned(),
        location,
        parameter["required"].as_bool().unwrap_or(false),
        style,
        explode,
        parameter["schema"]["type"].to_string(),
        parameter["schema"]["items"]["type"].to_string(),
        parameter["schema"]["enum"].to_string(),
        parameter["schema"]["items"]["enum"].to_string(),
        parameter["allowEmptyValue"].as_bool().unwrap_or(false),
    )
}

#[test]
fn paths_read_back_as_the_document() {
    let document: Value = serde_json::from_str(include_str!("roundtrip.json")).unwrap();
    let written = urlkit_openapi::paths::<Api>().unwrap();
    let paths = document["paths"].as_object().unwrap();
    assert_eq!(
        written.keys().collect::<std::collections::BTreeSet<_>>(),
        paths.keys().collect()
    );
    for (path, item) in paths {
        let item = item.as_object().unwrap();
        let back = written[path].as_object().unwrap();
        assert_eq!(
            back.keys().collect::<std::collections::BTreeSet<_>>(),
            item.keys().collect(),
            "{path}"
        );
        for (method, operation) in item {
            assert_eq!(
                back[method]["summary"], operation["summary"],
                "{path} {method}"
            );
            let mut want: Vec<_> = operation["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .map(summary)
                .collect();
            let mut got: Vec<_> = back[method]["parameters"]
                .as_array()
                .map(|list| list.iter().map(summary).collect())
                .unwrap_or_default();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{path} {method}");
        }
    }
}
