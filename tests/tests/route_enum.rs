//! `#[derive(Route)]` on an enum: a REST API whose routes share prefixes, declared in two
//! orders that must parse every URL the same way (the most specific route wins).

use urlkit::Route;
use urlkit::route::{ParamError, RouteErrorKind};

#[derive(Route, Debug, PartialEq, Clone)]
enum Api {
    #[route("/")]
    Root,
    #[route("/users{?since,per_page}")]
    Users {
        since: Option<u64>,
        per_page: Option<u8>,
    },
    #[route("/users/me")]
    Me,
    #[route("/users/{login}")]
    User { login: String },
    #[route("/users/{login}/repos{?sort}")]
    UserRepos { login: String, sort: Option<String> },
    #[route("/avatars/{login}.png")]
    Avatar { login: String },
    #[route("/repos/{owner}/{repo}")]
    Repo { owner: String, repo: String },
    #[route("/repos/{owner}/{repo}/issues{?state,labels*,page}")]
    Issues {
        owner: String,
        repo: String,
        state: Option<String>,
        labels: Vec<String>,
        page: Option<u32>,
    },
    #[route("/repos/{owner}/{repo}/issues/{number}")]
    Issue {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/issues/{number}/comments")]
    IssueComments {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/contents{/path*}")]
    Contents {
        owner: String,
        repo: String,
        path: Vec<String>,
    },
    #[route("/repos/{owner}/{repo}/releases/latest")]
    LatestRelease { owner: String, repo: String },
    #[route("/repos/{owner}/{repo}/releases/{id}")]
    Release {
        owner: String,
        repo: String,
        id: u64,
    },
    #[route("/repos/{owner}/{repo}/releases/tags/{tag}")]
    ReleaseByTag {
        owner: String,
        repo: String,
        tag: String,
    },
    #[route("/search/code?q={query}")]
    SearchCode { query: String },
    #[route("/search/code?q={query}&sort=indexed")]
    SearchCodeByDate { query: String },
    #[route("/{org}")]
    Org { org: String },
}

/// The same routes, declared backwards.
#[derive(Route, Debug, PartialEq, Clone)]
enum Reversed {
    #[route("/{org}")]
    Org { org: String },
    #[route("/search/code?q={query}&sort=indexed")]
    SearchCodeByDate { query: String },
    #[route("/search/code?q={query}")]
    SearchCode { query: String },
    #[route("/repos/{owner}/{repo}/releases/tags/{tag}")]
    ReleaseByTag {
        owner: String,
        repo: String,
        tag: String,
    },
    #[route("/repos/{owner}/{repo}/releases/{id}")]
    Release {
        owner: String,
        repo: String,
        id: u64,
    },
    #[route("/repos/{owner}/{repo}/releases/latest")]
    LatestRelease { owner: String, repo: String },
    #[route("/repos/{owner}/{repo}/contents{/path*}")]
    Contents {
        owner: String,
        repo: String,
        path: Vec<String>,
    },
    #[route("/repos/{owner}/{repo}/issues/{number}/comments")]
    IssueComments {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/issues/{number}")]
    Issue {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/issues{?state,labels*,page}")]
    Issues {
        owner: String,
        repo: String,
        state: Option<String>,
        labels: Vec<String>,
        page: Option<u32>,
    },
    #[route("/repos/{owner}/{repo}")]
    Repo { owner: String, repo: String },
    #[route("/avatars/{login}.png")]
    Avatar { login: String },
    #[route("/users/{login}/repos{?sort}")]
    UserRepos { login: String, sort: Option<String> },
    #[route("/users/{login}")]
    User { login: String },
    #[route("/users/me")]
    Me,
    #[route("/users{?since,per_page}")]
    Users {
        since: Option<u64>,
        per_page: Option<u8>,
    },
    #[route("/")]
    Root,
}

fn s(text: &str) -> String {
    text.to_string()
}

/// The URL each variant is reached by.
fn cases() -> Vec<(&'static str, Api)> {
    let (owner, repo) = (s("rust-lang"), s("rust"));
    vec![
        ("/", Api::Root),
        (
            "/users",
            Api::Users {
                since: None,
                per_page: None,
            },
        ),
        (
            "/users?since=10&per_page=50",
            Api::Users {
                since: Some(10),
                per_page: Some(50),
            },
        ),
        ("/users/me", Api::Me),
        ("/users/mee", Api::User { login: s("mee") }),
        ("/users/ME", Api::User { login: s("ME") }),
        (
            "/users/ada/repos?sort=name",
            Api::UserRepos {
                login: s("ada"),
                sort: Some(s("name")),
            },
        ),
        ("/avatars/ada.png", Api::Avatar { login: s("ada") }),
        (
            "/rust-lang",
            Api::Org {
                org: s("rust-lang"),
            },
        ),
        (
            "/repos/rust-lang/rust",
            Api::Repo {
                owner: owner.clone(),
                repo: repo.clone(),
            },
        ),
        (
            "/repos/rust-lang/rust/issues?state=open&labels=A-macros&labels=C-bug",
            Api::Issues {
                owner: owner.clone(),
                repo: repo.clone(),
                state: Some(s("open")),
                labels: vec![s("A-macros"), s("C-bug")],
                page: None,
            },
        ),
        (
            "/repos/rust-lang/rust/issues/1",
            Api::Issue {
                owner: owner.clone(),
                repo: repo.clone(),
                number: 1,
            },
        ),
        (
            "/repos/rust-lang/rust/issues/1/comments",
            Api::IssueComments {
                owner: owner.clone(),
                repo: repo.clone(),
                number: 1,
            },
        ),
        (
            "/repos/rust-lang/rust/contents",
            Api::Contents {
                owner: owner.clone(),
                repo: repo.clone(),
                path: vec![],
            },
        ),
        (
            "/repos/rust-lang/rust/contents/src/lib.rs",
            Api::Contents {
                owner: owner.clone(),
                repo: repo.clone(),
                path: vec![s("src"), s("lib.rs")],
            },
        ),
        (
            "/repos/rust-lang/rust/releases/latest",
            Api::LatestRelease {
                owner: owner.clone(),
                repo: repo.clone(),
            },
        ),
        (
            "/repos/rust-lang/rust/releases/42",
            Api::Release {
                owner: owner.clone(),
                repo: repo.clone(),
                id: 42,
            },
        ),
        (
            "/repos/rust-lang/rust/releases/tags/1.95.0",
            Api::ReleaseByTag {
                owner: owner.clone(),
                repo: repo.clone(),
                tag: s("1.95.0"),
            },
        ),
        (
            "/search/code?q=fn+main",
            Api::SearchCode {
                query: s("fn main"),
            },
        ),
        (
            "/search/code?sort=indexed&q=x",
            Api::SearchCodeByDate { query: s("x") },
        ),
        (
            "/search/code?sort=stars&q=x",
            Api::SearchCode { query: s("x") },
        ),
    ]
}

#[test]
fn the_most_specific_route_wins_whatever_the_order() {
    for (url, expected) in cases() {
        let parsed = Api::from_url(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(parsed, expected, "{url}");
        let reversed = Reversed::from_url(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(format!("{reversed:?}"), format!("{expected:?}"), "{url}");
    }
}

#[test]
fn every_variant_round_trips() {
    for (url, value) in cases() {
        let built = value.to_url().unwrap();
        assert_eq!(Api::from_url(built.as_str()).unwrap(), value, "{url}");
    }
    // Some URLs are written back exactly; the others differ in order or spelling only.
    let built = |url: &str| Api::from_url(url).unwrap().to_url().unwrap();
    assert_eq!(
        built("/search/code?sort=indexed&q=x"),
        "/search/code?q=x&sort=indexed"
    );
    assert_eq!(built("/search/code?q=fn+main"), "/search/code?q=fn%20main");
    assert_eq!(
        built("/repos/rust-lang/rust/contents/src/lib.rs"),
        "/repos/rust-lang/rust/contents/src/lib.rs"
    );
}

#[test]
fn templates_and_errors() {
    assert_eq!(Api::TEMPLATES.len(), 17);
    assert_eq!(Api::TEMPLATES[0], "/");
    assert_eq!(Api::Me.template(), "/users/me");

    // A value that does not convert is an error of the route it matched, not a reason to
    // try another: `latest` is static text, `x` is not a release id.
    let err = Api::from_url("/repos/a/b/releases/x").unwrap_err();
    assert_eq!(err.route(), "Api::Release");
    assert_eq!(err.field(), Some("id"));
    assert_eq!(
        err.to_string(),
        "`Api::Release.id`: `x` is not an integer from 0 to 18446744073709551615"
    );
    // A trailing `/` is another path, and `.jpg` is not `.png`: no route has them.
    assert!(Api::from_url("/users/ada/").is_err());
    let err = Api::from_url("/avatars/ada.jpg").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::NoMatch { template: None });
    assert_eq!(
        err.to_string(),
        "the path `/avatars/ada.jpg` matches no route of `Api`"
    );
    // The path matched a route whose query needs what is missing: that route says so.
    let err = Api::from_url("/search/code").unwrap_err();
    assert_eq!(err.kind(), &RouteErrorKind::Value(ParamError::Missing));
    assert_eq!(
        err.to_string(),
        "`Api::SearchCode.query`: missing; the query has no `q` parameter"
    );
    let err = Api::from_url("/users?per_page=1000").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`Api::Users.per_page`: `1000` is not an integer from 0 to 255"
    );
}

/// A route whose segment is a placeholder followed by an optional one: `to_url` of an empty
/// `id` would have built `/users/`, another variant's URL, without a word (it is no
/// `ParsesAs`: no static text tells them apart at compile time). The segment the template
/// leaves to `{id}{/tab}` is never written empty.
#[derive(Route, Debug, PartialEq, Clone)]
enum Profiles {
    #[route("/users/")]
    List,
    #[route("/users/{id}{/tab}")]
    Profile { id: String, tab: Option<String> },
}

#[test]
fn a_route_never_builds_an_empty_segment_of_its_placeholders() {
    // Whatever `tab`: `/users/` with nothing after it, or `//` before the tab.
    for (tab, kind) in [
        (None, urlkit::ExpandErrorKind::EmptySegment),
        (Some(s("repos")), urlkit::ExpandErrorKind::DoubleSlash),
        (Some(String::new()), urlkit::ExpandErrorKind::DoubleSlash),
    ] {
        let empty = Profiles::Profile {
            id: String::new(),
            tab: tab.clone(),
        };
        let err = empty.to_url().unwrap_err();
        assert_eq!(err.kind(), &kind, "{tab:?}");
        assert_eq!(err.placeholder(), "id");
    }
    let ada = Profiles::Profile {
        id: s("ada"),
        tab: Some(s("repos")),
    };
    assert_eq!(ada.to_url().unwrap(), "/users/ada/repos");
    assert_eq!(Profiles::from_url("/users/ada/repos").unwrap(), ada);
    assert_eq!(Profiles::List.to_url().unwrap(), "/users/");
    assert_eq!(Profiles::from_url("/users/").unwrap(), Profiles::List);
}
