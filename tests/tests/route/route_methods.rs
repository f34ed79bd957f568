//! Routes that declare methods (`#[route(post, "...")]`): routes on one URL under methods
//! that differ, `from_request` picking by method and answering a method no route takes
//! apart from a URL no route takes, `HEAD` read as `GET`, and `to_url`'s round trip under
//! the route's own methods.

use urlkit::route::{Method, Methods, RouteErrorKind};
use urlkit::{ExpandErrorKind, Route};

#[derive(Route, Debug, PartialEq)]
enum Site {
    #[route(get, "/login")]
    LoginForm,
    #[route(post, "/login{?next}")]
    Login { next: Option<String> },
    #[route(get, head, "/items/{id}")]
    Item { id: u32 },
    #[route(put, patch, "/items/{id}")]
    SaveItem { id: u32 },
    #[route(delete, "/items/{id}")]
    DeleteItem { id: u32 },
    #[route("/health")]
    Health,
}

fn allowed(err: &urlkit::RouteError) -> Methods {
    match err.kind() {
        RouteErrorKind::MethodNotAllowed { allowed } => *allowed,
        other => panic!("not a 405: {other:?}"),
    }
}

#[test]
fn the_method_picks_the_variant() {
    let cases: [(Method, &str, Site); 8] = [
        (Method::Get, "/login", Site::LoginForm),
        (Method::Post, "/login", Site::Login { next: None }),
        (
            Method::Post,
            "/login?next=%2Fa",
            Site::Login {
                next: Some("/a".into()),
            },
        ),
        (Method::Get, "/items/7", Site::Item { id: 7 }),
        (Method::Head, "/items/7", Site::Item { id: 7 }),
        (Method::Put, "/items/7", Site::SaveItem { id: 7 }),
        (Method::Patch, "/items/7", Site::SaveItem { id: 7 }),
        (Method::Delete, "/items/7", Site::DeleteItem { id: 7 }),
    ];
    for (method, url, value) in cases {
        assert_eq!(
            Site::from_request(method, url).unwrap(),
            value,
            "{method} {url}"
        );
    }
    // A route without methods takes every one, and methods no route can declare.
    for method in Method::ALL {
        assert_eq!(Site::from_request(method, "/health").unwrap(), Site::Health);
    }
    assert_eq!(
        Site::from_url_for_methods(Some(Methods::EMPTY), "/health").unwrap(),
        Site::Health
    );
}

#[test]
fn a_url_taken_under_other_methods_is_a_405() {
    let err = Site::from_request(Method::Delete, "/login").unwrap_err();
    // `HEAD` wherever `GET` is: `from_request` answers it.
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, POST");
    assert_eq!(err.route(), "Site");
    assert_eq!(
        err.to_string(),
        "the path `/login` matches a route of `Site`, but not with this method; it takes GET, HEAD, POST"
    );
    let err = Site::from_request(Method::Post, "/items/7").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, PUT, DELETE, PATCH");
    let err = Site::from_url_for_methods(Some(Methods::EMPTY), "/items/7").unwrap_err();
    // Not read as a request: no `HEAD` added.
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, PUT, DELETE, PATCH");
    // A URL no route takes is a miss, whatever the method.
    let err = Site::from_request(Method::Delete, "/logout").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::NoMatch { template: None });
    // A value that does not parse is the value's error, not a 405.
    let err = Site::from_request(Method::Get, "/items/x").unwrap_err();
    assert!(matches!(err.kind(), RouteErrorKind::Value(_)), "{err:?}");
}

#[test]
fn head_is_get_unless_a_route_declares_it() {
    #[derive(Route, Debug, PartialEq)]
    enum Files {
        #[route(get, "/f/{name}")]
        Read { name: String },
        #[route(head, "/f/{name}")]
        Probe { name: String },
        #[route(get, "/g")]
        Other,
    }
    let name = String::from("a");
    assert_eq!(
        Files::from_request(Method::Head, "/f/a").unwrap(),
        Files::Probe { name: name.clone() }
    );
    assert_eq!(
        Files::from_request(Method::Get, "/f/a").unwrap(),
        Files::Read { name }
    );
    assert_eq!(
        Files::from_request(Method::Head, "/g").unwrap(),
        Files::Other
    );
    let err = Files::from_request(Method::Post, "/f/a").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "GET, HEAD");
}

