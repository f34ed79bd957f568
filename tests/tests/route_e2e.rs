//! End to end: an axum server on 127.0.0.1 receives requests a real HTTP client (reqwest)
//! sends to URLs built with `to_url_on`; axum's own extractors (`Path`, `Query`) must see
//! exactly the values the route held, and `from_url` must parse the request URI the server
//! received back into the same value.

use std::future::IntoFuture;

use axum::Router;
use axum::extract::{Path, Query};
use axum::http::Uri;
use axum::routing::get;
use serde_json::json;
use urlkit::{Route, Url};

#[derive(Route, Debug, PartialEq, Clone)]
enum Api {
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/files/{name}")]
    File { name: String },
    #[route("/tree{/path*}")]
    Tree { path: Vec<String> },
    #[route("/search?q={q}{&page,tag*}")]
    Search {
        q: String,
        page: Option<u32>,
        tag: Vec<String>,
    },
}

/// What the server answers: what axum's extractors saw, and what `from_url` made of the URI
/// it received.
fn answer(seen: &serde_json::Value, uri: &Uri) -> String {
    let received = uri.to_string();
    let parsed =
        Api::from_url(&received).map_or_else(|e| format!("error: {e}"), |v| format!("{v:?}"));
    json!({ "seen": seen, "uri": received, "parsed": parsed }).to_string()
}

fn app() -> Router {
    Router::new()
        .route(
            "/users/{id}",
            get(|Path(id): Path<u64>, uri: Uri| async move { answer(&json!(id), &uri) }),
        )
        .route(
            "/files/{name}",
            get(|Path(name): Path<String>, uri: Uri| async move { answer(&json!(name), &uri) }),
        )
        .route(
            "/tree",
            get(|uri: Uri| async move { answer(&json!(""), &uri) }),
        )
        .route(
            "/tree/{*path}",
            get(|Path(path): Path<String>, uri: Uri| async move { answer(&json!(path), &uri) }),
        )
        .route(
            "/search",
            get(
                |Query(pairs): Query<Vec<(String, String)>>, uri: Uri| async move {
                    answer(&json!(pairs), &uri)
                },
            ),
        )
}

/// What axum's extractor for the route should see.
fn expected(value: &Api) -> serde_json::Value {
    match value {
        Api::User { id } => json!(id),
        Api::File { name } => json!(name),
        // `{*path}` is the rest of the path, decoded after it is cut out.
        Api::Tree { path } => json!(path.join("/")),
        Api::Search { q, page, tag } => {
            let mut pairs = vec![("q".to_string(), q.clone())];
            pairs.extend(page.map(|p| ("page".to_string(), p.to_string())));
            pairs.extend(tag.iter().map(|t| ("tag".to_string(), t.clone())));
            json!(pairs)
        }
    }
}

/// Values that other URL builders mishandle (they drop or keep `..`, leave `/`, `&`, `=` raw,
/// or double-encode `%2F`), less the dot segments `to_url` refuses.
const HOSTILE: [&str; 11] = [
    "a/b", "a%2Fb", "a+b", "a&b=c", "a?b#c", "é", "~-._", "a b", "a;b", "@:", "..x",
];

fn values() -> Vec<Api> {
    let mut values = vec![
        Api::User { id: 7 },
        Api::User { id: u64::MAX },
        Api::Tree { path: vec![] },
        Api::Tree {
            path: vec!["a b".into(), "é".into(), "x+y".into(), "q?".into()],
        },
        Api::Search {
            q: "rust & url".into(),
            page: None,
            tag: vec![],
        },
    ];
    for v in HOSTILE {
        values.push(Api::File { name: v.into() });
        values.push(Api::Search {
            q: v.into(),
            page: Some(2),
            tag: vec![v.into(), String::new(), "x".into()],
        });
    }
    values
}

#[tokio::test]
async fn a_real_server_sees_the_values_and_parses_them_back() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = Url::parse(&format!("http://{}", listener.local_addr().unwrap())).unwrap();
    let server = tokio::spawn(axum::serve(listener, app()).into_future());
    let client = reqwest::Client::new();
    for value in values() {
        let url = value.to_url_on(&base).unwrap();
        let response = client.get(url.as_str()).send().await.unwrap();
        assert_eq!(response.status(), 200, "{url}");
        let body: serde_json::Value =
            serde_json::from_str(&response.text().await.unwrap()).unwrap();
        assert_eq!(body["seen"], expected(&value), "{url}: {body}");
        assert_eq!(body["parsed"], format!("{value:?}"), "{url}: {body}");
        // The server received the path and query `to_url` wrote, byte for byte.
        assert_eq!(body["uri"], value.to_url().unwrap().as_str(), "{url}");
    }
    server.abort();
}
