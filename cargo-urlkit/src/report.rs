//! Findings as rustc draws diagnostics (file, line, column, the source line with carets),
//! and the `// urlkit: allow(reason = "...")` comments that silence them.

use core::fmt::Write as _;
use core::ops::Range;
use std::collections::BTreeMap;

use crate::analyze::Finding;

/// Line starts of a file, to turn byte offsets into lines and columns.
pub(crate) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let starts = core::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// The 1-based line and column (in characters, as rustc counts) of a byte offset.
    pub(crate) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[self.starts[line]..offset].chars().count() + 1;
        (line + 1, column)
    }

    /// The text of a 1-based line, without its line break.
    pub(crate) fn line(&self, line: usize) -> &'a str {
        let start = self.starts[line - 1];
        let end = self.starts.get(line).map_or(self.text.len(), |&e| e - 1);
        self.text[start..end].trim_end_matches('\r')
    }
}

/// What the `// urlkit: allow(...)` comments of a file say, by 1-based line.
pub(crate) struct Allows {
    /// Lines with a well-formed comment.
    lines: BTreeMap<usize, String>,
    /// Lines with a comment that has no reason (reported, and silencing nothing).
    pub(crate) malformed: Vec<usize>,
}

const ALLOW: &str = "urlkit: allow";

impl Allows {
    pub(crate) fn parse(text: &str) -> Self {
        let mut lines = BTreeMap::new();
        let mut malformed = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let Some(comment) = line.find("//").map(|c| &line[c + 2..]) else {
                continue;
            };
            let Some(at) = comment.find(ALLOW) else {
                continue;
            };
            let rest = comment[at + ALLOW.len()..].trim();
            match reason(rest) {
                Some(reason) => {
                    lines.insert(i + 1, reason);
                }
                None => malformed.push(i + 1),
            }
        }
        Allows { lines, malformed }
    }

    /// Whether a comment silences what spans `lines` (a comment on any of them, or on the
    /// line just above).
    pub(crate) fn silences(&self, lines: Range<usize>) -> bool {
        self.lines
            .range(lines.start.saturating_sub(1)..lines.end)
            .next()
            .is_some()
    }
}

/// The reason of `(reason = "...")`, if it is there and not empty.
fn reason(rest: &str) -> Option<String> {
    let inner = rest.strip_prefix('(')?;
    let inner = inner[..inner.rfind(')')?].trim();
    let value = inner
        .strip_prefix("reason")?
        .trim_start()
        .strip_prefix('=')?
        .trim();
    let value = value.strip_prefix('"')?.strip_suffix('"')?;
    (!value.trim().is_empty()).then(|| value.to_string())
}

/// One finding, drawn as rustc draws a warning.
pub(crate) fn human(finding: &Finding, path: &str, lines: &Lines<'_>, fixed: bool) -> String {
    let mut out = String::new();
    let title = format!("URL built by hand with {}", finding.kind.describe());
    let first = finding
        .carets
        .first()
        .map_or(finding.range.start, |c| c.start);
    let (line, column) = lines.position(first);
    let _ = writeln!(out, "warning: {title}");
    let gutter = line
        .to_string()
        .len()
        .max(finding_last_line(finding, lines).to_string().len());
    let pad = " ".repeat(gutter);
    let _ = writeln!(out, "{pad}--> {path}:{line}:{column}");
    let _ = writeln!(out, "{pad} |");
    // Each source line that holds carets, with its carets.
    let mut by_line: BTreeMap<usize, Vec<(usize, usize)>> = BTreeMap::new();
    for caret in &finding.carets {
        let (l, start) = lines.position(caret.start);
        let (end_line, end) = lines.position(caret.end.max(caret.start + 1));
        let end = if end_line == l {
            end
        } else {
            lines.line(l).chars().count() + 1
        };
        by_line
            .entry(l)
            .or_default()
            .push((start, end.max(start + 1)));
    }
    for (l, carets) in &by_line {
        let source = lines.line(*l);
        let _ = writeln!(out, "{l:>gutter$} | {source}");
        let mut marks = String::new();
        let source_chars: Vec<char> = source.chars().collect();
        for &(start, end) in carets {
            while marks.chars().count() < start - 1 {
                // Tabs stay tabs, so the carets line up under them.
                let c = source_chars.get(marks.chars().count()).copied();
                marks.push(if c == Some('\t') { '\t' } else { ' ' });
            }
            for _ in start..end {
                marks.push('^');
            }
        }
        let _ = writeln!(out, "{pad} | {marks}");
    }
    let _ = writeln!(out, "{pad} |");
    for note in &finding.notes {
        let _ = writeln!(out, "{pad} = note: {note}");
    }
    match (&finding.rewrite, fixed) {
        (Ok(_), true) => {
            let _ = writeln!(out, "{pad} = note: rewritten by `--fix`");
        }
        (Ok(replacement), false) => {
            let _ = writeln!(
                out,
                "{pad} = help: replace it with `{replacement}` (`cargo urlkit check --fix` does)"
            );
        }
        (Err(reason), _) => {
            if let Some(suggestion) = &finding.suggestion {
                let _ = writeln!(out, "{pad} = help: write `{suggestion}`");
            }
            let _ = writeln!(out, "{pad} = note: no automatic rewrite: {reason}");
        }
    }
    out
}

fn finding_last_line(finding: &Finding, lines: &Lines<'_>) -> usize {
    finding
        .carets
        .iter()
        .map(|c| lines.position(c.start).0)
        .max()
        .unwrap_or(1)
}

/// A silencing comment without a reason.
pub(crate) fn malformed_allow(path: &str, line: usize, lines: &Lines<'_>) -> String {
    let source = lines.line(line);
    let column = source
        .find(ALLOW)
        .map_or(1, |c| source[..c].chars().count() + 1);
    let gutter = line.to_string().len();
    let pad = " ".repeat(gutter);
    let marks = format!("{}{}", " ".repeat(column - 1), "^".repeat(ALLOW.len()));
    format!(
        "warning: `// urlkit: allow` without a reason silences nothing\n{pad}--> {path}:{line}:{column}\n{pad} |\n{line} | {source}\n{pad} | {marks}\n{pad} |\n{pad} = help: say why the URL is safe: `// urlkit: allow(reason = \"...\")`\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allow_comments_need_a_reason() {
        let text = "a // urlkit: allow(reason = \"fixed host\")\nb // urlkit: allow\nc // urlkit: allow(reason = \"\")\nd\n";
        let allows = Allows::parse(text);
        assert!(allows.silences(1..2));
        assert!(allows.silences(2..3), "a comment on the line above counts");
        assert!(!allows.silences(3..4));
        assert_eq!(allows.malformed, [2, 3]);
    }

    #[test]
    fn positions_count_characters() {
        let lines = Lines::new("ab\né{}\n");
        assert_eq!(lines.position(0), (1, 1));
        assert_eq!(lines.position(5), (2, 2));
        assert_eq!(lines.line(2), "é{}");
    }
}
