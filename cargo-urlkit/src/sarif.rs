//! Findings as a SARIF 2.1.0 log, the format GitHub code scanning reads.

use core::fmt::Write as _;
use serde_json::{Value, json};

use crate::analyze::Finding;
use crate::report::Lines;

pub(crate) const RULE_HAND_BUILT: &str = "hand-built-url";
pub(crate) const RULE_ALLOW_WITHOUT_REASON: &str = "allow-without-reason";

/// One file's results.
pub(crate) struct FileResults<'a> {
    /// Relative to the workspace root, with `/` separators.
    pub(crate) path: String,
    pub(crate) lines: Lines<'a>,
    pub(crate) findings: Vec<&'a Finding>,
    pub(crate) malformed_allows: Vec<usize>,
}

fn region(lines: &Lines<'_>, range: core::ops::Range<usize>) -> Value {
    let (start_line, start_column) = lines.position(range.start);
    let (end_line, end_column) = lines.position(range.end);
    json!({
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
    })
}

/// Percent-encodes a path for a URI reference (RFC 3986 §3.3), keeping `/`.
pub(crate) fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

pub(crate) fn log(root: &std::path::Path, files: &[FileResults<'_>]) -> Value {
    let mut results = Vec::new();
    for file in files {
        let artifact = json!({ "uri": uri_path(&file.path), "uriBaseId": "%SRCROOT%" });
        for finding in &file.findings {
            let primary = finding
                .carets
                .first()
                .cloned()
                .unwrap_or_else(|| finding.range.clone());
            let mut text = format!("URL built by hand with {}.", finding.kind.describe());
            for note in &finding.notes {
                text.push(' ');
                text.push_str(&capitalize(note));
                text.push('.');
            }
            match &finding.rewrite {
                Ok(replacement) => {
                    let _ = write!(text, " Replace it with `{replacement}`.");
                }
                Err(reason) => {
                    if let Some(suggestion) = &finding.suggestion {
                        let _ = write!(text, " Write `{suggestion}`.");
                    }
                    let _ = write!(text, " No automatic rewrite: {reason}.");
                }
            }
            let related: Vec<Value> = finding
                .carets
                .iter()
                .skip(1)
                .enumerate()
                .map(|(i, caret)| {
                    json!({
                        "id": i + 1,
                        "physicalLocation": { "artifactLocation": artifact, "region": region(&file.lines, caret.clone()) },
                        "message": { "text": "another value placed by hand" },
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": RULE_HAND_BUILT,
                "ruleIndex": 0,
                "level": "warning",
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": { "artifactLocation": artifact, "region": region(&file.lines, primary) },
                }],
            });
            if !related.is_empty() {
                result["relatedLocations"] = Value::Array(related);
            }
            if let Ok(replacement) = &finding.rewrite {
                result["fixes"] = json!([{
                    "description": { "text": "build the URL with `urlkit::url!`" },
                    "artifactChanges": [{
                        "artifactLocation": artifact,
                        "replacements": [{
                            "deletedRegion": region(&file.lines, finding.range.clone()),
                            "insertedContent": { "text": replacement },
                        }],
                    }],
                }]);
            }
            results.push(result);
        }
        for &line in &file.malformed_allows {
            results.push(json!({
                "ruleId": RULE_ALLOW_WITHOUT_REASON,
                "ruleIndex": 1,
                "level": "warning",
                "message": { "text": "`// urlkit: allow` without a reason silences nothing; say why the URL is safe: `// urlkit: allow(reason = \"...\")`." },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact,
                        "region": { "startLine": line },
                    },
                }],
            }));
        }
    }
    // urlkit: allow(reason = "`uri_path` percent-encodes every byte but unreserved ones and `/`")
    let root_uri = format!(
        "file://{}/",
        uri_path(&root.to_string_lossy().replace('\\', "/")).trim_end_matches('/')
    );
    json!({
        "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "cargo-urlkit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://github.com/urlkit/urlkit",
                    "rules": [
                        {
                            "id": RULE_HAND_BUILT,
                            "name": "HandBuiltUrl",
                            "shortDescription": { "text": "URL built by hand" },
                            "fullDescription": { "text": "A URL built with format!, string concatenation or Url::join places values without encoding them for where they land: a `/` adds path segments, `..` climbs, `&` adds query parameters, `@` changes the host. urlkit's url! macro encodes each value for its place and refuses values that would change the URL's shape." },
                            "help": { "text": "Replace the expression with urlkit::url!; `cargo urlkit check --fix` rewrites the ones whose rewrite is mechanical. Silence one with `// urlkit: allow(reason = \"...\")`." },
                            "defaultConfiguration": { "level": "warning" },
                        },
                        {
                            "id": RULE_ALLOW_WITHOUT_REASON,
                            "name": "AllowWithoutReason",
                            "shortDescription": { "text": "`// urlkit: allow` without a reason" },
                            "defaultConfiguration": { "level": "warning" },
                        },
                    ],
                },
            },
            "originalUriBaseIds": { "%SRCROOT%": { "uri": root_uri } },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
