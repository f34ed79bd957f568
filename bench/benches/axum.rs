//! urlkit-axum's routing and extractor against axum's own, on the same routes: a `Router` built
//! with `typed_route` whose handler takes `Typed<Api>`, and one written by hand whose handlers
//! take axum's `Path` and `Query` (serde) and build the same `Api` value. Both are driven as
//! tower services (`oneshot`, no network) on the same request targets, each checked to give
//! the same value before anything is measured. The handlers then drop the value and answer
//! `204`. A third measurement, `from_url` alone on the same targets, is the part of the first
//! that is urlkit's own work.
//!
//! `cargo bench -p urlkit-bench --bench axum -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Query};
use axum::http::{Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde::Deserialize;
use tower::ServiceExt;
use urlkit::Route;
use urlkit_axum::{RouterExt, Typed};

#[derive(Route, Debug, PartialEq, Clone)]
enum Api {
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/users/me")]
    Me,
    #[route("/users/{id}/posts{?page}")]
    Posts { id: u64, page: Option<u32> },
    #[route("/repos/{owner}/{repo}")]
    Repo { owner: String, repo: String },
    #[route("/repos/{owner}/{repo}/issues{?state,page}")]
    Issues {
        owner: String,
        repo: String,
        state: Option<String>,
        page: Option<u32>,
    },
    #[route("/files{/path*}")]
    File { path: Vec<String> },
    #[route("/search?q={q}{&page}")]
    Search { q: String, page: Option<u32> },
}

/// One per route, some with escapes. (No `%2F` in `/files`: axum's `{*path}` decodes the rest
/// before it can be split, so its `a%2Fb` would be two segments; urlkit keeps it one.)
const TARGETS: [&str; 7] = [
    "/users/7",
    "/users/me",
    "/users/7/posts?page=2",
    "/repos/rust-lang/rust",
    "/repos/rust-lang/rust/issues?state=open&page=3",
    "/files/docs/read%20me.txt",
    "/search?q=caf%C3%A9+cr%C3%A8me&page=2",
];

/// What a handler does with the value: the bench drops it; the check sends it back.
type Respond = fn(Api) -> Response;

fn drop_it(api: Api) -> Response {
    black_box(api);
    StatusCode::NO_CONTENT.into_response()
}

#[allow(
    clippy::needless_pass_by_value,
    reason = "a `Respond`: the handlers hand over the value they built"
)]
fn show_it(api: Api) -> Response {
    format!("{api:?}").into_response()
}

fn typed(respond: Respond) -> Router {
    Router::new().typed_route::<Api>(get(
        move |Typed(api): Typed<Api>| async move { respond(api) },
    ))
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<u32>,
}

#[derive(Deserialize)]
struct IssuesQuery {
    state: Option<String>,
    page: Option<u32>,
}

#[derive(Deserialize)]
struct SearchQuery {
    q: String,
    page: Option<u32>,
}

/// The same routes, written as an axum user writes them today.
fn by_hand(respond: Respond) -> Router {
    Router::new()
        .route(
            "/users/{id}",
            get(move |Path(id): Path<u64>| async move { respond(Api::User { id }) }),
        )
        .route("/users/me", get(move || async move { respond(Api::Me) }))
        .route(
            "/users/{id}/posts",
            get(
                move |Path(id): Path<u64>, Query(q): Query<PageQuery>| async move {
                    respond(Api::Posts { id, page: q.page })
                },
            ),
        )
        .route(
            "/repos/{owner}/{repo}",
            get(
                move |Path((owner, repo)): Path<(String, String)>| async move {
                    respond(Api::Repo { owner, repo })
                },
            ),
        )
        .route(
            "/repos/{owner}/{repo}/issues",
            get(
                move |Path((owner, repo)): Path<(String, String)>,
                      Query(q): Query<IssuesQuery>| async move {
                    respond(Api::Issues {
                        owner,
                        repo,
                        state: q.state,
                        page: q.page,
                    })
                },
            ),
        )
        .route(
            "/files",
            get(move || async move { respond(Api::File { path: vec![] }) }),
        )
        .route(
            "/files/{*path}",
            get(move |Path(path): Path<String>| async move {
                let path = path.split('/').map(String::from).collect();
                respond(Api::File { path })
            }),
        )
        .route(
            "/search",
            get(move |Query(q): Query<SearchQuery>| async move {
                respond(Api::Search {
                    q: q.q,
                    page: q.page,
                })
            }),
        )
}

async fn call(router: &Router, target: &str) -> Response {
    let request = Request::get(target).body(Body::empty()).unwrap();
    router.clone().oneshot(request).await.unwrap()
}

async fn shown(router: &Router, target: &str) -> String {
    let response = call(router, target).await;
    assert_eq!(response.status(), StatusCode::OK, "{target}");
    let body = axum::body::to_bytes(response.into_body(), 1024)
        .await
        .unwrap();
    String::from_utf8(body.to_vec()).unwrap()
}

fn axum_routes(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    // Both give the value `from_url` gives, for every target.
    runtime.block_on(async {
        for target in TARGETS {
            let expected = format!("{:?}", Api::from_url(target).unwrap());
            assert_eq!(shown(&typed(show_it), target).await, expected);
            assert_eq!(shown(&by_hand(show_it), target).await, expected);
        }
    });
    let routers = [
        ("urlkit-axum typed_route + Typed", typed(drop_it)),
        ("axum route + Path/Query", by_hand(drop_it)),
    ];
    let mut group = c.benchmark_group("axum");
    group.throughput(Throughput::Elements(TARGETS.len() as u64));
    for (name, router) in &routers {
        group.bench_function(*name, |b| {
            b.iter(|| {
                runtime.block_on(async {
                    for target in TARGETS {
                        let response = call(router, black_box(target)).await;
                        assert_eq!(response.status(), StatusCode::NO_CONTENT);
                    }
                });
            });
        });
    }
    // The part of the first that is urlkit's own work: `from_url` on the same targets.
    group.bench_function("from_url alone", |b| {
        b.iter(|| {
            for target in TARGETS {
                black_box(Api::from_url(black_box(target)).unwrap());
            }
        });
    });
    group.finish();
}

criterion_group!(benches, axum_routes);
criterion_main!(benches);
