//! Unit tests of the decoders: error offsets and wording, borrowing, the lossy forms, and
//! the block path against the scalar one.

use super::*;
use crate::scan::Fast;
use alloc::string::ToString;

#[test]
fn offsets_point_at_the_culprit() {
    for (input, offset, message) in [
        (
            "ab%zz",
            2,
            "invalid percent-escape `%zz` at byte 2; `%` must be followed by two hex digits",
        ),
        (
            "ab%",
            2,
            "invalid percent-escape `%` at byte 2; `%` must be followed by two hex digits",
        ),
        (
            "a%2",
            1,
            "invalid percent-escape `%2` at byte 1; `%` must be followed by two hex digits",
        ),
        (
            "a%\u{e9}\u{e9}\u{e9}",
            1,
            "invalid percent-escape `%\u{e9}\u{e9}` at byte 1; `%` must be followed by two hex digits",
        ),
        (
            "x%u20AC",
            1,
            "`%u20AC` at byte 1 is not a URL escape; the UTF-8 form is `%E2%82%AC`",
        ),
        (
            "%uD83D%uDE00",
            0,
            "`%uD83D%uDE00` at byte 0 is not a URL escape; the UTF-8 form is `%F0%9F%98%80`",
        ),
        (
            "%uDE00",
            0,
            "`%uDE00` at byte 0 is not a URL escape, and a lone UTF-16 surrogate has no UTF-8 form",
        ),
        (
            "ok%C0%AF",
            2,
            "`%C0` at byte 2 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
        ),
        (
            "\u{e9}%E0%80%AE",
            2,
            "`%E0` at byte 2 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
        ),
        (
            "%ED%A0%80",
            0,
            "`%ED` at byte 0 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
        ),
        (
            "a%E2%82",
            1,
            "`%E2` at byte 1 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
        ),
        (
            "%41%42%FF",
            6,
            "`%FF` at byte 6 does not decode to UTF-8 (overlong, truncated or invalid sequence)",
        ),
    ] {
        let err = component(input).unwrap_err();
        assert_eq!(
            (err.offset(), err.to_string().as_str()),
            (offset, message),
            "{input}"
        );
    }
}

#[test]
fn borrows_when_nothing_changes() {
    assert!(matches!(component("a+b"), Ok(Cow::Borrowed("a+b"))));
    assert!(matches!(form("ab"), Ok(Cow::Borrowed("ab"))));
    assert!(matches!(form("a+b"), Ok(Cow::Owned(_))));
    assert!(matches!(component_lossy("ab"), Cow::Borrowed("ab")));
    assert!(matches!(component_bytes("ab"), Ok(Cow::Borrowed(b"ab"))));
}

#[test]
fn lossy_keeps_bad_escapes() {
    for (input, output) in [
        ("%", "%"),
        ("%2sf%2a", "%2sf*"),
        ("%2%2af%2a", "%2*f*"),
        ("%%2a", "%*"),
        ("%C2x", "\u{FFFD}x"),
        ("%FE%FF", "\u{FFFD}\u{FFFD}"),
        ("%EF%BB%BF", "\u{FEFF}"),
    ] {
        assert_eq!(component_lossy(input), output, "{input}");
    }
}

/// Pieces that make the decoders take every path: plain text, `+`, escapes of ASCII and of
/// each kind of UTF-8 byte (leads, continuations, overlongs, surrogates, bytes never in
/// UTF-8), bad escapes, `%u`, and raw characters of two, three and four bytes.
const PIECES: &[&str] = &[
    "a", "Z", "0", "-", "~", " ", "+", "%", "%2", "%20", "%41", "%7e", "%2B", "%C3", "%A9", "%E2",
    "%82", "%AC", "%F0", "%9F", "%98", "%80", "%ED", "%A0", "%C0", "%FF", "%zz", "%u20AC", "é",
    "東", "😀",
];

/// A deterministic source of pieces (xorshift).
struct Pieces(u64);

impl Pieces {
    fn next(&mut self) -> &'static str {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        // Mostly escapes and plain letters, so that long valid stretches occur too.
        match self.0 % 4 {
            0 => "%C3%A9",
            1 => "abcdefgh",
            _ => PIECES[(self.0 >> 8) as usize % PIECES.len()],
        }
    }
}

