//! `kept_run`, which finds the runs of bytes the encoders keep, through each of its paths.

use alloc::vec::Vec;

use super::engine::{ACTIONS, Component, Form, KEEP, Kind, Reserved, kept_run};
use super::tests::Bytes;
use crate::scan::Fast;

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
    fn each_path<K: Kind>() {
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
