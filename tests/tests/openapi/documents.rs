//! The vendored documents as the serializer and the generators read them, before any macro
//! is involved: how many operations each has, which parameter schemas fall outside the
//! types the macro maps, and that every generated value serializes.

use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

use crate::common::testdata;
use crate::generate;
use crate::serializer::{self, Location};

pub(crate) fn document(name: &str) -> Value {
    testdata(&format!("openapi/{name}"))
}

/// `operationId`s of the operations one of whose URL parameters has a schema outside
/// [`generate::Kind`] (a `oneOf`), by document.
fn outside_kinds(name: &str) -> Vec<String> {
    serializer::operations(&document(name))
        .into_iter()
        .filter(|op| {
            op.parameters
                .iter()
                .filter(|p| p.location != Location::Other)
                .any(|p| generate::kind(&p.schema).is_none())
        })
        .map(|op| op.id)
        .collect()
}

#[test]
fn operations_and_their_parameter_types() {
    let counts: Vec<(&str, usize)> = [
        "discord.json",
        "github.json",
        "github-parameters.json",
        "style-examples.json",
    ]
    .into_iter()
    .map(|name| (name, serializer::operations(&document(name)).len()))
    .collect();
    assert_eq!(
        counts,
        [
            ("discord.json", 242),
            ("github.json", 6),
            ("github-parameters.json", 200),
            ("style-examples.json", 18)
        ]
    );
    // What the macro refuses was left out (PROVENANCE.md), but for the operations of
    // `discord.json` and `github.json` that `real_documents` skips: every other parameter has
    // a generator.
    assert_eq!(
        outside_kinds("github.json"),
        ["security-advisories/list-global-advisories"]
    );
    assert_eq!(
        outside_kinds("discord.json"),
        [
            "get_entitlements",
            "thread_search",
            "preview_prune_guild",
            "get_current_user_application_entitlements"
        ]
    );
    for name in ["github-parameters.json", "style-examples.json"] {
        assert!(outside_kinds(name).is_empty(), "{name}");
    }
}

#[test]
fn every_generated_value_serializes() {
    for name in [
        "discord.json",
        "github.json",
        "github-parameters.json",
        "style-examples.json",
    ] {
        for op in serializer::operations(&document(name)) {
            let Some(values) = generate::values(&op) else {
                continue;
            };
            let mut runner = TestRunner::new(Config {
                cases: 8,
                failure_persistence: None,
                ..Config::default()
            });
            runner
                .run(&values, |values| {
                    let url = serializer::serialize(&op, &values)
                        .unwrap_or_else(|e| panic!("{}: {e:?}", op.id));
                    assert!(url.starts_with('/'), "{}: {url}", op.id);
                    Ok(())
                })
                .unwrap();
        }
    }
}
