//! Diagnostics: every independent problem of one invocation is reported in the same compile
//! (serde's `Ctxt`, cxx's `Errors`), and a problem inside the literal is drawn with carets.
//!
//! Stable Rust cannot point inside a string literal (`Literal::subspan` is nightly-only), so
//! rustc underlines the whole literal and the message itself shows where: the literal's value
//! on one line and `^` under the offending characters on the next. rustc indents the lines
//! after a message's first to line up with its text, so the value sits right under the words
//! that describe it:
//!
//! ```text
//! error: invalid character ` ` in the URL path; write `%20`
//!        https://example.com/a b/c d
//!                             ^   ^
//!  --> src/main.rs:4:18
//! ```

use core::fmt::Display;
use core::ops::Range;

use proc_macro2::Span;
use syn::LitStr;

/// Problems found so far, folded into one `syn::Error` that renders as one `compile_error!`
/// per problem.
///
/// It must end at a phase barrier, [`finish`](Self::finish): dropping it unfinished would
/// lose the errors it holds, so that panics (in debug builds of the macro, as serde's `Ctxt`
/// does), which every test of the macro would show.
#[derive(Default)]
pub(crate) struct Diagnostics {
    combined: Option<syn::Error>,
    count: usize,
    finished: bool,
}

impl Diagnostics {
    pub(crate) fn push(&mut self, error: syn::Error) {
        self.count += 1;
        match &mut self.combined {
            Some(combined) => combined.combine(error),
            None => self.combined = Some(error),
        }
    }

    /// How many problems were pushed, to tell whether a phase found any.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The phase barrier: `Err` with everything reported so far, if anything was.
    pub(crate) fn finish(mut self) -> syn::Result<()> {
        self.finished = true;
        self.combined.take().map_or(Ok(()), Err)
    }
}

impl Drop for Diagnostics {
    fn drop(&mut self) {
        debug_assert!(
            self.finished || std::thread::panicking(),
            "`Diagnostics` dropped without `finish()`: its errors would be lost"
        );
    }
}

/// An error about the bytes `ranges` of the literal's value: the message, then the value with
/// carets under every range.
pub(crate) fn in_literal(
    lit: &LitStr,
    value: &str,
    ranges: &[Range<usize>],
    message: impl Display,
) -> syn::Error {
    let span = ranges
        .first()
        .and_then(|first| subspan(lit, value, first.clone()))
        .unwrap_or_else(|| lit.span());
    syn::Error::new(span, format!("{message}\n{}", carets(value, ranges)))
}

/// The span of `range` of the value, where the compiler can give one (nightly, and only when
/// the value is the source text verbatim, i.e. no escapes); `None` on stable.
fn subspan(lit: &LitStr, value: &str, range: Range<usize>) -> Option<Span> {
    let source = lit.token().to_string();
    let start = source.find('"')? + 1;
    if source.get(start..start + value.len())? != value {
        return None; // escapes: value offsets are not source offsets
    }
    lit.token().subspan(start + range.start..start + range.end)
}

/// The value with carets under `ranges`. Characters a terminal would not show are written as
/// Rust escapes (`\t`, `\u{a0}`), so the carets stay under what they point at and a stray tab
/// or no-break space becomes visible; wide (East Asian) characters take two columns.
fn carets(value: &str, ranges: &[Range<usize>]) -> String {
    let marked = |i: usize| {
        ranges
            .iter()
            .any(|r| r.contains(&i) || (r.is_empty() && r.start == i))
    };
    let mut line = String::new();
    let mut marks = String::new();
    for (i, ch) in value.char_indices() {
        let shown = visible(ch);
        let width = if shown.len() == ch.len_utf8() && !ch.is_ascii() {
            columns(ch)
        } else {
            shown.chars().count() // ASCII, or an escape made of ASCII
        };
        line.push_str(&shown);
        let mark = if marked(i) { '^' } else { ' ' };
        marks.extend(core::iter::repeat_n(mark, width));
    }
    if marked(value.len()) {
        marks.push('^'); // an empty range at the end: "something is missing here"
    }
    format!("{}\n{}", line.trim_end(), marks.trim_end())
}

/// `ch` as a reader should see it: itself if printable, else its Rust escape.
fn visible(ch: char) -> String {
    match ch {
        // Shown as written in the source they most likely came from.
        '"' | '\'' | '\\' => ch.to_string(),
        // `escape_debug` escapes controls, format characters (U+200B, U+202E, U+FEFF), unusual
        // spaces (U+00A0, U+3000) and combining marks, exactly what would hide or misalign;
        // the grammar's invisible characters (Hangul fillers) are escaped too.
        _ if urlkit_syntax::chars::is_invisible(ch) => ch.escape_unicode().to_string(),
        _ => ch.escape_debug().to_string(),
    }
}

