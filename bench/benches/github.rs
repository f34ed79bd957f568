//! The GitHub issues URL of the tour and the `url!` documentation, built by a compiled `url!` template, against what users
//! would otherwise write: `push_str` + percent-encoding by hand, `format!` +
//! `urlencoding::encode`, `url::Url`'s segment and pair builders, and iri-string's RFC 6570
//! expansion (template parsed once, outside the loop). The targets (docs/design.md, "Performance targets"):
//! at least as fast as the hand-written version, 5× `url::Url`, 15× iri-string.
//!
//! Two sets of values: plain ones (nothing to escape, the common case) and ones where every
//! value needs escapes. The outputs differ only where the encoders disagree by design
//! (`url::Url` form-encodes the query: `,` becomes `%2C`, space `+`); each function is
//! checked against its expected text before it is measured.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use iri_string::template::UriTemplateStr;

#[path = "github/contenders.rs"]
mod contenders;

use contenders::{ESCAPED, PLAIN, format_urlencoding, hand_written, iri_string, url_crate, urlkit};

fn bench(c: &mut Criterion) {
    let template = UriTemplateStr::new(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
    )
    .expect("valid template");
    let base = url::Url::parse("https://api.github.com/").expect("valid base");
    for (name, values, expected, form) in [
        (
            "plain",
            PLAIN,
            "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2",
            "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros%2CC-bug&page=2",
        ),
        (
            "escaped",
            ESCAPED,
            "https://api.github.com/repos/rust%20lang/r%C3%BCst%2F1/issues?state=open%26closed&labels=A%20macros,C-bug%3F&page=2",
            "https://api.github.com/repos/rust%20lang/r%C3%BCst%2F1/issues?state=open%26closed&labels=A+macros%2CC-bug%3F&page=2",
        ),
    ] {
        // Each contender builds the same URL (the `url` crate in its form encoding).
        assert_eq!(urlkit(values), expected);
        assert_eq!(hand_written(values), expected);
        assert_eq!(format_urlencoding(values), expected);
        assert_eq!(iri_string(template, values), expected);
        assert_eq!(url_crate(&base, values), form);

        let mut group = c.benchmark_group(format!("github/{name}"));
        group.bench_function("urlkit url!", |b| b.iter(|| urlkit(black_box(values))));
        group.bench_function("push_str + percent-encoding", |b| {
            b.iter(|| hand_written(black_box(values)));
        });
        group.bench_function("format! + urlencoding", |b| {
            b.iter(|| format_urlencoding(black_box(values)));
        });
        group.bench_function("url::Url", |b| {
            b.iter(|| url_crate(&base, black_box(values)));
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| iri_string(template, black_box(values)));
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
