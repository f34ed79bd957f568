//! Every operation of the vendored API descriptions, through `openapi!` and the oracle of
//! [`harness`]: `to_url` against the serializer written from the specification, `from_url`
//! and the `url` crate reading the result back.

use crate::documents::document;
use crate::harness::{self, Report};
use serde_json::Value;

/// The operation of `github.json` with a parameter schema the macro refuses (`cwes` and
/// `affects`, a `oneOf` of a string and a list).
const GITHUB_REFUSED: [&str; 1] = ["security-advisories/list-global-advisories"];

urlkit::openapi! {
    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    #[serde(tag = "__operation")]
    pub enum GitHub = "data/openapi/github.json";
    skip = ["security-advisories/list-global-advisories"];
}

urlkit::openapi! {
    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    #[serde(tag = "__operation")]
    pub enum GitHubParameters = "data/openapi/github-parameters.json";
}

/// The operations of `discord.json` with a parameter schema the macro refuses (a `oneOf` of a
/// string and a list).
const DISCORD_REFUSED: [&str; 4] = [
    "get_entitlements",
    "thread_search",
    "preview_prune_guild",
    "get_current_user_application_entitlements",
];

urlkit::openapi! {
    #[derive(Debug, Clone, PartialEq, serde::Deserialize)]
    #[serde(tag = "__operation")]
    pub enum Discord = "data/openapi/discord.json";
    skip = [
        "get_entitlements",
        "thread_search",
        "preview_prune_guild",
        "get_current_user_application_entitlements",
    ];
}

/// `document` without the operations named in `ids`, as `skip` leaves them out.
fn without(mut document: Value, ids: &[&str]) -> Value {
    for item in document["paths"].as_object_mut().unwrap().values_mut() {
        item.as_object_mut().unwrap().retain(|_, operation| {
            !operation
                .get("operationId")
                .and_then(Value::as_str)
                .is_some_and(|id| ids.contains(&id))
        });
    }
    document
}

fn assert_clean(name: &str, report: &Report, operations: usize) {
    println!(
        "{name}: {} operations, {} cases; to_url refused {} for an empty or dot segment, {} for \
         an empty optional query value (EmptySome)",
        report.operations, report.cases, report.refused_segments, report.empty_some
    );
    assert!(
        report.failures.is_empty(),
        "{name}: {} failures:\n{}",
        report.failures.len(),
        report.failures.join("\n")
    );
    assert!(report.skipped.is_empty(), "{name}: {:?}", report.skipped);
    assert_eq!(report.operations, operations, "{name}");
}

#[test]
fn github() {
    let report = harness::check::<GitHub>(
        &without(document("github.json"), &GITHUB_REFUSED),
        GitHub::OPERATION_IDS,
    );
    assert_clean("github.json", &report, 5);
}

#[test]
fn github_parameters() {
    let report = harness::check::<GitHubParameters>(
        &document("github-parameters.json"),
        GitHubParameters::OPERATION_IDS,
    );
    assert_clean("github-parameters.json", &report, 200);
}

#[test]
fn discord() {
    // The whole document, the refused operations skipped: the harness checks the others.
    let full = document("discord.json");
    assert_eq!(crate::serializer::operations(&full).len(), 242);
    let report =
        harness::check::<Discord>(&without(full, &DISCORD_REFUSED), Discord::OPERATION_IDS);
    assert_clean("discord.json", &report, 238);
}
