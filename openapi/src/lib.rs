#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Map, Value, json};
use urlkit::Route;
use urlkit::route::{Arity, Method, PathStyle, QueryParam, RouteShape, Segment, ValueType};

mod error;
#[cfg(feature = "utoipa")]
mod utoipa;

pub use error::{Error, ErrorKind};
#[cfg(feature = "utoipa")]
pub use utoipa::merge_into;

/// The OpenAPI 3.1 Paths Object of `R`: one Path Item per path its templates give, each with
/// its path and query parameters and, from the variant's doc comment, a `summary` and a
/// `description`. Computed from [`Route::SHAPES`].
///
/// A path whose variants declare no method (`#[route("/users/{id}")]`) gets a Path Item
/// without operations, the parameters and docs its own: which methods it answers is the
/// router's to say (add them in utoipa, see `merge_into` with the `utoipa` feature, or to the
/// JSON). A path where variants declare methods (`#[route(post, "/login{?next}")]`) gets one
/// Operation per method declared, each with the parameters, `summary` and `description` of
/// the variants that take the method (those that declare it, and those on the path that
/// declare none); `HEAD`, which a `GET` route also answers, only where it is declared.
///
/// See [the crate documentation](crate) for how each kind of template is described.
///
/// # Errors
/// An [`Error`] for the first template that cannot be described (see [`ErrorKind`]).
///
/// # Examples
/// ```
/// use serde_json::json;
/// use urlkit::Route;
///
/// #[derive(Route)]
/// enum Api {
///     /// One user.
///     #[route("/users/{id}")]
///     User { id: u32 },
///     #[route("/search{?q,tag*}")]
///     Search { q: Option<String>, tag: Vec<String> },
/// }
///
/// let paths = urlkit_openapi::paths::<Api>()?;
/// assert_eq!(paths["/users/{id}"], json!({
///     "summary": "One user.",
///     "parameters": [{
///         "name": "id", "in": "path", "required": true, "style": "simple", "explode": false,
///         "schema": { "type": "integer", "minimum": 0, "maximum": 4294967295u32 },
///     }],
/// }));
/// assert_eq!(paths["/search"]["parameters"][1], json!({
///     "name": "tag", "in": "query", "required": false, "style": "form", "explode": true,
///     "allowReserved": false, "schema": { "type": "array", "items": { "type": "string" } },
/// }));
/// # Ok::<(), urlkit_openapi::Error>(())
/// ```
///
/// Variants that declare methods:
/// ```
/// use serde_json::json;
/// use urlkit::Route;
///
/// #[derive(Route)]
/// enum Site {
///     /// The login form.
///     #[route(get, "/login")]
///     LoginForm,
///     /// Signs in, then goes to `next`.
///     #[route(post, "/login{?next}")]
///     Login { next: Option<String> },
/// }
///
/// let paths = urlkit_openapi::paths::<Site>()?;
/// assert_eq!(paths["/login"], json!({
///     "get": { "summary": "The login form." },
///     "post": {
///         "summary": "Signs in, then goes to `next`.",
///         "parameters": [{
///             "name": "next", "in": "query", "required": false, "style": "form",
///             "explode": true, "allowReserved": false, "schema": { "type": "string" },
///         }],
///     },
/// }));
/// # Ok::<(), urlkit_openapi::Error>(())
/// ```
pub fn paths<R: Route>() -> Result<Map<String, Value>, Error> {
    if let Some(&template) = R::TEMPLATES.get(R::SHAPES.len()) {
        return Err(Error::new(ErrorKind::NoShape, template));
    }
    let mut items: BTreeMap<String, Vec<(&'static RouteShape, Vec<Parameter>)>> = BTreeMap::new();
    // Each path without its parameters' names, with the path that has it.
    let mut generic: BTreeMap<String, String> = BTreeMap::new();
    for shape in R::SHAPES {
        for (path, parameters) in described(shape)? {
            let other = generic
                .entry(generic_path(&path))
                .or_insert_with(|| path.clone());
            if *other != path {
                let first = items[other.as_str()][0].0.template;
                let kind = ErrorKind::SamePathOtherNames {
                    path,
                    other: other.clone(),
                };
                return Err(Error::new(kind, shape.template).with_other(first));
            }
            items.entry(path).or_default().push((shape, parameters));
        }
    }
    let mut out = Map::new();
    for (path, shapes) in items {
        out.insert(path, path_item(shapes)?);
    }
    Ok(out)
}

/// The Path Item of the templates that give one path. Where none declares a method, the
/// parameters and docs are the Path Item's own, and it has no operation: which methods the
/// path answers is the router's to say. Where some do, one operation per method they
/// declare, each described by the templates that take it (those that declare it and those
/// that declare none), and the Path Item holds nothing else, since its parameters would apply
/// to every operation.
fn path_item(shapes: Vec<(&'static RouteShape, Vec<Parameter>)>) -> Result<Value, Error> {
    let declared: Vec<Method> = (Method::ALL.into_iter())
        .filter(|m| shapes.iter().any(|(shape, _)| shape.methods().contains(m)))
        .collect();
    if declared.is_empty() {
        let mut item = PathItem::default();
        for (shape, parameters) in shapes {
            item.add(shape, parameters)?;
        }
        return Ok(item.into_json());
    }
    let mut operations = Map::new();
    for method in declared {
        let mut operation = PathItem::default();
        for (shape, parameters) in &shapes {
            if shape.methods().is_empty() || shape.methods().contains(&method) {
                operation.add(shape, parameters.clone())?;
            }
        }
        let name = method.as_str().to_ascii_lowercase();
        operations.insert(name, operation.into_json());
    }
    Ok(Value::Object(operations))
}

/// A path with every parameter's name left out (`/users/{}`): OpenAPI holds two paths that
/// differ only in their parameters' names to be the same path (Path Templating Matching).
fn generic_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_name = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_name = true;
                out.push('{');
            }
            '}' => {
                in_name = false;
                out.push('}');
            }
            _ if in_name => {}
            _ => out.push(c),
        }
    }
    out
}

