//! `from_url` on an enum of 32 routes of a REST API (GitHub's), against `matchit` (the router
//! axum uses) doing the same matching plus the same value decoding and conversion: each
//! captured value through `decode::component` (query values `decode::form`) and
//! `FromParam::from_param`, into the same enum. Both parse the same 32 request targets, one
//! per route, each checked to give the same value before anything is measured.
//!
//! `cargo bench -p urlkit-bench --bench routes -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urlkit::Route;
use urlkit::decode;
use urlkit::route::FromParam;

#[derive(Route, Debug, PartialEq)]
enum Api {
    #[route("/")]
    Root,
    #[route("/user")]
    CurrentUser,
    #[route("/users{?since,per_page}")]
    Users {
        since: Option<u64>,
        per_page: Option<u8>,
    },
    #[route("/users/{username}")]
    User { username: String },
    #[route("/users/{username}/repos{?sort,page}")]
    UserRepos {
        username: String,
        sort: Option<String>,
        page: Option<u32>,
    },
    #[route("/users/{username}/followers")]
    Followers { username: String },
    #[route("/users/{username}/following/{target}")]
    Following { username: String, target: String },
    #[route("/orgs/{org}")]
    Org { org: String },
    #[route("/orgs/{org}/repos{?type,page}")]
    OrgRepos {
        org: String,
        r#type: Option<String>,
        page: Option<u32>,
    },
    #[route("/orgs/{org}/members/{username}")]
    OrgMember { org: String, username: String },
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
    #[route("/repos/{owner}/{repo}/issues/{number}/comments{?page}")]
    IssueComments {
        owner: String,
        repo: String,
        number: u64,
        page: Option<u32>,
    },
    #[route("/repos/{owner}/{repo}/issues/comments/{id}")]
    IssueComment {
        owner: String,
        repo: String,
        id: u64,
    },
    #[route("/repos/{owner}/{repo}/pulls{?state,base}")]
    Pulls {
        owner: String,
        repo: String,
        state: Option<String>,
        base: Option<String>,
    },
    #[route("/repos/{owner}/{repo}/pulls/{number}")]
    Pull {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/pulls/{number}/files")]
    PullFiles {
        owner: String,
        repo: String,
        number: u64,
    },
    #[route("/repos/{owner}/{repo}/pulls/{number}/reviews/{review}")]
    PullReview {
        owner: String,
        repo: String,
        number: u64,
        review: u64,
    },
    #[route("/repos/{owner}/{repo}/commits{?sha,path}")]
    Commits {
        owner: String,
        repo: String,
        sha: Option<String>,
        path: Option<String>,
    },
    #[route("/repos/{owner}/{repo}/commits/{sha}")]
    Commit {
        owner: String,
        repo: String,
        sha: String,
    },
    #[route("/repos/{owner}/{repo}/branches/{branch}")]
    Branch {
        owner: String,
        repo: String,
        branch: String,
    },
    #[route("/repos/{owner}/{repo}/contents{/path*}")]
    Contents {
        owner: String,
        repo: String,
        path: Vec<String>,
    },
    #[route("/repos/{owner}/{repo}/releases")]
    Releases { owner: String, repo: String },
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
    #[route("/repos/{owner}/{repo}/actions/runs/{run}")]
    Run {
        owner: String,
        repo: String,
        run: u64,
    },
    #[route("/repos/{owner}/{repo}/actions/runs/{run}/jobs{?page}")]
    RunJobs {
        owner: String,
        repo: String,
        run: u64,
        page: Option<u32>,
    },
    #[route("/search/repositories?q={q}{&sort,page}")]
    SearchRepos {
        q: String,
        sort: Option<String>,
        page: Option<u32>,
    },
    #[route("/gists/{id}")]
    Gist { id: String },
    #[route("/notifications{?all,participating}")]
    Notifications {
        all: Option<bool>,
        participating: Option<bool>,
    },
}

/// One request target per route, as a server receives them.
const TARGETS: [&str; 32] = [
    "/",
    "/user",
    "/users?since=135&per_page=50",
    "/users/octocat",
    "/users/octocat/repos?sort=updated&page=2",
    "/users/octocat/followers",
    "/users/octocat/following/hubot",
    "/orgs/rust-lang",
    "/orgs/rust-lang/repos?type=public",
    "/orgs/rust-lang/members/octocat",
    "/repos/rust-lang/rust",
    "/repos/rust-lang/rust/issues?state=open&labels=A-macros&labels=C-bug&page=2",
    "/repos/rust-lang/rust/issues/12345",
    "/repos/rust-lang/rust/issues/12345/comments?page=3",
    "/repos/rust-lang/rust/issues/comments/987654321",
    "/repos/rust-lang/rust/pulls?state=closed&base=master",
    "/repos/rust-lang/rust/pulls/4242",
    "/repos/rust-lang/rust/pulls/4242/files",
    "/repos/rust-lang/rust/pulls/4242/reviews/77",
    "/repos/rust-lang/rust/commits?sha=beta&path=src%2Flib.rs",
    "/repos/rust-lang/rust/commits/6b2d1a8e4f",
    "/repos/rust-lang/rust/branches/feature%2Furl-kit",
    "/repos/rust-lang/rust/contents/compiler/rustc_span/src/lib.rs",
    "/repos/rust-lang/rust/releases",
    "/repos/rust-lang/rust/releases/latest",
    "/repos/rust-lang/rust/releases/123456",
    "/repos/rust-lang/rust/releases/tags/1.95.0",
    "/repos/rust-lang/rust/actions/runs/31415926",
    "/repos/rust-lang/rust/actions/runs/31415926/jobs?page=1",
    "/search/repositories?q=url+template+language%3Arust&sort=stars",
    "/gists/aa5a315d61ae9438b18d",
    "/notifications?all=true",
];

/// Which route matchit found.
#[derive(Clone, Copy)]
enum Id {
    Root,
    CurrentUser,
    Users,
    User,
    UserRepos,
    Followers,
    Following,
    Org,
    OrgRepos,
    OrgMember,
    Repo,
    Issues,
    Issue,
    IssueComments,
    IssueComment,
    Pulls,
    Pull,
    PullFiles,
    PullReview,
    Commits,
    Commit,
    Branch,
    Contents,
    ContentsRoot,
    Releases,
    LatestRelease,
    Release,
    ReleaseByTag,
    Run,
    RunJobs,
    SearchRepos,
    Gist,
    Notifications,
}

fn router() -> matchit::Router<Id> {
    let mut router = matchit::Router::new();
    for (path, id) in [
        ("/", Id::Root),
        ("/user", Id::CurrentUser),
        ("/users", Id::Users),
        ("/users/{username}", Id::User),
        ("/users/{username}/repos", Id::UserRepos),
        ("/users/{username}/followers", Id::Followers),
        ("/users/{username}/following/{target}", Id::Following),
        ("/orgs/{org}", Id::Org),
        ("/orgs/{org}/repos", Id::OrgRepos),
        ("/orgs/{org}/members/{username}", Id::OrgMember),
        ("/repos/{owner}/{repo}", Id::Repo),
        ("/repos/{owner}/{repo}/issues", Id::Issues),
        ("/repos/{owner}/{repo}/issues/{number}", Id::Issue),
        (
            "/repos/{owner}/{repo}/issues/{number}/comments",
            Id::IssueComments,
        ),
        (
            "/repos/{owner}/{repo}/issues/comments/{id}",
            Id::IssueComment,
        ),
        ("/repos/{owner}/{repo}/pulls", Id::Pulls),
        ("/repos/{owner}/{repo}/pulls/{number}", Id::Pull),
        ("/repos/{owner}/{repo}/pulls/{number}/files", Id::PullFiles),
        (
            "/repos/{owner}/{repo}/pulls/{number}/reviews/{review}",
            Id::PullReview,
        ),
        ("/repos/{owner}/{repo}/commits", Id::Commits),
        ("/repos/{owner}/{repo}/commits/{sha}", Id::Commit),
        ("/repos/{owner}/{repo}/branches/{branch}", Id::Branch),
        ("/repos/{owner}/{repo}/contents", Id::ContentsRoot),
        ("/repos/{owner}/{repo}/contents/{*path}", Id::Contents),
        ("/repos/{owner}/{repo}/releases", Id::Releases),
        ("/repos/{owner}/{repo}/releases/latest", Id::LatestRelease),
        ("/repos/{owner}/{repo}/releases/{id}", Id::Release),
        (
            "/repos/{owner}/{repo}/releases/tags/{tag}",
            Id::ReleaseByTag,
        ),
        ("/repos/{owner}/{repo}/actions/runs/{run}", Id::Run),
        ("/repos/{owner}/{repo}/actions/runs/{run}/jobs", Id::RunJobs),
        ("/search/repositories", Id::SearchRepos),
        ("/gists/{id}", Id::Gist),
        ("/notifications", Id::Notifications),
    ] {
        router.insert(path, id).expect("no conflicts");
    }
    router
}

/// The same conversions `from_url` makes: decode, then `FromParam`.
fn convert<T: FromParam>(raw: &str, form: bool) -> Option<T> {
    let decoded = if form {
        decode::form(raw)
    } else {
        decode::component(raw)
    };
    T::from_param(decoded.ok()?).ok()
}

fn path<T: FromParam>(params: &matchit::Params<'_, '_>, name: &str) -> Option<T> {
    convert(params.get(name)?, false)
}

/// The values of a query parameter, raw.
fn values<'q>(query: &'q str, key: &'q str) -> impl Iterator<Item = &'q str> {
    query.split('&').filter_map(move |piece| {
        let (k, v) = piece.split_once('=').unwrap_or((piece, ""));
        (k == key).then_some(v)
    })
}

/// An optional query parameter: `Some(None)` when absent, `None` when malformed.
#[allow(
    clippy::option_option,
    reason = "absent and malformed are two different outcomes"
)]
fn opt<T: FromParam>(query: &str, key: &str) -> Option<Option<T>> {
    match values(query, key).next() {
        None => Some(None),
        Some(raw) => convert(raw, true).map(Some),
    }
}

