//! Decides which candidates are URLs, says what a value can do where it lands (from the
//! placement `url!`'s grammar gives it), and writes the `url!` call that replaces the
//! expression when the replacement builds the same URL for benign values.

use core::fmt::Write as _;
use core::ops::Range;

use urlkit_syntax::check::check;
use urlkit_syntax::reference::{Options, Placement};

use crate::scan::{Candidate, Hole, Kind, Part, TypeClass, is_urlish};

/// A hand-built URL.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub(crate) kind: Kind,
    /// The whole expression (what a rewrite replaces).
    pub(crate) range: Range<usize>,
    /// Where to put carets: each value's bytes in the file.
    pub(crate) carets: Vec<Range<usize>>,
    /// What a value can do where it lands, one line per placement.
    pub(crate) notes: Vec<String>,
    /// The replacement text, or why none is offered.
    pub(crate) rewrite: Result<String, String>,
    /// The `url!` call to write by hand when no rewrite is mechanical.
    pub(crate) suggestion: Option<String>,
}

/// What is known about the package a file belongs to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Package {
    /// It depends on `urlkit`, so `urlkit::url!` resolves.
    pub(crate) has_urlkit: bool,
}

/// Whether `candidate` is a URL built by hand, and the finding if it is.
pub(crate) fn analyze(candidate: &Candidate, package: Package) -> Option<Finding> {
    if candidate.kind == Kind::Join {
        return Some(join_finding(candidate));
    }
    let text: String = candidate
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(t.as_str()),
            Part::Hole(_) => None,
        })
        .collect();
    if !looks_like_url(candidate, &text) {
        return None;
    }
    let template = Template::build(candidate);
    let placements = template.placements(candidate);
    // A value whose characters cannot change the URL's shape is not worth a finding:
    // numbers, booleans, and percent-encoded values in the query or fragment or inside a
    // path segment (a whole segment can still be `..`, which has nothing to encode).
    let all_safe =
        candidate
            .holes
            .iter()
            .enumerate()
            .zip(&placements)
            .all(|((i, hole), placement)| {
                hole.ty.is_inert()
                    || (hole.encoded
                        && (matches!(placement, Placement::Query | Placement::Fragment)
                            || !whole_segment(candidate, i)))
            });
    if all_safe {
        return None;
    }
    let notes = notes(candidate, &placements);
    let (rewrite, suggestion) = rewrite(candidate, &template, &placements, package);
    Some(Finding {
        kind: candidate.kind,
        range: candidate.range.clone(),
        // Carets under the values that can do something; numbers and the code's own
        // separators are placed too, but cannot change the URL.
        carets: candidate
            .holes
            .iter()
            .filter(|h| !h.ty.is_inert())
            .map(|h| h.at.clone())
            .collect(),
        notes,
        rewrite,
        suggestion,
    })
}

/// The scheme `https` of `https://…`, if the text starts with one.
fn scheme(text: &str) -> Option<&str> {
    let (scheme, _) = text.split_once("://")?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && scheme.len() >= 2
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(scheme)
}

/// Text that ends with a query key and `=`, right before a value: `?page=`, `&q=`.
fn ends_with_query_key(text: &str) -> bool {
    let Some(before) = text.strip_suffix('=') else {
        return false;
    };
    let key_start = before
        .rfind(|c: char| {
            !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '[' | ']' | '%'))
        })
        .map_or(0, |i| i);
    let key = &before[key_start..];
    matches!(key.chars().next(), Some('?' | '&')) && key.len() > 1
}

const FILE_EXTENSIONS: &[&str] = &[
    "rs", "toml", "lock", "txt", "log", "yaml", "yml", "md", "csv", "tmp", "bin", "so", "dll",
    "exe", "sh", "py", "db", "sqlite", "conf", "cfg", "ini", "pem", "key", "crt", "o", "a", "rlib",
    "d", "c", "h", "cpp", "js", "ts", "wasm",
];

