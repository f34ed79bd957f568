//! OpenAPI 3.1.1's parameter styles, both ways.
//!
//! The oracle is the specification's own table ("Style Examples", §4.8.12.4.2 of
//! <https://spec.openapis.org/oas/v3.1.1.html#style-examples>), written out below as it stands
//! there: a parameter named `color`, the values `"blue"`, `["blue", "black", "brown"]` and
//! `{ "R": 100, "G": 200, "B": 150 }`. Appendix C maps the RFC 6570 styles onto operators
//! (`matrix` `;`, `label` `.`, `form` `?`, `simple` none; `explode: true` is `*`); every such row
//! is expanded by `url!` and by `Template`, byte for byte. The `form` rows for a list are also
//! built and parsed by a route, and by `Serde`; and a property test reads back every list a
//! route writes, items holding the separators and empty items included.
//!
//! The table's `undefined` column holds what RFC 6570 writes for an empty string (`;color`,
//! `.`, nothing, `?color=`), which is what it is checked against here: an undefined value
//! (`None`, an empty list) writes nothing at all (RFC 6570 §2.3, §3.2.1).

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::route::{Arity, ParamError, QueryParam, RouteErrorKind};
use urlkit::{Route, Template, url};

/// A row of the table: `style`, `explode`, then the `undefined`, `string`, `array` and
/// `object` columns (`None` for _n/a_), as the specification prints them.
type Row = (
    &'static str,
    bool,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
);

/// The table, as printed in OpenAPI 3.1.1 (the `form` rows with their `?`).
const TABLE: [Row; 14] = [
    (
        "matrix",
        false,
        Some(";color"),
        Some(";color=blue"),
        Some(";color=blue,black,brown"),
        Some(";color=R,100,G,200,B,150"),
    ),
    (
        "matrix",
        true,
        Some(";color"),
        Some(";color=blue"),
        Some(";color=blue;color=black;color=brown"),
        Some(";R=100;G=200;B=150"),
    ),
    (
        "label",
        false,
        Some("."),
        Some(".blue"),
        Some(".blue,black,brown"),
        Some(".R,100,G,200,B,150"),
    ),
    (
        "label",
        true,
        Some("."),
        Some(".blue"),
        Some(".blue.black.brown"),
        Some(".R=100.G=200.B=150"),
    ),
    (
        "simple",
        false,
        Some(""),
        Some("blue"),
        Some("blue,black,brown"),
        Some("R,100,G,200,B,150"),
    ),
    (
        "simple",
        true,
        Some(""),
        Some("blue"),
        Some("blue,black,brown"),
        Some("R=100,G=200,B=150"),
    ),
    (
        "form",
        false,
        Some("?color="),
        Some("?color=blue"),
        Some("?color=blue,black,brown"),
        Some("?color=R,100,G,200,B,150"),
    ),
    (
        "form",
        true,
        Some("?color="),
        Some("?color=blue"),
        Some("?color=blue&color=black&color=brown"),
        Some("?R=100&G=200&B=150"),
    ),
    (
        "spaceDelimited",
        false,
        None,
        None,
        Some("?color=blue%20black%20brown"),
        Some("?color=R%20100%20G%20200%20B%20150"),
    ),
    ("spaceDelimited", true, None, None, None, None),
    (
        "pipeDelimited",
        false,
        None,
        None,
        Some("?color=blue%7Cblack%7Cbrown"),
        Some("?color=R%7C100%7CG%7C200%7CB%7C150"),
    ),
    ("pipeDelimited", true, None, None, None, None),
    ("deepObject", false, None, None, None, None),
    (
        "deepObject",
        true,
        None,
        None,
        None,
        Some("?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"),
    ),
];

const ARRAY: [&str; 3] = ["blue", "black", "brown"];
/// In the specification's order: a map in iteration order, so a slice of pairs.
const OBJECT: [(&str, u32); 3] = [("R", 100), ("G", 200), ("B", 150)];

/// Appendix C: the RFC 6570 expression of a style, `None` for the styles without one.
fn expression(style: &str, explode: bool) -> Option<String> {
    let operator = match style {
        "matrix" => ";",
        "label" => ".",
        "form" => "?",
        "simple" => "",
        _ => return None,
    };
    Some(format!(
        "{{{operator}color{}}}",
        if explode { "*" } else { "" }
    ))
}

fn rfc6570_rows() -> impl Iterator<Item = &'static Row> {
    TABLE
        .iter()
        .filter(|row| expression(row.0, row.1).is_some())
}

/// A template holding the expression where the style belongs (matrix, label and simple in
/// the path, form as the query), and the text the template writes around it.
fn template(style: &str, explode: bool) -> (String, &'static str) {
    let expression = expression(style, explode).unwrap();
    match style {
        // Beside text, where a value may be empty (a whole segment may not).
        "simple" => (format!("/p/c-{expression}"), "/p/c-"),
        _ => (format!("/p{expression}"), "/p"),
    }
}

#[test]
fn the_table_has_the_rows_of_the_specification() {
    // Every style with both `explode` values, and each column filled where the
    // specification fills it.
    assert_eq!(TABLE.len(), 7 * 2);
    assert_eq!(rfc6570_rows().count(), 8);
    let filled: usize = TABLE
        .iter()
        .map(|r| [r.2, r.3, r.4, r.5].iter().filter(|c| c.is_some()).count())
        .sum();
    // Four columns of the eight RFC 6570 rows, two of each delimited style, one of deepObject.
    assert_eq!(filled, 8 * 4 + 2 * 2 + 1);
}

#[test]
fn template_expands_every_rfc6570_row_byte_for_byte() {
    for &(style, explode, undefined, string, array, object) in rfc6570_rows() {
        let (text, before) = template(style, explode);
        let t = Template::parse(&text).unwrap();
        let expand = |vars: &dyn urlkit::template::Vars| t.expand(vars).unwrap().to_string();
        let row = format!("{style} explode={explode}");
        let with = |column: Option<&str>| format!("{before}{}", column.unwrap());
        assert_eq!(
            expand(&BTreeMap::from([("color", "")])),
            with(undefined),
            "{row}"
        );
        assert_eq!(
            expand(&BTreeMap::from([("color", "blue")])),
            with(string),
            "{row}"
        );
        assert_eq!(
            expand(&BTreeMap::from([("color", ARRAY)])),
            with(array),
            "{row}"
        );
        assert_eq!(
            expand(&BTreeMap::from([("color", OBJECT)])),
            with(object),
            "{row}"
        );
        // Undefined in RFC 6570's sense writes nothing.
        assert_eq!(
            expand(&BTreeMap::from([("color", None::<&str>)])),
            before,
            "{row}"
        );
        assert_eq!(
            expand(&BTreeMap::from([("color", Vec::<&str>::new())])),
            before,
            "{row}"
        );
    }
}

/// `url!` needs its template as a literal: one call per row, compared with the same row.
macro_rules! row {
    ($style:literal, $explode:literal, $template:literal, $before:literal) => {{
        let &(_, _, undefined, string, array, object) = TABLE
            .iter()
            .find(|r| r.0 == $style && r.1 == $explode)
            .unwrap();
        assert_eq!(template($style, $explode).0, $template);
        let with = |column: Option<&str>| format!("{}{}", $before, column.unwrap());
        let (empty, blue) = ("", "blue");
        assert_eq!(
            url!($template, color = empty).unwrap().as_str(),
            with(undefined)
        );
        assert_eq!(
            url!($template, color = blue).unwrap().as_str(),
            with(string)
        );
        assert_eq!(
            url!($template, color = ARRAY).unwrap().as_str(),
            with(array)
        );
        assert_eq!(
            url!($template, color = OBJECT).unwrap().as_str(),
            with(object)
        );
    }};
}

#[test]
fn url_macro_expands_every_rfc6570_row_byte_for_byte() {
    row!("matrix", false, "/p{;color}", "/p");
    row!("matrix", true, "/p{;color*}", "/p");
    row!("label", false, "/p{.color}", "/p");
    row!("label", true, "/p{.color*}", "/p");
    row!("simple", false, "/p/c-{color}", "/p/c-");
    row!("simple", true, "/p/c-{color*}", "/p/c-");
    row!("form", false, "/p{?color}", "/p");
    row!("form", true, "/p{?color*}", "/p");
}

/// `style: form, explode: false` for a list: `{?color}` on a `Vec`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct Joined {
    color: Vec<String>,
}

