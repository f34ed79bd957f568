//! The bytes of a request target, for [`Target`](super::target::Target): where its path and
//! query end and whether their values need decoding, in one pass over the text; and where a
//! path segment ends.

use urlkit_syntax::chars::{self, PATH, PCHAR, QUERY};
use urlkit_syntax::error::{Component, ErrorKind};

use crate::scan::{self, BLOCK, Fast, Scan, Span};
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
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined with `Target::parse` into each from_url, which reads the parts from registers"
)]
pub(super) fn origin_form(input: &str) -> Result<Parts, ParseError> {
    path_from(input, 1)
}

/// [`origin_form`] from byte `start` on, where the bytes before it are known to be of the
/// path (a `/`, or `chars::PATH` and `%`): the rest of the path scanned, then the query. What
/// a route ending in `{/x*}` reads, once the segments before the tail have been walked.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `origin_form`")]
pub(super) fn path_from(input: &str, start: usize) -> Result<Parts, ParseError> {
    let (path_end, path_escaped) = scan::<false>(input.as_bytes(), start, PATH, PATH_COMMON);
    query_at(input, path_end, path_escaped)
}

/// [`origin_form`] where the path is known to end at `path_end` (every byte before it is a
/// `/`, or of `chars::PATH` or `%`, and the byte there is not): the query, if the path ends
/// at a `?`, scanned; any other byte than `?` or `#` is not of a URL.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `origin_form`")]
pub(super) fn query_at(
    input: &str,
    path_end: usize,
    path_escaped: bool,
) -> Result<Parts, ParseError> {
    let bytes = input.as_bytes();
    let (query, query_escaped) = match bytes.get(path_end) {
        None | Some(b'#') => (None, false),
        Some(b'?') => {
            let (end, escaped) = scan::<true>(bytes, path_end + 1, QUERY, QUERY_COMMON);
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

/// The end of the path segment that starts at `start`: the first byte from there on that
/// is neither of `chars::PCHAR` nor `%` (a `/`, the `?` or `#` that ends the path, a byte a
/// URL cannot hold raw, or the end of the input), and whether the segment holds a `%`. The
/// same end as the first `/` before [`origin_form`]'s path end, or that end, wherever the
/// path is a URL's; where it is not, the byte that makes it not one ends the segment.
///
/// Most segments are a run of letters, digits, `-`, `.` and `_` shorter than a block, ended
/// by a `/`, a `?` or the end: one block classified, and the byte after the run looked up.
/// Any other segment is scanned the general way ([`scan()`]), from its start.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the generated matcher calls it once per captured segment"
)]
pub(super) fn segment_end(bytes: &[u8], start: usize) -> (usize, bool) {
    let (common, len) = block_at(bytes, start, SEGMENT_COMMON);
    let end = start + common.trailing_ones() as usize;
    if end < start + len || len < BLOCK {
        match bytes.get(end) {
            None => return (end, false),
            Some(&b) if !in_segment(b) => return (end, false),
            Some(_) => {}
        }
    }
    scan::<false>(bytes, start, PCHAR, SEGMENT_COMMON)
}

/// The bytes from `at` on that lie in `common`, as a mask (bit `k` for byte `at + k`), and
/// how many bytes it covers: a block, or fewer at the end of the input (the bits past them
/// clear).
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `scan`")]
fn block_at(bytes: &[u8], at: usize, common: &[Span]) -> (u32, usize) {
    if let Some(block) = scan::block(bytes, at) {
        (Fast::in_spans(block, common), BLOCK)
    } else if let Some(last) = bytes.last_chunk::<BLOCK>() {
        // The last block, which overlaps bytes before `at`: shifted so that its first bit
        // is byte `at` (the bits shifted in are clear).
        let len = bytes.len().saturating_sub(at);
        (Fast::in_spans(last, common) >> (BLOCK - len), len)
    } else {
        let rest = bytes.get(at..).unwrap_or_default();
        let len = rest.len();
        (
            Fast::in_spans(&padded(rest), common) & ((1 << len) - 1),
            len,
        )
    }
}

/// 1 for the bytes that may stand in a path segment: of `chars::PCHAR`, or `%`.
const SEGMENT_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = chars::CLASS[b] & PCHAR != 0 || b == b'%' as usize;
        b += 1;
    }
    table
};

/// Whether `b` may stand in a path segment: of `chars::PCHAR`, or `%`. A segment of static
/// text ends where the byte after it is not.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one lookup, in every static segment's test"
)]
pub(super) fn in_segment(b: u8) -> bool {
    SEGMENT_BYTES[b as usize]
}

/// 1 for the bytes most paths are made of: letters, digits, `-`, `.`, `/`, `_`, and the
/// bytes of `extra`. A block of them is part of a path without a lookup, and holds nothing
/// to decode.
const fn common(extra: &[u8]) -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'/' | b'_') {
            table[b] = 1;
        }
        b += 1;
    }
    let mut i = 0;
    while i < extra.len() {
        table[extra[i] as usize] = 1;
        i += 1;
    }
    table
}

const PATH_TABLE: [u8; 256] = common(b"");
/// The same for a path segment: without `/`.
const SEGMENT_TABLE: [u8; 256] = {
    let mut table = PATH_TABLE;
    table[b'/' as usize] = 0;
    table
};
/// The same for queries, with `&` and `=`.
const QUERY_TABLE: [u8; 256] = common(b"&=");

/// As spans, by the scan's own derivation (`-./0-9` one range, `A-Z a-z` one folded).
const PATH_COMMON: &[Span] = &scan::spans::<{ scan::span_count(&PATH_TABLE, 1) }>(&PATH_TABLE, 1);
const QUERY_COMMON: &[Span] =
    &scan::spans::<{ scan::span_count(&QUERY_TABLE, 1) }>(&QUERY_TABLE, 1);
