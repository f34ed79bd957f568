//! The path's segments as [`Writer`] tracks them: where the path starts, the segment that
//! placeholders write into, and the `/`s that values create (`{/x}`), with the checks that
//! keep a value from making a dot segment or a `//`, and the fast lanes that skip them where
//! they cannot fail.

use alloc::string::String;

use super::{Tracked, Writer, checks};
use crate::encode::{self, Set};
use crate::error::ExpandErrorKind;
use crate::raw::Tail;
use urlkit_syntax::path::is_dot_segment;

impl<'n> Writer<'n> {
    /// The path starts here and there is no authority before it.
    #[inline]
    pub fn path_start(&mut self, relative: bool) {
        self.path_start = self.out.len();
        self.first_segment_open = relative;
    }

    /// A path segment holding placeholders starts here.
    #[inline]
    pub fn segment_start(&mut self) {
        if self.out.len() > self.path_start {
            self.first_segment_open = false;
        }
        self.segment = Some(Tracked {
            start: self.out.len(),
            owner: None,
            delimited: true,
        });
    }

    /// The tracked segment ends; `then_slash` if the template goes on with `/`.
    ///
    /// A segment that is not empty and cannot be a dot segment (over 6 bytes, or not
    /// starting with `.` or `%`), or that no placeholder wrote into, has nothing to check:
    /// told in line, and only the others go through `close_segment` (callgrind, `{/list*}`:
    /// 45 instructions through the call).
    #[inline]
    pub fn segment_end(&mut self, then_slash: bool) {
        let len = self.out.len();
        if let Some(Tracked {
            start,
            owner: Some(_),
            ..
        }) = self.segment
            && (start >= len || may_be_dot_segment(&self.out.as_bytes()[start..]))
        {
            self.close_segment_cold(len, then_slash);
        }
        self.segment = None;
    }

    /// [`close_segment`](Self::close_segment) for [`segment_end`](Self::segment_end), out of
    /// line: in line, its checks made `segment_end` a call that saved six registers.
    #[cold]
    #[inline(never)]
    fn close_segment_cold(&mut self, end: usize, then_slash: bool) {
        self.close_segment(end, then_slash, false);
    }

    /// Checks the tracked segment, which ends at `end`.
    #[inline]
    pub(crate) fn close_segment(&mut self, end: usize, then_slash: bool, allow_empty: bool) {
        let Some(Tracked {
            start,
            owner: Some(name),
            delimited,
        }) = self.segment
        else {
            return;
        };
        let segment = &self.out.as_bytes()[start..end];
        if is_dot_segment(segment) {
            self.fail(name, ExpandErrorKind::DotSegment);
        } else if segment.is_empty() && then_slash && !allow_empty && self.follows_slash(start) {
            self.fail(name, ExpandErrorKind::DoubleSlash);
        } else if segment.is_empty() && delimited {
            // No `//` (the end of the path, or its start), but a segment of the template
            // that its expressions left empty.
            self.fail(name, ExpandErrorKind::EmptySegment);
        }
    }

    /// Whether the byte before `at` is a `/` of this URL: only then does an empty segment
    /// ending in `/` make `//`. At the start of the URL or right after the authority
    /// (`{+base}/users` with an empty `base`) it is the path's leading `/`.
    pub(crate) fn follows_slash(&self, at: usize) -> bool {
        at > self.origin
            && self.out.as_bytes()[at - 1] == b'/'
            // The second `/` of an authority's `//` (a `{+base}` of `//`): what follows is
            // the host, and an empty one leaves no `//` in the path.
            && !checks::starts_authority(&self.out.as_bytes()[self.origin..at - 1])
    }

    /// Writes a `/` that a value's expansion creates (`{/x}`): closes the tracked segment and
    /// opens the next, owned by `name`.
    ///
    /// Most `/`s have nothing to check: the segment they close has no owner (template text,
    /// or none tracked) or is neither empty nor a dot segment, and they do not start the
    /// path with `//`. Those are written here; the others by [`slash_checked`], out of
    /// line. (Callgrind, `{/list*}` of three items: about 90 instructions an item through
    /// the checks, 44 without. Out of line itself: in line, it made every value's `expand`
    /// larger and slower whatever its shape, GitHub issues template 1,623 -> 1,639.)
    ///
    /// [`slash_checked`]: Self::slash_checked
    ///
    /// Its own path calls nothing, so that it saves no registers: a segment that may be a
    /// dot segment (up to 6 bytes, starting with `.` or `%`), a `/` that would start the path
    /// with `//` and a URL without room for the `/` all go to `slash_checked`, which tells
    /// them apart and writes the `/` the same way (callgrind, `{/list*}` of three items: 44
    /// instructions a `/` before).
    #[inline(never)]
    pub(crate) fn slash(&mut self, name: &'n str) {
        let len = self.out.len();
        let closes_unchecked = self.closes_unchecked(len);
        if !closes_unchecked || self.starts_double_slash(len) || len == self.out.capacity() {
            self.slash_checked(name);
            return;
        }
        if let Some(mut tail) = Tail::new(&mut self.out, 1)
            && tail.byte(b'/')
        {
            tail.commit();
        }
        self.first_segment_open = false;
        self.segment = Some(Tracked {
            start: self.out.len(),
            owner: Some(name),
            delimited: false,
        });
    }

