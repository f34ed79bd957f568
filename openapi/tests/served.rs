//! The example of the README's utoipa section, run: one route enum registers an axum router's
//! paths (urlkit-axum) and describes them in a utoipa `OpenApi` served at `/openapi.json`;
//! a request reads the description back, which validates against the OpenAPI 3.1 JSON Schema.
#![cfg(feature = "utoipa")]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header::CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::{Value, json};
use tower::ServiceExt; // `oneshot`: drive the router without a network
use urlkit_axum::{RouterExt, Typed};
use utoipa::openapi::path::OperationBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::{Info, OpenApi, OpenApiBuilder};

mod common;
use common::Api;

async fn api(Typed(route): Typed<Api>) -> String {
    format!("{route:?}")
}

/// The description: the project's own operations and responses in utoipa, the paths and
/// their parameters from the enum.
fn openapi() -> OpenApi {
    let mut openapi = OpenApiBuilder::new()
        .info(Info::new("urlkit-openapi example", "1.0.0"))
        .build();
    urlkit_openapi::merge_into::<Api>(&mut openapi).expect("every template is described");
    // The router answers `GET` on every path of the enum (`typed_route::<Api>(get(api))`).
    for item in openapi.paths.paths.values_mut() {
        let ok = ResponseBuilder::new().description("The route, as text");
        item.get = Some(OperationBuilder::new().response("200", ok).build());
    }
    openapi
}

fn app() -> Router {
    let description = openapi().to_json().expect("utoipa writes its own types");
    Router::new()
        .typed_route::<Api>(get(api))
        .route(
            "/openapi.json",
            get(move || async move {
                ([(CONTENT_TYPE, "application/json")], description).into_response()
            }),
        )
}

async fn body(uri: &str) -> (StatusCode, String) {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test(flavor = "current_thread")]
async fn serves_the_description_of_its_own_routes() {
    let (status, text) = body("/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let served: Value = serde_json::from_str(&text).unwrap();

    let schema: Value = serde_json::from_str(include_str!("data/openapi-3.1-schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&served)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");

    // Every path and parameter as `paths` gives them, through utoipa's types unchanged, with
    // the operation the project added.
    let ours = urlkit_openapi::paths::<Api>().unwrap();
    let served_paths = served["paths"].as_object().unwrap();
    assert_eq!(
        served_paths.keys().collect::<Vec<_>>(),
        ours.keys().collect::<Vec<_>>()
    );
    for (path, item) in &ours {
        let mut served_item = served_paths[path].clone();
        let get = served_item.as_object_mut().unwrap().remove("get");
        assert_eq!(&served_item, item, "{path}");
        assert_eq!(
            get.unwrap()["responses"]["200"]["description"],
            json!("The route, as text")
        );
    }
    assert_eq!(
        served["paths"]["/users/{id}/posts"]["description"],
        json!("Newest first.")
    );

    // And the router routes what the description says.
    assert_eq!(
        body("/users/7/posts?page=2&tag=a&tag=b").await,
        (
            StatusCode::OK,
            r#"Posts { id: 7, page: Some(2), tag: ["a", "b"] }"#.to_owned()
        )
    );
    assert_eq!(
        body("/files/a/b").await,
        (StatusCode::OK, r#"File { path: ["a", "b"] }"#.to_owned())
    );
}
