//! `url!` sizes the URL once, from the template's text and each value's `size_hint`, and
//! writes short values straight into that room when it is there. A `Value` written by a user
//! may hint anything: these values hint nothing, too little, exactly, or far too much, at
//! every length around the fast paths' limits (8, 16 and 32 bytes), with and without
//! bytes to escape. The URL must be the same text as `percent-encoding` gives for the same
//! values, whatever the hint.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use std::collections::BTreeMap;
use urlkit::url;

use urlkit::value::{Expansion, ListItem, Scalar, Value};

/// RFC 3986 unreserved characters pass; everything else is encoded (as `{x}` does).
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A value whose size hint is whatever the test says, right or wrong.
struct Hinted<T> {
    value: T,
    hint: usize,
}

impl Value for Hinted<&str> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self.value);
    }
    fn size_hint(&self) -> usize {
        self.hint
    }
}

impl Value for Hinted<u64> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(&self.value);
    }
    fn size_hint(&self) -> usize {
        self.hint
    }
}

impl Value for Hinted<&[&str]> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.list(self.value.iter());
    }
    fn size_hint(&self) -> usize {
        self.hint
    }
}

fn enc(text: &str) -> String {
    utf8_percent_encode(text, COMPONENT).to_string()
}

/// The texts: `len` kept bytes, then the same with one byte to escape at the start, the
/// middle and the end (a space, and a two-byte character).
fn texts(len: usize) -> Vec<String> {
    let kept: String = "abcdefghijklmnopqrstuvwxyz0123456789-._~ABCDEFGHIJ"
        .chars()
        .cycle()
        .take(len)
        .collect();
    let mut texts = vec![kept.clone()];
    for at in [0, len / 2, len.saturating_sub(1)] {
        if at < len {
            for change in [" ", "é"] {
                let mut text = kept.clone();
                text.replace_range(at..=at, change);
                texts.push(text);
            }
        }
    }
    texts
}

#[test]
fn any_hint_gives_the_same_url() {
    let labels = ["A-macros", "C-bug"];
    for len in 0..=40 {
        for text in texts(len) {
            for hint in [0, 1, text.len(), 3 * text.len(), 4096] {
                let owner = Hinted {
                    value: text.as_str(),
                    hint,
                };
                let repo = Hinted {
                    value: "rust",
                    hint,
                };
                let state = Hinted {
                    value: text.as_str(),
                    hint,
                };
                let labels = Hinted {
                    value: &labels[..],
                    hint,
                };
                let page = Hinted {
                    value: u64::try_from(len).unwrap() * 1_000_003,
                    hint,
                };
                let built =
                    url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}");
                let expected = if text.is_empty() {
                    // An empty segment value is refused (it would make `//`).
                    None
                } else {
                    Some(format!(
                        "https://api.github.com/repos/{}/rust/issues?state={}&labels=A-macros,C-bug&page={}",
                        enc(&text),
                        enc(&text),
                        page.value
                    ))
                };
                assert_eq!(
                    built.ok().map(urlkit::Url::into_string),
                    expected,
                    "{text:?} hinted {hint}"
                );
            }
        }
    }
}

/// Values one after another with no template text between them, each hinting nothing: every
/// write finds the URL full.
#[test]
fn values_that_hint_nothing_fill_the_url_in_turn() {
    for len in 0..=40 {
        for text in texts(len) {
            let a = Hinted {
                value: text.as_str(),
                hint: 0,
            };
            let b = Hinted {
                value: text.as_str(),
                hint: 0,
            };
            let n = Hinted {
                value: u64::MAX,
                hint: 0,
            };
            let built = url!("/x{?a,b,n}").map(urlkit::Url::into_string);
            let encoded = enc(&text);
            assert_eq!(
                built.unwrap(),
                format!("/x?a={encoded}&b={encoded}&n={}", u64::MAX),
                "{text:?}"
            );
        }
    }
}

/// A list item or map entry whose size hint is whatever the test says.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct HintedItem {
    text: &'static str,
    hint: usize,
}

impl Scalar for HintedItem {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_str(self.text);
    }
    fn size_hint(&self) -> usize {
        self.hint
    }
}
impl ListItem for HintedItem {}

/// Hints at the top of `usize` (summed with the template's text and each other, and
/// multiplied by 3 for a list's items) must neither overflow, which panics in a debug build,
/// nor ask the allocator for their sum, which it cannot give: the URL is the same as with
/// honest hints.
#[test]
fn hints_at_the_top_of_usize_give_the_same_url() {
    for hint in [
        usize::MAX,
        usize::MAX / 2,
        usize::MAX / 3 + 1,
        1 << 40,
        1 << 31,
    ] {
        let owner = Hinted {
            value: "rust lang",
            hint,
        };
        let repo = Hinted {
            value: "rust",
            hint,
        };
        let state = Hinted {
            value: "open",
            hint,
        };
        let page = Hinted { value: 2, hint };
        let labels = [
            HintedItem {
                text: "A-macros",
                hint,
            },
            HintedItem {
                text: "C bug",
                hint,
            },
        ];
        let built = url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}");
        assert_eq!(
            built.unwrap().as_str(),
            "https://api.github.com/repos/rust%20lang/rust/issues?state=open&labels=A-macros,C%20bug&page=2",
            "hinted {hint}"
        );
        let pairs = BTreeMap::from([
            (
                HintedItem { text: "a", hint },
                HintedItem { text: "b c", hint },
            ),
            (
                HintedItem { text: "d", hint },
                HintedItem { text: "e", hint },
            ),
        ]);
        let built = url!("/search{?pairs*}");
        assert_eq!(
            built.unwrap().as_str(),
            "/search?a=b%20c&d=e",
            "hinted {hint}"
        );
    }
}