    /// [`slash`](Self::slash) and `text` encoded as unreserved text after it, in line and at
    /// once (`{/list*}` of strings), when the `/` has nothing to check (see `slash`) and the
    /// URL has room for the encoding; returns where the segment it opened starts, if it did
    /// (else nothing is written).
    #[allow(
        clippy::inline_always,
        reason = "in line in each list's code for `{/x*}`"
    )]
    #[inline]
    pub(crate) fn slash_text(&mut self, name: &'n str, text: &str) -> Option<usize> {
        let len = self.out.len();
        let closes_unchecked = self.closes_unchecked(len);
        if !closes_unchecked
            || self.starts_double_slash(len)
            || !push_slash_encoded(&mut self.out, text)
        {
            return None;
        }
        self.first_segment_open = false;
        self.segment = Some(Tracked {
            start: len + 1,
            owner: Some(name),
            delimited: false,
        });
        Some(len + 1)
    }

    /// [`slash_text`](Self::slash_text) right after a `slash_text` (or a
    /// `slash_text_after`) of the same variable that returned `start`, with nothing written
    /// since but that segment's text: the segment it closes is `start..`, owned by the
    /// variable (so the one it opens keeps that owner, and only its start moves). When that
    /// segment is not empty, this `/` cannot start the path with `//`: the path started at
    /// `start - 1` or before (`Writer::path_start` is set before any expansion of the path),
    /// and this `/` comes after a byte past `start`. An empty one (which may have opened the
    /// path: `mailto:{/a*}` with `["", "x"]`) takes the checked way. Two tests and three
    /// stores fewer an item of `{/list*}` (callgrind, three strings).
    #[allow(
        clippy::inline_always,
        reason = "in line in each list's code for `{/x*}`"
    )]
    #[inline]
    pub(crate) fn slash_text_after(&mut self, start: usize, text: &str) -> Option<usize> {
        let len = self.out.len();
        debug_assert!(
            matches!(self.segment, Some(Tracked { start: s, owner: Some(_), .. }) if s == start)
        );
        if start >= len || may_be_dot_segment(&self.out.as_bytes()[start..]) {
            return None;
        }
        debug_assert!(!self.starts_double_slash(len));
        if !push_slash_encoded(&mut self.out, text) {
            return None;
        }
        if let Some(segment) = &mut self.segment {
            segment.start = len + 1;
        }
        Some(len + 1)
    }

    /// [`slash`](Self::slash) with the checks of the segment it closes and of a leading `//`.
    #[cold]
    fn slash_checked(&mut self, name: &'n str) {
        self.close_segment(self.out.len(), true, false);
        if self.starts_double_slash(self.out.len()) {
            self.fail(name, ExpandErrorKind::DoubleSlash);
        }
        self.out.push('/');
        self.first_segment_open = false;
        self.segment = Some(Tracked {
            start: self.out.len(),
            owner: Some(name),
            delimited: false,
        });
    }

    /// Whether a `/` written at `len` closes a segment with nothing to check: none is open,
    /// it has no owner, or it is neither empty nor possibly a dot segment (see
    /// [`slash`](Self::slash)).
    #[allow(clippy::inline_always, reason = "in line in `slash` and `slash_text`")]
    #[inline]
    fn closes_unchecked(&self, len: usize) -> bool {
        match self.segment {
            Some(Tracked {
                start,
                owner: Some(_),
                ..
            }) => start < len && !may_be_dot_segment(&self.out.as_bytes()[start..]),
            _ => true,
        }
    }

    /// Whether a `/` at `at` would make a path without authority start with `//`, which
    /// parsers read as the start of a host (RFC 3986 §3.3).
    pub(crate) fn starts_double_slash(&self, at: usize) -> bool {
        self.path_start != usize::MAX
            && at == self.path_start + 1
            && self.out.as_bytes().get(self.path_start) == Some(&b'/')
    }
}

/// Appends `/` and `text` encoded as unreserved text (the `/` and the item of `{/list*}`),
/// when `text` is short and `out` has room for its longest encoding (three bytes a byte, the
/// `/`, and one past the last for the four-byte stores); returns whether it did (else `out`
/// is as it was). One test of the room and one length update for both.
#[allow(
    clippy::inline_always,
    reason = "in line in each list's code for `{/x*}`"
)]
#[inline(always)]
fn push_slash_encoded(out: &mut String, text: &str) -> bool {
    if text.len() >= encode::SHORT {
        return false;
    }
    let Some(mut tail) = Tail::new(out, 3 * text.len() + 2) else {
        return false;
    };
    if tail.byte(b'/') && encode::write_in_tail(Set::Component, text.as_bytes(), &mut tail) {
        tail.commit();
        return true;
    }
    false
}

/// Whether `segment` passes the first test of [`is_dot_segment`] (at most 6 bytes, starting
/// with `.` or `%`): false means it is not a dot segment, true that it may be one.
#[allow(clippy::inline_always, reason = "two tests in the writer's fast paths")]
#[inline(always)]
fn may_be_dot_segment(segment: &[u8]) -> bool {
    segment.len() <= 6 && matches!(segment.first(), Some(b'.' | b'%'))
}
