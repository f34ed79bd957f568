//! `cargo urlkit check`: finds URLs built by hand (`format!`, string concatenation,
//! `push_str`, `Url::join` with a value) in a crate or workspace, says what a value can do
//! where it lands, and rewrites the mechanical ones into urlkit's `url!`.
//!
//! See README.md for usage. The scan reads syntax only (syn), never types: its evidence is
//! the literal's shape (`https://…`, `?key=`) and where the text goes (`Url::parse`,
//! `client.get`, a variable named `url`).

#![forbid(unsafe_code)]

mod analyze;
mod literal;
mod report;
mod sarif;
mod scan;
mod workspace;

#[cfg(test)]
mod corpus;

use core::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use analyze::Finding;
use report::{Allows, Lines};

const USAGE: &str = "\
Finds URLs built by hand and rewrites them into urlkit's `url!`.

Usage: cargo urlkit check [OPTIONS]

Options:
      --manifest-path <PATH>  The Cargo.toml of the crate or workspace to scan
      --fix                   Rewrite the findings whose rewrite is mechanical
      --format <FORMAT>       `human` (default, on stderr) or `sarif` (on stdout)
      --output <FILE>         Write the report to FILE instead
      --tests                 Also scan tests, benches and #[cfg(test)] code
  -h, --help                  Print this help
  -V, --version               Print the version

Exit status: 0 when nothing is found, 1 when something is, 2 on a usage or I/O error.";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Human,
    Sarif,
}

struct Args {
    manifest_path: Option<PathBuf>,
    fix: bool,
    format: Format,
    output: Option<PathBuf>,
    tests: bool,
}

enum Parsed {
    Run(Args),
    Help,
    Version,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Parsed, String> {
    // `cargo urlkit check` runs `cargo-urlkit urlkit check`; `cargo-urlkit check` works too.
    let mut first = args.next();
    if first.as_deref() == Some("urlkit") {
        first = args.next();
    }
    match first.as_deref() {
        Some("check") => {}
        Some("-h" | "--help" | "help") | None => return Ok(Parsed::Help),
        Some("-V" | "--version") => return Ok(Parsed::Version),
        Some(other) => {
            return Err(format!(
                "unknown command `{other}`; the command is `cargo urlkit check`"
            ));
        }
    }
    let mut parsed = Args {
        manifest_path: None,
        fix: false,
        format: Format::Human,
        output: None,
        tests: false,
    };
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("`{name}` needs a value"))
        };
        match flag.as_str() {
            "--manifest-path" => parsed.manifest_path = Some(value("--manifest-path")?.into()),
            "--fix" => parsed.fix = true,
            "--tests" => parsed.tests = true,
            "--format" => {
                parsed.format = match value("--format")?.as_str() {
                    "human" => Format::Human,
                    "sarif" => Format::Sarif,
                    other => {
                        return Err(format!(
                            "unknown format `{other}`; write `human` or `sarif`"
                        ));
                    }
                }
            }
            "--output" | "-o" => parsed.output = Some(value("--output")?.into()),
            "-h" | "--help" => return Ok(Parsed::Help),
            other => {
                return Err(format!(
                    "unknown option `{other}`; see `cargo urlkit check --help`"
                ));
            }
        }
    }
    Ok(Parsed::Run(parsed))
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)) {
        Ok(Parsed::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Parsed::Version) => {
            println!("cargo-urlkit {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Parsed::Run(args)) => match run(&args) {
            Ok(true) => ExitCode::from(1),
            Ok(false) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        },
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// One scanned file.
struct Scanned {
    path: PathBuf,
    package: analyze::Package,
    text: String,
    findings: Vec<Finding>,
    malformed_allows: Vec<usize>,
}

/// What the scan of one file gives, or why it could not be read.
fn scan_file(path: &Path, package: analyze::Package, tests: bool) -> Result<Scanned, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("could not read `{}`: {e}", path.display()))?;
    let findings = match findings(&text, package, tests) {
        Ok(f) => f,
        Err((message, offset)) => {
            // rustc would refuse the file too; say so and go on with the others.
            let (line, column) = Lines::new(&text).position(offset.min(text.len()));
            eprintln!(
                "warning: could not parse `{}` ({message} at {line}:{column}); it was not scanned",
                path.display()
            );
            Vec::new()
        }
    };
    let allows = Allows::parse(&text);
    let lines = Lines::new(&text);
    let findings = findings
        .into_iter()
        .filter(|f| {
            let start = lines.position(f.range.start).0;
            let end = lines.position(f.range.end).0;
            !allows.silences(start..end + 1)
        })
        .collect();
    Ok(Scanned {
        path: path.to_path_buf(),
        package,
        text,
        findings,
        malformed_allows: allows.malformed,
    })
}