fn looks_like_url(candidate: &Candidate, text: &str) -> bool {
    // URLs never hold raw whitespace, quotes or angle brackets; log lines, SQL, JSON and
    // HTML do. `::` is a Rust path.
    if text
        .chars()
        .any(|c| c.is_whitespace() || matches!(c, '"' | '<' | '>' | '\\' | '`'))
        || text.contains("::")
    {
        return false;
    }
    let e = candidate.evidence;
    let first_text = match candidate.parts.first() {
        Some(Part::Text(t)) => Some(t.as_str()),
        _ => None,
    };
    let has_scheme = first_text.and_then(scheme).is_some();
    let has_query_value = candidate
        .parts
        .windows(2)
        .any(|w| matches!(w, [Part::Text(t), Part::Hole(_)] if ends_with_query_key(t)));
    if has_scheme || has_query_value {
        return !e.file_sink || e.url_sink;
    }
    if e.url_sink {
        return text.contains('/') || candidate.holes.len() >= 2 || !text.is_empty();
    }
    if e.file_sink || e.fileish_name {
        return false;
    }
    let extension = text
        .rsplit('/')
        .next()
        .and_then(|last| last.rsplit_once('.'))
        .map(|(_, ext)| ext);
    if extension.is_some_and(|ext| FILE_EXTENSIONS.contains(&ext)) {
        return false;
    }
    if !text.contains('/') {
        return false;
    }
    let starts_with_slash = first_text.is_some_and(|t| t.starts_with('/'));
    let base_hole_urlish = matches!(candidate.parts.first(), Some(Part::Hole(i))
        if is_urlish(&candidate.holes[*i].label) || base_word(&candidate.holes[*i].label));
    e.urlish_name || (e.verb_sink && starts_with_slash) || base_hole_urlish
}

/// A value named like the start of a URL: `self.base_url`, `host`, `server`.
fn base_word(label: &str) -> bool {
    let lower = label.to_lowercase();
    let last = lower.rsplit(['.', ' ']).next().unwrap_or(&lower);
    let last = last.trim_end_matches("()");
    matches!(
        last,
        "base"
            | "host"
            | "server"
            | "origin"
            | "domain"
            | "endpoint"
            | "homepage"
            | "base_url"
            | "api_base"
            | "api_root"
            | "root_url"
            | "server_url"
    )
}

/// The candidate as a `url!` template: text as written, each value a `{name}`.
struct Template {
    text: String,
    /// Named arguments, in order: (name, the expression or `None` for a capture).
    args: Vec<(String, Option<String>)>,
}

impl Template {
    fn build(candidate: &Candidate) -> Template {
        let mut names: Vec<String> = Vec::new();
        let mut args: Vec<(String, Option<String>)> = Vec::new();
        // The expression each name stands for, to give two different values two names.
        let mut taken: Vec<(String, Option<String>)> = Vec::new();
        for hole in &candidate.holes {
            let key = hole.expr.clone();
            let name =
                if let Some((name, _)) = taken.iter().find(|(_, e)| *e == key && key.is_some()) {
                    name.clone()
                } else {
                    let mut name = hole.name.clone();
                    let mut n = 2;
                    while taken.iter().any(|(t, _)| *t == name) {
                        name = format!("{}_{n}", hole.name);
                        n += 1;
                    }
                    taken.push((name.clone(), key));
                    args.push((name.clone(), argument(hole, &name)));
                    name
                };
            names.push(name);
        }
        let mut text = String::new();
        for part in &candidate.parts {
            match part {
                Part::Text(t) => {
                    // A literal brace would read as a placeholder; it is refused for a
                    // rewrite anyway (see `blockers`), so any stand-in does for placements.
                    text.push_str(&t.replace('{', "%7B").replace('}', "%7D"));
                }
                Part::Hole(i) => {
                    text.push('{');
                    text.push_str(&names[*i]);
                    text.push('}');
                }
            }
        }
        Template { text, args }
    }

    /// Where each hole lands, from the grammar `url!` uses. On a template the grammar
    /// refuses, its placements are still computed (the reference parser reports the errors
    /// and still says where each expression stands); a hole at the very start, before any
    /// scheme, supplies the start of the URL.
    fn placements(&self, candidate: &Candidate) -> Vec<Placement> {
        let options = Options {
            iri: true,
            joined: false,
        };
        let placements = match check(&self.text, options) {
            Ok(checked) => checked.reference.placements,
            Err(rejected) => {
                let mut errors = urlkit_syntax::error::Errors::new();
                urlkit_syntax::reference::parse(
                    &self.text,
                    &rejected.expressions,
                    options,
                    &mut errors,
                )
                .placements
            }
        };
        let mut placements: Vec<Placement> = placements;
        placements.resize(candidate.holes.len(), Placement::Path);
        if matches!(candidate.parts.first(), Some(Part::Hole(_))) {
            placements[0] = Placement::Base;
        }
        placements
    }
}