/// `style: form, explode: true`: `{?color*}`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color*}")]
struct Repeated {
    color: Vec<String>,
}

/// A pair written by hand repeats itself for each item, as `{?color*}` does.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p?color={color}")]
struct HandPair {
    color: Vec<String>,
}

/// One value: the `string` column of both `form` rows.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct One {
    color: String,
}

fn form_row(explode: bool) -> &'static Row {
    TABLE
        .iter()
        .find(|r| r.0 == "form" && r.1 == explode)
        .unwrap()
}

#[test]
fn a_route_builds_and_parses_the_form_rows() {
    let array: Vec<String> = ARRAY.map(String::from).to_vec();
    let joined = Joined {
        color: array.clone(),
    };
    let url = format!("/p{}", form_row(false).4.unwrap());
    assert_eq!(joined.to_url().unwrap(), url.as_str());
    assert_eq!(Joined::from_url(&url).unwrap(), joined);

    let repeated = Repeated {
        color: array.clone(),
    };
    let url = format!("/p{}", form_row(true).4.unwrap());
    assert_eq!(repeated.to_url().unwrap(), url.as_str());
    assert_eq!(Repeated::from_url(&url).unwrap(), repeated);
    let hand = HandPair { color: array };
    assert_eq!(hand.to_url().unwrap(), url.as_str());
    assert_eq!(HandPair::from_url(&url).unwrap(), hand);

    for explode in [false, true] {
        let one = One {
            color: "blue".into(),
        };
        let url = format!("/p{}", form_row(explode).3.unwrap());
        assert_eq!(one.to_url().unwrap(), url.as_str());
        assert_eq!(One::from_url(&url).unwrap(), one);
    }
}

#[test]
fn a_joined_list_keeps_its_items_apart() {
    let cases: [(&[&str], &str); 6] = [
        // Undefined: no parameter at all, read back as the empty list.
        (&[], "/p"),
        // One empty item is defined, and is not the empty list.
        (&[""], "/p?color="),
        (&["", ""], "/p?color=,"),
        // An item's own `,` is percent-encoded; the split is on the `,` written between items.
        (&["a,b", "c"], "/p?color=a%2Cb,c"),
        (&["a b", "x|y", "50%"], "/p?color=a%20b,x%7Cy,50%25"),
        (&["k=v&w"], "/p?color=k%3Dv%26w"),
    ];
    for (items, url) in cases {
        let route = Joined {
            color: items.iter().map(ToString::to_string).collect(),
        };
        assert_eq!(route.to_url().unwrap(), url, "{items:?}");
        assert_eq!(Joined::from_url(url).unwrap(), route, "{url}");
    }
    // Read as the URL Standard's form decoding reads a query: `+` is a space.
    assert_eq!(
        Joined::from_url("/p?color=a+b,c").unwrap().color,
        ["a b", "c"]
    );
    // A joined list is one value: a second one is refused, not merged.
    let error = Joined::from_url("/p?color=a&color=b").unwrap_err();
    assert_eq!(
        error.kind(),
        &urlkit::route::RouteErrorKind::Value(urlkit::route::ParamError::Repeated)
    );
}

fn item() -> impl Strategy<Value = String> {
    // The separators of every style, the characters of a query's syntax, escapes, and text.
    proptest::collection::vec(
        prop_oneof![
            Just(",".to_string()),
            Just("|".to_string()),
            Just(" ".to_string()),
            Just("%".to_string()),
            Just("%2C".to_string()),
            Just("&".to_string()),
            Just("=".to_string()),
            Just("+".to_string()),
            Just("[".to_string()),
            Just("é".to_string()),
            "[a-z]{1,3}",
        ],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn every_joined_list_reads_back(items in proptest::collection::vec(item(), 0..5)) {
        let route = Joined { color: items.clone() };
        let url = route.to_url().unwrap();
        prop_assert_eq!(&Joined::from_url(url.as_str()).unwrap(), &route, "{}", url);
        // The `url` crate reads the query as one pair, which splits on `,` into the items.
        let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
        let pairs: Vec<(String, String)> = parsed.query_pairs().into_owned().collect();
        if items.is_empty() {
            prop_assert!(pairs.is_empty());
        } else {
            prop_assert_eq!(pairs.len(), 1);
            let raw = parsed.query().unwrap().strip_prefix("color=").unwrap();
            let split: Vec<String> = raw
                .split(',')
                .map(|item| form_urlencoded::parse(format!("x={item}").as_bytes()).next().unwrap().1.into_owned())
                .collect();
            prop_assert_eq!(split, items);
        }
    }

    #[test]
    fn every_repeated_list_reads_back(items in proptest::collection::vec(item(), 0..5)) {
        let route = Repeated { color: items };
        let url = route.to_url().unwrap();
        prop_assert_eq!(&Repeated::from_url(url.as_str()).unwrap(), &route, "{}", url);
    }
}

/// The table's `color` as serde data: the object as a struct, in the specification's order.
#[derive(serde::Serialize, Clone, Copy)]
#[allow(non_snake_case, reason = "the keys of the specification's object")]
struct Rgb {
    R: u32,
    G: u32,
    B: u32,
}

const RGB: Rgb = Rgb {
    R: 100,
    G: 200,
    B: 150,
};

/// One parameter `color`, written in each style by a field attribute.
mod params {
    use urlkit::serde_style;

    #[derive(serde::Serialize)]
    pub(crate) struct Form<T> {
        pub(crate) color: T,
    }
    #[derive(serde::Serialize)]
    #[serde(bound = "T: serde::Serialize")]
    pub(crate) struct Comma<T> {
        #[serde(serialize_with = "serde_style::comma")]
        pub(crate) color: T,
    }
    #[derive(serde::Serialize)]
    #[serde(bound = "T: serde::Serialize")]
    pub(crate) struct Space<T> {
        #[serde(serialize_with = "serde_style::space_delimited")]
        pub(crate) color: T,
    }
    #[derive(serde::Serialize)]
    #[serde(bound = "T: serde::Serialize")]
    pub(crate) struct Pipe<T> {
        #[serde(serialize_with = "serde_style::pipe_delimited")]
        pub(crate) color: T,
    }
    #[derive(serde::Serialize)]
    #[serde(bound = "T: serde::Serialize")]
    pub(crate) struct Deep<T> {
        #[serde(serialize_with = "serde_style::deep_object")]
        pub(crate) color: T,
    }
}

/// The query `Serde` writes for `value` in `{?params*}`.
fn serde_query(value: &impl serde::Serialize) -> String {
    let url = url!("{?params*}", params = urlkit::Serde(value)).unwrap();
    url.as_str().to_string()
}

fn column(style: &str, explode: bool, column: usize) -> &'static str {
    let row = TABLE
        .iter()
        .find(|r| r.0 == style && r.1 == explode)
        .unwrap();
    [row.2, row.3, row.4, row.5][column].unwrap()
}

const STRING: usize = 1;
const COLUMN_ARRAY: usize = 2;
const COLUMN_OBJECT: usize = 3;

#[test]
fn serde_writes_every_query_row_byte_for_byte() {
    use params::{Comma, Deep, Form, Pipe, Space};
    // form, explode: true: the default of a field; the object is the parameters themselves.
    assert_eq!(
        serde_query(&Form { color: "blue" }),
        column("form", true, STRING)
    );
    assert_eq!(
        serde_query(&Form { color: ARRAY }),
        column("form", true, COLUMN_ARRAY)
    );
    assert_eq!(serde_query(&RGB), column("form", true, COLUMN_OBJECT));
    // form, explode: false.
    assert_eq!(
        serde_query(&Comma { color: "blue" }),
        column("form", false, STRING)
    );
    assert_eq!(
        serde_query(&Comma { color: ARRAY }),
        column("form", false, COLUMN_ARRAY)
    );
    assert_eq!(
        serde_query(&Comma { color: RGB }),
        column("form", false, COLUMN_OBJECT)
    );
    // The styles without an RFC 6570 form.
    assert_eq!(
        serde_query(&Space { color: ARRAY }),
        column("spaceDelimited", false, COLUMN_ARRAY)
    );
    assert_eq!(
        serde_query(&Space { color: RGB }),
        column("spaceDelimited", false, COLUMN_OBJECT)
    );
    assert_eq!(
        serde_query(&Pipe { color: ARRAY }),
        column("pipeDelimited", false, COLUMN_ARRAY)
    );
    assert_eq!(
        serde_query(&Pipe { color: RGB }),
        column("pipeDelimited", false, COLUMN_OBJECT)
    );
    assert_eq!(
        serde_query(&Deep { color: RGB }),
        column("deepObject", true, COLUMN_OBJECT)
    );
    // The empty string: `color=` in every style that writes one value.
    assert_eq!(serde_query(&Form { color: "" }), column("form", true, 0));
    assert_eq!(serde_query(&Comma { color: "" }), column("form", false, 0));
}

