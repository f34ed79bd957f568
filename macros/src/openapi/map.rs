//! Mapping the document: each operation becomes a route, the inverse of what urlkit-openapi
//! writes from a route enum. Problems are reported with the JSON pointer (RFC 6901) of the
//! value at fault, and mapping goes on, so that one compile shows all of them.

use core::fmt::Write as _;
use urlkit_syntax::chars;

use serde_json::{Map, Value};

use super::enums::Enums;

/// The methods of a path item, in the order OpenAPI lists them (3.1 §4.8.9).
pub(super) const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Where a problem is: the JSON pointer of the value, and the message.
pub(super) type Report<'a> = dyn FnMut(&str, String) + 'a;

pub(super) struct Route {
    pub(super) operation_id: String,
    pub(super) variant: String,
    pub(super) method: &'static str,
    /// The `summary`, or the method, path and `operationId`.
    pub(super) summary: String,
    pub(super) template: String,
    pub(super) fields: Vec<Field>,
}

pub(super) struct Field {
    /// The field's name without `r#`; `emit` makes it raw where it is a keyword.
    pub(super) name: String,
    pub(super) ty: Ty,
    /// `spaceDelimited` or `pipeDelimited`.
    pub(super) style: Option<&'static str>,
    /// An optional query parameter with `allowEmptyValue: true` (OpenAPI 3.1 §4.8.12.1):
    /// `name=` is the empty value, not an absent one, so the field keeps it
    /// (`#[route(keep_empty)]`). Without it an empty value is not a value the API accepts,
    /// which is how the derive reads it: `None`.
    pub(super) keep_empty: bool,
    /// The parameter's `description`, or which parameter it is: every generated item has a
    /// doc comment, so that a crate with `missing_docs` accepts the enum.
    pub(super) doc: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Scalar {
    I32,
    I64,
    F64,
    Bool,
    String,
    /// A string enum: the index of its type in `Enums`.
    Enum(usize),
}

pub(super) enum Ty {
    One(Scalar),
    Option(Scalar),
    Vec(Scalar),
    /// An object in the query (`style: deepObject`, `form` either way, `spaceDelimited` or
    /// `pipeDelimited`): `BTreeMap<String, T>`, empty when absent.
    Map(Scalar),
}

/// A parameter's schema type: a scalar, an array of them, or an object whose values are
/// all of one scalar type.
#[derive(Clone, Copy)]
enum Kind {
    Scalar(Scalar),
    Array(Scalar),
    Object(Scalar),
}

/// A path or query parameter, resolved.
struct Parameter<'a> {
    pointer: String,
    name: &'a str,
    location: &'a str,
    value: &'a Map<String, Value>,
}

pub(super) fn routes(document: &Value, enums: &mut Enums, report: &mut Report<'_>) -> Vec<Route> {
    let mut routes = Vec::new();
    match document.get("openapi").and_then(Value::as_str) {
        Some(version) if version.starts_with("3.0.") || version.starts_with("3.1.") => {}
        Some(_) => report(
            "/openapi",
            "unsupported OpenAPI version; `openapi!` reads OpenAPI 3.0 and 3.1 documents"
                .to_owned(),
        ),
        None => report(
            "",
            "no `openapi` version field; `openapi!` reads OpenAPI 3.0 and 3.1 documents".to_owned(),
        ),
    }
    let Some(paths) = document.get("paths").and_then(Value::as_object) else {
        report(
            "/paths",
            "no `paths` object; the routes are the document's operations".to_owned(),
        );
        return routes;
    };
    // Each variant name so far, with the `operationId` it came from.
    let mut names: Vec<(String, String)> = Vec::new();
    for (path, item) in paths {
        let item_pointer = format!("/paths/{}", escape(path));
        let Some(item) = item.as_object() else {
            report(&item_pointer, "a path item must be an object".to_owned());
            continue;
        };
        if item.contains_key("$ref") {
            report(
                &format!("{item_pointer}/$ref"),
                "a path item given by `$ref` is not supported; write the operations in place"
                    .to_owned(),
            );
            continue;
        }
        let shared = parameters(document, item, &item_pointer, report);
        for method in METHODS {
            let Some(operation) = item.get(method) else {
                continue;
            };
            let pointer = format!("{item_pointer}/{method}");
            let Some(operation) = operation.as_object() else {
                report(&pointer, "an operation must be an object".to_owned());
                continue;
            };
            if let Some(route) = route(
                document, path, method, operation, &pointer, &shared, &mut names, enums, report,
            ) {
                routes.push(route);
            }
        }
    }
    routes
}

