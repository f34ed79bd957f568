//! The first steps of the URL Standard's basic URL parser: leading and trailing C0 controls
//! and spaces removed, then every tab and newline. The parser reads what is left; the byte
//! offsets it reports are mapped back to the caller's input here.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::report::{RepairKind, Repairs};

/// The input as the state machine reads it.
pub(super) struct Cleaned<'a> {
    pub(super) text: Cow<'a, str>,
    /// Where `text` starts in the input, when it is a slice of it.
    offset: usize,
    /// For each byte of `text`, and one past its end, the byte of the input it was; `None`
    /// when `text` is a slice of the input (nothing removed inside it).
    map: Option<Vec<usize>>,
}

fn is_c0_or_space(b: u8) -> bool {
    b <= b' '
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

impl<'a> Cleaned<'a> {
    /// Cleans `input`, reporting what was removed to `repairs` (at bytes of `input`).
    pub(super) fn new(input: &'a str, repairs: &mut Repairs) -> Self {
        let bytes = input.as_bytes();
        // Most input has nothing to remove: one scan for tabs and newlines.
        if bytes.first().is_none_or(|&b| !is_c0_or_space(b))
            && bytes.last().is_none_or(|&b| !is_c0_or_space(b))
            && !bytes.iter().any(|&b| is_tab_or_newline(b))
        {
            return Cleaned {
                text: Cow::Borrowed(input),
                offset: 0,
                map: None,
            };
        }
        let start = bytes
            .iter()
            .position(|&b| !is_c0_or_space(b))
            .unwrap_or(bytes.len());
        let end = bytes
            .iter()
            .rposition(|&b| !is_c0_or_space(b))
            .map_or(start, |i| i + 1);
        if start > 0 {
            repairs.push(0..start, RepairKind::Trimmed);
        }
        let trimmed = &input[start..end];
        let cleaned = if trimmed.bytes().any(is_tab_or_newline) {
            let mut text = String::with_capacity(trimmed.len());
            let mut map = Vec::with_capacity(trimmed.len() + 1);
            for (i, b) in trimmed.bytes().enumerate() {
                if is_tab_or_newline(b) {
                    repairs.push(start + i..start + i + 1, RepairKind::TabOrNewline);
                } else {
                    map.push(start + i);
                }
            }
            map.push(end);
            text.extend(
                trimmed
                    .chars()
                    .filter(|&c| !matches!(c, '\t' | '\n' | '\r')),
            );
            Cleaned {
                text: Cow::Owned(text),
                offset: start,
                map: Some(map),
            }
        } else {
            Cleaned {
                text: Cow::Borrowed(trimmed),
                offset: start,
                map: None,
            }
        };
        if end < bytes.len() {
            repairs.push(end..bytes.len(), RepairKind::Trimmed);
        }
        cleaned
    }

    /// Where byte `i` of the cleaned text was in the input.
    fn byte(&self, i: usize) -> usize {
        match &self.map {
            Some(map) => map[i.min(map.len() - 1)],
            None => i + self.offset,
        }
    }

    /// Where the bytes `at` of the cleaned text were in the input.
    pub(super) fn range(&self, at: Range<usize>) -> Range<usize> {
        if at.is_empty() {
            let i = self.byte(at.start);
            return i..i;
        }
        self.byte(at.start)..self.byte(at.end - 1) + 1
    }
}