/// Splits what `Serde` wrote for a joined style back into items, as a server following
/// OpenAPI's Appendix C does: split on the delimiter as written, then percent-decode each item
/// (with `percent-encoding`, not urlkit).
fn split_items(query: &str, delimiter: &str) -> Vec<String> {
    let value = query.strip_prefix("?color=").unwrap();
    value
        .split(delimiter)
        .map(|item| {
            percent_encoding::percent_decode_str(item)
                .decode_utf8()
                .unwrap()
                .into_owned()
        })
        .collect()
}

proptest! {
    #[test]
    fn serde_joined_styles_read_back(items in proptest::collection::vec(item(), 1..5)) {
        let query = serde_query(&params::Comma { color: &items });
        prop_assert_eq!(split_items(&query, ","), items.clone());
        for (query, delimiter, held) in [
            (url!("{?p*}", p = urlkit::Serde(&params::Space { color: &items })), "%20", ' '),
            (url!("{?p*}", p = urlkit::Serde(&params::Pipe { color: &items })), "%7C", '|'),
        ] {
            let holds = items.iter().position(|item| item.contains(held));
            match (query, holds) {
                (Ok(query), None) => prop_assert_eq!(split_items(query.as_str(), delimiter), items.clone()),
                (Err(error), Some(index)) => {
                    prop_assert_eq!(error.kind(), &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: held });
                    let field = format!("color[{index}]");
                    prop_assert_eq!(error.field(), Some(field.as_str()));
                }
                (query, holds) => prop_assert!(false, "{:?} {:?}", query, holds),
            }
        }
    }

    #[test]
    fn serde_deep_object_reads_back(entries in proptest::collection::btree_map("[a-z]{1,3}", item(), 0..4)) {
        let query = serde_query(&params::Deep { color: &entries });
        // The `url` crate decodes each pair; the key is `color[entry]`.
        let parsed = url::Url::parse(&format!("http://h/{query}")).unwrap();
        let back: BTreeMap<String, String> = parsed
            .query_pairs()
            .map(|(k, v)| (k.strip_prefix("color[").unwrap().strip_suffix(']').unwrap().to_string(), v.into_owned()))
            .collect();
        prop_assert_eq!(back, entries);
    }
}

/// `style: pipeDelimited` in a route: a field attribute.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct Pipes {
    #[route(style = "pipeDelimited")]
    color: Vec<String>,
}

/// `style: spaceDelimited`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct Spaces {
    #[route(style = "spaceDelimited")]
    color: Vec<String>,
}

#[test]
fn a_route_builds_and_parses_the_delimited_rows() {
    let color: Vec<String> = ARRAY.map(String::from).to_vec();
    let pipes = Pipes {
        color: color.clone(),
    };
    let url = format!("/p{}", column("pipeDelimited", false, COLUMN_ARRAY));
    assert_eq!(pipes.to_url().unwrap(), url.as_str());
    assert_eq!(Pipes::from_url(&url).unwrap(), pipes);
    let spaces = Spaces { color };
    let url = format!("/p{}", column("spaceDelimited", false, COLUMN_ARRAY));
    assert_eq!(spaces.to_url().unwrap(), url.as_str());
    assert_eq!(Spaces::from_url(&url).unwrap(), spaces);

    // The other spellings of the delimiter a client may send.
    assert_eq!(
        Pipes::from_url("/p?color=blue%7cblack%7Cbrown").unwrap(),
        pipes
    );
    // A raw `|` is no URL text (RFC 3986 §3.4), refused before any field is read.
    assert!(Pipes::from_url("/p?color=blue|black").is_err());
    assert_eq!(
        Spaces::from_url("/p?color=blue+black%20brown").unwrap(),
        spaces
    );
    // An item's own `%` and `,` are no delimiters.
    let odd = Pipes {
        color: vec!["a,b".into(), "%7C".into(), String::new()],
    };
    assert_eq!(odd.to_url().unwrap(), "/p?color=a%2Cb%7C%257C%7C");
    assert_eq!(
        Pipes::from_url(odd.to_url().unwrap().as_str()).unwrap(),
        odd
    );

    // What the shape says: OpenAPI's style, by its delimiter.
    for (shape, separator) in [
        (Pipes::SHAPES, '|'),
        (Spaces::SHAPES, ' '),
        (Joined::SHAPES, ','),
    ] {
        assert_eq!(
            shape[0].query,
            [QueryParam::Value {
                key: "color",
                field: "color",
                arity: Arity::Joined { separator }
            }]
        );
    }
}

#[test]
fn an_item_holding_its_delimiter_is_refused() {
    let err = Pipes {
        color: vec!["a".into(), "b|c".into()],
    }
    .to_url()
    .unwrap_err();
    assert_eq!(
        err.kind(),
        &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: '|' }
    );
    assert_eq!((err.placeholder(), err.field()), ("color", Some("[1]")));
    assert_eq!(
        err.to_string(),
        "the value of `color` holds `|` in `[1]`, the delimiter of that field's style, which a URL cannot tell from the one between items; choose a style whose delimiter the items do not hold"
    );
    let err = Spaces {
        color: vec!["a b".into()],
    }
    .to_url()
    .unwrap_err();
    assert_eq!(
        err.kind(),
        &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: ' ' }
    );
}

proptest! {
    #[test]
    fn every_delimited_list_reads_back_or_is_refused(items in proptest::collection::vec(item(), 0..5)) {
        let pipes = Pipes { color: items.clone() };
        match pipes.to_url() {
            Ok(url) => {
                prop_assert!(!items.iter().any(|i| i.contains('|')));
                prop_assert_eq!(&Pipes::from_url(url.as_str()).unwrap(), &pipes);
                if !items.is_empty() {
                    prop_assert_eq!(split_items(url.as_str().strip_prefix("/p").unwrap(), "%7C"), items.clone());
                }
            }
            Err(_) => prop_assert!(items.iter().any(|i| i.contains('|'))),
        }
        let spaces = Spaces { color: items.clone() };
        match spaces.to_url() {
            Ok(url) => {
                prop_assert!(!items.iter().any(|i| i.contains(' ')));
                prop_assert_eq!(&Spaces::from_url(url.as_str()).unwrap(), &spaces);
            }
            Err(_) => prop_assert!(items.iter().any(|i| i.contains(' '))),
        }
    }
}

/// An entry's key: an item, or one holding a `]`, which ends the bracket around it.
fn deep_key() -> impl Strategy<Value = String> {
    prop_oneof![
        item(),
        Just("]".to_string()),
        Just("a]b[".to_string()),
        Just("]=[".to_string())
    ]
}

/// `style: deepObject` in a route: a `Vec` of pairs keeps the order of the specification's
/// example (`R`, `G`, `B`).
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct DeepPairs {
    #[route(style = "deepObject")]
    color: Vec<(String, u32)>,
}

/// `style: deepObject` on a map: the pairs in the map's order.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct DeepMap {
    #[route(style = "deepObject")]
    color: BTreeMap<String, String>,
}

