//! What `url!` expands to, pinned for the templates a reviewer should read: the expansion is
//! printed with prettyplease and compared with `snapshots/*.rs`. After a deliberate change,
//! `URLKIT_BLESS=1 cargo test -p urlkit-macros` rewrites the snapshots; review the diff.

use proc_macro2::TokenStream;

fn expanded(input: &str, expand: fn(TokenStream) -> TokenStream) -> String {
    let tokens: TokenStream = input.parse().expect("tokens");
    let expansion = expand(tokens);
    let file: syn::File = syn::parse2(quote::quote!(fn expansion() { let _ = #expansion; }))
        .expect("the expansion is Rust");
    prettyplease::unparse(&file)
}

#[track_caller]
fn snapshot(name: &str, input: &str) {
    snapshot_of("url", crate::url::url, name, input);
}

#[track_caller]
fn snapshot_of(mac: &str, expand: fn(TokenStream) -> TokenStream, name: &str, input: &str) {
    let text = format!("// {mac}!({input})\n{}", expanded(input, expand));
    pin(name, &text);
}

/// Compares `text` with `snapshots/{name}.rs` (or rewrites it under `URLKIT_BLESS`).
#[track_caller]
fn pin(name: &str, text: &str) {
    // Read at run time: a test binary is not rebuilt when the checkout moves (`.ci/run`
    // tests a fresh copy each time), so `env!` may name a directory that is gone.
    let dir = std::env::var("CARGO_MANIFEST_DIR")
        .unwrap_or_else(|_| String::from(env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/snapshots/{name}.rs");
    if std::env::var_os("URLKIT_BLESS").is_some() {
        std::fs::write(&path, text).expect("write snapshot");
    }
    let pinned = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(pinned == text, "{path} differs from:\n{text}");
}

#[test]
fn github_issues() {
    snapshot(
        "github",
        r#""https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}", state = "open", labels = ["A-macros", "C-bug"], page = Some(2)"#,
    );
}

#[test]
fn hand_written_pairs_port_and_prefix() {
    snapshot(
        "pairs",
        r#""http://{host}:{port}/search?q={q}&lang={lang:2}", "lang" = locale"#,
    );
}

#[test]
fn base_join() {
    snapshot("join", r#"API, "users/{id}/posts""#);
}

#[test]
fn literal_and_error() {
    snapshot("literal", r#""https://example.com/café""#);
    snapshot("error", r#""https://example.com/{id""#);
}

#[test]
fn template_constant_and_error() {
    snapshot_of(
        "template",
        crate::template::template,
        "template",
        r#""/users/{id}/posts{?page,tag*}""#,
    );
    snapshot_of(
        "template",
        crate::template::template,
        "template_error",
        r#""/users/{id""#,
    );
}

/// What `#[derive(Route)]` expands to, pinned like `url!`'s expansions.
#[track_caller]
fn route_snapshot(name: &str, input: &str) {
    let tokens: TokenStream = input.parse().expect("tokens");
    let expansion = crate::route::derive(tokens);
    let file: syn::File = syn::parse2(expansion).expect("the expansion is Rust");
    let text = format!(
        "// {}\n{}",
        input.replace('\n', "\n// "),
        prettyplease::unparse(&file)
    );
    pin(name, &text);
}

#[test]
fn route_enum() {
    route_snapshot(
        "route",
        "#[derive(Route)]\nenum Api {\n    #[route(\"/users/{id}{?tab}\")]\n    User { id: u64, tab: Option<String> },\n    #[route(\"/users/me\")]\n    Me,\n}",
    );
}

/// What `#[derive(Param)]` expands to: one spelling per variant, both ways.
#[test]
fn param_enum() {
    let input = "#[derive(Param)]\n#[param(rename_all = \"snake_case\")]\nenum Sort {\n    Newest,\n    MostCommented,\n    #[param(rename = \"stars\")]\n    MostStarred,\n}";
    let tokens: TokenStream = input.parse().expect("tokens");
    let file: syn::File = syn::parse2(crate::param::derive(tokens)).expect("the expansion is Rust");
    let text = format!(
        "// {}\n{}",
        input.replace('\n', "\n// "),
        prettyplease::unparse(&file)
    );
    pin("param", &text);
}

/// Routes no other route can take URLs of: `to_url` builds without any check, and
/// `from_url` is the tree alone (a static text, a placeholder with text around it, a tail and
/// a query rule).
#[test]
fn route_enum_without_overlaps() {
    route_snapshot(
        "route_disjoint",
        "#[derive(Route)]\nenum Files {\n    #[route(\"/files{/path*}\")]\n    Tree { path: Vec<String> },\n    #[route(\"/raw/{name}.txt?token={token}\")]\n    Raw { name: String, token: String },\n}",
    );
}

/// An enum's routes: each route's `to_url` and the reading of its fields are functions of
/// their own (`__to_url_0`, `__read_0`), which the impl calls.
#[test]
fn route_enum_in_parts() {
    route_snapshot(
        "route_parts",
        "#[derive(Route)]\nenum Repo {\n    #[route(get, \"/repos/{owner}/{repo}\")]\n    Get { owner: String, repo: String },\n    #[route(delete, \"/repos/{owner}/{repo}\")]\n    Delete { owner: String, repo: String },\n    #[route(get, \"/repos/{owner}/{repo}/issues?state={state}\")]\n    Issues { owner: String, repo: String, state: String },\n    #[route(get, \"/repos/{owner}/{repo}/issues/{number}\")]\n    Issue { owner: String, repo: String, number: u64 },\n    #[route(get, \"/users/{user}\")]\n    User { user: String },\n}",
    );
}

/// `url!("...")` reads a plain or raw literal's value from its text, without syn; whatever it
/// reads must be what syn's `LitStr::value` reads, and anything it cannot read exactly (an
/// escape, a suffix, a byte string) goes through syn instead.
#[test]
fn lone_literal_reads_what_syn_reads() {
    let cases = [
        r#""https://example.com/users/{id}""#,
        r#""""#,
        r#"r"/a\b{x}""#,
        r##"r#"/a"b{x}"#"##,
        r###"r##"/"#{x}"##"###,
        "\"caf\u{e9} {x}\"",
        r#""caf\u{e9} {x}""#,
        r#""a\"b""#,
        r#""a\\b""#,
        r#""tab\there""#,
        r#""line\
           continued""#,
        r#""x"suffix"#,
        r#"b"bytes""#,
        r#"c"c string""#,
    ];
    for case in cases {
        let tokens: TokenStream = case.parse().expect("tokens");
        let fast =
            crate::input::Invocation::lone_literal(&tokens).map(|i| i.lit.value().to_string());
        let via_syn = match syn::parse2::<syn::Lit>(tokens) {
            Ok(syn::Lit::Str(s)) if s.suffix().is_empty() => Some(s.value()),
            _ => None,
        };
        match (&fast, &via_syn) {
            (Some(fast), Some(via_syn)) => assert_eq!(fast, via_syn, "{case}"),
            // Not read on the fast path: syn reads it (or reports it).
            (None, _) => {}
            (Some(_), None) => panic!("{case}: read as a URL literal, which syn refuses"),
        }
    }
    // The fast path takes what needs no unescaping, and only that.
    let fast = |case: &str| {
        crate::input::Invocation::lone_literal(&case.parse().expect("tokens")).is_some()
    };
    assert!(fast(r#""https://example.com/{id}""#));
    assert!(fast(r##"r#"/a"b"#"##));
    assert!(!fast(r#""caf\u{e9}""#));
    assert!(!fast(r#""x"suffix"#));
    assert!(!fast(r#"b"bytes""#));
    assert!(!fast(r#"API, "users""#));
}
