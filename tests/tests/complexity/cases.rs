//! The adversarial inputs of the complexity checks, shared (through `#[path]`) by the
//! deterministic test `tests/tests/complexity.rs`, which counts what each call allocates, the
//! criterion bench `bench/benches/complexity.rs`, which times each call, and
//! `bench/examples/complexity_count.rs`, whose calls valgrind counts instructions of: all
//! three run the same cases. (The bench crate builds urlkit without the `idna` feature, so
//! there `parse_iri` reports a non-ASCII host where the test converts it.)
//!
//! They are the shapes that made parsers quadratic elsewhere and here: a long non-ASCII host
//! (the punycode suggestion was once rebuilt per character), thousands of expressions (each
//! once searched for in the whole template), thousands of errors (each once compared with all
//! the others), thousands of variables (each once compared with all the others by
//! `Template::variables`), long runs of one delimiter.

use std::collections::BTreeMap;
use std::hint::black_box;

use urlkit::{Route, Template, Url, decode, encode};

/// One adversarial input of an entry point, at any size.
pub(crate) struct Case {
    /// What the input is, unique among all the cases, also once criterion has replaced the
    /// characters a file name cannot hold (`?`, `/`, `*`, `:` and others) with `_`.
    pub(crate) name: &'static str,
    /// The length in bytes of one unit of the input (about: the input is `n` units and a
    /// few bytes around them).
    pub(crate) unit_len: usize,
    /// Builds the input of `n` units, and returns the call of the entry point on it (the
    /// building is not part of the call).
    pub(crate) prepare: fn(usize) -> Box<dyn Fn()>,
}

