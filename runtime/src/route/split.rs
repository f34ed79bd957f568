//! The bytes of a request target, for [`Target`](super::target::Target): where its path and
//! query end and whether their values need decoding, in one pass over the text; and where a
//! path segment ends.

use urlkit_syntax::chars::{self, PATH, QUERY};
use urlkit_syntax::error::{Component, ErrorKind};

use crate::url::ParseError;

/// Where a URL's parts are, and whether their values need decoding.
pub(super) struct Parts {
    pub(super) path_start: usize,
    pub(super) path_end: usize,
    /// The path holds a `%`.
    pub(super) path_escaped: bool,
    pub(super) query: Option<(usize, usize)>,
    /// The query holds a `%` or a `+`.
    pub(super) query_escaped: bool,
}

/// `/path?query#fragment` (`input` starts with `/`), checked for characters a URL cannot hold
/// raw.
#[inline]
pub(super) fn origin_form(input: &str) -> Result<Parts, ParseError> {
    let bytes = input.as_bytes();
    let (path_end, path_escaped) = scan::<false>(bytes, 1, PATH);
    let (query, query_escaped) = match bytes.get(path_end) {
        None | Some(b'#') => (None, false),
        Some(b'?') => {
            let (end, escaped) = scan::<true>(bytes, path_end + 1, QUERY);
            match bytes.get(end) {
                None | Some(b'#') => (Some((path_end + 1, end)), escaped),
                Some(_) => return Err(bad_char(input, end, Component::Query)),
            }
        }
        Some(_) => return Err(bad_char(input, path_end, Component::Path)),
    };
    Ok(Parts {
        path_start: 0,
        path_end,
        path_escaped,
        query,
        query_escaped,
    })
}

/// Whether a byte of `word` is `byte`: the classic test for a zero byte, on `word ^ byte`s.
#[inline]
fn has_byte(word: u64, byte: u8) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let x = word ^ u64::from_ne_bytes([byte; 8]);
    x.wrapping_sub(ONES) & !x & HIGHS != 0
}

/// The end of the run of bytes from `start` on that are of `class` or `%` (which decoding
/// checks, where it matters), and whether it holds a value to decode: a `%`, or with `PLUS` a
/// `+` (a space in a query). Eight bytes at a time while they all are of `class` (one table
/// lookup per byte, one branch per eight), the last eight of the input at once when the run
/// reaches its end, then byte by byte.
#[inline]
pub(super) fn scan<const PLUS: bool>(bytes: &[u8], start: usize, class: u16) -> (usize, bool) {
    let is = |b: u8| chars::CLASS[usize::from(b)];
    let all = |chunk: &[u8; 8]| {
        is(chunk[0])
            & is(chunk[1])
            & is(chunk[2])
            & is(chunk[3])
            & is(chunk[4])
            & is(chunk[5])
            & is(chunk[6])
            & is(chunk[7])
            & class
            != 0
    };
    let mut i = start;
    let mut escaped = false;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if !all(chunk) {
            break;
        }
        escaped |= PLUS && has_byte(u64::from_ne_bytes(*chunk), b'+');
        i += 8;
    }
    if let Some(last) = bytes.last_chunk::<8>()
        && i < bytes.len()
        && bytes.len() - i < 8
        && all(last)
    {
        escaped |= PLUS && has_byte(u64::from_ne_bytes(*last), b'+');
        return (bytes.len(), escaped);
    }
    while let Some(&b) = bytes.get(i) {
        if is(b) & class == 0 {
            if b != b'%' {
                break;
            }
            escaped = true;
        }
        escaped |= PLUS && b == b'+';
        i += 1;
    }
    (i, escaped)
}

/// The first `/` of `bytes[start..end]`, or `end`: eight bytes at a time, with the classic
/// test for a zero byte (of the bytes xor `/`; the lowest flagged byte is exact). Fewer than
/// eight bytes before `end` are read as the eight bytes that end there, shifted.
#[inline]
pub(super) fn slash(bytes: &[u8], start: usize, end: usize) -> usize {
    let first_slash = |word: u64| {
        const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
        const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
        const SLASHES: u64 = u64::from_ne_bytes([b'/'; 8]);
        let x = word ^ SLASHES;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
    };
    let word = |at: usize| {
        bytes
            .get(at..)
            .and_then(<[u8]>::first_chunk::<8>)
            .map(|chunk| u64::from_le_bytes(*chunk))
    };
    let mut i = start;
    while i + 8 <= end {
        let Some(w) = word(i) else { break };
        if let Some(n) = first_slash(w) {
            return i + n;
        }
        i += 8;
    }
    if i >= end {
        return end;
    }
    // Shifting the bytes before `i` out brings in zeros, which are not `/`.
    if let Some(before) = end.checked_sub(8)
        && let Some(w) = word(before)
    {
        return first_slash(w >> ((i - before) * 8)).map_or(end, |n| i + n);
    }
    bytes
        .get(i..end)
        .and_then(|rest| rest.iter().position(|&b| b == b'/'))
        .map_or(end, |n| i + n)
}

/// The error for the character at byte `at`, which a URL cannot hold raw.
#[cold]
fn bad_char(input: &str, at: usize, component: Component) -> ParseError {
    let ch = input
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    let kind = if ch.is_ascii() {
        ErrorKind::InvalidChar { ch, component }
    } else {
        ErrorKind::NonAscii { ch, component }
    };
    ParseError::new(at..at + ch.len_utf8(), &kind)
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use urlkit_syntax::chars;

    use super::{PATH, QUERY, scan, slash};

    /// Bytes that matter here: `/`, `?`, `#`, `%`, `+`, a space, letters, non-ASCII.
    const ALPHABET: &[u8] = b"//?#%+ aZ9-.~\xc3\xa9\x00";

    fn texts(mut seed: u64, count: usize, longest: usize) -> Vec<Vec<u8>> {
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        (0..count)
            .map(|_| {
                let len = next() % longest;
                // Mostly bytes of a path, so that runs are long enough to cross blocks.
                (0..len)
                    .map(|_| match next() % 4 {
                        0 => ALPHABET[next() % ALPHABET.len()],
                        _ => b"ab/-"[next() % 4],
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn scan_is_a_byte_by_byte_scan() {
        for text in texts(1, 20_000, 40) {
            for class in [PATH, QUERY] {
                for start in 0..=text.len() {
                    let end = text[start..]
                        .iter()
                        .position(|&b| !chars::is(b, class) && b != b'%')
                        .map_or(text.len(), |n| start + n);
                    let run = &text[start..end];
                    let percent = run.contains(&b'%');
                    assert_eq!(scan::<false>(&text, start, class), (end, percent));
                    // With `+`, the flag may also count a `+` before `start` (never a false
                    // negative): decoding a plain value gives it back unchanged.
                    let (plus_end, plus) = scan::<true>(&text, start, class);
                    assert_eq!(plus_end, end);
                    assert!(
                        plus || !(percent || run.contains(&b'+')),
                        "{text:?} {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn slash_is_a_byte_by_byte_search() {
        for text in texts(2, 20_000, 40) {
            for end in 0..=text.len() {
                for start in 0..=end {
                    let expected = text[start..end]
                        .iter()
                        .position(|&b| b == b'/')
                        .map_or(end, |n| start + n);
                    assert_eq!(slash(&text, start, end), expected, "{text:?} {start} {end}");
                }
            }
        }
    }
}