#[test]
fn a_route_builds_and_parses_the_deep_object_row() {
    let row = column("deepObject", true, COLUMN_OBJECT);
    let route = DeepPairs {
        color: OBJECT.map(|(k, v)| (k.to_string(), v)).to_vec(),
    };
    assert_eq!(route.to_url().unwrap().as_str(), format!("/p{row}"));
    assert_eq!(DeepPairs::from_url(&format!("/p{row}")).unwrap(), route);
    // Keys are compared decoded: any spelling of them reads. (Raw brackets are not URL
    // text in a query, RFC 3986 §3.4, and `from_url` refuses them as any such character.)
    assert_eq!(
        DeepPairs::from_url("/p?color%5bR%5d=100&colo%72%5BG%5D=200&color%5BB%5D=150").unwrap(),
        route
    );
    assert!(matches!(
        DeepPairs::from_url("/p?color[R]=100").unwrap_err().kind(),
        urlkit::route::RouteErrorKind::Url(_)
    ));
    // An empty object writes nothing and reads back empty; a key without brackets is no
    // entry (an unknown parameter).
    let empty = DeepPairs { color: Vec::new() };
    assert_eq!(empty.to_url().unwrap().as_str(), "/p");
    assert_eq!(DeepPairs::from_url("/p").unwrap(), empty);
    assert_eq!(
        DeepPairs::from_url("/p?color=1&colors%5BR%5D=1&color%5BR=1").unwrap(),
        empty
    );
    // An entry that stands twice.
    let error =
        DeepPairs::from_url("/p?color%5BR%5D=1&color%5br%5D=0&colo%72%5BR%5D=2").unwrap_err();
    assert_eq!(
        error.kind(),
        &urlkit::route::RouteErrorKind::Value(urlkit::route::ParamError::RepeatedKey)
    );
    let error = DeepMap::from_url("/p?color%5BR%5D=1&color%5BR%5D=1").unwrap_err();
    assert_eq!(
        error.kind(),
        &urlkit::route::RouteErrorKind::Value(urlkit::route::ParamError::RepeatedKey)
    );
    assert_eq!(
        DeepPairs::SHAPES[0].query[0],
        QueryParam::Value {
            key: "color",
            field: "color",
            arity: Arity::DeepObject
        }
    );
}

proptest! {
    #[test]
    fn every_deep_object_reads_back(entries in proptest::collection::btree_map(deep_key(), item(), 0..4)) {
        let route = DeepMap { color: entries.clone() };
        let url = route.to_url().unwrap();
        prop_assert_eq!(&DeepMap::from_url(url.as_str()).unwrap(), &route, "{}", url);
        // The `url` crate decodes each pair; its key is `color[entry]`.
        let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
        let back: BTreeMap<String, String> = parsed
            .query_pairs()
            .map(|(k, v)| (k.strip_prefix("color[").unwrap().strip_suffix(']').unwrap().to_string(), v.into_owned()))
            .collect();
        prop_assert_eq!(back, entries);
    }
}

/// `style: label` on one value, the whole segment: `/p/{.color}`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p/{.color}")]
struct Label {
    color: String,
}

/// `style: label` after static text in its segment, where the value may be empty.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/report{.color}")]
struct Report {
    color: String,
}

/// `style: matrix` on one value: `/p/{;color}`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p/{;color}")]
struct Matrix {
    color: String,
}

/// The path's value of a route whose template is `/p/` and a placeholder.
fn cell(style: &str, explode: bool, column: usize) -> String {
    format!("/p/{}", self::column(style, explode, column))
}

#[test]
fn a_route_builds_and_parses_the_path_string_cells() {
    let blue = || "blue".to_string();
    for (url, route) in [
        (
            cell("simple", false, STRING),
            Simple { color: blue() }.to_url(),
        ),
        (
            cell("label", false, STRING),
            Label { color: blue() }.to_url(),
        ),
        (
            cell("matrix", false, STRING),
            Matrix { color: blue() }.to_url(),
        ),
    ] {
        assert_eq!(route.unwrap().as_str(), url);
    }
    assert_eq!(
        Label::from_url(&cell("label", false, STRING)).unwrap(),
        Label { color: blue() }
    );
    assert_eq!(
        Matrix::from_url(&cell("matrix", false, STRING)).unwrap(),
        Matrix { color: blue() }
    );
    assert_eq!(
        Simple::from_url(&cell("simple", false, STRING)).unwrap(),
        Simple { color: blue() }
    );
}

/// `style: simple` on one value: `/p/{color}`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p/{color}")]
struct Simple {
    color: String,
}

#[test]
fn the_empty_string_cells_of_label_and_matrix() {
    // The table's `undefined` column is RFC 6570's empty string: `;color` with no `=`.
    let empty = Matrix {
        color: String::new(),
    };
    let url = cell("matrix", false, 0);
    assert_eq!(empty.to_url().unwrap().as_str(), url);
    assert_eq!(Matrix::from_url(&url).unwrap(), empty);
    // `;color=` (which RFC 6570 never writes) is the same empty value.
    assert_eq!(Matrix::from_url("/p/;color=").unwrap(), empty);
    // Another parameter's name, or a longer one, is not `color`.
    assert!(Matrix::from_url("/p/;other=blue").is_err());
    assert_eq!(
        Matrix::from_url("/p/;colors=blue").unwrap_err().kind(),
        &RouteErrorKind::Value(ParamError::Missing)
    );
    assert!(matches!(
        Matrix::from_url("/p/;other=blue").unwrap_err().kind(),
        RouteErrorKind::NoMatch { .. }
    ));
    assert!(Matrix::from_url("/p/;color%3Dblue").is_err());
    assert!(Matrix::from_url("/p/blue").is_err());

    // `.` after static text: `/report.`.
    let report = Report {
        color: String::new(),
    };
    assert_eq!(
        report.to_url().unwrap().as_str(),
        format!("/report{}", column("label", false, 0))
    );
    assert_eq!(Report::from_url("/report.").unwrap(), report);
    assert!(Report::from_url("/report").is_err());
    assert!(Report::from_url("/reportjson").is_err());

    // A whole segment `{.color}` would be the dot segment `.` (or `..` for the value `.`),
    // which every URL parser removes: refused, naming the field.
    for value in ["", "."] {
        let error = Label {
            color: value.into(),
        }
        .to_url()
        .unwrap_err();
        assert_eq!(
            error.kind(),
            &urlkit::ExpandErrorKind::DotSegment,
            "{value:?}"
        );
        assert!(error.to_string().contains("color"), "{error}");
    }
    assert!(Label::from_url("/p/.").is_err());
    assert!(Label::from_url("/p/..").is_err());
    assert!(Label::from_url("/p/blue").is_err());
}

/// Values holding the separators of every path style, escapes, text, and nothing.
fn path_value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(",".to_string()),
            Just(".".to_string()),
            Just(";".to_string()),
            Just("=".to_string()),
            Just("/".to_string()),
            Just("%".to_string()),
            Just("?".to_string()),
            Just("#".to_string()),
            Just("&".to_string()),
            Just(" ".to_string()),
            Just("é".to_string()),
            "[a-z]{1,3}",
        ],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

/// The one segment after `/p/` (or the whole path's last), as the `url` crate decodes it.
fn url_crate_segment(url: &str) -> String {
    let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
    let last = parsed.path_segments().unwrap().next_back().unwrap();
    percent_encoding::percent_decode_str(last)
        .decode_utf8()
        .unwrap()
        .into_owned()
}

proptest! {
    #[test]
    fn every_label_value_reads_back(color in path_value()) {
        let route = Report { color: color.clone() };
        let url = route.to_url().unwrap();
        prop_assert_eq!(&Report::from_url(url.as_str()).unwrap(), &route, "{}", url);
        prop_assert_eq!(url_crate_segment(url.as_str()), format!("report.{color}"));
        // As a whole segment, every value but `""` and `.` (dot segments).
        let route = Label { color: color.clone() };
        match route.to_url() {
            Ok(url) => {
                prop_assert_eq!(&Label::from_url(url.as_str()).unwrap(), &route, "{}", url);
                prop_assert_eq!(url_crate_segment(url.as_str()), format!(".{color}"));
            }
            Err(error) => {
                prop_assert!(color.is_empty() || color == ".", "{color:?}: {error}");
            }
        }
    }

    #[test]
    fn every_matrix_value_reads_back(color in path_value()) {
        let route = Matrix { color: color.clone() };
        let url = route.to_url().unwrap();
        prop_assert_eq!(&Matrix::from_url(url.as_str()).unwrap(), &route, "{}", url);
        let expected = if color.is_empty() { ";color".to_string() } else { format!(";color={color}") };
        prop_assert_eq!(url_crate_segment(url.as_str()), expected);
    }
}

/// Path styles beside each other in one enum: which route a URL is for.
#[derive(Route, Debug, PartialEq, Clone)]
enum Styles {
    #[route("/a/{y}")]
    Simple { y: String },
    #[route("/a/{.x}")]
    Label { x: String },
    #[route("/m/{;x}")]
    X { x: String },
    #[route("/m/{;xy}")]
    Xy { xy: String },
}

