//! Writes seed inputs for the fuzz targets into `fuzz/corpus/<target>/` (run once before
//! fuzzing; `cargo fuzz cmin` keeps what adds coverage): the WPT URL inputs, the
//! uritemplate-test templates and generated template cases, paths for the routes.
//!
//! ```sh
//! cargo run -p urlkit-tests --example fuzz_seeds
//! ```
//!
//! A generator, not a test: the committed corpora it seeded are replayed by
//! `cargo test -p urlkit-tests --test oracle fuzz_corpora`.

#[allow(dead_code, reason = "the seeds read the vendored suites only")]
#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code, reason = "the seeds draw templates and values only")]
#[path = "../tests/common/oracle/generate.rs"]
mod generate;
#[path = "../tests/common/oracle/mod.rs"]
mod oracle;

use std::path::PathBuf;

fn main() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;

    let dir =
        |target: &str| -> PathBuf { common::manifest_dir().join("../fuzz/corpus").join(target) };
    let write = |target: &str, name: &str, data: &[u8]| {
        std::fs::create_dir_all(dir(target)).unwrap();
        std::fs::write(dir(target).join(name), data).unwrap();
    };
    let wpt = common::testdata("wpt-url__urltestdata.json");
    for (i, case) in wpt.as_array().unwrap().iter().enumerate() {
        if let Some(input) = case.get("input").and_then(|v| v.as_str()) {
            write("url_parse", &format!("wpt-{i}"), input.as_bytes());
            write("url_parse_iri", &format!("wpt-{i}"), input.as_bytes());
            write("url_lenient", &format!("wpt-{i}"), input.as_bytes());
            write("decode", &format!("wpt-{i}"), input.as_bytes());
            write("route_from_url", &format!("wpt-{i}"), input.as_bytes());
        }
    }
    let mut runner = TestRunner::deterministic();
    for i in 0..500 {
        let template = generate::template()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let values = generate::values().new_tree(&mut runner).unwrap().current();
        write(
            "template_expand",
            &format!("gen-{i}"),
            &oracle::fuzz::encode_case(&template, &values),
        );
    }
    for (i, target) in [
        "/users/7?tab=repos",
        "http://a.example/public/..\\admin",
        "/a\\b/%5C/..%2F?q=\\",
        "https://a.example:8443/x|y/{z}",
        "*",
        "a.example:443",
    ]
    .iter()
    .enumerate()
    {
        write("http_uri", &format!("target-{i}"), target.as_bytes());
    }
    for (i, path) in [
        "/users/7",
        "/users/7/posts/hello%20world?page=2&tag=a&tag=b",
        "/files/a/b/c",
        "/search?q=rust&page=2&sort=new",
        "/search?q=&page",
        "/search?q=a&%71=b",
        "https://a.example/v1?x=1/users/7",
    ]
    .iter()
    .enumerate()
    {
        write("route_from_url", &format!("path-{i}"), path.as_bytes());
    }
}
