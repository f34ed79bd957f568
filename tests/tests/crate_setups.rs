//! The code `url!`, `template!` and `#[derive(Route)]` generate, in the crate setups users
//! have: every edition, `#![no_implicit_prelude]`, urlkit renamed in `Cargo.toml` or reached
//! through a crate that re-exports it, captured names that are keywords in other editions
//! (`gen`, `async`, `try`), a shadowed `str`, a route field named like a prelude type.
//!
//! The crates are written under the target directory, as a workspace of their own that uses
//! this repository's lock file, and built and run by one `cargo run --offline`: each crate's
//! `check` builds URLs and parses them back, and the runner calls every `check`.
//!
//! The second test compiles code that misses a bound on a generic value, applies every fix
//! rustc marks machine-applicable (as `cargo fix` would), and requires the result to compile.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const RUNTIME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../runtime");
const LOCK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock");

/// The code every setup compiles: `url!` with captures and named arguments, a literal, a
/// join, `template!`, a struct route with a skipped field and an enum whose routes overlap
/// (its `to_url` checks the URL it built against the other routes). `$u` is the path to
/// urlkit in that crate, `$attr` the attribute a derive needs there, `$prelude` `::std`'s
/// items that a crate without the prelude names in full.
const SHARED: &str = r#"
pub fn shared() {
    let id = 7u32;
    let owner = "rust lang";
    let built = $u::url!("https://api.example.com/users/{id}/{owner}{?page}", page = ::std::option::Option::Some(2));
    ::std::assert_eq!(built.unwrap().as_str(), "https://api.example.com/users/7/rust%20lang?page=2");
    let literal = $u::url!("https://example.com/café");
    ::std::assert_eq!(literal.as_str(), "https://example.com/caf%C3%A9");
    let base = $u::url!("https://api.example.com/v1/");
    ::std::assert_eq!($u::url!(base, "users/{id}").unwrap().as_str(), "https://api.example.com/v1/users/7");
    let port = 8080u16;
    ::std::assert_eq!($u::url!("http://localhost:{port}/{owner:4}").unwrap().as_str(), "http://localhost:8080/rust");
    let template = $u::template!("/users/{id}{?tags*}");
    ::std::assert_eq!(template.as_str(), "/users/{id}{?tags*}");
    let user = User { id: 3, tab: ::std::option::Option::Some(::std::convert::From::from("a b")), skipped: 0 };
    let url = $u::Route::to_url(&user).unwrap();
    ::std::assert_eq!(url.as_str(), "/users/3?tab=a%20b");
    let back: User = $u::Route::from_url(url.as_str()).unwrap();
    ::std::assert_eq!((back.id, back.tab, back.skipped), (user.id, user.tab, 0));
    ::std::assert_eq!($u::Route::to_url(&Api::Me).unwrap().as_str(), "/users/me");
    ::std::assert!($u::Route::to_url(&Api::Login { login: ::std::convert::From::from("me") }).is_err());
    ::std::assert!(::std::matches!($u::Route::from_url("/users/octocat"), ::std::result::Result::Ok(Api::Login { .. })));
}

#[derive($u::Route)]
$attr
#[route("/users/{id}{?tab}")]
pub struct User {
    pub id: u64,
    pub tab: ::std::option::Option<$prelude::string::String>,
    #[route(skip)]
    pub skipped: u8,
}

#[derive($u::Route)]
$attr
pub enum Api {
    #[route("/users/me")]
    Me,
    #[route("/users/{login}")]
    Login { login: $prelude::string::String },
}
"#;

/// A crate: its name, the lines of its `Cargo.toml` after `[package]`'s name and version,
/// its dependencies, and the code of its `check` (beside [`SHARED`]'s, given `$u`, `$attr`
/// and `$prelude`).
struct Setup {
    name: &'static str,
    package: &'static str,
    dependencies: String,
    header: &'static str,
    root: &'static str,
    attr: &'static str,
    check: &'static str,
}

