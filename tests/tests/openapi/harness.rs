//! The oracle for one generated route enum and its document: for every operation, values
//! generated from the parameters' schemas are built into the variant (through Serde, so no
//! field list is written by hand), and
//!
//! - `to_url` writes, byte for byte, what [`serializer::serialize`] writes from the document;
//!   where it refuses, the reference text has a path segment that a placeholder made `""`,
//!   `.` or `..` (which `to_url` refuses: an empty or dot segment addresses another
//!   resource);
//! - `from_request`, given the operation's method, reads the URL back to the value;
//! - the `url` crate parses it with the same path, query, segments and decoded pairs.

use std::fmt::Debug;

use percent_encoding::percent_decode_str;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use urlkit::{ExpandErrorKind, Route};

use crate::generate;
use crate::serializer::{self, Location, Operation};

/// The field a parameter is read into: its name in snake case, as the macro names it.
pub(crate) fn field_name(parameter: &str) -> String {
    let mut out = String::new();
    let mut previous: Option<char> = None;
    for c in parameter.chars() {
        if c.is_ascii_uppercase() {
            if previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit()) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
        previous = Some(c);
    }
    out
}

/// Cases each operation is tried with: `URLKIT_OPENAPI_CASES`, 24 unless set.
fn cases() -> u32 {
    std::env::var("URLKIT_OPENAPI_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

/// The path and query of a reference text.
fn split(text: &str) -> (&str, Option<&str>) {
    match text.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (text, None),
    }
}

/// Whether a placeholder of `template` became an empty or dot segment in `reference`.
fn empty_or_dot_segment(template: &str, reference: &str) -> bool {
    let (path, _) = split(reference);
    template
        .split('/')
        .zip(path.split('/'))
        .skip(1)
        .any(|(t, r)| t.contains('{') && matches!(r, "" | "." | ".."))
}

/// The `url` crate's reading of `text` agrees with the reference: it keeps the path and
/// query as they are, and its segments and decoded query pairs are the reference's.
fn url_crate_agrees(text: &str) -> Result<(), String> {
    let parsed = url::Url::parse(&format!("http://example.com{text}"))
        .map_err(|e| format!("the url crate refuses {text:?}: {e}"))?;
    let (path, query) = split(text);
    if parsed.path() != path || parsed.query() != query {
        return Err(format!(
            "the url crate rewrites {text:?} as {:?}",
            &parsed[url::Position::BeforePath..]
        ));
    }
    let segments: Vec<&str> = parsed.path_segments().unwrap().collect();
    let expected: Vec<&str> = path.split('/').skip(1).collect();
    if segments != expected {
        return Err(format!("segments {segments:?}, expected {expected:?}"));
    }
    let pairs: Vec<(String, String)> = parsed
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let decode = |s: &str| percent_decode_str(s).decode_utf8_lossy().into_owned();
    let expected: Vec<(String, String)> = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    if pairs != expected {
        return Err(format!("query pairs {pairs:?}, expected {expected:?}"));
    }
    Ok(())
}

/// What the check of one document found.
#[derive(Default, Debug)]
pub(crate) struct Report {
    /// Operations checked, and cases run.
    pub(crate) operations: usize,
    pub(crate) cases: usize,
    /// Cases `to_url` refused where the reference has an empty or dot segment.
    pub(crate) refused_segments: usize,
    /// Cases `to_url` refused with `EmptySome`: an optional query parameter given the empty
    /// string, which OpenAPI writes `name=` (RFC 6570 §3.2.8) but a route without
    /// `#[route(keep_empty)]` would read back as absent.
    pub(crate) empty_some: usize,
    /// Cases `to_url` refused for an object the reference writes but a route could not read
    /// back (see [`unreadable_object`]).
    pub(crate) refused_objects: usize,
    /// Operations left out, with why.
    pub(crate) skipped: Vec<String>,
    /// Failures: the operation, what failed, the smallest values proptest found.
    pub(crate) failures: Vec<String>,
}

/// Runs the oracle over every operation of `document`, whose enum is `R` with
/// `operation_ids` (its inherent `OPERATION_IDS`).
pub(crate) fn check<R>(document: &Value, operation_ids: &[&str]) -> Report
where
    R: Route + DeserializeOwned + PartialEq + Debug,
{
    let operations = serializer::operations(document);
    let ids: Vec<&str> = operations.iter().map(|op| op.id.as_str()).collect();
    assert_eq!(
        operation_ids, ids,
        "OPERATION_IDS are the document's, in its order"
    );
    assert_eq!(R::SHAPES.len(), operations.len(), "one shape per operation");
    let mut report = Report::default();
    let refused = std::cell::Cell::new(0);
    let empty_some = std::cell::Cell::new(0);
    let objects = std::cell::Cell::new(0);
    for (index, op) in operations.iter().enumerate() {
        let shape = &R::SHAPES[index];
        let variant = shape.variant.expect("an enum's shape names its variant");
        let Some(values) = generate::values(op) else {
            report
                .skipped
                .push(format!("{}: a parameter's schema has no generator", op.id));
            continue;
        };
        // The fields the shape lists are the URL parameters, named in snake case.
        let url_parameters: Vec<&str> = op
            .parameters
            .iter()
            .filter(|p| p.location != Location::Other)
            .map(|p| p.name.as_str())
            .collect();
        let mut fields: Vec<String> = shape
            .fields
            .iter()
            .map(|f| f.name.trim_start_matches("r#").to_owned())
            .collect();
        let mut expected_fields: Vec<String> =
            url_parameters.iter().map(|p| field_name(p)).collect();
        fields.sort();
        expected_fields.sort();
        if fields != expected_fields {
            report.failures.push(format!(
                "{} ({variant}): fields {fields:?}, expected {expected_fields:?}",
                op.id
            ));
            continue;
        }
        let template = op.path.clone();
        let mut runner = TestRunner::new(Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        });
        let result = runner.run(&values, |values: Map<String, Value>| {
            let counts = (&refused, &empty_some, &objects);
            report_case::<R>(op, variant, &template, &values, counts)
        });
        report.operations += 1;
        report.cases += cases() as usize;
        if let Err(e) = result {
            report.failures.push(format!(
                "{} ({variant}, {} {}): {e}",
                op.id,
                op.method.to_uppercase(),
                op.path
            ));
        }
    }
    report.refused_segments = refused.get();
    report.empty_some = empty_some.get();
    report.refused_objects = objects.get();
    report
}

