//! The GitHub issues URL of the README's tour built by a compiled `url!` template, against what users
//! would otherwise write: `push_str` + percent-encoding by hand, `format!` +
//! `urlencoding::encode`, `url::Url`'s segment and pair builders, and iri-string's RFC 6570
//! expansion (template parsed once, outside the loop). The targets (docs/design.md, "Performance targets"):
//! at least as fast as the hand-written version, 5× `url::Url`, 15× iri-string.
//!
//! Two sets of values: plain ones (nothing to escape, the common case) and ones where every
//! value needs escapes. The outputs differ only where the encoders disagree by design
//! (`url::Url` form-encodes the query: `,` becomes `%2C`, space `+`); each function is
//! checked against its expected text before it is measured.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::context::{Context, Visitor};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// The values of one URL.
#[derive(Clone, Copy)]
struct Values<'a> {
    owner: &'a str,
    repo: &'a str,
    state: Option<&'a str>,
    labels: &'a [&'a str],
    page: Option<u32>,
}

const PLAIN: Values<'static> = Values {
    owner: "rust-lang",
    repo: "rust",
    state: Some("open"),
    labels: &["A-macros", "C-bug"],
    page: Some(2),
};

const ESCAPED: Values<'static> = Values {
    owner: "rust lang",
    repo: "rüst/1",
    state: Some("open&closed"),
    labels: &["A macros", "C-bug?"],
    page: Some(2),
};

fn urlkit(v: Values<'_>) -> String {
    let Values {
        owner,
        repo,
        state,
        labels,
        page,
    } = v;
    urlkit::url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}")
        .map(urlkit::Url::into_string)
        .unwrap_or_default()
}

/// RFC 3986 unreserved characters pass; everything else is encoded (as `url!`'s `{x}`).
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn hand_written(v: Values<'_>) -> String {
    let mut s = String::with_capacity(128);
    s.push_str("https://api.github.com/repos/");
    s.extend(utf8_percent_encode(v.owner, COMPONENT));
    s.push('/');
    s.extend(utf8_percent_encode(v.repo, COMPONENT));
    s.push_str("/issues");
    let mut sep = '?';
    if let Some(state) = v.state {
        s.push(sep);
        sep = '&';
        s.push_str("state=");
        s.extend(utf8_percent_encode(state, COMPONENT));
    }
    if !v.labels.is_empty() {
        s.push(sep);
        sep = '&';
        s.push_str("labels=");
        for (i, label) in v.labels.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.extend(utf8_percent_encode(label, COMPONENT));
        }
    }
    if let Some(page) = v.page {
        s.push(sep);
        let _ = write!(s, "page={page}");
    }
    s
}

fn format_urlencoding(v: Values<'_>) -> String {
    use urlencoding::encode;
    let mut query = Vec::new();
    if let Some(state) = v.state {
        query.push(format!("state={}", encode(state)));
    }
    if !v.labels.is_empty() {
        let labels: Vec<_> = v.labels.iter().map(|l| encode(l)).collect();
        query.push(format!("labels={}", labels.join(",")));
    }
    if let Some(page) = v.page {
        query.push(format!("page={page}"));
    }
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{}", query.join("&"))
    };
    format!(
        "https://api.github.com/repos/{}/{}/issues{query}",
        encode(v.owner),
        encode(v.repo)
    )
}

fn url_crate(base: &url::Url, v: Values<'_>) -> String {
    let mut u = base.clone();
    if let Ok(mut path) = u.path_segments_mut() {
        path.extend(["repos", v.owner, v.repo, "issues"]);
    }
    {
        let mut pairs = u.query_pairs_mut();
        if let Some(state) = v.state {
            pairs.append_pair("state", state);
        }
        if !v.labels.is_empty() {
            pairs.append_pair("labels", &v.labels.join(","));
        }
        if let Some(page) = v.page {
            pairs.append_pair("page", &page.to_string());
        }
    }
    if u.query() == Some("") {
        u.set_query(None);
    }
    u.into()
}

/// iri-string's context for the same values, without allocating.
struct Vars<'a>(Values<'a>);

impl Context for Vars<'_> {
    fn visit<V: Visitor>(&self, visitor: V) -> V::Result {
        let v = self.0;
        match visitor.var_name().as_str() {
            "owner" => visitor.visit_string(v.owner),
            "repo" => visitor.visit_string(v.repo),
            "state" => match v.state {
                Some(state) => visitor.visit_string(state),
                None => visitor.visit_undefined(),
            },
            "labels" => visitor.visit_list_direct(v.labels.iter()),
            "page" => match v.page {
                Some(page) => visitor.visit_string(page),
                None => visitor.visit_undefined(),
            },
            _ => visitor.visit_undefined(),
        }
    }
}

fn iri_string(template: &UriTemplateStr, v: Values<'_>) -> String {
    template
        .expand::<UriSpec, _>(&Vars(v))
        .map(|expanded| expanded.to_string())
        .unwrap_or_default()
}

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
