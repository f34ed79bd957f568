//! Feature `serde`: `Url` and `Template` as text, and `Serde` values (query parameters from a
//! struct or a map). The round trip is checked twice: through urlkit's `decode::form_pairs`
//! and through `form_urlencoded` (the `url` crate's decoder, which shares nothing with ours).

use std::collections::{BTreeMap, HashMap};

use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use urlkit::{ExpandErrorKind, Serde, Template, Url, decode, url};

#[test]
fn a_url_is_its_text_and_is_checked_as_url_parse_checks_it() {
    let url = url!("https://example.com/a%20b?q=1#f");
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, r#""https://example.com/a%20b?q=1#f""#);
    assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), url);
    for bad in [
        "https://example.com/a b",
        "http://h:99999/",
        "https://example.com/%zz",
        "http://h/a/../b",
        "https://bücher.example/",
        "",
    ] {
        let json = serde_json::to_string(bad).unwrap();
        match Url::parse(bad) {
            Ok(url) => assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), url),
            Err(expected) => {
                let err = serde_json::from_str::<Url>(&json).unwrap_err();
                let message = err.to_string();
                assert!(
                    message.starts_with(&expected.to_string()),
                    "{bad}: {message} does not start with {expected}"
                );
            }
        }
    }
    // Only strings.
    let err = serde_json::from_str::<Url>("42").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid type: integer `42`, expected a URL as a string")
    );
}

#[test]
fn a_template_is_its_source_text_parsed_on_the_way_in() {
    #[derive(Debug, Serialize, Deserialize)]
    struct Link {
        href: Template,
    }
    let link: Link = serde_json::from_str(r#"{"href":"/users/{id}{?page}"}"#).unwrap();
    assert_eq!(
        link.href.expand(&BTreeMap::from([("id", 7)])).unwrap(),
        "/users/7"
    );
    assert_eq!(
        serde_json::to_string(&link).unwrap(),
        r#"{"href":"/users/{id}{?page}"}"#
    );
    let expected = Template::parse("/users/{id").unwrap_err().to_string();
    let err = serde_json::from_str::<Link>(r#"{"href":"/users/{id"}"#).unwrap_err();
    assert!(err.to_string().starts_with(&expected), "{err}");
}

#[derive(Serialize)]
struct Filters<'a> {
    q: &'a str,
    tag: Vec<&'a str>,
    page: Option<u32>,
    exact: bool,
    score: f64,
    sort: Sort,
    none: (),
}

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
enum Sort {
    NewestFirst,
}

fn filters() -> Filters<'static> {
    Filters {
        q: "100% a+b",
        tag: vec!["rust", "url"],
        page: None,
        exact: true,
        score: 0.5,
        sort: Sort::NewestFirst,
        none: (),
    }
}

#[test]
fn a_struct_is_a_map_of_query_parameters() {
    let params = filters();
    assert_eq!(
        url!("/search{?params*}", params = Serde(&params)).unwrap(),
        "/search?q=100%25%20a%2Bb&tag=rust&tag=url&exact=true&score=0.5&sort=newest-first"
    );
    // Without explode: the RFC's map form, a list field comma-joined.
    assert_eq!(
        url!("/search{?params}", params = Serde(&params)).unwrap(),
        "/search?params=q,100%25%20a%2Bb,tag,rust,url,exact,true,score,0.5,sort,newest-first"
    );
    // After pairs written by hand, in a path, and through `Template`.
    assert_eq!(
        url!("/search?v=1{&params*}", params = Serde(&params)).unwrap(),
        "/search?v=1&q=100%25%20a%2Bb&tag=rust&tag=url&exact=true&score=0.5&sort=newest-first"
    );
    assert_eq!(
        url!(
            "/s{/params*}",
            params = Serde(BTreeMap::from([("a", "x y")]))
        )
        .unwrap(),
        "/s/a=x%20y"
    );
    let t = Template::parse("/search{?params*}").unwrap();
    assert_eq!(
        t.expand(&BTreeMap::from([("params", Serde(&params))]))
            .unwrap(),
        url!("/search{?params*}", params = Serde(&params)).unwrap()
    );
}

