//! `#[derive(Route)]` on structs: every template shape routes support, built and parsed, and
//! the errors `from_url` gives, word for word.

use std::net::Ipv4Addr;

use urlkit::route::{ParamError, RouteErrorKind};
use urlkit::{ExpandErrorKind, Fmt, Route, Url, url};

#[derive(Route, Debug, PartialEq, Clone)]
#[route("/users/{id}/posts/{slug}{?page,tag*}")]
struct Post {
    id: u64,
    slug: String,
    page: Option<u32>,
    tag: Vec<String>,
}

fn post() -> Post {
    Post {
        id: 7,
        slug: "hello world".into(),
        page: Some(2),
        tag: vec!["a&b".into(), "c".into()],
    }
}

/// `from_url(to_url(v)) == v`, and the URL is what `url!` builds from the same template.
#[track_caller]
fn round_trip<R: Route + PartialEq + std::fmt::Debug>(value: &R, url: &str) {
    let built = value.to_url().expect("to_url");
    assert_eq!(built, url);
    assert_eq!(&R::from_url(built.as_str()).expect("from_url"), value);
}

#[test]
fn builds_like_url_and_parses_back() {
    let p = post();
    round_trip(&p, "/users/7/posts/hello%20world?page=2&tag=a%26b&tag=c");
    let (id, slug, page, tag) = (p.id, &p.slug, p.page, &p.tag);
    assert_eq!(
        p.to_url().unwrap(),
        url!("/users/{id}/posts/{slug}{?page,tag*}").unwrap()
    );
    let _ = (id, slug, page, tag);
    // Optional and list parameters left out.
    round_trip(
        &Post {
            page: None,
            tag: vec![],
            ..post()
        },
        "/users/7/posts/hello%20world",
    );
}

#[test]
fn templates_are_there() {
    assert_eq!(Post::TEMPLATE, "/users/{id}/posts/{slug}{?page,tag*}");
    assert_eq!(Post::TEMPLATES, [Post::TEMPLATE]);
    assert_eq!(post().template(), Post::TEMPLATE);
}

#[test]
fn query_order_and_unknown_parameters_do_not_matter() {
    let parsed = Post::from_url("/users/7/posts/hello%20world?tag=a%26b&utm=x&page=2&tag=c");
    assert_eq!(parsed.unwrap(), post());
    // A fragment is ignored.
    let parsed = Post::from_url("/users/7/posts/hello+world?page=2#top");
    assert_eq!(parsed.unwrap().slug, "hello+world"); // `+` is a space only in the query
    let parsed = Post::from_url("/users/7/posts/x?tag=a+b&tag=a%2Bb&tag=");
    assert_eq!(parsed.unwrap().tag, ["a b", "a+b", ""]);
}

#[derive(Route, Debug, PartialEq)]
#[route("/files/{name}.json")]
struct Json {
    name: String,
}

#[derive(Route, Debug, PartialEq)]
#[route("/v{version}/status")]
struct Status {
    version: u8,
}

#[derive(Route, Debug, PartialEq)]
#[route("/files{/path*}")]
struct Tree {
    path: Vec<String>,
}

#[derive(Route, Debug, PartialEq)]
#[route("/docs/{section}{/page}")]
struct Docs {
    section: String,
    page: Option<String>,
}

#[derive(Route, Debug, PartialEq)]
#[route("/raw{/owner,repo}")]
struct Raw {
    owner: String,
    repo: String,
}

