//! A tour of what urlkit does: `cargo run --example tour`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use urlkit::encode::Encode;
use urlkit::{Route, Template, Url, decode, encode, url};

/// Checked and pre-encoded at compile time: a constant, nothing parsed at run time.
const API: Url = url!("https://api.example.com/v1/");

/// A REST API's routes as one enum: built with `to_url`, parsed back with `from_url`.
#[derive(Route, Debug, PartialEq)]
enum Api {
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/users/me")]
    Me,
    #[route("/repos/{owner}/{repo}/issues{?state,label*}")]
    Issues {
        owner: String,
        repo: String,
        state: Option<String>,
        label: Vec<String>,
    },
}

fn main() {
    literals_and_templates();
    run_time_templates();
    routes();
    encoding();
    parsing();
}

fn literals_and_templates() {
    println!("url! literals are checked and pre-encoded at compile time:");
    println!(
        "  url!(\"https://example.com/café?q=ä\") = {}",
        url!("https://example.com/café?q=ä")
    );
    println!("  const API: Url = {API}");

    println!("\nurl! templates encode each value for the place it goes:");
    let (owner, repo) = ("rust-lang", "rust");
    let issues = url!(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
        state = "open",
        labels = ["A-macros", "C-bug"],
        page = Some(2)
    );
    println!("  {}", show_result(issues));
    let (q, page): (Option<&str>, Option<u32>) = (None, Some(3));
    println!(
        "  /search?q={{q}}&page={{page}} with q = None: {}",
        show_result(url!("/search?q={q}&page={page}"))
    );
    let id = 42;
    println!(
        "  url!(API, \"users/{{id}}/posts\") = {}",
        show_result(url!(API, "users/{id}/posts"))
    );

    println!("\nA value never changes the URL's shape: it is encoded, or refused by name:");
    for file in ["report 2024.pdf", "a/b?c#d", "..", ""] {
        println!(
            "  file = {file:?}: {}",
            show_result(url!("https://example.com/files/{file}/raw"))
        );
    }
    let host = "evil.com/@good.com";
    println!(
        "  host = {host:?}: {}",
        show_result(url!("https://{host}/"))
    );
}

fn run_time_templates() {
    println!(
        "\nTemplates that arrive at run time (hypermedia links, configuration) use the same grammar:"
    );
    let template = "https://api.github.com/repos/{owner}/{repo}/issues{/number}";
    match Template::parse(template) {
        Ok(t) => {
            let vars = BTreeMap::from([("owner", "rust-lang"), ("repo", "rust"), ("number", "1")]);
            println!("  {template}\n    -> {}", show_result(t.expand(&vars)));
        }
        Err(err) => println!("  {template} rejected: {err}"),
    }
    let bad = "https://api.github.com/repos/{owner/issues";
    match Template::parse(bad) {
        Ok(_) => println!("  {bad} accepted"),
        Err(err) => println!("  {bad}\n    -> {err}"),
    }
}

fn routes() {
    println!("\nTyped routes build and parse the same URLs:");
    let issues = Api::Issues {
        owner: "rust-lang".into(),
        repo: "rust".into(),
        state: Some("open".into()),
        label: vec!["A-macros".into(), "C-bug".into()],
    };
    println!(
        "  {issues:?}\n    .to_url() = {}",
        show_result(issues.to_url())
    );
    for received in [
        "/users/me",
        "/users/42",
        "/repos/o/r/issues?label=a&label=b&utm_source=x",
        "/users/seven",
        "/users/%2e%2e",
    ] {
        match Api::from_url(received) {
            Ok(route) => println!("  from_url({received:?}) = {route:?}"),
            Err(err) => println!("  from_url({received:?}) fails: {err}"),
        }
    }
}

fn show_result(result: Result<Url, urlkit::ExpandError>) -> String {
    match result {
        Ok(url) => url.into_string(),
        Err(err) => format!("Err: {err}"),
    }
}

fn encoding() {
    let value = "Café & Co/2024? 50% off";
    println!("\nEncoding {value:?} for each place a value can go:");
    println!("  encode::component  {}", encode::component(value));
    println!("    (safe anywhere: everything but A-Z a-z 0-9 - . _ ~ is escaped)");
    println!("  encode::reserved   {}", encode::reserved(value));
    println!("    (for trusted URL text: keeps / ? & and valid %XX, escapes a lone %)");
    println!("  encode::form       {}", encode::form(value));
    println!("    (HTML forms and URLSearchParams: space becomes +)");
    let user = "ada lovelace";
    println!(
        "  no intermediate String: https://example.com/users/{}",
        Encode::component(user)
    );

    println!("\nDecoding is strict, and says where it failed:");
    for input in ["caf%C3%A9%20cr%C3%A8me", "%C4rzteblatt", "100%", "%u00C4"] {
        match decode::component(input) {
            Ok(text) => println!("  decode::component({input:?}) = {text:?}"),
            Err(err) => println!("  decode::component({input:?}) fails: {err}"),
        }
    }
    println!(
        "  decode::component_lossy(\"%C4rzteblatt\") = {:?} (the WHATWG behaviour)",
        decode::component_lossy("%C4rzteblatt")
    );
    println!(
        "  decode::form(\"rust+url%21\") = {:?} (+ is a space in forms)",
        decode::form("rust+url%21").unwrap_or_default()
    );
}

fn parsing() {
    let text = "https://user@example.com:8443/docs/caf%c3%a9/?q=rust+url&page=2#intro";
    println!("\nUrl::parse({text:?}):");
    match Url::parse(text) {
        Ok(url) => show(&url),
        Err(err) => println!("  rejected: {err}"),
    }

    println!("\nUrl::parse_iri writes IRI characters as UTF-8 escapes:");
    match Url::parse_iri("https://example.com/café?q=ä") {
        Ok(url) => println!("  {url}"),
        Err(err) => println!("  rejected: {err}"),
    }

    println!("\nWhat Url::parse rejects, and what it says:");
    for bad in [
        "https://example.com/a b",
        "https://example.com/a/../b",
        "https://example.com:99999/",
        "https://example.com/%u00C4",
        "http:example.com",
    ] {
        match Url::parse(bad) {
            Ok(url) => println!("  {bad:?} accepted as {url}"),
            Err(err) => println!("  {bad:?}\n      {err}"),
        }
    }
}

fn show(url: &Url) {
    println!("  as_str     {} (triplet hex in uppercase)", url.as_str());
    println!("  scheme     {:?}", url.scheme());
    println!("  authority  {:?}", url.authority());
    println!("  userinfo   {:?}", url.userinfo());
    println!("  host       {:?}", url.host());
    println!("  port       {:?}", url.port());
    println!("  path       {:?}", url.path());
    println!("  query      {:?}", url.query());
    println!("  fragment   {:?}", url.fragment());
    let segments: Vec<String> = url
        .path_segments()
        .map(|s| s.map_or_else(|e| format!("<{e}>"), Cow::into_owned))
        .collect();
    println!("  segments   {segments:?}");
    for pair in url.query_pairs() {
        match pair {
            Ok((name, value)) => println!("  query pair {name:?} = {value:?}"),
            Err(err) => println!("  query pair fails: {err}"),
        }
    }
}
