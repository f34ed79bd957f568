//! Run-time RFC 6570 templates: `urlkit::Template` against iri-string and uritemplate-next,
//! on the same templates and variables (the target, in docs/design.md, "Performance targets":
//! `Template::expand` ≥ 3× iri-string).
//!
//! Two measurements per library and template:
//! - `parse+expand`: the template text is parsed, then expanded (a template read from an API
//!   response and used once);
//! - `expand`: the template is parsed once, outside the loop (a template from configuration,
//!   used for every request); for urlkit also `expand_into` a reused `String`, the
//!   allocation-free path.
//!
//! Variables are built once, outside the loop, in each library's own form: for urlkit both
//! typed (`vars_fn` returning `&dyn Value`) and dynamic (`serde_json::Map`, a `BTreeMap` of
//! JSON values, like iri-string's `SimpleContext`); for uritemplate-next, whose variables live
//! in the template, `parse+expand` also includes its `set` calls (its API has no other way).
//! Before measuring, every library's output is checked to be the same string.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use serde_json::{Map, Value as Json, json};
use uritemplate::UriTemplate;
use urlkit::Template;
use urlkit::template::vars_fn;

#[path = "template/cases.rs"]
mod cases;

use cases::{CASES, Case, Var, iri_context};

fn json_vars(case: &Case) -> Map<String, Json> {
    case.vars
        .iter()
        .map(|(name, var)| {
            let value = match *var {
                Var::Text(text) => json!(text),
                Var::Number(n) => json!(n),
                Var::List(items) => json!(items),
                Var::Pairs(pairs) => Json::Object(
                    pairs
                        .iter()
                        .map(|(k, v)| ((*k).to_owned(), json!(v)))
                        .collect(),
                ),
            };
            ((*name).to_owned(), value)
        })
        .collect()
}

fn uritemplate_set(t: &mut UriTemplate, case: &Case) {
    for (name, var) in case.vars {
        match *var {
            Var::Text(text) => t.set(name, text),
            Var::Number(n) => t.set(name, n.to_string()),
            Var::List(items) => t.set(name, items),
            Var::Pairs(pairs) => t.set(name, pairs),
        };
    }
}

fn bench(c: &mut Criterion) {
    for case in CASES {
        let typed = vars_fn(|name: &str| case.typed(name));
        let json = json_vars(case);
        let ctx = iri_context(case);

        let urlkit = Template::parse(case.template).unwrap();
        let iri = UriTemplateStr::new(case.template).unwrap();
        let mut uritemplate = UriTemplate::new(case.template);
        uritemplate_set(&mut uritemplate, case);

        // The same work for all: each library writes the expected URL.
        assert_eq!(urlkit.expand(&typed).unwrap(), case.expected);
        assert_eq!(urlkit.expand(&json).unwrap(), case.expected);
        assert_eq!(
            iri.expand::<UriSpec, _>(&ctx).unwrap().to_string(),
            case.expected
        );
        assert_eq!(uritemplate.build(), case.expected);

        let mut group = c.benchmark_group(format!("template/parse+expand/{}", case.name));
        group.bench_function("urlkit (typed)", |b| {
            b.iter(|| {
                let t = Template::parse(black_box(case.template)).unwrap();
                t.expand(black_box(&typed)).unwrap()
            });
        });
        group.bench_function("urlkit (serde_json)", |b| {
            b.iter(|| {
                let t = Template::parse(black_box(case.template)).unwrap();
                t.expand(black_box(&json)).unwrap()
            });
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| {
                let t = UriTemplateStr::new(black_box(case.template)).unwrap();
                t.expand::<UriSpec, _>(black_box(&ctx)).unwrap().to_string()
            });
        });
        group.bench_function("uritemplate-next", |b| {
            b.iter(|| {
                let mut t = UriTemplate::new(black_box(case.template));
                uritemplate_set(&mut t, case);
                t.build()
            });
        });
        group.finish();

        let mut group = c.benchmark_group(format!("template/expand/{}", case.name));
        group.bench_function(BenchmarkId::from_parameter("urlkit (typed)"), |b| {
            b.iter(|| black_box(&urlkit).expand(black_box(&typed)).unwrap());
        });
        group.bench_function(BenchmarkId::from_parameter("urlkit (serde_json)"), |b| {
            b.iter(|| black_box(&urlkit).expand(black_box(&json)).unwrap());
        });
        // The allocation-free path: one String reused for every URL.
        let mut reused = String::new();
        group.bench_function(BenchmarkId::from_parameter("urlkit (typed, into)"), |b| {
            b.iter(|| {
                reused.clear();
                black_box(&urlkit)
                    .expand_into(black_box(&typed), &mut reused)
                    .unwrap();
                reused.len()
            });
        });
        group.bench_function(BenchmarkId::from_parameter("iri-string"), |b| {
            b.iter(|| {
                black_box(iri)
                    .expand::<UriSpec, _>(black_box(&ctx))
                    .unwrap()
                    .to_string()
            });
        });
        group.bench_function(BenchmarkId::from_parameter("uritemplate-next"), |b| {
            b.iter(|| black_box(&uritemplate).build());
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
