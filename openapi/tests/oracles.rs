//! The oracles of urlkit-openapi's output, none of which shares its code: the official OpenAPI
//! 3.1 JSON Schema (vendored in `tests/data`), a third-party OpenAPI 3.1 reader (`oas3`), and a
//! serializer written here from OpenAPI 3.1.1's Style Examples table and RFC 6570's rules,
//! which must write exactly the path and query `to_url` writes, for random values.
//!
//! The enums: the one of urlkit-axum's README, the 130 GitHub routes of the routes bench
//! (through the list the bench reads), and one with every kind of template and field type.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use proptest::prelude::*;
use serde_json::{Value, json};
use urlkit::{Fmt, Route};

mod common;
use common::Api as Readme;

/// A field of spellings (`#[derive(Param)]`).
#[derive(urlkit::Param, Debug, PartialEq)]
#[param(rename_all = "kebab-case")]
enum Sort {
    Newest,
    MostCommented,
}

/// Every kind of template and of field type.
#[derive(Route, Debug, PartialEq)]
enum Kinds {
    #[route("/sorted{?sort}")]
    Sorted { sort: Option<Sort> },
    /// Versioned status.
    ///
    /// With a description.
    #[route("/v{version}/status/{name}.json")]
    Status { version: u8, name: String },
    #[route("/docs/{section}{/page}")]
    Docs { section: String, page: Option<char> },
    #[route("/items/{id}{/sub}{?ratio,flag,small}")]
    Item {
        id: i64,
        sub: String,
        ratio: Option<f64>,
        flag: Option<bool>,
        small: Option<i16>,
    },
    #[route("/search?q={query}&format=json{&tag*}")]
    Search { query: String, tag: Vec<Fmt<u16>> },
    #[route("/export?format=csv&sep={sep}")]
    Export { sep: char },
    #[route("/labels{?label,kind,word}")]
    Labels {
        label: Vec<String>,
        #[route(style = "pipeDelimited")]
        kind: Vec<u16>,
        #[route(style = "spaceDelimited")]
        word: Vec<String>,
    },
    #[route("/deep{?color}")]
    Deep {
        #[route(style = "deepObject")]
        color: BTreeMap<String, u8>,
    },
    #[route("/lists/{tags}/{.ids*}/{;sizes}/{;names*}")]
    Lists {
        tags: Vec<String>,
        ids: Vec<u16>,
        sizes: Vec<u16>,
        names: Vec<String>,
    },
    #[route("/styled/{.id}/{;name}/report{.format}")]
    Styled {
        id: String,
        name: String,
        format: String,
    },
    #[route("/maps/{simple}/{exploded*}/{.label}/{.dots*}/{;matrix}/{;keyed*}")]
    PathObjects {
        simple: BTreeMap<String, u8>,
        exploded: BTreeMap<String, u8>,
        label: BTreeMap<String, u8>,
        dots: BTreeMap<String, u8>,
        matrix: BTreeMap<String, u8>,
        keyed: BTreeMap<String, u8>,
    },
    #[route("/objects{?joined,piped,spaced,rest*}")]
    Objects {
        joined: BTreeMap<String, u8>,
        #[route(style = "pipeDelimited")]
        piped: BTreeMap<String, u8>,
        #[route(style = "spaceDelimited")]
        spaced: BTreeMap<String, u8>,
        rest: BTreeMap<String, u8>,
    },
}

/// Variants that declare methods, on shared paths and alone, beside one that declares none.
#[derive(Route, Debug, PartialEq)]
enum Methods {
    /// The form.
    #[route(get, "/login")]
    LoginForm,
    /// Signs in.
    #[route(post, "/login?token={token}{&next}")]
    Login { token: String, next: Option<String> },
    #[route(get, head, "/items/{id}")]
    Item { id: u32 },
    #[route(put, patch, "/items/{id}{?force}")]
    SaveItem { id: u32, force: Option<bool> },
    /// Any method.
    #[route("/items/{id}/history?page={page}")]
    History { id: u32, page: u32 },
    #[route(delete, "/items/{id}/history")]
    ClearHistory { id: u32 },
}

/// The routes bench's 130 GitHub routes, every field a `String`, with a constructor each.
macro_rules! github {
    ($($variant:ident $template:tt [$($field:ident)*],)*) => {
        #[derive(Route, Debug, PartialEq)]
        enum Github130 {
            $(
                #[route($template)]
                $variant { $($field: String),* },
            )*
        }

        /// Each route's fields, and the value with these values in that order.
        const GITHUB: &[(&[&str], fn(&mut dyn Iterator<Item = String>) -> Github130)] = &[
            $((
                &[$(stringify!($field)),*],
                |_values| Github130::$variant { $($field: _values.next().unwrap()),* },
            ),)*
        ];
    };
}

