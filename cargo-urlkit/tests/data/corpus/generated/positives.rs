// Generated cases: URLs built by hand in the shapes the scanner must recognize.
use std::fmt::Write as _;
use std::str::FromStr;

fn github(owner: &str, repo: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://api.github.com/repos/{owner}/{repo}")) //~ URL fix
}

fn query(q: &str) -> Result<String, Box<dyn std::error::Error>> {
    let url = format!("https://example.com/search?q={}&page=1", q); //~ URL fix
    Ok(url)
}

fn relative(user: &str) -> String {
    let endpoint = format!("/users/{}/repos", user); //~ URL nofix
    endpoint
}

async fn fetch(client: &reqwest::Client, id: &str) -> reqwest::Result<String> {
    client.get(format!("/items/{}", id)).send().await?.text().await //~ URL
}

async fn fetch_top(id: &str) -> reqwest::Result<String> {
    reqwest::get(format!("https://example.com/items/{id}")).await?.text().await //~ URL
}

fn parse(host: &str) -> Result<url::Url, url::ParseError> {
    Url::parse(&format!("https://{}/status", host)) //~ URL nofix
}

fn uri(path: &str) -> Result<http::Uri, http::uri::InvalidUri> {
    http::Uri::from_str(&format!("https://example.com/{}", path)) //~ URL nofix
}

fn written(buf: &mut String, id: &str) -> std::fmt::Result {
    write!(buf, "https://example.com/items/{}", id) //~ URL nofix
}

fn concatenated(id: &str) -> String {
    "https://example.com/items/".to_owned() + id + "/details" //~ URL nofix
}

fn concatenated_ok(id: &str) -> anyhow::Result<String> {
    Ok("https://example.com/items/".to_owned() + id) //~ URL fix
}

fn pushed(id: &str, page: Option<u32>) -> String {
    let mut url = String::from("https://example.com/items/");
    url.push_str(id); //~ URL nofix
    if let Some(page) = page {
        url.push_str(&format!("?page={}", page));
    }
    url
}

fn joined(base: &url::Url, id: &str) -> Result<url::Url, url::ParseError> {
    base.join(id) //~ URL nofix
}

fn base_url_join(base_url: &url::Url, name: &str) -> Result<url::Url, url::ParseError> {
    base_url.join(&format!("packages/{}", name)) //~ URL
}

fn host_port(host: &str, port: u16) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("http://{}:{}/health", host, port)) //~ URL fix
}

fn userinfo(user: &str, password: &str) -> String {
    format!("postgres://{}:{}@db.internal:5432/app", user, password) //~ URL nofix
}

fn fragment(section: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://docs.example.com/guide#{}", section)) //~ URL fix
}

fn debug_spec(id: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://example.com/items/{:?}", id)) //~ URL nofix
}

fn in_closure(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| format!("https://example.com/items/{id}")).collect() //~ URL nofix
}

fn env_host() -> &'static str {
    concat!("https://", env!("API_HOST"), "/v1/") //~ URL nofix
}

struct Api {
    base_url: String,
}

impl Api {
    fn user_url(&self, login: &str) -> String {
        format!("{}/users/{}", self.base_url, login) //~ URL nofix
    }

    fn request(&self, client: &ureq::Agent, path: &str) -> Result<ureq::Response, ureq::Error> {
        client.get(&format!("{}{}", self.base_url, path)).call() //~ URL nofix
    }
}

fn escaped(id: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://example.com/a%20b/{id}")) //~ URL fix
}

fn lowercase_escape(id: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://example.com/a%2fb/{id}")) //~ URL nofix
}

fn non_ascii(id: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://example.com/café/{id}")) //~ URL nofix
}

fn positional_twice(name: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(format!("https://example.com/{0}/{0}.git", name)) //~ URL fix
}

fn webhook(token: &str, channel: String) -> Result<String, Box<dyn std::error::Error>> {
    let webhook = format!("https://hooks.example.com/services/{}/{}", token, channel); //~ URL fix
    Ok(webhook)
}

fn redirect(next: &str) -> axum::response::Redirect {
    axum::response::Redirect::to(&format!("/login?next={next}")) //~ URL
}
