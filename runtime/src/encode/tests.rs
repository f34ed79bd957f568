//! Unit tests of the encoders: the sets against the standards' tables, the shapes against
//! each other, and the block paths against a byte at a time.

use super::engine::{
    ACTIONS, Component, Form, KEEP, Reserved, SetType, encoded_len, first_change, kept_run,
    with_set_type,
};
use super::short::{SHORTEST_COPY, copy_short_if_kept};
use super::write::{TAIL, append_with, encode_cow_with};
use super::*;
use crate::scan::{BLOCK, Fast};
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt::Write;

/// Every printable ASCII character through each set, against the tables the standards
/// give (JS `encodeURIComponent` plus `!'()*`, RFC 6570 §1.5 `U+R`, and the WHATWG
/// `application/x-www-form-urlencoded` serializer behind `URLSearchParams`).
#[test]
fn printable_ascii_through_each_set() {
    let ascii: String = (0x20u8..0x7F).map(char::from).collect();
    assert_eq!(
        component(&ascii),
        "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"
    );
    assert_eq!(
        reserved(&ascii),
        "%20!%22#$%25&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[%5C]%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"
    );
    assert_eq!(
        form(&ascii),
        "+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"
    );
}

#[test]
fn shapes_agree() {
    let inputs: [&[u8]; 11] = [
        b"",
        b"abc",
        b"a b",
        b"%",
        b"%2f%zz",
        b"\xFF\x00",
        "é円".as_bytes(),
        // Longer than one eight-byte step of `kept_run`, with the change in each position.
        b"abcdefgh ijklmnop",
        b"abcdefghijklmno%",
        b"abcdefghijklmnop%41qrstuvwx",
        b"%2Fabcdefgh%zzabcdefgh",
    ];
    // Around the lengths where `kept_run` stops scanning byte by byte (16) and
    // `append` stops encoding through the stack (64 bytes after the unchanged prefix).
    let long: Vec<Vec<u8>> = [15, 16, 63, 64, 65, 200]
        .into_iter()
        .flat_map(|n| {
            [
                b"a".repeat(n),
                [b"a".repeat(n - 1), b" ".to_vec()].concat(),
                [b"ab ".to_vec(), "é%4".repeat(n / 2).into_bytes()].concat(),
            ]
        })
        .collect();
    let inputs = inputs.into_iter().chain(long.iter().map(Vec::as_slice));
    for set in [Set::Component, Set::Reserved, Set::Form] {
        for input in inputs.clone() {
            let cow = encode_cow(set, input, None);
            let mut into = String::from(">");
            append_encoded(set, input, &mut into);
            let shown = Encode {
                input,
                text: None,
                set,
            }
            .to_string();
            assert_eq!(&into[1..], cow, "{set:?} {input:?}");
            assert_eq!(shown, cow, "{set:?} {input:?}");
            let first = with_set_type!(set, first_change::<Fast>(input));
            assert_eq!(matches!(cow, Cow::Borrowed(_)), first.is_none());
            if let Some(first) = first {
                assert_eq!(cow.as_bytes()[..first], input[..first], "{set:?} {input:?}");
                let len = first + with_set_type!(set, encoded_len::<Fast>(&input[first..]));
                assert_eq!(len, cow.len(), "{set:?} {input:?}");
            }
        }
    }
}

#[test]
fn reserved_keeps_triplets_and_escapes_lone_percent() {
    for (input, output) in [
        ("admin%2F", "admin%2F"),
        ("%foo", "%25foo"),
        ("50%", "50%25"),
        ("%%2a", "%25%2a"),
        ("%2", "%252"),
        ("red%25,%2Fgreen,blue ", "red%25,%2Fgreen,blue%20"),
    ] {
        assert_eq!(reserved(input), output, "{input}");
    }
}

#[test]
fn bytes_are_octets_not_text() {
    let all: Vec<u8> = (0..=255).collect();
    let encoded = component_bytes(&all);
    assert!(encoded.bytes().all(|b| (0x21..0x7F).contains(&b)));
    assert_eq!(encoded.matches('%').count(), 256 - 66);
}

/// The encoding of `input` as the module table states it, a byte at a time, with none of the
/// engine's tables: the oracle for the block paths.
pub(crate) fn reference(set: Set, input: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while let Some(&b) = input.get(i) {
        let unreserved = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        let keep = match set {
            Set::Component => unreserved,
            Set::Reserved => unreserved || b":/?#[]@!$&'()*+,;=".contains(&b),
            Set::Form => b.is_ascii_alphanumeric() || b"*-._".contains(&b),
        };
        let triplet = b == b'%'
            && input.len() > i + 2
            && input[i + 1].is_ascii_hexdigit()
            && input[i + 2].is_ascii_hexdigit();
        if set == Set::Reserved && triplet {
            out.push_str(core::str::from_utf8(&input[i..i + 3]).unwrap());
            i += 3;
            continue;
        }
        if set == Set::Form && b == b' ' {
            out.push('+');
        } else if keep {
            out.push(char::from(b));
        } else {
            write!(out, "%{b:02X}").unwrap();
        }
        i += 1;
    }
    out
}

