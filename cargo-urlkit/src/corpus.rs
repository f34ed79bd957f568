//! The labelled corpus (`tests/data/corpus`): snippets of public crates (`real/`, see its
//! PROVENANCE.md) and generated cases (`generated/`). A line that builds a URL by hand ends
//! with `//~ URL` (the line of the first value placed); `//~ URL fix` says the rewrite is
//! mechanical, `//~ URL nofix` that it is not. Every other line must not be reported.
//!
//! The test measures precision and recall, prints them with the misses, and fails when the
//! false positives or the misses differ from the lists below (so a change in either is seen
//! and the README's numbers are kept true).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::analyze::Package;
use crate::report::Lines;

/// Lines labelled `//~ URL` that the scan does not report, and why (`file:line`).
const KNOWN_MISSES: &[(&str, &str)] = &[];

/// Lines reported that are not labelled.
const KNOWN_FALSE_POSITIVES: &[&str] = &[];

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Label {
    file: String,
    line: usize,
}

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let mut files = Vec::new();
    for dir in ["real", "generated"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("the corpus is in the repository")
            .map(|e| e.expect("readable").path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .collect();
        entries.sort();
        files.extend(entries);
    }
    files
}

#[test]
fn precision_and_recall_on_the_labelled_corpus() {
    let package = Package { has_urlkit: true };
    let mut expected = BTreeSet::new();
    let mut reported = BTreeSet::new();
    let mut fix_mismatches = Vec::new();
    let mut files = 0;
    for path in corpus_files() {
        files += 1;
        let name = format!(
            "{}/{}",
            path.parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy(),
            path.file_name().unwrap().to_string_lossy()
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let lines = Lines::new(&text);
        let findings = crate::findings(&text, package, true)
            .unwrap_or_else(|(e, at)| panic!("{name} does not parse: {e} at byte {at}"));
        let mut fixable = BTreeSet::new();
        for finding in &findings {
            let first = finding
                .carets
                .first()
                .map_or(finding.range.start, |c| c.start);
            let line = lines.position(first).0;
            let label = Label {
                file: name.clone(),
                line,
            };
            assert!(
                reported.insert(label),
                "{name}:{line}: two findings on one line"
            );
            if finding.rewrite.is_ok() {
                fixable.insert(line);
            }
        }
        for (i, source) in text.lines().enumerate() {
            let Some(mark) = source.split("//~ URL").nth(1) else {
                continue;
            };
            let line = i + 1;
            expected.insert(Label {
                file: name.clone(),
                line,
            });
            let want = match mark.trim() {
                "fix" => Some(true),
                "nofix" => Some(false),
                _ => None,
            };
            if let Some(want) = want
                && fixable.contains(&line) != want
                && reported.contains(&Label {
                    file: name.clone(),
                    line,
                })
            {
                let rewrite = findings
                    .iter()
                    .find(|f| {
                        lines
                            .position(f.carets.first().map_or(f.range.start, |c| c.start))
                            .0
                            == line
                    })
                    .map(|f| format!("{:?}", f.rewrite));
                fix_mismatches.push(format!("{name}:{line}: want fix = {want}, got {rewrite:?}"));
            }
        }
    }
    let true_positives = expected.intersection(&reported).count();
    let false_positives: Vec<String> = reported
        .difference(&expected)
        .map(|l| format!("{}:{}", l.file, l.line))
        .collect();
    let misses: Vec<String> = expected
        .difference(&reported)
        .map(|l| format!("{}:{}", l.file, l.line))
        .collect();
    #[allow(clippy::cast_precision_loss)]
    let (precision, recall) = (
        true_positives as f64 / reported.len().max(1) as f64,
        true_positives as f64 / expected.len().max(1) as f64,
    );
    println!(
        "corpus: {files} files, {} labelled, {} reported, {true_positives} true positives; precision {precision:.3}, recall {recall:.3}",
        expected.len(),
        reported.len()
    );
    for miss in &misses {
        println!("  missed: {miss}");
    }
    for fp in &false_positives {
        println!("  false positive: {fp}");
    }
    assert!(
        fix_mismatches.is_empty(),
        "rewrite expectations differ:\n{}",
        fix_mismatches.join("\n")
    );
    let known_misses: Vec<String> = KNOWN_MISSES.iter().map(|(l, _)| (*l).to_string()).collect();
    assert_eq!(
        misses, known_misses,
        "the misses changed; update KNOWN_MISSES and the README"
    );
    assert_eq!(
        false_positives,
        KNOWN_FALSE_POSITIVES
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        "the false positives changed; update KNOWN_FALSE_POSITIVES and the README"
    );
}
