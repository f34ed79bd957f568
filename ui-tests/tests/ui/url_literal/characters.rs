// Characters that are never allowed raw, in each component, and how they are shown.
use urlkit::{url, Url};

fn main() {
    // Every space of one component is one error with a caret under each.
    let _: Url = url!("https://example.com/a b/c d");
    // The same character in two components: two errors, each naming its component.
    let _ = url!("https://example.com/search results?q=rust url");
    let _ = url!("https://example.com/\"quoted\"/<tag>/a^b/a|b/a`b");
    let _ = url!(r"https://example.com\path\to");
    // A tab from an escape is shown as `\t` so the caret stays under it.
    let _ = url!("https://example.com/a\tb");
    // Invisible characters pasted with a URL are shown escaped.
    let _ = url!("https://example.com/a b/c");
    let _ = url!("https://example.com/?q=\u{200b}x");
    // Hangul fillers and the combining grapheme joiner are default-ignorable: invisible too.
    let _ = url!("https://example.com/\u{3164}/\u{115f}/\u{ffa0}/a\u{34f}b");
    // The braille pattern blank is drawn as a space.
    let _ = url!("https://example.com/a\u{2800}b");
    // The caret stays under its character after wide emoji.
    let _ = url!("https://example.com/✅⭐/a b");
    let _ = url!("https://example.com/?ids[]=1&ids[]=2");
    let _ = url!("https://example.com/page#section#2");
    // Whitespace copied along with the URL.
    let _ = url!("https://example.com/page \n");
}
