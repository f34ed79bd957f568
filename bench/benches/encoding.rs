//! `encode::component`, `encode::form` and `decode::component` against the crates users would
//! otherwise pick, on the same inputs and producing the same output (checked before measuring).
//!
//! Run: `cargo bench -p urlkit-bench -- --warm-up-time 1 --measurement-time 3`, then
//! `python3 bench/ratios.py` for the table of throughput ratios (the benchmark table of docs/benchmarks.md;
//! the targets are in docs/design.md, "Performance targets").

use std::borrow::Cow;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use urlkit::{decode, encode};
use urlkit_bench::encoding_inputs::inputs;

/// What `encode::component` escapes: everything but RFC 3986 unreserved.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn encode_component(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode_component");
    for (name, input) in inputs() {
        let s = input.as_str();
        let ours = encode::component(s);
        assert_eq!(Cow::from(utf8_percent_encode(s, COMPONENT)), ours);
        assert_eq!(urlencoding::encode(s), ours);
        group.throughput(Throughput::Bytes(s.len() as u64));
        group.bench_with_input(BenchmarkId::new("urlkit", name), s, |b, s| {
            b.iter(|| encode::component(black_box(s)));
        });
        group.bench_with_input(BenchmarkId::new("percent_encoding_cow", name), s, |b, s| {
            b.iter(|| Cow::from(utf8_percent_encode(black_box(s), COMPONENT)));
        });
        group.bench_with_input(
            BenchmarkId::new("percent_encoding_string", name),
            s,
            |b, s| b.iter(|| utf8_percent_encode(black_box(s), COMPONENT).to_string()),
        );
        group.bench_with_input(BenchmarkId::new("urlencoding", name), s, |b, s| {
            b.iter(|| urlencoding::encode(black_box(s)));
        });
        // The hardware's side: copying the same bytes into a new `String`, which no encoder
        // that returns an owned string can beat.
        group.bench_with_input(BenchmarkId::new("copy_push_str", name), s, |b, s| {
            b.iter(|| {
                let mut copy = String::new();
                copy.push_str(black_box(s));
                copy
            });
        });
    }
    group.finish();
}

fn encode_form(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode_form");
    for (name, input) in inputs() {
        let s = input.as_str();
        let theirs: String = form_urlencoded::byte_serialize(s.as_bytes()).collect();
        assert_eq!(encode::form(s), theirs);
        group.throughput(Throughput::Bytes(s.len() as u64));
        group.bench_with_input(BenchmarkId::new("urlkit", name), s, |b, s| {
            b.iter(|| encode::form(black_box(s)));
        });
        group.bench_with_input(BenchmarkId::new("form_urlencoded", name), s, |b, s| {
            b.iter(|| form_urlencoded::byte_serialize(black_box(s).as_bytes()).collect::<String>());
        });
    }
    group.finish();
}

fn decode_component(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode_component");
    for (name, input) in inputs() {
        // Each input's encoded form; throughput counts the bytes read.
        let encoded = encode::component(&input).into_owned();
        let s = encoded.as_str();
        assert_eq!(decode::component(s).unwrap(), input);
        assert_eq!(percent_decode_str(s).decode_utf8().unwrap(), input);
        assert_eq!(urlencoding::decode(s).unwrap(), input);
        group.throughput(Throughput::Bytes(s.len() as u64));
        group.bench_with_input(BenchmarkId::new("urlkit", name), s, |b, s| {
            b.iter(|| decode::component(black_box(s)));
        });
        group.bench_with_input(BenchmarkId::new("percent_encoding", name), s, |b, s| {
            b.iter(|| percent_decode_str(black_box(s)).decode_utf8());
        });
        group.bench_with_input(BenchmarkId::new("urlencoding", name), s, |b, s| {
            b.iter(|| urlencoding::decode(black_box(s)));
        });
    }
    group.finish();
}

criterion_group!(benches, encode_component, encode_form, decode_component);
criterion_main!(benches);
