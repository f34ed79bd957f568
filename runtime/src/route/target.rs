//! [`Target`]: a URL as `from_url` reads it, its path and query checked once and then walked
//! segment by segment by the matcher `#[derive(Route)]` generates.
//!
//! Every position is a byte offset in the URL as given, so that whatever an error points at
//! lies within it. Nothing is copied or allocated here.

use urlkit_syntax::chars::{self, PATH, QUERY};
use urlkit_syntax::error::{Component, ErrorKind};
use urlkit_syntax::reference;

use super::error::{RouteError, RouteErrorKind};
use crate::url::{ParseError, Url};

/// A URL split into what routes match: the path, walked one [`Seg`] at a time, and the
/// query.
#[derive(Clone, Debug)]
pub struct Target<'i> {
    pub(super) input: &'i str,
    /// The type being parsed, for errors.
    pub(super) route: &'static str,
    /// Where the path starts (its leading `/`, or where an empty path is).
    path_start: usize,
    /// Where the first segment starts: after the leading `/`, or where an empty path is (the
    /// path of `https://example.com`, which asks for `/`).
    first: usize,
    /// Where the path ends (a `?`, a `#`, or the end of the input).
    pub(super) path_end: usize,
    /// The query, after its `?`; `None` without a `?`.
    query: Option<(usize, usize)>,
    /// Whether the path holds a `%`: without one, its values are their own decoding.
    path_escaped: bool,
    /// Whether the query holds a `%` or a `+` (a space in a query value).
    query_escaped: bool,
}

/// One path segment: its bytes are `start..end` of the URL. `end` is where a `/` or the end
/// of the path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seg {
    pub(super) start: usize,
    pub(super) end: usize,
}

impl<'i> Target<'i> {
    /// Splits `input`: a path and query as a server receives them (HTTP's origin-form, RFC
    /// 9112 §3.2.1: anything starting with `/`, even `//`). A fragment is ignored. The path
    /// and the query must be valid URL text (percent-encoded); they are not decoded here.
    ///
    /// # Errors
    /// [`RouteErrorKind::Url`] for text that is not a URL, [`RouteErrorKind::NotAPath`] for a
    /// relative reference that does not start with `/`, [`RouteErrorKind::AbsoluteUrl`] for
    /// an absolute URL: its origin is the caller's to check (`Route::from_url_on`), or to
    /// waive (`Route::from_url_ignoring_origin`), never silently dropped.
    #[inline]
    pub fn parse(input: &'i str, route: &'static str) -> Result<Self, RouteError> {
        let url_error = |e| RouteError::new(route, RouteErrorKind::Url(e));
        let parts = if input.starts_with('/') {
            origin_form(input).map_err(url_error)?
        } else {
            full_url(input, route)?;
            return Err(RouteError::new(route, RouteErrorKind::AbsoluteUrl).quoting(input));
        };
        let first = if parts.path_start == parts.path_end {
            parts.path_end
        } else {
            parts.path_start + 1
        };
        Ok(Target {
            input,
            route,
            path_start: parts.path_start,
            first,
            path_end: parts.path_end,
            query: parts.query,
            path_escaped: parts.path_escaped,
            query_escaped: parts.query_escaped,
        })
    }

    /// The place before the first segment: [`next`](Self::next) of it is the first segment.
    #[inline]
    pub fn root(&self) -> Seg {
        // `first` is at least 1: after a `/`, or after a scheme.
        let end = self.first.saturating_sub(1);
        Seg { start: end, end }
    }

    /// The segment after `prev`, if the path goes on (`/a/` has a second, empty segment).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the generated matcher calls it once per position; a call would cost as much as the search"
    )]
    pub fn next(&self, prev: Seg) -> Option<Seg> {
        let start = prev.end + 1;
        if start > self.path_end {
            return None;
        }
        Some(Seg {
            start,
            end: slash(self.input.as_bytes(), start, self.path_end),
        })
    }

    /// Whether the path ends with `seg` (never true of [`root`](Self::root): every path has
    /// a segment, `/` an empty one).
    #[inline]
    pub fn ends(&self, seg: Seg) -> bool {
        seg.end == self.path_end
    }

    /// The raw bytes of a segment.
    #[inline]
    pub fn bytes(&self, seg: Seg) -> &'i [u8] {
        self.input
            .as_bytes()
            .get(seg.start..seg.end)
            .unwrap_or_default()
    }

    /// Whether `seg` is the static text `text` (see `urlkit_syntax::route::static_eq`: triplet
    /// hex in either case, nothing decoded).
    #[inline]
    pub fn is(&self, seg: Seg, text: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::static_eq(text, s))
    }

    /// Whether `seg` starts with `prefix` and ends with `suffix`, apart (a placeholder with
    /// text around it; its value may be empty).
    #[inline]
    pub fn affixed(&self, seg: Seg, prefix: &str, suffix: &str) -> bool {
        self.input
            .get(seg.start..seg.end)
            .is_some_and(|s| urlkit_syntax::route::Segment::Value { prefix, suffix }.matches(s))
    }

    /// The raw query, after `?`, if there is one.
    #[inline]
    pub(super) fn query(&self) -> Option<&'i str> {
        let (start, end) = self.query?;
        self.input.get(start..end)
    }

    /// Where the query starts (the end of the input without one).
    pub(super) fn query_start(&self) -> usize {
        self.query.map_or(self.input.len(), |(start, _)| start)
    }

    /// Whether the path's values are their own decoding (it holds no `%`).
    pub(super) fn path_plain(&self) -> bool {
        !self.path_escaped
    }

    /// Whether the query's values are their own decoding (it holds no `%` and no `+`, a
    /// space in a query value).
    pub(super) fn query_plain(&self) -> bool {
        !self.query_escaped
    }

    /// The query's bytes, as offsets (an empty span at the end of the input without one).
    pub(super) fn query_span(&self) -> core::ops::Range<usize> {
        let (start, end) = self.query.unwrap_or((self.input.len(), self.input.len()));
        start..end
    }

    /// The path, for errors.
    pub(super) fn path(&self) -> &'i str {
        match self.input.get(self.path_start..self.path_end) {
            Some("") | None => "/",
            Some(path) => path,
        }
    }
}

