//! Names: the words that say a text is a URL or a file path, the calls that take one, and
//! the placeholder names made from expressions.

#[allow(clippy::wildcard_imports)]
use super::*;

pub(crate) fn words(name: &str) -> impl Iterator<Item = String> + '_ {
    name.split(|c: char| c == '_' || c == '.' || !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .flat_map(split_camel)
}

pub(super) fn split_camel(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in word.chars() {
        if c.is_uppercase() && !current.is_empty() {
            out.push(core::mem::take(&mut current));
        }
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

pub(super) const URL_WORDS: &[&str] = &[
    "url",
    "urls",
    "uri",
    "uris",
    "endpoint",
    "endpoints",
    "href",
    "webhook",
    "redirect",
    "callback",
];

pub(super) const FILE_WORDS: &[&str] = &[
    "file",
    "files",
    "dir",
    "dirs",
    "directory",
    "folder",
    "filename",
    "filepath",
    "tmp",
    "temp",
    "cwd",
];

pub(super) const CLIENT_WORDS: &[&str] = &[
    "client",
    "http",
    "https",
    "api",
    "agent",
    "session",
    "request",
    "req",
    "conn",
    "connection",
    "octocrab",
    "github",
    "gitlab",
    "browser",
    "crawler",
    "fetcher",
    "ureq",
    "reqwest",
    "hyper",
    "surf",
    "isahc",
    "transport",
];

pub(crate) fn is_urlish(name: &str) -> bool {
    words(name).any(|w| URL_WORDS.contains(&w.as_str()))
}

pub(crate) fn is_fileish(name: &str) -> bool {
    words(name).any(|w| FILE_WORDS.contains(&w.as_str()))
}

pub(super) fn is_clientish(text: &str) -> bool {
    words(text).any(|w| CLIENT_WORDS.contains(&w.as_str()))
}

pub(super) const VERBS: &[&str] = &["get", "post", "put", "patch", "delete", "head"];

pub(super) const HTTP_CRATES: &[&str] = &[
    "reqwest",
    "ureq",
    "surf",
    "isahc",
    "attohttpc",
    "minreq",
    "blocking",
    "http_req",
];

/// What a call `path(args)` does with its arguments.
pub(super) enum Sink {
    Url,
    File,
    None,
}

pub(super) fn call_sink(segments: &[String]) -> Sink {
    let last = segments.last().map_or("", String::as_str);
    let before = if segments.len() >= 2 {
        segments[segments.len() - 2].as_str()
    } else {
        ""
    };
    let url_type = matches!(before, "Url" | "Uri" | "Iri" | "Urn");
    if url_type
        && matches!(
            last,
            "parse" | "from_str" | "try_from" | "parse_with_params" | "from_maybe_shared" | "new"
        )
    {
        return Sink::Url;
    }
    if (HTTP_CRATES.contains(&before) || matches!(before, "Request" | "Client"))
        && (VERBS.contains(&last) || last == "request")
    {
        return Sink::Url;
    }
    if before == "Redirect" || before == "Location" {
        return Sink::Url;
    }
    if matches!(
        (before, last),
        ("Path" | "Command", "new")
            | ("PathBuf", "from")
            | ("File", "open" | "create" | "create_new")
    ) || segments.iter().any(|s| s == "fs")
    {
        return Sink::File;
    }
    Sink::None
}

/// A placeholder name for a value: `owner` for `self.owner`, `id` for `user.id()`.
pub(super) fn name_of(e: &Expr) -> String {
    let name = match peel(e) {
        Expr::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Expr::Field(f) => match &f.member {
            syn::Member::Named(n) => Some(n.to_string()),
            syn::Member::Unnamed(_) => name_of(&f.base).into(),
        },
        Expr::MethodCall(m) => {
            let method = m.method.to_string();
            if matches!(
                method.as_str(),
                "unwrap"
                    | "expect"
                    | "unwrap_or_default"
                    | "trim"
                    | "as_deref"
                    | "borrow"
                    | "deref"
                    | "display"
                    | "to_lowercase"
            ) {
                Some(name_of(&m.receiver))
            } else {
                Some(method.trim_start_matches("get_").to_string())
            }
        }
        Expr::Call(c) => c.args.first().map(name_of),
        Expr::Index(i) => Some(name_of(&i.expr)),
        Expr::Try(t) => Some(name_of(&t.expr)),
        _ => None,
    };
    sanitize(&name.unwrap_or_default())
}

/// A name `url!` takes as a placeholder and Rust as a named argument: ASCII letters, digits
/// and `_`, not a keyword, not starting with a digit.
pub(super) fn sanitize(name: &str) -> String {
    let name = name.trim_start_matches("r#").to_lowercase();
    let clean: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let clean = clean.trim_matches('_').to_string();
    if clean.is_empty() || clean.starts_with(|c: char| c.is_ascii_digit()) {
        return "value".into();
    }
    if syn::parse_str::<syn::Ident>(&clean).is_err() || clean == "self" {
        return format!("{clean}_");
    }
    clean
}

/// An expression as messages show it: one line, at most 40 characters.
pub(super) fn shorten(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 40 {
        let cut: String = one_line.chars().take(37).collect();
        format!("{cut}...")
    } else {
        one_line
    }
}
