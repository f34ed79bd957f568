//! Every file of the fuzz corpora (`fuzz/corpus/<target>/`, minimized with `cargo fuzz
//! cmin`) through the checks its target makes (`oracle/fuzz.rs`), on stable: what fuzzing
//! found stays found without nightly. How the corpora were made, and how to make them again:
//! `fuzz/README.md`.

use crate::common;
use crate::oracle;

use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = common::manifest_dir().join("../fuzz/corpus").join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, data)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty corpus", dir.display());
    files
}

fn replay(target: &str, check: fn(&[u8])) {
    let failed: Vec<String> = corpus(target)
        .into_iter()
        .filter(|(_, data)| std::panic::catch_unwind(|| check(data)).is_err())
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(
        failed.is_empty(),
        "the check failed on:\n{}",
        failed.join("\n")
    );
}

#[test]
fn url_parse() {
    replay("url_parse", |data| oracle::fuzz::url_parse(data, false));
}

#[test]
fn url_parse_iri() {
    replay("url_parse_iri", |data| oracle::fuzz::url_parse(data, true));
}

#[test]
fn url_lenient() {
    replay("url_lenient", oracle::fuzz::url_lenient);
}

#[test]
fn decode() {
    replay("decode", oracle::fuzz::decode);
}

#[test]
fn template_expand() {
    replay("template_expand", oracle::fuzz::template_expand);
}

#[test]
fn route_from_url() {
    replay("route_from_url", oracle::fuzz::route_from_url);
}

#[test]
fn http_uri() {
    replay("http_uri", oracle::fuzz::uri_from_http);
}

/// One input for each way a value could change a URL's shape that the checks model, through
/// the check of the target that reaches it (the inputs are in the corpora too).
#[test]
fn shape_changes() {
    use oracle::rfc6570::Value;
    let s = |v: &str| Value::Str(v.to_string());
    let case = |template: &str, values: &[(&str, Value)]| {
        let values: Vec<(String, Value)> = values
            .iter()
            .map(|(n, v)| ((*n).to_string(), v.clone()))
            .collect();
        oracle::fuzz::encode_case(template, &values)
    };
    let mut failed = Vec::new();
    let mut check = |name: &str, run: &dyn Fn()| {
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).is_err() {
            failed.push(name.to_string());
        }
    };
    // A query key spelled with a triplet is the key: `fo%72mat` is a second `format`, and
    // `%71` is `q`.
    check("encoded key", &|| {
        oracle::fuzz::route_from_url(b"/search?q=a&%71=b");
    });
    check("encoded key alone", &|| {
        oracle::fuzz::route_from_url(b"/search?%71=b");
    });
    // A `\` that WHATWG parsers read as `/`: in a `{+base}`'s authority, in a request target.
    let backslash_base = case("{+a}/x", &[("a", s("https://a\\@e.co"))]);
    check("backslash in a base", &|| {
        oracle::fuzz::template_expand(&backslash_base);
    });
    check("backslash in a request target", &|| {
        oracle::fuzz::uri_from_http(b"http://a.example/public/..\\admin");
    });
    // An empty whole segment before an optional expression.
    let empty_segment = case("/users/{a}{/b}", &[("a", s(""))]);
    check("empty segment before {/x}", &|| {
        oracle::fuzz::template_expand(&empty_segment);
    });
    // A hand-written pair left out beside another piece of the query.
    let mixed = case("/p?q={a}&{c}", &[("a", s("1"))]);
    check("pair beside a whole {k}", &|| {
        oracle::fuzz::template_expand(&mixed);
    });
    // A hand-written pair in a query that cannot be joined piece by piece: refused.
    for template in ["/p?q={a}&&{c}", "/p?q={a}&", "/p?q={a}{&b}k=1"] {
        let unjoinable = case(template, &[("c", s("v"))]);
        check("pair in an unjoinable query", &|| {
            oracle::fuzz::template_expand(&unjoinable);
        });
    }
    // A base with a query: what follows it is in its query, not a path.
    check("base with a query", &|| {
        oracle::fuzz::route_from_url(b"https://a.example/v1?x=1/users/7");
    });
    // A `{+x}` that writes an empty authority, and the grammar's `//`.
    let empty_authority = case("{+a}/{b}", &[("a", s("//")), ("b", s("evil.com"))]);
    check("empty authority from a base", &|| {
        oracle::fuzz::template_expand(&empty_authority);
    });
    check("empty authority in a reference", &|| {
        oracle::fuzz::url_parse(b"///a", false);
    });
    // `{.x}` in a host takes one label; `parse_iri` applies UTS #46 only to special schemes.
    let labels = case("https://api{.h}/", &[("h", s("evil.com"))]);
    check("several labels in {.x}", &|| {
        oracle::fuzz::template_expand(&labels);
    });
    check("UTS #46 on an opaque host", &|| {
        oracle::fuzz::url_parse("foo://b\u{fc}cher/x".as_bytes(), true);
    });
    assert!(failed.is_empty(), "the checks failed on: {failed:?}");
}

