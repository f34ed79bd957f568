//! Resolution allocates once, the result, sized before it is written: counted with a global
//! allocator on the 42 examples of RFC 3986 §5.4. A count, not a timing.

use crate::common;
use crate::counting;

use urlkit::Url;

/// How many allocations `f` makes on this thread (what it returns is dropped after counting).
fn allocations<T>(f: impl FnOnce() -> T) -> usize {
    counting::allocated(f).1.allocations
}

#[test]
fn resolution_allocates_only_its_result() {
    let data = common::testdata("rfc3986__section-5.4-reference-resolution.json");
    let base = Url::parse(data["base"].as_str().unwrap()).unwrap();
    let references: Vec<&str> = ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
        .map(|case| case["ref"].as_str().unwrap())
        .collect();
    assert_eq!(references.len(), 42);
    let mut as_urls = 0;
    for reference in &references {
        if let Ok(url) = Url::parse(reference) {
            as_urls += 1;
            assert_eq!(allocations(|| base.resolve(&url)), 1, "resolve {reference}");
        }
        assert_eq!(
            allocations(|| base.resolve_str(reference)),
            1,
            "resolve_str {reference}"
        );
    }
    assert_eq!(as_urls, 34);
    // The checks that only some results need (a network-path reference's host against the
    // base's scheme) allocate nothing either.
    assert_eq!(allocations(|| base.resolve_str("//g:1/x?y")), 1);
}

#[test]
fn normalization_allocates_only_its_result() {
    for text in [
        "HTTP://Example.COM:80/%7Euser/a%2Fb?q=%41#%2D",
        "https://h",
        "urn:isbn:0451450523",
        "../a/b?c",
    ] {
        let url = Url::parse(text).unwrap();
        assert_eq!(allocations(|| url.normalize()), 1, "{text}");
    }
    let url = Url::parse("https://example.com/").unwrap();
    assert_eq!(
        allocations(|| url.eq_normalized(&url.clone())),
        1,
        "the clone only"
    );
}
