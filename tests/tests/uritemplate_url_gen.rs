//! Writes `uritemplate_url.rs`: every positive case of the uritemplate-test suite
//! (tests/data: spec examples, spec examples by section, extended tests) as a `url!`
//! invocation with its variables as Rust values, and the expected output (any of the listed
//! alternatives). The test fails when the committed file is not what the suite gives today;
//! `URLKIT_BLESS=1 cargo test -p urlkit-tests --test uritemplate_url_gen` rewrites it.
//!
//! Values: a JSON string is a `&str`, a number its Rust literal (`6`, `-122.427`), an array
//! an array of `&str`, an object a slice of `(&str, &str)` pairs in the file's order (so a
//! map expands in that order, which the alternatives cover), `null` `None::<&str>`. A name
//! the template uses but the case does not define is `None::<&str>` too.
//!
//! Cases alternate between the two ways a value reaches `url!`: named arguments
//! (`var = "value"`) and variables in scope (`let var = "value";` then `url!("{var}")`).
//! Names that are not Rust identifiers (`last.name`, `Some%20Thing`, `42`) are always
//! named arguments with a string key (`"last.name" = "Doe"`).

mod common;

use std::fmt::Write as _;

use serde_json::Value as Json;
use urlkit_syntax::error::Errors;
use urlkit_syntax::template;

const FILES: [&str; 3] = [
    "spec-examples",
    "spec-examples-by-section",
    "extended-tests",
];
const OUTPUT: &str = "tests/uritemplate_url.rs";

fn suite(file: &str) -> Json {
    common::testdata(&format!("uritemplate-test__{file}.json"))
}

/// A Rust string literal with the value `s`.
fn string(s: &str) -> String {
    format!("{s:?}")
}

/// The Rust expression for a JSON variable.
fn value(json: &Json) -> String {
    let item = |json: &Json| match json {
        Json::String(s) => string(s),
        other => panic!("non-string item {other}"),
    };
    match json {
        Json::Null => "None::<&str>".into(),
        Json::String(s) => string(s),
        Json::Number(n) => n.to_string(),
        Json::Array(items) if items.is_empty() => "[] as [&str; 0]".into(),
        Json::Array(items) => {
            let items: Vec<_> = items.iter().map(item).collect();
            format!("[{}]", items.join(", "))
        }
        Json::Object(map) if map.is_empty() => "&[] as &[(&str, &str)]".into(),
        Json::Object(map) => {
            let pairs: Vec<_> = map
                .iter()
                .map(|(k, v)| format!("({}, {})", string(k), item(v)))
                .collect();
            format!("[{}]", pairs.join(", "))
        }
        Json::Bool(_) => panic!("booleans do not occur in the suite"),
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name != "_"
}

/// The variables a template uses, each once, in order.
fn names(template: &str) -> Vec<String> {
    let mut errors = Errors::new();
    let mut names: Vec<String> = Vec::new();
    for expression in template::lex(template, &mut errors) {
        for var in expression.vars {
            let name = &template[var.name];
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    assert!(errors.is_empty(), "{template}");
    names
}

/// One case as a statement of the test.
fn case(
    template: &str,
    expected: &Json,
    vars: &serde_json::Map<String, Json>,
    capture: bool,
) -> String {
    let expected: Vec<String> = match expected {
        Json::String(s) => vec![string(s)],
        Json::Array(alternatives) => alternatives
            .iter()
            .map(|a| string(a.as_str().expect("string alternative")))
            .collect(),
        other => panic!("{template}: unexpected {other}"),
    };
    let mut lets = String::new();
    let mut args = String::new();
    for name in names(template) {
        let value = vars.get(&name).map_or_else(|| "None::<&str>".into(), value);
        if !is_identifier(&name) {
            write!(args, ", {} = {value}", string(&name)).unwrap();
        } else if capture {
            writeln!(lets, "        let {name} = {value};").unwrap();
        } else {
            write!(args, ", {name} = {value}").unwrap();
        }
    }
    let call = format!(
        "check(url!({}{args}), &[{}], {});",
        string(template),
        expected.join(", "),
        string(template)
    );
    if lets.is_empty() {
        format!("    {call}\n")
    } else {
        format!("    {{\n{lets}        {call}\n    }}\n")
    }
}

/// A test function name from a group name: "3.2.1 Variable Expansion" → `s3_2_1_variable_expansion`.
fn test_name(file: &str, group: &str) -> String {
    let mut name = format!("{file}_{group}").to_lowercase();
    name = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    while name.contains("__") {
        name = name.replace("__", "_");
    }
    name.trim_matches('_').to_string()
}

fn generate() -> (String, usize) {
    let mut out = String::from(
        "//! GENERATED by `uritemplate_url_gen.rs` from tests/data/uritemplate-test__*.json;
//! do not edit. Regenerate: `URLKIT_BLESS=1 cargo test -p urlkit-tests --test uritemplate_url_gen`.
//!
//! Every positive case of the uritemplate-test suite as a `url!` invocation: the output must
//! be one of the expected texts, byte for byte.

use urlkit::{ExpandError, Url};

#[track_caller]
fn check(got: Result<Url, ExpandError>, expected: &[&str], template: &str) {
    match got {
        Ok(url) => assert!(
            expected.contains(&url.as_str()),
            \"{template}: got {url}, expected one of {expected:?}\"
        ),
        Err(e) => panic!(\"{template}: {e}\"),
    }
}

// One line per case, as generated: rustfmt would reflow them.
#[rustfmt::skip]
mod cases {
use super::check;
use urlkit::url;
",
    );
    let mut count = 0;
    for file in FILES {
        let suite = suite(file);
        for (group, body) in suite.as_object().expect("groups") {
            let vars = body["variables"].as_object().expect("variables");
            writeln!(out, "\n#[test]\nfn {}() {{", test_name(file, group)).unwrap();
            for case_json in body["testcases"].as_array().expect("cases") {
                let template = case_json[0].as_str().expect("template");
                out.push_str(&case(template, &case_json[1], vars, count % 2 == 1));
                count += 1;
            }
            out.push_str("}\n");
        }
    }
    out.push_str("}\n");
    (out, count)
}

#[test]
fn generated_file_is_up_to_date() {
    let (text, count) = generate();
    // All positive cases: 64 spec examples, 117 by section, 53 extended.
    assert_eq!(count, 64 + 117 + 53);
    common::check_generated(OUTPUT, &text, "uritemplate_url_gen");
}