/// A deterministic source of test bytes (xorshift), weighted towards what changes paths:
/// kept letters, bytes each set escapes, `%`, hex digits, bytes above ASCII.
pub(crate) struct Bytes(u64);

impl Bytes {
    pub(crate) fn new(seed: u64) -> Self {
        Bytes(seed | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn byte(&mut self) -> u8 {
        let r = self.next();
        let pick = |set: &[u8]| set[(r >> 8) as usize % set.len()];
        match r % 16 {
            0..=6 => pick(b"abcxyzABCXYZ019-._~"),
            7 | 8 => pick(b" /?#&+=*!()[]<>\"{}|\\^`"),
            9 => b'%',
            10 | 11 => pick(b"0123456789abcdefABCDEFgG"),
            12 => pick(&[0x00, 0x1F, 0x7F]),
            _ => 0x80 | (r >> 8) as u8,
        }
    }
}

const SETS: [Set; 3] = [Set::Component, Set::Reserved, Set::Form];

/// Every shape of every set, through the block path of `S`, against the specification
/// (`super::spec`).
fn check_with<S: crate::scan::Scan>(input: &[u8]) {
    for set in SETS {
        let expected = super::spec::encode(set, input);
        let text = core::str::from_utf8(input).ok();
        for text in [None, text] {
            let cow = with_set_type!(set, encode_cow_with::<S>(input, text));
            assert_eq!(cow, expected, "{set:?} {input:02X?}");
            assert_eq!(
                matches!(cow, Cow::Borrowed(_)),
                expected.as_bytes() == input,
                "{set:?} {input:02X?}"
            );
        }
        let mut into = String::from(">");
        with_set_type!(set, append_with::<S>(input, &mut into));
        assert_eq!(into[1..], expected, "{set:?} {input:02X?}");
    }
}

/// The vector path and the portable one, against the oracle; `display` too (it runs the
/// vector path). On `x86_64`, `Fast` uses SSSE3 and AVX2 where the processor has them: the
/// SSE2 path, and SSSE3 without AVX2, are checked on their own too.
fn check(input: &[u8]) {
    // The specification is the standards' tables.
    for set in SETS {
        assert_eq!(
            super::spec::encode(set, input),
            reference(set, input),
            "{set:?} {input:02X?}"
        );
    }
    check_with::<Fast>(input);
    // Under Miri, `Fast` is the portable path; the vector paths run too, SSE2 alone and at
    // the highest level the build enables statically (Miri cannot ask the processor): SSSE3
    // and AVX2 with `-C target-feature` (`.ci/run`).
    #[cfg(all(miri, target_arch = "x86_64", target_feature = "sse2"))]
    {
        check_with::<crate::scan::sse2::Sse2<false, false>>(input);
        check_with::<crate::scan::sse2::Sse2<true, true>>(input);
    }
    if !cfg!(miri) {
        check_with::<crate::scan::swar::Swar>(input);
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            check_with::<crate::scan::sse2::Sse2<false, false>>(input);
            check_with::<crate::scan::sse2::Sse2<true, false>>(input);
        }
    }
    for set in SETS {
        let shown = Encode {
            input,
            text: None,
            set,
        }
        .to_string();
        assert_eq!(
            shown,
            super::spec::encode(set, input),
            "{set:?} {input:02X?}"
        );
    }
    check_in_room(input);
    if let Ok(text) = core::str::from_utf8(input) {
        check_fast(text);
    }
}

/// `url!`'s one-pass writer: with exactly the room it asks for, a short input is encoded as
/// the oracle does; with a byte less, or a long input, it declines and leaves `out` as is.
fn check_in_room(input: &[u8]) {
    for set in [Set::Component, Set::Form] {
        let room = 3 * input.len() + 1;
        let mut out = String::with_capacity(1 + room);
        out.push('>');
        let short = input.len() < TAIL;
        assert_eq!(append_in_room(set, input, &mut out), short);
        if short {
            assert_eq!(out[1..], reference(set, input), "{set:?} {input:02X?}");
        }
        let mut tight = String::with_capacity(room - 1);
        if tight.capacity() < room {
            assert!(!append_in_room(set, input, &mut tight));
            assert!(tight.is_empty());
        }
        if let Ok(text) = core::str::from_utf8(input) {
            check_copied(set, text);
        }
    }
}

/// `url!`'s first try: a value of `SHORTEST_COPY` to `TAIL` bytes that the set keeps whole is copied as it
/// is when there is room for it; anything else is declined and `out` left as it was.
fn check_copied(set: Set, input: &str) {
    let copies =
        (SHORTEST_COPY..=TAIL).contains(&input.len()) && reference(set, input.as_bytes()) == input;
    let mut out = String::with_capacity(1 + input.len());
    out.push('>');
    assert_eq!(
        copy_short_if_kept(set, input, &mut out),
        copies,
        "{set:?} {input:?}"
    );
    assert_eq!(&out[1..], if copies { input } else { "" });
    let mut tight = String::with_capacity(input.len().saturating_sub(1));
    if tight.capacity() < input.len() {
        assert!(!copy_short_if_kept(set, input, &mut tight));
        assert!(tight.is_empty());
    }
}

/// Random inputs of every length up to 300 at every offset into a buffer up to 15 (the
/// blocks start at every alignment).
#[test]
fn block_paths_agree_with_bytes_at_every_length_and_offset() {
    // Under Miri, just past the writer's tail (`2 * BLOCK`), unaligned: a minute, not hours.
    let (lengths, offsets) = if cfg!(miri) { (33, 1) } else { (300, 16) };
    let mut bytes = Bytes::new(0x5EED);
    for len in 0..=lengths {
        let buffer: Vec<u8> = (0..len + offsets).map(|_| bytes.byte()).collect();
        for offset in 0..offsets {
            check(&buffer[offset..offset + len]);
        }
    }
}

/// The same text with nothing to change, or one change at each position: the runs and the
/// borrowing.
#[test]
fn one_change_at_every_position() {
    // Under Miri, the lengths around the block boundaries only.
    let (lengths, changes): (Vec<usize>, &[u8]) = if cfg!(miri) {
        ([16, 33].to_vec(), &[b'%', 0xC3])
    } else {
        ((1..=100).collect(), &[b' ', b'%', b'~', 0xC3])
    };
    for len in lengths {
        let plain = b"a".repeat(len);
        check(&plain);
        for at in 0..len {
            for &change in changes {
                let mut input = plain.clone();
                input[at] = change;
                check(&input);
            }
        }
    }
}

/// Every input of one and two bytes, and of three over an alphabet of the bytes that change
/// paths.
#[test]
#[cfg_attr(miri, ignore = "exhaustive: too slow interpreted")]
fn every_short_input() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    let alphabet = b"a ~*+/%2fG\x00\x80\xFF";
    for &a in alphabet {
        for &b in alphabet {
            for &c in alphabet {
                check(&[a, b, c]);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: if cfg!(miri) { 4 } else { 512 },
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Arbitrary bytes at an arbitrary offset.
    #[test]
    fn block_paths_agree_on_any_bytes(
        buffer in proptest::collection::vec(proptest::num::u8::ANY, 0..320),
        offset in 0usize..16,
    ) {
        let offset = offset.min(buffer.len());
        check(&buffer[offset..]);
    }

    /// Text: what the `str` functions see.
    #[test]
    fn block_paths_agree_on_any_text(text in "\\PC{0,200}", offset in 0usize..16) {
        let start = (0..=offset.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        check(&text.as_bytes()[start..]);
    }
}

/// The spans the block paths classify with (derived from the grammar's table, upper-case
/// letters folded into lower-case ones) hold exactly the bytes the oracle keeps.
#[test]
fn kept_spans_are_the_kept_bytes() {
    for (set, spans) in [
        (Set::Component, Component::KEPT),
        (Set::Reserved, Reserved::KEPT),
        (Set::Form, Form::KEPT),
    ] {
        for b in 0..=255u8 {
            let kept = reference(set, &[b]) == char::from(b).to_string() && b != b'%';
            assert_eq!(
                spans.iter().any(|s| s.contains(b)),
                kept,
                "{set:?} {b:#04X}"
            );
        }
    }
    // Letters are one folded span: the derivation found the twins.
    assert!(
        Component::KEPT
            .iter()
            .any(|s| s.fold && s.lo == b'a' && s.hi == b'z')
    );
}

/// `url!`'s first try for a value: what it writes is the oracle's encoding, and it declines
/// (leaving `out` as it was) only where it says it does: values over 16 bytes that need an
/// escape, less room than it asks for.
fn check_fast(input: &str) {
    let n = input.len();
    for set in [Set::Component, Set::Form] {
        let expected = reference(set, input.as_bytes());
        let kept = expected == input;
        for room in [n.saturating_sub(1), n, 3 * n + BLOCK - 1, 3 * n + BLOCK] {
            let mut out = String::with_capacity(1 + room);
            out.push('>');
            let spare = out.capacity() - out.len();
            let done = append_short(set, input, &mut out);
            if done {
                assert_eq!(out[1..], expected, "{set:?} {input:02X?} room {room}");
            } else {
                assert_eq!(out, ">", "{set:?} {input:02X?} room {room}");
            }
            let takes = match n {
                0..=7 => spare > 3 * n || n >= 4 && kept && spare >= n,
                8..=16 => spare >= 3 * n + BLOCK || kept && spare >= n,
                17..=32 => kept && spare >= n,
                _ => false,
            };
            assert_eq!(done, takes, "{set:?} {input:02X?} room {room}");
        }
    }
}

/// Values a URL has: kept text of every length around the short paths' limits, with one
/// byte that changes at every position (a space, a delimiter, UTF-8, `+`, `%`, `~`, a
/// zero byte), and two.
#[test]
fn short_values_with_an_escape_at_every_position() {
    let kept = "aZ0-._~b9Y";
    // Under Miri, the lengths at the short paths' limits, and a byte that is escaped, one of
    // two bytes, and one the `form` set writes as another.
    let (lengths, changes): (Vec<usize>, &[&str]) = if cfg!(miri) {
        ([0, 3, 4, 8, 16, 17, 33].to_vec(), &["%", "é", " "])
    } else {
        ((0..=40).collect(), &[" ", "/", "é", "+", "%", "~", "\0"])
    };
    for n in lengths {
        let text: String = kept.chars().cycle().take(n).collect();
        check_fast(&text);
        for p in 0..n {
            for &c in changes {
                let mut one = text.clone();
                one.replace_range(p..=p, c);
                check_fast(&one);
                let mut two = one.clone();
                let last = two.len() - 1 - p;
                if two.is_char_boundary(last) && two.is_char_boundary(last + 1) {
                    two.replace_range(last..=last, "&");
                }
                check_fast(&two);
            }
        }
    }
}

/// `kept_run` through each path (a byte at a time below a block, the spans, and the nibble
/// tables with SSSE3 and with AVX2 from `scan::nibble::LONG` bytes): runs of random kept
/// bytes of every length up to 300 at every offset into a buffer up to 31 (every alignment
/// of a 32-byte register), whole or ended by a byte the set changes, those bytes taken in
/// turn from all the set changes. The change is put at every position for three offsets,
/// and at every seventh (a different seventh for each offset) for the others: all of them
/// took over a minute unoptimized.
#[test]
#[cfg_attr(
    miri,
    ignore = "long; Miri runs the portable path, which the other tests check"
)]
fn kept_runs_at_every_length_offset_and_change() {
    fn each_path<K: SetType>() {
        let actions = &ACTIONS[K::SET as usize];
        let kept: Vec<u8> = (0..=255)
            .filter(|&b| actions[usize::from(b)] == KEEP)
            .collect();
        let changed: Vec<u8> = (0..=255)
            .filter(|&b| actions[usize::from(b)] != KEEP)
            .collect();
        let mut bytes = Bytes::new(0x4B45_5054);
        let mut next_change = 0;
        for len in 0..=300 {
            let buffer: Vec<u8> = (0..len + 32)
                .map(|_| kept[bytes.next() as usize % kept.len()])
                .collect();
            for offset in 0..32 {
                let mut input = buffer[offset..offset + len].to_vec();
                let every = if [0, 1, 31].contains(&offset) { 1 } else { 7 };
                let positions = (offset % every..len).step_by(every);
                for at in positions.map(Some).chain([None]) {
                    if let Some(at) = at {
                        input[at] = changed[next_change % changed.len()];
                        next_change += 1;
                    }
                    let expected = at.unwrap_or(len);
                    // (The portable path is checked by the other tests.)
                    let runs = [
                        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
                        kept_run::<crate::scan::sse2::Sse2<false, false>, K>(&input),
                        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
                        kept_run::<crate::scan::sse2::Sse2<true, false>, K>(&input),
                        kept_run::<Fast, K>(&input),
                    ];
                    for run in runs {
                        assert_eq!(run, expected, "{:?} {input:02X?}", K::SET);
                    }
                    if let Some(at) = at {
                        input[at] = buffer[offset + at];
                    }
                }
            }
        }
    }
    each_path::<Component>();
    each_path::<Reserved>();
    each_path::<Form>();
}
