// Non-ASCII text: pre-encoded where RFC 3987 allows it, an error elsewhere.
use urlkit::url;

fn main() {
    // A host needs its ASCII (IDNA) form; the message gives it when it is certain.
    let _ = url!("https://bücher.example/café");
    let _ = url!("https://例え.テスト/");
    // A fullwidth full stop is a dot to IDNA.
    let _ = url!("https://example．com/");
    // A fullwidth solidus maps to `/`, which no host holds: no suggestion.
    let _ = url!("https://example.com／evil.com/");
    // A character whose IDNA mapping is not known here, and a label left to the punycode decoder.
    let _ = url!("https://ｅxample.com/");
    let _ = url!("https://xn--bcher-kva.ß/");
    // Carets line up after wide characters and after escapes resolved by Rust.
    let _ = url!("https://example.com/東京/\u{e9}t\u{e9} 2024");
    // Outside RFC 3987's ranges: a noncharacter, and private use outside the query.
    let _ = url!("https://example.com/\u{fffe}");
    let _ = url!("https://example.com/\u{e000}?ok=\u{e000}");
}