#[test]
fn keys_and_values_are_encoded_as_any_other_value() {
    // `%41` stays `%41` (serde_qs's default serializer would send it raw, to come back `A`).
    let params = BTreeMap::from([("k%41", "%41"), ("a b", "c&d=e")]);
    let u = url!("/s{?params*}", params = Serde(&params)).unwrap();
    assert_eq!(u, "/s?a%20b=c%26d%3De&k%2541=%2541");
    let native = url!("/s{?params*}").unwrap();
    assert_eq!(u, native, "the same bytes as the map given directly");
    let pairs: Vec<_> = u.query_pairs().collect::<Result<_, _>>().unwrap();
    assert_eq!(
        pairs,
        [
            ("a b".into(), "c&d=e".into()),
            ("k%41".into(), "%41".into())
        ]
    );
    // Integers, chars and bytes are written by their own `Scalar` implementations.
    let mixed = (7u8, -3i64, 'é', serde_bytes_like(b"\xff"));
    assert_eq!(
        url!("/l{?mixed}", mixed = Serde(&mixed)).unwrap(),
        "/l?mixed=7,-3,%C3%A9,%FF"
    );
}

/// Bytes as serde's `serialize_bytes` sees them.
fn serde_bytes_like(bytes: &'static [u8]) -> impl Serialize {
    struct Bytes(&'static [u8]);
    impl Serialize for Bytes {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    Bytes(bytes)
}

#[test]
fn scalars_lists_and_undefined_values() {
    assert_eq!(url!("/u/{id}", id = Serde(7)).unwrap(), "/u/7");
    assert_eq!(
        url!("/u{?ids}", ids = Serde(vec![1, 2])).unwrap(),
        "/u?ids=1,2"
    );
    assert_eq!(
        url!("/u{?ids*}", ids = Serde([Some(1), None, Some(3)])).unwrap(),
        "/u?ids=1&ids=3"
    );
    assert_eq!(url!("/u{?x}", x = Serde(None::<u8>)).unwrap(), "/u");
    assert_eq!(
        url!("/u{?x*}", x = Serde(BTreeMap::<String, u8>::new())).unwrap(),
        "/u"
    );
    // A prefix applies to a string, and is refused on a map, as for any value (`url!`
    // checks that at compile time: a `Serde` value is not a `Scalar`).
    let t = Template::parse("/u/{x:2}").unwrap();
    assert_eq!(
        t.expand(&BTreeMap::from([("x", Serde("abc"))])).unwrap(),
        "/u/ab"
    );
    let err = t
        .expand(&BTreeMap::from([("x", Serde(BTreeMap::from([("a", 1)])))]))
        .unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::PrefixOnComposite);
    // Non-string keys, and a `HashMap`.
    assert_eq!(
        url!("/u{?m*}", m = Serde(BTreeMap::from([(1, true)]))).unwrap(),
        "/u?1=true"
    );
    assert_eq!(
        url!("/u{?m*}", m = Serde(HashMap::from([("k", "v")]))).unwrap(),
        "/u?k=v"
    );
}

#[test]
fn nesting_is_refused_with_the_field_path() {
    #[derive(Serialize)]
    struct Range {
        from: u32,
    }
    #[derive(Serialize)]
    struct Query {
        q: &'static str,
        years: Range,
    }
    let query = Query {
        q: "x",
        years: Range { from: 2000 },
    };
    let err = url!("/s{?query*}", query = Serde(&query)).unwrap_err();
    assert_eq!(
        (*err.kind(), err.placeholder(), err.field()),
        (ExpandErrorKind::NestedValue, "query", Some("years"))
    );
    assert_eq!(
        err.to_string(),
        "the value of `query` holds a list, map or struct in `years`; a URL template value nests one level only, so flatten that field or give it its own placeholder"
    );
    let lists = BTreeMap::from([("ok", vec![vec![]]), ("tags", vec![vec![1]])]);
    let err = url!("/s{?lists*}", lists = Serde(&lists)).unwrap_err();
    assert_eq!(err.field(), Some("ok[0]"));
    let err = url!("/s{?list}", list = Serde(vec![vec![1]])).unwrap_err();
    assert_eq!(
        (*err.kind(), err.field()),
        (ExpandErrorKind::NestedValue, Some("[0]"))
    );
}

/// A value whose `Serialize` fails.
struct Fails;

impl Serialize for Fails {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no"))
    }
}

#[test]
fn enum_variants_with_data_and_odd_keys_are_refused() {
    #[derive(Serialize)]
    enum Shape {
        Circle(u32),
    }
    let err = url!(
        "/s{?m*}",
        m = Serde(BTreeMap::from([("shape", Shape::Circle(1))]))
    )
    .unwrap_err();
    assert_eq!(
        (*err.kind(), err.field()),
        (ExpandErrorKind::UnsupportedValue, Some("shape"))
    );
    let err = url!("/s{?m*}", m = Serde(BTreeMap::from([((1, 2), "v")]))).unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::UnsupportedValue);
    // An error of the value's own `Serialize`.
    let err = url!("/s{?x}", x = Serde(Fails)).unwrap_err();
    assert_eq!(
        (*err.kind(), err.field()),
        (ExpandErrorKind::UnsupportedValue, Some(""))
    );
}