#[test]
fn path_shapes() {
    round_trip(&Json { name: "a.b".into() }, "/files/a.b.json");
    round_trip(
        &Json {
            name: String::new(),
        },
        "/files/.json",
    );
    round_trip(&Status { version: 2 }, "/v2/status");
    round_trip(&Tree { path: vec![] }, "/files");
    round_trip(
        &Tree {
            path: vec!["a b".into(), "c/d".into()],
        },
        "/files/a%20b/c%2Fd",
    );
    // Only the last segment may be empty, as `to_url` writes it.
    round_trip(
        &Tree {
            path: vec!["a".into(), String::new()],
        },
        "/files/a/",
    );
    round_trip(
        &Docs {
            section: "guide".into(),
            page: None,
        },
        "/docs/guide",
    );
    round_trip(
        &Docs {
            section: "guide".into(),
            page: Some("intro".into()),
        },
        "/docs/guide/intro",
    );
    round_trip(
        &Raw {
            owner: "rust-lang".into(),
            repo: "rust".into(),
        },
        "/raw/rust-lang/rust",
    );
    assert!(Json::from_url("/files/a.JSON").is_err());
    assert!(Json::from_url("/files/a%2Ejson").is_err()); // static text is not decoded
    assert!(Docs::from_url("/docs/guide/intro/more").is_err());
}

#[derive(Route, Debug, PartialEq)]
#[route("/users/{0}/keys/{1}")]
struct Key(u64, char);

#[derive(Route, Debug, PartialEq)]
#[route("/")]
struct Home;

#[derive(Route, Debug, PartialEq)]
#[route("/health")]
struct Health {}

#[test]
fn tuple_and_unit_structs() {
    round_trip(&Key(1, 'é'), "/users/1/keys/%C3%A9");
    round_trip(&Home, "/");
    round_trip(&Health {}, "/health");
    assert!(Home::from_url("/health").is_err());
    assert!(Health::from_url("/health/").is_err());
}

#[derive(Route, Debug, PartialEq)]
#[route("/search?q={query}&lang={language}&format=json&pretty")]
struct Search {
    query: String,
    language: Option<String>,
    #[route(skip)]
    seen: bool,
}

#[test]
fn query_pairs_by_hand_static_pieces_and_skipped_fields() {
    let search = Search {
        query: "rust & url".into(),
        language: None,
        seen: false,
    };
    round_trip(&search, "/search?q=rust%20%26%20url&format=json&pretty");
    let parsed = Search::from_url("/search?pretty&format=json&q=x&lang=fr").unwrap();
    assert_eq!(parsed.language.as_deref(), Some("fr"));
    assert!(!parsed.seen);
    // The static pieces are part of the route.
    let err = Search::from_url("/search?q=x&pretty").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`Search` needs `format=json` in the query, which is missing"
    );
    let err = Search::from_url("/search?q=x&format=json&pretty=1").unwrap_err();
    assert_eq!(
        err.kind(),
        &RouteErrorKind::MissingPiece { piece: "pretty" }
    );
}

#[derive(Route, Debug, PartialEq)]
#[route("/items{?limit,cursor}", deny_unknown_params)]
struct Items {
    limit: Option<u16>,
    cursor: Option<String>,
}

#[test]
fn unknown_parameters_can_be_denied() {
    assert_eq!(
        Items::from_url("/items?limit=10").unwrap(),
        Items {
            limit: Some(10),
            cursor: None
        }
    );
    let err = Items::from_url("/items?limit=10&debug=1").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::UnknownParameter);
    assert_eq!(
        err.to_string(),
        "unknown query parameter `debug`; `Items` accepts only the parameters its template names"
    );
    assert_eq!(err.offset(), Some(16));
}

#[derive(Route, Debug, PartialEq)]
#[route("/hosts/{ip}/ports/{port}{?up,load,delta}")]
struct Host {
    ip: Fmt<Ipv4Addr>,
    port: u16,
    up: bool,
    load: f64,
    delta: i32,
}

#[test]
fn every_kind_of_value() {
    let host = Host {
        ip: Fmt(Ipv4Addr::new(10, 0, 0, 1)),
        port: 8080,
        up: true,
        load: 0.25,
        delta: -3,
    };
    round_trip(
        &host,
        "/hosts/10.0.0.1/ports/8080?up=true&load=0.25&delta=-3",
    );
}

