//! `--fix` against the code it rewrote: the cases of `tests/data/corpus/fix/cases.rs` are
//! copied twice into a scratch crate (under the target directory, depending on urlkit by
//! path); `cargo urlkit check --fix` rewrites one copy; the crate is built once and runs every
//! case both ways. For benign values the rewritten code must build the same URL text; for
//! hostile values (`..`, `a/b`, `x&admin=1`, ...) it must refuse or build a URL of the benign
//! one's shape, as the `url` crate (the WHATWG parser, which shares no code with urlkit)
//! reads it; and each case must show the hazard, the original's shape changing.
//!
//! One `cargo build` of a small crate, whose target directory is kept under the target
//! directory so that later runs rebuild only the rewritten module.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

const BENIGN: [&str; 2] = ["rust-lang", "v1.2_x"];
const HOSTILE: [&str; 7] = [
    "..",
    "a/b",
    "x&admin=1",
    "#top",
    "a?b=c",
    "evil.example@x",
    "x:1",
];

fn main_rs() -> String {
    format!(
        r#"mod original;
mod rewritten;

fn show(result: Result<String, Box<dyn std::error::Error>>) -> String {{
    match result {{
        Ok(url) => format!("OK {{url}}"),
        Err(_) => "ERR".to_string(),
    }}
}}

fn main() {{
    let benign: &[&str] = &{BENIGN:?};
    let hostile: &[&str] = &{HOSTILE:?};
    for (o, r) in original::CASES.iter().zip(rewritten::CASES) {{
        assert_eq!(o.0, r.0);
        let args = &benign[..o.1];
        println!("{{}}\t-\t-\t{{}}\t{{}}", o.0, show((o.2)(args)), show((r.2)(args)));
        for i in 0..o.1 {{
            for h in hostile {{
                let mut a = args.to_vec();
                a[i] = h;
                println!("{{}}\t{{i}}\t{{h}}\t{{}}\t{{}}", o.0, show((o.2)(&a)), show((r.2)(&a)));
            }}
        }}
    }}
}}
"#
    )
}

/// What a URL's shape is, as the `url` crate reads it: what a value must not change.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    scheme: String,
    host: Option<String>,
    port: Option<u16>,
    segments: usize,
    query_keys: Vec<String>,
    fragment: bool,
}

fn shape(text: &str) -> Option<Shape> {
    let url = url::Url::parse(text).ok()?;
    Some(Shape {
        scheme: url.scheme().to_string(),
        host: url.host_str().map(ToString::to_string),
        port: url.port(),
        segments: url.path_segments().map_or(0, Iterator::count),
        query_keys: url.query_pairs().map(|(k, _)| k.into_owned()).collect(),
        fragment: url.fragment().is_some(),
    })
}

#[test]
fn fixed_code_builds_the_same_urls_and_refuses_hostile_values() {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fix-harness");
    let src = scratch.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let runtime = manifest_dir.join("../runtime");
    std::fs::write(
        scratch.join("Cargo.toml"),
        format!(
            r#"[package]
name = "urlkit-fix-harness"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
urlkit = {{ path = {:?} }}
url = "2.5.4"

[package.metadata.urlkit]
skip = [
    {{ path = "src/main.rs", reason = "the harness itself" }},
    {{ path = "src/original.rs", reason = "the code as written, run beside the rewrite" }},
]

[workspace]
"#,
            runtime.display().to_string()
        ),
    )
    .unwrap();
    // The workspace's lock file: the scratch crate builds the versions the workspace tests.
    if !scratch.join("Cargo.lock").exists() {
        std::fs::copy(
            manifest_dir.join("../Cargo.lock"),
            scratch.join("Cargo.lock"),
        )
        .unwrap();
    }
    let cases =
        std::fs::read_to_string(manifest_dir.join("tests/data/corpus/fix/cases.rs")).unwrap();
    std::fs::write(src.join("original.rs"), &cases).unwrap();
    std::fs::write(src.join("rewritten.rs"), &cases).unwrap();
    std::fs::write(src.join("main.rs"), main_rs()).unwrap();

    let fix = Command::new(env!("CARGO_BIN_EXE_cargo-urlkit"))
        .args(["urlkit", "check", "--fix", "--manifest-path"])
        .arg(scratch.join("Cargo.toml"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&fix.stderr);
    assert_eq!(
        fix.status.code(),
        Some(0),
        "every case is rewritten:\n{report}"
    );
    let rewritten = std::fs::read_to_string(src.join("rewritten.rs")).unwrap();
    assert!(!rewritten.contains("format!("), "{rewritten}");
    assert!(
        !rewritten.contains("\"https://example.com/items/\".to_owned()"),
        "{rewritten}"
    );
    let rewrites = rewritten.matches("urlkit::url!(").count();
    assert_eq!(rewrites, 15, "{report}\n{rewritten}");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let started = Instant::now();
    let run = Command::new(cargo)
        .args(["run", "--quiet", "--manifest-path"])
        .arg(scratch.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .output()
        .unwrap();
    println!(
        "the scratch crate built and ran in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "the rewritten code compiles and runs:\n{}\n{rewritten}",
        String::from_utf8_lossy(&run.stderr)
    );

    let mut benign: BTreeMap<&str, (String, String)> = BTreeMap::new();
    let mut hazards: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut refused, mut encoded) = (0, 0);
    for line in stdout.lines() {
        let [case, position, value, original, rewritten] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("unexpected line {line:?}");
        };
        let original = original
            .strip_prefix("OK ")
            .unwrap_or_else(|| panic!("{case}: the original failed"));
        if position == "-" {
            assert_eq!(
                rewritten,
                format!("OK {original}"),
                "{case}: the same URL for benign values"
            );
            benign.insert(case, (original.to_string(), rewritten[3..].to_string()));
            hazards.insert(case, 0);
            continue;
        }
        let (benign_original, benign_rewritten) = &benign[case];
        let expected =
            shape(benign_rewritten).unwrap_or_else(|| panic!("{case}: {benign_rewritten} parses"));
        if shape(original) != shape(benign_original) {
            *hazards.get_mut(case).unwrap() += 1;
        }
        match rewritten.strip_prefix("OK ") {
            None => refused += 1,
            Some(url) => {
                assert_eq!(
                    shape(url).as_ref(),
                    Some(&expected),
                    "{case}: the value {value:?} at {position} changed the URL's shape: {url}"
                );
                encoded += 1;
            }
        }
    }
    assert_eq!(benign.len(), 15, "every case ran:\n{stdout}");
    for (case, count) in &hazards {
        assert!(
            *count > 0,
            "{case}: no hostile value changed the original's shape"
        );
    }
    println!(
        "{} cases: the same URL for benign values; hostile values {refused} refused, {encoded} encoded; originals changed shape {} times",
        benign.len(),
        hazards.values().sum::<usize>()
    );
}
