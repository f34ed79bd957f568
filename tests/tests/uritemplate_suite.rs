//! The uritemplate-test suite (RFC 6570 spec examples, by section, extended and negative
//! tests; shared/testdata, see PROVENANCE.md) through `urlkit::Template`.

use std::collections::BTreeMap;

use serde_json::Value as Json;
use urlkit::Template;
use urlkit::template::Vars;
use urlkit::value::{Expansion, Value};

/// A JSON variable as an RFC 6570 value: null is undefined, numbers are written as JSON
/// writes them.
struct JsonVar<'a>(&'a Json);

fn scalar_text(json: &Json) -> String {
    match json {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Value for JsonVar<'_> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        match self.0 {
            Json::Null => {}
            Json::Array(items) => e.list(items.iter().map(scalar_text)),
            Json::Object(map) => e.map(map.iter().map(|(k, v)| (k.as_str(), scalar_text(v)))),
            other => e.scalar(scalar_text(other).as_str()),
        }
    }
}

struct JsonVars<'a>(&'a serde_json::Map<String, Json>);

impl Vars for JsonVars<'_> {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.0.get(name) {
            JsonVar(value).expand(e);
        }
    }
}

fn suite(file: &str) -> Json {
    let path = format!(
        "{}/../../shared/testdata/uritemplate-test__{file}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// Runs every case of a file; returns (passed, rejected) and the failures.
fn run(file: &str) -> (usize, usize, Vec<String>) {
    let (mut passed, mut rejected, mut failures) = (0, 0, Vec::new());
    for (group, body) in suite(file).as_object().unwrap() {
        let vars = JsonVars(body["variables"].as_object().unwrap());
        for case in body["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            let expected = &case[1];
            let result = Template::parse(template)
                .map_err(|e| e.to_string())
                .and_then(|t| t.expand(&vars).map_err(|e| e.to_string()));
            match (expected, result) {
                (Json::Bool(false), Err(_)) => rejected += 1,
                (Json::Bool(false), Ok(url)) => {
                    failures.push(format!("{group}: {template} accepted as {url}"));
                }
                (_, Err(e)) => failures.push(format!("{group}: {template} failed: {e}")),
                (Json::String(want), Ok(url)) if url.as_str() == want => passed += 1,
                (Json::Array(wants), Ok(url)) if wants.iter().any(|w| w == url.as_str()) => {
                    passed += 1;
                }
                (want, Ok(url)) => {
                    failures.push(format!("{group}: {template} gave {url}, want {want}"));
                }
            }
        }
    }
    (passed, rejected, failures)
}

#[test]
fn spec_examples() {
    assert_eq!(run("spec-examples"), (64, 0, vec![]));
}

#[test]
fn spec_examples_by_section() {
    assert_eq!(run("spec-examples-by-section"), (117, 0, vec![]));
}

#[test]
fn extended_tests() {
    assert_eq!(run("extended-tests"), (53, 0, vec![]));
}

#[test]
fn negative_tests() {
    assert_eq!(run("negative-tests"), (0, 36, vec![]));
}

#[test]
fn btreemap_vars() {
    let t = Template::parse("/x{?a}").unwrap();
    let vars: BTreeMap<&str, &str> = BTreeMap::from([("a", "1")]);
    assert_eq!(t.expand(&vars).unwrap().as_str(), "/x?a=1");
}
