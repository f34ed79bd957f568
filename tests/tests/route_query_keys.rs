//! Query keys are compared by their decoded form, everywhere `from_url` compares them: a key
//! spelled with escapes (`fo%72mat`, `%66ormat`, hex in either case) or with `+` for a space is
//! that key, as `form_urlencoded`, axum's `Query` and WHATWG `URLSearchParams` read it. A URL
//! repeating a key in another spelling is taken exactly as one repeating it plainly: static
//! pieces, scalar and `Option` placeholders, lists, and `deny_unknown_params`. Otherwise a
//! proxy or an application reading the query with any of those sees a second value that the
//! route ignored (HTTP parameter pollution). A key that does not decode is an error.

use urlkit::Route;
use urlkit::decode::DecodeErrorKind;
use urlkit::route::{ParamError, RouteErrorKind};

#[derive(Route, Debug, PartialEq, Clone)]
enum Export {
    #[route("/export?format=xml")]
    Xml,
    #[route("/export?format=json")]
    Json,
}

#[derive(Route, Debug, PartialEq, Clone)]
enum Download {
    #[route("/download?format=json")]
    Json,
    #[route("/download{?format*}")]
    Any { format: Vec<String> },
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/search?q={q}{&page,tag*}")]
struct Search {
    q: String,
    page: Option<u32>,
    tag: Vec<String>,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/list?sort+by={sort}{&page}", deny_unknown_params)]
struct Strict {
    sort: String,
    page: Option<u32>,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/users/{id}")]
struct User {
    id: u64,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?page}")]
struct Paged {
    page: Option<u32>,
}

/// `key` spelled other ways: one byte escaped (upper and lower hex), every byte escaped, and
/// a space as `+` or `%20`.
fn spellings(key: &str) -> Vec<String> {
    let escape = |b: u8, lower: bool| {
        if lower {
            format!("%{b:02x}")
        } else {
            format!("%{b:02X}")
        }
    };
    let mut out = Vec::new();
    for lower in [false, true] {
        for i in 0..key.len() {
            let mut s = String::new();
            for (j, c) in key.bytes().enumerate() {
                if i == j {
                    s.push_str(&escape(c, lower));
                } else if c == b' ' {
                    s.push('+');
                } else {
                    s.push(char::from(c));
                }
            }
            out.push(s);
        }
        out.push(key.bytes().map(|b| escape(b, lower)).collect());
    }
    if key.contains(' ') {
        out.push(key.replace(' ', "+"));
        out.push(key.replace(' ', "%20"));
    }
    out.sort();
    out.dedup();
    out.retain(|s| s != key);
    out
}

/// What `from_url` gives, offsets aside (they move with the key's length): the value, or the
/// error's route, field and kind.
fn outcome<R: Route + std::fmt::Debug>(url: &str) -> Result<R, (String, Option<String>, String)> {
    R::from_url(url).map_err(|e| {
        (
            e.route().to_string(),
            e.field().map(String::from),
            format!("{:?}", e.kind()),
        )
    })
}

/// For a URL written with plain keys, in which `key` stands (as `{key}` placeholders), every
/// respelling of each occurrence of `key`, alone and all at once, gives what the plain URL
/// gives; the plain URL's outcome is returned.
#[track_caller]
fn every_spelling_alike<R: Route + std::fmt::Debug + PartialEq>(
    url: &str,
    key: &str,
) -> Result<R, (String, Option<String>, String)> {
    let plain = url.replace("{key}", key.replace(' ', "+").as_str());
    let expected = outcome::<R>(&plain);
    let occurrences = url.matches("{key}").count();
    assert!(occurrences > 0, "{url}");
    for spelt in spellings(key) {
        for k in 0..=occurrences {
            // Occurrence `k` respelt, or all of them when `k == occurrences`.
            let mut sent = String::new();
            for (n, part) in url.split("{key}").enumerate() {
                if n > 0 {
                    let this = n - 1 == k || k == occurrences;
                    let plain_key = key.replace(' ', "+");
                    sent.push_str(if this { &spelt } else { &plain_key });
                }
                sent.push_str(part);
            }
            assert_eq!(outcome::<R>(&sent), expected, "{sent} against {plain}");
        }
    }
    expected
}

#[test]
fn a_second_spelling_is_a_second_key() {
    // A second `format` in another spelling is a second `format`: neither variant takes it.
    let err = Export::from_url("/export?format=xml&fo%72mat=json").unwrap_err();
    assert_eq!(
        err.kind(),
        &RouteErrorKind::RepeatedPiece {
            piece: "format=xml"
        }
    );
    assert_eq!(err.offset(), Some(19));
    // A placeholder's key, repeated in another spelling, is repeated.
    let err = Search::from_url("/search?q=a&%71=b").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Repeated));
    assert_eq!(err.field(), Some("q"));
    // An encoded key alone is its key.
    assert_eq!(Export::from_url("/export?fo%72mat=json"), Ok(Export::Json));
    assert_eq!(
        Search::from_url("/search?%71=rust&p%61ge=2&%74%61%67=a"),
        Ok(Search {
            q: "rust".into(),
            page: Some(2),
            tag: vec!["a".into()]
        })
    );
}

#[test]
fn static_pieces_in_any_spelling() {
    for url in [
        "/export?{key}=xml",
        "/export?{key}=json",
        "/export?{key}=csv",
        "/export?{key}=xml&{key}=json",
        "/export?{key}=json&{key}=xml",
        "/export?{key}=json&{key}=json",
        "/export?{key}&{key}=json",
        "/export?{key}=json&{key}",
    ] {
        every_spelling_alike::<Export>(url, "format").ok();
    }
    assert_eq!(
        every_spelling_alike::<Export>("/export?{key}=json", "format"),
        Ok(Export::Json)
    );
    // In an enum, the variant tried after the static piece's takes the repeated key, all of
    // its values in order, as with the plain spelling.
    assert_eq!(
        every_spelling_alike::<Download>("/download?{key}=xml&{key}=json", "format"),
        Ok(Download::Any {
            format: vec!["xml".into(), "json".into()]
        })
    );
    assert_eq!(
        every_spelling_alike::<Download>("/download?{key}=json", "format"),
        Ok(Download::Json)
    );
    // The value of a static piece is static text: compared as written (hex case aside).
    assert_eq!(
        Download::from_url("/download?format=js%6Fn"),
        Ok(Download::Any {
            format: vec!["json".into()]
        })
    );
}

#[test]
fn placeholders_in_any_spelling() {
    let search = |q: &str, page, tag: &[&str]| Search {
        q: q.into(),
        page,
        tag: tag.iter().map(|t| (*t).to_string()).collect(),
    };
    // A scalar: once is its value, twice is an error naming the field.
    assert_eq!(
        every_spelling_alike::<Search>("/search?{key}=a", "q"),
        Ok(search("a", None, &[]))
    );
    let twice = every_spelling_alike::<Search>("/search?{key}=a&{key}=b", "q").unwrap_err();
    assert_eq!(twice.1.as_deref(), Some("q"));
    assert!(twice.2.contains("Repeated"), "{twice:?}");
    // An `Option`: the same.
    assert_eq!(
        every_spelling_alike::<Search>("/search?q=a&{key}=2", "page"),
        Ok(search("a", Some(2), &[]))
    );
    let twice = every_spelling_alike::<Search>("/search?q=a&{key}=1&{key}=2", "page");
    assert_eq!(twice.unwrap_err().1.as_deref(), Some("page"));
    // A list: every value, in order, whatever each key's spelling.
    assert_eq!(
        every_spelling_alike::<Search>("/search?{key}=x&q=a&{key}=y&{key}=z", "tag"),
        Ok(search("a", None, &["x", "y", "z"]))
    );
    // A required one missing, in any spelling of another key.
    let missing = every_spelling_alike::<Search>("/search?{key}=1", "page").unwrap_err();
    assert_eq!(missing.1.as_deref(), Some("q"));
}

#[test]
fn keys_with_a_space_and_denied_unknown_keys() {
    let strict = |sort: &str, page| Strict {
        sort: sort.into(),
        page,
    };
    // `sort+by`, `sort%20by`, `sort+b%79`: one key, `sort by`.
    assert_eq!(
        every_spelling_alike::<Strict>("/list?{key}=name", "sort by"),
        Ok(strict("name", None))
    );
    let twice = every_spelling_alike::<Strict>("/list?{key}=a&{key}=b", "sort by");
    assert_eq!(twice.unwrap_err().1.as_deref(), Some("sort"));
    // A known key in any spelling is known; an unknown one in any spelling is unknown.
    assert_eq!(
        every_spelling_alike::<Strict>("/list?sort+by=a&{key}=3", "page"),
        Ok(strict("a", Some(3)))
    );
    let unknown = every_spelling_alike::<Strict>("/list?sort+by=a&{key}=3", "pages");
    assert_eq!(
        unknown.unwrap_err().2,
        format!("{:?}", RouteErrorKind::UnknownParameter)
    );
    let err = Strict::from_url("/list?sort+by=a&p%61ges=3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown query parameter `p%61ges`; `Strict` accepts only the parameters its template names"
    );
    // `+` is a space in a key: `sort%2Bby` is another key.
    assert!(Strict::from_url("/list?sort%2Bby=a").is_err());
}

#[test]
fn a_key_that_does_not_decode_is_an_error() {
    let kind = |url: &str| Search::from_url(url).unwrap_err();
    // Bytes that are not UTF-8, wherever the key is.
    let url = "/search?q=a&p%FFge=2";
    let err = kind(url);
    let RouteErrorKind::MalformedKey(e) = err.kind() else {
        panic!("{err:?}");
    };
    assert_eq!(e.kind(), &DecodeErrorKind::InvalidUtf8("%FF".into()));
    assert_eq!((e.offset(), err.offset()), (13, Some(13)));
    assert_eq!(&url[13..16], "%FF");
    assert_eq!(
        err.to_string(),
        "the query parameter name `p%FFge` does not decode: `%FF` at byte 13 does not decode to UTF-8 (overlong, truncated or invalid sequence)"
    );
    // A bad escape, before the keys the route needs.
    let err = kind("/search?%zz=1&q=a");
    let RouteErrorKind::MalformedKey(e) = err.kind() else {
        panic!("{err:?}");
    };
    assert_eq!(e.kind(), &DecodeErrorKind::BadEscape("%zz".into()));
    assert_eq!(err.offset(), Some(8));
    // A truncated escape, and an escape cut by the `=`.
    assert!(matches!(
        kind("/search?q=a&x%C3=1").kind(),
        RouteErrorKind::MalformedKey(_)
    ));
    assert!(matches!(
        kind("/search?q=a&x%4=1").kind(),
        RouteErrorKind::MalformedKey(_)
    ));
    // A route with only optional keys looks at them too.
    assert!(matches!(
        Paged::from_url("/p?%FF").unwrap_err().kind(),
        RouteErrorKind::MalformedKey(_)
    ));
    assert_eq!(Paged::from_url("/p?x=%FF"), Ok(Paged { page: None }));
    // A route that reads no query compares no key: its query is not looked at.
    assert_eq!(User::from_url("/users/7?%FF=1"), Ok(User { id: 7 }));
    // The values of unknown keys are not decoded, as before.
    assert_eq!(
        Search::from_url("/search?q=a&x=%FF").map(|s| s.q),
        Ok("a".into())
    );
}

/// `to_url` refuses a value whose URL another variant takes, with keys compared decoded: the
/// derive's overlap analysis and the round-trip check see `fo%72mat` as `format`.
#[derive(Route, Debug, PartialEq)]
enum Formats {
    #[route("/f?fo%72mat=json")]
    Json,
    #[route("/f{?format}")]
    Other { format: Option<String> },
}

#[test]
fn to_url_refuses_what_another_spelling_takes() {
    let err = Formats::Other {
        format: Some("json".into()),
    }
    .to_url()
    .unwrap_err();
    assert_eq!(
        err.kind(),
        &urlkit::ExpandErrorKind::ParsesAs {
            route: "Formats::Json",
            template: "/f?fo%72mat=json"
        }
    );
    assert_eq!(Formats::from_url("/f?format=json"), Ok(Formats::Json));
    assert_eq!(Formats::Json.to_url().unwrap(), "/f?fo%72mat=json");
    for format in [None, Some("xml")] {
        let value = Formats::Other {
            format: format.map(String::from),
        };
        let url = value.to_url().unwrap();
        assert_eq!(Formats::from_url(url.as_str()), Ok(value));
    }
}

/// The first key of `query` that has no decoded form, by a reading that shares nothing with
/// urlkit's: split at `&`, then at the first `=`; a `%` without two hex digits, or bytes that
/// `percent-encoding` decodes to something not UTF-8. Its range in `query`.
fn first_malformed_key(query: &str) -> Option<std::ops::Range<usize>> {
    let mut at = 0;
    for piece in query.split('&') {
        let key = piece.split('=').next().unwrap_or(piece);
        let bytes = key.as_bytes();
        let bad_escape = (0..bytes.len()).any(|i| {
            bytes[i] == b'%'
                && !(bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
        });
        let decoded: Vec<u8> = percent_encoding::percent_decode_str(key).collect();
        if !piece.is_empty() && (bad_escape || std::str::from_utf8(&decoded).is_err()) {
            return Some(at..at + key.len());
        }
        at += piece.len() + 1;
    }
    None
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]

    /// A route that reads the query refuses exactly the queries with a key that does not
    /// decode, pointing into the first such key, wherever the `%`, `&` and `=` fall (the
    /// query is scanned a block at a time).
    #[test]
    fn malformed_keys_are_found_wherever_they_are(
        parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "a", "=", "&", "%", "%41", "%FF", "%C3%A9", "%C3", "%zz", "%4", "+", "page",
                "%70age", "4", "xxxxxxxxxxxxxxx",
            ]),
            0..24,
        ),
    ) {
        let query: String = parts.concat();
        let url = format!("/p?{query}");
        let result = Paged::from_url(&url);
        match first_malformed_key(&query) {
            Some(key) => {
                let err = result.expect_err(&url);
                let RouteErrorKind::MalformedKey(e) = err.kind() else {
                    panic!("{url}: {err:?}");
                };
                let key = key.start + 3..key.end + 3;
                proptest::prop_assert!(key.contains(&e.offset()), "{} {:?} {:?}", url, key, e);
                proptest::prop_assert_eq!(err.offset(), Some(e.offset()));
            }
            None => {
                if let Err(err) = result {
                    proptest::prop_assert!(
                        !matches!(err.kind(), RouteErrorKind::MalformedKey(_)),
                        "{}: {:?}",
                        url,
                        err
                    );
                }
            }
        }
    }
}
