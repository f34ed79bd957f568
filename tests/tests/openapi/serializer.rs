//! OpenAPI's parameter serialization, written for these tests from OpenAPI 3.1.1 (§4.8.12.4
//! "Style Values", "Style Examples", Appendix C "Using RFC6570-Based Serialization") and
//! RFC 6570 (§3.2.1 encoding, §3.2.2 simple, §3.2.5 label, §3.2.7 path-style, §3.2.8 form, and
//! Appendix A's expansion algorithm). It reads the document itself (`serde_json::Value`) and
//! shares no code with urlkit: it is the reference `to_url` is compared with.

use std::fmt::Write as _;

use serde_json::{Map, Value};

/// Where a parameter goes (OpenAPI 3.1.1 §4.8.12.2 "Parameter Locations").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Location {
    Path,
    Query,
    /// `header` and `cookie`: not part of the URL.
    Other,
}

/// A Parameter Object with its defaults filled in (§4.8.12.1: `style` is `form` for a query,
/// `simple` for a path; `explode` is true for `form` and false otherwise).
#[derive(Clone, Debug)]
pub(crate) struct Parameter {
    pub(crate) name: String,
    pub(crate) location: Location,
    pub(crate) required: bool,
    pub(crate) style: String,
    pub(crate) explode: bool,
    pub(crate) allow_reserved: bool,
    /// The schema, every `$ref` in it to `#/components/...` resolved.
    pub(crate) schema: Value,
}

/// One operation of the document: its path template, method, `operationId` and parameters
/// (the Path Item's, overridden by the operation's of the same name and location).
#[derive(Clone, Debug)]
pub(crate) struct Operation {
    pub(crate) path: String,
    pub(crate) method: String,
    pub(crate) id: String,
    pub(crate) parameters: Vec<Parameter>,
}

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Follows `$ref`s to `#/...` JSON pointers of the same document until a value has none.
fn resolve<'a>(root: &'a Value, mut value: &'a Value) -> &'a Value {
    while let Some(reference) = value.get("$ref").and_then(Value::as_str) {
        let pointer = reference
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("only local references are read: {reference}"));
        value = root
            .pointer(pointer)
            .unwrap_or_else(|| panic!("dangling reference {reference}"));
    }
    value
}

/// `value` with every `$ref` inside it replaced by what it points at.
fn resolve_deep(root: &Value, value: &Value) -> Value {
    match resolve(root, value) {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), resolve_deep(root, v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| resolve_deep(root, v)).collect()),
        other => other.clone(),
    }
}

fn parameter(root: &Value, object: &Value) -> Parameter {
    let object = resolve(root, object);
    let location = match object["in"].as_str() {
        Some("path") => Location::Path,
        Some("query") => Location::Query,
        _ => Location::Other,
    };
    let style = object["style"].as_str().map_or_else(
        || {
            if location == Location::Path {
                "simple"
            } else {
                "form"
            }
            .to_owned()
        },
        str::to_owned,
    );
    let explode = object["explode"].as_bool().unwrap_or(style == "form");
    Parameter {
        name: object["name"]
            .as_str()
            .expect("a parameter has a name")
            .to_owned(),
        location,
        required: object["required"].as_bool().unwrap_or(false),
        explode,
        style,
        allow_reserved: object["allowReserved"].as_bool().unwrap_or(false),
        schema: resolve_deep(root, &object["schema"]),
    }
}

/// The operations of `document`, in document order.
pub(crate) fn operations(document: &Value) -> Vec<Operation> {
    let mut out = Vec::new();
    for (path, item) in document["paths"].as_object().expect("`paths`") {
        let item = resolve(document, item);
        let shared: Vec<Parameter> = item["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| parameter(document, p))
            .collect();
        for (method, operation) in item.as_object().expect("a Path Item") {
            if !METHODS.contains(&method.as_str()) {
                continue;
            }
            let own: Vec<Parameter> = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| parameter(document, p))
                .collect();
            // §4.8.10.1: an operation's parameter overrides the Path Item's of the same name
            // and location.
            let mut parameters: Vec<Parameter> = shared
                .iter()
                .filter(|s| {
                    !own.iter()
                        .any(|o| o.name == s.name && o.location == s.location)
                })
                .cloned()
                .collect();
            parameters.extend(own);
            out.push(Operation {
                path: path.clone(),
                method: method.clone(),
                id: operation["operationId"]
                    .as_str()
                    .expect("every operation has an operationId")
                    .to_owned(),
                parameters,
            });
        }
    }
    out
}

/// RFC 3986 §2.3.
fn unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~".contains(c)
}

/// RFC 3986 §2.2.
fn reserved(c: char) -> bool {
    ":/?#[]@!$&'()*+,;=".contains(c)
}