/// Whether `values` hold an object that `to_url` refuses with `kind` because its URL, as the
/// reference writes it, would not read back as the same object: an empty one in the path
/// (which writes nothing, not even the `.` or `;`), a key or value holding the delimiter
/// written raw between items (`.` in an exploded `label`; a space or `|` of
/// `spaceDelimited`/`pipeDelimited`, encoded as the delimiter is), or, in an exploded `form`
/// object, whose entries are the query's pairs, an empty key or the name of another query
/// parameter.
fn unreadable_object(op: &Operation, values: &Map<String, Value>, kind: &ExpandErrorKind) -> bool {
    op.parameters.iter().any(|p| {
        let Some(Value::Object(entries)) = values.get(&p.name) else {
            return false;
        };
        let texts = || {
            entries
                .iter()
                .flat_map(|(k, v)| [k.clone(), serializer::text(v)])
        };
        let holds = |c: char| texts().any(|t| t.contains(c));
        let query_names = || {
            (op.parameters.iter())
                .filter(|q| q.location == Location::Query && q.name != p.name)
                .map(|q| q.name.as_str())
        };
        match (kind, p.location, p.style.as_str(), p.explode) {
            (ExpandErrorKind::EmptyMap, Location::Path, ..) => entries.is_empty(),
            (
                ExpandErrorKind::DelimiterInItem { delimiter: '.' },
                Location::Path,
                "label",
                true,
            ) => holds('.'),
            (ExpandErrorKind::DelimiterInItem { delimiter: ' ' }, _, "spaceDelimited", _) => {
                holds(' ')
            }
            (ExpandErrorKind::DelimiterInItem { delimiter: '|' }, _, "pipeDelimited", _) => {
                holds('|')
            }
            (ExpandErrorKind::EmptyKey, Location::Query, "form", true) => entries.contains_key(""),
            (ExpandErrorKind::ClaimedKey, Location::Query, "form", true) => {
                query_names().any(|name| entries.contains_key(name))
            }
            _ => false,
        }
    })
}

fn report_case<R>(
    op: &Operation,
    variant: &str,
    template: &str,
    values: &Map<String, Value>,
    (refused, empty_some, objects): (
        &std::cell::Cell<usize>,
        &std::cell::Cell<usize>,
        &std::cell::Cell<usize>,
    ),
) -> Result<(), TestCaseError>
where
    R: Route + DeserializeOwned + PartialEq + Debug,
{
    let reference = serializer::serialize(op, values)
        .map_err(|e| TestCaseError::fail(format!("the reference has no serialization: {e:?}")))?;
    let mut object = Map::new();
    object.insert("__operation".to_owned(), Value::from(variant));
    for (name, value) in values {
        object.insert(field_name(name), value.clone());
    }
    let route: R = serde_json::from_value(Value::Object(object))
        .map_err(|e| TestCaseError::fail(format!("the variant does not take these values: {e}")))?;
    let url = match route.to_url() {
        Ok(url) => url,
        Err(e) if empty_or_dot_segment(template, &reference) => {
            let _ = e;
            refused.set(refused.get() + 1);
            return Ok(());
        }
        Err(e)
            if *e.kind() == urlkit::ExpandErrorKind::EmptySome
                && op.parameters.iter().any(|p| {
                    p.location == Location::Query
                        && !p.required
                        && values.get(&p.name) == Some(&Value::from(""))
                }) =>
        {
            empty_some.set(empty_some.get() + 1);
            return Ok(());
        }
        Err(e) if unreadable_object(op, values, e.kind()) => {
            objects.set(objects.get() + 1);
            return Ok(());
        }
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "to_url refuses ({e}) what the reference writes as {reference:?}"
            )));
        }
    };
    if url.as_str() != reference {
        return Err(TestCaseError::fail(format!(
            "to_url writes {:?}, the reference {reference:?}",
            url.as_str()
        )));
    }
    url_crate_agrees(url.as_str()).map_err(TestCaseError::fail)?;
    // The method picks among operations on one path (`GET` and `POST /pets`): a URL alone
    // does not say which.
    let back = match route.method() {
        Some(method) => R::from_request(method, url.as_str()),
        None => R::from_url(url.as_str()),
    };
    match back {
        Ok(back) if back == route => {}
        Ok(back) => {
            return Err(TestCaseError::fail(format!(
                "from_request reads {:?} back as {back:?}, not {route:?}",
                url.as_str()
            )));
        }
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "from_request refuses {:?}: {e}",
                url.as_str()
            )));
        }
    }
    Ok(())
}

#[test]
fn field_names() {
    assert_eq!(field_name("per_page"), "per_page");
    assert_eq!(field_name("enterprise-team"), "enterprise_team");
    assert_eq!(field_name("guildId"), "guild_id");
}
