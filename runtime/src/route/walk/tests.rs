//! [`Walk`] against `Target::parse`, the general way it replaces: on any text, the walk finds
//! the segments the whole-path scan finds, and finishing it gives the same target, or the same
//! error.

use alloc::string::String;
use alloc::vec::Vec;

use urlkit_syntax::chars::{self, PCHAR};

use super::Walk;
use crate::route::target::{SegmentSpan, Target};

/// What matters to the walk: each byte that ends a segment or a path, `%` (an escape, or a
/// bad one), bytes of `PCHAR` outside the common run (`~`, `!`, `:`, `@`), bytes no URL holds
/// raw, non-ASCII, and runs long enough to cross a sixteen-byte block.
const PIECES: &[&str] = &[
    "/",
    "/",
    "/",
    "?",
    "#",
    "%",
    "%2F",
    "%41",
    "+",
    " ",
    "a",
    "Z",
    "9",
    "-",
    ".",
    "..",
    "_",
    "~",
    "!",
    ":",
    "@",
    "&",
    "=",
    "[",
    "\"",
    "\u{e9}",
    "\u{0}",
    "\u{7f}",
    "users",
    "ab",
    "abcdefghijklmnopq",
    "0123456789abcdefghijklmnopqrstuv",
];

/// The segments `Target::parse`'s target has, from the first to the one that ends the path.
fn eager_segments(target: &Target<'_>) -> Vec<(usize, usize)> {
    let root = SegmentSpan {
        start: 0,
        end: 0,
        plain: false,
    };
    let mut segments = Vec::new();
    let mut at = target.next(root);
    while let Some(seg) = at {
        segments.push((seg.start, seg.end));
        if target.ends(seg) {
            break;
        }
        at = target.next(seg);
    }
    segments
}

/// The segments the walk finds, and the last of them.
fn walked(walk: &Walk<'_>) -> (Vec<(usize, usize)>, SegmentSpan) {
    let mut segments = Vec::new();
    let mut last = walk.root();
    while let Some(seg) = walk.next(last) {
        segments.push((seg.start, seg.end));
        last = seg;
        if walk.ends(seg) {
            break;
        }
    }
    (segments, last)
}

fn check(input: &str) {
    let eager = Target::parse(input, "Api");
    let walk = match Walk::new(input, "Api") {
        Ok(walk) => walk,
        Err(e) => {
            assert_eq!(Err(e), eager.map(|_| ()), "{input:?}");
            return;
        }
    };
    let (segments, last) = walked(&walk);
    for (seg, &(start, end)) in core::iter::successors(walk.next(walk.root()), |&s| {
        (!walk.ends(s)).then(|| walk.next(s)).flatten()
    })
    .zip(&segments)
    {
        assert_eq!((seg.start, seg.end), (start, end));
        let bytes = &input.as_bytes()[start..end];
        if seg.plain {
            assert!(
                bytes.iter().all(|&b| chars::is(b, PCHAR)),
                "{input:?} {start}"
            );
        } else {
            assert!(
                bytes.contains(&b'%'),
                "{input:?} {start}: not plain without a `%`"
            );
        }
        // Static text (of `PCHAR`, as the derive gives it) matches where, and only where,
        // the segment is that text.
        for text in [b"ab", b"..", b"~!"] {
            let here = walk.literal(start, text).map(|s| s.end);
            let is = (bytes == text).then_some(end);
            assert_eq!(here, is, "{input:?} {start} {text:?}");
        }
    }
    let finished = walk.finish(last);
    let rest = walk.finish_rest(walk.root());
    let miss = walk.miss(&super::Miss::default(), None);
    match eager {
        Ok(target) => {
            assert_eq!(segments, eager_segments(&target), "{input:?}");
            for finished in [finished, rest] {
                let finished = finished.unwrap_or_else(|e| panic!("{input:?}: {e}"));
                assert_eq!(finished.path_end, target.path_end, "{input:?}");
                assert_eq!(finished.query_span(), target.query_span(), "{input:?}");
                assert_eq!(finished.query_plain(), target.query_plain(), "{input:?}");
            }
            assert_eq!(
                miss,
                target.miss(&super::Miss::default(), None),
                "{input:?}"
            );
        }
        Err(e) => {
            assert_eq!(finished.err(), Some(e.clone()), "{input:?}");
            assert_eq!(rest.err(), Some(e.clone()), "{input:?}");
            assert_eq!(miss, e, "{input:?}");
        }
    }
}

#[test]
fn the_walk_splits_and_checks_as_the_whole_path_scan_does() {
    for input in [
        "/",
        "//",
        "/a",
        "/a/",
        "/a b",
        "/a?b",
        "/a#b",
        "/a?b c",
        "/a?b#c d",
        "/%2F",
        "/%zz",
        "/é",
        "/a/é/b",
        "/a?é",
        "a",
        "",
        "https://example.com/a",
        "/~!:@/x",
    ] {
        check(input);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: if cfg!(miri) { 4 } else { 2048 },
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// A `/`, then pieces.
    #[test]
    fn the_walk_agrees_on_pieces(picks in proptest::collection::vec(0..PIECES.len(), 0..24)) {
        let text: String = core::iter::once("/").chain(picks.iter().map(|&i| PIECES[i])).collect();
        check(&text);
    }

    /// Arbitrary text after a `/`.
    #[test]
    fn the_walk_agrees_on_any_text(text in "/\\PC{0,60}") {
        check(&text);
    }
}
