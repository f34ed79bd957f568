//! The github bench's work, without criterion, for counting instructions (which depend little
//! on other processes, as criterion's times on a shared machine do): one contender, one set
//! of values, 100 000 times.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example github_count
//! perf stat -e instructions:u target/release/examples/github_count url! plain
//! valgrind --tool=callgrind target/release/examples/github_count url! escaped 1000
//! ```
//!
//! The first argument is the contender, as in `benches/github.rs`: `url!`, `push_str`
//! (by hand with percent-encoding), `url::Url`, `iri-string` (template parsed once) or `none`
//! (the loop alone); the second the values, `plain` or `escaped`; the third, optional, the
//! number of iterations. Per call: (count of N − count of `none` with N) / N.

use std::fmt::Write as _;
use std::hint::black_box;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::context::{Context, Visitor};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// The values of one URL, as in `benches/github.rs`.
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

#[inline(never)]
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

const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

#[inline(never)]
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

#[inline(never)]
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

#[inline(never)]
fn iri_string(template: &UriTemplateStr, v: Values<'_>) -> String {
    template
        .expand::<UriSpec, _>(&Vars(v))
        .map(|expanded| expanded.to_string())
        .unwrap_or_default()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().expect("what to run");
    let values = match args.next().as_deref() {
        Some("plain") | None => PLAIN,
        Some("escaped") => ESCAPED,
        Some(other) => panic!("no values {other}"),
    };
    let n: usize = args.next().map_or(100_000, |n| n.parse().expect("a count"));
    let template = UriTemplateStr::new(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
    )
    .expect("valid template");
    let base = url::Url::parse("https://api.github.com/").expect("valid base");
    let mut bytes = 0;
    for _ in 0..n {
        let v = black_box(values);
        bytes += match what.as_str() {
            "url!" => urlkit(v).len(),
            "push_str" => hand_written(v).len(),
            "url::Url" => url_crate(&base, v).len(),
            "iri-string" => iri_string(template, v).len(),
            "none" => v.owner.len(),
            other => panic!("nothing to run called {other}"),
        };
    }
    println!("{bytes}");
}