#[allow(clippy::too_many_arguments)]
fn route(
    document: &Value,
    path: &str,
    method: &'static str,
    operation: &Map<String, Value>,
    pointer: &str,
    shared: &[Parameter<'_>],
    names: &mut Vec<(String, String)>,
    enums: &mut Enums,
    report: &mut Report<'_>,
) -> Option<Route> {
    let operation_id = match operation.get("operationId") {
        Some(Value::String(id)) => Some(id.clone()),
        Some(_) => {
            report(
                &format!("{pointer}/operationId"),
                "`operationId` must be a string".to_owned(),
            );
            None
        }
        None => {
            report(
                pointer,
                "operation has no `operationId`; add one, it names the variant".to_owned(),
            );
            None
        }
    };
    let variant = operation_id.as_deref().and_then(|id| {
        let name = upper_camel(id);
        if let Some((_, first)) = names.iter().find(|(known, _)| *known == name) {
            report(
                &format!("{pointer}/operationId"),
                format!(
                    "`operationId` `{id}` makes the variant `{name}`, as `{first}` does; rename one of them"
                ),
            );
            None
        } else if is_identifier(&name) {
            names.push((name.clone(), id.to_owned()));
            Some(name)
        } else {
            report(
                &format!("{pointer}/operationId"),
                format!("`operationId` `{id}` does not make a Rust identifier; rename it"),
            );
            None
        }
    });
    let own = parameters(document, operation, pointer, report);
    // Operation-level parameters override path-item-level ones of the same name and location
    // (OpenAPI 3.1 §4.8.10.1); the rest keep their order, the path item's first.
    let mut merged: Vec<&Parameter<'_>> = shared
        .iter()
        .filter(|outer| {
            !own.iter()
                .any(|inner| inner.name == outer.name && inner.location == outer.location)
        })
        .collect();
    merged.extend(own.iter());

    let declared_path: Vec<&str> = merged
        .iter()
        .filter(|parameter| parameter.location == "path")
        .map(|parameter| parameter.name)
        .collect();
    let mut fields = Vec::new();
    let mut path_template = path.to_owned();
    let mut pairs = Vec::new();
    let mut expressions = Vec::new();
    let mut ok = true;
    // The query parameter that is an exploded object, if one is: a route holds one.
    let mut exploded_object: Option<&str> = None;
    for parameter in merged {
        let location = parameter.location;
        if location != "path" && location != "query" {
            continue;
        }
        let Some(field) = field_name(parameter.name) else {
            report(
                &format!("{}/name", parameter.pointer),
                format!(
                    "parameter `{}` does not make a Rust field name; rename it",
                    parameter.name
                ),
            );
            ok = false;
            continue;
        };
        if fields.iter().any(|known: &Field| known.name == field) {
            report(
                &format!("{}/name", parameter.pointer),
                format!(
                    "two parameters become the field `{field}`; rename `{}`",
                    parameter.name
                ),
            );
            ok = false;
            continue;
        }
        let style = parameter.value.get("style").and_then(Value::as_str);
        let explode = parameter.value.get("explode").and_then(Value::as_bool);
        if parameter.value.get("allowReserved") == Some(&Value::Bool(true)) {
            report(
                &format!("{}/allowReserved", parameter.pointer),
                format!(
                    "`allowReserved: true` on parameter `{}` is not supported; a route encodes reserved characters so that it can read the value back",
                    parameter.name
                ),
            );
            ok = false;
        }
        if location == "path" {
            // OpenAPI's path styles are RFC 6570's operators (3.1.1 Appendix C): `simple` is
            // `{x}`, `label` `{.x}`, `matrix` `{;x}`; `explode` is `*`, for an array.
            let operator = match style.unwrap_or("simple") {
                "simple" => "",
                "label" => ".",
                "matrix" => ";",
                other => {
                    report(
                        &format!("{}/style", parameter.pointer),
                        format!(
                            "style `{other}` of path parameter `{}` is not supported; use `simple`, `label` or `matrix`",
                            parameter.name
                        ),
                    );
                    ok = false;
                    ""
                }
            };
            let Some(kind) = kind(document, parameter, report) else {
                ok = false;
                continue;
            };
            let kind = string_enum(document, parameter, kind, variant.as_deref(), enums, report);
            // `explode` defaults to false for every path style (OpenAPI 3.1.1 §4.8.12.4).
            let star = if explode == Some(true) { "*" } else { "" };
            let (ty, star) = match kind {
                Kind::Scalar(scalar) => (Ty::One(scalar), ""),
                Kind::Array(scalar) => (Ty::Vec(scalar), star),
                Kind::Object(scalar) => (Ty::Map(scalar), star),
            };
            // An exploded object's keys name its items (`;R=100;G=200`), not the parameter.
            let written_name = !(star == "*" && matches!(ty, Ty::Map(_)));
            if operator == ";" && written_name && field != parameter.name {
                // `{;x}` writes the variable's name, which is the field's.
                report(
                    &format!("{}/name", parameter.pointer),
                    format!(
                        "matrix path parameter `{}` would be written `;{field}=`, the name of its Rust field; rename the parameter `{field}`",
                        parameter.name
                    ),
                );
                ok = false;
                continue;
            }
            let placeholder = format!("{{{}}}", parameter.name);
            if path_template.contains(&placeholder) {
                path_template =
                    path_template.replace(&placeholder, &format!("{{{operator}{field}{star}}}"));
            } else {
                report(
                    &format!("{}/name", parameter.pointer),
                    format!(
                        "path parameter `{}` is not in the path; remove it or add `{placeholder}` to the path",
                        parameter.name
                    ),
                );
                ok = false;
                continue;
            }
            fields.push(Field {
                name: field,
                ty,
                style: None,
                keep_empty: false,
                doc: parameter_doc(parameter),
            });
            continue;
        }
        let required = parameter.value.get("required") == Some(&Value::Bool(true));
        let style = match style.unwrap_or("form") {
            "form" => None,
            "spaceDelimited" => Some("spaceDelimited"),
            "pipeDelimited" => Some("pipeDelimited"),
            "deepObject" => Some("deepObject"),
            other => {
                report(
                    &format!("{}/style", parameter.pointer),
                    format!(
                        "style `{other}` of query parameter `{}` is not supported; use `form`, `spaceDelimited`, `pipeDelimited` or `deepObject`",
                        parameter.name
                    ),
                );
                ok = false;
                None
            }
        };
        let Some(kind) = kind(document, parameter, report) else {
            ok = false;
            continue;
        };
        let kind = string_enum(document, parameter, kind, variant.as_deref(), enums, report);
        // `form` explodes by default, the other styles do not (OpenAPI 3.1 §4.8.12.1).
        let explode = explode.unwrap_or(style.is_none());
        let deep = style == Some("deepObject");
        if deep && !matches!(kind, Kind::Object(_)) {
            // OpenAPI 3.1 §4.8.12.4 defines `deepObject` for objects only.
            report(
                &format!("{}/style", parameter.pointer),
                format!(
                    "style `deepObject` on query parameter `{}`, which is not an object; give it an object schema or another style",
                    parameter.name
                ),
            );
            ok = false;
            continue;
        }
        let (ty, exploded, style) = match kind {
            Kind::Scalar(scalar) if required => (Ty::One(scalar), false, None),
            Kind::Scalar(scalar) => (Ty::Option(scalar), false, None),
            // An exploded list is `name=a&name=b` whatever the style.
            Kind::Array(scalar) if explode => (Ty::Vec(scalar), true, None),
            Kind::Array(scalar) => (Ty::Vec(scalar), false, style),
            // An exploded object's entries are the query's own pairs, `R=100&G=200`, whatever
            // the style, as an exploded list's items are (`deepObject` names them itself).
            Kind::Object(scalar) if explode && !deep => (Ty::Map(scalar), true, None),
            Kind::Object(scalar) => (Ty::Map(scalar), false, style),
        };
        // The pairs of an exploded object are named by its keys, never by the parameter.
        let entries = matches!(ty, Ty::Map(_)) && exploded;
        if entries {
            if let Some(first) = exploded_object {
                // The route would take every pair nothing else names for each of them.
                report(
                    parameter.pointer.as_str(),
                    format!(
                        "query parameters `{first}` and `{}` are both exploded objects, whose pairs are named by their keys alone, so a route cannot tell them apart; set `explode: false` on one",
                        parameter.name
                    ),
                );
                ok = false;
                continue;
            }
            exploded_object = Some(parameter.name);
        }
        if entries || (is_varname(parameter.name) && parameter.name == field) {
            expressions.push(if exploded {
                format!("{field}*")
            } else {
                field.clone()
            });
        } else if (matches!(ty, Ty::Vec(_)) && !exploded) || (matches!(ty, Ty::Map(_)) && !deep) {
            let what = if matches!(ty, Ty::Vec(_)) {
                "a list"
            } else {
                "an object"
            };
            report(
                &format!("{}/name", parameter.pointer),
                format!(
                    "query parameter `{}` joins {what} in one value, which needs a name that is also a Rust field name (letters, digits and `_`); set `explode: true` or rename it",
                    parameter.name
                ),
            );
            ok = false;
            continue;
        } else if deep {
            report(
                &format!("{}/name", parameter.pointer),
                format!(
                    "query parameter `{}` is a `deepObject`, which needs a name that is also a Rust field name (letters, digits and `_`); rename it",
                    parameter.name
                ),
            );
            ok = false;
            continue;
        } else {
            pairs.push(format!("{}={{{field}}}", encode_key(parameter.name)));
        }
        let keep_empty = matches!(ty, Ty::Option(_))
            && parameter.value.get("allowEmptyValue") == Some(&Value::Bool(true));
        fields.push(Field {
            name: field,
            ty,
            style,
            keep_empty,
            doc: parameter_doc(parameter),
        });
    }
    // Placeholders the path names but no parameter declares (a declared one that was wrong
    // is reported already).
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let name = &rest[open + 1..open + close];
        if !declared_path.contains(&name) {
            report(
                pointer,
                format!(
                    "the path names `{{{name}}}` but the operation declares no path parameter `{name}`; add it to `parameters`"
                ),
            );
            ok = false;
        }
        rest = &rest[open + close + 1..];
    }
    let mut template = path_template;
    if !pairs.is_empty() {
        template.push('?');
        template.push_str(&pairs.join("&"));
    }
    if !expressions.is_empty() {
        template.push_str(if pairs.is_empty() { "{?" } else { "{&" });
        template.push_str(&expressions.join(","));
        template.push('}');
    }
    let summary = operation
        .get("summary")
        .and_then(Value::as_str)
        .map_or_else(
            || {
                format!(
                    "`{} {path}`, the operation `{}`.",
                    method.to_ascii_uppercase(),
                    operation_id.as_deref().unwrap_or_default()
                )
            },
            str::to_owned,
        );
    Some(Route {
        operation_id: operation_id?,
        variant: variant?,
        method,
        summary,
        template,
        fields,
    })
    .filter(|_| ok)
}