/// One parameter, with what decides whether two of the same name can be merged.
#[derive(Clone, Debug)]
struct Parameter {
    name: String,
    location: &'static str,
    required: bool,
    style: &'static str,
    explode: bool,
    /// `Some` in the query only (the field applies to nothing else).
    allow_reserved: Option<bool>,
    /// `allowEmptyValue: true`, written only when true (a query parameter's empty value is
    /// a value).
    allow_empty: bool,
    schema: Value,
    description: String,
}

impl Parameter {
    fn into_json(self) -> Value {
        let mut object = Map::new();
        object.insert("name".into(), self.name.into());
        object.insert("in".into(), self.location.into());
        if !self.description.is_empty() {
            object.insert("description".into(), self.description.into());
        }
        object.insert("required".into(), self.required.into());
        object.insert("style".into(), self.style.into());
        object.insert("explode".into(), self.explode.into());
        if let Some(allow) = self.allow_reserved {
            object.insert("allowReserved".into(), allow.into());
        }
        if self.allow_empty {
            object.insert("allowEmptyValue".into(), true.into());
        }
        object.insert("schema".into(), self.schema);
        Value::Object(object)
    }
}

/// The templates that give one path, and their parameters merged.
#[derive(Default)]
struct PathItem {
    templates: Vec<&'static str>,
    docs: Vec<(Option<&'static str>, &'static str)>,
    /// Each parameter, with how many of the templates have it.
    parameters: Vec<(Parameter, usize)>,
}

impl PathItem {
    /// Adds one template's description of the path.
    fn add(&mut self, shape: &RouteShape, parameters: Vec<Parameter>) -> Result<(), Error> {
        self.templates.push(shape.template);
        self.docs.push((shape.variant, shape.doc));
        for parameter in parameters {
            let same = |p: &&mut (Parameter, usize)| {
                p.0.name == parameter.name && p.0.location == parameter.location
            };
            let Some((merged, count)) = self.parameters.iter_mut().find(same) else {
                self.parameters.push((parameter, 1));
                continue;
            };
            if (merged.style, merged.explode, merged.allow_reserved)
                != (parameter.style, parameter.explode, parameter.allow_reserved)
            {
                let kind = ErrorKind::ParameterWrittenTwoWays {
                    name: parameter.name,
                };
                return Err(Error::new(kind, shape.template).with_other(self.templates[0]));
            }
            merged.required &= parameter.required;
            if merged.schema != parameter.schema {
                merged.schema = any_of(&merged.schema, parameter.schema);
            }
            if merged.description.is_empty() {
                merged.description = parameter.description;
            }
            *count += 1;
        }
        Ok(())
    }

