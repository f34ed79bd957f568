//! The run-time `Template` API around expansion: variable sources (maps, closures, JSON),
//! output targets (`Url`, `String`, `fmt::Write`) and what each does on error.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::json;
use urlkit::template::{Vars, vars_fn};
use urlkit::value::{Expansion, Value};
use urlkit::{ExpandErrorKind, Template};

fn t(template: &str) -> Template {
    Template::parse(template).unwrap()
}

#[test]
fn closures_give_values_of_any_type() {
    let (id, tags) = (7_u32, vec!["a b", "c"]);
    let vars = vars_fn(|name| -> Option<&dyn Value> {
        match name {
            "id" => Some(&id),
            "tag" => Some(&tags),
            _ => None,
        }
    });
    assert_eq!(
        t("/u/{id}{?tag*,missing}").expand(&vars).unwrap(),
        "/u/7?tag=a%20b&tag=c"
    );
    // Owned values computed per call.
    let owned = vars_fn(|name: &str| (name != "skip").then(|| name.repeat(2)));
    assert_eq!(t("{/a,skip,b}").expand(&owned).unwrap(), "/aa/bb");
}

#[test]
fn expand_into_appends_and_leaves_the_string_alone_on_error() {
    let files = t("/files/{name}");
    let mut out = String::from("see ");
    files
        .expand_into(&BTreeMap::from([("name", "a b")]), &mut out)
        .unwrap();
    assert_eq!(out, "see /files/a%20b");
    for bad in ["", ".", ".."] {
        let err = files
            .expand_into(&BTreeMap::from([("name", bad)]), &mut out)
            .unwrap_err();
        assert_eq!(err.placeholder(), "name");
        assert_eq!(out, "see /files/a%20b", "after {bad:?}");
    }
    // The checks look only at this expansion, not at the text before it.
    let mut out = String::from("x:");
    t("{+a}index")
        .expand_into(&BTreeMap::from([("a", "http://h/")]), &mut out)
        .unwrap();
    assert_eq!(out, "x:http://h/index");
}

/// A `fmt::Write` that records what it was given, or refuses everything.
struct Recorder {
    written: Vec<String>,
    fail: bool,
}

impl fmt::Write for Recorder {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.fail {
            return Err(fmt::Error);
        }
        self.written.push(s.to_owned());
        Ok(())
    }
}

#[test]
fn expand_to_writes_once_and_nothing_on_error() {
    let ab = t("https://h/{a}/{b}");
    let mut w = Recorder {
        written: Vec::new(),
        fail: false,
    };
    ab.expand_to(&BTreeMap::from([("a", "x"), ("b", "y")]), &mut w)
        .unwrap();
    assert_eq!(w.written, ["https://h/x/y"]);

    let err = ab
        .expand_to(&BTreeMap::from([("a", "x"), ("b", "..")]), &mut w)
        .unwrap_err();
    assert_eq!(
        (err.placeholder(), *err.kind()),
        ("b", ExpandErrorKind::DotSegment)
    );
    assert_eq!(w.written.len(), 1, "nothing written after a value error");

    w.fail = true;
    let err = ab
        .expand_to(&BTreeMap::from([("a", "x"), ("b", "y")]), &mut w)
        .unwrap_err();
    assert_eq!(
        (err.placeholder(), *err.kind()),
        ("", ExpandErrorKind::Write)
    );
    assert_eq!(
        err.to_string(),
        "the output refused the expanded URL (`fmt::Error`)"
    );
}

