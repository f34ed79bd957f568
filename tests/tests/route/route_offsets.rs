//! `RouteError::offset()` always lies within the text that was parsed, so that a caller can
//! slice the URL there (an offset is a byte index into the given text): every error
//! `from_url` and `from_url_on` give, on arbitrary text against a realistic route enum, is
//! checked, along with the offsets nested in it (a `Url` error's span, a decoding error's
//! offset).

use proptest::prelude::*;
use urlkit::route::{ParamError, RouteErrorKind};
use urlkit::{Route, RouteError, Url};

/// Every shape of route a REST API uses: static text, placeholders whole and with text around
/// them, tails, hand-written pairs, `{?x}`/`{&x}` of every kind, static pieces and flags.
#[derive(Route, Debug, PartialEq)]
#[allow(
    dead_code,
    reason = "the values are only parsed, to look at the errors"
)]
enum Api {
    #[route("/")]
    Root,
    #[route("/users{?since,per_page}")]
    Users {
        since: Option<u64>,
        per_page: Option<u8>,
    },
    #[route("/users/me")]
    Me,
    #[route("/users/{login}{?tab}")]
    User { login: String, tab: Option<String> },
    #[route("/avatars/{login}.png")]
    Avatar { login: String },
    #[route("/repos/{owner}/{repo}/issues{?state,labels*,page}")]
    Issues {
        owner: String,
        repo: String,
        state: Option<String>,
        labels: Vec<String>,
        page: Option<u32>,
    },
    #[route("/repos/{owner}/{repo}/issues/{number}")]
    Issue {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/contents{/path*}")]
    Contents {
        owner: String,
        repo: String,
        path: Vec<String>,
    },
    #[route("/docs/{section}{/page}")]
    Docs { section: String, page: Option<u16> },
    #[route("/s?q={query}{&page}")]
    Search { query: String, page: Option<u32> },
    #[route("/export?format=json&pretty{&fields*}")]
    Export { fields: Vec<char> },
    #[route("/at/{when}?tz={tz}")]
    At { when: f64, tz: Vec<i8> },
}

/// The same routes, with unknown parameters denied.
#[derive(Route, Debug, PartialEq)]
#[route(deny_unknown_params)]
#[allow(
    dead_code,
    reason = "the values are only parsed, to look at the errors"
)]
enum Strict {
    #[route("/users/{login}{?tab}")]
    User { login: String, tab: Option<String> },
    #[route("/s?q={query}{&page}")]
    Search { query: String, page: Option<u32> },
    #[route("/export?format=json&pretty{&fields*}")]
    Export { fields: Vec<char> },
}

/// Every offset `err` holds is within `input`, and `input` can be sliced there.
fn check_offsets(input: &str, err: &RouteError) -> Result<(), TestCaseError> {
    let mut offsets = Vec::new();
    offsets.extend(err.offset());
    match err.kind() {
        RouteErrorKind::Url(e) => {
            offsets.push(e.offset());
            offsets.push(e.span().end);
        }
        RouteErrorKind::Value(ParamError::Decode(e)) | RouteErrorKind::MalformedKey(e) => {
            offsets.push(e.offset());
        }
        _ => {}
    }
    for at in offsets {
        prop_assert!(at <= input.len(), "{input:?}: offset {at} in {err:?}");
        // A char boundary, so that `&input[at..]` does not panic.
        prop_assert!(
            input.get(at..).is_some(),
            "{input:?}: offset {at} in {err:?}"
        );
    }
    Ok(())
}