fn list<T: FromParam>(query: &str, key: &str) -> Option<Vec<T>> {
    values(query, key).map(|raw| convert(raw, true)).collect()
}

/// `from_url`'s work done with matchit for the path.
fn with_matchit(router: &matchit::Router<Id>, target: &str) -> Option<Api> {
    let (p, q) = target.split_once('?').unwrap_or((target, ""));
    let found = router.at(p).ok()?;
    let m = &found.params;
    let s = |name| path::<String>(m, name);
    Some(match *found.value {
        Id::Root => Api::Root,
        Id::CurrentUser => Api::CurrentUser,
        Id::Users => Api::Users {
            since: opt(q, "since")?,
            per_page: opt(q, "per_page")?,
        },
        Id::User => Api::User {
            username: s("username")?,
        },
        Id::UserRepos => Api::UserRepos {
            username: s("username")?,
            sort: opt(q, "sort")?,
            page: opt(q, "page")?,
        },
        Id::Followers => Api::Followers {
            username: s("username")?,
        },
        Id::Following => Api::Following {
            username: s("username")?,
            target: s("target")?,
        },
        Id::Org => Api::Org { org: s("org")? },
        Id::OrgRepos => Api::OrgRepos {
            org: s("org")?,
            r#type: opt(q, "type")?,
            page: opt(q, "page")?,
        },
        Id::OrgMember => Api::OrgMember {
            org: s("org")?,
            username: s("username")?,
        },
        Id::Repo => Api::Repo {
            owner: s("owner")?,
            repo: s("repo")?,
        },
        Id::Issues => Api::Issues {
            owner: s("owner")?,
            repo: s("repo")?,
            state: opt(q, "state")?,
            labels: list(q, "labels")?,
            page: opt(q, "page")?,
        },
        Id::Issue => Api::Issue {
            owner: s("owner")?,
            repo: s("repo")?,
            number: path(m, "number")?,
        },
        Id::IssueComments => Api::IssueComments {
            owner: s("owner")?,
            repo: s("repo")?,
            number: path(m, "number")?,
            page: opt(q, "page")?,
        },
        Id::IssueComment => Api::IssueComment {
            owner: s("owner")?,
            repo: s("repo")?,
            id: path(m, "id")?,
        },
        Id::Pulls => Api::Pulls {
            owner: s("owner")?,
            repo: s("repo")?,
            state: opt(q, "state")?,
            base: opt(q, "base")?,
        },
        Id::Pull => Api::Pull {
            owner: s("owner")?,
            repo: s("repo")?,
            number: path(m, "number")?,
        },
        Id::PullFiles => Api::PullFiles {
            owner: s("owner")?,
            repo: s("repo")?,
            number: path(m, "number")?,
        },
        Id::PullReview => Api::PullReview {
            owner: s("owner")?,
            repo: s("repo")?,
            number: path(m, "number")?,
            review: path(m, "review")?,
        },
        Id::Commits => Api::Commits {
            owner: s("owner")?,
            repo: s("repo")?,
            sha: opt(q, "sha")?,
            path: opt(q, "path")?,
        },
        Id::Commit => Api::Commit {
            owner: s("owner")?,
            repo: s("repo")?,
            sha: s("sha")?,
        },
        Id::Branch => Api::Branch {
            owner: s("owner")?,
            repo: s("repo")?,
            branch: s("branch")?,
        },
        Id::ContentsRoot => Api::Contents {
            owner: s("owner")?,
            repo: s("repo")?,
            path: Vec::new(),
        },
        Id::Contents => Api::Contents {
            owner: s("owner")?,
            repo: s("repo")?,
            // The catch-all is split on `/` before decoding, as `{/path*}` is.
            path: m
                .get("path")?
                .split('/')
                .map(|raw| convert(raw, false))
                .collect::<Option<_>>()?,
        },
        Id::Releases => Api::Releases {
            owner: s("owner")?,
            repo: s("repo")?,
        },
        Id::LatestRelease => Api::LatestRelease {
            owner: s("owner")?,
            repo: s("repo")?,
        },
        Id::Release => Api::Release {
            owner: s("owner")?,
            repo: s("repo")?,
            id: path(m, "id")?,
        },
        Id::ReleaseByTag => Api::ReleaseByTag {
            owner: s("owner")?,
            repo: s("repo")?,
            tag: s("tag")?,
        },
        Id::Run => Api::Run {
            owner: s("owner")?,
            repo: s("repo")?,
            run: path(m, "run")?,
        },
        Id::RunJobs => Api::RunJobs {
            owner: s("owner")?,
            repo: s("repo")?,
            run: path(m, "run")?,
            page: opt(q, "page")?,
        },
        Id::SearchRepos => Api::SearchRepos {
            q: opt(q, "q")??,
            sort: opt(q, "sort")?,
            page: opt(q, "page")?,
        },
        Id::Gist => Api::Gist { id: s("id")? },
        Id::Notifications => Api::Notifications {
            all: opt(q, "all")?,
            participating: opt(q, "participating")?,
        },
    })
}

fn routes(c: &mut Criterion) {
    let router = router();
    // Same inputs, same values: checked before anything is measured.
    for target in TARGETS {
        let ours = Api::from_url(target).unwrap_or_else(|e| panic!("{target}: {e}"));
        let theirs = with_matchit(&router, target).unwrap_or_else(|| panic!("{target}: matchit"));
        assert_eq!(ours, theirs, "{target}");
    }
    let mut group = c.benchmark_group("routes");
    group.throughput(Throughput::Elements(TARGETS.len() as u64));
    group.bench_function("urlkit from_url", |b| {
        b.iter(|| {
            for target in TARGETS {
                black_box(Api::from_url(black_box(target)).ok());
            }
        });
    });
    group.bench_function("matchit + decode", |b| {
        b.iter(|| {
            for target in TARGETS {
                black_box(with_matchit(&router, black_box(target)));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, routes);
criterion_main!(benches);