#[test]
fn errors_name_the_field_and_the_reason() {
    let message = |url: &str| Post::from_url(url).unwrap_err().to_string();
    assert_eq!(
        message("/users/x/posts/a"),
        "`Post.id`: `x` is not an integer from 0 to 18446744073709551615"
    );
    assert_eq!(
        message("/users/007/posts/a"),
        "`Post.id`: `007` is not written the way `to_url` writes it; write `7`"
    );
    assert_eq!(
        message("/users/7/posts/a?page=two"),
        "`Post.page`: `two` is not an integer from 0 to 4294967295"
    );
    assert_eq!(
        message("/users/7/posts/a?page=1&page=2"),
        "`Post.page`: the query gives `page` more than once, but the field takes one value"
    );
    assert_eq!(
        message("/users/7/posts/caf%C3"),
        "`Post.slug`: `%C3` at byte 18 does not decode to UTF-8 (overlong, truncated or invalid sequence)"
    );
    assert_eq!(
        message("/users/7/posts/%2e%2E"),
        "`Post.slug`: the path segment `%2e%2E` is `.` or `..`, which URL parsers remove"
    );
    assert_eq!(
        message("/users/7/posts"),
        "the path `/users/7/posts` does not match `/users/{id}/posts/{slug}{?page,tag*}`"
    );
    assert_eq!(
        message("/users/7/posts/a b"),
        "invalid character ` ` in the URL path; write `%20` (at byte 16)"
    );
    assert_eq!(
        message("/users/7/posts/é"),
        "non-ASCII character `é` in the URL path; write `%C3%A9` (at byte 15)"
    );
    assert_eq!(
        message("users/7"),
        "`users/7` is not a path starting with `/`, which a route's URL is"
    );
    assert_eq!(
        message("https://example.com/users/7/posts/a"),
        "`https://example.com/users/7/posts/a` is an absolute URL, but `from_url` reads a path and query; require its origin with `from_url_on(&base)`, or accept any with `from_url_ignoring_origin`"
    );
    // An absolute URL that is not valid is reported as such first.
    assert_eq!(
        message("https://example.com/users/7/posts/%zz"),
        "invalid percent-escape `%zz` in the URL path; `%` must be followed by two hex digits, write `%25` for a literal percent sign (at byte 34)"
    );
    let err = Search::from_url("/search?format=json&pretty").unwrap_err();
    assert_eq!(err.field(), Some("query"));
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Missing));
    assert_eq!(
        err.to_string(),
        "`Search.query`: missing; the query has no `q` parameter"
    );
    // Quotes are cut short.
    let long = format!("/users/{}/posts/a", "9".repeat(200));
    assert_eq!(
        message(&long),
        format!(
            "`Post.id`: `{}…` is not an integer from 0 to 18446744073709551615",
            "9".repeat(64)
        )
    );
}

const API: Url = url!("https://api.example.com/v1/");

#[test]
fn on_a_base() {
    let url = post().to_url_on(&API).unwrap();
    assert_eq!(
        url,
        "https://api.example.com/v1/users/7/posts/hello%20world?page=2&tag=a%26b&tag=c"
    );
    assert_eq!(Post::from_url_on(&API, url.as_str()).unwrap(), post());
    // The join of `url!(base, ...)`, with the same template and values.
    let Post {
        id,
        slug,
        page,
        tag,
    } = post();
    assert_eq!(
        url,
        url!(API, "/users/{id}/posts/{slug}{?page,tag*}").unwrap()
    );
    let base = Url::parse("https://api.example.com/v1").unwrap();
    assert_eq!(Post::from_url_on(&base, url.as_str()).unwrap(), post());
    let with_query = Url::parse("https://api.example.com/v1?key=k").unwrap();
    let err = post().to_url_on(&with_query).unwrap_err();
    assert_eq!(*err.kind(), ExpandErrorKind::BaseHasQueryOrFragment);
    let err = Post::from_url_on(&API, "https://api.example.com/v2/users/7/posts/a").unwrap_err();
    assert_eq!(
        err.to_string(),
        "the path `https://api.example.com/v2/users/7/posts/a` matches no route of `Post`"
    );
}

