//! A string literal's value with the source offset of each of its bytes, and `format!` strings
//! split into text and placeholders.
//!
//! A caret must stand under the placeholder as written, which is not where it is in the
//! value once escapes (`\n`, `\u{e9}`, a line continuation) are resolved; so the value is
//! built here with a map back to the source.

use core::ops::Range;

/// A string literal's value, and where each byte of it came from.
pub(crate) struct Literal {
    pub(crate) value: String,
    /// For each byte of `value`, the offset in the literal's source text (quotes included)
    /// of the character or escape that produced it; one more entry for the end.
    offsets: Vec<usize>,
}

impl Literal {
    /// Reads the source text of a string literal token (`"…"`, `r"…"`, `r#"…"#`); `None` for
    /// anything else (byte strings, C strings).
    pub(crate) fn read(source: &str) -> Option<Literal> {
        if let Some(rest) = source.strip_prefix('r') {
            let hashes = rest.bytes().take_while(|&b| b == b'#').count();
            let open = 1 + hashes + 1;
            let close = 1 + hashes;
            if source.len() < open + close || source.as_bytes()[open - 1] != b'"' {
                return None;
            }
            let value = &source[open..source.len() - close];
            let offsets = (open..=open + value.len()).collect();
            return Some(Literal {
                value: value.to_string(),
                offsets,
            });
        }
        let body = source.strip_prefix('"')?.strip_suffix('"')?;
        let mut value = String::with_capacity(body.len());
        let mut offsets = Vec::with_capacity(body.len() + 1);
        let mut chars = body.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let at = i + 1;
            let produced = if c == '\\' {
                let (_, kind) = chars.next()?;
                match kind {
                    'n' => Some('\n'),
                    'r' => Some('\r'),
                    't' => Some('\t'),
                    '\\' => Some('\\'),
                    '0' => Some('\0'),
                    '\'' => Some('\''),
                    '"' => Some('"'),
                    'x' => {
                        let hi = chars.next()?.1.to_digit(16)?;
                        let lo = chars.next()?.1.to_digit(16)?;
                        char::from_u32(hi * 16 + lo)
                    }
                    'u' => {
                        chars.next().filter(|&(_, c)| c == '{')?;
                        let mut code = 0;
                        loop {
                            let (_, c) = chars.next()?;
                            match c {
                                '}' => break,
                                '_' => {}
                                _ => code = code * 16 + c.to_digit(16)?,
                            }
                        }
                        Some(char::from_u32(code)?)
                    }
                    // A line continuation: the newline and the whitespace after it vanish.
                    '\n' | '\r' => {
                        while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
                        None
                    }
                    _ => return None,
                }
            } else {
                Some(c)
            };
            if let Some(c) = produced {
                value.push(c);
                offsets.extend(core::iter::repeat_n(at, c.len_utf8()));
            }
        }
        offsets.push(source.len() - 1);
        Some(Literal { value, offsets })
    }

    /// The source range (in the literal's text) of a range of the value.
    pub(crate) fn source_range(&self, range: Range<usize>) -> Range<usize> {
        let start = self.offsets[range.start];
        let end = if range.end == range.start {
            start
        } else {
            // The end of the last byte's source: the next byte's start, or the closing quote.
            self.offsets[range.end]
        };
        start..end.max(start + 1)
    }
}

/// One piece of a `format!` string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Text written as it is (`{{` and `}}` already resolved).
    Text(String),
    /// A placeholder: `{}`, `{0}`, `{name}`, `{name:?}`.
    Hole(Hole),
}

/// A `format!` placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hole {
    /// Where the placeholder is in the literal's value, braces included.
    pub(crate) at: Range<usize>,
    /// Which argument fills it.
    pub(crate) arg: ArgRef,
    /// The format spec after `:`, if any (`?`, `>8`, `.2`).
    pub(crate) spec: String,
}

/// Which argument a placeholder reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ArgRef {
    Index(usize),
    Name(String),
}

/// A `format!` string split into pieces. `None` when the
/// string is not a valid format string (rustc would reject it, so there is nothing to report).
pub(crate) struct FormatString {
    pub(crate) pieces: Vec<Piece>,
}

impl FormatString {
    pub(crate) fn parse(value: &str) -> Option<FormatString> {
        let bytes = value.as_bytes();
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut next_positional = 0;
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'{' if bytes.get(i + 1) == Some(&b'{') => {
                    text.push('{');
                    i += 2;
                }
                b'}' if bytes.get(i + 1) == Some(&b'}') => {
                    text.push('}');
                    i += 2;
                }
                b'}' => return None,
                b'{' => {
                    let close = i + value[i..].find('}')?;
                    let inner = value[i + 1..close].trim();
                    let (name, spec) = match inner.split_once(':') {
                        Some((name, spec)) => (name.trim(), spec),
                        None => (inner, ""),
                    };
                    // `.*` takes the precision from the next positional argument first.
                    if spec.contains(".*") {
                        next_positional += 1;
                    }
                    let arg = if name.is_empty() {
                        next_positional += 1;
                        ArgRef::Index(next_positional - 1)
                    } else if let Ok(index) = name.parse() {
                        ArgRef::Index(index)
                    } else if name
                        .trim_start_matches("r#")
                        .chars()
                        .all(|c| c == '_' || c.is_alphanumeric())
                    {
                        ArgRef::Name(name.trim_start_matches("r#").to_string())
                    } else {
                        return None;
                    };
                    if !text.is_empty() {
                        pieces.push(Piece::Text(core::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Hole(Hole {
                        at: i..close + 1,
                        arg,
                        spec: spec.to_string(),
                    }));
                    i = close + 1;
                }
                _ => {
                    let len = utf8_len(bytes[i]);
                    text.push_str(&value[i..i + len]);
                    i += len;
                }
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Some(FormatString { pieces })
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_map_back_to_their_source() {
        let lit = Literal::read(r#""a\nb\u{e9}{}""#).unwrap();
        assert_eq!(lit.value, "a\nbé{}");
        // `{}` is at value bytes 5..7 and source bytes 11..13.
        assert_eq!(lit.source_range(5..7), 11..13);
        let lit = Literal::read("\"a\\\n    b{x}\"").unwrap();
        assert_eq!(lit.value, "ab{x}");
        assert_eq!(lit.source_range(2..5), 9..12);
    }

    #[test]
    fn raw_strings_keep_their_text() {
        let lit = Literal::read(r##"r#"/a/{}"#"##).unwrap();
        assert_eq!(lit.value, "/a/{}");
        assert_eq!(lit.source_range(3..5), 6..8);
        assert!(Literal::read(r#"b"/a""#).is_none());
    }

    #[test]
    fn format_strings_number_their_holes_as_rustc_does() {
        let f = FormatString::parse("/{}/{name}/{0}/{:?}/{{x}}/{:.*}").unwrap();
        let holes: Vec<_> = f
            .pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Hole(h) => Some((h.arg.clone(), h.spec.clone())),
                Piece::Text(_) => None,
            })
            .collect();
        assert_eq!(
            holes,
            [
                (ArgRef::Index(0), String::new()),
                (ArgRef::Name("name".into()), String::new()),
                (ArgRef::Index(0), String::new()),
                (ArgRef::Index(1), "?".into()),
                (ArgRef::Index(3), ".*".into()),
            ]
        );
        assert!(FormatString::parse("/a}").is_none());
        assert!(FormatString::parse("/{a").is_none());
    }
}
