//! `from_url` and `from_url_on` against readers that share nothing with urlkit's: the
//! request's query as `form_urlencoded` reads it (the `url` crate's, what a WHATWG server
//! framework sees), and the request's path as the `url` crate reads it.
//!
//! Requests spell their query keys and values in random ways (each byte as itself or as a
//! `%XX` triplet in either case, a space as `+` or `%20`), so that a key is recognised by its
//! decoded form everywhere: a static piece (`?format=xml`), a hand-written pair
//! (`?q={q}`), `{&page}`, `{&tag*}`, and the parameters `deny_unknown_params` refuses. What
//! `from_url` gives must be what the pairs `form_urlencoded` sees imply: a key seen twice is
//! not one value, a key seen is not an unknown one. `from_url_on` must accept only URLs whose
//! path, as the `url` crate reads it, is the base's path followed by the route's; a base
//! with a query or a fragment (after which no path can follow) accepts none.
//!
//! `URLKIT_ORACLE_CASES` requests (2,000 by default, with `URLKIT_ORACLE_SEED`) per test.

use std::borrow::Cow;
use std::fmt::Write as _;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use urlkit::{Route, Url};

/// Two routes that differ only in a static piece's value.
#[derive(Route, Debug, PartialEq, Clone)]
enum Export {
    #[route("/export?format=xml")]
    Xml,
    #[route("/export?format=json")]
    Json,
}

/// A hand-written pair, an optional and a repeated parameter; an optional one alone.
#[derive(Route, Debug, PartialEq, Clone)]
enum Api {
    #[route("/s?q={q}{&page,tag*}")]
    Search {
        q: String,
        page: Option<u32>,
        tag: Vec<String>,
    },
    #[route("/f{?sort}")]
    Files { sort: Option<String> },
}

/// A static piece beside a hand-written pair, and no parameter of another name.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/d?q={q}&mode=strict{&page}", deny_unknown_params)]
struct Strict {
    q: String,
    page: Option<u32>,
}

const KEYS: &[&str] = &[
    "format", "q", "page", "tag", "sort", "mode", "x", "Q", "fo", "formats",
];
/// Values; the words the routes' static pieces hold are always written as they are (how
/// a static value may be spelled is not what this test asks).
const WORDS: &[&str] = &["xml", "json", "strict"];
const VALUES: &[&str] = &["a", "a b", "1", "2", "x&y", "=", "", "7", "a+b", "é"];

/// `text` with each byte written as itself (if it may stand so in a query's key or value)
/// or as a triplet in upper or lower case, and a space as `+` or `%20`.
fn spelled(text: &str, choices: &[u8]) -> String {
    let mut out = String::new();
    for (i, b) in text.bytes().enumerate() {
        let choice = choices.get(i).copied().unwrap_or(0) % 4;
        let plain = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        match (b, choice) {
            (b' ', 0 | 1) => out.push('+'),
            (_, 0 | 1) if plain => out.push(char::from(b)),
            (_, 2) => {
                let _ = write!(out, "%{b:02x}");
            }
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// One `key=value` of a request, spelled.
fn pair() -> impl Strategy<Value = String> {
    (
        prop::sample::select(KEYS),
        prop_oneof![
            1 => prop::sample::select(WORDS).prop_map(|w| (w, false)),
            2 => prop::sample::select(VALUES).prop_map(|v| (v, true)),
        ],
        prop::collection::vec(any::<u8>(), 8),
        prop::collection::vec(any::<u8>(), 8),
    )
        .prop_map(|(key, (value, respell), kc, vc)| {
            let value = if respell {
                spelled(value, &vc)
            } else {
                value.to_string()
            };
            format!("{}={value}", spelled(key, &kc))
        })
}

/// A request: one of the routes' paths and a query of spelled pairs.
fn request() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["/export", "/s", "/f", "/d"][..]),
        prop::collection::vec(pair(), 0..5),
    )
        .prop_map(|(path, pairs)| {
            if pairs.is_empty() {
                path.to_string()
            } else {
                format!("{path}?{}", pairs.join("&"))
            }
        })
}