/// The first `/` of `bytes[start..end]`, or `end`: eight bytes at a time, with the classic
/// test for a zero byte (of the bytes xor `/`; the lowest flagged byte is exact). Fewer than
/// eight bytes before `end` are read as the eight bytes that end there, shifted.
#[inline]
fn slash(bytes: &[u8], start: usize, end: usize) -> usize {
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

/// Where a URL's parts are, and whether their values need decoding.
struct Parts {
    path_start: usize,
    path_end: usize,
    /// The path holds a `%`.
    path_escaped: bool,
    query: Option<(usize, usize)>,
    /// The query holds a `%` or a `+`.
    query_escaped: bool,
}

/// `/path?query#fragment` (`input` starts with `/`), checked for characters a URL cannot hold
/// raw.
#[inline]
fn origin_form(input: &str) -> Result<Parts, ParseError> {
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
fn scan<const PLUS: bool>(bytes: &[u8], start: usize, class: u16) -> (usize, bool) {
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

/// Where the path and query of an absolute URL start and end (the query right after the
/// path's `?`), for `Route::from_url_ignoring_origin`; checked as [`Target::parse`] checks it.
pub(crate) fn path_and_query(
    input: &str,
    route: &'static str,
) -> Result<(usize, usize), RouteError> {
    let parts = full_url(input, route)?;
    Ok((
        parts.path_start,
        parts.query.map_or(parts.path_end, |(_, end)| end),
    ))
}

/// An absolute URL: checked by [`Url::parse`], then where its path and query are.
#[cold]
fn full_url(input: &str, route: &'static str) -> Result<Parts, RouteError> {
    Url::parse(input).map_err(|e| RouteError::new(route, RouteErrorKind::Url(e)))?;
    // `Url::parse` only uppercases triplet hex, so its ranges are the input's.
    let parts = reference::split(input);
    let path = parts.path.clone();
    let query = parts.query.map(|q| (q.start, q.end));
    let bytes = input.as_bytes();
    let found = |path: core::ops::Range<usize>| Parts {
        path_start: path.start,
        path_end: path.end,
        path_escaped: bytes[path].contains(&b'%'),
        query,
        query_escaped: query
            .is_some_and(|(start, end)| bytes[start..end].iter().any(|&b| b == b'%' || b == b'+')),
    };
    let not_a_path = || Err(RouteError::new(route, RouteErrorKind::NotAPath).quoting(input));
    if parts.scheme.is_none() {
        // A relative reference that is not a path: `users/7`, `?q`.
        not_a_path()
    } else if input[path.clone()].starts_with('/') {
        Ok(found(path))
    } else if parts.authority.is_some() && path.is_empty() {
        // `https://example.com` asks for `/` (RFC 9110 §4.2.3); its path is empty, so the
        // matcher is given an empty path, and sees the one empty segment `/` has.
        Ok(found(path))
    } else {
        not_a_path()
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::{PATH, QUERY, chars, scan, slash};

    /// Bytes that matter here: `/`, `?`, `#`, `%`, `+`, a space, letters, non-ASCII.
    const ALPHABET: &[u8] = b"//?#%+ aZ9-.~\xc3\xa9\x00";

    fn texts(mut seed: u64, count: usize) -> Vec<Vec<u8>> {
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        (0..count)
            .map(|_| {
                let len = next() % 40;
                (0..len)
                    .map(|_| ALPHABET[next() % ALPHABET.len()])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn scan_is_a_byte_by_byte_scan() {
        for text in texts(1, 20_000) {
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
        for text in texts(2, 20_000) {
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