/// A base with a query or a fragment is refused by `from_url_on` as by `to_url_on`: what
/// follows it is not a path (`https://api.example.com/#/users/7/posts/a` is the site's root
/// with a fragment), so reading it as one would accept URLs whose path is not the route's.
#[test]
fn a_base_with_a_query_or_a_fragment_is_refused() {
    for base in [
        "https://api.example.com/#",
        "https://api.example.com/v1#top",
        "https://api.example.com/v1?key=k",
        "https://api.example.com/?",
        "https://api.example.com?#",
    ] {
        let base = Url::parse(base).unwrap();
        for url in [
            format!("{base}/users/7/posts/a"),
            format!("{base}users/7/posts/a"),
            String::from("https://api.example.com/users/7/posts/a"),
        ] {
            let err = Post::from_url_on(&base, &url).unwrap_err();
            assert_eq!(
                err.kind(),
                &RouteErrorKind::BaseHasQueryOrFragment,
                "{base} {url}"
            );
            assert_eq!(err.route(), "Post");
            assert_eq!(
                err.to_string(),
                "the base URL has a query or a fragment; `from_url_on(&base, url)` reads what follows the base's path, so pass a base that ends with its path"
            );
        }
        let err = post().to_url_on(&base).unwrap_err();
        assert_eq!(
            *err.kind(),
            ExpandErrorKind::BaseHasQueryOrFragment,
            "{base}"
        );
    }
    // The same bases without their query or fragment still work.
    let base = Url::parse("https://api.example.com/").unwrap();
    assert_eq!(
        Post::from_url_on(&base, "https://api.example.com/users/7/posts/a")
            .unwrap()
            .slug,
        "a"
    );
}

/// `from_url` reads paths; a full URL's origin is either required (`from_url_on`) or waived by
/// name (`from_url_ignoring_origin`), never dropped in silence.
#[test]
fn an_origin_is_required_or_waived_by_name() {
    let kind = |url: &str| Post::from_url(url).unwrap_err().kind().clone();
    for url in [
        "https://evil.example/users/7/posts/a",
        "http://api.example.com/v1/users/7/posts/a",
        "myapp:/users/7/posts/a",
    ] {
        assert_eq!(kind(url), RouteErrorKind::AbsoluteUrl, "{url}");
    }
    // A path that starts with `//` is a path (origin-form), not a host.
    assert_eq!(
        kind("//evil.example/users/7/posts/a"),
        RouteErrorKind::NoMatch {
            template: Some(Post::TEMPLATE)
        }
    );
    // The origin named, exactly as written.
    let good = "https://api.example.com/v1/users/7/posts/a";
    assert_eq!(Post::from_url_on(&API, good).unwrap().slug, "a");
    for bad in [
        "https://evil.example/v1/users/7/posts/a",
        "http://api.example.com/v1/users/7/posts/a",
        "https://api.example.com.evil.example/v1/users/7/posts/a",
        "https://api.example.com/v1@evil.example/users/7/posts/a",
        "https://API.example.com/v1/users/7/posts/a",
    ] {
        let err = Post::from_url_on(&API, bad).unwrap_err();
        assert!(
            matches!(err.kind(), RouteErrorKind::NoMatch { .. }),
            "{bad}: {err}"
        );
    }
    // Any origin, by name; the fragment is dropped, and offsets are in the URL as given.
    let parsed = Post::from_url_ignoring_origin("https://mirror.example/users/7/posts/a?page=2#f");
    assert_eq!(parsed.unwrap().page, Some(2));
    // The whole path, base path included: it has no base to strip.
    assert!(Post::from_url_ignoring_origin(good).is_err());
    assert_eq!(
        Post::from_url_ignoring_origin("/users/7/posts/a")
            .unwrap()
            .slug,
        "a"
    );
    let err = Post::from_url_ignoring_origin("https://h/users/x/posts/a").unwrap_err();
    assert_eq!((err.field(), err.offset()), (Some("id"), Some(16)));
    assert_eq!(&"https://h/users/x/posts/a"[16..17], "x");
    let err = Post::from_url_ignoring_origin("mailto:a@example.com").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::NotAPath);
    let err = Post::from_url_ignoring_origin("https://h/a b").unwrap_err();
    assert!(matches!(err.kind(), RouteErrorKind::Url(_)), "{err}");
    // An empty path asks for `/` (RFC 9110 §4.2.3).
    assert_eq!(
        Root::from_url_ignoring_origin("https://example.com"),
        Ok(Root)
    );
    assert_eq!(
        Root::from_url_ignoring_origin("https://example.com?x"),
        Ok(Root)
    );
}

