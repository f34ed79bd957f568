//! `cargo urlkit check` end to end, on crates written into the target directory: what it
//! prints, its exit status, silencing, the config, `--fix`, and SARIF validated against the
//! official schema.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A crate of its own (`[workspace]`, so the repository's workspace does not claim it) with
/// `files`, under the target directory; `manifest_extra` is appended to its Cargo.toml.
fn fixture(name: &str, files: &[(&str, &str)], manifest_extra: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("src")).unwrap();
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    std::fs::write(
        root.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nurlkit = {{ path = {:?} }}\n\n[workspace]\n{manifest_extra}",
            name.replace(' ', "-"),
            runtime.display().to_string()
        ),
    )
    .unwrap();
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    root
}

fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-urlkit"))
        .args(["urlkit", "check", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const CLIENT: &str = r#"use std::error::Error;

pub fn repo(owner: &str, name: &str) -> Result<String, Box<dyn Error>> {
    let url = format!("https://api.github.com/repos/{}/{}", owner, name);
    Ok(url)
}

pub fn log(id: &str) -> String {
    format!("user {} not found", id)
}
"#;

#[test]
fn findings_are_drawn_like_rustc_and_exit_with_1() {
    let root = fixture("draws", &[("src/lib.rs", CLIENT)], "");
    let output = run(&root, &[]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let expected = r#"warning: URL built by hand with `format!`
 --> src/lib.rs:4:53
  |
4 |     let url = format!("https://api.github.com/repos/{}/{}", owner, name);
  |                                                     ^^ ^^
  |
  = note: `owner` and `name` land in the path, where a `/` in a value adds segments, `..` climbs to the parent, and `?` or `#` end the path
  = help: replace it with `urlkit::url!("https://api.github.com/repos/{owner}/{name}")?.to_string()` (`cargo urlkit check --fix` does)

1 hand-built URL in 1 file of 10 lines (1 can be rewritten with `cargo urlkit check --fix`)
"#;
    assert_eq!(text, expected);
}

#[test]
fn a_clean_crate_exits_with_0() {
    let root = fixture(
        "clean",
        &[(
            "src/lib.rs",
            "pub fn f(id: &str) -> String { format!(\"user {id}\") }\n",
        )],
        "",
    );
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "no hand-built URLs in 1 file of 1 line\n");
}

#[test]
fn usage_and_io_errors_exit_with_2() {
    let root = fixture("usage", &[("src/lib.rs", CLIENT)], "");
    let output = run(&root, &["--format", "xml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("error: unknown format `xml`; write `human` or `sarif`"));
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-urlkit"))
        .args([
            "urlkit",
            "check",
            "--manifest-path",
            "/nonexistent/Cargo.toml",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: `cargo metadata` failed"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_allow_comment_with_a_reason_silences_and_one_without_is_reported() {
    let source = r#"pub fn a(host: &str) -> String {
    // urlkit: allow(reason = "the host comes from our own config")
    format!("https://{}/status", host)
}

pub fn b(host: &str) -> String {
    format!("https://{}/status", host) // urlkit: allow
}
"#;
    let root = fixture("allow", &[("src/lib.rs", source)], "");
    let output = run(&root, &[]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        !text.contains("src/lib.rs:3:"),
        "the reasoned allow silences line 3:\n{text}"
    );
    assert!(text.contains("--> src/lib.rs:7:"), "{text}");
    assert!(
        text.contains(
            "warning: `// urlkit: allow` without a reason silences nothing\n --> src/lib.rs:7:43"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "1 hand-built URL in 1 file of 8 lines; 1 `// urlkit: allow` without a reason\n"
        ),
        "{text}"
    );
}

#[test]
fn the_config_skips_paths_and_needs_a_reason() {
    let files = [
        ("src/lib.rs", "mod generated;\n"),
        ("src/generated/mod.rs", CLIENT),
    ];
    let skip = "\n[package.metadata.urlkit]\nskip = [{ path = \"src/generated/**\", reason = \"generated from the OpenAPI document\" }]\n";
    let root = fixture("skip", &files, skip);
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));

    let no_reason = "\n[package.metadata.urlkit]\nskip = [{ path = \"src/generated/**\" }]\n";
    let root = fixture("skip-no-reason", &files, no_reason);
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("has no reason; say why with `reason = \"...\"`"),
        "{}",
        stderr(&output)
    );

    let typo = "\n[package.metadata.urlkit]\nskipp = []\n";
    let root = fixture("skip-typo", &files, typo);
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("unknown key `skipp`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn fix_rewrites_the_mechanical_findings_and_leaves_the_others() {
    let source = r#"use std::error::Error;

pub fn repo(owner: &str, name: &str) -> Result<String, Box<dyn Error>> {
    let url = format!("https://api.github.com/repos/{}/{}", owner, name);
    Ok(url)
}

pub fn debug(id: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://example.com/items/{:?}", id))
}
"#;
    let root = fixture("fix", &[("src/lib.rs", source)], "");
    let output = run(&root, &["--fix"]);
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let fixed = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    assert!(
        fixed.contains(
            r#"let url = urlkit::url!("https://api.github.com/repos/{owner}/{name}")?.to_string();"#
        ),
        "{fixed}"
    );
    assert!(
        fixed.contains(r#"format!("https://example.com/items/{:?}", id)"#),
        "{fixed}"
    );
    assert!(
        text.contains("--> src/lib.rs:9:"),
        "the remaining finding, at its line:\n{text}"
    );
    assert!(
        text.contains("no automatic rewrite: `{:?}` formats `id` with `Debug`"),
        "{text}"
    );
    assert!(
        text.ends_with("1 hand-built URL in 1 file of 10 lines, 1 rewritten\n"),
        "{text}"
    );
}

#[test]
fn sarif_validates_against_the_official_schema() {
    let source = r#"use std::error::Error;

pub fn repo(owner: &str, name: &str) -> Result<String, Box<dyn Error>> {
    let url = format!("https://api.github.com/repos/{}/{}", owner, name);
    Ok(url)
}

pub fn user(base_url: &str, id: &str) -> String {
    format!("{}/users/{}", base_url, id) // urlkit: allow
}
"#;
    let root = fixture("sarif dir", &[("src/lib.rs", source)], "");
    let output = run(&root, &["--format", "sarif"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();

    let schema_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif-schema-2.1.0.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let id = schema["id"].as_str().unwrap().to_string();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource(&id, schema).unwrap();
    let mut schemas = boon::Schemas::new();
    let index = compiler.compile(&id, &mut schemas).unwrap();
    if let Err(e) = schemas.validate(&log, index) {
        panic!("the SARIF log is not valid: {e:#}");
    }

    let results = log["runs"][0]["results"].as_array().unwrap();
    let rules: Vec<&str> = results
        .iter()
        .map(|r| r["ruleId"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        ["hand-built-url", "hand-built-url", "allow-without-reason"]
    );
    let first = &results[0];
    let location = &first["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "src/lib.rs");
    assert_eq!(location["region"]["startLine"], 4);
    assert_eq!(location["region"]["startColumn"], 53);
    assert_eq!(location["region"]["endColumn"], 55);
    let replacement = &first["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(
        replacement["insertedContent"]["text"],
        r#"urlkit::url!("https://api.github.com/repos/{owner}/{name}")?.to_string()"#
    );
    assert!(
        results[1].get("fixes").is_none(),
        "a base URL has no mechanical rewrite"
    );
    // The root, with its space percent-encoded.
    let root_uri = log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        root_uri.starts_with("file:///") && root_uri.ends_with("/sarif%20dir/"),
        "{root_uri}"
    );

    // And the schema refuses what it should: the oracle can fail.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(schemas.validate(&broken, index).is_err());
}