/// Every finding of a file's text, or why it does not parse and where (a byte offset).
pub(crate) fn findings(
    text: &str,
    package: analyze::Package,
    tests: bool,
) -> Result<Vec<Finding>, (String, usize)> {
    let prepared = without_bom_and_shebang(text);
    // The error's position is read before the spans are dropped below.
    let candidates =
        scan::scan(&prepared, tests).map_err(|e| (e.to_string(), e.span().byte_range().start));
    // The spans of this file are no longer needed; without this, every file's text would stay
    // in proc-macro2's source map until the thread ends.
    proc_macro2::extra::invalidate_current_thread_spans();
    let mut findings: Vec<Finding> = candidates?
        .iter()
        .filter_map(|c| analyze::analyze(c, package))
        .collect();
    findings.sort_by_key(|f| f.range.start);
    Ok(findings)
}

/// The text with a byte order mark and a `#!` line blanked out (same length, so byte offsets
/// stay those of the file): syn would strip them and shift every offset.
fn without_bom_and_shebang(text: &str) -> String {
    let mut out = text.to_string();
    let mut start = 0;
    if out.starts_with('\u{feff}') {
        out.replace_range(..3, "   ");
        start = 3;
    }
    let rest = &out[start..];
    if rest.starts_with("#!") && !rest[2..].trim_start().starts_with('[') {
        let end = start + rest.find('\n').unwrap_or(rest.len());
        out.replace_range(start..end, &" ".repeat(end - start));
    }
    blank_frontmatter(&mut out);
    out
}

/// A cargo script's frontmatter (`---` lines around a manifest, before any code) blanked out
/// like the `#!` line: syn does not read it.
fn blank_frontmatter(text: &mut String) {
    let body = text.trim_start();
    let start = text.len() - body.len();
    let dashes = body.bytes().take_while(|&b| b == b'-').count();
    if dashes < 3 {
        return;
    }
    let fence = &body[..dashes];
    let mut end = None;
    let mut offset = start;
    for (i, line) in text[start..].split_inclusive('\n').enumerate() {
        if i > 0 && line.trim_end() == fence {
            end = Some(offset + line.trim_end().len());
            break;
        }
        offset += line.len();
    }
    if let Some(end) = end {
        // Same byte length: every character became one space, so multi-byte ones need more.
        let blanked: String = text[start..end]
            .char_indices()
            .flat_map(|(_, c)| {
                let fill = if c == '\n' { '\n' } else { ' ' };
                core::iter::repeat_n(fill, if c == '\n' { 1 } else { c.len_utf8() })
            })
            .collect();
        text.replace_range(start..end, &blanked);
    }
}

fn run(args: &Args) -> Result<bool, String> {
    let workspace = workspace::load(args.manifest_path.as_deref(), args.tests)?;
    let mut jobs = Vec::new();
    for package in &workspace.packages {
        let info = analyze::Package {
            has_urlkit: package.has_urlkit,
        };
        for file in &package.files {
            if !package.skips(file) {
                jobs.push((file.clone(), info));
            }
        }
    }
    let mut scanned = scan_all(&jobs, args.tests)?;
    scanned.sort_by(|a, b| a.path.cmp(&b.path));

    let mut fixed_count = 0;
    if args.fix {
        for file in &mut scanned {
            let fixed = apply_fixes(file)?;
            if fixed > 0 {
                fixed_count += fixed;
                // What is left, with the positions of the rewritten text.
                *file = scan_file(&file.path, file.package, args.tests)?;
            }
        }
    }

    let cwd = std::env::current_dir().unwrap_or_default();
    let mut remaining = 0;
    let mut unreasoned = 0;
    let mut human = String::new();
    let mut sarif_files = Vec::new();
    for file in &scanned {
        let shown = display_path(&file.path, &cwd);
        let lines = Lines::new(&file.text);
        let mut kept = Vec::new();
        for finding in &file.findings {
            remaining += 1;
            human.push_str(&report::human(finding, &shown, &lines));
            human.push('\n');
            kept.push(finding);
        }
        for &line in &file.malformed_allows {
            unreasoned += 1;
            human.push_str(&report::malformed_allow(&shown, line, &lines));
            human.push('\n');
        }
        if !kept.is_empty() || !file.malformed_allows.is_empty() {
            let relative = file
                .path
                .strip_prefix(&workspace.root)
                .unwrap_or(&file.path)
                .to_string_lossy()
                .replace('\\', "/");
            sarif_files.push(sarif::FileResults {
                path: relative,
                lines,
                findings: kept,
                malformed_allows: file.malformed_allows.clone(),
            });
        }
    }
    let fixable = scanned
        .iter()
        .flat_map(|f| &f.findings)
        .filter(|f| f.rewrite.is_ok())
        .count();
    let lines: usize = scanned.iter().map(|f| f.text.lines().count()).sum();
    let files = format!(
        "{} file{} of {lines} line{}",
        jobs.len(),
        plural(jobs.len()),
        plural(lines)
    );
    let mut summary = match (remaining, fixed_count) {
        (0, 0) => format!("no hand-built URLs in {files}"),
        (0, n) => format!(
            "rewrote {n} hand-built URL{}; none left in {files}",
            plural(n)
        ),
        (r, n) => {
            let mut s = format!("{r} hand-built URL{} in {files}", plural(r));
            if n > 0 {
                let _ = write!(s, ", {n} rewritten");
            }
            if fixable > 0 {
                let _ = write!(
                    s,
                    " ({fixable} can be rewritten with `cargo urlkit check --fix`)"
                );
            }
            s
        }
    };
    if unreasoned > 0 {
        let _ = write!(
            summary,
            "; {unreasoned} `// urlkit: allow` without a reason"
        );
    }
    let report = match args.format {
        Format::Human => format!("{human}{summary}\n"),
        Format::Sarif => {
            let log = sarif::log(&workspace.root, &sarif_files);
            let mut text = serde_json::to_string_pretty(&log).expect("JSON values serialize");
            text.push('\n');
            text
        }
    };
    match (&args.output, args.format) {
        (Some(path), _) => std::fs::write(path, report)
            .map_err(|e| format!("could not write `{}`: {e}", path.display()))?,
        (None, Format::Human) => eprint!("{report}"),
        (None, Format::Sarif) => {
            let mut out = std::io::stdout().lock();
            out.write_all(report.as_bytes())
                .map_err(|e| format!("could not write the report: {e}"))?;
        }
    }
    if args.format == Format::Sarif || args.output.is_some() {
        eprintln!("{summary}");
    }
    Ok(remaining + unreasoned > 0)
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Scans the files on as many threads as there are cores.
fn scan_all(jobs: &[(PathBuf, analyze::Package)], tests: bool) -> Result<Vec<Scanned>, String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(jobs.len().max(1));
    let chunk = jobs.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(chunk)
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|(path, package)| scan_file(path, *package, tests))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for handle in handles {
            all.extend(
                handle
                    .join()
                    .map_err(|_| "a scanning thread panicked".to_string())??,
            );
        }
        Ok(all)
    })
}

