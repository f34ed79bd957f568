//! What each fuzz target (`fuzz/fuzz_targets/`) checks, on any bytes: the same functions
//! run under cargo-fuzz on nightly and, for every file of the committed corpora, on stable
//! in `cargo test` (`fuzz_corpora.rs`). Each panics with a description on a disagreement.

use std::borrow::Cow;

use percent_encoding::percent_decode_str;
use urlkit::{Route, Url, decode};

use super::rfc6570::Value;
use super::{shape, whatwg_agrees};

/// `Url::parse_lenient` of any text, and `Url::resolve_lenient` of it against a special, a
/// non-special and a `file` base: never panics (which includes the debug assertion that every
/// output passes `Url::parse`'s grammar); what it gives is printable ASCII, an RFC 3986 URI
/// reference by the oracle's own grammar, a `Url` that `Url::parse` gives back unchanged and
/// that reads leniently to itself with nothing to repair; every repair lies on character
/// boundaries of the input; without a base, no repair means the input was the output, and
/// only normalizations means `Url::parse` accepts the input. A kept base (`lenient_base`)
/// resolves as a fresh one. An error points inside the input.
pub fn url_lenient(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_lenient(text, Url::parse_lenient(text), true);
    for base in ["http://example.com/a/b?q", "sc://h/p/q", "file:///C:/a/b"] {
        let base = Url::parse(base).expect("a base");
        let read = base.resolve_lenient(text);
        assert_eq!(
            base.lenient_base().expect("absolute").resolve(text),
            read,
            "{text:?} against {base}: a kept base reads otherwise"
        );
        check_lenient(text, read, false);
    }
}