/// Terminal columns of a printable non-ASCII character: 2 for East Asian Wide and Fullwidth
/// characters (Unicode UAX #11, `East_Asian_Width` W or F: CJK, Hangul, fullwidth forms and
/// the emoji shown as emoji by default, `✅`, `⭐`), 1 otherwise. The ranges are the assigned
/// W and F characters of Unicode 14 joined across unassigned gaps, the ones Unicode 16 made
/// wide (trigrams, hexagrams, tai xuan jing symbols), and the planes UAX #11 makes wide by
/// default; `tests` checks them against the `unicode-width` crate.
fn columns(ch: char) -> usize {
    let wide = matches!(
        u32::from(ch),
        0x1100..=0x115F | 0x231A..=0x231B | 0x2329..=0x232A | 0x23E9..=0x23EC | 0x23F0 | 0x23F3
            | 0x25FD..=0x25FE | 0x2614..=0x2615 | 0x2630..=0x2637 | 0x2648..=0x2653 | 0x267F | 0x2693 | 0x268A..=0x268F | 0x26A1
            | 0x26AA..=0x26AB | 0x26BD..=0x26BE | 0x26C4..=0x26C5 | 0x26CE | 0x26D4 | 0x26EA
            | 0x26F2..=0x26F3 | 0x26F5 | 0x26FA | 0x26FD | 0x2705 | 0x270A..=0x270B | 0x2728
            | 0x274C | 0x274E | 0x2753..=0x2755 | 0x2757 | 0x2795..=0x2797 | 0x27B0 | 0x27BF
            | 0x2B1B..=0x2B1C | 0x2B50 | 0x2B55 | 0x2E80..=0x303E | 0x3041..=0x3247
            | 0x3250..=0xA4C6 | 0xA960..=0xA97C | 0xAC00..=0xD7A3
            | 0xF900..=0xFAD9 | 0xFE10..=0xFE19 | 0xFE30..=0xFE6B | 0xFF01..=0xFF60
            | 0xFFE0..=0xFFE6 | 0x16FE0..=0x1B2FB | 0x1D300..=0x1D376 | 0x1F004 | 0x1F0CF | 0x1F18E
            | 0x1F191..=0x1F19A | 0x1F200..=0x1F320 | 0x1F32D..=0x1F335 | 0x1F337..=0x1F37C
            | 0x1F37E..=0x1F393 | 0x1F3A0..=0x1F3CA | 0x1F3CF..=0x1F3D3 | 0x1F3E0..=0x1F3F0
            | 0x1F3F4 | 0x1F3F8..=0x1F43E | 0x1F440 | 0x1F442..=0x1F4FC | 0x1F4FF..=0x1F53D
            | 0x1F54B..=0x1F54E | 0x1F550..=0x1F567 | 0x1F57A | 0x1F595..=0x1F596 | 0x1F5A4
            | 0x1F5FB..=0x1F64F | 0x1F680..=0x1F6C5 | 0x1F6CC | 0x1F6D0..=0x1F6D2
            | 0x1F6D5..=0x1F6DF | 0x1F6EB..=0x1F6EC | 0x1F6F4..=0x1F6FC | 0x1F7E0..=0x1F7F0
            | 0x1F90C..=0x1F93A | 0x1F93C..=0x1F945 | 0x1F947..=0x1F9FF | 0x1FA70..=0x1FAFF
            | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
    );
    if wide { 2 } else { 1 }
}

#[cfg(test)]
// One-element arrays of ranges are what `carets` takes: one occurrence of a problem.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::{Diagnostics, carets};

    #[test]
    #[should_panic(expected = "dropped without `finish()`")]
    fn unfinished_diagnostics_are_a_bug() {
        let mut errors = Diagnostics::default();
        errors.push(syn::Error::new(proc_macro2::Span::call_site(), "lost"));
    }

    #[test]
    fn finished_diagnostics_hand_back_every_error() {
        let mut errors = Diagnostics::default();
        for message in ["one", "two"] {
            errors.push(syn::Error::new(proc_macro2::Span::call_site(), message));
        }
        let combined = errors.finish().unwrap_err();
        assert_eq!(combined.into_iter().count(), 2);
    }

    #[test]
    fn carets_under_every_occurrence() {
        assert_eq!(
            carets("https://example.com/a b/c d", &[21..22, 25..26]),
            "https://example.com/a b/c d\n                     ^   ^"
        );
        assert_eq!(carets("/a%zz", &[2..5]), "/a%zz\n  ^^^");
    }

    #[test]
    fn carets_line_up_after_non_ascii_and_escapes() {
        // `é` is two bytes and one column; `円` is three bytes and two columns.
        assert_eq!(carets("/é/円/ /", &[8..9]), "/é/円/ /\n      ^");
        // A tab is shown as `\t`, two columns, both marked.
        assert_eq!(carets("/a\tb", &[2..3]), "/a\\tb\n  ^^");
        // A no-break space is invisible, so it is shown escaped.
        assert_eq!(
            carets("/a\u{a0}b c", &[2..4, 5..6]),
            "/a\\u{a0}b c\n  ^^^^^^ ^"
        );
    }

    #[test]
    fn carets_line_up_after_wide_emoji() {
        assert_eq!(carets("/✅⭐/a b", &[9..10]), "/✅⭐/a b\n       ^");
    }

    /// The oracle: the `unicode-width` crate's UAX #11 tables, for every character the
    /// carets line shows as itself.
    #[test]
    fn columns_agree_with_unicode_width() {
        use unicode_width::UnicodeWidthChar;
        let mut differ = Vec::new();
        for ch in (0x80..=0x10_FFFF).filter_map(char::from_u32) {
            let shown = super::visible(ch);
            if shown.chars().count() != 1 {
                continue; // written as an escape, whose columns are its ASCII characters
            }
            let theirs = ch.width().unwrap_or(1).max(1);
            if super::columns(ch) != theirs {
                differ.push(ch);
            }
        }
        // `unicode-width` makes two obsolete Khmer vowels wide, against their
        // `East_Asian_Width`; anything else is a bug in the table.
        assert!(
            differ.len() <= 2,
            "{} differ: {:?}",
            differ.len(),
            differ
                .iter()
                .map(|c| format!("{:X}:{}", u32::from(*c), super::columns(*c)))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn empty_range_at_the_end_points_past_the_text() {
        assert_eq!(carets("http://h:", &[9..9]), "http://h:\n         ^");
    }
}
