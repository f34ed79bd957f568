//! The UTF-8 checks against `core::str::from_utf8`.

use super::*;

/// This module's check, and, where the processor has SSSE3 (and AVX2), the one sixteen
/// bytes at a time (`shuffle`, in both builds), which the same tests hold
/// to the standard library.
fn checks() -> alloc::vec::Vec<fn(&[u8]) -> bool> {
    #[cfg_attr(
        not(all(target_arch = "x86_64", target_feature = "sse2")),
        allow(unused_mut, reason = "no vector check on this target")
    )]
    let mut checks: alloc::vec::Vec<fn(&[u8]) -> bool> = alloc::vec![valid];
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        use crate::raw::{Level, valid_utf8};
        if Level::new(true, false).shuffles() {
            checks.push(|bytes| valid_utf8(Level::new(true, false), bytes).unwrap_or(false));
        }
        if Level::new(true, true) > Level::new(true, false) {
            checks.push(|bytes| valid_utf8(Level::new(true, true), bytes).unwrap_or(false));
        }
    }
    checks
}

/// `utf8_string` gives back exactly the bytes that are not UTF-8, and keeps the others.
#[test]
fn string_is_from_utf8() {
    for bytes in [
        &b""[..],
        b"abc",
        b"\xC3\xA9",
        b"\xC3",
        b"\xED\xA0\x80",
        b"a\xFFb",
    ] {
        let expected = alloc::string::String::from_utf8(bytes.to_vec())
            .map_err(alloc::string::FromUtf8Error::into_bytes);
        assert_eq!(
            super::super::utf8_string(bytes.to_vec()),
            expected,
            "{bytes:02X?}"
        );
    }
}

/// `valid` of every check agrees with the standard library on `bytes`.
fn agree(checks: &[fn(&[u8]) -> bool], bytes: &[u8]) {
    let ok = core::str::from_utf8(bytes).is_ok();
    for (k, check) in checks.iter().enumerate() {
        assert_eq!(check(bytes), ok, "check {k}: {bytes:02X?}");
    }
}

/// Every sequence of up to three bytes, and every four-byte sequence starting with a
/// four-byte lead, against the standard library.
#[test]
#[cfg_attr(miri, ignore = "exhaustive: too slow interpreted")]
fn agrees_with_core_on_every_short_sequence() {
    let checks = checks();
    let mut bytes = [0u8; 4];
    for a in 0..=255u8 {
        bytes[0] = a;
        agree(&checks, &bytes[..1]);
        for b in 0..=255u8 {
            bytes[1] = b;
            agree(&checks, &bytes[..2]);
            for c in 0..=255u8 {
                bytes[2] = c;
                agree(&checks, &bytes[..3]);
            }
        }
    }
    for a in 0xF0..=0xF7u8 {
        for b in 0x80..=0xC0u8 {
            for c in [0x7F, 0x80, 0xBF, 0xC0] {
                for d in [0x7F, 0x80, 0x9F, 0xBF, 0xC0] {
                    agree(&checks, &[a, b, c, d]);
                }
            }
        }
    }
}

/// Longer sequences, where whole ASCII chunks are skipped: runs of ASCII, characters of
/// every length, and lone bytes that break them, at every length to 100.
#[test]
fn agrees_with_core_on_mixed_text() {
    const PIECES: &[&[u8]] = &[
        b"a",
        b"0123456789abcdef",
        "\u{e9}".as_bytes(),
        "\u{6771}".as_bytes(),
        "\u{1F600}".as_bytes(),
        b"\x80",
        b"\xE6\x9D",
        b"\xF0",
        b"\xED\xA0\x80",
    ];
    let checks = checks();
    let mut seed = 0x5EED_u64;
    let rounds = if cfg!(miri) { 4 } else { 200 };
    for len in 0..=100 {
        for _ in 0..rounds {
            let mut bytes = alloc::vec::Vec::new();
            while bytes.len() < len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly valid pieces, so that long valid stretches occur.
                let pick = if seed.is_multiple_of(8) {
                    seed >> 8
                } else {
                    (seed >> 8) % 5
                };
                bytes.extend_from_slice(PIECES[pick as usize % PIECES.len()]);
            }
            bytes.truncate(len);
            agree(&checks, &bytes);
        }
    }
}