#[test]
fn from_url_takes_the_first_route_tried_whatever_its_methods() {
    // `/login` goes to the route tried first: by the rules of "Which route matches", the
    // one without a query parameter.
    assert_eq!(Site::from_url("/login").unwrap(), Site::LoginForm);
    assert_eq!(Site::from_url("/login?next=%2F").unwrap(), Site::LoginForm);
    assert_eq!(Site::from_url("/items/3").unwrap(), Site::Item { id: 3 });
}

#[test]
fn every_value_reads_back_under_each_of_its_methods() {
    use Method::{Delete, Get, Head, Patch, Post, Put};
    let values: [(Site, &[Method]); 7] = [
        (Site::LoginForm, &[Get, Head]),
        (Site::Login { next: None }, &[Post]),
        (
            Site::Login {
                next: Some("/a b".into()),
            },
            &[Post],
        ),
        (Site::Item { id: 1 }, &[Get, Head]),
        (Site::SaveItem { id: 2 }, &[Put, Patch]),
        (Site::DeleteItem { id: 3 }, &[Delete]),
        (Site::Health, &Method::ALL),
    ];
    for (value, methods) in values {
        let url = value.to_url().unwrap();
        for &method in methods {
            let read = Site::from_request(method, url.as_str()).unwrap();
            assert_eq!(read, value, "{method} {url}");
        }
    }
}

#[test]
fn shapes_and_method_say_the_declared_methods() {
    #[derive(Route)]
    #[route(post, "/logout")]
    struct Logout;

    let methods: Vec<&[Method]> = Site::SHAPES
        .iter()
        .map(urlkit::route::RouteShape::methods)
        .collect();
    assert_eq!(
        methods,
        [
            &[Method::Get][..],
            &[Method::Post],
            &[Method::Get, Method::Head],
            &[Method::Put, Method::Patch],
            &[Method::Delete],
            &[],
        ]
    );
    assert_eq!(Site::SaveItem { id: 1 }.method(), Some(Method::Put));
    assert_eq!(Site::Health.method(), None);
    assert_eq!(Logout.method(), Some(Method::Post));
    assert_eq!(Logout::SHAPES[0].methods(), [Method::Post]);
}