    fn into_json(self) -> Value {
        let mut object = Map::new();
        let templates = self.templates.len();
        match &self.docs[..] {
            [(_, doc)] => {
                let (summary, description) = summary(doc);
                if !summary.is_empty() {
                    object.insert("summary".into(), summary.into());
                }
                if !description.is_empty() {
                    object.insert("description".into(), description.into());
                }
            }
            docs => {
                // Several variants answer this path: each one's summary, named.
                let lines: Vec<String> = (docs.iter())
                    .filter(|(_, doc)| !doc.is_empty())
                    .map(|(variant, doc)| match variant {
                        Some(variant) => format!("- `{variant}`: {}", summary(doc).0),
                        None => format!("- {}", summary(doc).0),
                    })
                    .collect();
                if !lines.is_empty() {
                    object.insert("description".into(), lines.join("\n").into());
                }
            }
        }
        let parameters: Vec<Value> = (self.parameters.into_iter())
            .map(|(mut parameter, count)| {
                // A parameter some of the templates do not have is not required.
                parameter.required &= count == templates;
                parameter.into_json()
            })
            .collect();
        if !parameters.is_empty() {
            object.insert("parameters".into(), parameters.into());
        }
        Value::Object(object)
    }
}

/// A doc comment's first line (the `summary`), and the lines after it (the `description`),
/// as utoipa reads a handler's doc comment.
fn summary(doc: &str) -> (&str, &str) {
    let (first, rest) = doc.split_once('\n').unwrap_or((doc, ""));
    (first.trim(), rest.trim())
}

/// A schema that admits what either does: `anyOf`, flattened.
fn any_of(a: &Value, b: Value) -> Value {
    let mut all = match a.get("anyOf").and_then(Value::as_array) {
        Some(items) => items.clone(),
        None => vec![a.clone()],
    };
    if !all.contains(&b) {
        all.push(b);
    }
    json!({ "anyOf": all })
}

/// The paths one template gives (two where the path may end before its last segment), each
/// with its parameters.
fn described(shape: &RouteShape) -> Result<Vec<(String, Vec<Parameter>)>, Error> {
    let field = |name: &str| {
        let field = shape.field(name);
        let value = field.map_or(ValueType::Text, |f| f.value);
        let doc = field.map_or("", |f| f.doc);
        (value, doc.to_owned())
    };
    let path_parameter = |name: &str, schema: Value, description: String| Parameter {
        name: name.to_owned(),
        location: "path",
        required: true,
        style: "simple",
        explode: false,
        allow_reserved: None,
        allow_empty: false,
        schema,
        description,
    };
    let mut path = String::new();
    let mut parameters = Vec::new();
    // The path without its last segment, where the route's URLs may end before it.
    let mut shorter = None;
    for (k, segment) in shape.path.iter().enumerate() {
        let last = k + 1 == shape.path.len();
        match *segment {
            Segment::Static(text) => {
                path.push('/');
                path.push_str(text);
            }
            Segment::Value {
                prefix,
                field: name,
                suffix,
            } => {
                let (value, doc) = field(name);
                let _ = write!(path, "/{prefix}{{{name}}}{suffix}");
                let mut schema = schema(value);
                if prefix.is_empty() && suffix.is_empty() {
                    whole_segment(&mut schema, false);
                }
                parameters.push(path_parameter(name, schema, doc));
            }
            Segment::Styled {
                prefix,
                field: name,
                suffix,
                style,
                explode,
                arity,
            } => {
                let (value, doc) = field(name);
                let _ = write!(path, "/{prefix}{{{name}}}{suffix}");
                // The expansion's own `.` or `;name` starts the segment, so the value may be
                // empty (`;id`, `report.`) but for a whole `{.x}`, which would be `.`.
                let mut schema = schema(value);
                let object = matches!(arity, Arity::JoinedObject { .. } | Arity::ExplodedObject);
                if style == PathStyle::Label && prefix.is_empty() && suffix.is_empty() && !object {
                    whole_label(&mut schema);
                }
                match arity {
                    // Never empty: an empty list writes nothing, which `to_url` refuses.
                    Arity::List => {
                        schema = json!({ "type": "array", "items": schema, "minItems": 1 });
                    }
                    // Nor an empty map.
                    Arity::JoinedObject { .. } | Arity::ExplodedObject => {
                        schema = json!({
                            "type": "object",
                            "additionalProperties": schema,
                            "minProperties": 1,
                        });
                    }
                    _ => {}
                }
                let mut parameter = path_parameter(name, schema, doc);
                parameter.explode = explode;
                parameter.style = match style {
                    PathStyle::Simple => "simple",
                    PathStyle::Label => "label",
                    PathStyle::Matrix => "matrix",
                };
                parameters.push(parameter);
            }
            Segment::Slash { field: name, arity } => {
                if arity == Arity::Optional && last {
                    shorter = Some((path.clone(), parameters.clone()));
                }
                let (value, doc) = field(name);
                let _ = write!(path, "/{{{name}}}");
                let mut schema = schema(value);
                whole_segment(&mut schema, true);
                parameters.push(path_parameter(name, schema, doc));
            }
            Segment::Rest { field: name } => {
                shorter = Some((path.clone(), parameters.clone()));
                let (_, doc) = field(name);
                let _ = write!(path, "/{{{name}}}");
                let mut description = String::from(REST_DESCRIPTION);
                if !doc.is_empty() {
                    description = format!("{doc}\n\n{description}");
                }
                parameters.push(path_parameter(
                    name,
                    json!({ "type": "string" }),
                    description,
                ));
            }
        }
    }
    if path.is_empty() {
        path.push('/');
    }
    let query = query_parameters(shape)?;
    let mut paths = Vec::new();
    if let Some((mut shorter, mut parameters)) = shorter {
        if shorter.is_empty() {
            shorter.push('/');
        }
        parameters.extend(query.iter().cloned());
        paths.push((shorter, parameters));
    }
    parameters.extend(query);
    paths.push((path, parameters));
    Ok(paths)
}

