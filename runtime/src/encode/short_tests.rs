//! `encode_short_in_room_fast` (`short.rs`), `url!`'s first try for a value, against the
//! oracle: kept values, one change at every position, and two (several changes are in the
//! inputs of `tests.rs`, which checks them here too).

use alloc::string::String;
use alloc::vec::Vec;

use super::Set;
use super::short::encode_short_in_room_fast;
use super::tests::reference;
use crate::scan::BLOCK;

/// `url!`'s first try for a value: what it writes is the oracle's encoding, and it declines
/// (leaving `out` as it was) only where it says it does: values over 16 bytes that need an
/// escape, less room than it asks for.
pub(in crate::encode) fn check_fast(input: &[u8]) {
    let n = input.len();
    for set in [Set::Component, Set::Form] {
        let expected = reference(set, input);
        let kept = expected.as_bytes() == input;
        for room in [n.saturating_sub(1), n, 3 * n + BLOCK - 1, 3 * n + BLOCK] {
            let mut out = String::with_capacity(1 + room);
            out.push('>');
            let spare = out.capacity() - out.len();
            let done = encode_short_in_room_fast(set, input, &mut out);
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
    let kept = b"aZ0-._~b9Y";
    for n in 0..=40 {
        let text: Vec<u8> = kept.iter().cycle().take(n).copied().collect();
        check_fast(&text);
        for p in 0..n {
            for b in [b' ', b'/', 0xC3, b'+', b'%', b'~', 0] {
                let mut one = text.clone();
                one[p] = b;
                check_fast(&one);
                let mut two = one.clone();
                two[n - 1 - p] = b'&';
                check_fast(&two);
            }
        }
    }
}
