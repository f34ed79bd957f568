//! The block scans of `split` against a byte at a time.

use alloc::format;
use alloc::vec::Vec;

use urlkit_syntax::chars;

use super::{PATH, PATH_COMMON, PCHAR, QUERY, QUERY_COMMON, padded, scan, segment_end, slash};

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
    for text in texts(1, 20_000, 70) {
        for (class, common) in [(PATH, PATH_COMMON), (QUERY, QUERY_COMMON)] {
            for start in 0..=text.len() {
                let end = text[start..]
                    .iter()
                    .position(|&b| !chars::is(b, class) && b != b'%')
                    .map_or(text.len(), |n| start + n);
                let run = &text[start..end];
                let percent = run.contains(&b'%');
                let plus = percent || run.contains(&b'+');
                let at = format!("{text:?} {start}");
                assert_eq!(
                    scan::<false>(&text, start, class, common),
                    (end, percent),
                    "{at}"
                );
                assert_eq!(
                    scan::<true>(&text, start, class, common),
                    (end, plus),
                    "{at}"
                );
            }
        }
    }
}

#[test]
fn padded_is_the_bytes_then_zeros() {
    let bytes: Vec<u8> = (1..=15).collect();
    for n in 0..16 {
        let mut expected = [0u8; 16];
        expected[..n].copy_from_slice(&bytes[..n]);
        assert_eq!(padded(&bytes[..n]), expected, "{n}");
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

#[test]
fn segment_end_is_a_byte_by_byte_scan() {
    for text in texts(3, 20_000, 70) {
        for start in 0..=text.len() {
            let end = text[start..]
                .iter()
                .position(|&b| !chars::is(b, PCHAR) && b != b'%')
                .map_or(text.len(), |n| start + n);
            let escaped = text[start..end].contains(&b'%');
            assert_eq!(
                segment_end(&text, start),
                (end, escaped),
                "{text:?} {start}"
            );
        }
    }
}