#[test]
fn path_styles_in_one_enum_keep_their_urls_apart() {
    let label = Styles::Label { x: "5".into() };
    assert_eq!(label.to_url().unwrap(), "/a/.5");
    assert_eq!(Styles::from_url("/a/.5").unwrap(), label);
    let simple = Styles::Simple { y: "5".into() };
    assert_eq!(Styles::from_url("/a/5").unwrap(), simple);
    // `{y}` with `.5` would write the label route's URL: refused, as any value another
    // route would take.
    assert!(Styles::Simple { y: ".5".into() }.to_url().is_err());
    // A matrix parameter is found by its name, whole: `;x` is not `;xy`.
    for route in [
        Styles::X { x: "1".into() },
        Styles::X { x: String::new() },
        Styles::X { x: "y=1".into() },
        Styles::Xy { xy: "1".into() },
        Styles::Xy { xy: String::new() },
    ] {
        let url = route.to_url().unwrap();
        assert_eq!(Styles::from_url(url.as_str()).unwrap(), route, "{url}");
    }
    assert_eq!(
        Styles::X { x: "y=1".into() }.to_url().unwrap(),
        "/m/;x=y%3D1"
    );
    assert!(Styles::from_url("/m/;z=1").is_err());
}

/// One route per path row of the table (style and `explode`), the value of type `$ty` at
/// `/p/`, in a module `$module`; and `$table`, each row's `to_url` (of a value) and `from_url`
/// (back to the value).
macro_rules! path_rows {
    ($module:ident, $ty:ty, $table:ident) => {
        mod $module {
            use urlkit::Route;

            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{color}")]
            pub(super) struct Simple {
                pub(super) color: $ty,
            }
            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{color*}")]
            pub(super) struct SimpleExploded {
                pub(super) color: $ty,
            }
            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{.color}")]
            pub(super) struct Label {
                pub(super) color: $ty,
            }
            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{.color*}")]
            pub(super) struct LabelExploded {
                pub(super) color: $ty,
            }
            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{;color}")]
            pub(super) struct Matrix {
                pub(super) color: $ty,
            }
            #[derive(Route, Debug, PartialEq, Clone)]
            #[route("/p/{;color*}")]
            pub(super) struct MatrixExploded {
                pub(super) color: $ty,
            }
        }

        const $table: [PathRow<$ty>; 6] = [
            path_row!($module, "simple", false, Simple),
            path_row!($module, "simple", true, SimpleExploded),
            path_row!($module, "label", false, Label),
            path_row!($module, "label", true, LabelExploded),
            path_row!($module, "matrix", false, Matrix),
            path_row!($module, "matrix", true, MatrixExploded),
        ];
    };
}

/// `to_url` of the route of `style` and `explode` for a value, and `from_url` of a URL, back
/// to the value.
type PathRow<T> = (
    &'static str,
    bool,
    fn(T) -> Result<String, urlkit::ExpandError>,
    fn(&str) -> Result<T, urlkit::RouteError>,
);

macro_rules! path_row {
    ($module:ident, $style:literal, $explode:literal, $route:ident) => {
        (
            $style,
            $explode,
            |color| {
                $module::$route { color }
                    .to_url()
                    .map(|u| u.as_str().to_owned())
            },
            |url| $module::$route::from_url(url).map(|r| r.color),
        )
    };
}

// The table's path rows for an array.
path_rows!(path_lists, Vec<String>, LIST_ROUTES);

#[test]
fn a_route_builds_and_parses_the_path_array_cells() {
    let array: Vec<String> = ARRAY.iter().map(ToString::to_string).collect();
    for (style, explode, build, parse) in LIST_ROUTES {
        let url = cell(style, explode, COLUMN_ARRAY);
        assert_eq!(build(array.clone()).unwrap(), url, "{style} {explode}");
        assert_eq!(parse(&url).unwrap(), array, "{url}");
        // An empty list writes nothing, not even the `.` or `;color`: refused.
        let error = build(Vec::new()).unwrap_err();
        assert_eq!(
            error.kind(),
            &urlkit::ExpandErrorKind::EmptyList,
            "{style} {explode}"
        );
        assert!(error.to_string().contains("color"), "{error}");
    }
    // `{.color*}` leaves an item's `.` as it is: refused, where the others encode it.
    let dotted = vec!["a.b".to_string()];
    for (style, explode, build, parse) in LIST_ROUTES {
        match build(dotted.clone()) {
            Ok(url) => assert_eq!(parse(&url).unwrap(), dotted, "{url}"),
            Err(error) => {
                assert_eq!((style, explode), ("label", true), "{error}");
                assert_eq!(
                    error.kind(),
                    &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: '.' }
                );
                assert!(error.to_string().contains("color"), "{error}");
            }
        }
    }
    // A matrix item is the field's name, alone or before `=`: `;other=a` is not one.
    assert!(path_lists::MatrixExploded::from_url("/p/;color=a;other=b").is_err());
    assert!(path_lists::MatrixExploded::from_url("/p/;color=a;colors=b").is_err());
    assert_eq!(
        path_lists::MatrixExploded::from_url("/p/;color;color=b")
            .unwrap()
            .color,
        ["", "b"]
    );
}

proptest! {
    #[test]
    fn every_path_list_reads_back(items in proptest::collection::vec(path_value(), 1..4)) {
        for (style, explode, build, parse) in LIST_ROUTES {
            match build(items.clone()) {
                Ok(url) => {
                    prop_assert_eq!(&parse(&url).unwrap(), &items, "{}", url);
                    // The `url` crate's segment, split as the style separates the items, each
                    // item decoded.
                    let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
                    let segment = parsed.path_segments().unwrap().next_back().unwrap().to_owned();
                    let raw: Vec<&str> = match (style, explode) {
                        ("simple", _) => segment.split(',').collect(),
                        ("label", false) => segment[1..].split(',').collect(),
                        ("label", true) => segment[1..].split('.').collect(),
                        ("matrix", false) => segment.strip_prefix(";color").unwrap()
                            .trim_start_matches('=').split(',').collect(),
                        _ => segment[1..].split(';')
                            .map(|item| item.strip_prefix("color").unwrap().trim_start_matches('='))
                            .collect(),
                    };
                    let decoded: Vec<String> = raw.iter()
                        .map(|item| percent_encoding::percent_decode_str(item).decode_utf8().unwrap().into_owned())
                        .collect();
                    prop_assert_eq!(&decoded, &items, "{}", url);
                }
                Err(error) => {
                    // Refused only where the URL could not be read back: a `.` in an item of
                    // `{.color*}`, or a segment that would be empty, `.` or `..`.
                    let dot_item = style == "label" && explode && items.iter().any(|i| i.contains('.'));
                    // The segment as the style writes it, for the characters that matter here.
                    let segment = match style {
                        "simple" => items.join(","),
                        "label" => format!(".{}", items.join(if explode { "." } else { "," })),
                        _ => ";color".to_string(),
                    };
                    let dot_segment = segment == "." || segment == "..";
                    let empty = segment.is_empty();
                    prop_assert!(dot_item || dot_segment || empty, "{} {}: {:?}: {}", style, explode, items, error);
                }
            }
        }
    }
}

// The table's path rows for an object: a `Vec` of pairs, which keeps the specification's
// order.
path_rows!(path_objects, Vec<(String, String)>, OBJECT_ROUTES);

fn object_entries() -> Vec<(String, String)> {
    OBJECT
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.to_string()))
        .collect()
}

/// A map in a segment with typed values, and in a `BTreeMap` (written in key order).
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/paint/{.color*}/{;size*}")]
struct Paint {
    color: BTreeMap<String, u8>,
    size: Vec<(String, u32)>,
}

#[test]
fn a_route_builds_and_parses_the_path_object_cells() {
    let rgb = object_entries();
    for (style, explode, build, parse) in OBJECT_ROUTES {
        let url = cell(style, explode, COLUMN_OBJECT);
        assert_eq!(build(rgb.clone()).unwrap(), url, "{style} {explode}");
        assert_eq!(parse(&url).unwrap(), rgb, "{url}");
        // An empty map writes nothing, not even the `.` or `;`: refused.
        let error = build(Vec::new()).unwrap_err();
        assert_eq!(
            error.kind(),
            &urlkit::ExpandErrorKind::EmptyMap,
            "{style} {explode}"
        );
        assert!(error.to_string().contains("color"), "{error}");
        // A key that stands twice would not read back: refused, naming the entry.
        let twice = vec![("R".into(), "1".into()), ("R".into(), "2".into())];
        let error = build(twice).unwrap_err();
        assert_eq!(error.kind(), &urlkit::ExpandErrorKind::RepeatedKey);
        assert_eq!(error.field(), Some("[1]"), "{style} {explode}");
    }
    let paint = Paint {
        color: BTreeMap::from([("R".into(), 100), ("G".into(), 200)]),
        size: vec![("w".into(), 3), ("h".into(), 4)],
    };
    assert_eq!(paint.to_url().unwrap(), "/paint/.G=200.R=100/;w=3;h=4");
    assert_eq!(
        Paint::from_url("/paint/.G=200.R=100/;w=3;h=4").unwrap(),
        paint
    );
    assert_eq!(
        Paint::SHAPES[0].path[1],
        urlkit::route::Segment::Styled {
            prefix: "",
            field: "color",
            suffix: "",
            style: urlkit::route::PathStyle::Label,
            explode: true,
            arity: Arity::ExplodedObject,
        }
    );
}