/// A `string` parameter (or list of them) whose schema lists its values: the enum `enums`
/// writes for it.
fn string_enum(
    document: &Value,
    parameter: &Parameter<'_>,
    kind: Kind,
    variant: Option<&str>,
    enums: &mut Enums,
    report: &mut Report<'_>,
) -> Kind {
    let mut string = |items: bool| {
        enums.string(
            document,
            parameter.value,
            items,
            &parameter.pointer,
            parameter.name,
            variant,
            report,
        )
    };
    match kind {
        Kind::Scalar(Scalar::String) => Kind::Scalar(string(false)),
        Kind::Array(Scalar::String) => Kind::Array(string(true)),
        other => other,
    }
}

fn parameter_doc(parameter: &Parameter<'_>) -> String {
    parameter
        .value
        .get("description")
        .and_then(Value::as_str)
        .map_or_else(
            || format!("The {} parameter `{}`.", parameter.location, parameter.name),
            str::to_owned,
        )
}

/// The parameters of a path item or an operation, `$ref`s resolved.
fn parameters<'a>(
    document: &'a Value,
    owner: &'a Map<String, Value>,
    pointer: &str,
    report: &mut Report<'_>,
) -> Vec<Parameter<'a>> {
    let mut out = Vec::new();
    let Some(list) = owner.get("parameters") else {
        return out;
    };
    let Some(list) = list.as_array() else {
        report(
            &format!("{pointer}/parameters"),
            "`parameters` must be an array".to_owned(),
        );
        return out;
    };
    for (index, parameter) in list.iter().enumerate() {
        let pointer = format!("{pointer}/parameters/{index}");
        let Some(value) = resolve(document, parameter, &pointer, report) else {
            continue;
        };
        let Some(value) = value.as_object() else {
            report(&pointer, "a parameter must be an object".to_owned());
            continue;
        };
        let (Some(name), Some(location)) = (
            value.get("name").and_then(Value::as_str),
            value.get("in").and_then(Value::as_str),
        ) else {
            report(
                &pointer,
                "a parameter needs a string `name` and `in`".to_owned(),
            );
            continue;
        };
        out.push(Parameter {
            pointer,
            name,
            location,
            value,
        });
    }
    out
}

