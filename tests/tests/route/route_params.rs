//! Hostile values in every place a route puts one: each is built and parsed back unchanged,
//! or refused by `to_url` (and by `from_url`, for the URL a careless builder would write) as
//! the shape guards require. Also `Option` and `Vec` parameters in each of their places.

use urlkit::route::{ParamError, RouteErrorKind};
use urlkit::{ExpandErrorKind, Route};

/// Values that other URL builders mishandle (they drop or keep `..`, leave `/`, `&`, `=` raw,
/// or double-encode `%2F`), plus the empty string and a space.
const HOSTILE: [&str; 13] = [
    "..", ".", "a/b", "a%2Fb", "a+b", "a&b=c", "a?b#c", "é", "~-._", "", "a b", "a;b", "@:",
];

#[derive(Route, Debug, PartialEq)]
#[route("/a/{x}/b")]
struct Segment {
    x: String,
}

#[derive(Route, Debug, PartialEq)]
#[route("/a/{x}.txt")]
struct Affixed {
    x: String,
}

#[derive(Route, Debug, PartialEq)]
#[route("/a{/x*}")]
struct Tail {
    x: Vec<String>,
}

#[derive(Route, Debug, PartialEq)]
#[route("/a{/x}")]
struct Optional {
    x: Option<String>,
}

#[derive(Route, Debug, PartialEq)]
#[route("/a{?x}")]
struct Query {
    x: String,
}

#[derive(Route, Debug, PartialEq)]
#[route("/a?k={x}&z=1")]
struct Pair {
    x: String,
}

/// What `to_url` does with `value` at a place, then whether `from_url` gives it back.
fn outcome<R: Route + PartialEq + std::fmt::Debug>(value: &R) -> Result<String, ExpandErrorKind> {
    let url = value.to_url().map_err(|e| *e.kind())?;
    let parsed = R::from_url(url.as_str()).unwrap_or_else(|e| panic!("{url}: {e}"));
    assert_eq!(&parsed, value, "{url}");
    Ok(url.into_string())
}

#[test]
fn hostile_values_round_trip_or_are_refused() {
    for v in HOSTILE {
        let s = v.to_string();
        let dot = v == "." || v == "..";
        let segment = outcome(&Segment { x: s.clone() });
        match v {
            "" => assert_eq!(segment, Err(ExpandErrorKind::EmptySegment)),
            _ if dot => assert_eq!(segment, Err(ExpandErrorKind::DotSegment), "{v}"),
            _ => assert!(segment.is_ok(), "{v}: {segment:?}"),
        }
        // Text around the value: the segment is never `.` or `..`.
        assert!(outcome(&Affixed { x: s.clone() }).is_ok(), "{v}");
        let tail = outcome(&Tail {
            x: vec![s.clone(), "z".into()],
        });
        match v {
            "" => assert_eq!(tail, Err(ExpandErrorKind::DoubleSlash)),
            _ if dot => assert_eq!(tail, Err(ExpandErrorKind::DotSegment), "{v}"),
            _ => assert!(tail.is_ok(), "{v}"),
        }
        let last = outcome(&Optional { x: Some(s.clone()) });
        if dot {
            assert_eq!(last, Err(ExpandErrorKind::DotSegment), "{v}");
        } else {
            assert!(last.is_ok(), "{v}");
        }
        assert!(outcome(&Query { x: s.clone() }).is_ok(), "{v}");
        assert!(outcome(&Pair { x: s.clone() }).is_ok(), "{v}");
    }
}

#[test]
fn what_hostile_values_look_like() {
    let url = |x: &str| Segment { x: x.into() }.to_url().unwrap().into_string();
    assert_eq!(url("a/b"), "/a/a%2Fb/b");
    assert_eq!(url("a%2Fb"), "/a/a%252Fb/b");
    assert_eq!(url("a?b#c"), "/a/a%3Fb%23c/b");
    assert_eq!(url("~-._"), "/a/~-._/b");
    let query = |x: &str| Query { x: x.into() }.to_url().unwrap().into_string();
    assert_eq!(query("a+b"), "/a?x=a%2Bb");
    assert_eq!(query("a&b=c"), "/a?x=a%26b%3Dc");
    assert_eq!(query(""), "/a?x=");
    assert_eq!(Affixed { x: "..".into() }.to_url().unwrap(), "/a/...txt");
}