#[test]
fn a_path_object_keeps_its_entries_apart() {
    // `{.color*}` leaves a key's or value's `.` as it is: refused, where the others encode it.
    for entry in [("a.b", "1"), ("a", "1.5")] {
        let dotted = vec![(entry.0.to_string(), entry.1.to_string())];
        for (style, explode, build, parse) in OBJECT_ROUTES {
            match build(dotted.clone()) {
                Ok(url) => assert_eq!(parse(&url).unwrap(), dotted, "{url}"),
                Err(error) => {
                    assert_eq!((style, explode), ("label", true), "{error}");
                    assert_eq!(
                        error.kind(),
                        &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: '.' }
                    );
                }
            }
        }
    }
    // `{.color*}` writes `.` only between items, never `%2E` in one: refused, as `to_url`
    // refuses the entry it would read.
    let (_, _, _, label_exploded) = OBJECT_ROUTES[3];
    for url in ["/p/.a%2Eb=1", "/p/.a=1%2e5"] {
        let error = label_exploded(url).unwrap_err();
        assert!(
            matches!(
                error.kind(),
                RouteErrorKind::Value(ParamError::Invalid { .. })
            ),
            "{url}: {error}"
        );
    }
    let (_, _, _, list) = LIST_ROUTES[3];
    assert!(list("/p/.a%2Eb").is_err());
    // Each reading refuses what its writing never gives.
    let (_, _, _, simple) = OBJECT_ROUTES[0];
    let (_, _, _, simple_exploded) = OBJECT_ROUTES[1];
    let (_, _, _, matrix) = OBJECT_ROUTES[4];
    let (_, _, _, matrix_exploded) = OBJECT_ROUTES[5];
    let invalid = |e: urlkit::RouteError| {
        matches!(e.kind(), RouteErrorKind::Value(ParamError::Invalid { .. }))
    };
    assert!(invalid(simple("/p/R,100,G").unwrap_err()));
    assert!(invalid(simple_exploded("/p/R=100,G").unwrap_err()));
    let error = simple_exploded("/p/R=1,%52=2").unwrap_err();
    assert_eq!(
        error.kind(),
        &RouteErrorKind::Value(ParamError::RepeatedKey)
    );
    assert_eq!(error.field(), Some("color"));
    assert_eq!(error.offset(), Some(7));
    assert!(error.to_string().contains("`%52`"), "{error}");
    // A matrix item without `=` is an empty value (RFC 6570 §3.2.7); `=` and nothing reads too.
    assert_eq!(
        matrix_exploded("/p/;R;G=").unwrap(),
        [("R".into(), String::new()), ("G".into(), String::new())]
    );
    // `;color` names the map in `{;color}`, whose value follows `=`.
    let error = matrix("/p/;colors=R,1").unwrap_err();
    assert_eq!(error.kind(), &RouteErrorKind::Value(ParamError::Missing));
    assert!(
        error.to_string().contains("the segment `;colors=R,1`"),
        "{error}"
    );
    // The key's own `=`, `,` and `;` are encoded, so the first raw `=` ends it.
    let odd = vec![
        ("a=;,b".to_string(), "=;,".to_string()),
        (String::new(), String::new()),
    ];
    for (style, explode, build, parse) in OBJECT_ROUTES {
        let url = build(odd.clone()).unwrap();
        assert_eq!(parse(&url).unwrap(), odd, "{style} {explode}: {url}");
    }
}

proptest! {
    #[test]
    fn every_path_object_reads_back(
        entries in proptest::collection::btree_map(path_value(), path_value(), 1..4)
    ) {
        let entries: Vec<(String, String)> = entries.into_iter().collect();
        for (style, explode, build, parse) in OBJECT_ROUTES {
            match build(entries.clone()) {
                Ok(url) => {
                    prop_assert_eq!(&parse(&url).unwrap(), &entries, "{}", url);
                    // The `url` crate's segment, split as the style separates the items and,
                    // exploded, each item on its first `=`, then decoded.
                    let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
                    let segment = parsed.path_segments().unwrap().next_back().unwrap().to_owned();
                    let decode = |item: &str| {
                        percent_encoding::percent_decode_str(item).decode_utf8().unwrap().into_owned()
                    };
                    let (items, separator) = match (style, explode) {
                        ("simple", _) => (segment.as_str(), ','),
                        ("label", false) => (&segment[1..], ','),
                        ("label", true) => (&segment[1..], '.'),
                        ("matrix", false) => (segment.strip_prefix(";color=").unwrap(), ','),
                        _ => (&segment[1..], ';'),
                    };
                    let items: Vec<&str> = items.split(separator).collect();
                    let read: Vec<(String, String)> = if explode {
                        items.iter().map(|item| {
                            let (k, v) = item.split_once('=').unwrap_or((item, ""));
                            (decode(k), decode(v))
                        }).collect()
                    } else {
                        items.chunks(2).map(|kv| (decode(kv[0]), decode(kv[1]))).collect()
                    };
                    prop_assert_eq!(&read, &entries, "{}", url);
                }
                Err(error) => {
                    // Refused only for a `.` in a key or value of `{.color*}`.
                    let dotted = entries.iter().any(|(k, v)| k.contains('.') || v.contains('.'));
                    prop_assert!(style == "label" && explode && dotted, "{} {}: {:?}: {}", style, explode, entries, error);
                }
            }
        }
    }
}

/// `style: form, explode: false` for an object: a `Vec` of pairs (the specification's order)
/// in `{?color}`.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct JoinedObject {
    color: Vec<(String, u32)>,
}

/// `style: spaceDelimited` for an object.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct SpaceObject {
    #[route(style = "spaceDelimited")]
    color: Vec<(String, u32)>,
}

/// `style: pipeDelimited` for an object.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct PipeObject {
    #[route(style = "pipeDelimited")]
    color: Vec<(String, u32)>,
}

/// The joined styles on a map, for the property tests.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct JoinedMap {
    color: BTreeMap<String, String>,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct SpaceMap {
    #[route(style = "spaceDelimited")]
    color: BTreeMap<String, String>,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color}")]
struct PipeMap {
    #[route(style = "pipeDelimited")]
    color: BTreeMap<String, String>,
}

/// A key or value of an object: an item (empty ones included), or one holding a `]`.
fn object_item() -> impl Strategy<Value = String> {
    prop_oneof![item(), Just("]".to_string()), Just("a]b[ é".to_string())]
}

fn rgb() -> Vec<(String, u32)> {
    OBJECT.map(|(k, v)| (k.to_string(), v)).to_vec()
}

#[test]
fn a_route_builds_and_parses_the_joined_object_cells() {
    let color = rgb();
    let joined = JoinedObject {
        color: color.clone(),
    };
    let url = format!("/p{}", column("form", false, COLUMN_OBJECT));
    assert_eq!(url, "/p?color=R,100,G,200,B,150");
    assert_eq!(joined.to_url().unwrap().as_str(), url);
    assert_eq!(JoinedObject::from_url(&url).unwrap(), joined);
    let spaces = SpaceObject {
        color: color.clone(),
    };
    let url = format!("/p{}", column("spaceDelimited", false, COLUMN_OBJECT));
    assert_eq!(spaces.to_url().unwrap().as_str(), url);
    assert_eq!(SpaceObject::from_url(&url).unwrap(), spaces);
    let pipes = PipeObject { color };
    let url = format!("/p{}", column("pipeDelimited", false, COLUMN_OBJECT));
    assert_eq!(pipes.to_url().unwrap().as_str(), url);
    assert_eq!(PipeObject::from_url(&url).unwrap(), pipes);

    // The other spellings of a delimiter a client may send.
    assert_eq!(
        SpaceObject::from_url("/p?color=R+100%20G%20200+B%20150").unwrap(),
        spaces
    );
    assert_eq!(
        PipeObject::from_url("/p?color=R%7c100%7CG%7C200%7cB%7C150").unwrap(),
        pipes
    );

    // What the shape says: OpenAPI's style, by its delimiter.
    for (shape, separator) in [
        (JoinedObject::SHAPES, ','),
        (SpaceObject::SHAPES, ' '),
        (PipeObject::SHAPES, '|'),
        (JoinedMap::SHAPES, ','),
    ] {
        assert_eq!(
            shape[0].query,
            [QueryParam::Value {
                key: "color",
                field: "color",
                arity: Arity::JoinedObject { separator }
            }]
        );
    }
}

