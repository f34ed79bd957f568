//! Feature `url`: `Url` ⇄ `url::Url`, a `url::Url` as the base of `url!(base, ...)`, and a
//! `Url` as a template value.
//!
//! The oracle is the `url` crate itself: every URL of the WPT `urltestdata.json` cases that
//! the URL Standard accepts goes through `url::Url`, then into `Url`, then back through
//! `url::Url`, and each component must percent-decode (with `percent-encoding`, not our
//! decoder) to the same bytes as before.

mod common;

use std::collections::BTreeMap;

use percent_encoding::percent_decode_str;
use urlkit::{ConversionErrorKind, ExpandErrorKind, Url, url};

/// Everything a WHATWG URL holds, each component percent-decoded; the path segment by
/// segment and the query pair by pair, so that an encoded delimiter shows.
fn decoded_parts(u: &url::Url) -> Vec<Vec<u8>> {
    let decode = |s: &str| percent_decode_str(s).collect::<Vec<u8>>();
    let mut parts = vec![
        u.scheme().as_bytes().to_vec(),
        decode(u.username()),
        decode(u.password().unwrap_or("")),
        u.host_str().unwrap_or("").as_bytes().to_vec(),
        u.port()
            .map_or_else(Vec::new, |p| p.to_string().into_bytes()),
    ];
    parts.extend(u.path().split('/').map(decode));
    parts.push(b"?".to_vec());
    parts.extend(
        u.query()
            .into_iter()
            .flat_map(|q| q.split(['&', '=']))
            .map(decode),
    );
    parts.push(b"#".to_vec());
    parts.extend(u.fragment().map(decode));
    parts
}

#[test]
fn whatwg_urls_become_urls_that_decode_to_the_same_components() {
    let data = common::testdata("wpt-url__urltestdata.json");
    let mut converted = 0;
    let mut encoded = 0;
    let mut refused = Vec::new();
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        if case["failure"] == true {
            continue;
        }
        let input = case["input"].as_str().unwrap();
        let parsed = match case["base"].as_str() {
            Some(base) => url::Url::parse(base).and_then(|b| b.join(input)),
            None => url::Url::parse(input),
        };
        let Ok(theirs) = parsed else {
            continue; // the `url` crate lags the Standard on a few cases (see wpt_urltestdata)
        };
        match Url::try_from(&theirs) {
            Ok(ours) => {
                converted += 1;
                assert_eq!(Url::parse(ours.as_str()).as_ref(), Ok(&ours), "{input}");
                if ours.as_str() != theirs.as_str() {
                    encoded += 1;
                }
                let back = url::Url::parse(ours.as_str())
                    .unwrap_or_else(|e| panic!("{input}: {ours} does not read back: {e}"));
                assert_eq!(
                    decoded_parts(&back),
                    decoded_parts(&theirs),
                    "{input}: {theirs} became {ours}"
                );
                // And the conversion back is the identity on what it made.
                assert_eq!(url::Url::try_from(&ours).as_ref(), Ok(&back), "{input}");
            }
            Err(err) => {
                let reason = match err.kind() {
                    ConversionErrorKind::PathStartsWithDoubleSlash => "path starting with //",
                    ConversionErrorKind::Invalid(parse) => {
                        let message = parse.to_string();
                        if message.contains("percent-escape") && message.contains("URL host") {
                            "percent-escape in the host"
                        } else if message.starts_with("invalid character")
                            && message.contains("URL host")
                        {
                            "\" ` { } in the host"
                        } else {
                            panic!("{input}: {err}")
                        }
                    }
                    _ => panic!("{input}: {err}"),
                };
                refused.push((reason, theirs.as_str().to_owned()));
            }
        }
    }
    assert_eq!(converted, 581, "WHATWG URLs converted");
    assert_eq!(encoded, 54, "of which needed characters percent-encoded");
    let mut reasons = BTreeMap::new();
    for (reason, _) in &refused {
        *reasons.entry(*reason).or_insert(0) += 1;
    }
    assert_eq!(
        reasons,
        BTreeMap::from([
            ("path starting with //", 12),
            ("percent-escape in the host", 13),
            ("\" ` { } in the host", 3),
        ]),
        "the WHATWG URLs with no RFC 3986 form: {refused:#?}"
    );
}

