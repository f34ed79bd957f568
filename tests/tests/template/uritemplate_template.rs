//! The uritemplate-test suite (RFC 6570 spec examples, by section, extended and negative
//! tests; tests/data, see PROVENANCE.md) through `urlkit::Template`, with the JSON
//! variables of each group used as they are (the runtime's `serde_json` feature).

use crate::common;

use serde_json::Value as Json;
use urlkit::Template;

fn suite(file: &str) -> Json {
    common::testdata(&format!("uritemplate-test__{file}.json"))
}

/// What running one file gave.
#[derive(Debug, Default, PartialEq, Eq)]
struct Outcome {
    /// Positive cases expanded byte for byte to the expected string, or to one of the listed
    /// alternatives.
    passed: usize,
    /// Of those, cases whose expected value is a list of alternatives.
    passed_with_alternatives: usize,
    /// Negative cases (`false`) rejected.
    rejected: usize,
    /// Everything else, described.
    failures: Vec<String>,
}

fn run(file: &str) -> Outcome {
    let mut outcome = Outcome::default();
    for (group, body) in suite(file).as_object().unwrap() {
        let vars = body["variables"].as_object().unwrap();
        for case in body["testcases"].as_array().unwrap() {
            let template = case[0].as_str().unwrap();
            let expected = &case[1];
            let result = Template::parse(template)
                .map_err(|e| e.to_string())
                .and_then(|t| t.expand(vars).map_err(|e| e.to_string()));
            match (expected, result) {
                (Json::Bool(false), Err(_)) => outcome.rejected += 1,
                (Json::Bool(false), Ok(url)) => {
                    outcome
                        .failures
                        .push(format!("{group}: {template} accepted as {url}"));
                }
                (_, Err(e)) => outcome
                    .failures
                    .push(format!("{group}: {template} failed: {e}")),
                (Json::String(want), Ok(url)) if url.as_str() == want => outcome.passed += 1,
                (Json::Array(wants), Ok(url)) if wants.iter().any(|w| w == url.as_str()) => {
                    outcome.passed += 1;
                    outcome.passed_with_alternatives += 1;
                }
                (want, Ok(url)) => {
                    outcome
                        .failures
                        .push(format!("{group}: {template} gave {url}, want {want}"));
                }
            }
        }
    }
    outcome
}

fn outcome(passed: usize, passed_with_alternatives: usize, rejected: usize) -> Outcome {
    Outcome {
        passed,
        passed_with_alternatives,
        rejected,
        failures: Vec::new(),
    }
}

#[test]
fn spec_examples() {
    assert_eq!(run("spec-examples"), outcome(64, 15, 0));
}

#[test]
fn spec_examples_by_section() {
    assert_eq!(run("spec-examples-by-section"), outcome(117, 15, 0));
}

#[test]
fn extended_tests() {
    assert_eq!(run("extended-tests"), outcome(53, 11, 0));
}

#[test]
fn negative_tests() {
    assert_eq!(run("negative-tests"), outcome(0, 0, 36));
}
