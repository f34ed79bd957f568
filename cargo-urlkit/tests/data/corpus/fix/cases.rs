//! The `--fix` harness's cases (see tests/fix_harness.rs): each builds a URL with `format!` or
//! `+` the way real code does, in a fn that returns a `Result` a `urlkit::ExpandError` converts into.
//! The harness copies this file twice into a scratch crate, rewrites one copy with
//! `cargo urlkit check --fix`, and runs both. `CASES` names each case, how many text
//! arguments it takes, and how to call it.

use std::error::Error;

pub fn positional(owner: &str, repo: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://api.github.com/repos/{}/{}/issues", owner, repo))
}

pub fn captured(user: &str) -> Result<String, Box<dyn Error>> {
    let url = format!("https://api.example.com/users/{user}/repos");
    Ok(url)
}

pub fn query(q: &str) -> Result<String, Box<dyn Error>> {
    let page = 2u32;
    Ok(format!("https://example.com/search?q={}&page={}", q, page))
}

pub fn named(kind: &str, id: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://example.com/{kind}/{id}/edit", kind = kind, id = id))
}

pub struct Repo {
    pub owner: String,
    pub name: String,
}

impl Repo {
    pub fn tree_url(&self) -> Result<String, Box<dyn Error>> {
        Ok(format!(
            "https://gitlab.example.com/{}/{}/-/tree/main",
            self.owner, self.name,
        ))
    }
}

pub fn concatenated(id: &str) -> Result<String, Box<dyn Error>> {
    Ok("https://example.com/items/".to_owned() + id + "/details")
}

pub fn tenant(tenant: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://{}.example.com/dashboard", tenant))
}

pub fn host_and_port(host: &str) -> Result<String, Box<dyn Error>> {
    let port: u16 = 8080;
    Ok(format!("http://{}:{}/health", host, port))
}

pub fn parsed(id: &str) -> Result<String, Box<dyn Error>> {
    let url = url::Url::parse(&format!("https://example.com/items/{}", id))?;
    Ok(url.to_string())
}

pub fn borrowed(id: &str) -> Result<String, Box<dyn Error>> {
    let text: &str = &format!("https://example.com/items/{}/raw", id);
    Ok(text.to_string())
}

pub fn repeated(name: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://example.com/{0}/{0}.git", name))
}

pub fn escaped_text(id: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://example.com/a%20b/{}", id))
}

pub fn raw_literal(id: &str) -> Result<String, Box<dyn Error>> {
    Ok(format!(r"https://example.com/raw/{}", id))
}

pub fn send_sync(channel: &str, token: &str) -> Result<String, Box<dyn Error + Send + Sync>> {
    let webhook = format!("https://hooks.example.com/services/{}/{}", channel, token);
    Ok(webhook)
}

pub fn owned(user: String) -> Result<String, Box<dyn Error>> {
    Ok(format!("https://example.com/~{}/index.html", user))
}

type Case = fn(&[&str]) -> Result<String, Box<dyn Error>>;

pub const CASES: &[(&str, usize, Case)] = &[
    ("positional", 2, |a| positional(a[0], a[1])),
    ("captured", 1, |a| captured(a[0])),
    ("query", 1, |a| query(a[0])),
    ("named", 2, |a| named(a[0], a[1])),
    ("field", 2, |a| {
        Repo { owner: a[0].to_string(), name: a[1].to_string() }.tree_url()
    }),
    ("concatenated", 1, |a| concatenated(a[0])),
    ("tenant", 1, |a| tenant(a[0])),
    ("host_and_port", 1, |a| host_and_port(a[0])),
    ("parsed", 1, |a| parsed(a[0])),
    ("borrowed", 1, |a| borrowed(a[0])),
    ("repeated", 1, |a| repeated(a[0])),
    ("escaped_text", 1, |a| escaped_text(a[0])),
    ("raw_literal", 1, |a| raw_literal(a[0])),
    ("send_sync", 2, |a| send_sync(a[0], a[1]).map_err(|e| -> Box<dyn Error> { e })),
    ("owned", 1, |a| owned(a[0].to_string())),
];