#[test]
fn urls_become_whatwg_urls() {
    let u = url!("https://user@example.com:8443/a/b%20c?x=1#top");
    let theirs = url::Url::try_from(&u).unwrap();
    assert_eq!(theirs.as_str(), u.as_str());
    assert_eq!(theirs.port(), Some(8443));
    assert_eq!(url::Url::try_from(u.clone()).unwrap(), theirs);
    // WHATWG normalizations only.
    let theirs = url::Url::try_from(url!("HTTPS://Example.COM:443")).unwrap();
    assert_eq!(theirs.as_str(), "https://example.com/");
}

#[test]
fn relative_references_are_refused_with_a_message_that_says_so() {
    for relative in [
        url!("/a"),
        url!("a/b"),
        url!("?q"),
        url!("#f"),
        url!("//h/p"),
        url!(""),
    ] {
        let err = url::Url::try_from(&relative).unwrap_err();
        assert_eq!(err.kind(), &ConversionErrorKind::Relative, "{relative}");
        assert!(
            err.to_string()
                .starts_with("a relative reference cannot become a `url::Url`")
        );
    }
}

#[test]
fn an_ipvfuture_host_is_refused_by_the_url_crate() {
    let u = Url::parse("http://[v1.x]/").unwrap();
    let err = url::Url::try_from(&u).unwrap_err();
    assert!(
        matches!(err.kind(), ConversionErrorKind::Refused(_)),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "`url::Url` refused the URL: invalid IPv6 address"
    );
}

#[test]
fn characters_rfc_3986_forbids_are_encoded_and_decode_the_same() {
    for (whatwg, strict) in [
        ("https://h/a|b", "https://h/a%7Cb"),
        ("https://h/p?q={x}&r=`", "https://h/p?q=%7Bx%7D&r=%60"),
        ("https://h/p#a#b", "https://h/p#a%23b"),
        ("https://h/50%", "https://h/50%25"),
        ("https://h/%zz?%4", "https://h/%25zz?%254"),
        ("https://h/%2f", "https://h/%2F"),
        ("foo://h/a\\b", "foo://h/a%5Cb"),
        ("https://h/[x]^", "https://h/%5Bx%5D%5E"),
    ] {
        let theirs = url::Url::parse(whatwg).unwrap();
        let ours = Url::try_from(theirs.clone()).unwrap();
        assert_eq!(ours, strict, "{whatwg}");
        let back = url::Url::parse(ours.as_str()).unwrap();
        assert_eq!(decoded_parts(&back), decoded_parts(&theirs), "{whatwg}");
    }
}

#[test]
fn a_whatwg_url_without_an_rfc_3986_form_is_refused_with_a_message_that_says_why() {
    // A non-special URL whose path starts with `//`: WHATWG writes `/.` before it.
    let theirs = url::Url::parse("web+demo:/.//not-a-host/").unwrap();
    let err = Url::try_from(&theirs).unwrap_err();
    assert_eq!(err.kind(), &ConversionErrorKind::PathStartsWithDoubleSlash);
    assert_eq!(
        err.to_string(),
        "this `url::Url` has no host and a path starting with `//`, which RFC 3986 would read as a host; it has no RFC 3986 form"
    );
    // A host RFC 3986 does not allow: the grammar's message.
    let theirs = url::Url::parse("foo://a{b}/").unwrap();
    let err = Url::try_from(&theirs).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this `url::Url` is not a valid RFC 3986 URL: invalid character `{` in the URL host; a host name holds only letters, digits, `-` and `.` (at byte 7)"
    );
}

