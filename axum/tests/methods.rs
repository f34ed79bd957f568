//! Routes that declare methods, through axum's router without a network (`oneshot`):
//! `typed_handler` registers each path under its variants' methods, `Typed` picks the variant
//! by method and answers `405` with an `Allow` header (RFC 9110 §15.5.6) for a method the
//! URL's variants do not take, whichever of the router and the extractor sees it first.

use axum::Router;
use axum::body::Body;
use axum::http::header::ALLOW;
use axum::http::{Request, StatusCode};
use axum::routing::any;
use tower::ServiceExt;
use urlkit::Route;
use urlkit_axum::{RouterExt, Typed};

#[derive(Route, Debug)]
enum Site {
    #[route(get, "/login")]
    LoginForm,
    #[route(post, "/login?token={token}{&next}")]
    Login { token: String, next: Option<String> },
    #[route(get, head, "/items/{id}")]
    Item { id: u32 },
    #[route(put, patch, "/items/{id}")]
    SaveItem { id: u32 },
    #[route(delete, "/sessions/{id}")]
    Logout { id: u64 },
    #[route("/health")]
    Health,
}

async fn site(Typed(route): Typed<Site>) -> String {
    format!("{route:?}")
}

/// The status, the `Allow` header if any, and the body.
async fn send(app: &Router, method: &str, uri: &str) -> (StatusCode, Option<String>, String) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let allow = (response.headers().get(ALLOW)).map(|v| v.to_str().unwrap().to_owned());
    let body = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .unwrap();
    (status, allow, String::from_utf8(body.to_vec()).unwrap())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

#[test]
fn each_method_reaches_its_variant() {
    runtime().block_on(async {
        for app in [
            Router::new().typed_handler::<Site, _>(site),
            Router::new().typed_route::<Site>(any(site)),
        ] {
            let ok = |body: &str| (StatusCode::OK, None, body.to_owned());
            assert_eq!(send(&app, "GET", "/login").await, ok("LoginForm"));
            assert_eq!(
                send(&app, "POST", "/login?token=t&next=%2Fa").await,
                ok("Login { token: \"t\", next: Some(\"/a\") }")
            );
            assert_eq!(send(&app, "GET", "/items/3").await, ok("Item { id: 3 }"));
            assert_eq!(
                send(&app, "PATCH", "/items/3").await,
                ok("SaveItem { id: 3 }")
            );
            assert_eq!(
                send(&app, "PUT", "/items/3").await,
                ok("SaveItem { id: 3 }")
            );
            assert_eq!(
                send(&app, "DELETE", "/sessions/9").await,
                ok("Logout { id: 9 }")
            );
            // HEAD: the response has no body.
            let (status, _, body) = send(&app, "HEAD", "/items/3").await;
            assert_eq!((status, body.as_str()), (StatusCode::OK, ""));
            // Any method, one no route can declare included.
            for method in ["GET", "POST", "OPTIONS", "PROPFIND"] {
                assert_eq!(
                    send(&app, method, "/health").await,
                    ok("Health"),
                    "{method}"
                );
            }
        }
    });
}

#[test]
fn a_method_the_url_does_not_take_is_a_405_with_allow() {
    runtime().block_on(async {
        let handler = Router::new().typed_handler::<Site, _>(site);
        // Answered by axum's router: no variant on the path takes the method. (axum writes
        // the list without spaces.)
        let (status, allow, _) = send(&handler, "DELETE", "/login").await;
        assert_eq!((status, allow.as_deref()), (StatusCode::METHOD_NOT_ALLOWED, Some("GET,HEAD,POST")));
        let (status, allow, _) = send(&handler, "GET", "/sessions/1").await;
        assert_eq!((status, allow.as_deref()), (StatusCode::METHOD_NOT_ALLOWED, Some("DELETE")));
        let (status, _, _) = send(&handler, "PROPFIND", "/items/1").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);

        // Answered by `Typed`: a `POST` without the token is not `Login`'s URL, but the
        // form's, which takes `GET`.
        let (status, allow, body) = send(&handler, "POST", "/login").await;
        assert_eq!((status, allow.as_deref()), (StatusCode::METHOD_NOT_ALLOWED, Some("GET, HEAD")));
        assert_eq!(
            body,
            "the path `/login` matches a route of `Site`, but not with this method; it takes GET, HEAD"
        );

        // Every method reaches the handler under `any`: `Typed` answers them all.
        let any = Router::new().typed_route::<Site>(any(site));
        for (method, uri, allowed) in [
            ("DELETE", "/login?token=t", "GET, HEAD, POST"),
            ("DELETE", "/login", "GET, HEAD"),
            ("GET", "/sessions/1", "DELETE"),
            ("POST", "/items/1", "GET, HEAD, PUT, PATCH"),
            ("PROPFIND", "/items/1", "GET, HEAD, PUT, PATCH"),
        ] {
            let (status, allow, _) = send(&any, method, uri).await;
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
            assert_eq!(allow.as_deref(), Some(allowed), "{method} {uri}");
        }
        // A value that does not parse stays a 400, an unknown path a 404.
        assert_eq!(send(&any, "GET", "/items/x").await.0, StatusCode::BAD_REQUEST);
        assert_eq!(send(&any, "GET", "/nowhere").await.0, StatusCode::NOT_FOUND);
    });
}

/// A path a catch-all takes is not registered: the catch-all's registration carries the
/// methods of the variants whose requests it receives.
#[test]
fn a_catch_all_carries_the_methods_of_the_paths_it_takes() {
    #[derive(Route, Debug)]
    enum Files {
        #[route(get, "/files{/path*}")]
        Read { path: Vec<String> },
        #[route(delete, "/files/{name}")]
        Remove { name: String },
    }
    async fn files(Typed(route): Typed<Files>) -> String {
        format!("{route:?}")
    }
    runtime().block_on(async {
        let app = Router::new().typed_handler::<Files, _>(files);
        let (status, _, body) = send(&app, "DELETE", "/files/a").await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::OK, "Remove { name: \"a\" }")
        );
        let (status, _, body) = send(&app, "GET", "/files/a/b").await;
        assert_eq!(
            (status, body.as_str()),
            (StatusCode::OK, "Read { path: [\"a\", \"b\"] }")
        );
        // `/files/a/b` is only `Read`'s: `Typed` answers the `DELETE`.
        let (status, allow, _) = send(&app, "DELETE", "/files/a/b").await;
        assert_eq!(
            (status, allow.as_deref()),
            (StatusCode::METHOD_NOT_ALLOWED, Some("GET, HEAD"))
        );
        // `/files` is registered for `GET` alone: the router answers.
        let (status, allow, _) = send(&app, "DELETE", "/files").await;
        assert_eq!(
            (status, allow.as_deref()),
            (StatusCode::METHOD_NOT_ALLOWED, Some("GET,HEAD"))
        );
    });
}
