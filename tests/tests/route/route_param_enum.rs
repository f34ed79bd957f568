//! `#[derive(Param)]`: a unit enum as a route field, both ways, in every case `rename_all`
//! takes, with `rename`, in a `Vec`, in `url!` and `Template`, and its error and value type.

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::route::{FromParam, ParamError, RouteErrorKind, ValueType};
use urlkit::{Param, Route};

#[derive(Param, Debug, PartialEq, Clone, Copy)]
enum AsWritten {
    Newest,
    MostCommented,
    #[param(rename = "a b/c")]
    Spaced,
}

macro_rules! cased {
    ($name:ident, $case:literal) => {
        #[derive(Param, Debug, PartialEq, Clone, Copy)]
        #[param(rename_all = $case)]
        enum $name {
            Newest,
            MostCommented,
            #[param(rename = "Kept As-Is")]
            Renamed,
        }
    };
}
cased!(Lower, "lowercase");
cased!(Upper, "UPPERCASE");
cased!(Pascal, "PascalCase");
cased!(Camel, "camelCase");
cased!(Snake, "snake_case");
cased!(Screaming, "SCREAMING_SNAKE_CASE");
cased!(Kebab, "kebab-case");
cased!(ScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn each_case_spells_the_variants_as_serde_does() {
    let spelt = [
        (Lower::VALUE_TYPE, ["newest", "mostcommented"]),
        (Upper::VALUE_TYPE, ["NEWEST", "MOSTCOMMENTED"]),
        (Pascal::VALUE_TYPE, ["Newest", "MostCommented"]),
        (Camel::VALUE_TYPE, ["newest", "mostCommented"]),
        (Snake::VALUE_TYPE, ["newest", "most_commented"]),
        (Screaming::VALUE_TYPE, ["NEWEST", "MOST_COMMENTED"]),
        (Kebab::VALUE_TYPE, ["newest", "most-commented"]),
        (ScreamingKebab::VALUE_TYPE, ["NEWEST", "MOST-COMMENTED"]),
    ];
    for (value_type, [first, second]) in spelt {
        let ValueType::OneOf(spellings) = value_type else {
            panic!("{value_type:?}");
        };
        assert_eq!(spellings, [first, second, "Kept As-Is"]);
    }
    assert_eq!(
        AsWritten::VALUE_TYPE,
        ValueType::OneOf(&["Newest", "MostCommented", "a b/c"])
    );
}

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/issues/{sort}{?order,tags,kind*}")]
struct Issues {
    sort: AsWritten,
    order: Option<Snake>,
    tags: Vec<Kebab>,
    kind: Vec<Upper>,
}

fn as_written() -> impl Strategy<Value = AsWritten> {
    prop::sample::select(
        &[
            AsWritten::Newest,
            AsWritten::MostCommented,
            AsWritten::Spaced,
        ][..],
    )
}

fn issues() -> impl Strategy<Value = Issues> {
    (
        as_written(),
        prop::option::of(prop::sample::select(
            &[Snake::Newest, Snake::MostCommented, Snake::Renamed][..],
        )),
        prop::collection::vec(
            prop::sample::select(&[Kebab::Newest, Kebab::MostCommented, Kebab::Renamed][..]),
            0..3,
        ),
        prop::collection::vec(
            prop::sample::select(&[Upper::Newest, Upper::MostCommented, Upper::Renamed][..]),
            0..3,
        ),
    )
        .prop_map(|(sort, order, tags, kind)| Issues {
            sort,
            order,
            tags,
            kind,
        })
}

proptest! {
    #[test]
    fn parsing_what_was_built_gives_the_value(v in issues()) {
        let url = v.to_url().unwrap();
        prop_assert_eq!(Issues::from_url(url.as_str()), Ok(v.clone()), "{}", url);
        // The `url` crate reads back the same values (an oracle that shares no urlkit code).
        let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
        let segment = parsed.path_segments().unwrap().nth(1).unwrap();
        let spelling = match v.sort {
            AsWritten::Newest => "Newest",
            AsWritten::MostCommented => "MostCommented",
            AsWritten::Spaced => "a b/c",
        };
        prop_assert_eq!(percent_encoding::percent_decode_str(segment).decode_utf8().unwrap(), spelling);
        let kinds: Vec<String> = parsed.query_pairs().filter(|(k, _)| k == "kind").map(|(_, v)| v.into_owned()).collect();
        let expected: Vec<String> = v.kind.iter().map(|k| match k {
            Upper::Newest => "NEWEST",
            Upper::MostCommented => "MOSTCOMMENTED",
            Upper::Renamed => "Kept As-Is",
        }.to_string()).collect();
        prop_assert_eq!(kinds, expected);
    }
}

#[test]
fn built_urls() {
    let v = Issues {
        sort: AsWritten::Spaced,
        order: Some(Snake::MostCommented),
        tags: vec![Kebab::MostCommented, Kebab::Renamed],
        kind: vec![Upper::Newest],
    };
    assert_eq!(
        v.to_url().unwrap(),
        "/issues/a%20b%2Fc?order=most_commented&tags=most-commented,Kept%20As-Is&kind=NEWEST"
    );
    assert_eq!(
        urlkit::url!("/s{?o}", o = Snake::Newest).unwrap(),
        "/s?o=newest"
    );
    let t = urlkit::Template::parse("/s{/o}").unwrap();
    let vars = BTreeMap::from([("o", Lower::MostCommented)]);
    assert_eq!(t.expand(&vars).unwrap(), "/s/mostcommented");
}

#[test]
fn an_unknown_spelling_lists_the_accepted_ones() {
    let err = Issues::from_url("/issues/newest").unwrap_err();
    assert_eq!(err.field(), Some("sort"));
    assert_eq!(
        err.kind(),
        &RouteErrorKind::Value(ParamError::Invalid {
            expected: "one of `Newest`, `MostCommented`, `a b/c`"
        })
    );
    assert_eq!(
        err.to_string(),
        "`Issues.sort`: `newest` is not one of `Newest`, `MostCommented`, `a b/c`"
    );
    // Compared after decoding, exactly.
    assert_eq!(
        Issues::from_url("/issues/a+b%2Fc").unwrap_err().field(),
        Some("sort")
    );
    assert_eq!(
        Issues::from_url("/issues/a%20b%2fc").map(|v| v.sort),
        Ok(AsWritten::Spaced)
    );
    assert_eq!(
        Snake::from_param("MostCommented".into()),
        Err(ParamError::Invalid {
            expected: "one of `newest`, `most_commented`, `Kept As-Is`"
        })
    );
}