/// Follows local `$ref`s (`#/components/...`) to the value they name.
fn resolve<'a>(
    document: &'a Value,
    mut value: &'a Value,
    pointer: &str,
    report: &mut Report<'_>,
) -> Option<&'a Value> {
    // A chain longer than this is a cycle.
    for _ in 0..32 {
        let Some(reference) = value.get("$ref") else {
            return Some(value);
        };
        let Some(target) = reference.as_str().and_then(|r| r.strip_prefix('#')) else {
            report(
                &format!("{pointer}/$ref"),
                "only local references (`#/...`) are supported; inline the referenced value"
                    .to_owned(),
            );
            return None;
        };
        let Some(next) = document.pointer(target) else {
            report(
                &format!("{pointer}/$ref"),
                format!("`$ref` names `#{target}`, which the document does not have"),
            );
            return None;
        };
        value = next;
    }
    report(
        &format!("{pointer}/$ref"),
        "`$ref` refers back to itself".to_owned(),
    );
    None
}

/// The type of a parameter's schema, or a report of why it has none.
fn kind(document: &Value, parameter: &Parameter<'_>, report: &mut Report<'_>) -> Option<Kind> {
    let pointer = format!("{}/schema", parameter.pointer);
    if parameter.value.contains_key("content") {
        report(
            &format!("{}/content", parameter.pointer),
            format!(
                "parameter `{}` is described by `content`, which is not supported; give it a `schema`",
                parameter.name
            ),
        );
        return None;
    }
    // Without a schema the value is text.
    let Some(schema) = parameter.value.get("schema") else {
        return Some(Kind::Scalar(Scalar::String));
    };
    let schema = resolve(document, schema, &pointer, report)?;
    match scalar(schema) {
        Ok(scalar) => Some(Kind::Scalar(scalar)),
        Err(found) if found == "type `object`" => {
            object_values(document, schema, &pointer, parameter.name, report).map(Kind::Object)
        }
        Err(found) if found == "type `array`" => {
            let items_pointer = format!("{pointer}/items");
            let items = schema.get("items").map_or(Some(&Value::Null), |items| {
                resolve(document, items, &items_pointer, report)
            })?;
            match scalar(items) {
                Ok(scalar) => Some(Kind::Array(scalar)),
                Err(found) => {
                    report(
                        &items_pointer,
                        format!(
                            "the items of parameter `{}` have {found}, which is not supported; a list's items are integers, numbers, booleans or strings",
                            parameter.name
                        ),
                    );
                    None
                }
            }
        }
        Err(found) => {
            report(
                &pointer,
                format!(
                    "the schema of parameter `{}` has {found}, which is not supported; a route's parameter is an integer, a number, a boolean, a string or an array of them",
                    parameter.name
                ),
            );
            None
        }
    }
}