#[test]
fn json_values_map_to_rfc_6570_values() {
    let vars = json!({
        "s": "a b",
        "n": 6,
        "neg": -3,
        "big": u64::MAX,
        "f": 37.76,
        "exp": 1e100,
        "t": true,
        "null": null,
        "list": ["x", 1, false, null, 2.5],
        "empty": [],
        // Keys already in order: with or without serde_json's `preserve_order` (the tests
        // crate enables it for the uritemplate generator) the map iterates a, b, z.
        "obj": {"a": 1, "b": "2", "z": null},
        "nested_list": ["x", ["y"]],
        "nested_obj": {"k": {"deep": 1}},
    });
    for (template, expected) in [
        ("/{s}", Ok("/a%20b")),
        ("/{n},{neg},{big}", Ok("/6,-3,18446744073709551615")),
        // JSON writes 1e100 as `1e+100`, and simple expansion encodes the `+`.
        ("/{f}/{exp}", Ok("/37.76/1e%2B100")),
        ("/{t}", Ok("/true")),
        ("/x{?null}", Ok("/x")),
        ("/x{?list}", Ok("/x?list=x,1,false,2.5")),
        ("/x{?empty}", Ok("/x")),
        // Objects are maps, in the map's iteration order (key order, or insertion order with
        // serde_json's `preserve_order`).
        ("/x{?obj*}", Ok("/x?a=1&b=2")),
        ("/x{?obj}", Ok("/x?obj=a,1,b,2")),
        (
            "/x{?nested_list}",
            Err(("nested_list", ExpandErrorKind::NestedValue)),
        ),
        (
            "/x{?nested_obj*}",
            Err(("nested_obj", ExpandErrorKind::NestedValue)),
        ),
    ] {
        let got = t(template)
            .expand(&vars)
            .map(urlkit::Url::into_string)
            .map_err(|e| (e.placeholder().to_owned(), *e.kind()));
        let expected = expected
            .map(String::from)
            .map_err(|(name, kind)| (name.to_owned(), kind));
        assert_eq!(got, expected, "{template}");
    }
    assert_eq!(
        t("/x{?nested_list}").expand(&vars).unwrap_err().to_string(),
        "the value of `nested_list` is a list or map holding lists or maps; a URL template value nests one level only"
    );
    // A JSON value that is not an object defines no variable; a `Map` works directly.
    assert_eq!(t("/x{/s}").expand(&json!(["s"])).unwrap(), "/x");
    assert_eq!(
        t("/x{/s}").expand(vars.as_object().unwrap()).unwrap(),
        "/x/a%20b"
    );
    // JSON values also fill typed maps.
    let typed = BTreeMap::from([("q", json!(["a", "b"]))]);
    assert_eq!(t("/s?q={q}").expand(&typed).unwrap(), "/s?q=a&q=b");
}

#[test]
fn own_sources_can_layer() {
    /// The first source that defines a variable wins.
    struct Layered<A, B>(A, B);
    impl<A: Vars, B: Vars> Vars for Layered<A, B> {
        fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
            self.0.expand_var(name, e);
            if !e.is_defined() {
                self.1.expand_var(name, e);
            }
        }
    }
    let given = json!({"page": 3, "sort": null});
    let defaults = BTreeMap::from([("page", "1"), ("sort", "new"), ("per", "20")]);
    assert_eq!(
        t("/l{?page,sort,per}")
            .expand(&Layered(given, defaults))
            .unwrap(),
        "/l?page=3&sort=new&per=20"
    );
}

#[test]
fn templates_compare_display_and_parse_like_text() {
    let a: Template = "/a/{b}{?c}".parse().unwrap();
    assert_eq!(a, t("/a/{b}{?c}"));
    assert_ne!(a, t("/a/{b}"));
    assert_eq!(a.to_string(), "/a/{b}{?c}");
    assert_eq!(format!("{a:?}"), "Template(\"/a/{b}{?c}\")");
    assert_eq!(a.variables().collect::<Vec<_>>(), ["b", "c"]);
    let clone = a.clone();
    assert_eq!(clone.as_str(), a.as_str());
}

#[test]
fn one_template_serves_many_threads() {
    let users = t("https://api.example.com/users/{id}{?page}");
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4_u32)
            .map(|n| {
                let users = &users;
                s.spawn(move || {
                    let vars = BTreeMap::from([("id", n), ("page", n + 1)]);
                    (0..200)
                        .map(|_| users.expand(&vars).unwrap().into_string())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for (n, handle) in handles.into_iter().enumerate() {
            let urls = handle.join().unwrap();
            let want = format!("https://api.example.com/users/{n}?page={}", n + 1);
            assert!(urls.iter().all(|u| *u == want), "{n}");
        }
    });
}

#[test]
fn a_long_expansion_does_not_change_later_ones() {
    // The output buffer is sized from earlier expansions; the text never depends on it.
    let search = t("/s{?q}");
    let long = "x".repeat(10_000);
    assert_eq!(
        search
            .expand(&BTreeMap::from([("q", long.as_str())]))
            .unwrap()
            .as_str()
            .len(),
        10_005
    );
    assert_eq!(
        search.expand(&BTreeMap::from([("q", "y")])).unwrap(),
        "/s?q=y"
    );
}
