//! Reference resolution (RFC 3986 §5.2): `Url::resolve_str` and `Url::resolve` against
//! iri-string's resolver and `url::Url::join`, on the 42 examples of RFC 3986 §5.4 (read from
//! the vendored `tests/data` file), against their base, parsed once outside the loop.
//!
//! One iteration resolves every example and keeps each result as an owned string-backed URL:
//! - `resolve_str`: each reference is text (checked, then resolved): urlkit's `resolve_str`,
//!   iri-string's `UriReferenceStr::new` then `resolve_against` written to a `UriString`, and
//!   `url::Url::join`;
//! - `resolve`: the 34 references `Url::parse` accepts, checked once outside the loop: urlkit's
//!   `resolve` and iri-string's `resolve_against` (the `url` crate has no parsed relative
//!   reference).
//!
//! Before measuring, every library's results are checked against the RFC's.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use iri_string::format::ToDedicatedString;
use iri_string::types::{UriAbsoluteStr, UriReferenceStr, UriString};
use urlkit::Url;

const SECTION_5_4: &str =
    include_str!("../../tests/data/rfc3986__section-5.4-reference-resolution.json");

/// The base and the examples: each reference with the results the RFC allows.
fn examples() -> (String, Vec<(String, Vec<String>)>) {
    let data: serde_json::Value = serde_json::from_str(SECTION_5_4).unwrap();
    let examples = ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
        .map(|case| {
            let expected = match &case["expected"] {
                serde_json::Value::String(s) => vec![s.clone()],
                list => list
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap().to_owned())
                    .collect(),
            };
            (case["ref"].as_str().unwrap().to_owned(), expected)
        })
        .collect();
    (data["base"].as_str().unwrap().to_owned(), examples)
}

fn urlkit_from_text(base: &Url, references: &[&str]) -> Vec<Url> {
    references
        .iter()
        .map(|r| base.resolve_str(r).unwrap())
        .collect()
}

fn iri_string_from_text(base: &UriAbsoluteStr, references: &[&str]) -> Vec<UriString> {
    references
        .iter()
        .map(|r| {
            UriReferenceStr::new(r)
                .unwrap()
                .resolve_against(base)
                .to_dedicated_string()
        })
        .collect()
}

fn url_join(base: &url::Url, references: &[&str]) -> Vec<url::Url> {
    references.iter().map(|r| base.join(r).unwrap()).collect()
}

fn urlkit_parsed(base: &Url, references: &[Url]) -> Vec<Url> {
    references
        .iter()
        .map(|r| base.resolve(r).unwrap())
        .collect()
}

fn iri_string_parsed(base: &UriAbsoluteStr, references: &[&UriReferenceStr]) -> Vec<UriString> {
    references
        .iter()
        .map(|r| r.resolve_against(base).to_dedicated_string())
        .collect()
}

fn bench(c: &mut Criterion) {
    let (base_text, examples) = examples();
    assert_eq!(examples.len(), 42);
    let references: Vec<&str> = examples.iter().map(|(r, _)| r.as_str()).collect();
    let ours = Url::parse(&base_text).unwrap();
    let iri_base = UriAbsoluteStr::new(&base_text).unwrap();
    let url_base = url::Url::parse(&base_text).unwrap();

    // The same work: every library gives the RFC's result (`url` in its normalized form).
    let from_text = urlkit_from_text(&ours, &references);
    let iri = iri_string_from_text(iri_base, &references);
    let joined = url_join(&url_base, &references);
    for (i, (reference, expected)) in examples.iter().enumerate() {
        assert!(
            expected.contains(&from_text[i].to_string()),
            "urlkit {reference}"
        );
        assert!(
            expected.contains(&iri[i].to_string()),
            "iri-string {reference}"
        );
        let normalized: Vec<url::Url> = expected
            .iter()
            .filter_map(|e| url::Url::parse(e).ok())
            .collect();
        assert!(normalized.contains(&joined[i]), "url {reference}");
    }

    let mut group = c.benchmark_group("resolve_str");
    let input = "rfc3986_5.4";
    group.bench_with_input(BenchmarkId::new("urlkit", input), &references, |b, r| {
        b.iter(|| urlkit_from_text(black_box(&ours), black_box(r)));
    });
    group.bench_with_input(
        BenchmarkId::new("iri-string", input),
        &references,
        |b, r| {
            b.iter(|| iri_string_from_text(black_box(iri_base), black_box(r)));
        },
    );
    group.bench_with_input(BenchmarkId::new("url", input), &references, |b, r| {
        b.iter(|| url_join(black_box(&url_base), black_box(r)));
    });
    group.finish();

    let parsed_text: Vec<&str> = references
        .iter()
        .copied()
        .filter(|r| Url::parse(r).is_ok())
        .collect();
    assert_eq!(parsed_text.len(), 34);
    let parsed: Vec<Url> = parsed_text.iter().map(|r| Url::parse(r).unwrap()).collect();
    let iri_parsed: Vec<&UriReferenceStr> = parsed_text
        .iter()
        .map(|r| UriReferenceStr::new(r).unwrap())
        .collect();
    let ours_parsed = urlkit_parsed(&ours, &parsed);
    let iri_results = iri_string_parsed(iri_base, &iri_parsed);
    for (a, b) in ours_parsed.iter().zip(&iri_results) {
        assert_eq!(a.as_str(), b.as_str());
    }
    let mut group = c.benchmark_group("resolve");
    group.bench_with_input(BenchmarkId::new("urlkit", input), &parsed, |b, r| {
        b.iter(|| urlkit_parsed(black_box(&ours), black_box(r)));
    });
    group.bench_with_input(
        BenchmarkId::new("iri-string", input),
        &iri_parsed,
        |b, r| {
            b.iter(|| iri_string_parsed(black_box(iri_base), black_box(r)));
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
