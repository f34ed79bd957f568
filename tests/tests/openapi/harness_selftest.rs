//! The harness on enums written by hand with `#[derive(Route)]` for the GitHub subset
//! (`github.json`): it passes one that serializes as the document says, and fails one whose
//! `creator_id` list is written `explode: false` where the document's default `style: form`
//! means `explode: true`. `POST .../tasks` is left out of the document: `#[derive(Route)]`
//! refuses two variants that match the same URLs, and a URL does not carry its method; so is
//! `GET /advisories`, which `real_documents` skips.

use urlkit::Route;

use serde_json::Value;

use crate::documents::document;
use crate::harness;

const IDS: [&str; 4] = [
    "meta/root",
    "security-advisories/get-global-advisory",
    "agent-tasks/list-tasks-for-repo",
    "agent-tasks/get-task-by-repo-and-id",
];

macro_rules! github {
    ($name:ident, $tasks:literal) => {
        #[derive(Route, Debug, PartialEq, serde::Deserialize)]
        #[serde(tag = "__operation")]
        enum $name {
            #[route("/")]
            MetaRoot,
            #[route("/advisories/{ghsa_id}")]
            SecurityAdvisoriesGetGlobalAdvisory { ghsa_id: String },
            #[route($tasks)]
            AgentTasksListTasksForRepo {
                owner: String,
                repo: String,
                per_page: Option<i64>,
                page: Option<i64>,
                sort: Option<String>,
                direction: Option<String>,
                state: Option<String>,
                is_archived: Option<bool>,
                since: Option<String>,
                #[serde(default)]
                creator_id: Vec<i64>,
            },
            #[route("/agents/repos/{owner}/{repo}/tasks/{task_id}")]
            AgentTasksGetTaskByRepoAndId {
                owner: String,
                repo: String,
                task_id: String,
            },
        }
    };
}

github!(
    Faithful,
    "/agents/repos/{owner}/{repo}/tasks{?per_page,page,sort,direction,state,is_archived,since,creator_id*}"
);
github!(
    Unexploded,
    "/agents/repos/{owner}/{repo}/tasks{?per_page,page,sort,direction,state,is_archived,since,creator_id}"
);

/// `github.json` without `POST /agents/repos/{owner}/{repo}/tasks`, and without `GET
/// /advisories`, whose `oneOf` parameters no route field holds.
fn without_post() -> Value {
    let mut github = document("github.json");
    let paths = github["paths"].as_object_mut().unwrap();
    assert!(paths.shift_remove("/advisories").is_some());
    let item = github["paths"]["/agents/repos/{owner}/{repo}/tasks"]
        .as_object_mut()
        .unwrap();
    assert!(item.shift_remove("post").is_some());
    github
}

#[test]
fn a_faithful_enum_passes() {
    let report = harness::check::<Faithful>(&without_post(), &IDS);
    assert!(report.failures.is_empty(), "{report:#?}");
    assert_eq!(report.operations, 4, "{report:#?}");
    assert!(report.skipped.is_empty(), "{report:#?}");
}

#[test]
fn an_enum_that_joins_a_list_fails() {
    let report = harness::check::<Unexploded>(&without_post(), &IDS);
    assert_eq!(report.failures.len(), 1, "{report:#?}");
    assert!(
        report.failures[0]
            .starts_with("agent-tasks/list-tasks-for-repo (AgentTasksListTasksForRepo, GET "),
        "{report:#?}"
    );
}