/// What a `{/x*}` parameter's description says: OpenAPI has no parameter that spans segments.
const REST_DESCRIPTION: &str = "The rest of the path: one or more segments, separated by \
unencoded `/`, each percent-encoded as a `simple` value; a URL without them has the path \
without this parameter.";

fn query_parameters(shape: &RouteShape) -> Result<Vec<Parameter>, Error> {
    let mut parameters = Vec::new();
    for param in shape.query {
        match *param {
            QueryParam::Static { key, value } => {
                let Some(value) = value else {
                    let kind = ErrorKind::BareQueryKey {
                        key: decoded(key, shape)?,
                    };
                    return Err(Error::new(kind, shape.template));
                };
                let text = decoded(value, shape)?;
                // Form style writes a value with only unreserved characters as they are; a
                // value the template spells with reserved ones is the reserved expansion's.
                let allow_reserved = urlkit::encode::component(&text) != value;
                parameters.push(Parameter {
                    name: decoded(key, shape)?,
                    location: "query",
                    required: true,
                    style: "form",
                    explode: true,
                    allow_reserved: Some(allow_reserved),
                    allow_empty: false,
                    schema: json!({ "type": "string", "enum": [text] }),
                    description: String::new(),
                });
            }
            QueryParam::Value { key, field, arity } => {
                let found = shape.field(field);
                let value = found.map_or(ValueType::Text, |f| f.value);
                let description = found.map_or("", |f| f.doc).to_owned();
                let list = || json!({ "type": "array", "items": schema(value) });
                // A map: an object whose properties are its keys, each value of the map's
                // value type.
                let object = || json!({ "type": "object", "additionalProperties": schema(value) });
                // OpenAPI 3.1.1 Appendix C: RFC 6570's `{?x}` is `style: form`, its `*`
                // modifier `explode: true` (which a single value ignores).
                let (required, style, explode, schema) = match arity {
                    Arity::One => (true, "form", true, schema(value)),
                    Arity::Optional => (false, "form", true, schema(value)),
                    // `{?tag*}`: `tag=a&tag=b`.
                    Arity::List => (false, "form", true, list()),
                    // `{?tag}` on a `Vec`: `tag=a,b`; OpenAPI's delimited styles join with a
                    // space or a `|` (§4.8.12.4, Style Values), percent-encoded in the URL.
                    Arity::Joined { separator } => (false, delimited(separator), false, list()),
                    // `color=R,100,G,200`, or joined with a space or a `|`.
                    Arity::JoinedObject { separator } => {
                        (false, delimited(separator), false, object())
                    }
                    // `R=100&G=200`: the entries are the query's own pairs.
                    Arity::ExplodedObject => (false, "form", true, object()),
                    // `color[R]=100&color[G]=200`.
                    Arity::DeepObject => (false, "deepObject", true, object()),
                };
                parameters.push(Parameter {
                    name: decoded(key, shape)?,
                    location: "query",
                    required,
                    style,
                    explode,
                    allow_reserved: Some(false),
                    // `page=` is `Some("")`, where without it an empty value is absent.
                    allow_empty: arity == Arity::Optional && found.is_some_and(|f| f.keeps_empty),
                    schema,
                    description,
                });
            }
        }
    }
    Ok(parameters)
}