/// The type of an object's values: the one scalar type its `properties` and
/// `additionalProperties` share, else `String`, which holds any of them as written (an
/// object's value is text in the URL in every style); `String` too when the schema names
/// none.
fn object_values(
    document: &Value,
    schema: &Value,
    pointer: &str,
    name: &str,
    report: &mut Report<'_>,
) -> Option<Scalar> {
    let mut found: Vec<Scalar> = Vec::new();
    let mut ok = true;
    let mut take = |value: &Value, at: String, report: &mut Report<'_>| {
        let Some(value) = resolve(document, value, &at, report) else {
            ok = false;
            return;
        };
        match scalar(value) {
            Ok(scalar) => found.push(scalar),
            Err(what) => {
                report(
                    &at,
                    format!(
                        "a value of the object parameter `{name}` has {what}, which is not supported; an object parameter's values are integers, numbers, booleans or strings"
                    ),
                );
                ok = false;
            }
        }
    };
    if let Some(Value::Object(properties)) = schema.get("properties") {
        for (key, value) in properties {
            take(
                value,
                format!("{pointer}/properties/{}", escape(key)),
                report,
            );
        }
    }
    if let Some(value @ Value::Object(_)) = schema.get("additionalProperties") {
        take(value, format!("{pointer}/additionalProperties"), report);
    }
    if !ok {
        return None;
    }
    Some(match found.split_first() {
        Some((first, rest)) if rest.iter().all(|s| s == first) => *first,
        _ => Scalar::String,
    })
}

