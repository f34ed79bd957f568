//! The resolve bench's work, without criterion, for counting instructions and cycles: each
//! library resolves the 42 examples of RFC 3986 §5.4 against their base, 20 000 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example resolve_count
//! for lib in urlkit urlkit_str url iri-string none; do
//!     perf stat -e instructions:u,cycles:u target/release/examples/resolve_count $lib
//! done
//! ```
//!
//! `urlkit` resolves the 34 references `Url::parse` accepts, parsed beforehand; the others
//! resolve all 42 from text; `none` is the loop alone. Counts depend little on other processes,
//! which criterion's times on a shared machine do.

use std::hint::black_box;

use iri_string::format::ToDedicatedString;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr};

const SECTION_5_4: &str =
    include_str!("../../tests/data/rfc3986__section-5.4-reference-resolution.json");

fn main() {
    let library = std::env::args()
        .nth(1)
        .expect("urlkit, urlkit_str, url, iri-string or none");
    let data: serde_json::Value = serde_json::from_str(SECTION_5_4).unwrap();
    let references: Vec<&str> = ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
        .map(|case| case["ref"].as_str().unwrap())
        .collect();
    let base = data["base"].as_str().unwrap();
    let ours = urlkit::Url::parse(base).unwrap();
    let parsed: Vec<urlkit::Url> = references
        .iter()
        .filter_map(|r| urlkit::Url::parse(r).ok())
        .collect();
    let iri_base = UriAbsoluteStr::new(base).unwrap();
    let url_base = url::Url::parse(base).unwrap();
    let mut bytes = 0;
    for _ in 0..20_000 {
        match library.as_str() {
            "urlkit" => {
                for r in &parsed {
                    bytes += black_box(ours.resolve(black_box(r)).unwrap())
                        .as_str()
                        .len();
                }
            }
            "urlkit_str" => {
                for r in &references {
                    bytes += black_box(ours.resolve_str(black_box(r)).unwrap())
                        .as_str()
                        .len();
                }
            }
            "url" => {
                for r in &references {
                    // urlkit: allow(reason = "the bench counts `url::Url::join` itself")
                    bytes += black_box(url_base.join(black_box(r)).unwrap())
                        .as_str()
                        .len();
                }
            }
            "iri-string" => {
                for r in &references {
                    let reference = UriReferenceStr::new(black_box(r)).unwrap();
                    bytes +=
                        black_box(reference.resolve_against(iri_base).to_dedicated_string()).len();
                }
            }
            "none" => {}
            other => panic!("unknown library `{other}`"),
        }
    }
    println!("{bytes} bytes resolved");
}