fn setups() -> Vec<Setup> {
    let urlkit = format!("urlkit = {{ path = {RUNTIME:?} }}");
    vec![
        Setup {
            // No `edition`: 2015, where `::x` is `crate::x`, and `async` and `try` are names.
            name: "edition2015",
            package: "",
            dependencies: urlkit.clone(),
            header: "",
            root: "urlkit",
            attr: "",
            check: r#"
pub fn check() {
    shared();
    let (async, try) = ("a", "b");
    ::std::assert_eq!(urlkit::url!("/{async}/{try}").unwrap().as_str(), "/a/b");
}
"#,
        },
        Setup {
            name: "edition2018",
            package: "edition = \"2018\"",
            dependencies: urlkit.clone(),
            header: "",
            root: "urlkit",
            attr: "",
            check: r#"
pub fn check() {
    shared();
    let (r#async, r#try, gen) = ("a", "b", "c");
    ::std::assert_eq!(urlkit::url!("/{async}/{try}/{gen}").unwrap().as_str(), "/a/b/c");
}
"#,
        },
        Setup {
            // `gen` is a name until 2024; `str` shadowed; a field named like a prelude type.
            name: "edition2021",
            package: "edition = \"2021\"",
            dependencies: urlkit.clone(),
            header: "#[allow(non_camel_case_types, dead_code)]\nstruct str;\n",
            root: "urlkit",
            attr: "",
            check: r#"
pub fn check() {
    shared();
    let gen = "g";
    ::std::assert_eq!(urlkit::url!("/{gen}").unwrap().as_str(), "/g");
    let odd = Odd { Option: 5 };
    ::std::assert_eq!(urlkit::Route::to_url(&odd).unwrap().as_str(), "/odd/5");
}

#[derive(urlkit::Route)]
#[route("/odd/{Option}")]
#[allow(non_snake_case)]
pub struct Odd {
    pub Option: u32,
}
"#,
        },
        Setup {
            name: "edition2024",
            package: "edition = \"2024\"",
            dependencies: urlkit.clone(),
            header: "",
            root: "urlkit",
            attr: "",
            check: r#"
pub fn check() {
    shared();
    let r#gen = "g";
    ::std::assert_eq!(urlkit::url!("/{gen}").unwrap().as_str(), "/g");
}
"#,
        },
        Setup {
            name: "no_prelude",
            package: "edition = \"2021\"",
            dependencies: urlkit.clone(),
            header: "#![no_implicit_prelude]\n",
            root: "::urlkit",
            attr: "",
            check: "pub fn check() {\n    shared();\n}\n",
        },
        Setup {
            // urlkit under another name: `url!` finds it by itself, the derive is told.
            name: "renamed",
            package: "edition = \"2021\"",
            dependencies: format!("myurl = {{ package = \"urlkit\", path = {RUNTIME:?} }}"),
            header: "",
            root: "myurl",
            attr: "#[urlkit(crate = \"myurl\")]",
            check: "pub fn check() {\n    shared();\n}\n",
        },
        Setup {
            // urlkit only through a crate that re-exports it.
            name: "through_facade",
            package: "edition = \"2024\"",
            dependencies: "facade = { path = \"../facade\" }".to_owned(),
            header: "",
            root: "facade::urlkit",
            attr: "#[urlkit(crate = \"facade::urlkit\")]",
            check: "pub fn check() {\n    shared();\n}\n",
        },
    ]
}

/// The directory the crates are written to, under the target directory, created empty but
/// for what earlier runs built (kept, so that a second run compiles only these crates).
fn workspace(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    fs::create_dir_all(&dir).unwrap();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n != "target") {
            if path.is_dir() {
                fs::remove_dir_all(&path).unwrap();
            } else {
                fs::remove_file(&path).unwrap();
            }
        }
    }
    fs::copy(LOCK, dir.join("Cargo.lock")).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn cargo(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO"))
        .args(args)
        .arg("--offline")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

#[test]
fn generated_code_compiles_and_runs_in_every_setup() {
    let dir = workspace("crate-setups");
    let setups = setups();
    let mut members: Vec<&str> = setups.iter().map(|s| s.name).collect();
    members.extend(["facade", "runner"]);
    write(
        &dir.join("Cargo.toml"),
        &format!("[workspace]\nresolver = \"2\"\nmembers = {members:?}\n"),
    );
    write(
        &dir.join("facade/Cargo.toml"),
        &format!(
            "[package]\nname = \"facade\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\nurlkit = {{ path = {RUNTIME:?} }}\n"
        ),
    );
    write(&dir.join("facade/src/lib.rs"), "pub use urlkit;\n");
    let mut runner_deps = String::new();
    let mut runner_calls = String::new();
    for setup in &setups {
        write(
            &dir.join(setup.name).join("Cargo.toml"),
            &format!(
                "[package]\nname = \"{}\"\nversion = \"0.0.0\"\n{}\n\n[dependencies]\n{}\n",
                setup.name, setup.package, setup.dependencies
            ),
        );
        let prelude = if setup.header.contains("no_implicit_prelude") {
            "::std"
        } else {
            "std"
        };
        let shared = SHARED
            .replace("$u", setup.root)
            .replace("$attr", setup.attr)
            .replace("$prelude", prelude);
        write(
            &dir.join(setup.name).join("src/lib.rs"),
            &format!("{}{}{}", setup.header, setup.check, shared),
        );
        writeln!(runner_deps, "{0} = {{ path = \"../{0}\" }}", setup.name).unwrap();
        writeln!(runner_calls, "    {}::check();", setup.name).unwrap();
    }
    write(
        &dir.join("runner/Cargo.toml"),
        &format!(
            "[package]\nname = \"runner\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\n{runner_deps}"
        ),
    );
    write(
        &dir.join("runner/src/main.rs"),
        &format!("fn main() {{\n{runner_calls}    println!(\"every setup ran\");\n}}\n"),
    );
    let out = cargo(&dir, &["run", "-q", "-p", "runner"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("every setup ran"),
        "the setups under {} did not build and run:\n{stdout}\n{stderr}",
        dir.display()
    );
}

/// Mistakes in each macro, for [`errors_are_reported_in_every_setup`].
const MISTAKES: &str = r#"
pub fn mistakes() {
    let x = 1;
    let _ = $u::url!("/{x");
    let _ = $u::template!("/{y");
}

#[derive($u::Route)]
#[route("users/{id}")]
pub struct User {
    pub id: u64,
}
"#;

/// A mistake is reported as urlkit's error, in the user's order, in an edition-2015 crate
/// (where `::core` is `crate::core`), in a `no_std` one (which has no `std`) and in one
/// without the prelude.
#[test]
fn errors_are_reported_in_every_setup() {
    let dir = workspace("crate-setups-errors");
    let setups = [
        ("edition2015", "", "", "urlkit"),
        ("nostd", "edition = \"2021\"", "#![no_std]", "urlkit"),
        (
            "no_prelude",
            "edition = \"2021\"",
            "#![no_implicit_prelude]",
            "::urlkit",
        ),
    ];
    let members: Vec<&str> = setups.iter().map(|(name, ..)| *name).collect();
    write(
        &dir.join("Cargo.toml"),
        &format!("[workspace]\nresolver = \"2\"\nmembers = {members:?}\n"),
    );
    for (name, package, header, root) in setups {
        write(
            &dir.join(name).join("Cargo.toml"),
            &format!(
                "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\n{package}\n\n[dependencies]\nurlkit = {{ path = {RUNTIME:?}, default-features = false }}\n"
            ),
        );
        write(
            &dir.join(name).join("src/lib.rs"),
            &format!("{header}{}", MISTAKES.replace("$u", root)),
        );
    }
    for (name, _, _, root) in setups {
        let out = cargo(&dir, &["check", "-q", "-p", name, "--message-format=short"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let errors: Vec<&str> = stderr
            .lines()
            .filter(|line| line.contains("error"))
            .collect();
        assert!(!out.status.success(), "{name}: the mistakes compiled");
        // The literals' columns move with the path to urlkit.
        let shift = root.len() - "urlkit".len();
        let expected = [
            format!("src/lib.rs:4:{}: error: unclosed `{{`", 26 + shift),
            format!("src/lib.rs:5:{}: error: unclosed `{{`", 31 + shift),
            "src/lib.rs:9:9: error: a route template is a path starting with `/`".to_owned(),
        ];
        for (line, want) in errors.iter().zip(&expected) {
            let want = format!("{name}/{want}");
            assert!(
                line.starts_with(&want),
                "{name}: {line:?}, not {want:?}\n{stderr}"
            );
        }
        assert_eq!(errors.len(), expected.len() + 1, "{name}: {stderr}");
    }
}

/// Code that misses a bound on a generic value, where each kind of placeholder checks a
/// different one.
const MISSING_BOUNDS: &str = r#"
use std::fmt::Display;

pub fn plain<T: Display>(id: T) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("/users/{id}")
}

pub fn query<T: Display>(page: T) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("/list{?page}")
}

pub fn named<T: Display>(v: T) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("/list{?last.name}", "last.name" = v)
}

pub fn prefixed<T: Display>(name: T) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("/initial/{name:1}")
}

