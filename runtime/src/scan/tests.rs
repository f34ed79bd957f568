//! Each implementation of [`Scan`] against a byte at a time, on every byte value in every
//! lane, with every other lane holding each of a few neighbours (so that a carry or a borrow
//! between lanes would show).

use super::swar::Swar;
use super::{BLOCK, Scan, Span};

/// The sets the encoders use, and a few edge shapes: the whole ASCII range, single bytes at
/// its ends.
const SETS: &[&[Span]] = &[
    &[Span {
        lo: 0,
        hi: 0x7F,
        fold: false,
    }],
    &[
        Span {
            lo: 0,
            hi: 0,
            fold: false,
        },
        Span {
            lo: 0x7F,
            hi: 0x7F,
            fold: false,
        },
    ],
    &[
        Span {
            lo: b'0',
            hi: b'9',
            fold: false,
        },
        Span {
            lo: b'a',
            hi: b'z',
            fold: true,
        },
        Span {
            lo: b'_',
            hi: b'_',
            fold: false,
        },
    ],
    &[Span {
        lo: 0x01,
        hi: 0x7E,
        fold: false,
    }],
];

fn expected_in_spans(block: &[u8; BLOCK], spans: &[Span]) -> u32 {
    (0..BLOCK)
        .filter(|&k| spans.iter().any(|s| s.contains(block[k])))
        .map(|k| 1 << k)
        .sum()
}

fn expected_either(block: &[u8; BLOCK], a: u8, b: u8) -> u32 {
    (0..BLOCK)
        .filter(|&k| block[k] == a || block[k] == b)
        .map(|k| 1 << k)
        .sum()
}

/// Every byte value in every lane, over backgrounds of neighbouring values.
fn check<S: Scan>() {
    // Under Miri, the lanes at each end of both words, over a zero background: the borrows
    // and carries SWAR could get wrong cross those lanes' edges.
    let (backgrounds, lanes): (&[u8], &[usize]) = if cfg!(miri) {
        (&[0x00], &[0, 7, 8, 15])
    } else {
        (
            &[0x00, 0x2F, 0x30, 0x7F, 0x80, 0xFF],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        )
    };
    let mut spans_of_sets: alloc::vec::Vec<&[Span]> = SETS.to_vec();
    spans_of_sets.extend([
        crate::encode::test_spans::COMPONENT,
        crate::encode::test_spans::RESERVED,
        crate::encode::test_spans::FORM,
    ]);
    // Under Miri, the values at and beside each span's ends and at the ASCII boundary.
    let values: alloc::vec::Vec<u8> = if cfg!(miri) {
        let mut edges = alloc::vec![0x00, 0x7F, 0x80, 0xFF, b'%', b'+'];
        for span in spans_of_sets.iter().flat_map(|spans| spans.iter()) {
            edges.extend([
                span.lo.wrapping_sub(1),
                span.lo,
                span.hi,
                span.hi.wrapping_add(1),
            ]);
            if span.fold {
                // The upper-case twin's edges.
                edges.extend([
                    (span.lo & !0x20).wrapping_sub(1),
                    span.lo & !0x20,
                    span.hi & !0x20,
                    (span.hi & !0x20).wrapping_add(1),
                ]);
            }
        }
        edges
    } else {
        (0..=255).collect()
    };
    for &background in backgrounds {
        for &lane in lanes {
            for value in values.iter().copied() {
                let mut block = [background; BLOCK];
                block[lane] = value;
                for spans in &spans_of_sets {
                    assert_eq!(
                        S::in_spans(&block, spans),
                        expected_in_spans(&block, spans),
                        "{block:02X?} {spans:?}"
                    );
                    let mut bytes = block.to_vec();
                    bytes.extend_from_slice(&block);
                    bytes.push(value);
                    let count = 2 * expected_in_spans(&block, spans).count_ones() as usize;
                    assert_eq!(S::count_in_spans(&bytes, spans), count, "{block:02X?}");
                }
                for (a, b) in [(b'%', b'+'), (b'%', b'%'), (value, 0x80)] {
                    assert_eq!(S::either(&block, a, b), expected_either(&block, a, b));
                }
            }
        }
    }
}

#[test]
fn swar_agrees_with_bytes() {
    check::<Swar>();
}

#[test]
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[cfg_attr(
    miri,
    ignore = "long; the encoders' and decoders' tests run this scanner under Miri"
)]
fn sse2_agrees_with_bytes() {
    check::<super::sse2::Sse2>();
}

#[test]
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[cfg_attr(miri, ignore = "Miri runs the portable path")]
fn neon_agrees_with_bytes() {
    check::<super::neon::Neon>();
}

/// Long enough for `count_in_spans` to sum its lanes more than once (SSE2 does every 255
/// blocks).
#[test]
#[cfg_attr(miri, ignore = "long")]
fn counts_past_lane_overflow() {
    let bytes: alloc::vec::Vec<u8> = (0..BLOCK * 600).map(|i| (i * 7) as u8).collect();
    let spans = crate::encode::test_spans::COMPONENT;
    let expected = bytes
        .iter()
        .filter(|&&b| spans.iter().any(|s| s.contains(b)))
        .count();
    assert_eq!(Swar::count_in_spans(&bytes, spans), expected);
    assert_eq!(super::Fast::count_in_spans(&bytes, spans), expected);
}