/// A group of cases: its name, and the function that makes its cases.
pub(crate) type Group = (&'static str, fn() -> Vec<Case>);

/// Every group of cases.
pub(crate) const GROUPS: [Group; 11] = [
    ("url_parse", url_parse),
    ("url_lenient", url_lenient),
    ("url_edit", url_edit),
    ("url_accessors", url_accessors),
    ("decoding", decoding),
    ("encoding", encoding),
    ("template_parse", template_parse),
    ("template_variables", template_variables),
    ("template_expand", template_expand),
    ("list_expansion", list_expansion),
    ("route_parsing", route_parsing),
];

fn repeat(unit: &str, n: usize) -> String {
    unit.repeat(n)
}

/// `piece(0)`, `piece(1)`, … `piece(n - 1)`, joined.
fn each(n: usize, piece: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for i in 0..n {
        out.push_str(&piece(i));
    }
    out
}

/// `name, unit_len, make, f;`: a case whose input of `n` units is `make(n)` and whose call
/// is `f(&input)`.
macro_rules! cases {
    ($($name:literal, $unit_len:expr, $make:expr, $f:expr;)*) => {
        vec![$(Case {
            name: $name,
            unit_len: $unit_len,
            prepare: |n| {
                let input = ($make)(n);
                Box::new(move || {
                    let _ = black_box(($f)(black_box(&input)));
                })
            },
        }),*]
    };
}

/// `Url::parse` and `Url::parse_iri`.
pub(crate) fn url_parse() -> Vec<Case> {
    cases![
        "parse: long path", 2, |n| format!("https://h{}", repeat("/a", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: long non-ASCII host", 2, |n| format!("http://{}/", repeat("é", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse_iri: long non-ASCII host", 2, |n| format!("http://{}/", repeat("é", n)), |s: &String| { let _ = black_box(Url::parse_iri(s)); };
        "parse_iri: long non-ASCII labels", 3, |n| format!("http://{}x/", repeat("é.", n)), |s: &String| { let _ = black_box(Url::parse_iri(s)); };
        "parse: many bad escapes", 3, |n| format!("/{}", repeat("%zz", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: many distinct bad characters", 4, |n| each(n, |i| format!("/{}", char::from_u32(0x4e00 + (i % 20_000) as u32).unwrap_or('x'))), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: many dot segments", 2, |n| format!("https://h{}", repeat("/.", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: long xn-- label", 1, |n| format!("http://xn--{}/", repeat("a", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: many @ in the authority", 1, |n| format!("http://{}h/", repeat("@", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: many colons in the host", 1, |n| format!("http://[{}]/", repeat(":", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: long numeric host", 2, |n| format!("http://{}1/", repeat("1.", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: long query", 4, |n| format!("/p?{}", repeat("a=1&", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: long scheme-like text", 1, |n| format!("{}:x", repeat("a", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: whitespace at the end", 1, |n| format!("/a{}", repeat(" ", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
        "parse: many %u escapes", 6, |n| format!("/{}", repeat("%u20AC", n)), |s: &String| { let _ = black_box(Url::parse(s)); };
    ]
}

/// `Url::parse_lenient` and `Url::resolve_lenient`: the URL Standard's parser, on the
/// shapes that make it loop (dot segments that remove what came before, a `file` URL's drive
/// letter that stops them, `@` and `:` searched for in the authority), with a repair per unit
/// where it can make one.
pub(crate) fn url_lenient() -> Vec<Case> {
    cases![
        "lenient: many dot segments", 5, |n| format!("http://h/{}{}", repeat("a/", n), repeat("../", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: dot segments above a drive letter", 3, |n| format!("file:///C:/{}", repeat("../", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many tabs", 2, |n| format!("http://h/{}", repeat("a\t", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many spaces to encode", 2, |n| format!("http://h/{}", repeat("a ", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many backslashes", 2, |n| format!("http://h{}", repeat("\\a", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many slashes before the host", 1, |n| format!("http:{}h/", repeat("/", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many @ in the authority", 1, |n| format!("http://{}h/", repeat("@", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: escapes in the host", 3, |n| format!("http://{}/", repeat("%41", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: long non-ASCII host", 2, |n| format!("http://{}/", repeat("é", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: long numeric host", 2, |n| format!("http://{}1/", repeat("1.", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many colons in brackets", 1, |n| format!("http://[{}]/", repeat(":", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "lenient: many lone percents", 1, |n| format!("http://h/?{}", repeat("%", n)), |s: &String| { let _ = black_box(Url::parse_lenient(s)); };
        "resolve_lenient: many dot segments", 3, |n| repeat("../", n), |s: &String| { let _ = black_box(Url::parse("http://h/a/b/c").unwrap().resolve_lenient(s)); };
    ]
}

/// `Url::edit`: many segments or pairs in one edit, and values that need escaping.
pub(crate) fn url_edit() -> Vec<Case> {
    cases![
        "edit: many segments", 2, |n| vec!["a"; n], |v: &Vec<&str>| { let _ = black_box(Url::parse("https://h/").unwrap().edit().push_segments(v).finish()); };
        "edit: a long value to escape", 1, |n| repeat("&", n), |s: &String| { let _ = black_box(Url::parse("https://h/").unwrap().edit().append_pair("q", s.as_str()).finish()); };
    ]
}

/// The accessors of a parsed `Url`.
pub(crate) fn url_accessors() -> Vec<Case> {
    cases![
        "path_segments", 2, |n| Url::parse(&format!("https://h{}", repeat("/a", n))).unwrap(), |u: &Url| { let _ = black_box(u.path_segments().count()); };
        "query_pairs", 4, |n| Url::parse(&format!("/p?{}", repeat("a=1&", n))).unwrap(), |u: &Url| { let _ = black_box(u.query_pairs().count()); };
        "host", 2, |n| Url::parse(&format!("https://{}h/", repeat("a.", n))).unwrap(), |u: &Url| { let _ = black_box(u.host()); };
    ]
}

/// `urlkit::decode`.
pub(crate) fn decoding() -> Vec<Case> {
    cases![
        "decode::component valid", 6, |n| repeat("%C3%A9", n), |s: &String| { let _ = black_box(decode::component(s)); };
        "decode::component bad escape at the end", 3, |n| format!("{}%z", repeat("%41", n)), |s: &String| { let _ = black_box(decode::component(s)); };
        "decode::component invalid UTF-8 at the end", 3, |n| format!("{}%FF", repeat("%41", n)), |s: &String| { let _ = black_box(decode::component(s)); };
        "decode::form", 2, |n| repeat("+a", n), |s: &String| { let _ = black_box(decode::form(s)); };
        "decode::component_bytes", 3, |n| repeat("%FF", n), |s: &String| { let _ = black_box(decode::component_bytes(s)); };
        "decode::form_bytes", 3, |n| repeat("+%FF", n), |s: &String| { let _ = black_box(decode::form_bytes(s)); };
        "decode::component_lossy", 3, |n| repeat("%FF%", n), |s: &String| { let _ = black_box(decode::component_lossy(s)); };
        "decode::form_lossy", 3, |n| repeat("%u1+", n), |s: &String| { let _ = black_box(decode::form_lossy(s)); };
        "decode::form_pairs", 4, |n| repeat("a=1&", n), |s: &String| { let _ = black_box(decode::form_pairs(s).count()); };
        "decode::form_pairs one long pair", 2, |n| format!("a={}", repeat("=+", n)), |s: &String| { let _ = black_box(decode::form_pairs(s).count()); };
        "decode::form_pairs_lossy", 4, |n| repeat("%=&+", n), |s: &String| { let _ = black_box(decode::form_pairs_lossy(s).count()); };
    ]
}

/// `urlkit::encode`.
pub(crate) fn encoding() -> Vec<Case> {
    cases![
        "encode::component", 3, |n| repeat("a é", n), |s: &String| { let _ = black_box(encode::component(s)); };
        "encode::reserved", 3, |n| repeat("%/[", n), |s: &String| { let _ = black_box(encode::reserved(s)); };
        "encode::form", 3, |n| repeat(" +&", n), |s: &String| { let _ = black_box(encode::form(s)); };
    ]
}

/// `Template::parse`.
pub(crate) fn template_parse() -> Vec<Case> {
    cases![
        "many path segments", 4, |n| repeat("/{a}", n), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many optional segments", 4, |n| repeat("{/a}", n), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many state errors", 5, |n| repeat("/{/a}", n), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many expressions in one segment", 3, |n| format!("/{}", repeat("{a}", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many variables in one expression", 2, |n| format!("/{{a{}}}", repeat(",a", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many hand-written pairs", 6, |n| format!("/p?{}", repeat("a={b}&", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many pairs after {?x}", 4, |n| format!("/p{{?x}}{}", repeat("{&b}", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "a query that is not pairs", 4, |n| format!("/p?{}", repeat("{a}=", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many host labels", 4, |n| format!("https://{}x/", repeat("{a}.", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "long non-ASCII host", 2, |n| format!("https://{}/{{x}}", repeat("é", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many unclosed braces", 1, |n| repeat("{", n), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many stray braces", 1, |n| repeat("}", n), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many distinct bad names", 6, |n| each(n, |i| format!("/{{{i}-}}")), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many second queries", 4, |n| format!("/p{}", repeat("{?a}", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "long fragment after {#x}", 4, |n| format!("/p{{#x}}{}", repeat("/{a}", n)), |s: &String| { let _ = black_box(Template::parse(s)); };
        "many dot segments beside {/x}", 6, |n| repeat("/.{/x}", n), |s: &String| { let _ = black_box(Template::parse(s)); };
    ]
}

/// `Template::variables`.
pub(crate) fn template_variables() -> Vec<Case> {
    cases![
        "variables of many distinct names", 6, |n| Template::parse(&each(n, |i| format!("/{{v{i}}}"))).unwrap(), |t: &Template| { let _ = black_box(t.variables().count()); };
    ]
}

/// `Template::expand` of long values and of many expressions.
pub(crate) fn template_expand() -> Vec<Case> {
    fn expand(t: &(Template, BTreeMap<String, String>)) -> Result<Url, urlkit::ExpandError> {
        t.0.expand(&t.1)
    }
    fn with(template: &str, value: &str) -> (Template, BTreeMap<String, String>) {
        let vars = (0..5)
            .map(|i| (format!("v{i}"), value.to_owned()))
            .collect();
        (Template::parse(template).unwrap(), vars)
    }
    cases![
        "a long value in a segment", 3, |n| with("/a/{v0}/b", &repeat("é.%", n)), expand;
        "a long reserved value of segments", 2, |n| with("/a/{+v0}/b", &repeat("a/", n)), expand;
        "a long reserved value of triplets", 3, |n| with("/a/{+v0}", &repeat("%c3", n)), expand;
        "a long prefix of triplets", 3, |n| with("/a/{+v0:9999}", &repeat("%c3", n)), expand;
        "a long host", 2, |n| with("https://{v0}/", &(repeat("a.", n) + "b")), expand;
        "a long host label", 1, |n| with("https://x{v0}y.com/", &repeat("a", n)), expand;
        "a long base", 2, |n| with("{+v0}/a", &format!("https://h{}", repeat("/a", n))), expand;
        "a long hand-written pair", 2, |n| with("/p?q={+v0}", &repeat("=/", n)), expand;
        "a long fragment", 2, |n| with("/p{#v0}", &repeat("a/", n)), expand;
        "many expressions", 4, |n| (Template::parse(&repeat("/{v0}", n)).unwrap(), BTreeMap::from([(String::from("v0"), String::from("a"))])), expand;
        "many undefined expressions", 4, |n| (Template::parse(&repeat("{/v9}", n)).unwrap(), BTreeMap::new()), expand;
    ]
}

fn list_of(n: usize) -> Vec<String> {
    (0..n).map(|i| i.to_string()).collect()
}

/// `Template::expand` of long lists.
pub(crate) fn list_expansion() -> Vec<Case> {
    fn expand(t: &(Template, Vec<String>)) -> Result<Url, urlkit::ExpandError> {
        t.0.expand(&BTreeMap::from([("x", &t.1)]))
    }
    cases![
        "path {/x*} with many items", 4, |n| (Template::parse("/a{/x*}").unwrap(), list_of(n)), expand;
        "hand-written pair with many items", 8, |n| (Template::parse("/a?q={x}&r=1").unwrap(), list_of(n)), expand;
        "query {?x*} with many items", 6, |n| (Template::parse("/a{?x*}").unwrap(), list_of(n)), expand;
    ]
}

#[derive(Route, Debug, PartialEq)]
enum Api {
    #[route("/users/{id}/posts/{slug}{?page,tag*}")]
    Post {
        id: u64,
        slug: String,
        page: Option<u32>,
        tag: Vec<String>,
    },
    #[route("/files{/path*}")]
    Files { path: Vec<String> },
    #[route("/search?q={query}{&page}")]
    Search { query: String, page: Option<u32> },
}

/// A derived route's `from_url`.
pub(crate) fn route_parsing() -> Vec<Case> {
    cases![
        "from_url: many segments", 2, |n| format!("/files{}", repeat("/a", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: many query pairs", 6, |n| format!("/users/1/posts/x?{}", repeat("tag=a&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: many unknown pairs", 4, |n| format!("/search?q=1&{}", repeat("z=1&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: a long value", 3, |n| format!("/search?q={}", repeat("%41", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: no route matches", 2, |n| repeat("/b", n), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: a key without =", 2, |n| format!("/search?q=x&{}", repeat("p&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
    ]
}