pub fn port<T: Display>(port: T) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("http://localhost:{port}/")
}

pub fn several<A: Display, B: Display>(a: A, b: B) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("/{a}{?b}")
}
"#;

#[test]
fn machine_applicable_fixes_compile() {
    let dir = workspace("machine-applicable");
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"fixes\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\nurlkit = {{ path = {RUNTIME:?} }}\n\n[workspace]\n"
        ),
    );
    let lib = dir.join("src/lib.rs");
    write(&lib, MISSING_BOUNDS);
    let out = cargo(&dir, &["build", "--message-format=json"]);
    assert!(!out.status.success(), "the code without bounds compiled");
    let mut fixes = Vec::new();
    let mut rendered = String::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-message" || message["message"]["level"] != "error" {
            continue;
        }
        if let Some(text) = message["message"]["rendered"].as_str()
            && message["message"]["code"].is_object()
        {
            rendered.push_str(text);
            collect_fixes(&message["message"], &mut fixes);
        }
    }
    // One error a placeholder, each with its fix.
    let errors = rendered.matches("error[E0277]").count();
    assert_eq!(errors, 7, "{rendered}");
    assert_eq!(
        fixes.len(),
        errors,
        "a fix for each error: {fixes:?}\n{rendered}"
    );
    let mut text = fs::read_to_string(&lib).unwrap();
    fixes.sort_by_key(|fix: &Fix| std::cmp::Reverse(fix.start));
    fixes.dedup_by_key(|fix| fix.start);
    for fix in &fixes {
        text.replace_range(fix.start..fix.end, &fix.replacement);
    }
    write(&lib, &text);
    let out = cargo(&dir, &["build", "-q"]);
    assert!(
        out.status.success(),
        "the fixed code does not compile:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[derive(Debug)]
struct Fix {
    start: usize,
    end: usize,
    replacement: String,
}

/// The machine-applicable replacements of `diagnostic` and its children in `src/lib.rs`.
fn collect_fixes(diagnostic: &serde_json::Value, out: &mut Vec<Fix>) {
    for span in diagnostic["spans"].as_array().into_iter().flatten() {
        if span["suggestion_applicability"] == "MachineApplicable"
            && span["file_name"] == "src/lib.rs"
            && let Some(replacement) = span["suggested_replacement"].as_str()
        {
            out.push(Fix {
                start: usize::try_from(span["byte_start"].as_u64().unwrap()).unwrap(),
                end: usize::try_from(span["byte_end"].as_u64().unwrap()).unwrap(),
                replacement: replacement.to_owned(),
            });
        }
    }
    for child in diagnostic["children"].as_array().into_iter().flatten() {
        collect_fixes(child, out);
    }
}