/// The named argument a hole needs in `url!`, or `None` when `url!` captures the variable.
fn argument(hole: &Hole, name: &str) -> Option<String> {
    let known = !matches!(hole.ty, TypeClass::Unknown);
    match &hole.expr {
        None if known => None,
        None => Some(format!("urlkit::Fmt(&{name})")),
        Some(_) if hole.capturable && known => None,
        Some(e) if known => Some(e.clone()),
        // `url!` takes strings, numbers, chars and bools; `Fmt` takes any `Display` value,
        // and writes its `Display` text, which is what `format!` wrote.
        Some(e) if e.starts_with('&') => Some(format!("urlkit::Fmt({e})")),
        Some(e)
            if e.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '(' | ')')) =>
        {
            Some(format!("urlkit::Fmt(&{e})"))
        }
        Some(e) => Some(format!("urlkit::Fmt(&({e}))")),
    }
}

fn placement_effect(placement: Placement) -> &'static str {
    match placement {
        Placement::Path => {
            "in the path, where a `/` in a value adds segments, `..` climbs to the parent, and `?` or `#` end the path"
        }
        Placement::Query => {
            "in the query, where a `&` in a value adds parameters and a `#` ends the query"
        }
        Placement::Fragment => "in the fragment, where a value changes only the fragment",
        Placement::Host | Placement::IpLiteral => {
            "in the host, where a `/`, `?` or `#` in a value ends the host, `@` makes what precedes it a user name and what follows it the host, and `:` adds a port"
        }
        Placement::Port => {
            "in the port, where a `/` or `@` in a value changes the path or the host"
        }
        Placement::Userinfo => {
            "in the userinfo, where an `@` in a value ends it and picks the host"
        }
        Placement::Base | Placement::Scheme => {
            "at the start, where a value decides the scheme and the host: any URL at all"
        }
    }
}

fn placement_order(placement: Placement) -> usize {
    match placement {
        Placement::Base | Placement::Scheme => 0,
        Placement::Userinfo => 1,
        Placement::Host | Placement::IpLiteral => 2,
        Placement::Port => 3,
        Placement::Path => 4,
        Placement::Query => 5,
        Placement::Fragment => 6,
    }
}

/// One note per placement: which values land there and what they can do there.
fn notes(candidate: &Candidate, placements: &[Placement]) -> Vec<String> {
    let mut groups: Vec<(Placement, Vec<String>)> = Vec::new();
    for (hole, &placement) in candidate.holes.iter().zip(placements) {
        if hole.ty.is_inert() {
            continue;
        }
        let label = format!("`{}`", hole.label);
        match groups
            .iter_mut()
            .find(|(p, _)| placement_order(*p) == placement_order(placement))
        {
            Some((_, labels)) => {
                if !labels.contains(&label) {
                    labels.push(label);
                }
            }
            None => groups.push((placement, vec![label])),
        }
    }
    groups.sort_by_key(|(p, _)| placement_order(*p));
    let mut notes: Vec<String> = groups
        .into_iter()
        .map(|(placement, labels)| {
            let verb = if labels.len() == 1 { "lands" } else { "land" };
            format!(
                "{} {verb} {}",
                join_labels(&labels),
                placement_effect(placement)
            )
        })
        .collect();
    for (i, (hole, &placement)) in candidate.holes.iter().zip(placements).enumerate() {
        if hole.encoded && placement == Placement::Path && whole_segment(candidate, i) {
            notes.push(format!(
                "`{}` is percent-encoded first, but `..` has nothing to encode and still climbs",
                hole.label
            ));
        }
    }
    notes
}

/// Whether hole `index` is a whole path segment (a `..` there is a dot segment): text
/// before it ends with `/` and text after it starts with `/`, `?` or `#`, or ends the URL.
fn whole_segment(candidate: &Candidate, index: usize) -> bool {
    let Some(at) = candidate
        .parts
        .iter()
        .position(|p| matches!(p, Part::Hole(i) if *i == index))
    else {
        return false;
    };
    let before = match at.checked_sub(1).map(|i| &candidate.parts[i]) {
        Some(Part::Text(t)) => t.ends_with('/'),
        Some(Part::Hole(_)) => false,
        None => true,
    };
    let after = match candidate.parts.get(at + 1) {
        Some(Part::Text(t)) => t.starts_with(['/', '?', '#']),
        Some(Part::Hole(_)) => false,
        None => true,
    };
    before && after
}

