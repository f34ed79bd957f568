//! The client and server example (`tests/examples/openapi_client_server.rs`), run: what the
//! server answered each reqwest request is what the client built.

#[allow(dead_code, reason = "the example's `main` is not called here")]
#[path = "../../examples/openapi_client_server.rs"]
mod example;

#[test]
fn one_document_serves_and_calls() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let lines = runtime.block_on(example::run()).unwrap();
    let port = lines[0]
        .split(':')
        .nth(2)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    assert_eq!(
        lines,
        [
            format!(
                // `per-page` is not a field's name: its pair is written by hand, before the
                // placeholders (the document lists it second; the order of query parameters
                // carries no meaning in OpenAPI).
                "GET http://127.0.0.1:{port}/pets?per-page=20&tag=cat%20%26%20dog&tag=a%2Fb -> \
                 listPets: tags [\"cat & dog\", \"a/b\"], Some(20) a page"
            ),
            format!("POST http://127.0.0.1:{port}/pets -> createPet"),
            format!("GET http://127.0.0.1:{port}/pets/7 -> pets/show-by-id: pet 7"),
        ]
    );
}