/// `to_url` refuses a value whose URL a route tried before it takes under one of its
/// methods, and only then: the check walks with the route's methods.
#[test]
fn to_url_checks_the_round_trip_under_the_routes_methods() {
    #[derive(Route, Debug, PartialEq)]
    enum Api {
        #[route(get, "/r/me")]
        Me,
        #[route(post, "/r/me")]
        PostMe,
        #[route(post, "/r/{f}")]
        Post { f: String },
        #[route(get, "/r/{f}")]
        Get { f: String },
    }
    // A `POST` to `/r/me` is `PostMe`'s: `Post { f: "me" }` cannot be written.
    let err = Api::Post { f: "me".into() }.to_url().unwrap_err();
    assert!(
        matches!(err.kind(), ExpandErrorKind::ParsesAs { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("Api::PostMe"), "{err}");
    let err = Api::Get { f: "me".into() }.to_url().unwrap_err();
    assert!(err.to_string().contains("Api::Me"), "{err}");
    let url = Api::Post { f: "you".into() }.to_url().unwrap();
    assert_eq!(
        Api::from_request(Method::Post, url.as_str()).unwrap(),
        Api::Post { f: "you".into() }
    );
    assert_eq!(
        Api::from_request(Method::Post, "/r/me").unwrap(),
        Api::PostMe
    );
}

/// Routes that overlap, some under shared methods and some not.
#[derive(Route, Debug, PartialEq, Clone)]
enum Overlap {
    #[route(get, "/r/me")]
    Me,
    #[route(post, "/r/me")]
    PostMe,
    #[route(post, put, "/r/{f}")]
    Write { f: String },
    #[route(get, "/r/{f}")]
    Read { f: String },
    #[route("/r/{f}/x{?q}")]
    Any { f: String, q: Option<String> },
    #[route(delete, "/r/{f}/x?q={q}")]
    Delete { f: String, q: String },
}

/// The methods each variant declares, written here rather than read from the derive; every
/// method for a variant that declares none.
fn declared(v: &Overlap) -> &'static [Method] {
    match v {
        Overlap::Me | Overlap::Read { .. } => &[Method::Get],
        Overlap::PostMe => &[Method::Post],
        Overlap::Write { .. } => &[Method::Post, Method::Put],
        Overlap::Any { .. } => &Method::ALL,
        Overlap::Delete { .. } => &[Method::Delete],
    }
}

fn overlap() -> impl proptest::strategy::Strategy<Value = Overlap> {
    use proptest::prelude::*;
    let text = prop_oneof![
        Just("me".to_owned()),
        Just("x".to_owned()),
        "[a-z/ %é]{1,4}"
    ];
    prop_oneof![
        Just(Overlap::Me),
        Just(Overlap::PostMe),
        text.clone().prop_map(|f| Overlap::Write { f }),
        text.clone().prop_map(|f| Overlap::Read { f }),
        (text.clone(), proptest::option::of(text.clone())).prop_map(|(f, q)| Overlap::Any { f, q }),
        (text.clone(), text).prop_map(|(f, q)| Overlap::Delete { f, q }),
    ]
}

proptest::proptest! {
    /// `to_url` gives a URL that each method the variant declares reads back into the value,
    /// or refuses it as another variant's; where the variant declares no method, `from_url`
    /// reads it back too.
    #[test]
    fn each_declared_method_reads_back_what_to_url_wrote(v in overlap()) {
        match v.to_url() {
            Ok(url) => {
                for &method in declared(&v) {
                    let read = Overlap::from_request(method, url.as_str());
                    proptest::prop_assert_eq!(read.as_ref(), Ok(&v), "{} {}", method, url);
                }
                if v.method().is_none() {
                    let read = Overlap::from_url(url.as_str());
                    proptest::prop_assert_eq!(read.as_ref(), Ok(&v));
                }
            }
            Err(e) => {
                let parses_as = matches!(e.kind(), ExpandErrorKind::ParsesAs { .. });
                let empty = matches!(e.kind(), ExpandErrorKind::EmptySegment | ExpandErrorKind::DotSegment);
                proptest::prop_assert!(parses_as || empty, "{:?}: {}", v, e);
            }
        }
    }
}

/// Each route of an enum is written (`to_url`) and read (`from_url`) by a function of its own,
/// which the impl calls with the variant's fields: each field goes where its route puts it
/// (`owner` and `repo` swapped would still compile), and what a route refuses (a method, a
/// query it requires, a value) is what `from_request` answers.
#[derive(Route, Debug, PartialEq)]
enum Repo {
    #[route(get, "/repos/{owner}/{repo}")]
    Get { owner: String, repo: String },
    #[route(delete, "/repos/{owner}/{repo}")]
    Delete { owner: String, repo: String },
    #[route(get, "/repos/{owner}/{repo}/issues?state={state}")]
    Issues {
        owner: String,
        repo: String,
        state: String,
    },
    #[route(get, "/repos/{owner}/{repo}/issues/{number}")]
    Issue {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route(post, "/repos/{owner}/{repo}/issues/{number}")]
    Comment {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route(get, "/users/{user}")]
    User { user: String },
}

#[test]
fn each_route_writes_and_reads_its_own_fields() {
    let (owner, repo) = (String::from("o"), String::from("r"));
    let values = [
        (
            Method::Get,
            Repo::Get {
                owner: owner.clone(),
                repo: repo.clone(),
            },
        ),
        (
            Method::Delete,
            Repo::Delete {
                owner: owner.clone(),
                repo: repo.clone(),
            },
        ),
        (
            Method::Get,
            Repo::Issues {
                owner: owner.clone(),
                repo: repo.clone(),
                state: "open".into(),
            },
        ),
        (
            Method::Get,
            Repo::Issue {
                owner: owner.clone(),
                repo: repo.clone(),
                number: 7,
            },
        ),
        (
            Method::Post,
            Repo::Comment {
                owner,
                repo,
                number: 7,
            },
        ),
        (Method::Get, Repo::User { user: "u".into() }),
    ];
    for (method, value) in values {
        let url = value.to_url().unwrap();
        assert_eq!(
            Repo::from_request(method, url.as_str()).unwrap(),
            value,
            "{url}"
        );
    }
    let err = Repo::from_request(Method::Put, "/repos/o/r/issues/7").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, POST");
    let err = Repo::from_request(Method::Post, "/repos/o/r").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, DELETE");
    let err = Repo::from_request(Method::Get, "/repos/o/r/issues/x").unwrap_err();
    assert!(matches!(err.kind(), RouteErrorKind::Value(_)), "{err:?}");
    let err = Repo::from_request(Method::Get, "/repos/o/r/issues").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`Repo::Issues.state`: missing; the query has no `state` parameter"
    );
    let err = Repo::from_request(Method::Get, "/repos/o/r/pulls").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::NoMatch { template: None });
}