fn join_labels(labels: &[String]) -> String {
    match labels {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The replacement, or why there is none; and the `url!` call to show either way.
fn rewrite(
    candidate: &Candidate,
    template: &Template,
    placements: &[Placement],
    package: Package,
) -> (Result<String, String>, Option<String>) {
    let call = |template_text: &str, args: &[(String, Option<String>)], base: Option<&str>| {
        let mut call = String::from("urlkit::url!(");
        if let Some(base) = base {
            call.push_str(base);
            call.push_str(", ");
        }
        let _ = write!(call, "{template_text:?}");
        for (name, expr) in args {
            if let Some(expr) = expr {
                let _ = write!(call, ", {name} = {expr}");
            }
        }
        call.push(')');
        call
    };
    let grammar = check(
        &template.text,
        Options {
            iri: true,
            joined: false,
        },
    );
    // A value at the start supplies the scheme and host: `url!(base, "rest")` is the form,
    // with the base parsed once.
    if let Some(Part::Hole(first)) = candidate.parts.first() {
        let rest_start = template.text.find('}').map_or(0, |i| i + 1);
        let rest = &template.text[rest_start..];
        let hole = &candidate.holes[*first];
        let args: Vec<_> = template.args.iter().skip(1).cloned().collect();
        let suggestion = check(
            rest,
            Options {
                iri: true,
                joined: true,
            },
        )
        .is_ok()
        .then(|| call(rest, &args, Some("base")));
        return (
            Err(format!(
                "`{}` supplies the scheme and host; parse it once (`let base = urlkit::Url::parse(&{})?;`) and append with `url!(base, \"...\")`",
                hole.label, hole.label
            )),
            suggestion,
        );
    }
    let suggestion = grammar
        .is_ok()
        .then(|| format!("{}?", call(&template.text, &template.args, None)));
    let reason = blockers(candidate, grammar.as_ref().err(), package)
        .or_else(|| value_blocker(candidate, placements));
    match reason {
        Some(reason) => (Err(reason), suggestion),
        None => (
            Ok(format!(
                "{}?.to_string()",
                call(&template.text, &template.args, None)
            )),
            suggestion,
        ),
    }
}

/// Why a rewrite would not build the same URL for benign values, or would not compile.
fn blockers(
    candidate: &Candidate,
    grammar: Option<&urlkit_syntax::check::Rejected>,
    package: Package,
) -> Option<String> {
    match candidate.kind {
        Kind::Format | Kind::Plus => {}
        Kind::Write => {
            return Some(
                "`write!` appends to a buffer; build the URL with `url!` and write that".into(),
            );
        }
        Kind::Concat => {
            return Some("`concat!` joins at compile time and `url!` takes one literal; pass the value as a placeholder".into());
        }
        Kind::PushStr => {
            return Some("the URL is built over several statements; write one `url!` template, with `{?name}` for optional query parameters".into());
        }
        Kind::Join => return Some("the base is a `Url` of another crate".into()),
    }
    for hole in &candidate.holes {
        if !hole.spec.is_empty() {
            return Some(if hole.spec.contains('?') {
                format!(
                    "`{{:{}}}` formats `{}` with `Debug`, which `url!` does not use",
                    hole.spec, hole.label
                )
            } else {
                format!(
                    "`{{:{}}}` pads, rounds or converts `{}`, which `url!` does not do",
                    hole.spec, hole.label
                )
            });
        }
        if hole.encoded {
            return Some(format!(
                "`{}` is percent-encoded before it is placed, and `url!` encodes values itself: pass the value before encoding",
                hole.label
            ));
        }
    }
    let text: String = candidate
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(t.as_str()),
            Part::Hole(_) => None,
        })
        .collect();
    if text.contains(['{', '}']) {
        return Some("the text holds a literal brace, which a URL cannot hold raw".into());
    }
    if let Some(c) = text.chars().find(|c| !c.is_ascii()) {
        return Some(format!(
            "`url!` percent-encodes the non-ASCII `{c}`, which `format!` writes as it is"
        ));
    }
    if let Some(escape) = lowercase_escape(&text) {
        return Some(format!(
            "`url!` writes the escape `{escape}` in uppercase (RFC 3986 §6.2.2.1)"
        ));
    }
    if let Some(rejected) = grammar {
        let first = rejected
            .errors
            .first()
            .map_or_else(String::new, |e| e.kind.to_string());
        return Some(format!("`url!` would not accept the template: {first}"));
    }
    if let Err(reason) = &candidate.question_mark {
        return Some(format!("`url!` returns a `Result`, and {reason}"));
    }
    if !package.has_urlkit {
        return Some(
            "the package does not depend on `urlkit`; `cargo add urlkit` and run `--fix` again"
                .into(),
        );
    }
    None
}

