//! A small API served with urlkit-axum: one enum declares the routes, registers them with
//! axum, parses each request, and builds the links the pages show.
//!
//! ```sh
//! cargo run -p urlkit-axum --example server                 # http://127.0.0.1:3000, until Ctrl-C
//! cargo run -p urlkit-axum --example server -- --port 0 --requests 5
//! ```
//!
//! `--port 0` lets the system pick a free port; `--requests N` stops the server once it has
//! answered N requests (the test `axum/tests/example.rs` runs it so).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::extract::Request;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::Notify;
use urlkit::{Route, Url};
use urlkit_axum::{LinkError, RouteExt, RouterExt, Typed};

#[derive(Route, Debug, PartialEq)]
enum Api {
    #[route("/")]
    Home,
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/users/me")]
    Me,
    #[route("/users/{id}/posts{?page,tag*}")]
    Posts {
        id: u64,
        page: Option<u32>,
        tag: Vec<String>,
    },
    #[route("/files{/path*}")]
    File { path: Vec<String> },
}

/// The links the home page shows, each built from a value.
fn links() -> Vec<Api> {
    vec![
        Api::User { id: 7 },
        Api::Me,
        Api::Posts {
            id: 7,
            page: Some(2),
            tag: vec!["rust & url".into(), "c++".into()],
        },
        Api::File {
            path: vec!["docs".into(), "read me.txt".into()],
        },
    ]
}

async fn api(Typed(route): Typed<Api>) -> Result<Response, LinkError> {
    Ok(match route {
        Api::Home => {
            let links: Vec<String> = links()
                .iter()
                .map(|link| link.to_url().map(Url::into_string))
                .collect::<Result<_, _>>()?;
            links.join("\n").into_response()
        }
        // The signed-in user, say number 7.
        Api::Me => Api::User { id: 7 }.redirect_to()?.into_response(),
        Api::User { id } => format!("user {id}\n").into_response(),
        Api::Posts { id, page, tag } => format!(
            "posts of user {id}, page {}, tags {tag:?}\n",
            page.unwrap_or(1)
        )
        .into_response(),
        Api::File { path } => format!("file {path:?}\n").into_response(),
    })
}

struct Options {
    port: u16,
    requests: Option<usize>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        port: 3000,
        requests: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("`{name}` needs a value"));
        match arg.as_str() {
            "--port" => {
                let port = value("--port")?;
                options.port = port
                    .parse()
                    .map_err(|_| format!("`{port}` is not a port number"))?;
            }
            "--requests" => {
                let count = value("--requests")?;
                let count = count
                    .parse()
                    .map_err(|_| format!("`{count}` is not a number of requests"))?;
                options.requests = Some(count);
            }
            other => {
                return Err(format!(
                    "unknown argument `{other}`; use `--port N`, `--requests N`"
                ));
            }
        }
    }
    Ok(options)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = options()?;
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", options.port)).await?;
    // urlkit: allow(reason = "the address this process just bound, not a value from outside")
    let base = Url::parse(&format!("http://{}/", listener.local_addr()?))?;

    let done = Arc::new(Notify::new());
    let mut app = Router::new().typed_route::<Api>(get(api));
    if let Some(limit) = options.requests {
        // Counts answered requests; the last one lets the server stop.
        let answered = Arc::new(AtomicUsize::new(0));
        let done = Arc::clone(&done);
        app = app.layer(middleware::from_fn(move |request: Request, next: Next| {
            let (answered, done) = (Arc::clone(&answered), Arc::clone(&done));
            async move {
                let response = next.run(request).await;
                if answered.fetch_add(1, Ordering::SeqCst) + 1 >= limit {
                    done.notify_one();
                }
                response
            }
        }));
    }

    println!("listening on {base}");
    for link in links() {
        println!("  {}", link.to_url_on(&base)?);
    }
    axum::serve(listener, app)
        .with_graceful_shutdown(async move { done.notified().await })
        .await?;
    Ok(())
}
