//! Property: for arbitrary Unicode values in every placeholder position of a few realistic
//! templates, `url!` either refuses with the documented error (and only when a value gives
//! the reason), or builds a URL that is printable ASCII, that the `url` crate (WHATWG) reads
//! as the same number of path segments and query pairs, and whose percent-decoded parts are
//! the values given. Query pairs are form-decoded by `url`; `url!` writes `+` as `%2B`, so
//! form decoding gives the value back unchanged.

mod common;

use percent_encoding::percent_decode_str;
use proptest::prelude::*;
use urlkit::{ExpandError, ExpandErrorKind, Url, url};

use common::hostile_text as value;

fn decode(text: &str) -> String {
    percent_decode_str(text)
        .decode_utf8()
        .expect("url! encodes UTF-8")
        .into_owned()
}

/// The URL as the `url` crate reads it, after the checks every built URL must pass.
fn read_back(url: &Url) -> url::Url {
    let text = url.as_str();
    assert!(
        text.bytes().all(|b| (0x21..=0x7E).contains(&b)),
        "not printable ASCII: {text:?}"
    );
    url::Url::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// [`read_back`], and WHATWG serializes the URL unchanged: nothing was left for it to fix.
/// (Not for userinfo: WHATWG drops an empty password, `user:@host` becoming `user@host`.)
fn read_back_unchanged(url: &Url) -> url::Url {
    let parsed = read_back(url);
    assert_eq!(parsed.as_str(), url.as_str());
    parsed
}

fn segments(url: &url::Url) -> Vec<String> {
    url.path_segments()
        .expect("hierarchical")
        .map(decode)
        .collect()
}

fn pairs(url: &url::Url) -> Vec<(String, String)> {
    url.query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn is_dot(s: &str) -> bool {
    s == "." || s == ".."
}

/// The kind of a refusal, or the URL.
fn kind(result: &Result<Url, ExpandError>) -> Option<ExpandErrorKind> {
    result.as_ref().err().map(|e| *e.kind())
}

proptest! {
    #[test]
    fn whole_path_segments(user in value(), repo in value()) {
        let result = url!("https://api.example.com/users/{user}/repos/{repo}");
        let refused = [&user, &repo].into_iter().find_map(|v| {
            if is_dot(v) { Some(ExpandErrorKind::DotSegment) }
            else if v.is_empty() { Some(ExpandErrorKind::EmptySegment) }
            else { None }
        });
        prop_assert_eq!(kind(&result), refused);
        if let Ok(url) = result {
            let parsed = read_back_unchanged(&url);
            prop_assert_eq!(segments(&parsed), ["users", user.as_str(), "repos", repo.as_str()]);
        }
    }

    #[test]
    fn path_segment_lists(path in proptest::collection::vec(value(), 0..4)) {
        let result = url!("https://example.com/files{/path*}");
        // An item that is `.`/`..` is refused; an empty item makes `//` unless it is last
        // (an empty last segment is a trailing `/`).
        let refused = path.iter().enumerate().find_map(|(i, v)| {
            if is_dot(v) { Some(ExpandErrorKind::DotSegment) }
            else if v.is_empty() && i + 1 < path.len() { Some(ExpandErrorKind::DoubleSlash) }
            else { None }
        });
        prop_assert_eq!(kind(&result), refused);
        if let Ok(url) = result {
            let parsed = read_back_unchanged(&url);
            let mut expected = vec![String::from("files")];
            expected.extend(path.iter().cloned());
            prop_assert_eq!(segments(&parsed), expected);
        }
    }

    #[test]
    fn query_values_and_keys(
        q in proptest::option::of(value()),
        filters in proptest::collection::vec((value(), value()), 0..3),
    ) {
        let url = url!("https://example.com/search{?q,filters*}").expect("queries take any value");
        let parsed = read_back_unchanged(&url);
        let mut expected: Vec<(String, String)> = q.iter().map(|q| ("q".into(), q.clone())).collect();
        expected.extend(filters.iter().cloned());
        prop_assert_eq!(pairs(&parsed), expected);
        prop_assert_eq!(segments(&parsed), ["search"]);
    }

    #[test]
    fn hand_written_pairs(q in proptest::option::of(value()), page in proptest::option::of(any::<u32>()), tags in proptest::collection::vec(value(), 0..3)) {
        let url = url!("https://example.com/search?q={q}&tag={tags}&page={page}")
            .expect("queries take any value");
        let parsed = read_back_unchanged(&url);
        let mut expected: Vec<(String, String)> = q.iter().map(|q| ("q".into(), q.clone())).collect();
        expected.extend(tags.iter().map(|t| ("tag".into(), t.clone())));
        expected.extend(page.iter().map(|p| ("page".into(), p.to_string())));
        // No `?&`, no dangling `&` or `?`.
        prop_assert!(!url.as_str().contains("?&") && !url.as_str().ends_with(['&', '?']));
        prop_assert_eq!(pairs(&parsed), expected);
    }

    #[test]
    fn fragments(frag in value()) {
        let url = url!("https://example.com/docs#{frag}").expect("fragments take any value");
        let parsed = read_back_unchanged(&url);
        prop_assert_eq!(decode(parsed.fragment().unwrap_or_default()), frag);
        prop_assert_eq!(parsed.query(), None);
    }

    #[test]
    fn userinfo(user in value(), pass in value()) {
        let url = url!("https://{user}:{pass}@example.com/").expect("userinfo takes any value");
        let parsed = read_back(&url);
        prop_assert_eq!(decode(parsed.username()), user);
        prop_assert_eq!(decode(parsed.password().unwrap_or_default()), pass);
        prop_assert_eq!(parsed.host_str(), Some("example.com"));
        prop_assert_eq!(parsed.path(), "/");
    }
}