/// A field of a generated struct or map.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum Field {
    Text(String),
    Number(i64),
    Float(f64),
    Flag(bool),
    Maybe(Option<String>),
    Many(Vec<String>),
    ManyNumbers(Vec<Option<u16>>),
}

impl Field {
    /// The query pairs RFC 6570 `{?x*}` makes of `key = self`, as text.
    fn pairs(&self, key: &str) -> Vec<(String, String)> {
        let one = |v: String| vec![(key.to_owned(), v)];
        match self {
            Field::Text(s) => one(s.clone()),
            Field::Number(n) => one(n.to_string()),
            Field::Float(x) => one(x.to_string()),
            Field::Flag(b) => one(b.to_string()),
            Field::Maybe(m) => m.iter().flat_map(|s| one(s.clone())).collect(),
            Field::Many(v) => v.iter().flat_map(|s| one(s.clone())).collect(),
            Field::ManyNumbers(v) => v
                .iter()
                .flatten()
                .flat_map(|n| one(n.to_string()))
                .collect(),
        }
    }
}

fn field() -> impl Strategy<Value = Field> {
    let text = common_text();
    prop_oneof![
        text.clone().prop_map(Field::Text),
        any::<i64>().prop_map(Field::Number),
        any::<f64>().prop_map(Field::Float),
        any::<bool>().prop_map(Field::Flag),
        prop::option::of(text.clone()).prop_map(Field::Maybe),
        prop::collection::vec(text, 0..4).prop_map(Field::Many),
        prop::collection::vec(prop::option::of(any::<u16>()), 0..4).prop_map(Field::ManyNumbers),
    ]
}

/// Text with what matters in a query: `%`, `+`, `&`, `=`, space, non-ASCII, and the rest.
fn common_text() -> impl Strategy<Value = String> + Clone {
    prop_oneof![any::<String>(), "[%+&=#? aé~0-9A-F-]{0,6}"]
}

#[derive(Debug, Serialize)]
struct Generated {
    title: String,
    count: Option<u32>,
    tags: Vec<String>,
    #[serde(flatten)]
    extra: BTreeMap<String, Field>,
}

type Pairs = Vec<(String, String)>;

/// The query's pairs, read by `decode::form_pairs` and by `form_urlencoded`.
fn read_back(url: &Url) -> (Pairs, Pairs) {
    let query = url.query().unwrap_or("");
    let ours = decode::form_pairs(query)
        .map(|pair| pair.map(|(k, v)| (k.into_owned(), v.into_owned())))
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let theirs = form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    (ours, theirs)
}

proptest! {
    /// A map of strings, numbers, options and lists goes into the URL and comes back as the
    /// same pairs, through our decoder and through `form_urlencoded`.
    #[test]
    fn maps_round_trip_through_form_pairs(map in prop::collection::btree_map(common_text(), field(), 0..6)) {
        let url = url!("/search{?params*}", params = Serde(&map)).unwrap();
        let expected: Vec<_> = map.iter().flat_map(|(k, f)| f.pairs(k)).collect();
        let (ours, theirs) = read_back(&url);
        prop_assert_eq!(&ours, &expected);
        prop_assert_eq!(&theirs, &expected);
    }

    /// The same for a struct with fixed fields and flattened extra ones.
    #[test]
    fn structs_round_trip_through_form_pairs(
        title in common_text(),
        count in prop::option::of(any::<u32>()),
        tags in prop::collection::vec(common_text(), 0..4),
        extra in prop::collection::btree_map("[a-z]{1,4}", field(), 0..4),
    ) {
        let value = Generated { title, count, tags, extra };
        let url = url!("/search{?value*}", value = Serde(&value)).unwrap();
        let mut expected = vec![(String::from("title"), value.title.clone())];
        expected.extend(value.count.map(|c| (String::from("count"), c.to_string())));
        expected.extend(value.tags.iter().map(|t| (String::from("tags"), t.clone())));
        expected.extend(value.extra.iter().flat_map(|(k, f)| f.pairs(k)));
        let (ours, theirs) = read_back(&url);
        prop_assert_eq!(&ours, &expected);
        prop_assert_eq!(&theirs, &expected);
    }
}