#[test]
fn hostile_urls_are_refused_with_the_field() {
    let field_error = |url: &str| {
        let err = Segment::from_url(url).unwrap_err();
        (err.field(), err.kind().clone())
    };
    let dot = (Some("x"), RouteErrorKind::Value(ParamError::DotSegment));
    assert_eq!(field_error("/a/../b"), dot);
    assert_eq!(field_error("/a/./b"), dot);
    assert_eq!(field_error("/a/%2e%2E/b"), dot);
    assert_eq!(field_error("/a/.%2e/b"), dot);
    // `%2F` stays inside its segment; `%C0%AF` (an overlong `/`) is not UTF-8.
    assert_eq!(Segment::from_url("/a/a%2Fb/b").unwrap().x, "a/b");
    let err = Segment::from_url("/a/..%C0%AF/b").unwrap_err();
    assert!(matches!(
        err.kind(),
        RouteErrorKind::Value(ParamError::Decode(_))
    ));
    assert_eq!(err.offset(), Some(5));
    // Whole-segment placeholders need a segment: `//` is no URL of this route.
    assert!(matches!(
        Segment::from_url("/a//b").unwrap_err().kind(),
        RouteErrorKind::NoMatch { .. }
    ));
    let err = Tail::from_url("/a/x//y").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::EmptySegment));
    assert_eq!(Tail::from_url("/a/x/..").unwrap_err().field(), Some("x"));
    // `+` is a space only in the query.
    assert_eq!(Segment::from_url("/a/a+b/b").unwrap().x, "a+b");
    assert_eq!(Query::from_url("/a?x=a+b").unwrap().x, "a b");
    assert_eq!(Pair::from_url("/a?z=1&k=%7E").unwrap().x, "~");
}

#[derive(Route, Debug, PartialEq, Default)]
#[route("/list{/ids*}{?n,tags*,flag,when}&extra={extra}")]
struct Lists {
    ids: Vec<u32>,
    n: Option<i64>,
    tags: Vec<String>,
    flag: Option<bool>,
    when: Option<char>,
    extra: Vec<u16>,
}

#[test]
fn options_and_lists() {
    let cases = [
        (Lists::default(), "/list"),
        (
            Lists {
                ids: vec![1, 2],
                n: Some(-5),
                tags: vec!["x".into(), "x".into(), String::new()],
                flag: Some(false),
                when: Some('é'),
                extra: vec![0, 255],
            },
            "/list/1/2?n=-5&tags=x&tags=x&tags=&flag=false&when=%C3%A9&extra=0&extra=255",
        ),
    ];
    for (value, url) in cases {
        let built = value.to_url().unwrap();
        assert_eq!(built, url);
        assert_eq!(Lists::from_url(url).unwrap(), value);
    }
    let err = Lists::from_url("/list/1/x").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`Lists.ids`: `x` is not an integer from 0 to 4294967295"
    );
    let err = Lists::from_url("/list?flag=true&flag=false").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Repeated));
}

/// What a client is shown of a value that fails: the route and field, the value's text alone
/// (not the static text around it in its segment), and a `FromStr` error's own message; never a
/// Rust type path, which stays in `kind()`.
mod client_messages {
    use std::str::FromStr;

    use urlkit::route::{ParamError, RouteErrorKind};
    use urlkit::{Fmt, Route};

    #[derive(Debug, PartialEq)]
    enum Sort {
        Newest,
        Oldest,
    }

    impl FromStr for Sort {
        type Err = &'static str;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            match s {
                "newest" => Ok(Sort::Newest),
                "oldest" => Ok(Sort::Oldest),
                _ => Err("expected `newest` or `oldest`"),
            }
        }
    }

    impl std::fmt::Display for Sort {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(match self {
                Sort::Newest => "newest",
                Sort::Oldest => "oldest",
            })
        }
    }

    #[derive(Route, Debug, PartialEq)]
    enum App {
        #[route("/v{version}/status{?sort}")]
        Status {
            version: u32,
            sort: Option<Fmt<Sort>>,
        },
        #[route("/files/{name}.json")]
        File { name: u8 },
    }

    #[test]
    fn a_value_is_quoted_without_the_text_around_it() {
        let err = App::from_url("/v12x/status").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`App::Status.version`: `12x` is not an integer from 0 to 4294967295"
        );
        assert_eq!(err.offset(), Some(2));
        let err = App::from_url("/files/300.json").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`App::File.name`: `300` is not an integer from 0 to 255"
        );
        assert_eq!(err.offset(), Some(7));
    }

    #[test]
    fn a_from_str_error_keeps_its_message_and_no_type_path() {
        assert_eq!(
            App::from_url("/v1/status?sort=oldest").unwrap(),
            App::Status {
                version: 1,
                sort: Some(Fmt(Sort::Oldest))
            }
        );
        let err = App::from_url("/v1/status?sort=best").unwrap_err();
        let message = err.to_string();
        assert_eq!(
            message,
            "`App::Status.sort`: `best` does not parse: expected `newest` or `oldest`"
        );
        assert!(
            !message.contains("::Sort") && !message.contains("route_params"),
            "{message}"
        );
        let RouteErrorKind::Value(ParamError::Unparsable { type_name, message }) = err.kind()
        else {
            panic!("{err:?}");
        };
        assert!(type_name.ends_with("client_messages::Sort"), "{type_name}");
        assert_eq!(message, "expected `newest` or `oldest`");
    }
}