#[test]
fn a_whatwg_url_is_a_base() {
    let api = url::Url::parse("https://api.example.com/v1/").unwrap();
    let id = 42;
    assert_eq!(
        url!(api, "users/{id}").unwrap(),
        "https://api.example.com/v1/users/42"
    );
    assert_eq!(
        url!(&api, "/users").unwrap(),
        "https://api.example.com/v1/users"
    );
    // Characters RFC 3986 forbids in the base are encoded as in `Url::try_from`.
    let odd = url::Url::parse("https://h/a|b/").unwrap();
    assert_eq!(url!(odd, "c").unwrap(), "https://h/a%7Cb/c");
    // The join's own rules hold: no query or fragment in the base.
    let with_query = url::Url::parse("https://h/a?q").unwrap();
    assert_eq!(
        url!(with_query, "c").unwrap_err().kind(),
        &ExpandErrorKind::BaseHasQueryOrFragment
    );
    // And a base with no RFC 3986 form is an error, not a panic.
    let no_form = url::Url::parse("web+demo:/.//not-a-host/").unwrap();
    let err = url!(no_form, "x").unwrap_err();
    assert_eq!(
        (*err.kind(), err.placeholder()),
        (ExpandErrorKind::UnrepresentableBase, "")
    );
    assert_eq!(
        err.to_string(),
        "the base URL has no RFC 3986 form; `Url::try_from(base)` says why"
    );
}

#[test]
fn a_url_is_a_value_encoded_as_text() {
    let cb = url!("https://app.example.com/inbox?folder=1&sort=new#latest");
    let login = url!("https://login.example.com/?next={cb}").unwrap();
    assert_eq!(
        login,
        "https://login.example.com/?next=https%3A%2F%2Fapp.example.com%2Finbox%3Ffolder%3D1%26sort%3Dnew%23latest"
    );
    // It reads back as the same URL.
    let pairs: Vec<_> = login.query_pairs().collect::<Result<_, _>>().unwrap();
    assert_eq!(pairs, [("next".into(), cb.as_str().into())]);
    // In a path segment, too, as one segment.
    let u = url!("/redirect/{cb}").unwrap();
    assert_eq!(u.path_segments().count(), 2);
    // As a list item and through `Template`.
    let mirrors = [url!("https://a.example/"), url!("https://b.example/")];
    assert_eq!(
        url!("/m{?mirrors*}").unwrap(),
        "/m?mirrors=https%3A%2F%2Fa.example%2F&mirrors=https%3A%2F%2Fb.example%2F"
    );
    let t = urlkit::Template::parse("/login{?next}").unwrap();
    assert_eq!(
        t.expand(&BTreeMap::from([("next", cb.clone())]))
            .unwrap()
            .as_str(),
        login
            .as_str()
            .replace("https://login.example.com/?", "/login?")
    );
}

#[test]
fn reserved_expansion_keeps_a_url_only_where_the_guards_allow() {
    let plain = url!("https://app.example.com/inbox?folder=1");
    assert_eq!(
        url!("https://login.example.com/?next={+plain}").unwrap(),
        "https://login.example.com/?next=https://app.example.com/inbox?folder=1"
    );
    // A fragment would end the query: refused.
    let with_fragment = url!("https://app.example.com/#top");
    let err = url!("https://login.example.com/?next={+with_fragment}").unwrap_err();
    assert_eq!(
        err.kind(),
        &ExpandErrorKind::LeavesComponent { delimiter: '#' }
    );
    // In a path, its `//` would be an empty segment, and its `?` would start the query:
    // refused, the first problem named.
    let err = url!("https://proxy.example.com/{+plain}").unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::DoubleSlash);
    let relative = url!("inbox?folder=1");
    let err = url!("https://proxy.example.com/{+relative}").unwrap_err();
    assert_eq!(
        err.kind(),
        &ExpandErrorKind::LeavesComponent { delimiter: '?' }
    );
    // Without `//`, `?` or `#`, it fills the path, each `/` a segment.
    let bare = url!("app/a/b");
    assert_eq!(
        url!("https://proxy.example.com/{+bare}").unwrap(),
        "https://proxy.example.com/app/a/b"
    );
}
