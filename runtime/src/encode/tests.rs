//! Unit tests of the encoders: the sets against the standards' tables, the shapes against
//! each other, and the block paths against a byte at a time.

use super::engine::{Component, Form, Reserved, encoded_len, first_change, with_kind};
use super::*;
use crate::scan::Fast;
use alloc::string::ToString;
use alloc::vec::Vec;

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
            let cow = encode_cow(set, input);
            let mut into = String::from(">");
            encode_into(set, input, &mut into);
            let shown = Encode { input, set }.to_string();
            assert_eq!(&into[1..], cow, "{set:?} {input:?}");
            assert_eq!(shown, cow, "{set:?} {input:?}");
            let first = with_kind!(set, first_change::<Fast>(input));
            assert_eq!(matches!(cow, Cow::Borrowed(_)), first.is_none());
            if let Some(first) = first {
                assert_eq!(cow.as_bytes()[..first], input[..first], "{set:?} {input:?}");
                let len = first + with_kind!(set, encoded_len::<Fast>(&input[first..]));
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
