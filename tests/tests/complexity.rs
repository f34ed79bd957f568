//! Every parse, decode, encode and expand entry point is linear (or `n log n`) in its input:
//! for each, adversarial inputs of two sizes, the larger ten times the smaller, and the time
//! of the larger at most 20 times the time of the smaller (a linear function gives about 10,
//! a quadratic one 100). A ratio within one run on one machine, the fastest of several
//! repetitions, with a generous bound: no absolute timing is asserted. (The absolute cost at
//! 1 MB is measured by `URLKIT_COMPLEXITY_REPORT=1 cargo test --release -p urlkit-tests
//! --test complexity -- --nocapture`, which prints it.)
//!
//! The inputs are the shapes that made parsers quadratic elsewhere and here: a long
//! non-ASCII host (the punycode suggestion was once rebuilt per character), thousands of
//! expressions (each once searched for in the whole template), thousands of errors (each
//! once compared with all the others), thousands of variables (each once compared with all
//! the others by `Template::variables`), long runs of one delimiter.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use urlkit::{Route, Template, Url, decode, encode};

/// Size of the smaller input, in repetitions of the unit. Small, so that both inputs stay in
/// the processor's private caches: past them the time of linear code stepped up 20 to 40
/// times for 10 times the input on the shared machine this was written on (other processes
/// evict the shared cache), while a quadratic function is already 100 times slower at 10
/// times this size.
const SMALL: usize = 200;
/// The bound on time(10 × input) / time(input).
const MAX_RATIO: f64 = 20.0;

/// The time of one run of `f` on `input`.
fn time<T>(input: &T, f: &dyn Fn(&T)) -> Duration {
    let start = Instant::now();
    f(black_box(input));
    start.elapsed()
}

/// One case: `make(n)` builds an input of `n` units; `f` runs the entry point on it.
struct Case<T> {
    name: &'static str,
    make: fn(usize) -> T,
    f: fn(&T),
}

impl<T> Case<T> {
    /// The ratio of the times at 10 n and n, each the fastest of runs that alternate between
    /// the two sizes (so that a busy moment of the shared machine slows both alike); measured
    /// again with more runs before it is called too large.
    fn ratio(&self) -> f64 {
        let (small, large) = ((self.make)(SMALL), (self.make)(10 * SMALL));
        let (mut t_small, mut t_large) = (Duration::MAX, Duration::MAX);
        // A busy moment of the shared machine once put a linear case at 24x after 130 runs:
        // a last, longer round before calling it too large.
        for rounds in [10, 30, 90, 400] {
            for _ in 0..rounds {
                t_small = t_small.min(time(&small, &self.f));
                t_large = t_large.min(time(&large, &self.f));
            }
            let ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-7);
            if ratio <= MAX_RATIO {
                return ratio;
            }
        }
        t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-7)
    }

    /// With `URLKIT_COMPLEXITY_REPORT` set: the time for an input of about 1 MB.
    fn report(&self, unit_len: usize) {
        if std::env::var_os("URLKIT_COMPLEXITY_REPORT").is_none() {
            return;
        }
        let input = (self.make)((1 << 20) / unit_len.max(1));
        let t = (0..3)
            .map(|_| time(&input, &self.f))
            .min()
            .unwrap_or_default();
        println!("{:<48} 1 MB: {:>9.3} ms", self.name, t.as_secs_f64() * 1e3);
    }
}

/// Tests that time themselves take turns: two at once would skew each other's ratios.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs every case; fails listing those whose ratio is over the bound.
fn check<T>(cases: &[(Case<T>, usize)]) {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut slow = Vec::new();
    for (case, unit_len) in cases {
        let ratio = case.ratio();
        case.report(*unit_len);
        if std::env::var_os("URLKIT_COMPLEXITY_REPORT").is_some() {
            println!("{:<48} ratio {ratio:.1}", case.name);
        }
        if ratio > MAX_RATIO {
            slow.push(format!(
                "{}: 10× input took {ratio:.1}× the time",
                case.name
            ));
        }
    }
    assert!(slow.is_empty(), "not linear:\n{}", slow.join("\n"));
}

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

