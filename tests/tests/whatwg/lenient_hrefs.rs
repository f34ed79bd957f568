//! Real links: the 42 `href`s of `tests/data/hrefs__whatwg.org.json` (pages of whatwg.org and
//! of its mailing-list archive, whose links were made from e-mail text: trailing quotes and
//! brackets, URI Template braces, lone `%`, an ISO-2022-JP escape sequence), resolved against
//! their pages as a link checker would.
//!
//! `Url::resolve_lenient` must read each as the `url` crate's `join` does (the same URL,
//! component by component, decoded), or refuse it where `join` does or as a URL no `Url` can
//! hold (`Unrepresentable`); what it accepts, `Url::parse` accepts as it is.

use crate::common;
use crate::lenient;

use lenient::decoded_parts;
use urlkit::{LenientErrorKind, Url};

#[test]
fn real_hrefs_resolve_as_browsers_resolve_them() {
    let data = common::testdata("hrefs__whatwg.org.json");
    let hrefs = data["hrefs"].as_array().unwrap();
    assert_eq!(hrefs.len(), 42);
    let (mut joined, mut strict, mut lenient, mut repaired) = (0, 0, 0, 0);
    let mut refused = Vec::new();
    for case in hrefs {
        let base_text = case["base"].as_str().unwrap();
        let href = case["href"].as_str().unwrap();
        let base = Url::parse(base_text).unwrap();
        let theirs = url::Url::parse(base_text).unwrap().join(href);
        joined += usize::from(theirs.is_ok());
        strict += usize::from(base.resolve_str(href).is_ok());
        match base.resolve_lenient(href) {
            Ok(read) => {
                lenient += 1;
                repaired += usize::from(!read.is_rfc3986_valid_as_given());
                assert_eq!(Url::parse(read.url().as_str()).as_ref(), Ok(read.url()));
                let theirs =
                    theirs.unwrap_or_else(|e| panic!("{href:?}: the url crate fails: {e}"));
                let again = url::Url::parse(read.url().as_str()).unwrap();
                assert_eq!(
                    decoded_parts(&theirs),
                    decoded_parts(&again),
                    "{href:?} on {base_text}: {} against the url crate's {theirs}",
                    read.url()
                );
            }
            Err(e) => {
                assert!(
                    theirs.is_err() || matches!(e.kind(), LenientErrorKind::Unrepresentable(_)),
                    "{href:?}: refused ({e}), the url crate reads {theirs:?}"
                );
                refused.push((href, e.kind()));
            }
        }
    }
    println!(
        "url::Url::join reads {joined}, Url::resolve_str {strict}, Url::resolve_lenient {lenient} ({repaired} repaired); refused {refused:?}"
    );
    assert_eq!((joined, strict, lenient, repaired), (39, 25, 37, 12));
}