/// What fuzzing found, each through the check that failed on it (the inputs are in the
/// corpora too; here they are named). All were the oracle's mistakes, not urlkit's.
#[test]
fn findings() {
    // A non-special scheme's host keeps its case (WHATWG's opaque host): the WHATWG
    // comparison lowercased every host.
    oracle::fuzz::url_parse(b"//aB/b.", false);
    oracle::fuzz::url_parse(b"mailto://examAle.com:8080/pathname?search#hash", true);
    // `file//h` is urlkit's "missing `:` after the scheme" (a host typed without its scheme),
    // a rule of its grammar the oracle did not know.
    let file_typo = b"file//h{?a}\0\xff\xff\xff#c,h*}{+a,a:3}#{.c*}\0\x03\x02\x01\0\0\x0b\x01+\x01=\x0bexample.com\0\x01\x01v\x01\x01&\0\x02\x02\x06%2E%2e\x01=";
    oracle::fuzz::template_expand(file_typo);
    // A host that WHATWG parsers read as an IPv4 number (`//6` is `0.0.0.6`), which urlkit's
    // grammar refuses: a rule the oracle did not know.
    oracle::fuzz::template_expand(b"//6");
    // A special scheme whose `//` is half a `{/x}`'s (`https:/{/a}`): urlkit's grammar asks
    // for the template's own `//`, as the oracle now does.
    oracle::fuzz::template_expand(b"https:/{/a},=/h@#:&");
    // An undefined `{+base}` leaves `www.x/…`, which urlkit's grammar reads as a host typed
    // without its scheme: the oracle checked a base's URL only in the states it was defined.
    oracle::fuzz::template_expand(b"{+a}{&a*}www.x/.h/eample:8080??+?&");
    // `www.ttp://h` has the scheme `www.ttp`: the oracle took any `www.` start for a host
    // typed without its scheme.
    let www_scheme = b"{+a}{?ddddddddddddddddddda}#*&\0\x01\x0dwww.ttp://h:1";
    oracle::fuzz::template_expand(www_scheme);
    // U+104104 is private use, which RFC 3987 allows only in the query.
    oracle::fuzz::template_expand("hhth%2E.t\u{104104}".as_bytes());
    // A `file` URL, which WHATWG parsers rewrite (`//` collapsed), a documented limit that
    // the template oracle did not know.
    oracle::fuzz::template_expand(b"file://file//_");
    // A `{+base}` writes `i` and a later `{+h}` writes `.ex:`: the `:` makes `i.ex` a scheme
    // that the base did not write, which urlkit refuses (`LeavesComponent`); the oracle let a
    // base's scheme take any text before any `:`.
    let scheme_after_base = b"{+a}{+h,p:3}{+a}&(b/{+b,a}%2e?x%2e=\xc3\xa9{&a*,h*}#{+b*,c:3}{?c}\x00\x01aidHost.ex:11]\x00\x86\x01=\x00\x01\x00}.examep?lp";
    oracle::fuzz::template_expand(scheme_after_base);
    // Host labels that all wrote nothing left an empty host (`httap://?tt:/@`), where an
    // empty `{h}` is refused: a urlkit bug, now `InvalidHost`.
    let empty_host = b"httap://{.h*}{.c*,b}?tt:/@\x00\x01\x04\xf0\x9f\x92\x96\x01\x02#1\x03\x02\x03\xdbj#\x03a:{+a}]?na[\x03a]";
    oracle::fuzz::template_expand(empty_host);
    // An `xn--` label with a `,` (`//xn--p,`), which urlkit refuses as punycode WHATWG
    // parsers cannot decode: the oracle knew the rule only for hosts made by values.
    oracle::fuzz::template_expand(b"//xn--p,\x00\x01\x03a=b\x02ps:/ ");
    // An undefined `{+base}` leaves `www.`, which urlkit reads as a relative path (a host
    // typed without its scheme needs text after `www.`); the oracle called it a typo.
    let lone_www = b"{+b,a}www.\x00\x00\x00{x\x00x*,h*}#{+{+b,a}.\x00\x00\x00\x00\x00\x00\x00{x\x00x*,h*}#{+b*,c:7}{?-";
    oracle::fuzz::template_expand(lone_www);
    // `{&a*}` opens a pair with its own `=`, and a later `{+b,a}` writes `=` in that pair's
    // value: the oracle took the text's next `=` for the pair's and called it a renamed pair.
    let operator_eq = b"/{+bt,a}%2e?x=\xc3\xa9{&a*}./{+b,a}%2e?x=\xc3\xa9======a..(?{+h:3,p}:\x00\x02]==ws%2ba9\x00\rxa\x00\x00\x00\x00\x00\x00\x00\x01:3,p}\x01\x04a.b.\x03\x02\x01]\x05#qq&5\x04?2-k\x0b+.\xf0\x91\xa8\x95\xe0\xae\xa4Xv";
    oracle::fuzz::template_expand(operator_eq);
    // U+061C (Arabic letter mark) in the template's path: invisible, refused by urlkit's
    // grammar, a rule the oracle did not know.
    oracle::fuzz::template_expand("{+a}{&a*}._(\u{61c}({+a}{&a*}.v".as_bytes());
    // An IPvFuture host (RFC 3986 §3.2.2): the oracle's grammar took only IPv6 literals.
    oracle::fuzz::url_parse(b"p://[v0..xn--pokx-xgvke1]", true);
    oracle::fuzz::url_parse(b"p://[v0..xn--pokx-xgvke1]", false);
    // `http` reads the empty path of `httpub://h` as `/` (`Uri::path`), so the URL is
    // `httpub://h/`, where WHATWG parsers read the text with an empty path: the oracle
    // compared with the text rather than with what the `Uri` holds.
    oracle::fuzz::uri_from_http(b"httpub://iample-wubl~");
    // A `file` URL whose path starts with a Windows drive letter (`a|`), which WHATWG
    // parsers rewrite (the host dropped, `a|` read as `a:`): a documented limit of `Url`
    // that the conversion's oracle did not know.
    oracle::fuzz::uri_from_http(b"file://,Xe.e/a|");
}