/// A scalar schema's Rust type, or what the schema is instead.
fn scalar(schema: &Value) -> Result<Scalar, String> {
    let mut types: Vec<&str> = match schema.get("type") {
        Some(Value::String(name)) => vec![name],
        // OpenAPI 3.1: `type: [integer, "null"]`; the null is an absent parameter.
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    types.retain(|name| *name != "null");
    match types.as_slice() {
        ["integer"] => Ok(
            if schema.get("format").and_then(Value::as_str) == Some("int32") {
                Scalar::I32
            } else {
                Scalar::I64
            },
        ),
        ["number"] => Ok(Scalar::F64),
        ["boolean"] => Ok(Scalar::Bool),
        ["string"] => Ok(Scalar::String),
        ["array"] => Err("type `array`".to_owned()),
        ["object"] => Err("type `object`".to_owned()),
        [] => Err(["oneOf", "anyOf", "allOf", "not"]
            .iter()
            .find(|key| schema.get(**key).is_some())
            .map_or_else(|| "no `type`".to_owned(), |key| format!("`{key}`"))),
        [one] => Err(format!("type `{one}`")),
        _ => Err("several types".to_owned()),
    }
}

/// RFC 6901: `~` is `~0` and `/` is `~1` in a pointer's segment.
pub(super) fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// `issues/list-for-repo` → `IssuesListForRepo`, `getUser` → `GetUser`.
pub(super) fn upper_camel(id: &str) -> String {
    let mut out = String::new();
    for word in id.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    out
}

/// `per_page`, `perPage`, `per-page`, `PerPage` → `per_page`; `HTTPCode` → `http_code`.
pub(super) fn snake(name: &str) -> String {
    let mut out = String::new();
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let chars: Vec<char> = word.chars().collect();
        for (index, &c) in chars.iter().enumerate() {
            let boundary = index > 0
                && c.is_ascii_uppercase()
                && (!chars[index - 1].is_ascii_uppercase()
                    || chars.get(index + 1).is_some_and(char::is_ascii_lowercase));
            if (boundary || index == 0) && !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

fn field_name(name: &str) -> Option<String> {
    let field = snake(name);
    // `self` and its kin cannot be raw identifiers.
    let usable = !matches!(field.as_str(), "self" | "super" | "crate" | "_" | "");
    (usable && !field.starts_with(|c: char| c.is_ascii_digit())).then_some(field)
}

fn is_identifier(name: &str) -> bool {
    syn::parse_str::<syn::Ident>(name).is_ok()
}

/// RFC 6570 §2.3: `varname = varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT / "_" /
/// pct-encoded`; the field names this macro makes use only ALPHA, DIGIT and `_`.
fn is_varname(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|byte| chars::is(byte, chars::VARCHAR))
}

/// A query key as template text: RFC 3986 §2.3 unreserved characters as they are, the rest
/// percent-encoded (the route compares keys by their decoded form).
fn encode_key(key: &str) -> String {
    let mut out = String::new();
    for byte in key.bytes() {
        if chars::is(byte, chars::UNRESERVED) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{snake, upper_camel};

    #[test]
    fn names() {
        assert_eq!(upper_camel("issues/list-for-repo"), "IssuesListForRepo");
        assert_eq!(upper_camel("getUser"), "GetUser");
        assert_eq!(snake("per_page"), "per_page");
        assert_eq!(snake("perPage"), "per_page");
        assert_eq!(snake("per-page"), "per_page");
        assert_eq!(snake("PerPage"), "per_page");
        assert_eq!(snake("HTTPCode"), "http_code");
        assert_eq!(snake("type"), "type");
    }
}