/// Names of values that often hold several path segments on purpose (`src/lib.rs`, a key
/// `a/b/c`): `format!` wrote their `/` as separators, `url!` encodes it.
const MULTI_SEGMENT_WORDS: &[&str] = &[
    "path", "paths", "file", "filename", "filepath", "dir", "prefix", "key", "route", "rest",
    "tail", "subpath", "segments", "parts", "glob",
];

/// Why a value's own characters may make `url!` build another URL than `format!` did for
/// the values the program really passes.
fn value_blocker(candidate: &Candidate, placements: &[Placement]) -> Option<String> {
    for (hole, &placement) in candidate.holes.iter().zip(placements) {
        let words: Vec<String> = crate::scan::words(&hole.name).collect();
        match placement {
            Placement::Path if hole.ty == TypeClass::Unknown => {
                return Some(format!(
                    "the type of `{}` is not visible here, and its `Display` text may hold `/` on purpose, which `url!` encodes; if it is one segment, pass a string",
                    hole.label
                ));
            }
            Placement::Path
                if words
                    .iter()
                    .any(|w| MULTI_SEGMENT_WORDS.contains(&w.as_str())) =>
            {
                return Some(format!(
                    "`{}` may hold several segments (`a/b`), which `format!` kept as separators and `url!` encodes; for several segments, pass a list to `{{/{}*}}`",
                    hole.label, hole.name
                ));
            }
            Placement::Host | Placement::IpLiteral
                if hole.ty == TypeClass::Unknown || words.iter().any(|w| w.starts_with("addr")) =>
            {
                return Some(format!(
                    "`{}` may hold a port (`127.0.0.1:8080`), which `url!` refuses in the host; place the host and the port apart: `{{host}}:{{port}}`",
                    hole.label
                ));
            }
            _ => {}
        }
    }
    None
}

/// A `%xx` escape with lowercase hex in `text`.
fn lowercase_escape(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(2)).find_map(|i| {
        let escape = &bytes[i..i + 3];
        (escape[0] == b'%'
            && escape[1].is_ascii_hexdigit()
            && escape[2].is_ascii_hexdigit()
            && (escape[1].is_ascii_lowercase() || escape[2].is_ascii_lowercase()))
        .then(|| &text[i..i + 3])
    })
}

fn join_finding(candidate: &Candidate) -> Finding {
    let hole = &candidate.holes[0];
    Finding {
        kind: Kind::Join,
        range: candidate.range.clone(),
        carets: vec![hole.at.clone()],
        notes: vec![format!(
            "`join` resolves `{}` as a relative reference: `..` climbs, a leading `/` replaces the whole path, `//host` replaces the host, and `?` or `#` replace the query or fragment",
            hole.label
        )],
        rewrite: Err(format!(
            "the base is a `Url` of another crate; with a `urlkit::Url` base, `url!(base, \"{{{}}}\")` appends `{}` as one segment",
            hole.name, hole.label
        )),
        suggestion: Some(format!("urlkit::url!(base, \"{{{}}}\")?", hole.name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_keys_are_recognized_before_a_value() {
        assert!(ends_with_query_key("/search?q="));
        assert!(ends_with_query_key("&page="));
        assert!(ends_with_query_key("?ids[]="));
        assert!(!ends_with_query_key("user="));
        assert!(!ends_with_query_key("/a?"));
        assert!(!ends_with_query_key("?="));
    }

    #[test]
    fn schemes_need_letters_before_the_slashes() {
        assert_eq!(scheme("https://x/"), Some("https"));
        assert_eq!(scheme("git+ssh://x"), Some("git+ssh"));
        assert_eq!(scheme("file:///etc"), Some("file"));
        assert_eq!(scheme("1a://x"), None);
        assert_eq!(scheme("/a://b"), None);
    }

    #[test]
    fn lowercase_escapes_are_found() {
        assert_eq!(lowercase_escape("/a%2fb"), Some("%2f"));
        assert_eq!(lowercase_escape("/a%2Fb%20"), None);
    }
}