/// Rewrites a file's mechanical findings; returns how many were rewritten.
fn apply_fixes(file: &Scanned) -> Result<usize, String> {
    let mut edits: Vec<&Finding> = file.findings.iter().filter(|f| f.rewrite.is_ok()).collect();
    // From the end, so earlier offsets stay valid; an edit inside another is left out.
    edits.sort_by_key(|f| core::cmp::Reverse(f.range.start));
    let mut text = file.text.clone();
    let mut done = 0;
    let mut floor = usize::MAX;
    for finding in edits {
        if finding.range.end > floor {
            continue;
        }
        let Ok(replacement) = &finding.rewrite else {
            continue;
        };
        text.replace_range(finding.range.clone(), replacement);
        floor = finding.range.start;
        done += 1;
    }
    if done > 0 {
        std::fs::write(&file.path, &text)
            .map_err(|e| format!("could not write `{}`: {e}", file.path.display()))?;
    }
    Ok(done)
}

fn display_path(path: &Path, cwd: &Path) -> String {
    path.strip_prefix(cwd)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Parsed, String> {
        parse_args(list.iter().map(ToString::to_string))
    }

    #[test]
    fn cargo_passes_the_subcommand_name_first() {
        let Ok(Parsed::Run(a)) = args(&["urlkit", "check", "--fix", "--format=sarif"]) else {
            panic!("parsed as something else");
        };
        assert!(a.fix);
        assert!(a.format == Format::Sarif);
        assert!(
            matches!(args(&["check", "--manifest-path"]), Err(e) if e.contains("needs a value"))
        );
        assert!(matches!(args(&["urlkit", "lint"]), Err(e) if e.contains("unknown command")));
        assert!(
            matches!(args(&["check", "--format", "xml"]), Err(e) if e.contains("unknown format"))
        );
    }

    #[test]
    fn a_file_that_does_not_parse_is_an_error_at_its_position() {
        let package = analyze::Package { has_urlkit: true };
        let Err((message, offset)) = findings("fn f() {\n    let = 1;\n}\n", package, false) else {
            panic!("parsed");
        };
        assert!(message.starts_with("expected one of"), "{message}");
        assert_eq!(offset, 17);
        // The next file of the same thread is scanned as usual.
        assert!(findings("fn g() {}\n", package, false).is_ok_and(|f| f.is_empty()));
    }

    #[test]
    fn shebang_and_bom_keep_offsets() {
        let text = "\u{feff}#!/usr/bin/env run\nfn main() {}\n";
        let prepared = without_bom_and_shebang(text);
        assert_eq!(prepared.len(), text.len());
        assert!(syn::parse_file(&prepared).is_ok());
        assert_eq!(without_bom_and_shebang("#![allow(x)]\n"), "#![allow(x)]\n");
        let script =
            "#!/usr/bin/env cargo\n---\n[dependencies]\nurl = \"2\" # é\n---\nfn main() {}\n";
        let prepared = without_bom_and_shebang(script);
        assert_eq!(prepared.len(), script.len());
        assert!(syn::parse_file(&prepared).is_ok(), "{prepared}");
    }
}