macro_rules! cases {
    ($($name:literal, $unit_len:expr, $make:expr, $f:expr;)*) => {
        [$((Case { name: $name, make: $make, f: |x| { let _ = black_box(($f)(x)); } }, $unit_len)),*]
    };
}

#[test]
fn url_parse_is_linear() {
    check(&cases![
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
    ]);
}

#[test]
fn url_accessors_are_linear() {
    check(&cases![
        "path_segments", 2, |n| Url::parse(&format!("https://h{}", repeat("/a", n))).unwrap(), |u: &Url| { let _ = black_box(u.path_segments().count()); };
        "query_pairs", 4, |n| Url::parse(&format!("/p?{}", repeat("a=1&", n))).unwrap(), |u: &Url| { let _ = black_box(u.query_pairs().count()); };
        "host", 2, |n| Url::parse(&format!("https://{}h/", repeat("a.", n))).unwrap(), |u: &Url| { let _ = black_box(u.host()); };
    ]);
}

#[test]
fn decoding_is_linear() {
    check(&cases![
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
    ]);
}

#[test]
fn encoding_is_linear() {
    check(&cases![
        "encode::component", 3, |n| repeat("a é", n), |s: &String| { let _ = black_box(encode::component(s)); };
        "encode::reserved", 3, |n| repeat("%/[", n), |s: &String| { let _ = black_box(encode::reserved(s)); };
        "encode::form", 3, |n| repeat(" +&", n), |s: &String| { let _ = black_box(encode::form(s)); };
    ]);
}

#[test]
fn template_parse_is_linear() {
    check(&cases![
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
    ]);
}

#[test]
fn template_variables_are_linear() {
    check(&cases![
        "variables of many distinct names", 6, |n| Template::parse(&each(n, |i| format!("/{{v{i}}}"))).unwrap(), |t: &Template| { let _ = black_box(t.variables().count()); };
    ]);
}

#[test]
fn template_expand_is_linear() {
    fn expand(t: &(Template, BTreeMap<String, String>)) -> Result<Url, urlkit::Error> {
        t.0.expand(&t.1)
    }
    fn with(template: &str, value: &str) -> (Template, BTreeMap<String, String>) {
        let vars = (0..5)
            .map(|i| (format!("v{i}"), value.to_owned()))
            .collect();
        (Template::parse(template).unwrap(), vars)
    }
    check(&cases![
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
    ]);
}

fn list_of(n: usize) -> Vec<String> {
    (0..n).map(|i| i.to_string()).collect()
}

#[test]
fn list_expansion_is_linear() {
    fn expand(t: &(Template, Vec<String>)) -> Result<Url, urlkit::Error> {
        t.0.expand(&BTreeMap::from([("x", &t.1)]))
    }
    check(&cases![
        "{/x*} with many items", 4, |n| (Template::parse("/a{/x*}").unwrap(), list_of(n)), expand;
        "hand-written pair with many items", 8, |n| (Template::parse("/a?q={x}&r=1").unwrap(), list_of(n)), expand;
        "{?x*} with many items", 6, |n| (Template::parse("/a{?x*}").unwrap(), list_of(n)), expand;
    ]);
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

#[test]
fn route_parsing_is_linear() {
    check(&cases![
        "from_url: many segments", 2, |n| format!("/files{}", repeat("/a", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: many query pairs", 6, |n| format!("/users/1/posts/x?{}", repeat("tag=a&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: many unknown pairs", 4, |n| format!("/search?q=1&{}", repeat("z=1&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: a long value", 3, |n| format!("/search?q={}", repeat("%41", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: no route matches", 2, |n| repeat("/b", n), |s: &String| { let _ = black_box(Api::from_url(s)); };
        "from_url: a key without =", 2, |n| format!("/search?q=x&{}", repeat("p&", n)), |s: &String| { let _ = black_box(Api::from_url(s)); };
    ]);
}