/// The OpenAPI style that joins a list or an object's keys and values in one value with
/// `separator` (§4.8.12.4, Style Values; the space and `|` percent-encoded in the URL).
fn delimited(separator: char) -> &'static str {
    match separator {
        ' ' => "spaceDelimited",
        '|' => "pipeDelimited",
        _ => "form",
    }
}

/// A query key or static value as a form decodes it (`+` is a space), as `from_url` compares
/// them.
fn decoded(text: &str, shape: &RouteShape) -> Result<String, Error> {
    urlkit::decode::form(text)
        .map(std::borrow::Cow::into_owned)
        .map_err(|_| Error::new(ErrorKind::NotUtf8, shape.template))
}

/// Narrows the schema of a text value that is a whole path segment to what `to_url` writes
/// there: never `.` or `..` (`ExpandErrorKind::DotSegment`: RFC 3986 §5.2.4 removes such
/// segments), and, but for a `{/x}` (whose `/` the template writes), never empty
/// (`EmptySegment`).
fn whole_segment(schema: &mut Value, may_be_empty: bool) {
    if let Some(object) = schema.as_object_mut()
        && object.get("type").is_some_and(|t| t == "string")
    {
        // Some character other than `.`, or three of them: neither `.` nor `..` (nor empty).
        // A pattern rather than `not`, which utoipa's and oas3's types leave out.
        if may_be_empty {
            object.insert("pattern".into(), json!(format!("^$|{NOT_DOTS}")));
        } else {
            object.entry("minLength").or_insert(json!(1));
            object.insert("pattern".into(), json!(NOT_DOTS));
        }
    }
}

/// A string `{.x}` writes as a whole segment, after its `.`: not empty (the segment would be
/// `.`) nor `.` (`..`), both dot segments (RFC 3986 §3.3).
fn whole_label(schema: &mut Value) {
    if let Some(object) = schema.as_object_mut()
        && object.get("type").is_some_and(|t| t == "string")
    {
        object.entry("minLength").or_insert(json!(1));
        object.insert("pattern".into(), json!(r"[^.]|\.{2}"));
    }
}

/// The pattern of [`whole_segment`].
const NOT_DOTS: &str = r"[^.]|\.{3}";

/// The JSON Schema of one value of a field's type.
fn schema(value: ValueType) -> Value {
    match value {
        ValueType::Char => json!({ "type": "string", "minLength": 1, "maxLength": 1 }),
        ValueType::Integer { min, max } => {
            let mut object = Map::new();
            object.insert("type".into(), "integer".into());
            // A JSON number of serde_json holds 64 bits: a wider bound is left out.
            if let Ok(min) = i64::try_from(min) {
                object.insert("minimum".into(), min.into());
            }
            if let Ok(max) = u64::try_from(max) {
                object.insert("maximum".into(), max.into());
            }
            Value::Object(object)
        }
        ValueType::Number => json!({ "type": "number" }),
        ValueType::Boolean => json!({ "type": "boolean" }),
        ValueType::OneOf(spellings) => json!({ "type": "string", "enum": spellings }),
        // Text, and any kind added later: every value is text.
        _ => json!({ "type": "string" }),
    }
}