#[derive(Route, Debug, PartialEq)]
#[route("/")]
struct Root;

#[derive(Route, Debug, PartialEq)]
#[route("/pages/{id}")]
struct Page<T: urlkit::route::FromParam + urlkit::value::Value> {
    id: T,
}

/// Maps of a type parameter, in every map style: the derive bounds the map's keys and values.
#[derive(Route, Debug, PartialEq)]
#[route("/maps/{.path*}{?joined,deep,rest*}")]
struct Maps<T> {
    path: std::collections::BTreeMap<String, T>,
    joined: Vec<(String, T)>,
    #[route(style = "deepObject")]
    deep: std::collections::BTreeMap<String, T>,
    rest: std::collections::BTreeMap<String, T>,
}

#[test]
fn generic_routes() {
    round_trip(&Page { id: 5u8 }, "/pages/5");
    round_trip(
        &Page {
            id: "five".to_string(),
        },
        "/pages/five",
    );
    let one = |k: &str, v: u8| std::collections::BTreeMap::from([(k.to_string(), v)]);
    round_trip(
        &Maps {
            path: one("a", 1),
            joined: vec![("b".into(), 2)],
            deep: one("c", 3),
            rest: one("d", 4),
        },
        "/maps/.a=1?joined=b,2&deep%5Bc%5D=3&d=4",
    );
}

/// Fields named like types: the derive's marker types must not hide them.
#[allow(non_camel_case_types)]
type id = u64;

#[derive(Route, Debug, PartialEq)]
#[route("/odd/{u64}/{String}{?id}")]
#[allow(non_snake_case)]
struct OddNames {
    u64: u64,
    String: String,
    id: Option<id>,
}

#[test]
fn fields_named_like_types() {
    round_trip(
        &OddNames {
            u64: 1,
            String: "s".into(),
            id: Some(2),
        },
        "/odd/1/s?id=2",
    );
}

/// The fix the error for a field type of one's own suggests (`ui-tests/tests/ui/route/
/// types.rs`), applied: `FromParam` and `Value` implemented, the route builds and parses. (Its
/// other fix, `Fmt<T>`, is `Host::ip` above.)
mod own_field_type {
    use std::borrow::Cow;

    use urlkit::Route;
    use urlkit::route::{FromParam, ParamError};
    use urlkit::value::{Expansion, Scalar, Value};

    #[derive(Debug, PartialEq)]
    struct UserId(u64);

    impl Scalar for UserId {
        fn write(&self, e: &mut Expansion<'_, '_>) {
            e.push_fmt(format_args!("u-{}", self.0));
        }
    }
    impl Value for UserId {
        fn expand(&self, e: &mut Expansion<'_, '_>) {
            e.scalar(self);
        }
    }
    impl FromParam for UserId {
        fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
            let invalid = ParamError::Invalid {
                expected: "`u-` and an integer",
            };
            let digits = value.strip_prefix("u-").ok_or(invalid.clone())?;
            digits.parse().map(UserId).map_err(|_| invalid)
        }
    }

    #[derive(Route, Debug, PartialEq)]
    #[route("/users/{id}")]
    struct User {
        id: UserId,
    }

    #[test]
    fn a_field_type_that_implements_from_param_and_value() {
        let user = User { id: UserId(7) };
        let url = user.to_url().unwrap();
        assert_eq!(url, "/users/u-7");
        assert_eq!(User::from_url(url.as_str()).unwrap(), user);
    }
}
