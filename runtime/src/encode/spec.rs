//! The encodings of [`super`] as a specification: a byte at a time, from the grammar's one
//! character table (`urlkit_syntax::chars::CLASS`) and none of the engine's tables. Every
//! fast path is tested against it (`tests.rs`), and it against the standards' own tables
//! (`tests.rs`'s `reference`, written from RFC 3986, RFC 6570 and the WHATWG URL Standard
//! without the grammar's table).

use alloc::string::String;

use urlkit_syntax::chars::{self, CLASS, FORM, HEX_UPPER, RESERVED, UNRESERVED};

use super::Set;

/// The encoding of `input` under `set`: a kept byte as itself; under `reserved`, a valid
/// triplet as itself; under `form`, a space as `+`; any other byte as `%` and its two hex
/// digits, uppercase (RFC 3986 §2.1).
pub(super) fn encode(set: Set, input: &[u8]) -> String {
    let kept = match set {
        Set::Component => UNRESERVED,
        Set::Reserved => UNRESERVED | RESERVED,
        Set::Form => FORM,
    };
    let mut out = String::new();
    let mut i = 0;
    while let Some(&b) = input.get(i) {
        if set == Set::Reserved && b == b'%' && chars::is_triplet(&input[i..]) {
            out.extend(input[i..i + 3].iter().map(|&b| char::from(b)));
            i += 3;
            continue;
        }
        if set == Set::Form && b == b' ' {
            out.push('+');
        } else if CLASS[usize::from(b)] & kept != 0 {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX_UPPER[usize::from(b >> 4)]));
            out.push(char::from(HEX_UPPER[usize::from(b & 15)]));
        }
        i += 1;
    }
    out
}