/// RFC 6570 §3.2.1: a value's characters outside the allowed set are written as the
/// percent-encoded octets of their UTF-8. The allowed set is the unreserved characters, and
/// with `allowReserved` (§4.8.12.1, the `+` operator of RFC 6570 §3.2.3) also the reserved
/// ones and percent-triplets as they stand.
pub(crate) fn encode(text: &str, allow_reserved: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    for (i, c) in text.char_indices() {
        let triplet = c == '%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
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

/// The text of a primitive value. OpenAPI leaves the text of a number to the
/// implementation; this one writes integers in decimal and other numbers as Rust's `{}`
/// does (the shortest text that reads back as the same `f64`).
pub(crate) fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (None, Some(u), _) => u.to_string(),
            (None, None, Some(f)) => format!("{f}"),
            _ => unreachable!("a JSON number is one of the three"),
        },
        other => panic!("not a primitive: {other}"),
    }
}

/// What a serialization refuses, where the specification leaves the result undefined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Undefined {
    /// A combination the Style Examples table marks _n/a_ (or a style the location lacks).
    Style { name: String, style: String },
}

/// One parameter's serialization, for a defined value: for a path parameter the text that
/// replaces `{name}`; for a query parameter the `name=value` pairs, not yet joined.
fn expand(p: &Parameter, value: &Value) -> Result<Vec<String>, Undefined> {
    let undefined_style = || Undefined::Style {
        name: p.name.clone(),
        style: format!("{} explode={}", p.style, p.explode),
    };
    let enc = |t: &str| encode(t, p.allow_reserved);
    let name = encode(&p.name, false);
    let items: Option<Vec<String>> = match value {
        Value::Array(items) => Some(items.iter().map(text).collect()),
        Value::Object(entries) => return expand_object(p, entries),
        _ => None,
    };
    let out = match (p.location, p.style.as_str(), items) {
        // RFC 6570 §3.2.2 (no operator): the value, or the items joined by `,` with or
        // without `explode`.
        (Location::Path, "simple", None) => vec![enc(&text(value))],
        (Location::Path, "simple", Some(items)) => {
            vec![items.iter().map(|i| enc(i)).collect::<Vec<_>>().join(",")]
        }
        // §3.2.5 (`.`): `.` before the value; an empty list is undefined and writes
        // nothing. 3.1.1's table: `.blue,black,brown` without `explode`, `.blue.black.brown`
        // with it.
        (Location::Path, "label", None) => vec![format!(".{}", enc(&text(value)))],
        (Location::Path, "label", Some(items)) if items.is_empty() => vec![String::new()],
        (Location::Path, "label", Some(items)) => {
            let sep = if p.explode { "." } else { "," };
            vec![format!(
                ".{}",
                items.iter().map(|i| enc(i)).collect::<Vec<_>>().join(sep)
            )]
        }
        // §3.2.7 (`;`): `;name=value`, or `;name` alone for an empty string (its `ifemp`);
        // exploded, one `;name=item` per item; not exploded, `;name=` and the items joined by
        // `,` (Appendix A writes `=` there whatever the items).
        (Location::Path, "matrix", None) => {
            let t = text(value);
            vec![if t.is_empty() {
                format!(";{name}")
            } else {
                format!(";{name}={}", enc(&t))
            }]
        }
        (Location::Path, "matrix", Some(items)) if items.is_empty() => vec![String::new()],
        (Location::Path, "matrix", Some(items)) if p.explode => vec![
            items
                .iter()
                .map(|i| {
                    if i.is_empty() {
                        format!(";{name}")
                    } else {
                        format!(";{name}={}", enc(i))
                    }
                })
                .collect(),
        ],
        (Location::Path, "matrix", Some(items)) => vec![format!(
            ";{name}={}",
            items.iter().map(|i| enc(i)).collect::<Vec<_>>().join(",")
        )],
        // §3.2.8 (`?`, `&`): `name=value` (`name=` for an empty string: `ifemp` is `=`);
        // exploded, one pair per item; not exploded, one pair with the items joined by `,`.
        // An empty list is undefined: no pair.
        (Location::Query, "form", None) => vec![format!("{name}={}", enc(&text(value)))],
        (Location::Query, "form", Some(items)) if items.is_empty() => vec![],
        (Location::Query, "form", Some(items)) if p.explode => {
            items.iter().map(|i| format!("{name}={}", enc(i))).collect()
        }
        (Location::Query, "form", Some(items)) => vec![format!(
            "{name}={}",
            items.iter().map(|i| enc(i)).collect::<Vec<_>>().join(",")
        )],
        // Not RFC 6570 (Appendix C): the Style Examples table writes the items joined by a
        // percent-encoded space (`%20`) or pipe (`%7C`), for arrays and without `explode`.
        (Location::Query, "spaceDelimited" | "pipeDelimited", Some(items)) if !p.explode => {
            if items.is_empty() {
                vec![]
            } else {
                let sep = if p.style == "spaceDelimited" {
                    "%20"
                } else {
                    "%7C"
                };
                vec![format!(
                    "{name}={}",
                    items.iter().map(|i| enc(i)).collect::<Vec<_>>().join(sep)
                )]
            }
        }
        _ => return Err(undefined_style()),
    };
    Ok(out)
}