/// What the `Serde` docs say of `serde_qs` (1.1.2, its default configuration): it writes a
/// `%` raw, so `%41` reads back as `A`; `Serde` writes `%2541`, which reads back as `%41`.
#[test]
fn unlike_serde_qs_a_percent_sign_survives_the_round_trip() {
    #[derive(Serialize)]
    struct Q {
        q: &'static str,
    }
    let theirs = serde_qs::to_string(&Q { q: "%41" }).unwrap();
    assert_eq!(theirs, "q=%41");
    let read: BTreeMap<String, String> = serde_qs::from_str(&theirs).unwrap();
    assert_eq!(read["q"], "A");

    let ours = url!("/s{?params*}", params = Serde(Q { q: "%41" })).unwrap();
    assert_eq!(ours.query(), Some("q=%2541"));
    let read: BTreeMap<String, String> = serde_qs::from_str(ours.query().unwrap()).unwrap();
    assert_eq!(read["q"], "%41");
}

/// A struct's fields as a `Template`'s variables, each read as `Serde` reads a value.
#[derive(Serialize, Clone, Debug)]
struct Vars {
    owner: String,
    labels: Vec<String>,
    page: Option<u32>,
    sort: BTreeMap<String, String>,
}

/// The same variables as `Value`s in a map: the oracle `Serde(&vars)` must agree with, built
/// from the field types' own `Value` impls rather than the serde collector.
fn as_map(vars: &Vars) -> BTreeMap<&'static str, Box<dyn urlkit::value::Value + '_>> {
    BTreeMap::from([
        (
            "owner",
            Box::new(&vars.owner) as Box<dyn urlkit::value::Value>,
        ),
        ("labels", Box::new(&vars.labels)),
        ("page", Box::new(vars.page)),
        ("sort", Box::new(&vars.sort)),
    ])
}

const VAR_TEMPLATES: [&str; 5] = [
    "/repos/{owner}/issues{?labels,page}",
    "/repos/{owner}/issues{?labels*,page,sort*}",
    "/r/{owner}{/labels*}{?sort}",
    "/r{;owner,labels,sort*}{&page}",
    "/r/x{.labels}{?missing}",
];

proptest! {
    #[test]
    fn a_struct_expands_a_template_as_the_same_values_in_a_map(
        owner in "[a-z]{1,4}",
        labels in proptest::collection::vec(common_text(), 0..3),
        page in proptest::option::of(0u32..100),
        sort in proptest::collection::btree_map("[a-z]{1,3}", common_text(), 0..3),
    ) {
        let vars = Vars { owner, labels, page, sort };
        let map = as_map(&vars);
        let map: BTreeMap<&str, &dyn urlkit::value::Value> =
            map.iter().map(|(k, v)| (*k, &**v)).collect();
        for source in VAR_TEMPLATES {
            let t = Template::parse(source).unwrap();
            let from_struct = t.expand(&Serde(&vars)).map(|u| u.to_string()).map_err(|e| *e.kind());
            let from_map = t.expand(&map).map(|u| u.to_string()).map_err(|e| *e.kind());
            prop_assert_eq!(from_struct, from_map, "{}", source);
        }
    }
}

#[test]
fn a_template_reads_only_the_fields_its_variables_name() {
    /// A field whose `Serialize` always fails.
    struct Broken;
    impl Serialize for Broken {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("broken"))
        }
    }
    #[derive(Serialize)]
    struct WithBroken {
        id: u32,
        broken: Broken,
        nested: BTreeMap<&'static str, BTreeMap<&'static str, u32>>,
    }
    let value = WithBroken {
        id: 7,
        broken: Broken,
        nested: BTreeMap::from([("a", BTreeMap::from([("b", 1)]))]),
    };
    let t = Template::parse("/items/{id}{?missing}").unwrap();
    assert_eq!(t.expand(&Serde(&value)).unwrap(), "/items/7");
    // The field a variable names is refused for what it holds, and the error says where.
    let err = Template::parse("/items{?broken}")
        .unwrap()
        .expand(&Serde(&value))
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.field()),
        (&ExpandErrorKind::UnsupportedValue, Some("broken"))
    );
    let err = Template::parse("/items{?nested*}")
        .unwrap()
        .expand(&Serde(&value))
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.field()),
        (&ExpandErrorKind::NestedValue, Some("nested.a"))
    );
    // A map's entries are variables too; a value that is neither names none.
    let map = BTreeMap::from([("id", 3)]);
    assert_eq!(t.expand(&Serde(&map)).unwrap(), "/items/3");
    assert_eq!(
        t.expand(&Serde(None::<&WithBroken>)).unwrap_err().kind(),
        &ExpandErrorKind::EmptySegment
    );
    let err = t.expand(&Serde(&[1, 2])).unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::UnsupportedValue);
    // No variables at all.
    assert_eq!(
        Template::parse("/health").unwrap().expand(&()).unwrap(),
        "/health"
    );
}