const SEGMENT_COMMON: &[Span] =
    &scan::spans::<{ scan::span_count(&SEGMENT_TABLE, 1) }>(&SEGMENT_TABLE, 1);

/// Whether every byte of `table` is of `class` in the one table, and none is `%` or `+`
/// (which [`scan()`] must see): the common sets are shortcuts, never a second statement of
/// what a path holds.
const fn within(table: &[u8; 256], class: u16) -> bool {
    let mut b = 0;
    while b < 256 {
        if table[b] == 1
            && (chars::CLASS[b] & class == 0 || b == b'%' as usize || b == b'+' as usize)
        {
            return false;
        }
        b += 1;
    }
    true
}

const _: () = assert!(
    within(&PATH_TABLE, PATH) && within(&QUERY_TABLE, QUERY) && within(&SEGMENT_TABLE, PCHAR)
);

/// Whether no byte outside ASCII is of `class`: what [`origin_form`] accepts is ASCII, which
/// `Target::ascii` relies on.
const fn ascii_only(class: u16) -> bool {
    let mut b = 0x80;
    while b < 256 {
        if chars::CLASS[b] & class != 0 {
            return false;
        }
        b += 1;
    }
    true
}

const _: () = assert!(ascii_only(PATH | QUERY | PCHAR));

/// The end of the run of bytes from `start` on that are of `class` or `%` (which decoding
/// checks, where it matters), and whether it holds a value to decode: a `%`, or with `PLUS` a
/// `+` (a space in a query). Sixteen bytes at a time while they all are in `common` (a few
/// vector compares, no lookup); a block that is not is looked up in the table a byte at a
/// time. The last, partial block is the text's last sixteen bytes, shifted, or in a text
/// shorter than that, the bytes read into a block of zeros, which no set holds.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `origin_form`")]
pub(super) fn scan<const PLUS: bool>(
    bytes: &[u8],
    start: usize,
    class: u16,
    common: &[Span],
) -> (usize, bool) {
    let mut i = start;
    let mut escaped = false;
    loop {
        let (plain, len) = block_at(bytes, i, common);
        let all = (1u32 << len) - 1;
        if plain == all {
            i += len;
        } else {
            let stop = i + len;
            i += plain.trailing_ones() as usize;
            while let Some(&b) = bytes.get(i).filter(|_| i < stop) {
                if !chars::is(b, class) {
                    if b != b'%' {
                        return (i, escaped);
                    }
                    escaped = true;
                }
                escaped |= PLUS && b == b'+';
                i += 1;
            }
        }
        if len < BLOCK {
            return (i, escaped);
        }
    }
}

/// 1 for the bytes that place a query key: `%` (an escape), `&` (a piece's end) and `=` (a
/// key's end).
const MARK_TABLE: [u8; 256] = {
    let mut table = [0; 256];
    table[b'%' as usize] = 1;
    table[b'&' as usize] = 1;
    table[b'=' as usize] = 1;
    table
};
const MARK_SPANS: &[Span] = &scan::spans::<{ scan::span_count(&MARK_TABLE, 1) }>(&MARK_TABLE, 1);

/// Where the `%`, `&` and `=` of `bytes` (a query) are, in order: sixteen bytes classified at
/// a time, then the marks taken from the mask one after another.
pub(super) fn marks(bytes: &[u8]) -> Marks<'_> {
    Marks {
        bytes,
        start: 0,
        len: 0,
        mask: 0,
    }
}

/// The iterator [`marks`] returns.
pub(super) struct Marks<'a> {
    bytes: &'a [u8],
    /// Where the block being taken from starts, and how many bytes it covers.
    start: usize,
    len: usize,
    /// Its marks not yet given.
    mask: u32,
}

impl Iterator for Marks<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.mask != 0 {
                let k = self.mask.trailing_zeros() as usize;
                self.mask &= self.mask - 1;
                return Some(self.start + k);
            }
            let next = self.start + self.len;
            if next >= self.bytes.len() {
                return None;
            }
            let (mask, len) = block_at(self.bytes, next, MARK_SPANS);
            (self.start, self.len, self.mask) = (next, len, mask);
        }
    }
}

/// `rest` (fewer than [`BLOCK`] bytes) followed by zeros, read in at most four loads rather
/// than a call to copy it.
#[inline(always)]
#[allow(clippy::inline_always, reason = "a few instructions, once per scan")]
fn padded(rest: &[u8]) -> [u8; BLOCK] {
    let n = rest.len();
    let (low, high) =
        if let (Some(head), Some(tail)) = (rest.first_chunk::<8>(), rest.last_chunk::<8>()) {
            // 8 to 15 bytes: the tail's bytes past the head, moved down (none for 8).
            let tail = u64::from_le_bytes(*tail);
            let high = tail.checked_shr((BLOCK - n) as u32 * 8).unwrap_or(0);
            (u64::from_le_bytes(*head), high)
        } else if let (Some(head), Some(tail)) = (rest.first_chunk::<4>(), rest.last_chunk::<4>()) {
            // 4 to 7 bytes: two loads that overlap on equal bytes.
            let head = u64::from(u32::from_le_bytes(*head));
            let tail = u64::from(u32::from_le_bytes(*tail));
            (head | tail << ((n - 4) * 8), 0)
        } else {
            let mut low = 0;
            for (k, &b) in rest.iter().enumerate() {
                low |= u64::from(b) << (k * 8);
            }
            (low, 0)
        };
    let mut block = [0u8; BLOCK];
    let (first, second) = block.split_at_mut(8);
    first.copy_from_slice(&low.to_le_bytes());
    second.copy_from_slice(&high.to_le_bytes());
    block
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
mod tests;
