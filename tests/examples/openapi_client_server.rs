//! One OpenAPI document, both sides: `urlkit::openapi!` makes a route enum from the pet
//! store's description; urlkit-axum serves it (each operation under its own method, parsed
//! strictly), and a reqwest client calls it, each URL built with `to_url_on` and each method
//! taken from the operation.
//!
//! ```sh
//! cargo run -p urlkit-tests --example openapi_client_server
//! ```
//!
//! The `openapi` test area runs [`run`] and checks what the server answered.

use axum::Router;
use urlkit::{Route, Url};
use urlkit_axum::{RouterExt, Typed};

urlkit::openapi! {
    /// The pet store's operations.
    #[derive(Debug, Clone, PartialEq)]
    enum PetStore = "../runtime/openapi/petstore.json";
}

/// The server: one handler for every operation, which the extractor has already parsed.
async fn serve(Typed(operation): Typed<PetStore>) -> String {
    match operation {
        PetStore::ListPets { tag, per_page } => {
            format!("listPets: tags {tag:?}, {per_page:?} a page")
        }
        PetStore::CreatePet => "createPet".to_owned(),
        PetStore::PetsShowById { pet_id } => format!("pets/show-by-id: pet {pet_id}"),
    }
}

/// Starts the server on a free port of 127.0.0.1, calls each operation once with reqwest,
/// and gives back each request line and the server's answer.
pub(crate) async fn run() -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    let base: Url = urlkit::url!("http://127.0.0.1:{port}/")?;
    let app = Router::new().typed_handler::<PetStore, _>(serve);
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = reqwest::Client::new();
    let mut lines = Vec::new();
    for operation in [
        PetStore::ListPets {
            tag: vec!["cat & dog".into(), "a/b".into()],
            per_page: Some(20),
        },
        PetStore::CreatePet,
        PetStore::PetsShowById { pet_id: 7 },
    ] {
        // The URL on the server's base; the method the document gives the operation.
        let url = operation.to_url_on(&base)?;
        let method = operation.method().map_or("GET", |m| m.as_str());
        let answer = client
            .request(
                reqwest::Method::from_bytes(method.as_bytes())?,
                reqwest::Url::try_from(&url)?,
            )
            .send()
            .await?
            .text()
            .await?;
        lines.push(format!("{method} {} -> {answer}", url.as_str()));
    }
    Ok(lines)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    for line in run().await? {
        println!("{line}");
    }
    Ok(())
}