#[test]
fn a_joined_object_keeps_its_entries_apart() {
    let cases: [(&[(&str, &str)], &str); 5] = [
        // Undefined: no parameter, read back as the empty map.
        (&[], "/p"),
        (&[("", "")], "/p?color=,"),
        // An item's own `,` is percent-encoded; the split is on the `,` between items.
        (&[("a,b", "c"), ("d", ",")], "/p?color=a%2Cb,c,d,%2C"),
        (&[("a b", "x|y")], "/p?color=a%20b,x%7Cy"),
        (&[("k=v&w", "%")], "/p?color=k%3Dv%26w,%25"),
    ];
    for (entries, url) in cases {
        let route = JoinedMap {
            color: entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        assert_eq!(route.to_url().unwrap().as_str(), url, "{entries:?}");
        assert_eq!(JoinedMap::from_url(url).unwrap(), route, "{url}");
    }
    // A key without its value: an odd number of items.
    let error = JoinedMap::from_url("/p?color=R,100,G").unwrap_err();
    assert!(
        matches!(
            error.kind(),
            RouteErrorKind::Value(ParamError::Invalid { .. })
        ),
        "{error}"
    );
    assert_eq!(error.field(), Some("color"));
    assert!(JoinedMap::from_url("/p?color=").is_err());
    // One value: a second one is refused, not merged.
    let error = JoinedMap::from_url("/p?color=a,1&color=b,2").unwrap_err();
    assert_eq!(error.kind(), &RouteErrorKind::Value(ParamError::Repeated));
    // A key that stands twice, in any spelling.
    for url in ["/p?color=R,1,R,2", "/p?color=R,1,%52,2"] {
        let error = JoinedObject::from_url(url).unwrap_err();
        assert_eq!(
            error.kind(),
            &RouteErrorKind::Value(ParamError::RepeatedKey)
        );
        assert_eq!(error.field(), Some("color"));
    }
    // A value of the wrong type names the field.
    let error = JoinedObject::from_url("/p?color=R,red").unwrap_err();
    assert_eq!(error.field(), Some("color"));
}

#[test]
fn a_delimited_object_refuses_an_item_holding_its_delimiter() {
    for (key, value) in [("a|b", "1"), ("a", "1|2")] {
        let route = PipeMap {
            color: BTreeMap::from([(key.to_string(), value.to_string())]),
        };
        let error = route.to_url().unwrap_err();
        assert_eq!(
            error.kind(),
            &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: '|' }
        );
        assert_eq!(error.placeholder(), "color");
    }
    let route = SpaceMap {
        color: BTreeMap::from([("a b".to_string(), String::new())]),
    };
    assert_eq!(
        route.to_url().unwrap_err().kind(),
        &urlkit::ExpandErrorKind::DelimiterInItem { delimiter: ' ' }
    );
}

/// Splits a joined query value on `delimiter` as written and decodes each item with the
/// `form_urlencoded` crate (not urlkit's decoder).
fn oracle_items(query: &str, delimiter: &str) -> Vec<String> {
    let raw = query.strip_prefix("color=").unwrap();
    raw.split(delimiter)
        .map(|item| {
            form_urlencoded::parse(format!("x={item}").as_bytes())
                .next()
                .unwrap()
                .1
                .into_owned()
        })
        .collect()
}

proptest! {
    #[test]
    fn every_joined_object_reads_back(entries in proptest::collection::btree_map(object_item(), object_item(), 0..4)) {
        let flat: Vec<String> = entries.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect();
        for (delimiter, encoded) in [(',', ","), (' ', "%20"), ('|', "%7C")] {
            let url = match delimiter {
                ',' => JoinedMap { color: entries.clone() }.to_url(),
                ' ' => SpaceMap { color: entries.clone() }.to_url(),
                _ => PipeMap { color: entries.clone() }.to_url(),
            };
            let holds = flat.iter().any(|item| item.contains(delimiter));
            let url = match url {
                Ok(url) => url,
                Err(e) => {
                    prop_assert!(delimiter != ',' && holds, "{}", e);
                    continue;
                }
            };
            prop_assert!(delimiter == ',' || !holds);
            let back = match delimiter {
                ',' => JoinedMap::from_url(url.as_str()).map(|r| r.color),
                ' ' => SpaceMap::from_url(url.as_str()).map(|r| r.color),
                _ => PipeMap::from_url(url.as_str()).map(|r| r.color),
            };
            prop_assert_eq!(&back.unwrap(), &entries, "{}", url);
            // The `url` crate reads the query as one pair, which splits into the items.
            let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
            let pairs: Vec<(String, String)> = parsed.query_pairs().into_owned().collect();
            if entries.is_empty() {
                prop_assert!(pairs.is_empty());
            } else {
                prop_assert_eq!(pairs.len(), 1);
                prop_assert_eq!(oracle_items(parsed.query().unwrap(), encoded), flat.clone());
            }
        }
    }
}

/// `style: form, explode: true` for an object: `{?color*}`, whose entries are the query's
/// own pairs.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color*}")]
struct ExplodedObject {
    color: Vec<(String, u32)>,
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color*}")]
struct ExplodedMap {
    color: BTreeMap<String, String>,
}

/// An exploded map beside a static piece, a pair written by hand and another parameter: it
/// takes every pair but theirs.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/search?format=json&q={query}{&page,filter*}")]
struct Search {
    query: String,
    page: Option<u32>,
    filter: BTreeMap<String, String>,
}

#[test]
fn a_route_builds_and_parses_the_exploded_object_cell() {
    let route = ExplodedObject { color: rgb() };
    let url = format!("/p{}", column("form", true, COLUMN_OBJECT));
    assert_eq!(url, "/p?R=100&G=200&B=150");
    assert_eq!(route.to_url().unwrap().as_str(), url);
    assert_eq!(ExplodedObject::from_url(&url).unwrap(), route);
    // Keys are compared decoded, as every key: `%52` is `R`.
    assert_eq!(
        ExplodedObject::from_url("/p?%52=100&G=200&B=150").unwrap(),
        route
    );
    // An empty map writes nothing and reads back empty; the map's own name is a key like
    // any other.
    let empty = ExplodedObject { color: Vec::new() };
    assert_eq!(empty.to_url().unwrap().as_str(), "/p");
    assert_eq!(ExplodedObject::from_url("/p").unwrap(), empty);
    let named = ExplodedMap {
        color: BTreeMap::from([("color".to_string(), "1".to_string())]),
    };
    assert_eq!(named.to_url().unwrap().as_str(), "/p?color=1");
    assert_eq!(ExplodedMap::from_url("/p?color=1").unwrap(), named);
    // `a&&b` and a trailing `&` hold no pair; a key without `=` has an empty value.
    assert_eq!(
        ExplodedMap::from_url("/p?a=1&&flag&").unwrap().color,
        BTreeMap::from([("a".into(), "1".into()), ("flag".into(), String::new())])
    );
    assert_eq!(
        ExplodedObject::SHAPES[0].query,
        [QueryParam::Value {
            key: "color",
            field: "color",
            arity: Arity::ExplodedObject
        }]
    );
}

/// An exploded map beside a `deepObject` one: the `color[key]` pairs are the latter's.
#[derive(Route, Debug, PartialEq, Clone)]
#[route("/p{?color,rest*}")]
struct DeepAndRest {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
    rest: BTreeMap<String, String>,
}

