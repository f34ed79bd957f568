// Non-ASCII text: pre-encoded where RFC 3987 allows it, an error elsewhere.
use urlkit::url;

fn main() {
    // A host needs its punycode form; the message computes it.
    let _ = url!("https://bücher.example/café");
    let _ = url!("https://例え.テスト/");
    // Carets line up after wide characters and after escapes resolved by Rust.
    let _ = url!("https://example.com/東京/\u{e9}t\u{e9} 2024");
    // Outside RFC 3987's ranges: a noncharacter, and private use outside the query.
    let _ = url!("https://example.com/\u{fffe}");
    let _ = url!("https://example.com/\u{e000}?ok=\u{e000}");
}