/// The query of `request` as `form_urlencoded` reads it.
fn pairs_of(request: &str) -> Vec<(String, String)> {
    let query = request.split_once('?').map_or("", |(_, q)| q);
    form_urlencoded::parse(query.as_bytes())
        .map(|(k, v): (Cow<'_, str>, Cow<'_, str>)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn values<'a>(pairs: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    pairs
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .collect()
}

/// At most one value (`Err` for several); parsed as `u32` if `number`.
/// An `Option` field's value: none, or one; a single empty value (`page=`, an empty form
/// field) is none, as axum-extra's and serde's form readers take it.
fn optional(pairs: &[(String, String)], key: &str) -> Result<Option<String>, ()> {
    match values(pairs, key).as_slice() {
        [] | [""] => Ok(None),
        [one] => Ok(Some((*one).to_string())),
        _ => Err(()),
    }
}

fn number(v: Option<String>) -> Result<Option<u32>, ()> {
    v.map(|v| v.parse().map_err(|_| ())).transpose()
}

/// What `Export::from_url` must give, from the pairs alone.
fn export_expected(path: &str, pairs: &[(String, String)]) -> Option<Export> {
    if path != "/export" {
        return None;
    }
    match values(pairs, "format").as_slice() {
        ["xml"] => Some(Export::Xml),
        ["json"] => Some(Export::Json),
        _ => None,
    }
}

fn api_expected(path: &str, pairs: &[(String, String)]) -> Option<Api> {
    match path {
        "/s" => {
            let q = match values(pairs, "q").as_slice() {
                [one] => (*one).to_string(),
                _ => return None,
            };
            let page = number(optional(pairs, "page").ok()?).ok()?;
            let tag = values(pairs, "tag").into_iter().map(String::from).collect();
            Some(Api::Search { q, page, tag })
        }
        "/f" => Some(Api::Files {
            sort: optional(pairs, "sort").ok()?,
        }),
        _ => None,
    }
}

fn strict_expected(path: &str, pairs: &[(String, String)]) -> Option<Strict> {
    let known = ["q", "mode", "page"];
    if path != "/d" || pairs.iter().any(|(k, _)| !known.contains(&k.as_str())) {
        return None;
    }
    if values(pairs, "mode") != ["strict"] {
        return None;
    }
    let q = match values(pairs, "q").as_slice() {
        [one] => (*one).to_string(),
        _ => return None,
    };
    let page = number(optional(pairs, "page").ok()?).ok()?;
    Some(Strict { q, page })
}

fn runner() -> (TestRunner, u32) {
    let cases: u32 = std::env::var("URLKIT_ORACLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let seed: u64 = std::env::var("URLKIT_ORACLE_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6570);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    (runner, cases)
}

/// Runs `check` on `cases` generated inputs and fails listing the first disagreements, each
/// with the number of cases before it.
fn run<S: Strategy>(strategy: &S, check: impl Fn(&S::Value) -> Result<(), String>) {
    let (mut runner, cases) = runner();
    let mut failures = Vec::new();
    for case in 0..cases {
        let input = strategy.new_tree(&mut runner).unwrap().current();
        if let Err(e) = check(&input) {
            failures.push(format!("[case {case}] {e}"));
        }
    }
    let n = failures.len();
    failures.truncate(20);
    assert!(
        failures.is_empty(),
        "{n} of {cases} cases disagree:\n{}",
        failures.join("\n")
    );
}

fn agree<T: PartialEq + std::fmt::Debug>(
    request: &str,
    got: Result<T, urlkit::RouteError>,
    expected: Option<T>,
) -> Result<(), String> {
    match (got, expected) {
        (Ok(got), Some(expected)) if got == expected => Ok(()),
        (Err(_), None) => Ok(()),
        (got, expected) => Err(format!(
            "{request:?} (form_urlencoded reads {:?}): urlkit gave {got:?}, the pairs imply {expected:?}",
            pairs_of(request)
        )),
    }
}

#[test]
fn from_url_reads_the_keys_form_urlencoded_reads() {
    run(&request(), |request| {
        let path = request.split('?').next().unwrap_or_default();
        let pairs = pairs_of(request);
        agree(
            request,
            Export::from_url(request),
            export_expected(path, &pairs),
        )?;
        agree(request, Api::from_url(request), api_expected(path, &pairs))?;
        agree(
            request,
            Strict::from_url(request),
            strict_expected(path, &pairs),
        )
    });
}

/// Bases with and without a path, a final `/`, a query, a fragment, an empty query.
const BASES: &[&str] = &[
    "https://a.example",
    "https://a.example/",
    "https://a.example/v1",
    "https://a.example/v1/",
    "https://a.example/v1?x=1",
    "https://a.example/v1?",
    "https://a.example/v1#f",
    "https://a.example/?k=v",
    "https://a.example#",
];

/// What follows the base's text in a request: a route's path and query, or text that
/// continues the base's own query or fragment.
const AFTER_BASE: &[&str] = &[
    "/export?format=xml",
    "export?format=xml",
    "/s?q=a",
    "//s?q=a",
    "/f",
    "",
    "?format=xml",
    "&x=/export?format=xml",
    "/d?q=a&mode=strict",
];

#[test]
fn from_url_on_accepts_only_the_bases_path_then_the_routes() {
    let inputs = (
        prop::sample::select(BASES),
        prop::sample::select(BASES),
        prop::sample::select(AFTER_BASE),
    );
    run(&inputs, |&(base, written, after)| {
        let base_url = Url::parse(base).map_err(|e| format!("{base}: {e}"))?;
        // The request starts with the base's text, or with another base's.
        let request = format!("{written}{after}");
        let whatwg_base = url::Url::parse(base).map_err(|e| e.to_string())?;
        let whatwg = url::Url::parse(&request).ok();
        let has_query_or_fragment = base.contains(['?', '#']);
        let check = |accepted: Option<String>| -> Result<(), String> {
            let Some(value) = accepted else {
                return Ok(());
            };
            if has_query_or_fragment {
                return Err(format!(
                    "from_url_on({base:?}, {request:?}) gave {value}: a base with a query or fragment can be followed by no path"
                ));
            }
            let Some(whatwg) = &whatwg else {
                return Err(format!(
                    "from_url_on({base:?}, {request:?}) gave {value}, a URL the url crate refuses"
                ));
            };
            let base_path = whatwg_base.path().trim_end_matches('/');
            let rest = whatwg.path().strip_prefix(base_path).unwrap_or_default();
            let target = match whatwg.query() {
                Some(q) => format!("{rest}?{q}"),
                None => rest.to_string(),
            };
            let same_origin = whatwg.origin() == whatwg_base.origin();
            let route_path = rest.starts_with('/');
            if !(same_origin && route_path) {
                return Err(format!(
                    "from_url_on({base:?}, {request:?}) gave {value}, but the url crate reads the path {:?} on {:?}",
                    whatwg.path(),
                    whatwg.origin()
                ));
            }
            let by_path = [
                Export::from_url(&target).ok().map(|v| format!("{v:?}")),
                Api::from_url(&target).ok().map(|v| format!("{v:?}")),
                Strict::from_url(&target).ok().map(|v| format!("{v:?}")),
            ];
            if !by_path.contains(&Some(value.clone())) {
                return Err(format!(
                    "from_url_on({base:?}, {request:?}) gave {value}, from_url of the path and query the url crate reads ({target:?}) {by_path:?}"
                ));
            }
            Ok(())
        };
        check(
            Export::from_url_on(&base_url, &request)
                .ok()
                .map(|v| format!("{v:?}")),
        )?;
        check(
            Api::from_url_on(&base_url, &request)
                .ok()
                .map(|v| format!("{v:?}")),
        )?;
        check(
            Strict::from_url_on(&base_url, &request)
                .ok()
                .map(|v| format!("{v:?}")),
        )
    });
}

/// The spellings the generator makes, and what the readers see in them.
#[test]
fn the_generator_spells_keys_every_way() {
    assert_eq!(spelled("q", &[0]), "q");
    assert_eq!(spelled("q", &[2]), "%71");
    assert_eq!(spelled("q", &[3]), "%71");
    assert_eq!(spelled("a b&", &[0, 0, 2, 0]), "a+%62%26");
    assert_eq!(spelled("é", &[0, 2]), "%C3%a9");
    assert_eq!(
        pairs_of("/export?format=xml&fo%72mat=json"),
        [
            ("format".into(), "xml".into()),
            ("format".into(), "json".into())
        ]
    );
    assert_eq!(
        export_expected("/export", &pairs_of("/export?fo%72mat=json")),
        Some(Export::Json)
    );
    assert_eq!(
        export_expected("/export", &pairs_of("/export?format=xml&fo%72mat=json")),
        None
    );
}