/// [`expand`] for an object, the table's last column: RFC 6570 §3.2.1 writes an associative
/// array as its keys and values in turn, joined by `,` (or the style's delimiter), or with
/// `explode` as `key=value` pairs, separated as the operator separates list items; a named
/// operator (`;`, `?`) names the whole value without `explode` and each pair by its key with
/// it. `deepObject` (not RFC 6570) names each pair `name[key]`. An empty object is undefined.
fn expand_object(p: &Parameter, entries: &Map<String, Value>) -> Result<Vec<String>, Undefined> {
    let enc = |t: &str| encode(t, p.allow_reserved);
    let name = encode(&p.name, false);
    let pairs: Vec<(String, String)> = entries
        .iter()
        .map(|(k, v)| (enc(k), enc(&text(v))))
        .collect();
    let joined = |sep: &str| {
        let items: Vec<String> = pairs
            .iter()
            .flat_map(|(k, v)| [k.clone(), v.clone()])
            .collect();
        items.join(sep)
    };
    let each = |sep: &str| {
        let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        items.join(sep)
    };
    if pairs.is_empty() {
        return Ok(match p.location {
            Location::Path => vec![String::new()],
            _ => vec![],
        });
    }
    let out = match (p.location, p.style.as_str(), p.explode) {
        (Location::Path, "simple", false) => vec![joined(",")],
        (Location::Path, "simple", true) => vec![each(",")],
        (Location::Path, "label", false) => vec![format!(".{}", joined(","))],
        (Location::Path, "label", true) => vec![format!(".{}", each("."))],
        (Location::Path, "matrix", false) => vec![format!(";{name}={}", joined(","))],
        // `;key` alone for an empty value (the `;` operator's `ifemp`).
        (Location::Path, "matrix", true) => vec![
            pairs
                .iter()
                .map(|(k, v)| {
                    if v.is_empty() {
                        format!(";{k}")
                    } else {
                        format!(";{k}={v}")
                    }
                })
                .collect(),
        ],
        (Location::Query, "form", false) => vec![format!("{name}={}", joined(","))],
        (Location::Query, "form", true) => pairs.iter().map(|(k, v)| format!("{k}={v}")).collect(),
        (Location::Query, "spaceDelimited", false) => vec![format!("{name}={}", joined("%20"))],
        (Location::Query, "pipeDelimited", false) => vec![format!("{name}={}", joined("%7C"))],
        (Location::Query, "deepObject", true) => pairs
            .iter()
            .map(|(k, v)| format!("{name}%5B{k}%5D={v}"))
            .collect(),
        _ => {
            return Err(Undefined::Style {
                name: p.name.clone(),
                style: format!("{} explode={}", p.style, p.explode),
            });
        }
    };
    Ok(out)
}

/// The path and query OpenAPI says `operation` is called with for `values` (parameter name →
/// JSON value; an absent name, or `null`, is undefined): each `{name}` of the path replaced
/// by its parameter's serialization, then `?` and the query parameters' pairs in the order
/// the document lists them, joined by `&` (Appendix C: several `form` parameters are one
/// RFC 6570 `{?a,b}`, not `{?a}{&b}`).
pub(crate) fn serialize(
    operation: &Operation,
    values: &Map<String, Value>,
) -> Result<String, Undefined> {
    let mut path = operation.path.clone();
    let mut pairs: Vec<String> = Vec::new();
    for p in &operation.parameters {
        let value = values.get(&p.name).filter(|v| !v.is_null());
        match (p.location, value) {
            (Location::Path, Some(value)) => {
                let [text] = &expand(p, value)?[..] else {
                    unreachable!("a path parameter is one piece of text")
                };
                path = path.replace(&format!("{{{}}}", p.name), text);
            }
            (Location::Path, None) => panic!("path parameter `{}` has no value", p.name),
            (Location::Query, Some(value)) => pairs.extend(expand(p, value)?),
            (Location::Query, None) | (Location::Other, _) => {}
        }
    }
    if !pairs.is_empty() {
        path.push('?');
        path.push_str(&pairs.join("&"));
    }
    Ok(path)
}