/// Text a client or an attacker may send: route-like paths with arbitrary bytes in them,
/// queries with keys without `=`, empty pieces, bad escapes, non-ASCII, and full URLs.
fn requests() -> impl Strategy<Value = String> {
    let start = prop::sample::select(vec![
        "",
        "/",
        "/users",
        "/users/me",
        "/users/x",
        "/avatars/a.png",
        "/repos/o/r/issues",
        "/repos/o/r/issues/7",
        "/repos/o/r/contents",
        "/docs/a",
        "/s",
        "/export",
        "/at/1.5",
        "https://example.com",
        "https://example.com/users/x",
    ]);
    let rest = "([/a-z0-9.%+~é #]|%[0-9A-Fa-f]{0,2}|%C3|%FF|%2[eE]){0,8}";
    // Keys in other spellings too, and keys that do not decode.
    let key = prop::sample::select(vec![
        "q", "page", "tab", "since", "per_page", "state", "labels", "format", "pretty", "fields",
        "tz", "x", "", "%71", "p%61ge", "fo%72mat", "pretty%", "t%FFb", "%C3", "lab%els",
    ]);
    let piece = (
        key,
        prop::option::of("([a-z0-9.%+=é]|%[0-9A-Fa-f]{0,2}|%FF){0,4}"),
    )
        .prop_map(|(k, v)| v.map_or_else(|| k.to_string(), |v| format!("{k}={v}")));
    let query = prop::option::of(prop::collection::vec(piece, 0..5).prop_map(|p| p.join("&")));
    let fragment = prop::option::of("[a-z#%]{0,3}");
    prop_oneof![
        8 => (start, rest, query, fragment).prop_map(|(s, r, q, f)| {
            let mut url = format!("{s}{r}");
            if let Some(q) = q {
                url.push('?');
                url.push_str(&q);
            }
            if let Some(f) = f {
                url.push('#');
                url.push_str(&f);
            }
            url
        }),
        1 => any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn every_offset_lies_within_the_input(url in requests()) {
        if let Err(err) = Api::from_url(&url) {
            check_offsets(&url, &err)?;
        }
        if let Err(err) = Strict::from_url(&url) {
            check_offsets(&url, &err)?;
        }
    }

    #[test]
    fn offsets_on_a_base_are_in_the_whole_url(url in requests()) {
        let base = Url::parse("https://api.example.com/v1").unwrap();
        let full = format!("https://api.example.com/v1{url}");
        if let Err(err) = Api::from_url_on(&base, &full) {
            check_offsets(&full, &err)?;
            // The same error as without the base, moved by the base's length.
            if let (Some(at), Err(alone)) = (err.offset(), Api::from_url(&url))
                && full.starts_with("https://api.example.com/v1/")
                && !url.starts_with("//")
            {
                prop_assert_eq!(Some(at), alone.offset().map(|a| a + 26));
            }
        }
    }
}

#[test]
fn a_key_without_a_value_is_at_its_end() {
    // A bare key: `tz` has no `=`, so its value is empty, at the end of the piece.
    let url = "/at/1?tz";
    let err = Api::from_url(url).unwrap_err();
    assert_eq!(err.field(), Some("tz"));
    assert_eq!(
        err.kind(),
        &RouteErrorKind::Value(ParamError::Invalid {
            expected: "an integer from -128 to 127"
        })
    );
    assert_eq!(err.offset(), Some(url.len()));
    let url = "/at/1?tz&tz=1";
    assert_eq!(Api::from_url(url).unwrap_err().offset(), Some(8));
    // An `Option` field's single empty value, bare or not, is no value.
    for url in ["/s?q=x&page", "/s?page&q=x", "/s?q=x&page="] {
        let search = Api::Search {
            query: "x".into(),
            page: None,
        };
        assert_eq!(Api::from_url(url), Ok(search), "{url}");
    }
    let url = "/s?q=x&page&q=y";
    let err = Api::from_url(url).unwrap_err();
    assert_eq!(err.field(), Some("query"));
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Repeated));
    // In a list, each item where it stands.
    let url = "/export?format=json&pretty&fields=a&fields&fields=c";
    let err = Api::from_url(url).unwrap_err();
    assert_eq!(err.field(), Some("fields"));
    assert_eq!(err.offset(), Some(42));
}

#[test]
fn errors_on_a_base_point_into_the_whole_url() {
    let base = Url::parse("https://api.example.com/v1").unwrap();
    let url = "https://api.example.com/v1/repos/o/r/issues/x";
    let err = Api::from_url_on(&base, url).unwrap_err();
    assert_eq!(err.field(), Some("number"));
    assert_eq!(err.offset(), Some(url.len() - 1));
    let url = "https://api.example.com/v1/users/%FF";
    let err = Api::from_url_on(&base, url).unwrap_err();
    let RouteErrorKind::Value(ParamError::Decode(decode)) = err.kind() else {
        panic!("{err:?}");
    };
    assert_eq!(decode.offset(), url.len() - 3);
    assert_eq!(err.offset(), Some(url.len() - 3));
    let url = "https://api.example.com/v1/users/a b";
    let err = Api::from_url_on(&base, url).unwrap_err();
    let RouteErrorKind::Url(parse) = err.kind() else {
        panic!("{err:?}");
    };
    assert_eq!(&url[parse.span()], " ");
    // A query key that does not decode: its escape, in the whole URL.
    let url = "https://api.example.com/v1/users/a?t%FFb=1";
    let err = Api::from_url_on(&base, url).unwrap_err();
    let RouteErrorKind::MalformedKey(decode) = err.kind() else {
        panic!("{err:?}");
    };
    assert_eq!(decode.offset(), url.len() - 6);
    assert_eq!(err.offset(), Some(url.len() - 6));
    assert_eq!(&url[url.len() - 6..url.len() - 3], "%FF");
}
