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
        for (line, comment) in line_comments(text) {
            let Some(at) = comment.find(ALLOW) else {
                continue;
            };
            let rest = comment[at + ALLOW.len()..].trim();
            match reason(rest) {
                Some(reason) => {
                    lines.insert(line, reason);
                }
                None => malformed.push(line),
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

/// The `//` comments of a Rust file (not doc comments, not `//` inside string literals or
/// block comments), with their 1-based lines and their text after the `//`.
fn line_comments(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let skip_to = |i: usize, line: &mut usize, end: usize| {
        *line += text[i..end].matches('\n').count();
        end
    };
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(text.len(), |e| i + e);
                let body = &text[i + 2..end];
                // `///` and `//!` are documentation; `////` is a plain comment again.
                let doc =
                    (body.starts_with('/') && !body.starts_with("//")) || body.starts_with('!');
                if !doc {
                    out.push((line, body));
                }
                i = end;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                let mut j = i;
                while j < bytes.len() {
                    if bytes[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if bytes[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                i = skip_to(i, &mut line, j.min(bytes.len()));
            }
            b'r' | b'b' | b'c' if i == 0 || !is_ident(bytes[i - 1]) => {
                // A raw string `r#"..."#` (or `br`, `cr`) ends at `"` and as many `#`.
                let start = match (bytes[i], bytes.get(i + 1)) {
                    (b'r', _) => i + 1,
                    (_, Some(b'r')) => i + 2,
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                let hashes = bytes[start..].iter().take_while(|&&b| b == b'#').count();
                if bytes.get(start + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = core::iter::once(b'"')
                    .chain(core::iter::repeat_n(b'#', hashes))
                    .collect();
                let body = start + hashes + 1;
                let end = bytes[body..]
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                    .map_or(bytes.len(), |p| body + p + close.len());
                i = skip_to(i, &mut line, end);
            }
            b'"' => {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                i = skip_to(i, &mut line, (j + 1).min(bytes.len()));
            }
            b'\'' => {
                // A char literal (`'"'`, `'\''`), or a lifetime, which needs nothing.
                if bytes.get(i + 1) == Some(&b'\\') {
                    let end = bytes[i + 2..]
                        .iter()
                        .position(|&b| b == b'\'')
                        .map_or(bytes.len(), |p| i + 3 + p);
                    i = skip_to(i, &mut line, end);
                } else if let Some(c) = text[i + 1..].chars().next()
                    && text[i + 1 + c.len_utf8()..].starts_with('\'')
                {
                    i += 2 + c.len_utf8();
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
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
pub(crate) fn human(finding: &Finding, path: &str, lines: &Lines<'_>) -> String {
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
    match &finding.rewrite {
        Ok(replacement) => {
            let _ = writeln!(
                out,
                "{pad} = help: replace it with `{}` (`cargo urlkit check --fix` does)",
                one_line(replacement)
            );
        }
        Err(reason) => {
            if let Some(suggestion) = &finding.suggestion {
                let _ = writeln!(out, "{pad} = help: write `{}`", one_line(suggestion));
            }
            let _ = writeln!(out, "{pad} = note: no automatic rewrite: {reason}");
        }
    }
    out
}

/// Code as one line (arguments written over several lines keep their tokens).
fn one_line(code: &str) -> String {
    code.split_whitespace().collect::<Vec<_>>().join(" ")
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
    fn allow_comments_are_read_only_from_comments() {
        let text = "let a = \"// urlkit: allow\";\n/// urlkit: allow\nlet b = r#\"\n// urlkit: allow\n\"#;\nlet c = '\"'; // urlkit: allow\n/* // urlkit: allow */\nlet d = 1; // urlkit: allow(reason = \"x\")\n";
        let allows = Allows::parse(text);
        assert_eq!(
            allows.malformed,
            [6],
            "only the comment after the char literal"
        );
        assert!(allows.silences(8..9));
        assert!(!allows.silences(4..5));
    }

    #[test]
    fn positions_count_characters() {
        let lines = Lines::new("ab\né{}\n");
        assert_eq!(lines.position(0), (1, 1));
        assert_eq!(lines.position(5), (2, 2));
        assert_eq!(lines.line(2), "é{}");
    }
}