fn check_lenient(text: &str, result: Result<urlkit::Lenient, urlkit::LenientError>, no_base: bool) {
    let read = match result {
        Err(e) => {
            assert!(
                e.span().end <= text.len(),
                "{text:?}: error at {:?}",
                e.span()
            );
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(read) => read,
    };
    let s = read.url().as_str();
    assert!(
        s.bytes().all(|b| (0x21..0x7f).contains(&b)),
        "{text:?} gave {s:?}"
    );
    assert!(
        shape::is_uri_reference(s.as_bytes()),
        "{text:?} gave {s:?}, not RFC 3986"
    );
    assert_eq!(
        Url::parse(s).as_ref(),
        Ok(read.url()),
        "{text:?} gave {s:?}"
    );
    let again = Url::parse_lenient(s).expect("its own output");
    assert_eq!(
        again.url(),
        read.url(),
        "{text:?} gave {s:?}, which reads otherwise"
    );
    assert!(
        again.repairs().is_empty(),
        "{text:?} gave {s:?}, which is repaired again"
    );
    for repair in read.repairs() {
        let at = repair.at();
        assert!(
            at.start <= at.end
                && at.end <= text.len()
                && text.is_char_boundary(at.start)
                && text.is_char_boundary(at.end),
            "{text:?}: {repair:?}"
        );
        assert!(!repair.to_string().is_empty());
    }
    if no_base {
        if read.repairs().is_empty() {
            assert_eq!(s, text, "changed with nothing reported");
        }
        assert_eq!(
            read.is_rfc3986_valid_as_given(),
            Url::parse(text).is_ok(),
            "{text:?}: {:?}",
            read.repairs()
        );
    }
}

/// `Url::parse` (or `Url::parse_iri`) of any text: never panics; what it accepts is an RFC
/// 3986 URI reference (by the oracle's own grammar), printable ASCII, the input with its
/// triplets in uppercase (and, for `parse_iri`, its non-ASCII characters encoded), that
/// parses again to itself, with accessors that agree with the oracle's split, and that a
/// WHATWG parser reads the same way (but an `IPvFuture` host, which WHATWG parsers refuse).
/// An error points inside the input.
pub fn url_parse(data: &[u8], iri: bool) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = if iri {
        Url::parse_iri(text)
    } else {
        Url::parse(text)
    };
    let url = match parsed {
        Err(e) => {
            assert!(
                e.span().end <= text.len(),
                "{text:?}: error at {:?}",
                e.span()
            );
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(url) => url,
    };
    let s = url.as_str();
    assert!(
        s.bytes().all(|b| (0x21..0x7f).contains(&b)),
        "{text:?} gave {s:?}"
    );
    assert!(
        shape::is_uri_reference(s.as_bytes()),
        "{text:?} gave {s:?}, not RFC 3986"
    );
    if !iri {
        assert_eq!(s, uppercase_triplets(text), "{text:?}");
    }
    assert_eq!(Url::parse(s).as_ref(), Ok(&url), "{text:?} gave {s:?}");
    let split = shape::split(s.as_bytes());
    let get = |r: Option<std::ops::Range<usize>>| r.map(|r| &s[r]);
    assert_eq!(url.scheme(), get(split.scheme.clone()), "{s:?}");
    assert_eq!(url.host(), get(split.host.clone()), "{s:?}");
    assert_eq!(url.path(), &s[split.path.clone()], "{s:?}");
    assert_eq!(url.query(), get(split.query.clone()), "{s:?}");
    assert_eq!(url.fragment(), get(split.fragment.clone()), "{s:?}");
    let _ = url.port();
    let _ = url.path_segments().count();
    let _ = url.query_pairs().count();
    // Named exceptions to the WHATWG comparison, each a documented limit of `Url`:
    // - an `IPvFuture` host, which RFC 3986 allows and WHATWG parsers refuse;
    // - a `file` URL, which WHATWG parsers rewrite (`localhost` as the empty host, a Windows
    //   drive letter's host dropped, `////` paths collapsed);
    // - an `xn--` label that decodes but that UTS #46's Unicode tables refuse (urlkit
    //   checks the punycode, not the tables).
    let ipvfuture = url
        .host()
        .is_some_and(|h| h.starts_with("[v") || h.starts_with("[V"));
    let file = url.scheme().is_some_and(|s| s.eq_ignore_ascii_case("file"));
    let idna_tables = |e: &str| {
        e.contains("invalid international domain name")
            && url
                .host()
                .is_some_and(|h| h.to_ascii_lowercase().contains("xn--"))
    };
    if !ipvfuture
        && !file
        && let Err(e) = whatwg_agrees(s)
        && !idna_tables(&e)
    {
        panic!("{text:?}: {e}");
    }
    if iri {
        iri_host_as_whatwg_reads_it(text, &url);
    }
}

/// A non-ASCII host that `parse_iri` accepted is the host a WHATWG parser reads in the same
/// text: UTS #46's ASCII form for a special scheme (URL Standard, "host parsing": domain to
/// ASCII), the UTF-8 percent-encoded for another (an opaque host, RFC 3987 §3.1's mapping);
/// UTS #46 is for DNS names, which another scheme's host need not be.
fn iri_host_as_whatwg_reads_it(text: &str, url: &Url) {
    let split = shape::split(text.as_bytes());
    let non_ascii = split.host.clone().is_some_and(|h| !text[h].is_ascii());
    let (true, Some(ours), Ok(theirs)) = (non_ascii, url.host(), url::Url::parse(text)) else {
        return;
    };
    let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&theirs.scheme());
    let ours = if special {
        ours.to_ascii_lowercase()
    } else {
        ours.to_string()
    };
    assert_eq!(
        Some(ours.as_str()),
        theirs.host_str(),
        "{text:?}: parse_iri wrote the host {ours:?}, a WHATWG parser reads {:?}",
        theirs.host_str()
    );
}

