//! The routes both sides of the routes bench parse, and what matchit does to give the same
//! values: shared by `benches/routes.rs` and `examples/routes_count.rs`.

use urlkit::Route;
use urlkit::decode;
use urlkit::route::FromParam;

/// 32 routes of a REST API (GitHub's).
#[derive(Route, Debug, PartialEq)]
pub(crate) enum Api {
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
pub(crate) const TARGETS: [&str; 32] = [
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
pub(crate) enum Id {
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

pub(crate) fn router32() -> matchit::Router<Id> {
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
pub(crate) fn convert<T: FromParam>(raw: &str, form: bool) -> Option<T> {
    let decoded = if form {
        decode::form(raw)
    } else {
        decode::component(raw)
    };
    T::from_param(decoded.ok()?).ok()
}

pub(crate) fn path<T: FromParam>(params: &matchit::Params<'_, '_>, name: &str) -> Option<T> {
    convert(params.get(name)?, false)
}

/// The values of a query parameter, raw.
pub(crate) fn values<'q>(query: &'q str, key: &'q str) -> impl Iterator<Item = &'q str> {
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
pub(crate) fn opt<T: FromParam>(query: &str, key: &str) -> Option<Option<T>> {
    match values(query, key).next() {
        None => Some(None),
        Some(raw) => convert(raw, true).map(Some),
    }
}

pub(crate) fn list<T: FromParam>(query: &str, key: &str) -> Option<Vec<T>> {
    values(query, key).map(|raw| convert(raw, true)).collect()
}

/// `from_url`'s work done with matchit for the path.
pub(crate) fn with_matchit(router: &matchit::Router<Id>, target: &str) -> Option<Api> {
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

/// One route enum of the GitHub list, with the table matchit is given and what makes the
/// enum's value from matchit's match, from one list: `Variant "template" [fields]`, every
/// field a `String` named as its placeholder. The templates are matchit's syntax too.
macro_rules! github {
    ($name:ident, $table:ident: $($variant:ident $template:tt [$($field:ident)*],)*) => {
        #[derive(Route, Debug, PartialEq)]
        pub(crate) enum $name {
            $(
                #[route($template)]
                $variant { $($field: String),* },
            )*
        }

        /// Each route with the function that builds the value from matchit's match.
        pub(crate) const $table: &[(&str, Build<$name>)] = &[
            $(
                ($template, |_m| {
                    Some($name::$variant { $($field: path(_m, stringify!($field))?),* })
                }),
            )*
        ];
    };
}

// The 130 routes of matchit's benchmark, from the list urlkit-openapi's tests share.
include!("github_130.rs");
github_130!(github!(Github130, GITHUB_130:));

// Route `i * 130 / 16` of the list above, for `i` in `0..16`.
github! {
    Github16, GITHUB_16:
    Authorizations "/authorizations" [],
    UsersReceivedEventsPublic "/users/{p1}/received_events/public" [p1],
    NotificationsThreadsSubscription "/notifications/threads/{p1}/subscription" [p1],
    ReposSubscription "/repos/{p1}/{p2}/subscription" [p1 p2],
    ReposGitRefs "/repos/{p1}/{p2}/git/refs" [p1 p2],
    ReposAssignees "/repos/{p1}/{p2}/assignees" [p1 p2],
    ReposMilestones "/repos/{p1}/{p2}/milestones/" [p1 p2],
    UserOrgs "/user/orgs" [],
    TeamsMembersOne "/teams/{p1}/members/{p2}" [p1 p2],
    ReposPullsMerge "/repos/{p1}/{p2}/pulls/{p3}/merge" [p1 p2 p3],
    ReposLanguages "/repos/{p1}/{p2}/languages" [p1 p2],
    ReposCommitsComments "/repos/{p1}/{p2}/commits/{p3}/comments" [p1 p2 p3],
    ReposForks "/repos/{p1}/{p2}/forks" [p1 p2],
    ReposStatsCodeFrequency "/repos/{p1}/{p2}/stats/code_frequency" [p1 p2],
    LegacyIssuesSearchOne "/legacy/issues/search/{p1}/{p2}/{p3}/{p4}" [p1 p2 p3 p4],
    UsersFollowers "/users/{p1}/followers" [p1],
}

/// What builds a route's value from matchit's match.
pub(crate) type Build<T> = fn(&matchit::Params<'_, '_>) -> Option<T>;

/// A matchit router of a GitHub list, and the paths of matchit's benchmark for it: each
/// template with its placeholders written as their names (`{p1}` as `p1`).
pub(crate) fn github<T>(table: &[(&str, Build<T>)]) -> (matchit::Router<Build<T>>, Vec<String>) {
    let mut router = matchit::Router::new();
    let mut paths = Vec::new();
    for &(template, build) in table {
        router.insert(template, build).expect("no conflicts");
        paths.push(template.replace(['{', '}'], ""));
    }
    (router, paths)
}

pub(crate) fn github_with_matchit<T>(router: &matchit::Router<Build<T>>, path: &str) -> Option<T> {
    let found = router.at(path).ok()?;
    (found.value)(&found.params)
}
