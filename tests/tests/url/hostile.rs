//! Hostile input against the runtime: truncated and malformed escapes, every byte value, NUL,
//! `%uXXXX`, and inputs large enough to expose work that grows faster than the input.
//! Everything must come back as a value or a clear error, never a panic.

use std::fmt::Write as _;

use urlkit::decode::DecodeErrorKind;
use urlkit::{Url, decode, encode};

/// `(input, offset, message)` for the strict decoders: each bad escape is reported where its
/// `%` stands, with at most two following characters (whole characters, never half of one).
#[test]
fn malformed_escapes_are_errors_with_offsets() {
    let bad = "must be followed by two hex digits";
    for (input, offset, shown) in [
        ("%", 0, "`%`"),
        ("abc%", 3, "`%`"),
        ("abc%4", 3, "`%4`"),
        ("%\u{e9}", 0, "`%\u{e9}`"),
        ("%4\u{e9}", 0, "`%4\u{e9}`"),
        ("%\u{e9}\u{e9}\u{e9}", 0, "`%\u{e9}\u{e9}`"),
        ("%\u{1F600}x", 0, "`%\u{1F600}x`"),
        ("a%%4", 1, "`%%4`"),
        ("%u", 0, "`%u`"),
        ("%u12", 0, "`%u1`"),
        ("%uZZZZ", 0, "`%uZ`"),
        ("%\0", 0, "`%\0`"),
    ] {
        for err in [
            decode::component(input).unwrap_err(),
            decode::form(input).unwrap_err(),
            decode::component_bytes(input).unwrap_err(),
        ] {
            assert_eq!(err.offset(), offset, "{input:?}");
            let message = err.to_string();
            assert!(
                message.contains(shown) && message.contains(bad),
                "{message}"
            );
        }
        // The lossy decoders keep what they cannot decode, as WHATWG parsers do.
        assert_eq!(decode::component_lossy(input), input);
    }
}

#[test]
fn percent_u_escapes_say_what_they_are() {
    for (input, offset, utf8) in [
        ("%u0041", 0, Some("%41")),
        ("x%u20ac", 1, Some("%E2%82%AC")),
        ("%uD800", 0, None),
        ("%uDC00%uD800", 0, None),
        ("%uD800%u0041", 0, None),
        ("%uD83D%uDE00", 0, Some("%F0%9F%98%80")),
        ("%UFFFF", 0, Some("%EF%BF%BF")),
    ] {
        let err = decode::component(input).unwrap_err();
        assert_eq!(err.offset(), offset, "{input}");
        match err.kind() {
            DecodeErrorKind::PercentU { utf8: got, .. } => assert_eq!(got.as_deref(), utf8),
            other => panic!("{input}: {other:?}"),
        }
        assert!(Url::parse(&format!("http://h/{input}")).is_err());
    }
}

#[test]
fn every_byte_value() {
    let all: Vec<u8> = (0..=255).collect();
    // `reserved` lets a raw `+` through, which only the non-form decoder keeps as `+`.
    for (encoded, plus_is_space) in [
        (encode::component_bytes(&all), false),
        (encode::reserved_bytes(&all), false),
        (encode::form_bytes(&all), true),
    ] {
        assert!(
            encoded.bytes().all(|b| (0x21..=0x7E).contains(&b)),
            "{encoded}"
        );
        let decoded = if plus_is_space {
            decode::form_bytes(&encoded)
        } else {
            decode::component_bytes(&encoded)
        };
        assert_eq!(decoded.unwrap(), all);
    }
    // As escapes, the first byte that is not UTF-8 is 0x80, the 129th triplet.
    let escaped = all.iter().fold(String::new(), |mut s, b| {
        write!(s, "%{b:02x}").unwrap();
        s
    });
    assert_eq!(decode::component_bytes(&escaped).unwrap(), all);
    let err = decode::component(&escaped).unwrap_err();
    assert_eq!(err.offset(), 128 * 3);
    assert_eq!(*err.kind(), DecodeErrorKind::InvalidUtf8("%80".into()));
    // Every byte value raw, each after a valid prefix: never a panic.
    for b in 0..=255u8 {
        if let Ok(text) = std::str::from_utf8(&[b'a', b]) {
            let _ = Url::parse(text);
            let _ = Url::parse(&format!("http://h/{text}"));
            let _ = Url::parse(&format!("http://[::1]{text}/"));
        }
    }
}

#[test]
fn nul() {
    // `%00` is a valid escape of a valid UTF-8 byte: decoding returns it, and it is up to the
    // application to refuse raw data (RFC 3986 §7.3).
    assert_eq!(decode::component("a%00b").unwrap(), "a\0b");
    assert_eq!(encode::component("a\0b"), "a%00b");
    let err = Url::parse("http://h/a\0b").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid control character U+0000 in the URL path; write `%00` (at byte 10)"
    );
    assert!(Url::parse("http://h/a%00b").is_ok());
}

#[test]
fn odd_authorities() {
    for (input, offset) in [
        ("http://[::1]\u{e9}/", 7),
        ("http://[::1]x80/", 7),
        ("http://[", 7),
        ("http://]/", 7),
        ("//@", 2),
        ("//:", 2),
        ("http://h:99999999999999999999/", 9),
        ("http://h:\u{e9}/", 9),
        ("http://\u{e9}\u{e9}/", 7),
        ("file://h:1/", 8),
    ] {
        let err = Url::parse(input).unwrap_err();
        assert_eq!(err.offset(), offset, "{input}: {err}");
        assert!(input.is_char_boundary(err.span().start) && input.is_char_boundary(err.span().end));
    }
}

/// Inputs of a megabyte or more, shaped so that per-occurrence work would add up: before the
/// fix, 320 KB of `/.` took 4.7 s and 100 KB of distinct bad escapes 4.8 s in `Url::parse`
/// (each repeated error was compared against, and cloned from, every one before it).
#[test]
fn large_inputs() {
    let dots = format!("/a{}", "/.".repeat(500_000));
    let err = Url::parse(&dots).unwrap_err();
    assert_eq!(err.offset(), 3);
    let distinct_escapes = (0x4E00..0x9FFF)
        .chain(0xAC00..0xD7A3)
        .filter_map(char::from_u32)
        .fold(String::new(), |mut s, c| {
            write!(s, "%{c}").unwrap();
            s
        });
    assert_eq!(Url::parse(&distinct_escapes).unwrap_err().offset(), 0);
    let distinct_chars: String = (0x4E00..0x9FFF).filter_map(char::from_u32).collect();
    assert_eq!(Url::parse(&distinct_chars).unwrap_err().offset(), 0);
    let long_path = format!("http://h/{}", "a/".repeat(1 << 20));
    assert_eq!(
        Url::parse(&long_path).unwrap().path_segments().count(),
        (1 << 20) + 1
    );
    let percents = "%".repeat(1 << 20);
    assert_eq!(decode::component(&percents).unwrap_err().offset(), 0);
    assert_eq!(decode::form_lossy(&percents), percents);
    let ff = "%FF".repeat(1 << 18);
    assert_eq!(decode::component(&ff).unwrap_err().offset(), 0);
    assert_eq!(decode::component_lossy(&ff).chars().count(), 1 << 18);
    let cjk = "円".repeat(1 << 18);
    assert_eq!(encode::component(&cjk).len(), 9 << 18);
    assert_eq!(decode::component(&encode::component(&cjk)).unwrap(), cjk);
}