fn uppercase_triplets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if super::rfc6570::is_triplet(&b[i..]) {
            out.push_str(&text[i..i + 3].to_ascii_uppercase());
            i += 3;
        } else {
            let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Every `decode` function on any text: never panics, and agrees with the
/// `percent-encoding` crate: where every `%` starts a triplet, the strict decoders give its
/// bytes (or, for text, an error exactly when they are not UTF-8); where one does not, the
/// strict decoders refuse; the lossy ones equal the strict ones whenever those succeed;
/// `form` is `component` with `+` as a space; `form_pairs` splits as `url`'s
/// `form_urlencoded` does.
pub fn decode(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let b = text.as_bytes();
    let escapes_valid = (0..b.len()).all(|i| b[i] != b'%' || super::rfc6570::is_triplet(&b[i..]));
    let theirs: Vec<u8> = percent_decode_str(text).collect();
    let bytes = decode::component_bytes(text);
    let string = decode::component(text);
    if escapes_valid {
        assert_eq!(bytes.as_deref().ok(), Some(&theirs[..]), "{text:?}");
        let utf8 = String::from_utf8(theirs.clone()).ok();
        assert_eq!(string.as_deref().ok(), utf8.as_deref(), "{text:?}");
    } else {
        assert!(
            bytes.is_err() && string.is_err(),
            "{text:?}: a bad escape was accepted"
        );
    }
    for result in [&string] {
        if let Err(e) = result {
            assert!(e.offset() <= text.len(), "{text:?}: offset {}", e.offset());
        }
    }
    if let Ok(s) = &string {
        assert_eq!(decode::component_lossy(text), *s, "{text:?}");
    }
    let plus = text.replace('+', " ");
    assert_eq!(
        decode::form(text).as_deref().ok(),
        decode::component(&plus).as_deref().ok(),
        "{text:?}"
    );
    assert_eq!(
        decode::form_bytes(text).as_deref().ok(),
        decode::component_bytes(&plus).as_deref().ok(),
        "{text:?}"
    );
    if let Ok(s) = decode::form(text) {
        assert_eq!(decode::form_lossy(text), s, "{text:?}");
    }
    let _ = decode::component_lossy(text);
    let ours: Vec<(Cow<'_, str>, Cow<'_, str>)> = decode::form_pairs_lossy(text).collect();
    let whatwg: Vec<(Cow<'_, str>, Cow<'_, str>)> = url::form_urlencoded::parse(b).collect();
    assert_eq!(ours, whatwg, "{text:?}");
    for pair in decode::form_pairs(text) {
        if let Err(e) = pair {
            assert!(e.offset() <= text.len(), "{text:?}: offset {}", e.offset());
        }
    }
}

/// The template and values `data` encodes: the template up to the first `0` byte, then for
/// each of [`NAMES`] a value: a tag (undefined, string, list, map) and length-prefixed
/// strings. Missing bytes leave values undefined.
pub fn template_case(data: &[u8]) -> (String, Vec<(String, Value)>) {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let template = String::from_utf8_lossy(&data[..end]).into_owned();
    let mut rest = data.get(end + 1..).unwrap_or_default().iter().copied();
    let text = |rest: &mut dyn Iterator<Item = u8>| {
        let len = usize::from(rest.next().unwrap_or(0) % 16);
        let bytes: Vec<u8> = rest.take(len).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let values = NAMES
        .iter()
        .map(|name| {
            let value = match rest.next().map(|t| t % 4) {
                None | Some(0) => Value::Undef,
                Some(1) => Value::Str(text(&mut rest)),
                Some(2) => {
                    let n = rest.next().unwrap_or(0) % 4;
                    Value::List((0..n).map(|_| text(&mut rest)).collect())
                }
                Some(_) => {
                    let n = rest.next().unwrap_or(0) % 3;
                    Value::Map((0..n).map(|_| (text(&mut rest), text(&mut rest))).collect())
                }
            };
            ((*name).to_string(), value)
        })
        .collect();
    (template, values)
}

/// The variable names a fuzzed template's values are for.
pub const NAMES: &[&str] = &["a", "b", "c", "h", "p"];

/// The inverse of [`template_case`], for seeding the corpus with generated cases.
pub fn encode_case(template: &str, values: &[(String, Value)]) -> Vec<u8> {
    let mut out = template.replace('\0', "").into_bytes();
    out.push(0);
    let text = |s: &str, out: &mut Vec<u8>| {
        let mut end = s.len().min(15);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        out.push(end as u8);
        out.extend_from_slice(&s.as_bytes()[..end]);
    };
    for name in NAMES {
        let value = values.iter().find(|(n, _)| n == name).map(|(_, v)| v);
        match value {
            None | Some(Value::Undef) => out.push(0),
            Some(Value::Str(s)) => {
                out.push(1);
                text(s, &mut out);
            }
            Some(Value::List(items)) => {
                out.push(2);
                out.push(items.len().min(3) as u8);
                for item in items.iter().take(3) {
                    text(item, &mut out);
                }
            }
            Some(Value::Map(pairs)) => {
                out.push(3);
                out.push(pairs.len().min(2) as u8);
                for (k, v) in pairs.iter().take(2) {
                    text(k, &mut out);
                    text(v, &mut out);
                }
            }
        }
    }
    out
}

/// `Template::parse` and `expand` of the case `data` encodes, against the reference
/// expander and the shape oracle ([`super::check`]).
pub fn template_expand(data: &[u8]) {
    let (template, values) = template_case(data);
    lane_agrees(&template);
    if let Err(disagreement) = super::check(&template, &values) {
        panic!("{disagreement}");
    }
}

/// The fast lane `Template::parse` tries first (`urlkit_syntax::plan::plan_plain`) takes
/// only templates the front door accepts, and plans them as it does: the same expressions,
/// steps and text (`template_plain_lane.rs` generates templates for the same check).
fn lane_agrees(template: &str) {
    use urlkit_syntax::reference::Options;

    let mut text = String::from(template);
    let Some((expressions, steps)) = urlkit_syntax::plan::plan_plain(template, &mut text) else {
        assert_eq!(text, template, "a declined template leaves the text");
        return;
    };
    let options = Options {
        iri: true,
        joined: false,
    };
    let checked = urlkit_syntax::check::check(template, options)
        .unwrap_or_else(|r| panic!("the lane took {template:?}, which has {:?}", r.errors));
    let mut full = String::from(template);
    let full_steps = checked.plan_into(template, &mut full);
    let expressions: Vec<_> = expressions
        .into_iter()
        .map(|e| e.map_vars(|vars| vars.to_vec()))
        .collect();
    assert_eq!(
        (expressions, steps, text),
        (checked.expressions, full_steps, full),
        "the lane planned {template:?} otherwise"
    );
}

/// A realistic route enum: an API's users, posts, files and search, and one route of lists
/// and maps in path segments.
#[derive(Route, Debug, PartialEq)]
pub enum Api {
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/users/{id}/posts/{slug}{?page,tag*}")]
    Post {
        id: u64,
        slug: String,
        page: Option<u32>,
        tag: Vec<String>,
    },
    #[route("/files{/path*}")]
    Files { path: Vec<String> },
    #[route("/search?q={query}{&page,sort}")]
    Search {
        query: String,
        page: Option<u32>,
        sort: Option<String>,
    },
    /// Lists and maps in path segments, in the label and matrix styles.
    #[route("/paint/{.color*}/{;size}/{tags}/{;keyed*}")]
    Paint {
        color: std::collections::BTreeMap<String, u8>,
        size: Vec<(String, u32)>,
        tags: Vec<String>,
        keyed: std::collections::BTreeMap<String, String>,
    },
}

/// `Api::from_url` of any text: never panics, and what it parses builds a URL that parses
/// back to the same value (the routes do not overlap); it reads the query keys
/// `form_urlencoded` reads (the text with its query written again from what
/// `form_urlencoded` reads, every key and value in one spelling, parses to the same result);
/// and `from_url_on` accepts only what follows a base's path, and nothing after a base with
/// a query or fragment.
pub fn route_from_url(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    route_reads_form_pairs(text);
    for base in ROUTE_BASES {
        route_on_base(base, text);
    }
    match Api::from_url(text) {
        Err(e) => {
            let _ = e.to_string();
        }
        Ok(value) => {
            let url = value.to_url().unwrap_or_else(|e| {
                panic!("{text:?} parsed as {value:?}, which builds no URL: {e}")
            });
            assert_eq!(
                Api::from_url(url.as_str()).as_ref(),
                Ok(&value),
                "{text:?} parsed as {value:?}, which builds {url}"
            );
        }
    }
}

/// `text` with its query written again from the pairs `form_urlencoded` reads in it, when
/// the query is RFC 3986 query text and every pair has its `=` and decodes as UTF-8 (where
/// the readers may differ by design: `form_urlencoded` replaces invalid UTF-8, and `page`
/// without `=` is not `page=`).
fn respelled(text: &str) -> Option<String> {
    let text = text.split('#').next().unwrap_or_default();
    let (path, query) = text.split_once('?')?;
    let b = query.as_bytes();
    let escapes_valid = (0..b.len()).all(|i| b[i] != b'%' || super::rfc6570::is_triplet(&b[i..]));
    // RFC 3986 §3.4's characters only: `from_url` refuses others (a raw space, `|`), which
    // the respelling would encode.
    let query_chars = b
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?%".contains(&c));
    if !query_chars {
        return None;
    }
    let pairs_ok = query.split('&').all(|p| {
        p.is_empty()
            || p.contains('=')
                && percent_decode_str(&p.replace('+', " "))
                    .decode_utf8()
                    .is_ok()
    });
    if !escapes_valid || !pairs_ok {
        return None;
    }
    let mut out = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        out.append_pair(&k, &v);
    }
    Some(format!("{path}?{}", out.finish()))
}

/// `from_url` reads a query's keys and values as `form_urlencoded` does: respelled, the
/// text parses to the same value, or is refused as well.
fn route_reads_form_pairs(text: &str) {
    let Some(canonical) = respelled(text) else {
        return;
    };
    let ours = Api::from_url(text).ok();
    let theirs = Api::from_url(&canonical).ok();
    assert_eq!(
        ours,
        theirs,
        "{text:?} and {canonical:?} hold the same pairs for form_urlencoded ({:?})",
        url::form_urlencoded::parse(canonical.split_once('?').map_or("", |(_, q)| q).as_bytes())
            .collect::<Vec<_>>()
    );
}

/// The bases `route_from_url` tries `from_url_on` with: with and without a path, a final
/// `/`, a query, a fragment.
const ROUTE_BASES: &[&str] = &[
    "https://a.example",
    "https://a.example/v1/",
    "https://a.example/v1?x=1",
    "https://a.example/?",
    "https://a.example/v1#f",
    "https://a.example#",
];

/// `from_url_on(base, text)`, and `from_url_on(base, base + text)`: refused if the base has a
/// query or fragment; else accepted only if the `url` crate reads the same origin, the
/// base's path followed by a path that `from_url` (with the query) parses to the same value.
fn route_on_base(base: &str, text: &str) {
    let Ok(base_url) = Url::parse(base) else {
        panic!("{base}: not a URL");
    };
    for request in [text.to_string(), format!("{base}{text}")] {
        let Ok(value) = Api::from_url_on(&base_url, &request) else {
            continue;
        };
        assert!(
            !base.contains(['?', '#']),
            "from_url_on({base:?}, {request:?}) gave {value:?}: a base with a query or fragment can be followed by no path"
        );
        let theirs = url::Url::parse(&request).unwrap_or_else(|e| {
            panic!(
                "from_url_on({base:?}, {request:?}) gave {value:?}; the url crate refuses it: {e}"
            )
        });
        let whatwg_base = url::Url::parse(base).unwrap_or_else(|e| panic!("{base}: {e}"));
        let rest = theirs
            .path()
            .strip_prefix(whatwg_base.path().trim_end_matches('/'))
            .filter(|rest| rest.starts_with('/'));
        let target = rest.map(|rest| match theirs.query() {
            Some(q) => format!("{rest}?{q}"),
            None => rest.to_string(),
        });
        assert!(
            theirs.origin() == whatwg_base.origin()
                && target
                    .as_deref()
                    .and_then(|t| Api::from_url(t).ok())
                    .as_ref()
                    == Some(&value),
            "from_url_on({base:?}, {request:?}) gave {value:?}; the url crate reads the path {:?} on {:?}",
            theirs.path(),
            theirs.origin()
        );
    }
}

/// `Url::try_from(&http::Uri)` of any text the `http` crate accepts: never panics, and a
/// URL it gives is one a WHATWG parser reads as it reads the text: the same path segments and
/// query, once percent-decoded (a `\` that it reads as `/` in the text is not written `%5C`,
/// which it reads as part of a segment).
pub fn uri_from_http(data: &[u8]) {
    let Ok(uri) = http::Uri::try_from(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(ours) = Url::try_from(&uri) else {
        return;
    };
    // A `file` URL is one WHATWG parsers rewrite (a Windows drive letter drops the host and
    // reads `a|` as `a:`), a documented limit of `Url`, as in `url_parse`.
    if uri
        .scheme_str()
        .is_some_and(|s| s.eq_ignore_ascii_case("file"))
    {
        return;
    }
    let Ok(base) = url::Url::parse("http://a.example/") else {
        return;
    };
    let read = |text: &str| {
        let url = url::Url::options().base_url(Some(&base)).parse(text).ok()?;
        let segments: Vec<Vec<u8>> = url
            .path()
            .split('/')
            .map(|s| percent_decode_str(s).collect())
            .collect();
        let query: Option<Vec<u8>> = url.query().map(|q| percent_decode_str(q).collect());
        Some((url.host_str().map(String::from), segments, query))
    };
    let (Some(mut theirs), Some(back)) = (read(text), read(ours.as_str())) else {
        return;
    };
    // `http` reads an empty path after an authority as `/` (`Uri::path`, and the text it
    // writes back): one path for `http` and `https` (RFC 9110 §4.2.3), and for another scheme
    // (`foo://h`, an empty path to WHATWG parsers) a `Uri` that no longer tells them apart, so
    // the URL holds the `/` it says (documented on the conversion).
    if uri.authority().is_some() && uri.path() == "/" && theirs.1 == [Vec::<u8>::new()] {
        theirs.1.push(Vec::new());
    }
    assert_eq!(
        theirs,
        back,
        "{text:?} became {:?}, which a WHATWG parser reads otherwise",
        ours.as_str()
    );
}