/// The block path (vector and portable) against the scalar one, both ways of treating `+`,
/// strict and bytes: the same values, the same errors. And `form_check`, which decodes
/// without writing, against the scalar path: the same verdict, the same error.
fn check(input: &str) {
    assert_eq!(
        form_check(input),
        strict_scalar(input, true).map(drop),
        "{input:?}"
    );
    for plus in [false, true] {
        // The scalar path, which the block paths are held to below, is the specification:
        // the same bytes, or an error at the same bad escape.
        let spec = super::spec::decode(input, plus);
        match (bytes_scalar(input, plus), &spec) {
            (Ok(bytes), Ok(expected)) => assert_eq!(&*bytes, &expected[..], "{input:?}"),
            (Err(error), Err(at)) => assert_eq!(error.offset(), *at, "{input:?}"),
            (got, _) => panic!("{input:?} plus: {plus}: {got:?}, the specification {spec:?}"),
        }
        if let Ok(expected) = &spec {
            let strict = strict_scalar(input, plus).map(|text| text.into_owned().into_bytes());
            let utf8 = core::str::from_utf8(expected).map(|_| expected.clone());
            assert_eq!(strict.is_ok(), utf8.is_ok(), "{input:?} plus: {plus}");
        }
        let expected = strict_scalar(input, plus);
        let fast = strict_with::<Fast>(input, plus);
        assert_eq!(fast, expected, "{input:?} plus: {plus}");
        // Under Miri, `Fast` is the portable path; the vector paths run too, SSE2 alone and
        // at the highest level the build enables statically (Miri cannot ask the processor):
        // SSSE3 and AVX2 with `-C target-feature` (`.ci/run`).
        #[cfg(all(miri, target_arch = "x86_64", target_feature = "sse2"))]
        {
            use crate::scan::sse2::Sse2;
            let sse2 = strict_with::<Sse2<false, false>>(input, plus);
            assert_eq!(sse2, expected, "{input:?} plus: {plus}");
            let vector = strict_with::<Sse2<true, true>>(input, plus);
            assert_eq!(vector, expected, "{input:?} plus: {plus}");
            let bytes = bytes_with::<Sse2<true, true>>(input, plus);
            assert_eq!(bytes, bytes_scalar(input, plus), "{input:?} plus: {plus}");
        }
        if !cfg!(miri) {
            let portable = strict_with::<crate::scan::swar::Swar>(input, plus);
            assert_eq!(portable, expected, "{input:?} plus: {plus}");
            // `Fast` uses SSSE3 and AVX2 where the processor has them; SSE2 alone, and
            // SSSE3 without AVX2, too.
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            {
                use crate::scan::sse2::Sse2;
                let sse2 = strict_with::<Sse2<false, false>>(input, plus);
                assert_eq!(sse2, expected, "{input:?} plus: {plus}");
                let ssse3 = strict_with::<Sse2<true, false>>(input, plus);
                assert_eq!(ssse3, expected, "{input:?} plus: {plus}");
                let bytes = bytes_with::<Sse2<true, false>>(input, plus);
                assert_eq!(bytes, bytes_scalar(input, plus), "{input:?} plus: {plus}");
            }
        }
        assert_eq!(
            matches!(fast, Ok(Cow::Borrowed(_))),
            matches!(expected, Ok(Cow::Borrowed(_)))
        );
        let expected = bytes_scalar(input, plus);
        assert_eq!(
            bytes_with::<Fast>(input, plus),
            expected,
            "{input:?} plus: {plus}"
        );
        if !cfg!(miri) {
            let portable = bytes_with::<crate::scan::swar::Swar>(input, plus);
            assert_eq!(portable, expected, "{input:?} plus: {plus}");
        }
    }
}

