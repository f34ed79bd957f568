// Generated cases: text built with `format!` that is not a URL, or a URL whose values
// cannot change its shape. None of these may be reported.
use std::path::{Path, PathBuf};

fn log(id: &str, err: &std::io::Error) {
    let message = format!("failed to fetch https://example.com/items/{}: {}", id, err);
    eprintln!("{message}");
    tracing::info!("GET /users/{}", id);
}

fn file_paths(dir: &Path, name: &str) -> std::io::Result<String> {
    let config = format!("{}/config.toml", dir.display());
    std::fs::read_to_string(&config)?;
    let cache_dir = format!("{}/cache/{}", std::env::var("HOME").unwrap_or_default(), name);
    let _ = PathBuf::from(format!("{}/{}", cache_dir, name));
    std::fs::read_to_string(Path::new(&format!("/etc/{}/settings", name)))
}

fn sql(table: &str, id: i64) -> String {
    format!("SELECT * FROM {} WHERE id = {}", table, id)
}

fn numbers_only(id: u64, page: u32) -> String {
    format!("https://example.com/items/{}?page={}", id, page)
}

fn encoded(q: &str) -> String {
    format!("https://example.com/search?q={}", urlencoding::encode(q))
}

fn already_safe(owner: &str) -> Result<urlkit::Url, urlkit::ExpandError> {
    urlkit::url!("https://api.github.com/users/{owner}")
}

fn static_only() -> String {
    format!("https://example.com/")
}

fn json(name: &str) -> String {
    format!("{{\"name\": \"{}\"}}", name)
}

fn key(namespace: &str, name: &str) -> String {
    // A cache key.
    format!("{}/{}", namespace, name)
}

fn rust_path(krate: &str) -> String {
    format!("{}::prelude", krate)
}

fn version(name: &str, version: &str) -> String {
    format!("{name}-{version}")
}

fn ratio(done: usize, total: usize) -> String {
    format!("{}/{}", done, total)
}

fn html(href: &str) -> String {
    format!("<a href=\"{}\">link</a>", href)
}

fn media_type(kind: &str) -> String {
    format!("application/{}", kind)
}

fn mime(subtype: &str) -> String {
    let content_type = format!("text/{}", subtype);
    content_type
}

fn file_in(target_dir: &str, triple: &str) -> String {
    let out_dir = format!("{}/{}/release", target_dir, triple);
    out_dir
}

fn date(y: u32, m: u32, d: u32) -> String {
    format!("{}/{}/{}", m, d, y)
}

fn git_ref(branch: &str) -> String {
    format!("refs/heads/{}", branch)
}

fn image(registry: &str, name: &str, tag: &str) -> String {
    // A container image reference.
    format!("{}/{}:{}", registry, name, tag)
}

fn separators(owner: &str, state: Option<&str>) -> String {
    // Percent-encoded by hand; the separator is a literal of the code.
    let mut s = String::from("https://api.github.com/repos/");
    s.extend(utf8_percent_encode(owner, COMPONENT));
    let mut sep = '?';
    if let Some(state) = state {
        s.push(sep);
        sep = '&';
        s.push_str("state=");
        s.extend(utf8_percent_encode(state, COMPONENT));
    }
    s
}

fn encoded_pieces(asset_prefix: &Option<String>, owner: &str, repo: &str) -> (String, String) {
    // Percent-encoded query parts, and encoded values inside one path segment.
    let prefix = match asset_prefix {
        Some(prefix) => format!("&prefix={}", urlencoding::encode(prefix)),
        None => "".to_string(),
    };
    let project = format!(
        "https://gitlab.com/api/v4/projects/{}%2F{}/releases",
        urlencoding::encode(owner),
        urlencoding::encode(repo)
    );
    (prefix, project)
}

fn generated() -> proc_macro2::TokenStream {
    // Code a derive writes: its `format!` is the generated program's, not this one's.
    quote::quote! {
        format!("https://example.com/items/{}", id)
    }
}