#[test]
fn an_exploded_object_leaves_a_deep_objects_pairs() {
    let route = DeepAndRest {
        color: BTreeMap::from([("R".into(), 100)]),
        rest: BTreeMap::from([("colors".into(), "1".into()), ("x".into(), "y".into())]),
    };
    let url = "/p?color%5BR%5D=100&colors=1&x=y";
    assert_eq!(route.to_url().unwrap().as_str(), url);
    assert_eq!(DeepAndRest::from_url(url).unwrap(), route);
    assert_eq!(
        DeepAndRest::from_url("/p?x=y&colo%72%5bR%5d=100")
            .unwrap()
            .color,
        route.color
    );
    // An entry of the exploded map that would read back as the deepObject's is refused.
    for key in ["color[G]", "color[]", "color"] {
        let taken = DeepAndRest {
            color: BTreeMap::new(),
            rest: BTreeMap::from([(key.into(), "1".into())]),
        };
        let error = taken.to_url().unwrap_err();
        assert_eq!(error.kind(), &urlkit::ExpandErrorKind::ClaimedKey, "{key}");
    }
}

#[test]
fn an_exploded_object_reads_what_nothing_else_names() {
    let route = Search {
        query: "rust".into(),
        page: Some(2),
        filter: BTreeMap::from([
            ("lang".to_string(), "en".to_string()),
            ("sort".to_string(), "new".to_string()),
        ]),
    };
    let url = "/search?format=json&q=rust&page=2&lang=en&sort=new";
    assert_eq!(route.to_url().unwrap().as_str(), url);
    assert_eq!(Search::from_url(url).unwrap(), route);
    // The other keys in another spelling are still theirs.
    assert_eq!(
        Search::from_url("/search?fo%72mat=json&%71=rust&p%61ge=2&lang=en&sort=new").unwrap(),
        route
    );
    // An entry that stands twice, in any spelling.
    for url in ["/p?R=1&R=2", "/p?R=1&%52=2"] {
        let error = ExplodedObject::from_url(url).unwrap_err();
        assert_eq!(
            error.kind(),
            &RouteErrorKind::Value(ParamError::RepeatedKey)
        );
        assert_eq!(error.field(), Some("color"));
    }
    let error = ExplodedObject::from_url("/p?R=red").unwrap_err();
    assert_eq!(error.field(), Some("color"));

    // A key that another parameter or the static piece names, in any spelling, would read
    // back as theirs: refused, naming the field and the entry.
    for (i, key) in ["page", "q", "format", "Q", "p%61ge"]
        .into_iter()
        .enumerate()
    {
        let mut filter = BTreeMap::from([("a".to_string(), "1".to_string())]);
        filter.insert(key.to_string(), "x".to_string());
        let route = Search {
            query: "rust".into(),
            page: None,
            filter,
        };
        match key {
            // Other keys: `Q` is not `q`, and `p%61ge` is written `p%2561ge`.
            "Q" | "p%61ge" => {
                let url = route.to_url().unwrap();
                assert_eq!(Search::from_url(url.as_str()).unwrap(), route, "{i}");
            }
            _ => {
                let error = route.to_url().unwrap_err();
                assert_eq!(error.kind(), &urlkit::ExpandErrorKind::ClaimedKey, "{key}");
                assert_eq!(error.placeholder(), "filter");
                assert_eq!(error.field(), Some("[1]"), "{key}");
            }
        }
    }
    let error = ExplodedMap {
        color: BTreeMap::from([(String::new(), "1".to_string())]),
    }
    .to_url()
    .unwrap_err();
    assert_eq!(error.kind(), &urlkit::ExpandErrorKind::EmptyKey);
    assert_eq!((error.placeholder(), error.field()), ("color", Some("[0]")));
    assert_eq!(
        error.to_string(),
        "the value of `color` has an entry in `[0]` with an empty key, which would write a query pair without a name; give the entry a key"
    );
}

proptest! {
    #[test]
    fn every_exploded_object_reads_back(entries in proptest::collection::btree_map(object_item(), object_item(), 0..4)) {
        let route = ExplodedMap { color: entries.clone() };
        let url = match route.to_url() {
            Ok(url) => url,
            Err(e) => {
                prop_assert_eq!(e.kind(), &urlkit::ExpandErrorKind::EmptyKey);
                prop_assert!(entries.contains_key(""));
                return Ok(());
            }
        };
        prop_assert!(!entries.contains_key(""));
        prop_assert_eq!(&ExplodedMap::from_url(url.as_str()).unwrap(), &route, "{}", url);
        // The `url` crate reads the query as the map's entries, in order.
        let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
        let pairs: Vec<(String, String)> = parsed.query_pairs().into_owned().collect();
        let expected: Vec<(String, String)> = entries.into_iter().collect();
        prop_assert_eq!(pairs, expected);
    }

    #[test]
    fn every_exploded_object_beside_other_keys_reads_back_or_is_refused(
        entries in proptest::collection::btree_map(
            prop_oneof![object_item(), Just("page".to_string()), Just("q".to_string()), Just("format".to_string())],
            object_item(),
            0..4,
        ),
        page in proptest::option::of(0u32..5),
    ) {
        let route = Search { query: "a&b".into(), page, filter: entries.clone() };
        let claimed = ["", "page", "q", "format"];
        match route.to_url() {
            Ok(url) => {
                prop_assert!(!entries.keys().any(|k| claimed.contains(&k.as_str())));
                prop_assert_eq!(&Search::from_url(url.as_str()).unwrap(), &route, "{}", url);
            }
            Err(_) => prop_assert!(entries.keys().any(|k| claimed.contains(&k.as_str()))),
        }
    }
}

/// A list of pairs whose keys repeat would write a URL that `from_url` refuses (an object's
/// keys are unique): `to_url` refuses it first, naming the entry that repeats a key, in every
/// style that takes a `Vec<(K, V)>`.
#[test]
fn a_list_of_pairs_with_a_repeated_key_is_refused() {
    let pairs = vec![
        ("R".to_string(), 1),
        ("G".to_string(), 2),
        ("R".to_string(), 3),
    ];
    let errors = [
        DeepPairs {
            color: pairs.clone(),
        }
        .to_url(),
        JoinedObject {
            color: pairs.clone(),
        }
        .to_url(),
        SpaceObject {
            color: pairs.clone(),
        }
        .to_url(),
        PipeObject {
            color: pairs.clone(),
        }
        .to_url(),
        ExplodedObject { color: pairs }.to_url(),
    ];
    for error in errors {
        let error = error.unwrap_err();
        assert_eq!(error.kind(), &urlkit::ExpandErrorKind::RepeatedKey);
        assert_eq!((error.placeholder(), error.field()), ("color", Some("[2]")));
        assert_eq!(
            error.to_string(),
            "the value of `color` has an entry in `[2]` whose key an earlier entry has, and an object's keys are unique, so `from_url` would refuse the URL; give each entry its own key, or use a `BTreeMap`"
        );
    }
}

proptest! {
    /// Keys from two letters, so that lists with and without repeats are both common: each
    /// list reads back whole, or is refused for its first repeated key.
    #[test]
    fn every_list_of_pairs_reads_back_or_is_refused_for_a_repeat(
        pairs in proptest::collection::vec(("[ab]", 0u32..3), 0..4)
    ) {
        let first_repeat = (1..pairs.len())
            .find(|&i| pairs[..i].iter().any(|(k, _)| *k == pairs[i].0))
            .map(|i| format!("[{i}]"));
        let results = [
            DeepPairs { color: pairs.clone() }.to_url().map(|u| DeepPairs::from_url(u.as_str()).map(|r| r.color)),
            JoinedObject { color: pairs.clone() }.to_url().map(|u| JoinedObject::from_url(u.as_str()).map(|r| r.color)),
            SpaceObject { color: pairs.clone() }.to_url().map(|u| SpaceObject::from_url(u.as_str()).map(|r| r.color)),
            PipeObject { color: pairs.clone() }.to_url().map(|u| PipeObject::from_url(u.as_str()).map(|r| r.color)),
            ExplodedObject { color: pairs.clone() }.to_url().map(|u| ExplodedObject::from_url(u.as_str()).map(|r| r.color)),
        ];
        for result in results {
            match (&first_repeat, result) {
                (None, Ok(read)) => prop_assert_eq!(read.unwrap(), pairs.clone()),
                (Some(entry), Err(error)) => {
                    prop_assert_eq!(error.kind(), &urlkit::ExpandErrorKind::RepeatedKey);
                    prop_assert_eq!(error.field(), Some(entry.as_str()));
                }
                (expected, result) => prop_assert!(false, "{:?}: {:?}", expected, result.map(|r| r.is_ok())),
            }
        }
    }
}