/// Services whose routes are written alike: the walk writes the code of their subtrees once
/// (`__walk_K`, which the derive shares between subtrees written alike), and each subtree
/// must still give its own routes, its own methods and its own fields.
#[derive(Route, Debug, PartialEq)]
enum Services {
    #[route(get, "/a/{owner}/items{?page}")]
    ListA { owner: String, page: Option<u32> },
    #[route(post, "/a/{owner}/items")]
    CreateA { owner: String },
    #[route(get, "/a/{owner}/items/{n}")]
    GetA { owner: String, n: u64 },
    #[route(get, "/b/{owner}/items{?page}")]
    ListB { owner: String, page: Option<u32> },
    #[route(post, "/b/{owner}/items")]
    CreateB { owner: String },
    #[route(get, "/b/{owner}/items/{n}")]
    GetB { owner: String, n: u64 },
    #[route(delete, "/c/{owner}/items/{n}")]
    DeleteC { owner: String, n: u64 },
}

#[test]
fn routes_written_alike_each_give_their_own_variant() {
    let owner = || String::from("o");
    let cases: [(Method, &str, Services); 7] = [
        (
            Method::Get,
            "/a/o/items?page=2",
            Services::ListA {
                owner: owner(),
                page: Some(2),
            },
        ),
        (
            Method::Post,
            "/a/o/items",
            Services::CreateA { owner: owner() },
        ),
        (
            Method::Get,
            "/a/o/items/7",
            Services::GetA {
                owner: owner(),
                n: 7,
            },
        ),
        (
            Method::Get,
            "/b/o/items",
            Services::ListB {
                owner: owner(),
                page: None,
            },
        ),
        (
            Method::Post,
            "/b/o/items",
            Services::CreateB { owner: owner() },
        ),
        (
            Method::Get,
            "/b/o/items/8",
            Services::GetB {
                owner: owner(),
                n: 8,
            },
        ),
        (
            Method::Delete,
            "/c/o/items/9",
            Services::DeleteC {
                owner: owner(),
                n: 9,
            },
        ),
    ];
    for (method, url, value) in cases {
        assert_eq!(value.to_url().unwrap(), url, "{value:?}");
        assert_eq!(value.method(), Some(method));
        assert_eq!(
            Services::from_request(method, url).unwrap(),
            value,
            "{method} {url}"
        );
    }
    let err = Services::from_request(Method::Delete, "/b/o/items").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "GET, HEAD, POST");
    let err = Services::from_request(Method::Get, "/c/o/items/9").unwrap_err();
    assert_eq!(allowed(&err).to_string(), "DELETE");
    let err = Services::from_request(Method::Get, "/b/o/items?page=x").unwrap_err();
    assert_eq!(err.field(), Some("page"));
    assert_eq!(err.route(), "Services::ListB");
    assert!(Services::from_url("/c/o/items").is_err());
}
