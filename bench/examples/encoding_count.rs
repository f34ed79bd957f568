//! The encoding bench's work, without criterion, for counting instructions and cycles (which
//! depend little on other processes, as criterion's times on a shared machine do): one case,
//! 100 000 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example encoding_count
//! perf stat -e instructions:u,cycles:u target/release/examples/encoding_count encode english_1k
//! ```
//!
//! The first argument is what to run: `encode` (`encode::component`), `pe-encode`
//! (`utf8_percent_encode` into a `Cow`), `copy` (`String::push_str` of the input), `decode`
//! (`decode::component` of the input's encoding), `pe-decode` (`percent_decode_str` with its
//! UTF-8 check), `from_utf8` (`core::str::from_utf8` of the input) or `none` (the loop
//! alone); the second an input of the bench (`ident_short`, `ident_1k`, `english_1k`,
//! `multibyte_1k`); the third, optional, the number of iterations. `PAD=n` in the environment
//! moves the encoded input `n` bytes into its buffer (decoding timings did not depend on it).

use std::borrow::Cow;
use std::hint::black_box;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use urlkit::{decode, encode};
use urlkit_bench::encoding_inputs::inputs;

/// What `encode::component` escapes, as in `benches/encoding.rs`.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().expect("what to run");
    let name = args.next().expect("an input");
    let n: usize = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let input = inputs()
        .into_iter()
        .find(|(input, _)| *input == name)
        .unwrap_or_else(|| panic!("no input {name}"))
        .1;
    // An optional shift of the encoded input's address, to see whether timings depend on where
    // input and output lie relative to each other (`PAD=n`).
    let pad: usize = std::env::var("PAD")
        .ok()
        .map_or(0, |p| p.parse().expect("a number"));
    let mut encoded = String::with_capacity(pad + 4096);
    encoded.push_str(&"x".repeat(pad));
    encoded.push_str(&encode::component(&input));
    let encoded = &encoded[pad..];
    let mut bytes = 0;
    for _ in 0..n {
        bytes += match what.as_str() {
            "encode" => encode::component(black_box(&input)).len(),
            "pe-encode" => Cow::from(utf8_percent_encode(black_box(&input), COMPONENT)).len(),
            "copy" => {
                let mut copy = String::new();
                copy.push_str(black_box(&input));
                black_box(copy).len()
            }
            "decode" => decode::component(black_box(encoded)).unwrap().len(),
            "pe-decode" => percent_decode_str(black_box(encoded))
                .decode_utf8()
                .unwrap()
                .len(),
            "from_utf8" => std::str::from_utf8(black_box(input.as_bytes()))
                .unwrap()
                .len(),
            "none" => black_box(&input).len(),
            other => panic!("nothing to run called {other}"),
        };
    }
    println!("{bytes}");
}