/// Inputs of every length up to 300 bytes, at every offset up to 15 into a buffer, made of
/// [`PIECES`]; and the same with its escapes of `é` made valid, so that long inputs decode.
#[test]
fn block_path_agrees_with_scalar_at_every_length_and_offset() {
    // Under Miri, past the block loop's reach (`BLOCK`) and the tail's: minutes, not hours.
    let (lengths, offsets) = if cfg!(miri) { (34, 1) } else { (300, 16) };
    let mut pieces = Pieces(0x5EED);
    for len in 0..=lengths {
        let mut text = String::new();
        while text.len() < len + offsets {
            text.push_str(pieces.next());
        }
        let valid: String = text.replace("%C3", "%C3%A9").replace("%zz", "%7A");
        for text in [&text, &valid] {
            for offset in (0..offsets).filter(|&o| text.is_char_boundary(o)) {
                let end = (offset + len..=text.len()).find(|&e| text.is_char_boundary(e));
                check(&text[offset..end.unwrap_or(text.len())]);
            }
        }
    }
}

/// Every sequence of up to three [`PIECES`].
#[test]
#[cfg_attr(miri, ignore = "exhaustive: too slow interpreted")]
fn every_short_sequence_of_pieces() {
    check("");
    for a in PIECES {
        check(a);
        for b in PIECES {
            check(&[*a, b].concat());
            for c in PIECES {
                check(&[*a, b, c].concat());
            }
        }
    }
}

/// Long valid input with one bad piece at each position: the error found is the scalar
/// path's.
#[test]
fn one_error_at_every_position() {
    let valid = "%E6%9D%B1abc%20".repeat(if cfg!(miri) { 2 } else { 12 });
    for at in (0..valid.len()).filter(|&i| valid.is_char_boundary(i)) {
        let bad: &[&str] = if cfg!(miri) {
            &["%G0", "%C3"]
        } else {
            &["%", "%G0", "%C3", "%80", "%u00E9", "\u{e9}"]
        };
        for bad in bad {
            check(&[&valid[..at], bad, &valid[at..]].concat());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: if cfg!(miri) { 4 } else { 512 },
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Sequences of pieces.
    #[test]
    fn block_path_agrees_on_pieces(
        picks in proptest::collection::vec(0..PIECES.len(), 0..120),
    ) {
        let text: String = picks.iter().map(|&i| PIECES[i]).collect();
        check(&text);
    }

    /// Arbitrary text, and its component encoding (which decodes).
    #[test]
    fn block_path_agrees_on_any_text(text in "\\PC{0,200}") {
        check(&text);
        check(&crate::encode::component(&text));
        check(&crate::encode::form(&text));
    }
}

/// Text in other scripts, encoded: long runs of escapes, which the block path decodes sixteen
/// at a time. Every length to 300 at every offset, as written and with one digit or one `%`
/// spoiled at each place, against the scalar path.
#[test]
fn runs_of_escapes_at_every_length_and_offset() {
    const WORDS: &[&str] = &["Москва", "東京", " ", "Київ", "😀", "é", "a", ", "];
    let mut pieces = Pieces(0xD15E);
    let mut text = String::new();
    while text.len() < 200 {
        text.push_str(WORDS[(pieces.next().len() * 7 + text.len()) % WORDS.len()]);
    }
    let encoded = crate::encode::component(&text).into_owned();
    // Under Miri, lengths that reach the runs decoded at once, past the loop's tail.
    let (lengths, offsets, step) = if cfg!(miri) {
        (120, 2, 40)
    } else {
        (300.min(encoded.len() - 16), 16, 1)
    };
    for len in (0..=lengths).step_by(step) {
        for offset in 0..offsets {
            let input = &encoded[offset..offset + len];
            check(input);
            if len > 0 && !cfg!(miri) {
                let at = (len * 7 + offset) % len;
                for spoiler in ["G", "%"] {
                    let mut spoiled = String::from(input);
                    spoiled.replace_range(at..=at, spoiler);
                    check(&spoiled);
                }
            }
        }
    }
}

/// The SSSE3 decoding of sixteen triplets (`super::shuffle`) against the scanners', where the
/// processor has SSSE3.
#[test]
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn shuffles_decode_triplets_as_the_scanners_do() {
    use crate::raw::for_tests;
    if for_tests::decode_triplets(&[0; crate::scan::TRIPLETS]).is_some() {
        crate::scan::tests::check_triplets(|triplets| {
            for_tests::decode_triplets(triplets).flatten()
        });
    }
}