/// The Style Examples table of OpenAPI 3.1.1 §4.8.12.4, read by this serializer: each row's
/// `string` and `array` columns for `color`, and the `undefined` column's text, which is
/// RFC 6570's for the empty string (an undefined value writes nothing, §2.3).
#[test]
fn the_style_examples_table() {
    let rows: [(&str, bool, &str, &str, &str, &str); 10] = [
        (
            "matrix",
            false,
            ";color",
            ";color=blue",
            ";color=blue,black,brown",
            ";color=R,100,G,200,B,150",
        ),
        (
            "matrix",
            true,
            ";color",
            ";color=blue",
            ";color=blue;color=black;color=brown",
            ";R=100;G=200;B=150",
        ),
        (
            "label",
            false,
            ".",
            ".blue",
            ".blue,black,brown",
            ".R,100,G,200,B,150",
        ),
        (
            "label",
            true,
            ".",
            ".blue",
            ".blue.black.brown",
            ".R=100.G=200.B=150",
        ),
        (
            "simple",
            false,
            "",
            "blue",
            "blue,black,brown",
            "R,100,G,200,B,150",
        ),
        (
            "simple",
            true,
            "",
            "blue",
            "blue,black,brown",
            "R=100,G=200,B=150",
        ),
        (
            "form",
            false,
            "?color=",
            "?color=blue",
            "?color=blue,black,brown",
            "?color=R,100,G,200,B,150",
        ),
        (
            "form",
            true,
            "?color=",
            "?color=blue",
            "?color=blue&color=black&color=brown",
            "?R=100&G=200&B=150",
        ),
        (
            "spaceDelimited",
            false,
            "",
            "",
            "?color=blue%20black%20brown",
            "?color=R%20100%20G%20200%20B%20150",
        ),
        (
            "pipeDelimited",
            false,
            "",
            "",
            "?color=blue%7Cblack%7Cbrown",
            "?color=R%7C100%7CG%7C200%7CB%7C150",
        ),
    ];
    for (style, explode, empty, string, array, object) in rows {
        let location = if matches!(style, "matrix" | "label" | "simple") {
            Location::Path
        } else {
            Location::Query
        };
        let operation = |kind: &str| Operation {
            path: if location == Location::Path {
                "{color}"
            } else {
                ""
            }
            .to_owned(),
            method: "get".to_owned(),
            id: kind.to_owned(),
            parameters: vec![Parameter {
                name: "color".to_owned(),
                location,
                required: true,
                style: style.to_owned(),
                explode,
                allow_reserved: false,
                schema: Value::Null,
            }],
        };
        let one = |v: Value| {
            let mut values = Map::new();
            values.insert("color".to_owned(), v);
            serialize(&operation("row"), &values)
        };
        let array_value = serde_json::json!(["blue", "black", "brown"]);
        assert_eq!(one(array_value).unwrap(), array, "{style} {explode}");
        let object_value = serde_json::json!({ "R": 100, "G": 200, "B": 150 });
        assert_eq!(one(object_value).unwrap(), object, "{style} {explode}");
        if string.is_empty() {
            // _n/a_ in the table.
            assert!(one(Value::from("blue")).is_err(), "{style} {explode}");
        } else {
            assert_eq!(
                one(Value::from("blue")).unwrap(),
                string,
                "{style} {explode}"
            );
            assert_eq!(one(Value::from("")).unwrap(), empty, "{style} {explode}");
        }
    }
    // The rows the table marks _n/a_ throughout.
    for (style, explode) in [
        ("spaceDelimited", true),
        ("pipeDelimited", true),
        ("deepObject", true),
    ] {
        let operation = Operation {
            path: String::new(),
            method: "get".to_owned(),
            id: "row".to_owned(),
            parameters: vec![Parameter {
                name: "color".to_owned(),
                location: Location::Query,
                required: true,
                style: style.to_owned(),
                explode,
                allow_reserved: false,
                schema: Value::Null,
            }],
        };
        let mut values = Map::new();
        values.insert("color".to_owned(), serde_json::json!(["blue"]));
        assert!(serialize(&operation, &values).is_err(), "{style}");
        // But `deepObject`'s object cell.
        let object = serde_json::json!({ "R": 100, "G": 200, "B": 150 });
        values.insert("color".to_owned(), object);
        let written = serialize(&operation, &values);
        if style == "deepObject" {
            assert_eq!(
                written.unwrap(),
                "?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"
            );
        } else {
            assert!(written.is_err(), "{style}");
        }
    }
}

/// RFC 6570 §3.2.1's encoding, and §3.2.3's with `allowReserved`, on the characters that
/// differ.
#[test]
fn encoding() {
    assert_eq!(
        encode("a b/c?d#e%f+g,h;i=j&k", false),
        "a%20b%2Fc%3Fd%23e%25f%2Bg%2Ch%3Bi%3Dj%26k"
    );
    assert_eq!(encode("é😀~-._", false), "%C3%A9%F0%9F%98%80~-._");
    assert_eq!(encode("a/b?c%2Fd%zz", true), "a/b?c%2Fd%25zz");
}
