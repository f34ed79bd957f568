//! Routes against HTML form input: an empty value of an `Option` query field (what a browser
//! sends for an empty form field) is absent, unless the field is `#[route(keep_empty)]`; and
//! `to_url` refuses `Some` of a value that writes nothing, which would read back as `None`.

use urlkit::route::{ParamError, RouteErrorKind};
use urlkit::{ExpandErrorKind, Route};

#[derive(Route, Debug, PartialEq)]
#[route("/search?q={query}{&page,sort,tags,label*}")]
struct Search {
    query: Option<String>,
    page: Option<u32>,
    #[route(keep_empty)]
    sort: Option<String>,
    tags: Vec<String>,
    label: Vec<String>,
}

fn search() -> Search {
    Search {
        query: None,
        page: None,
        sort: None,
        tags: vec![],
        label: vec![],
    }
}

#[test]
fn an_empty_value_of_an_option_is_none() -> Result<(), urlkit::RouteError> {
    for url in [
        "/search?page=",
        "/search?page",
        "/search?q=&page=",
        "/search?q&page",
    ] {
        assert_eq!(Search::from_url(url), Ok(search()), "{url}");
    }
    assert_eq!(Search::from_url("/search?page=2")?.page, Some(2));
    // Two values, empty or not, are still two.
    let err = Search::from_url("/search?page=&page=").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Repeated));
    assert_eq!(err.field(), Some("page"));
    // An encoded space is a value, not an empty one.
    let err = Search::from_url("/search?page=+").unwrap_err();
    assert_eq!(err.field(), Some("page"));
    Ok(())
}

#[test]
fn keep_empty_reads_an_empty_value_as_some() -> Result<(), urlkit::RouteError> {
    assert_eq!(Search::from_url("/search?sort=")?.sort, Some(String::new()));
    assert_eq!(Search::from_url("/search")?.sort, None);
    let v = Search {
        sort: Some(String::new()),
        ..search()
    };
    let url = v.to_url().unwrap();
    assert_eq!(url, "/search?sort=");
    assert_eq!(Search::from_url(url.as_str())?, v);
    Ok(())
}

#[derive(Route, Debug, PartialEq)]
#[route("/list{?page}")]
struct KeptNumber {
    #[route(keep_empty)]
    page: Option<u32>,
}

#[test]
fn keep_empty_on_a_number_keeps_the_error() {
    let err = KeptNumber::from_url("/list?page=").unwrap_err();
    assert_eq!(err.field(), Some("page"));
    assert!(matches!(
        err.kind(),
        RouteErrorKind::Value(ParamError::Invalid { .. })
    ));
}

#[test]
fn lists_keep_an_empty_value() -> Result<(), urlkit::RouteError> {
    // A joined list's `tags=` is one empty item, a repeated list's `label=` one empty value:
    // a `Vec` has its own way to be empty (no pair at all).
    let v = Search::from_url("/search?tags=&label=")?;
    assert_eq!(
        (v.tags, v.label),
        (vec![String::new()], vec![String::new()])
    );
    Ok(())
}

#[test]
fn some_of_an_empty_value_is_refused_naming_the_field() {
    let err = Search {
        query: Some(String::new()),
        ..search()
    }
    .to_url()
    .unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::EmptySome);
    assert_eq!(err.placeholder(), "query");
    assert_eq!(
        err.to_string(),
        "the value of `query` is `Some` of a value that writes nothing, which `from_url` reads back as `None`; write `None`, or mark the field `#[route(keep_empty)]`"
    );
    let v = Search {
        query: Some("x".into()),
        sort: Some("new".into()),
        ..search()
    };
    let url = v.to_url().unwrap();
    assert_eq!(url, "/search?q=x&sort=new");
    assert_eq!(Search::from_url(url.as_str()), Ok(v));
}

#[derive(Route, Debug, PartialEq)]
#[route("/t{?name}")]
struct Template {
    name: Option<String>,
}

#[test]
fn an_operator_expression_refuses_it_too() {
    let err = Template {
        name: Some(String::new()),
    }
    .to_url()
    .unwrap_err();
    assert_eq!(err.kind(), &ExpandErrorKind::EmptySome);
    assert_eq!(err.placeholder(), "name");
    // A value of one space is a value (`+` or `%20`), and comes back.
    let v = Template {
        name: Some(" ".into()),
    };
    let url = v.to_url().unwrap();
    assert_eq!(Template::from_url(url.as_str()), Ok(v));
}