include!("../../bench/benches/routes/github_130.rs");
github_130!(github!());

/// A whole OpenAPI document around the paths.
#[allow(
    clippy::needless_pass_by_value,
    reason = "called on what `paths` returns"
)]
fn document(paths: serde_json::Map<String, Value>) -> Value {
    json!({
        "openapi": "3.1.1",
        "info": { "title": "urlkit routes", "version": "1" },
        "paths": paths,
    })
}

fn documents() -> Vec<(&'static str, Value)> {
    vec![
        (
            "readme",
            document(urlkit_openapi::paths::<Readme>().unwrap()),
        ),
        ("kinds", document(urlkit_openapi::paths::<Kinds>().unwrap())),
        (
            "methods",
            document(urlkit_openapi::paths::<Methods>().unwrap()),
        ),
        (
            "github",
            document(urlkit_openapi::paths::<Github130>().unwrap()),
        ),
    ]
}

fn openapi_schema() -> jsonschema::Validator {
    let text = include_str!("data/openapi-3.1-schema.json");
    let schema: Value = serde_json::from_str(text).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

#[test]
fn valid_by_the_openapi_3_1_schema() {
    let validator = openapi_schema();
    for (name, document) in documents() {
        let errors: Vec<String> = validator
            .iter_errors(&document)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
    // The schema can fail: a path parameter that is not required, a style the query lacks.
    let mut broken = documents().remove(0).1;
    broken["paths"]["/users/{id}"]["parameters"][0]["required"] = json!(false);
    assert!(!validator.is_valid(&broken));
    let mut broken = documents().remove(0).1;
    broken["paths"]["/users/{id}/posts"]["parameters"][1]["style"] = json!("simple");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn read_back_by_oas3() {
    for (name, document) in documents() {
        let text = serde_json::to_string(&document).unwrap();
        let spec = oas3::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        // What oas3 read, written again, is the document: it understood every field.
        let mut again: Value = serde_json::from_str(&oas3::to_json(&spec).unwrap()).unwrap();
        // oas3 writes an absent `responses` (optional in OpenAPI 3.1) as `null`.
        for item in again["paths"].as_object_mut().unwrap().values_mut() {
            for operation in item.as_object_mut().unwrap().values_mut() {
                if let Some(operation) = operation.as_object_mut() {
                    assert_eq!(operation.remove("responses"), Some(Value::Null), "{name}");
                }
            }
        }
        assert_eq!(again["paths"], document["paths"], "{name}");
        let paths = spec.paths.as_ref().unwrap();
        assert_eq!(paths.len(), document["paths"].as_object().unwrap().len());
    }
}

/// What utoipa reads of the paths and writes back is the paths: `merge_into` loses nothing.
#[cfg(feature = "utoipa")]
#[test]
fn utoipa_keeps_every_field() {
    fn through_utoipa<R: Route>() -> Value {
        let mut openapi = utoipa::openapi::OpenApiBuilder::new().build();
        urlkit_openapi::merge_into::<R>(&mut openapi).unwrap();
        serde_json::to_value(&openapi.paths).unwrap()
    }
    let cases = [
        (
            through_utoipa::<Readme>(),
            urlkit_openapi::paths::<Readme>(),
        ),
        (through_utoipa::<Kinds>(), urlkit_openapi::paths::<Kinds>()),
        (
            through_utoipa::<Github130>(),
            urlkit_openapi::paths::<Github130>(),
        ),
        (
            through_utoipa::<Methods>(),
            urlkit_openapi::paths::<Methods>(),
        ),
    ];
    for (mut utoipa, ours) in cases {
        // utoipa's `Operation` always has `responses`; `merge_into` gives it an empty one.
        for item in utoipa.as_object_mut().unwrap().values_mut() {
            for operation in item.as_object_mut().unwrap().values_mut() {
                if let Some(operation) = operation.as_object_mut() {
                    assert_eq!(operation.remove("responses"), Some(json!({})));
                }
            }
        }
        assert_eq!(utoipa, Value::Object(ours.unwrap()));
    }
}

/// One operation per method declared, each with the parameters of the variants that take it;
/// a path whose variants declare no method keeps its parameters on the Path Item.
#[test]
fn operations_per_declared_method() {
    let paths = urlkit_openapi::paths::<Methods>().unwrap();
    let login = &paths["/login"];
    assert_eq!(login.as_object().unwrap().len(), 2, "{login:#}");
    assert_eq!(login["get"], json!({ "summary": "The form." }));
    let post = &login["post"];
    assert_eq!(post["summary"], "Signs in.");
    let names: Vec<(&str, bool)> = (post["parameters"].as_array().unwrap().iter())
        .map(|p| {
            (
                p["name"].as_str().unwrap(),
                p["required"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(names, [("token", true), ("next", false)]);

    // `head` declared: an operation of its own; `put` and `patch` the same parameters.
    let item = paths["/items/{id}"].as_object().unwrap();
    let methods: Vec<&str> = item.keys().map(String::as_str).collect();
    assert_eq!(methods, ["get", "head", "put", "patch"]);
    assert_eq!(item["get"], item["head"]);
    assert_eq!(item["put"], item["patch"]);
    assert_eq!(item["get"]["parameters"].as_array().unwrap().len(), 1);
    assert_eq!(item["put"]["parameters"][1]["name"], "force");

    // The variant without methods takes `delete` too: it describes that operation with the
    // one that declares it, and has no operation of its own.
    let history = paths["/items/{id}/history"].as_object().unwrap();
    let methods: Vec<&str> = history.keys().map(String::as_str).collect();
    assert_eq!(methods, ["delete"]);
    assert_eq!(history["delete"]["parameters"][1]["name"], "page");
    // Required by `History` only.
    assert_eq!(history["delete"]["parameters"][1]["required"], false);
    assert_eq!(history["delete"]["description"], "- `History`: Any method.");
}

/// An operation utoipa has keeps its responses and gets the parameters it lacks; one it
/// lacks is added.
#[cfg(feature = "utoipa")]
#[test]
fn utoipa_operations_are_merged() {
    use utoipa::openapi::path::OperationBuilder;
    use utoipa::openapi::response::ResponseBuilder;
    use utoipa::openapi::{HttpMethod, OpenApiBuilder, PathItem, PathsBuilder};

    let ok =
        OperationBuilder::new().response("303", ResponseBuilder::new().description("Signed in"));
    let paths = PathsBuilder::new().path("/login", PathItem::new(HttpMethod::Post, ok));
    let mut openapi = OpenApiBuilder::new().paths(paths).build();
    urlkit_openapi::merge_into::<Methods>(&mut openapi).unwrap();
    let login = serde_json::to_value(&openapi.paths.paths["/login"]).unwrap();
    assert_eq!(
        login["post"]["responses"]["303"]["description"],
        "Signed in"
    );
    assert_eq!(login["post"]["summary"], "Signs in.");
    assert_eq!(login["post"]["parameters"][0]["name"], "token");
    assert_eq!(login["get"]["summary"], "The form.");
    assert_eq!(login["get"]["responses"], json!({}));
}

#[test]
fn the_readme_enum() {
    let paths = urlkit_openapi::paths::<Readme>().unwrap();
    let keys: Vec<&str> = paths.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "/files",
            "/files/{path}",
            "/users/me",
            "/users/{id}",
            "/users/{id}/posts"
        ]
    );
    assert_eq!(paths["/files"], json!({ "summary": "A file." }));
    let path = &paths["/files/{path}"]["parameters"][0];
    assert_eq!(path["in"], "path");
    assert_eq!(path["schema"], json!({ "type": "string" }));
    assert!(
        path["description"]
            .as_str()
            .unwrap()
            .contains("unencoded `/`")
    );
}

#[test]
fn the_github_enum() {
    let paths = urlkit_openapi::paths::<Github130>().unwrap();
    // Each template is its OpenAPI path (matchit's syntax is OpenAPI's), no two the same.
    assert_eq!(paths.len(), 130);
    for template in Github130::TEMPLATES {
        let item = &paths[*template];
        let names: Vec<&str> = (item["parameters"].as_array().into_iter().flatten())
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        let expected: Vec<String> = (1..=4)
            .map(|i| format!("p{i}"))
            .filter(|p| template.contains(&format!("{{{p}}}")))
            .collect();
        assert_eq!(names, expected, "{template}");
    }
}

#[test]
fn every_kind() {
    let paths = urlkit_openapi::paths::<Kinds>().unwrap();
    let status = &paths["/v{version}/status/{name}.json"];
    assert_eq!(status["summary"], "Versioned status.");
    assert_eq!(status["description"], "With a description.");
    assert_eq!(
        status["parameters"][0]["schema"],
        json!({ "type": "integer", "minimum": 0, "maximum": 255 })
    );
    assert!(paths.contains_key("/docs/{section}"));
    assert_eq!(
        paths["/docs/{section}/{page}"]["parameters"][1]["schema"],
        json!({ "type": "string", "minLength": 1, "maxLength": 1, "pattern": "^$|[^.]|\\.{3}" })
    );
    let item = &paths["/items/{id}/{sub}"]["parameters"];
    assert_eq!(item[2]["schema"], json!({ "type": "number" }));
    assert_eq!(item[3]["schema"], json!({ "type": "boolean" }));
    assert_eq!(
        paths["/sorted"]["parameters"][0]["schema"],
        json!({ "type": "string", "enum": ["newest", "most-commented"] })
    );
    let search = &paths["/search"]["parameters"];
    assert_eq!(search[0]["name"], "format");
    assert_eq!(
        search[0]["schema"],
        json!({ "type": "string", "enum": ["json"] })
    );
    assert_eq!(
        search[2]["schema"],
        json!({ "type": "array", "items": { "type": "string" } })
    );
    assert_eq!(paths["/export"]["parameters"][1]["name"], "sep");
    let labels = &paths["/labels"]["parameters"];
    let styles: Vec<_> = (0..3)
        .map(|i| {
            (
                labels[i]["style"].as_str().unwrap(),
                labels[i]["explode"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        styles,
        [
            ("form", false),
            ("pipeDelimited", false),
            ("spaceDelimited", false)
        ]
    );
    let deep = &paths["/deep"]["parameters"][0];
    assert_eq!(
        (deep["style"].as_str(), deep["explode"].as_bool()),
        (Some("deepObject"), Some(true))
    );
    assert_eq!(
        deep["schema"],
        json!({ "type": "object", "additionalProperties": { "type": "integer", "minimum": 0, "maximum": 255 } })
    );
    let objects = &paths["/objects"]["parameters"];
    let styles: Vec<_> = (0..4)
        .map(|i| {
            assert_eq!(objects[i]["schema"], deep["schema"]);
            (
                objects[i]["name"].as_str().unwrap(),
                objects[i]["style"].as_str().unwrap(),
                objects[i]["explode"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        styles,
        [
            ("joined", "form", false),
            ("piped", "pipeDelimited", false),
            ("spaced", "spaceDelimited", false),
            ("rest", "form", true)
        ]
    );
}

#[test]
fn variants_sharing_a_path() {
    #[derive(Route)]
    enum Export {
        /// As JSON.
        #[route("/export?format=json")]
        Json,
        /// As CSV.
        #[route("/export?format=csv&sep={sep}")]
        Csv { sep: char },
    }
    let paths = urlkit_openapi::paths::<Export>().unwrap();
    assert_eq!(
        paths["/export"],
        json!({
            "description": "- `Json`: As JSON.\n- `Csv`: As CSV.",
            "parameters": [
                { "name": "format", "in": "query", "required": true, "style": "form",
                  "explode": true, "allowReserved": false,
                  "schema": { "anyOf": [
                      { "type": "string", "enum": ["json"] },
                      { "type": "string", "enum": ["csv"] },
                  ] } },
                { "name": "sep", "in": "query", "required": false, "style": "form",
                  "explode": true, "allowReserved": false,
                  "schema": { "type": "string", "minLength": 1, "maxLength": 1 } },
            ],
        })
    );
    assert!(openapi_schema().is_valid(&document(paths)));
}

#[test]
fn refusals() {
    use urlkit_openapi::ErrorKind;

    struct Manual;
    impl Route for Manual {
        const TEMPLATES: &'static [&'static str] = &["/manual"];
        fn template(&self) -> &'static str {
            "/manual"
        }
        fn to_url(&self) -> Result<urlkit::Url, urlkit::ExpandError> {
            Ok(urlkit::url!("/manual"))
        }
        fn from_url(_: &str) -> Result<Self, urlkit::RouteError> {
            Ok(Manual)
        }
    }
    #[derive(Route)]
    enum Renamed {
        #[route("/a/{id}")]
        Id { id: u32 },
        #[route("/a/{name}?by=name")]
        Name { name: String },
    }
    let error = urlkit_openapi::paths::<Renamed>().unwrap_err();
    assert_eq!(
        error.kind(),
        &ErrorKind::SamePathOtherNames {
            path: "/a/{name}".into(),
            other: "/a/{id}".into()
        }
    );
    assert_eq!(error.template(), "/a/{name}?by=name");
    assert_eq!(
        error.to_string(),
        "`/a/{name}?by=name`: its path `/a/{name}` differs from `/a/{id}`, the path of \
         `/a/{id}`, only in parameter names, which OpenAPI holds to be the same path; name the \
         placeholders alike"
    );

    let error = urlkit_openapi::paths::<Manual>().unwrap_err();
    assert_eq!(error.kind(), &ErrorKind::NoShape);
}

// The serializer of the oracle, from OpenAPI 3.1.1 §4.8.12.4 "Style Examples" and RFC 6570:
// `simple` writes a primitive as its text and `form` with `explode: true` writes
// `name=value`, one pair per item of an array and none for an undefined value; each name
// and value is percent-encoded but for RFC 3986's unreserved characters (RFC 6570 §3.2.1),
// or, with `allowReserved: true`, but for the unreserved and reserved ones and
// percent-triplets (§3.2.3).

fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~".contains(c)
}

fn reserved(c: char) -> bool {
    ":/?#[]@!$&'()*+,;=".contains(c)
}

fn pct_encode(text: &str, allow_reserved: bool) -> String {
    let mut out = String::new();
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        let triplet = c == '%'
            && bytes.len() >= i + 3
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit();
        if unreserved(c) || (allow_reserved && (reserved(c) || triplet)) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// A field's values, as text: none (an absent `Option`, an empty list), one, or several.
type Values = BTreeMap<String, Vec<String>>;

/// The path and query pairs the description of `path` says to write for `values`.
fn serialize(
    paths: &serde_json::Map<String, Value>,
    path: &str,
    values: &Values,
) -> (String, Vec<String>) {
    let item = &paths[path];
    let mut url = path.to_owned();
    let mut query = Vec::new();
    for parameter in item["parameters"].as_array().into_iter().flatten() {
        let name = parameter["name"].as_str().unwrap();
        let style = parameter["style"].as_str().unwrap();
        let explode = parameter["explode"].as_bool().unwrap();
        let allow_reserved = parameter["allowReserved"].as_bool().unwrap_or(false);
        let is_array = parameter["schema"]["type"] == "array";
        // An object's values are its properties and their values in turn.
        let is_object = parameter["schema"]["type"] == "object";
        let items: Vec<String> = match values.get(name) {
            Some(items) => items.clone(),
            // A static piece: its one value.
            None => vec![parameter["schema"]["enum"][0].as_str().unwrap().to_owned()],
        };
        match (parameter["in"].as_str().unwrap(), style, explode) {
            ("path", "simple", false)
                if parameter["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("The rest of the path")) =>
            {
                // The documented difference: the segments, each a `simple` value, joined by `/`.
                let joined: Vec<String> = items.iter().map(|v| pct_encode(v, false)).collect();
                url = url.replace(&format!("{{{name}}}"), &joined.join("/"));
            }
            // The table's array column of the path rows: `simple` joins with `,` either way,
            // `label` `.` and the items joined with `,` (`.` between them exploded), `matrix`
            // `;name=` and the items joined with `,` (`;name=` before each exploded, `;name`
            // alone for an empty one).
            ("path", style, explode) if is_array => {
                let encoded: Vec<String> = items.iter().map(|v| pct_encode(v, false)).collect();
                let value = match (style, explode) {
                    ("simple", _) => encoded.join(","),
                    ("label", false) => format!(".{}", encoded.join(",")),
                    ("label", true) => format!(".{}", encoded.join(".")),
                    ("matrix", false) => format!(";{name}={}", encoded.join(",")),
                    ("matrix", true) => encoded
                        .iter()
                        .map(|v| {
                            if v.is_empty() {
                                format!(";{name}")
                            } else {
                                format!(";{name}={v}")
                            }
                        })
                        .collect(),
                    other => panic!("no serializer for {other:?}"),
                };
                url = url.replace(&format!("{{{name}}}"), &value);
            }
            // The table's object column of the path rows: the properties and their values
            // in turn, joined with `,`, or exploded `property=value`, joined as the array's
            // items are; `matrix` exploded names each by its property, `;property` alone for
            // an empty value.
            ("path", style, explode) if is_object => {
                let encoded: Vec<String> = items.iter().map(|v| pct_encode(v, false)).collect();
                let entries: Vec<String> = encoded
                    .chunks(2)
                    .map(|pair| match (style, pair[1].is_empty()) {
                        ("matrix", true) => format!(";{}", pair[0]),
                        ("matrix", false) => format!(";{}={}", pair[0], pair[1]),
                        _ => format!("{}={}", pair[0], pair[1]),
                    })
                    .collect();
                let value = match (style, explode) {
                    ("simple", false) => encoded.join(","),
                    ("simple", true) => entries.join(","),
                    ("label", false) => format!(".{}", encoded.join(",")),
                    ("label", true) => format!(".{}", entries.join(".")),
                    ("matrix", false) => format!(";{name}={}", encoded.join(",")),
                    ("matrix", true) => entries.concat(),
                    other => panic!("no serializer for {other:?}"),
                };
                url = url.replace(&format!("{{{name}}}"), &value);
            }
            ("path", "simple", false) => {
                assert_eq!(items.len(), 1, "{name}");
                url = url.replace(&format!("{{{name}}}"), &pct_encode(&items[0], false));
            }
            // The table's label and matrix rows, string column: `.blue`; `;color=blue`, and
            // `;color` for the empty string (its `undefined` column).
            ("path", "label", false) => {
                assert_eq!(items.len(), 1, "{name}");
                let value = format!(".{}", pct_encode(&items[0], false));
                url = url.replace(&format!("{{{name}}}"), &value);
            }
            ("path", "matrix", false) => {
                assert_eq!(items.len(), 1, "{name}");
                let value = if items[0].is_empty() {
                    format!(";{name}")
                } else {
                    format!(";{name}={}", pct_encode(&items[0], false))
                };
                url = url.replace(&format!("{{{name}}}"), &value);
            }
            // The table's `form, explode: true` object: a pair per property, named by it.
            ("query", "form", true) if is_object => {
                for pair in items.chunks(2) {
                    query.push(format!(
                        "{}={}",
                        pct_encode(&pair[0], false),
                        pct_encode(&pair[1], allow_reserved)
                    ));
                }
            }
            ("query", "form", true) => {
                assert!(is_array || items.len() <= 1, "{name}");
                for item in &items {
                    query.push(format!(
                        "{}={}",
                        pct_encode(name, false),
                        pct_encode(item, allow_reserved)
                    ));
                }
            }
            // One pair, the items joined: `,` unencoded between them for `form`, the
            // delimiters of the two other styles as the table writes them (an object's
            // properties and values in turn, as its column does).
            ("query", "form" | "spaceDelimited" | "pipeDelimited", false)
                if is_array || is_object =>
            {
                let delimiter = match style {
                    "form" => ",",
                    "spaceDelimited" => "%20",
                    _ => "%7C",
                };
                if !items.is_empty() {
                    let joined: Vec<String> = items
                        .iter()
                        .map(|v| pct_encode(v, allow_reserved))
                        .collect();
                    query.push(format!(
                        "{}={}",
                        pct_encode(name, false),
                        joined.join(delimiter)
                    ));
                }
            }
            // The table's deepObject row: a pair per property, `name[property]=value`, its
            // brackets encoded as any reserved character of a query key. The values are the
            // properties and their values in turn.
            ("query", "deepObject", true) => {
                for pair in items.chunks(2) {
                    query.push(format!(
                        "{}={}",
                        pct_encode(&format!("{name}[{}]", pair[0]), false),
                        pct_encode(&pair[1], allow_reserved)
                    ));
                }
            }
            other => panic!("no serializer for {other:?}"),
        }
    }
    query.sort();
    (url, query)
}

/// Each value `to_url` wrote is one its parameter's schema admits: as JSON of the schema's
/// type, an array for an array, and the segments joined for the rest of a path.
fn admitted(paths: &serde_json::Map<String, Value>, path: &str, values: &Values) {
    for parameter in paths[path]["parameters"].as_array().into_iter().flatten() {
        let Some(items) = values.get(parameter["name"].as_str().unwrap()) else {
            continue;
        };
        let schema = &parameter["schema"];
        let typed = |text: &String, schema: &Value| match schema["type"].as_str() {
            Some("integer" | "number" | "boolean") => serde_json::from_str(text).unwrap(),
            _ => json!(text),
        };
        let value = if schema["type"] == "object" {
            let properties = items.chunks(2).map(|pair| {
                (
                    pair[0].clone(),
                    typed(&pair[1], &schema["additionalProperties"]),
                )
            });
            Value::Object(properties.collect())
        } else if schema["type"] == "array" {
            Value::Array(items.iter().map(|i| typed(i, &schema["items"])).collect())
        } else if items.is_empty() {
            continue;
        } else {
            typed(&items.join("/"), schema)
        };
        assert!(
            jsonschema::is_valid(schema, &value),
            "{path}: {value} against {schema}"
        );
    }
}

/// `to_url`'s path and its query's pairs, sorted (OpenAPI does not order parameters).
fn built(route: &impl Route) -> Option<(String, Vec<String>)> {
    let url = route.to_url().ok()?;
    let text = url.as_str();
    let (path, query) = text.split_once('?').unwrap_or((text, ""));
    let mut pairs: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    pairs.sort();
    Some((path.to_owned(), pairs))
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z0-9]{1,6}", "\\.{0,3}", "\\PC{1,8}", "[ -~]{0,8}"]
}

fn values(pairs: &[(&str, Vec<String>)]) -> Values {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn opt<T: ToString>(value: Option<&T>) -> Vec<String> {
    value.map(ToString::to_string).into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn readme_serializes_as_to_url_writes(
        id in any::<u64>(),
        page in proptest::option::of(any::<u32>()),
        tag in prop::collection::vec(text(), 0..3),
        path in prop::collection::vec(text(), 0..3),
    ) {
        let paths = urlkit_openapi::paths::<Readme>().unwrap();
        let cases = [
            (Readme::User { id }, "/users/{id}", values(&[("id", vec![id.to_string()])])),
            (
                Readme::Posts { id, page, tag: tag.clone() },
                "/users/{id}/posts",
                values(&[("id", vec![id.to_string()]), ("page", opt(page.as_ref())), ("tag", tag.clone())]),
            ),
            (
                Readme::File { path: path.clone() },
                if path.is_empty() { "/files" } else { "/files/{path}" },
                values(&[("path", path.clone())]),
            ),
        ];
        for (route, key, values) in cases {
            if let Some(built) = built(&route) {
                prop_assert_eq!(serialize(&paths, key, &values), built, "{:?}", route);
                admitted(&paths, key, &values);
            }
        }
    }

    #[test]
    fn kinds_serialize_as_to_url_writes(
        version in any::<u8>(),
        words in prop::collection::vec(text(), 3),
        page in proptest::option::of(any::<char>()),
        id in any::<i64>(),
        ratio in proptest::option::of(-1e6f64..1e6),
        flag in proptest::option::of(any::<bool>()),
        small in proptest::option::of(any::<i16>()),
        tag in prop::collection::vec(any::<u16>(), 0..3),
        sep in any::<char>(),
        label in prop::collection::vec(text(), 0..3),
        kind in prop::collection::vec(any::<u16>(), 0..3),
        word in prop::collection::vec(text(), 0..3),
        color in prop::collection::btree_map(text(), any::<u8>(), 0..3),
        objects in prop::collection::vec(prop::collection::btree_map(text(), any::<u8>(), 0..3), 4),
        in_path in prop::collection::vec(prop::collection::btree_map(text(), any::<u8>(), 1..3), 6),
    ) {
        let flat = |map: &BTreeMap<String, u8>| -> Vec<String> {
            map.iter().flat_map(|(k, v)| [k.clone(), v.to_string()]).collect()
        };
        let paths = urlkit_openapi::paths::<Kinds>().unwrap();
        let [name, section, query] = [&words[0], &words[1], &words[2]].map(String::clone);
        let cases = [
            (
                Kinds::Status { version, name: name.clone() },
                "/v{version}/status/{name}.json",
                values(&[("version", vec![version.to_string()]), ("name", vec![name.clone()])]),
            ),
            (
                Kinds::Docs { section: section.clone(), page },
                if page.is_some() { "/docs/{section}/{page}" } else { "/docs/{section}" },
                values(&[("section", vec![section.clone()]), ("page", opt(page.as_ref()))]),
            ),
            (
                Kinds::Item { id, sub: name.clone(), ratio, flag, small },
                "/items/{id}/{sub}",
                values(&[
                    ("id", vec![id.to_string()]),
                    ("sub", vec![name.clone()]),
                    ("ratio", opt(ratio.as_ref())),
                    ("flag", opt(flag.as_ref())),
                    ("small", opt(small.as_ref())),
                ]),
            ),
            (
                Kinds::Search { query: query.clone(), tag: tag.iter().copied().map(Fmt).collect() },
                "/search",
                values(&[("q", vec![query.clone()]), ("tag", tag.iter().map(u16::to_string).collect())]),
            ),
            (Kinds::Export { sep }, "/export", values(&[("sep", vec![sep.to_string()])])),
            (
                Kinds::Labels { label: label.clone(), kind: kind.clone(), word: word.clone() },
                "/labels",
                values(&[
                    ("label", label.clone()),
                    ("kind", kind.iter().map(u16::to_string).collect()),
                    ("word", word.clone()),
                ]),
            ),
            (
                Kinds::Lists { tags: label.clone(), ids: kind.clone(), sizes: tag.clone(), names: word.clone() },
                "/lists/{tags}/{ids}/{sizes}/{names}",
                values(&[
                    ("tags", label.clone()),
                    ("ids", kind.iter().map(u16::to_string).collect()),
                    ("sizes", tag.iter().map(u16::to_string).collect()),
                    ("names", word.clone()),
                ]),
            ),
            (
                Kinds::Styled { id: section.clone(), name: name.clone(), format: query.clone() },
                "/styled/{id}/{name}/report{format}",
                values(&[("id", vec![section.clone()]), ("name", vec![name.clone()]), ("format", vec![query.clone()])]),
            ),
            (
                Kinds::Deep { color: color.clone() },
                "/deep",
                values(&[("color", color.iter().flat_map(|(k, v)| [k.clone(), v.to_string()]).collect())]),
            ),
            (
                Kinds::PathObjects {
                    simple: in_path[0].clone(),
                    exploded: in_path[1].clone(),
                    label: in_path[2].clone(),
                    dots: in_path[3].clone(),
                    matrix: in_path[4].clone(),
                    keyed: in_path[5].clone(),
                },
                "/maps/{simple}/{exploded}/{label}/{dots}/{matrix}/{keyed}",
                values(&[
                    ("simple", flat(&in_path[0])),
                    ("exploded", flat(&in_path[1])),
                    ("label", flat(&in_path[2])),
                    ("dots", flat(&in_path[3])),
                    ("matrix", flat(&in_path[4])),
                    ("keyed", flat(&in_path[5])),
                ]),
            ),
            (
                Kinds::Objects {
                    joined: objects[0].clone(),
                    piped: objects[1].clone(),
                    spaced: objects[2].clone(),
                    rest: objects[3].clone(),
                },
                "/objects",
                values(&[
                    ("joined", flat(&objects[0])),
                    ("piped", flat(&objects[1])),
                    ("spaced", flat(&objects[2])),
                    ("rest", flat(&objects[3])),
                ]),
            ),
        ];
        for (route, key, values) in cases {
            if let Some(built) = built(&route) {
                prop_assert_eq!(serialize(&paths, key, &values), built, "{:?}", route);
                admitted(&paths, key, &values);
            }
        }
    }

    #[test]
    fn github_serializes_as_to_url_writes(
        index in 0..GITHUB.len(),
        words in prop::collection::vec(text(), 4),
    ) {
        let paths = urlkit_openapi::paths::<Github130>().unwrap();
        let (fields, build) = GITHUB[index];
        let route = build(&mut words.iter().cloned());
        let values: Values = fields.iter().zip(&words).map(|(f, w)| ((*f).to_owned(), vec![w.clone()])).collect();
        if let Some(built) = built(&route) {
            prop_assert_eq!(serialize(&paths, route.template(), &values), built);
            admitted(&paths, route.template(), &values);
        }
    }
}

/// What the schema of a whole path segment refuses, `to_url` refuses, and the other way round
/// for the values of the strategy above.
#[test]
fn whole_segments_refuse_what_to_url_refuses() {
    let paths = urlkit_openapi::paths::<Github130>().unwrap();
    let schema = &paths["/legacy/user/search/{p1}"]["parameters"][0]["schema"];
    for value in ["", ".", ".."] {
        let route = Github130::LegacyUserSearchOne { p1: value.into() };
        assert!(route.to_url().is_err(), "{value:?}");
        assert!(!jsonschema::is_valid(schema, &json!(value)), "{value:?}");
    }
    for value in ["...", ".a", "a.", " ", "%2E"] {
        let route = Github130::LegacyUserSearchOne { p1: value.into() };
        assert!(route.to_url().is_ok(), "{value:?}");
        assert!(jsonschema::is_valid(schema, &json!(value)), "{value:?}");
    }
}