/// Sixteen triplets as [`Scan::decode_triplets`] takes them, through `decode` (that method of
/// a [`Scan`], or another with its contract): valid ones of every digit in either case, and
/// each byte spoiled in turn with a non-digit, a `%` or a byte above ASCII.
pub(crate) fn check_triplets(decode: impl Fn(&[u8; super::TRIPLETS]) -> Option<[u8; BLOCK]>) {
    let digits = b"0123456789abcdefABCDEF";
    let mut triplets = [0u8; super::TRIPLETS];
    let rounds = if cfg!(miri) { 2 } else { 64 };
    for round in 0..rounds {
        for (k, triplet) in triplets.chunks_exact_mut(3).enumerate() {
            triplet[0] = b'%';
            triplet[1] = digits[(round * 5 + k * 3) % digits.len()];
            triplet[2] = digits[(round * 11 + k * 7 + 1) % digits.len()];
        }
        assert_eq!(decode(&triplets), Swar::decode_triplets(&triplets));
        assert!(decode(&triplets).is_some());
        for at in 0..super::TRIPLETS {
            for spoiler in [b'g', b'G', b'/', b':', b'@', b'`', b'%', 0x00, 0x80, 0xC6] {
                let mut spoiled = triplets;
                spoiled[at] = spoiler;
                let expected = (0..super::TRIPLETS).all(|i| {
                    let b = spoiled[i];
                    if i % 3 == 0 {
                        b == b'%'
                    } else {
                        b.is_ascii_hexdigit()
                    }
                });
                assert_eq!(decode(&spoiled).is_some(), expected, "{spoiled:02X?}");
                assert_eq!(decode(&spoiled), Swar::decode_triplets(&spoiled));
            }
        }
        // The values, against a byte at a time.
        let bytes = Swar::decode_triplets(&triplets).expect("valid");
        for (k, &byte) in bytes.iter().enumerate() {
            let text = core::str::from_utf8(&triplets[3 * k + 1..3 * k + 3]).expect("ASCII");
            assert_eq!(u8::from_str_radix(text, 16), Ok(byte));
        }
    }
}

#[test]
fn swar_decodes_triplets() {
    check_triplets(Swar::decode_triplets);
}

#[test]
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn sse2_decodes_triplets() {
    check_triplets(super::sse2::Sse2::<false>::decode_triplets);
}

/// The nibble tables of [`super::nibble`], with SSSE3 (16 lanes) and AVX2 (32), against the
/// spans' byte at a time: every byte value in every lane, over backgrounds of neighbouring
/// values (the shift that finds each lane's high nibble crosses into the next lane), for the
/// same sets as the spans' test; and the hex digits' classes and values.
#[test]
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[cfg_attr(miri, ignore = "Miri runs the portable path")]
fn nibbles_agree_with_bytes() {
    use super::nibble::Nibbles;
    let mut spans_of_sets: alloc::vec::Vec<&[Span]> = SETS.to_vec();
    spans_of_sets.extend([
        crate::encode::test_spans::COMPONENT,
        crate::encode::test_spans::RESERVED,
        crate::encode::test_spans::FORM,
    ]);
    for spans in spans_of_sets {
        let mut table = [0u8; 256];
        for (b, entry) in table.iter_mut().enumerate() {
            *entry = u8::from(spans.iter().any(|s| s.contains(b as u8)));
        }
        let set = Nibbles::of(&table, 1);
        let expected = |block: &[u8]| -> u32 {
            (0..block.len())
                .filter(|&k| table[usize::from(block[k])] == 1)
                .map(|k| 1 << k)
                .sum()
        };
        for background in [0x00, 0x0F, 0x2F, 0x30, 0x5F, 0x7F, 0x80, 0xF0, 0xFF] {
            for lane in 0..2 * BLOCK {
                for value in 0..=255u8 {
                    let mut block = [background; 2 * BLOCK];
                    block[lane] = value;
                    let (narrow, wide) = crate::raw::for_tests::nibbles(&block, &set);
                    if let Some((got, (classes, values))) = wide {
                        assert_eq!(got, expected(&block), "{block:02X?} {spans:?}");
                        for k in 0..2 * BLOCK {
                            match urlkit_syntax::chars::hex_value(block[k]) {
                                Some(value) => {
                                    assert_ne!(classes[k], 0, "{block:02X?} {k}");
                                    assert_eq!(values[k], value, "{block:02X?} {k}");
                                }
                                None => assert_eq!(classes[k], 0, "{block:02X?} {k}"),
                            }
                        }
                    }
                    let half = block[lane / BLOCK * BLOCK..][..BLOCK]
                        .try_into()
                        .expect("16");
                    if let Some(got) = narrow {
                        assert_eq!(got[lane / BLOCK], expected(half), "{half:02X?} {spans:?}");
                    }
                }
            }
        }
    }
}
