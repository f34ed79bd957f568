//! Static query pieces (`/export?format=json`): the template's key must be in the query exactly
//! once, as that piece. A second `format=xml` before or after it, or the same piece twice, is
//! HTTP parameter pollution (a proxy reading one value, the application another) and is
//! refused with an error that names the key and quotes none of the URL's values.

use urlkit::Route;
use urlkit::route::{ParamError, RouteErrorKind};

#[derive(Route, Debug, PartialEq)]
#[route("/export?format=json")]
struct Export;

#[derive(Route, Debug, PartialEq)]
#[route("/search?q={query}&format=json&pretty")]
struct Search {
    query: String,
}

/// Checks that `url` is refused as a repeated `key` of `piece`, at byte `offset`, without
/// quoting any value of the URL.
#[track_caller]
fn refused_as_repeated<R: Route + std::fmt::Debug>(
    url: &str,
    route: &str,
    key: &str,
    piece: &'static str,
    offset: usize,
) {
    let err = R::from_url(url).unwrap_err();
    assert_eq!(
        err.kind(),
        &RouteErrorKind::RepeatedPiece { piece },
        "{url}"
    );
    assert_eq!(err.route(), route, "{url}");
    assert_eq!(err.offset(), Some(offset), "{url}");
    assert_eq!(&url[offset..offset + key.len()], key, "{url}");
    let message = err.to_string();
    assert_eq!(
        message,
        format!(
            "the query gives `{key}` more than once; `{route}` takes it exactly once, as `{piece}`"
        )
    );
    for value in ["xml", "csv", "yes", "1"] {
        assert!(!message.contains(value), "{message} quotes a value");
    }
}

#[test]
fn a_static_key_is_there_exactly_once() {
    assert_eq!(Export::from_url("/export?format=json"), Ok(Export));
    assert_eq!(Export::from_url("/export?format=json&utm=1"), Ok(Export));
    // The other value first, then the template's piece; and the other way round.
    refused_as_repeated::<Export>(
        "/export?format=xml&format=json",
        "Export",
        "format",
        "format=json",
        19,
    );
    refused_as_repeated::<Export>(
        "/export?format=json&format=xml",
        "Export",
        "format",
        "format=json",
        20,
    );
    // The same piece twice is refused too: the key is there more than once.
    refused_as_repeated::<Export>(
        "/export?format=json&format=json",
        "Export",
        "format",
        "format=json",
        20,
    );
    // A bare key, an empty value: the key is there, so it counts.
    refused_as_repeated::<Export>(
        "/export?format&format=json",
        "Export",
        "format",
        "format=json",
        15,
    );
    refused_as_repeated::<Export>(
        "/export?format=json&format=",
        "Export",
        "format",
        "format=json",
        20,
    );
    // Once with another value is the piece missing, as before.
    let err = Export::from_url("/export?format=xml").unwrap_err();
    assert_eq!(
        err.kind(),
        &RouteErrorKind::MissingPiece {
            piece: "format=json"
        }
    );
}

#[test]
fn flags_and_pieces_beside_placeholders() {
    assert_eq!(
        Search::from_url("/search?q=x&format=json&pretty"),
        Ok(Search { query: "x".into() })
    );
    refused_as_repeated::<Search>(
        "/search?pretty&q=x&format=json&pretty",
        "Search",
        "pretty",
        "pretty",
        31,
    );
    refused_as_repeated::<Search>(
        "/search?pretty=yes&q=x&format=json&pretty",
        "Search",
        "pretty",
        "pretty",
        35,
    );
    refused_as_repeated::<Search>(
        "/search?format=csv&q=x&format=json&pretty",
        "Search",
        "format",
        "format=json",
        23,
    );
    // A placeholder's key repeated is the field's error, as before.
    let err = Search::from_url("/search?q=x&q=y&format=json&pretty").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Repeated));
}

#[derive(Route, Debug, PartialEq)]
enum Download {
    #[route("/export?format=json")]
    Json,
    #[route("/export?format=csv")]
    Csv,
    #[route("/export{?format*}")]
    Any { format: Vec<String> },
}

#[derive(Route, Debug, PartialEq)]
enum Strict {
    #[route("/export?format=json")]
    Json,
    #[route("/export?format=csv")]
    Csv,
}

#[test]
fn in_an_enum_the_next_variants_are_tried() {
    assert_eq!(
        Download::from_url("/export?format=json"),
        Ok(Download::Json)
    );
    assert_eq!(Download::from_url("/export?format=csv"), Ok(Download::Csv));
    // Neither `Json` nor `Csv` takes a repeated `format`; the variant tried after them does.
    for (url, formats) in [
        ("/export?format=xml&format=json", ["xml", "json"]),
        ("/export?format=json&format=xml", ["json", "xml"]),
        ("/export?format=json&format=json", ["json", "json"]),
        ("/export?format=json&format=csv", ["json", "csv"]),
    ] {
        assert_eq!(
            Download::from_url(url),
            Ok(Download::Any {
                format: formats.iter().map(|f| (*f).to_string()).collect()
            }),
            "{url}"
        );
    }
    // With no variant left, the error is about the first variant tried, naming the key.
    refused_as_repeated::<Strict>(
        "/export?format=xml&format=json",
        "Strict::Json",
        "format",
        "format=json",
        19,
    );
    refused_as_repeated::<Strict>(
        "/export?format=csv&format=csv",
        "Strict::Json",
        "format",
        "format=json",
        19,
    );
    // A URL that is missing the piece of the first variant but repeats nothing is about it.
    let err = Strict::from_url("/export?format=xml").unwrap_err();
    assert_eq!(
        err.kind(),
        &RouteErrorKind::MissingPiece {
            piece: "format=json"
        }
    );
}
