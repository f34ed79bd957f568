//! Walks one file's syntax tree and collects every expression that builds text from pieces
//! (`format!`, `write!`, `concat!`, `+` chains, `push_str` chains, `Url::join` with a value),
//! with what the code around it says about where the text goes.
//!
//! Nothing here decides whether the text is a URL: [`crate::analyze`] does, from the pieces
//! and this [`Evidence`]. The walk only reads syntax (no types, no macro expansion), so the
//! evidence is names and call shapes: `Url::parse(&x)`, `client.get(x)`, `let url = ...`.

use core::ops::Range;
use std::collections::{HashMap, HashSet};

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Expr, ExprLit, Lit, Token};

use crate::literal::{ArgRef, FormatString, Literal, Piece};

/// How a candidate builds its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `format!` (or `format_args!`).
    Format,
    /// `write!` / `writeln!` into a buffer.
    Write,
    /// `concat!` of literals and macros such as `env!`.
    Concat,
    /// `a + "/x/" + &b`.
    Plus,
    /// `let mut s = String::from(..); s.push_str(..); s += ..;`
    PushStr,
    /// `base.join(value)`.
    Join,
}

impl Kind {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Kind::Format => "`format!`",
            Kind::Write => "`write!`",
            Kind::Concat => "`concat!`",
            Kind::Plus => "string concatenation",
            Kind::PushStr => "`push_str`",
            Kind::Join => "`Url::join`",
        }
    }
}

/// What the type of a value is, as far as the syntax shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TypeClass {
    Str,
    Int,
    Float,
    Bool,
    Char,
    /// A variable the fn only ever sets to literals (`let mut sep = '?'; … sep = '&';`): its
    /// characters are the code's, not a value's.
    Literal,
    Unknown,
}

impl TypeClass {
    /// Digits, a sign, a dot, `true`/`false`: no character that changes a URL's shape.
    pub(crate) fn is_inert(self) -> bool {
        matches!(
            self,
            TypeClass::Int | TypeClass::Float | TypeClass::Bool | TypeClass::Literal
        )
    }
}

/// Text or a value, in the order they are joined.
#[derive(Clone, Debug)]
pub(crate) enum Part {
    Text(String),
    Hole(usize),
}

/// A value placed into the text.
#[derive(Clone, Debug)]
pub(crate) struct Hole {
    /// The bytes of the file to put the caret under (the `{}` in a format string, the operand
    /// of a `+` or a `push_str`).
    pub(crate) at: Range<usize>,
    /// A name for it: the captured variable, the named argument, or one made from the
    /// expression (`self.owner` → `owner`).
    pub(crate) name: String,
    /// How messages refer to it (the expression as written, shortened).
    pub(crate) label: String,
    /// The expression's source text; `None` when it is a capture `{name}`.
    pub(crate) expr: Option<String>,
    /// The expression is a plain variable of the hole's name (so `url!` can capture it).
    pub(crate) capturable: bool,
    pub(crate) ty: TypeClass,
    /// The value goes through a percent-encoder first (`urlencoding::encode(x)`).
    pub(crate) encoded: bool,
    /// The format spec, when not empty (`?`, `>8`).
    pub(crate) spec: String,
}

/// What the code around a candidate says about where its text goes.
// Independent facts, each read on its own, not the states of one thing.
#[allow(clippy::struct_excessive_bools)]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Evidence {
    /// Passed (directly or through a variable) to a call that takes a URL: `Url::parse`,
    /// `reqwest::get`, `.uri(..)`, `client.get(..)` on a client.
    pub(crate) url_sink: bool,
    /// Passed to a method named like an HTTP verb on something that may not be a client.
    pub(crate) verb_sink: bool,
    /// Passed to a call that takes a file path: `Path::new`, `File::open`, `fs::*`.
    pub(crate) file_sink: bool,
    /// Bound to, returned by or pushed into a name about URLs (`url`, `endpoint`, `uri`).
    pub(crate) urlish_name: bool,
    /// Bound to or returned by a name about files (`file`, `dir`).
    pub(crate) fileish_name: bool,
}

/// One expression that builds text from pieces.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) kind: Kind,
    /// The whole expression, in bytes of the file (what a rewrite replaces).
    pub(crate) range: Range<usize>,
    pub(crate) parts: Vec<Part>,
    pub(crate) holes: Vec<Hole>,
    pub(crate) evidence: Evidence,
    /// Why `?` cannot be used where the expression stands, if it cannot.
    pub(crate) question_mark: Result<(), String>,
}

/// Scans one file's text. `include_tests`: also `#[cfg(test)]` modules and `#[test]` fns.
pub(crate) fn scan(text: &str, include_tests: bool) -> Result<Vec<Candidate>, syn::Error> {
    let file = syn::parse_file(text)?;
    let mut scanner = Scanner {
        text,
        include_tests,
        fields: HashMap::new(),
        converts_anyhow: converts_from_imports(&file),
        fns: Vec::new(),
        candidates: Vec::new(),
        consumed: HashSet::new(),
        consumed_macros: HashSet::new(),
        url_sink_exprs: HashSet::new(),
        verb_sink_exprs: HashSet::new(),
        file_sink_exprs: HashSet::new(),
        bindings: HashMap::new(),
        top_level: FnScope::default(),
        candidate_ids: Vec::new(),
        arena: Vec::new(),
    };
    FieldTypes(&mut scanner.fields).visit_file(&file);
    scanner.visit_file(&file);
    let top = core::mem::take(&mut scanner.top_level);
    scanner.resolve(top);
    Ok(scanner.candidates)
}

type ExprId = *const Expr;

#[derive(Default)]
struct FnScope {
    name_urlish: bool,
    name_fileish: bool,
    question_mark: Option<Result<(), String>>,
    types: HashMap<String, TypeClass>,
    /// Candidates created in this fn, with the variable each was bound to.
    created: Vec<(usize, Option<String>)>,
    url_sink_names: HashSet<String>,
    verb_sink_names: HashSet<String>,
    file_sink_names: HashSet<String>,
    /// Names the fn's tail or `return` hands back (the fn's name then speaks for them).
    returned: Vec<ExprId>,
    closures: usize,
    /// Variables declared with a URL type (`base: &Url`).
    url_typed: HashSet<String>,
    /// Variables bound to a percent-encoder's result.
    encoded: HashSet<String>,
}

struct Scanner<'a> {
    text: &'a str,
    include_tests: bool,
    /// Struct fields of this file by name, for the type of `self.owner`.
    fields: HashMap<String, TypeClass>,
    /// The file imports `Result` or `Error` from a crate whose error converts from any
    /// `std::error::Error` (anyhow, eyre).
    converts_anyhow: bool,
    fns: Vec<FnScope>,
    candidates: Vec<Candidate>,
    /// Inner `+` of a chain already taken.
    consumed: HashSet<ExprId>,
    /// Macros (by start byte) already taken into a chain.
    consumed_macros: HashSet<usize>,
    url_sink_exprs: HashSet<ExprId>,
    verb_sink_exprs: HashSet<ExprId>,
    file_sink_exprs: HashSet<ExprId>,
    /// `let NAME = <expr>`: the variable each initializer is bound to.
    bindings: HashMap<ExprId, String>,
    top_level: FnScope,
    /// The candidate each expression became, for evidence found after it was created.
    candidate_ids: Vec<(ExprId, usize)>,
    /// Macro bodies parsed here: kept alive so that no later expression reuses an address
    /// the sets above hold.
    arena: Vec<Punctuated<Expr, Token![,]>>,
}

fn span_range(span: Span) -> Range<usize> {
    span.byte_range()
}

pub(crate) fn words(name: &str) -> impl Iterator<Item = String> + '_ {
    name.split(|c: char| c == '_' || c == '.' || !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .flat_map(split_camel)
}

fn split_camel(word: &str) -> Vec<String> {
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

const URL_WORDS: &[&str] = &[
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
const FILE_WORDS: &[&str] = &[
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
const CLIENT_WORDS: &[&str] = &[
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

fn is_clientish(text: &str) -> bool {
    words(text).any(|w| CLIENT_WORDS.contains(&w.as_str()))
}

/// The expression under `&`, `( )` and conversions that keep the text (`.as_str()`,
/// `.to_string()`, `.clone()`), which is the expression a candidate was made from.
fn peel(mut e: &Expr) -> &Expr {
    loop {
        e = match e {
            Expr::Reference(r) => &r.expr,
            Expr::Paren(p) => &p.expr,
            Expr::Group(g) => &g.expr,
            Expr::MethodCall(m)
                if m.args.is_empty()
                    && matches!(
                        m.method.to_string().as_str(),
                        "as_str" | "to_string" | "to_owned" | "clone" | "as_ref" | "into"
                    ) =>
            {
                &m.receiver
            }
            _ => return e,
        };
    }
}

/// The variable an expression names, under `&` and conversions: `&url` → `url`.
fn var_name(e: &Expr) -> Option<String> {
    match peel(e) {
        Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            Some(p.path.segments[0].ident.to_string())
        }
        _ => None,
    }
}

fn path_segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

fn macro_name(mac: &syn::Macro) -> String {
    mac.path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

const VERBS: &[&str] = &["get", "post", "put", "patch", "delete", "head"];
const HTTP_CRATES: &[&str] = &[
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
enum Sink {
    Url,
    File,
    None,
}

fn call_sink(segments: &[String]) -> Sink {
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

/// The arguments of a macro that takes `format!`'s syntax after `skip` leading expressions.
struct FormatArgs {
    leading: Vec<Expr>,
    lit: syn::LitStr,
    args: Vec<(Option<String>, Expr)>,
}

fn parse_format_args(tokens: proc_macro2::TokenStream, skip: usize) -> Option<FormatArgs> {
    let exprs =
        syn::parse::Parser::parse2(Punctuated::<Expr, Token![,]>::parse_terminated, tokens).ok()?;
    let mut exprs = exprs.into_iter();
    let leading: Vec<Expr> = exprs.by_ref().take(skip).collect();
    if leading.len() < skip {
        return None;
    }
    let Expr::Lit(ExprLit {
        lit: Lit::Str(lit), ..
    }) = exprs.next()?
    else {
        return None;
    };
    let args = exprs
        .map(|e| match e {
            Expr::Assign(a) => match &*a.left {
                Expr::Path(p) if p.path.segments.len() == 1 => (
                    Some(
                        p.path.segments[0]
                            .ident
                            .to_string()
                            .trim_start_matches("r#")
                            .to_string(),
                    ),
                    *a.right,
                ),
                _ => (None, Expr::Assign(a)),
            },
            e => (None, e),
        })
        .collect();
    Some(FormatArgs { leading, lit, args })
}

/// Whether a `use` of the file brings anyhow's or eyre's `Result` or `Error` into scope.
fn converts_from_imports(file: &syn::File) -> bool {
    fn walk(tree: &syn::UseTree, root: Option<&str>) -> bool {
        match tree {
            syn::UseTree::Path(p) => {
                let name = p.ident.to_string();
                walk(&p.tree, Some(root.unwrap_or(&name)))
            }
            syn::UseTree::Name(n) => {
                matches!(root, Some("anyhow" | "eyre" | "color_eyre"))
                    && matches!(n.ident.to_string().as_str(), "Result" | "Error" | "Report")
            }
            syn::UseTree::Rename(r) => {
                matches!(root, Some("anyhow" | "eyre" | "color_eyre"))
                    && matches!(r.rename.to_string().as_str(), "Result" | "Error" | "Report")
            }
            syn::UseTree::Group(g) => g.items.iter().any(|t| walk(t, root)),
            syn::UseTree::Glob(_) => false,
        }
    }
    file.items.iter().any(|item| match item {
        syn::Item::Use(u) => walk(&u.tree, None),
        _ => false,
    })
}

/// `Url`, `&Url`, `url::Url`, `Uri`, `Arc<Url>`.
fn is_url_type(ty: &syn::Type) -> bool {
    let text = ty.to_token_stream_string();
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "Url" | "Uri" | "Iri"))
}

pub(crate) fn classify_type(ty: &syn::Type) -> TypeClass {
    match ty {
        syn::Type::Reference(r) => classify_type(&r.elem),
        syn::Type::Paren(p) => classify_type(&p.elem),
        syn::Type::Group(g) => classify_type(&g.elem),
        syn::Type::Path(p) => {
            let Some(last) = p.path.segments.last() else {
                return TypeClass::Unknown;
            };
            match last.ident.to_string().as_str() {
                "str" | "String" | "Cow" => TypeClass::Str,
                "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
                | "i128" | "isize" | "NonZeroU32" | "NonZeroU64" | "NonZeroUsize" => TypeClass::Int,
                "f32" | "f64" => TypeClass::Float,
                "bool" => TypeClass::Bool,
                "char" => TypeClass::Char,
                _ => TypeClass::Unknown,
            }
        }
        _ => TypeClass::Unknown,
    }
}

struct FieldTypes<'f>(&'f mut HashMap<String, TypeClass>);

impl<'ast> Visit<'ast> for FieldTypes<'_> {
    fn visit_field(&mut self, field: &'ast syn::Field) {
        if let Some(ident) = &field.ident {
            let class = classify_type(&field.ty);
            self.0
                .entry(ident.to_string())
                .and_modify(|c| {
                    if *c != class {
                        *c = TypeClass::Unknown;
                    }
                })
                .or_insert(class);
        }
    }
}

fn is_test_attr(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let path = a.path();
        if path.segments.last().is_some_and(|s| s.ident == "test") {
            return true;
        }
        if path.is_ident("cfg") {
            let tokens = a.meta.require_list().map(|l| l.tokens.to_string());
            return tokens
                .is_ok_and(|t| t.split(|c: char| !c.is_alphanumeric()).any(|w| w == "test"));
        }
        false
    })
}

/// Whether `?` on a `Result<_, urlkit::Error>` compiles in a fn returning `ret`.
fn question_mark_ok(ret: &syn::ReturnType, converts_anyhow: bool) -> Result<(), String> {
    let syn::ReturnType::Type(_, ty) = ret else {
        return Err("the enclosing fn returns `()`, so `?` cannot pass on `url!`'s error".into());
    };
    let text = ty.to_token_stream_string();
    let refuse = || {
        Err(format!(
            "the enclosing fn returns `{text}`, which `?` cannot convert a `urlkit::Error` into"
        ))
    };
    let syn::Type::Path(p) = &**ty else {
        return refuse();
    };
    let segments = path_segments(&p.path);
    let Some(last) = p.path.segments.last() else {
        return refuse();
    };
    if last.ident != "Result" {
        return refuse();
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return refuse();
    };
    let types: Vec<&syn::Type> = args
        .args
        .iter()
        .filter_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        })
        .collect();
    let from_crate = segments
        .first()
        .is_some_and(|s| matches!(s.as_str(), "anyhow" | "eyre" | "color_eyre"));
    match types.as_slice() {
        [_] if from_crate || (segments.len() == 1 && converts_anyhow) => Ok(()),
        [_, error] if error_converts(error, converts_anyhow) => Ok(()),
        _ => refuse(),
    }
}

fn error_converts(ty: &syn::Type, converts_anyhow: bool) -> bool {
    match ty {
        syn::Type::Path(p) => {
            let segments = path_segments(&p.path);
            let last = segments.last().map_or("", String::as_str);
            if last == "Box" {
                // `Box<dyn Error + Send + Sync + 'static>`: any std error converts into it.
                let text = ty.to_token_stream_string();
                return text.contains("dyn") && text.contains("Error");
            }
            let from_crate = segments
                .first()
                .is_some_and(|s| matches!(s.as_str(), "anyhow" | "eyre" | "color_eyre"));
            (from_crate && matches!(last, "Error" | "Report"))
                || (segments.len() == 1 && converts_anyhow && matches!(last, "Error" | "Report"))
        }
        _ => false,
    }
}

trait TokenText {
    fn to_token_stream_string(&self) -> String;
}

impl<T: quote::ToTokens> TokenText for T {
    fn to_token_stream_string(&self) -> String {
        let text = self.to_token_stream().to_string();
        // `Result < String , Box < dyn Error > >` reads better without the spaces rustc's
        // token printer puts everywhere.
        text.replace(" < ", "<")
            .replace("< ", "<")
            .replace(" >", ">")
            .replace(" ,", ",")
            .replace(" :: ", "::")
            .replace("& ", "&")
    }
}

impl Scanner<'_> {
    fn scope(&mut self) -> &mut FnScope {
        self.fns.last_mut().unwrap_or(&mut self.top_level)
    }

    fn scope_ref(&self) -> &FnScope {
        self.fns.last().unwrap_or(&self.top_level)
    }

    fn source(&self, range: Range<usize>) -> &str {
        self.text.get(range).unwrap_or("")
    }

    fn expr_text(&self, e: &Expr) -> String {
        self.source(span_range(e.span())).to_string()
    }

    fn in_fn(&mut self, name: &str, sig: &syn::Signature, body: impl FnOnce(&mut Self)) {
        let mut scope = FnScope {
            name_urlish: is_urlish(name),
            name_fileish: is_fileish(name),
            question_mark: Some(question_mark_ok(&sig.output, self.converts_anyhow)),
            ..FnScope::default()
        };
        for input in &sig.inputs {
            if let syn::FnArg::Typed(t) = input
                && let syn::Pat::Ident(id) = &*t.pat
            {
                scope
                    .types
                    .insert(id.ident.to_string(), classify_type(&t.ty));
                if is_url_type(&t.ty) {
                    scope.url_typed.insert(id.ident.to_string());
                }
            }
        }
        self.fns.push(scope);
        body(self);
        let scope = self.fns.pop().expect("pushed above");
        self.resolve(scope);
    }

    /// At the end of a fn: evidence that reached a candidate through the variable it was
    /// bound to, or through the fn's own name when the fn returns it.
    fn resolve(&mut self, scope: FnScope) {
        for (index, binding) in scope.created {
            let candidate = &mut self.candidates[index];
            if let Some(name) = binding {
                let e = &mut candidate.evidence;
                e.url_sink |= scope.url_sink_names.contains(&name);
                e.verb_sink |= scope.verb_sink_names.contains(&name);
                e.file_sink |= scope.file_sink_names.contains(&name);
                e.urlish_name |= is_urlish(&name);
                e.fileish_name |= is_fileish(&name);
            }
        }
        // A fn named like a URL (`fn user_url(..) -> String`) speaks for what it returns.
        let returned: HashSet<ExprId> = scope.returned.iter().copied().collect();
        for index in self.returned_candidates(&returned) {
            let e = &mut self.candidates[index].evidence;
            e.urlish_name |= scope.name_urlish;
            e.fileish_name |= scope.name_fileish;
        }
    }

    fn returned_candidates(&self, returned: &HashSet<ExprId>) -> Vec<usize> {
        self.candidate_ids
            .iter()
            .filter(|(id, _)| returned.contains(id))
            .map(|&(_, index)| index)
            .collect()
    }
}

impl<'ast> Visit<'ast> for Scanner<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if self.include_tests || !is_test_attr(&m.attrs) {
            visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !self.include_tests && is_test_attr(&f.attrs) {
            return;
        }
        self.in_fn(&f.sig.ident.to_string(), &f.sig, |s| {
            s.note_returns(&f.block);
            visit::visit_item_fn(s, f);
        });
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !self.include_tests && is_test_attr(&f.attrs) {
            return;
        }
        self.in_fn(&f.sig.ident.to_string(), &f.sig, |s| {
            s.note_returns(&f.block);
            visit::visit_impl_item_fn(s, f);
        });
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        self.in_fn(&f.sig.ident.to_string(), &f.sig, |s| {
            if let Some(block) = &f.default {
                s.note_returns(block);
            }
            visit::visit_trait_item_fn(s, f);
        });
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        self.scope().closures += 1;
        visit::visit_expr_closure(self, c);
        self.scope().closures -= 1;
    }

    fn visit_expr_async(&mut self, a: &'ast syn::ExprAsync) {
        self.scope().closures += 1;
        visit::visit_expr_async(self, a);
        self.scope().closures -= 1;
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        self.register_local(local);
        visit::visit_local(self, local);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.push_chains(&block.stmts);
        visit::visit_block(self, block);
    }

    fn visit_stmt(&mut self, stmt: &'ast syn::Stmt) {
        if let syn::Stmt::Macro(m) = stmt {
            let range = span_range(m.span());
            self.format_macro(&m.mac, range, None);
        }
        visit::visit_stmt(self, stmt);
    }

    fn visit_expr(&mut self, e: &'ast Expr) {
        self.note_sinks(e);
        match e {
            Expr::Macro(m) => {
                let range = span_range(e.span());
                self.format_macro(&m.mac, range, Some(e));
            }
            Expr::Reference(r) if matches!(&*r.expr, Expr::Macro(_)) => {
                if let Expr::Macro(m) = &*r.expr {
                    let range = span_range(r.expr.span());
                    self.format_macro(&m.mac, range, Some(&*r.expr));
                }
                // The inner macro is done: visit what is inside it only.
                if let Expr::Macro(m) = &*r.expr {
                    self.visit_macro(&m.mac);
                }
                return;
            }
            Expr::Binary(b)
                if matches!(b.op, syn::BinOp::Add(_))
                    && !self.consumed.contains(&(e as ExprId)) =>
            {
                self.plus_chain(e);
            }
            Expr::Assign(a) => {
                if let Some(name) = var_name(&a.left)
                    && literal_text(&a.right).is_none()
                {
                    let types = &mut self.scope().types;
                    if types.get(&name) == Some(&TypeClass::Literal) {
                        types.insert(name, TypeClass::Unknown);
                    }
                }
            }
            Expr::Return(r) => {
                if let Some(value) = &r.expr {
                    let id = returned_value(value);
                    self.scope().returned.push(id);
                }
            }
            _ => {}
        }
        visit::visit_expr(self, e);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let name = macro_name(mac);
        if matches!(
            name.as_str(),
            "println"
                | "print"
                | "eprintln"
                | "eprint"
                | "panic"
                | "unreachable"
                | "todo"
                | "unimplemented"
                | "trace"
                | "debug"
                | "info"
                | "warn"
                | "error"
                | "event"
                | "span"
                | "log"
                | "assert"
                | "assert_eq"
                | "assert_ne"
                | "debug_assert"
                | "debug_assert_eq"
                | "debug_assert_ne"
                | "bail"
                | "ensure"
                | "anyhow"
                | "eyre"
                | "format_err"
                | "concat"
                | "include_str"
                | "include_bytes"
                | "env"
                | "option_env"
                | "matches"
                | "cfg"
                | "stringify"
                | "compile_error"
                // Code generators: the text they hold is another program's.
                | "quote"
                | "quote_spanned"
                | "parse_quote"
                | "parse_quote_spanned"
        ) {
            return;
        }
        // Most macros take expressions separated by commas (`vec![..]`, `format!`'s
        // arguments, `json!`-free custom macros); their bodies are scanned too.
        if let Ok(exprs) = syn::parse::Parser::parse2(
            Punctuated::<Expr, Token![,]>::parse_terminated,
            mac.tokens.clone(),
        ) {
            for e in &exprs {
                let e = match e {
                    Expr::Assign(a) if matches!(name.as_str(), "format" | "write" | "writeln") => {
                        &*a.right
                    }
                    e => e,
                };
                self.visit_expr(e);
            }
            self.arena.push(exprs);
        }
    }
}

/// The expressions whose value `e` takes: the arms of a `match`, the branches of an `if`, a
/// block's tail, the alternatives of `.unwrap_or(..)` and the bodies of `.map(|x| ..)`.
fn result_exprs(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match peel(e) {
            Expr::Match(m) => stack.extend(m.arms.iter().map(|a| &*a.body)),
            Expr::If(i) => {
                if let Some(syn::Stmt::Expr(tail, None)) = i.then_branch.stmts.last() {
                    stack.push(tail);
                }
                if let Some((_, other)) = &i.else_branch {
                    stack.push(other);
                }
            }
            Expr::Block(b) => {
                if let Some(syn::Stmt::Expr(tail, None)) = b.block.stmts.last() {
                    stack.push(tail);
                }
            }
            Expr::Closure(c) => stack.push(&c.body),
            Expr::MethodCall(m)
                if matches!(
                    m.method.to_string().as_str(),
                    "unwrap_or" | "unwrap_or_else" | "map" | "map_or" | "map_or_else"
                ) =>
            {
                stack.push(&m.receiver);
                stack.extend(m.args.iter());
            }
            other => out.push(other),
        }
    }
    out
}

/// The expression a `return`/tail hands back, under `Ok(..)`/`Some(..)` and conversions.
fn returned_value(e: &Expr) -> ExprId {
    let e = peel(e);
    if let Expr::Call(c) = e
        && let Expr::Path(p) = &*c.func
        && p.path.segments.len() == 1
        && matches!(
            p.path.segments[0].ident.to_string().as_str(),
            "Ok" | "Some" | "Cow" | "Box"
        )
        && c.args.len() == 1
    {
        return peel(&c.args[0]);
    }
    e
}

impl Scanner<'_> {
    fn note_returns(&mut self, block: &syn::Block) {
        if let Some(syn::Stmt::Expr(e, None)) = block.stmts.last() {
            let id = returned_value(e);
            self.scope().returned.push(id);
        }
    }

    /// What a `let` tells: the variable's type as far as it shows, whether it holds a URL type
    /// or an encoder's result, and which expression it is bound to.
    fn register_local(&mut self, local: &syn::Local) {
        let (pat, ty) = match &local.pat {
            syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
            pat => (pat, None),
        };
        if let (syn::Pat::Ident(id), Some(init)) = (pat, &local.init) {
            let name = id.ident.to_string();
            let class = match ty {
                Some(ty) => classify_type(ty),
                // `&str` and `char` literals only: a `String` can be appended to.
                None if id.mutability.is_some()
                    && matches!(
                        &*init.expr,
                        Expr::Lit(ExprLit {
                            lit: Lit::Str(_) | Lit::Char(_),
                            ..
                        })
                    ) =>
                {
                    TypeClass::Literal
                }
                None => self.type_of(&init.expr),
            };
            let url_typed = ty.is_some_and(is_url_type)
                || matches!(peel(&init.expr), Expr::Call(c) if matches!(&*c.func, Expr::Path(p)
                    if matches!(call_sink(&path_segments(&p.path)), Sink::Url)));
            let encoded = encoder_call(&init.expr).0;
            let scope = self.scope();
            scope.types.insert(name.clone(), class);
            if url_typed {
                scope.url_typed.insert(name.clone());
            }
            if encoded {
                scope.encoded.insert(name.clone());
            }
            for value in result_exprs(&init.expr) {
                self.bindings.insert(peel(value), name.clone());
            }
        }
    }

    /// Records what a call does with its arguments, before they are visited.
    fn note_sinks(&mut self, e: &Expr) {
        match e {
            Expr::Call(call) => {
                let Expr::Path(p) = &*call.func else { return };
                let sink = call_sink(&path_segments(&p.path));
                for arg in &call.args {
                    self.sink_arg(arg, &sink, false);
                }
            }
            Expr::MethodCall(m) => {
                let method = m.method.to_string();
                let method = method.trim_start_matches('_');
                let receiver = self.expr_text(&m.receiver);
                let receiver_urlish = is_urlish(&receiver) && !is_fileish(&receiver);
                let turbofish_url = m.turbofish.as_ref().is_some_and(|t| {
                    let text = t.to_token_stream_string();
                    text.contains("Url") || text.contains("Uri")
                });
                let receiver_url_typed =
                    var_name(&m.receiver).is_some_and(|v| self.scope_ref().url_typed.contains(&v));
                match method {
                    "parse" if turbofish_url => self.sink_arg(&m.receiver, &Sink::Url, false),
                    "uri" | "url" | "base_url" | "set_path" | "set_query" | "set_fragment"
                    | "redirect" | "navigate" | "goto" | "location" | "set_href" | "href"
                    | "path_and_query" => {
                        if let Some(arg) = m.args.first() {
                            self.sink_arg(arg, &Sink::Url, false);
                        }
                    }
                    // `get`, and `get_with_headers`-style variants.
                    _ if !m.args.is_empty()
                        && VERBS.contains(&method.split('_').next().unwrap_or_default()) =>
                    {
                        if VERBS.contains(&method) && is_clientish(&receiver) {
                            self.sink_arg(&m.args[0], &Sink::Url, false);
                        } else {
                            self.sink_arg(&m.args[0], &Sink::Url, true);
                        }
                    }
                    "request" | "req" | "send_request" if m.args.len() >= 2 => {
                        self.sink_arg(&m.args[1], &Sink::Url, !is_clientish(&receiver));
                    }
                    "join" if m.args.len() == 1 => {
                        if receiver_urlish || receiver_url_typed {
                            self.sink_arg(&m.args[0], &Sink::Url, false);
                            self.join_candidate(e, &m.args[0]);
                        } else {
                            self.sink_arg(&m.args[0], &Sink::File, false);
                        }
                    }
                    "open" | "arg" | "args" | "current_dir" | "with_file_name"
                    | "with_extension" | "read_dir" | "create_dir_all" | "read_to_string" => {
                        for arg in &m.args {
                            self.sink_arg(arg, &Sink::File, false);
                        }
                    }
                    // A method named for what it takes (`parameterized_uri(route, ..)`): as
                    // weak as an HTTP verb on something that may not be a client.
                    _ if is_urlish(method) => {
                        for arg in &m.args {
                            self.sink_arg(arg, &Sink::Url, true);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    fn sink_arg(&mut self, arg: &Expr, sink: &Sink, verb: bool) {
        let id: ExprId = peel(arg);
        let name = var_name(arg);
        let scope = self.fns.last_mut().unwrap_or(&mut self.top_level);
        match (sink, verb) {
            (Sink::Url, false) => {
                self.url_sink_exprs.insert(id);
                if let Some(n) = name {
                    scope.url_sink_names.insert(n);
                }
            }
            (Sink::Url, true) => {
                self.verb_sink_exprs.insert(id);
                if let Some(n) = name {
                    scope.verb_sink_names.insert(n);
                }
            }
            (Sink::File, _) => {
                self.file_sink_exprs.insert(id);
                if let Some(n) = name {
                    scope.file_sink_names.insert(n);
                }
            }
            (Sink::None, _) => {}
        }
    }

    fn direct_evidence(&self, id: ExprId) -> Evidence {
        Evidence {
            url_sink: self.url_sink_exprs.contains(&id),
            verb_sink: self.verb_sink_exprs.contains(&id),
            file_sink: self.file_sink_exprs.contains(&id),
            urlish_name: false,
            fileish_name: false,
        }
    }

    fn question_mark(&self) -> Result<(), String> {
        let scope = self.fns.last().unwrap_or(&self.top_level);
        if scope.closures > 0 {
            return Err(
                "it stands in a closure or an `async` block, where `?` returns from the closure, not the fn".into(),
            );
        }
        scope
            .question_mark
            .clone()
            .unwrap_or_else(|| Err("it is not inside a fn body, so `?` cannot be used".into()))
    }

    fn push_candidate(&mut self, candidate: Candidate, id: Option<ExprId>) {
        let index = self.candidates.len();
        self.candidates.push(candidate);
        if let Some(id) = id {
            self.candidate_ids.push((id, index));
            let binding = self.bindings.get(&id).cloned();
            self.scope().created.push((index, binding));
        }
    }

    /// The type of an expression, as far as the syntax shows it.
    fn type_of(&self, e: &Expr) -> TypeClass {
        match e {
            Expr::Lit(l) => match &l.lit {
                Lit::Str(_) => TypeClass::Str,
                Lit::Int(_) => TypeClass::Int,
                Lit::Float(_) => TypeClass::Float,
                Lit::Bool(_) => TypeClass::Bool,
                Lit::Char(_) => TypeClass::Char,
                _ => TypeClass::Unknown,
            },
            Expr::Reference(r) => self.type_of(&r.expr),
            Expr::Paren(p) => self.type_of(&p.expr),
            Expr::Group(g) => self.type_of(&g.expr),
            Expr::Path(p) if p.path.segments.len() == 1 && p.qself.is_none() => {
                let name = p.path.segments[0].ident.to_string();
                let scope = self.fns.last().unwrap_or(&self.top_level);
                scope
                    .types
                    .get(&name)
                    .copied()
                    .unwrap_or(TypeClass::Unknown)
            }
            Expr::Field(f) => match &f.member {
                syn::Member::Named(name) => self
                    .fields
                    .get(&name.to_string())
                    .copied()
                    .unwrap_or(TypeClass::Unknown),
                syn::Member::Unnamed(_) => TypeClass::Unknown,
            },
            Expr::MethodCall(m) => match m.method.to_string().as_str() {
                "to_string" | "to_owned" | "to_lowercase" | "to_uppercase" | "into_owned" => {
                    if m.method == "to_owned" {
                        self.type_of(&m.receiver)
                    } else {
                        TypeClass::Str
                    }
                }
                "as_str" | "trim" | "trim_start" | "trim_end" | "clone" | "as_ref" => {
                    self.type_of(&m.receiver)
                }
                "len" | "count" => TypeClass::Int,
                _ => TypeClass::Unknown,
            },
            Expr::Macro(m) if macro_name(&m.mac) == "format" => TypeClass::Str,
            Expr::Call(c) => match &*c.func {
                Expr::Path(p)
                    if path_segments(&p.path).join("::").ends_with("String::from")
                        || path_segments(&p.path).join("::").ends_with("String::new") =>
                {
                    TypeClass::Str
                }
                _ => TypeClass::Unknown,
            },
            _ => TypeClass::Unknown,
        }
    }

    /// A hole for the value `e`, with a name made from it.
    fn hole(&self, at: Range<usize>, e: &Expr, name: Option<String>, spec: String) -> Hole {
        let (encoded, inner) = encoder_call(e);
        let encoded = encoded || var_name(e).is_some_and(|v| self.scope_ref().encoded.contains(&v));
        let text = self.expr_text(e);
        let made = name.unwrap_or_else(|| name_of(inner));
        let capturable = var_name(e).is_some_and(|v| v == made) && is_plain_ref(e);
        Hole {
            at,
            label: shorten(&text),
            name: made,
            expr: Some(text),
            capturable,
            ty: if encoded {
                TypeClass::Str
            } else {
                self.type_of(e)
            },
            encoded,
            spec,
        }
    }

    fn format_macro(&mut self, mac: &syn::Macro, range: Range<usize>, e: Option<&Expr>) {
        let name = macro_name(mac);
        let kind = match name.as_str() {
            "format" | "format_args" => Kind::Format,
            "write" | "writeln" => Kind::Write,
            "concat" => {
                if let Some(c) = self.concat(mac, range, e) {
                    self.push_candidate(c, e.map(|e| e as ExprId));
                }
                return;
            }
            _ => return,
        };
        if self.consumed_macros.contains(&range.start) {
            return;
        }
        let skip = usize::from(kind == Kind::Write);
        let Some(args) = parse_format_args(mac.tokens.clone(), skip) else {
            return;
        };
        let Some((parts, holes)) = self.format_pieces(&args) else {
            return;
        };
        let mut evidence = e.map(|e| self.direct_evidence(e)).unwrap_or_default();
        if kind == Kind::Write
            && let Some(target) = args.leading.first()
        {
            let target = self.expr_text(target);
            evidence.urlish_name |= is_urlish(&target);
            evidence.fileish_name |= is_fileish(&target);
        }
        let candidate = Candidate {
            kind,
            range,
            parts,
            holes,
            evidence,
            question_mark: self.question_mark(),
        };
        self.push_candidate(candidate, e.map(|e| e as ExprId));
    }

    /// A format string's text and holes, each hole resolved to its argument.
    fn format_pieces(&self, args: &FormatArgs) -> Option<(Vec<Part>, Vec<Hole>)> {
        let source = args.lit.token().to_string();
        let literal = Literal::read(&source)?;
        let format = FormatString::parse(&literal.value)?;
        let lit_start = span_range(args.lit.span()).start;
        let positional: Vec<&Expr> = args
            .args
            .iter()
            .filter(|(n, _)| n.is_none())
            .map(|(_, e)| e)
            .collect();
        let mut parts = Vec::new();
        let mut holes: Vec<Hole> = Vec::new();
        for piece in format.pieces {
            match piece {
                Piece::Text(t) => parts.push(Part::Text(t)),
                Piece::Hole(h) => {
                    let src = literal.source_range(h.at.clone());
                    let at = lit_start + src.start..lit_start + src.end;
                    let hole = match &h.arg {
                        ArgRef::Index(i) => self.hole(at, positional.get(*i)?, None, h.spec),
                        ArgRef::Name(name) => {
                            if let Some((_, e)) =
                                args.args.iter().find(|(n, _)| n.as_deref() == Some(name))
                            {
                                self.hole(at, e, Some(name.clone()), h.spec)
                            } else {
                                {
                                    let scope = self.fns.last().unwrap_or(&self.top_level);
                                    Hole {
                                        at,
                                        name: name.clone(),
                                        label: name.clone(),
                                        expr: None,
                                        capturable: true,
                                        ty: scope
                                            .types
                                            .get(name)
                                            .copied()
                                            .unwrap_or(TypeClass::Unknown),
                                        encoded: false,
                                        spec: h.spec,
                                    }
                                }
                            }
                        }
                    };
                    parts.push(Part::Hole(holes.len()));
                    holes.push(hole);
                }
            }
        }
        Some((parts, holes))
    }

    fn concat(&self, mac: &syn::Macro, range: Range<usize>, e: Option<&Expr>) -> Option<Candidate> {
        let exprs = syn::parse::Parser::parse2(
            Punctuated::<Expr, Token![,]>::parse_terminated,
            mac.tokens.clone(),
        )
        .ok()?;
        let mut parts = Vec::new();
        let mut holes = Vec::new();
        for x in &exprs {
            match x {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }) => parts.push(Part::Text(s.value())),
                Expr::Lit(ExprLit {
                    lit: Lit::Int(i), ..
                }) => parts.push(Part::Text(i.base10_digits().to_string())),
                Expr::Macro(m) => {
                    let name = match syn::parse2::<syn::LitStr>(m.mac.tokens.clone()) {
                        Ok(var) => var.value().to_lowercase(),
                        Err(_) => macro_name(&m.mac),
                    };
                    parts.push(Part::Hole(holes.len()));
                    let text = self.expr_text(x);
                    holes.push(Hole {
                        at: span_range(x.span()),
                        name: sanitize(&name),
                        label: shorten(&text),
                        expr: Some(text),
                        capturable: false,
                        ty: TypeClass::Str,
                        encoded: false,
                        spec: String::new(),
                    });
                }
                _ => return None,
            }
        }
        if holes.is_empty() {
            return None;
        }
        Some(Candidate {
            kind: Kind::Concat,
            range,
            parts,
            holes,
            evidence: e.map(|e| self.direct_evidence(e)).unwrap_or_default(),
            question_mark: self.question_mark(),
        })
    }

    /// `a + "/x/" + &b`: the outermost `+` of a chain with at least one string literal.
    fn plus_chain(&mut self, e: &Expr) {
        let mut operands = Vec::new();
        flatten_add(e, &mut operands, &mut self.consumed);
        let mut parts = Vec::new();
        let mut holes = Vec::new();
        let mut literals = 0;
        for (position, operand) in operands.iter().enumerate() {
            if let Some(text) = literal_text(operand) {
                literals += 1;
                parts.push(Part::Text(text));
            } else if let Some((p, h)) = self.nested_format(operand) {
                literals += 1;
                append(&mut parts, &mut holes, p, h);
            } else {
                parts.push(Part::Hole(holes.len()));
                let mut hole = self.hole(span_range(operand.span()), operand, None, String::new());
                // The right side of `String + &str` is a `&str`.
                if position > 0 && hole.ty == TypeClass::Unknown {
                    hole.ty = TypeClass::Str;
                }
                holes.push(hole);
            }
        }
        if literals == 0 || holes.is_empty() {
            return;
        }
        let candidate = Candidate {
            kind: Kind::Plus,
            range: span_range(e.span()),
            parts,
            holes,
            evidence: self.direct_evidence(e),
            question_mark: self.question_mark(),
        };
        self.push_candidate(candidate, Some(e));
    }

    /// `base.join(value)` on a URL: a finding of its own when `value` is not a literal (a
    /// `format!` there is reported as the `format!`).
    fn join_candidate(&mut self, e: &Expr, arg: &Expr) {
        let inner = peel(arg);
        if literal_text(inner).is_some() || matches!(inner, Expr::Macro(_)) {
            return;
        }
        let at = span_range(arg.span());
        let hole = self.hole(at, arg, None, String::new());
        if hole.ty.is_inert() {
            return;
        }
        let candidate = Candidate {
            kind: Kind::Join,
            range: span_range(e.span()),
            parts: vec![Part::Hole(0)],
            holes: vec![hole],
            evidence: Evidence {
                url_sink: true,
                ..Evidence::default()
            },
            question_mark: self.question_mark(),
        };
        self.push_candidate(candidate, None);
    }

    /// `let mut url = String::from("https://…"); url.push_str(&id); url += "/x";` within one
    /// block: one candidate for the variable, with a hole for each value pushed.
    fn push_chains(&mut self, stmts: &[syn::Stmt]) {
        // The block's variables, before its statements are visited: a push names them.
        for stmt in stmts {
            if let syn::Stmt::Local(local) = stmt {
                self.register_local(local);
            }
        }
        let mut assigned = Assigned(HashSet::new());
        for stmt in stmts {
            assigned.visit_stmt(stmt);
        }
        for name in assigned.0 {
            let types = &mut self.scope().types;
            if types.get(&name) == Some(&TypeClass::Literal) {
                types.insert(name, TypeClass::Unknown);
            }
        }
        for (i, stmt) in stmts.iter().enumerate() {
            let syn::Stmt::Local(local) = stmt else {
                continue;
            };
            let syn::Pat::Ident(id) = &local.pat else {
                continue;
            };
            if id.mutability.is_none() {
                continue;
            }
            let Some(init) = &local.init else { continue };
            let name = id.ident.to_string();
            let mut pushes = Pushes {
                name: &name,
                found: Vec::new(),
                last_end: 0,
            };
            for later in &stmts[i + 1..] {
                pushes.visit_stmt(later);
            }
            if pushes.found.is_empty() {
                continue;
            }
            let Some((mut parts, mut holes)) = self.chain_start(&init.expr) else {
                continue;
            };
            for push in &pushes.found {
                match *push {
                    Pushed::Expr(e) => {
                        if let Some(text) = literal_text(e) {
                            parts.push(Part::Text(text));
                        } else if let Some((p, h)) = self.nested_format(e) {
                            append(&mut parts, &mut holes, p, h);
                        } else {
                            parts.push(Part::Hole(holes.len()));
                            let mut hole = self.hole(span_range(e.span()), e, None, String::new());
                            if hole.ty == TypeClass::Unknown {
                                hole.ty = TypeClass::Str;
                            }
                            holes.push(hole);
                        }
                    }
                    Pushed::Write(mac, ref range) => {
                        if let Some(args) = parse_format_args(mac.tokens.clone(), 1)
                            && let Some((p, h)) = self.format_pieces(&args)
                        {
                            append(&mut parts, &mut holes, p, h);
                            self.consumed_macros.insert(range.start);
                        }
                    }
                }
            }
            if holes.is_empty() {
                continue;
            }
            let start = span_range(local.span()).start;
            let end = pushes.last_end.max(span_range(local.span()).end);
            let candidate = Candidate {
                kind: Kind::PushStr,
                range: start..end,
                parts,
                holes,
                evidence: Evidence {
                    urlish_name: is_urlish(&name),
                    fileish_name: is_fileish(&name),
                    ..Evidence::default()
                },
                question_mark: Err("the URL is built over several statements".into()),
            };
            self.push_candidate(candidate, Some(peel(&init.expr)));
        }
    }

    /// A `format!` inside a chain: its pieces join the chain's, and it is not reported alone.
    fn nested_format(&mut self, e: &Expr) -> Option<(Vec<Part>, Vec<Hole>)> {
        let Expr::Macro(m) = peel(e) else { return None };
        if macro_name(&m.mac) != "format" {
            return None;
        }
        let args = parse_format_args(m.mac.tokens.clone(), 0)?;
        let pieces = self.format_pieces(&args)?;
        self.consumed_macros
            .insert(span_range(peel(e).span()).start);
        Some(pieces)
    }

    /// The text a push chain starts from: `String::new()`, `String::from("…")`,
    /// `"…".to_string()`, `format!(…)`.
    fn chain_start(&mut self, init: &Expr) -> Option<(Vec<Part>, Vec<Hole>)> {
        if let Some(text) = literal_text(init) {
            return Some((vec![Part::Text(text)], Vec::new()));
        }
        if let Expr::Call(c) = init
            && let Expr::Path(p) = &*c.func
        {
            let path = path_segments(&p.path).join("::");
            if path.ends_with("String::new") || path.ends_with("String::with_capacity") {
                return Some((Vec::new(), Vec::new()));
            }
        }
        self.nested_format(init)
    }
}

fn append(parts: &mut Vec<Part>, holes: &mut Vec<Hole>, p: Vec<Part>, h: Vec<Hole>) {
    let shift = holes.len();
    parts.extend(p.into_iter().map(|p| match p {
        Part::Hole(i) => Part::Hole(i + shift),
        t @ Part::Text(_) => t,
    }));
    holes.extend(h);
}

/// Variables assigned something other than a literal.
struct Assigned(HashSet<String>);

impl<'a> Visit<'a> for Assigned {
    fn visit_expr_assign(&mut self, a: &'a syn::ExprAssign) {
        if let Some(name) = var_name(&a.left)
            && literal_text(&a.right).is_none()
        {
            self.0.insert(name);
        }
        visit::visit_expr_assign(self, a);
    }
}

/// What is appended to a variable after its `let`.
enum Pushed<'a> {
    /// `name.push_str(e)`, `name.push(e)`, `name += e`.
    Expr(&'a Expr),
    /// `write!(name, …)`, with the macro's range.
    Write(&'a syn::Macro, Range<usize>),
}

struct Pushes<'n, 'a> {
    name: &'n str,
    found: Vec<Pushed<'a>>,
    last_end: usize,
}

impl Pushes<'_, '_> {
    fn is_target(&self, e: &Expr) -> bool {
        var_name(e).is_some_and(|n| n == self.name)
    }
}

impl<'a> Visit<'a> for Pushes<'_, 'a> {
    fn visit_expr(&mut self, e: &'a Expr) {
        match e {
            Expr::MethodCall(m)
                if matches!(m.method.to_string().as_str(), "push_str" | "push")
                    && m.args.len() == 1
                    && self.is_target(&m.receiver) =>
            {
                self.found.push(Pushed::Expr(&m.args[0]));
                self.last_end = span_range(e.span()).end;
            }
            Expr::Binary(b)
                if matches!(b.op, syn::BinOp::AddAssign(_)) && self.is_target(&b.left) =>
            {
                self.found.push(Pushed::Expr(&b.right));
                self.last_end = span_range(e.span()).end;
            }
            Expr::Macro(m) => self.write(&m.mac, span_range(e.span())),
            _ => {}
        }
        visit::visit_expr(self, e);
    }

    fn visit_stmt(&mut self, stmt: &'a syn::Stmt) {
        if let syn::Stmt::Macro(m) = stmt {
            self.write(&m.mac, span_range(m.span()));
        }
        visit::visit_stmt(self, stmt);
    }
}

impl<'a> Pushes<'_, 'a> {
    fn write(&mut self, mac: &'a syn::Macro, range: Range<usize>) {
        if !matches!(macro_name(mac).as_str(), "write" | "writeln") {
            return;
        }
        let target = syn::parse::Parser::parse2(
            Punctuated::<Expr, Token![,]>::parse_terminated,
            mac.tokens.clone(),
        );
        if let Ok(args) = target
            && let Some(first) = args.first()
            && self.is_target(first)
        {
            self.last_end = range.end;
            self.found.push(Pushed::Write(mac, range));
        }
    }
}

/// The text of a string or char literal, under `&`, `String::from`, `.to_string()`.
fn literal_text(e: &Expr) -> Option<String> {
    let e = peel(e);
    match e {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(s.value()),
        Expr::Lit(ExprLit {
            lit: Lit::Char(c), ..
        }) => Some(c.value().to_string()),
        Expr::Call(c) if c.args.len() == 1 => match &*c.func {
            Expr::Path(p) if path_segments(&p.path).join("::").ends_with("String::from") => {
                literal_text(&c.args[0])
            }
            _ => None,
        },
        _ => None,
    }
}

/// Collects the operands of a `+` chain, left to right; the inner `+`s are marked so that
/// they are not taken for chains of their own.
fn flatten_add<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>, consumed: &mut HashSet<ExprId>) {
    match e {
        Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_)) => {
            consumed.insert(e);
            flatten_add(&b.left, out, consumed);
            flatten_add(&b.right, out, consumed);
        }
        Expr::Paren(p) if matches!(&*p.expr, Expr::Binary(b) if matches!(b.op, syn::BinOp::Add(_))) =>
        {
            flatten_add(&p.expr, out, consumed);
        }
        _ => out.push(e),
    }
}

/// `urlencoding::encode(x)`, `utf8_percent_encode(x, SET)`, `form_urlencoded::byte_serialize`:
/// whether `e` percent-encodes a value, and the value.
fn encoder_call(e: &Expr) -> (bool, &Expr) {
    let inner = peel(e);
    let (name, first) = match inner {
        Expr::Call(c) => match &*c.func {
            Expr::Path(p) => (
                p.path.segments.last().map(|s| s.ident.to_string()),
                c.args.first(),
            ),
            _ => (None, None),
        },
        _ => (None, None),
    };
    match (name, first) {
        (Some(name), Some(first))
            if name.contains("encode") || name.contains("escape") || name == "byte_serialize" =>
        {
            (true, peel(first))
        }
        _ => (false, inner),
    }
}

/// Whether `e` is a variable, possibly borrowed: `x`, `&x`.
fn is_plain_ref(e: &Expr) -> bool {
    match e {
        Expr::Path(_) => true,
        Expr::Reference(r) => is_plain_ref(&r.expr),
        _ => false,
    }
}

/// A placeholder name for a value: `owner` for `self.owner`, `id` for `user.id()`.
fn name_of(e: &Expr) -> String {
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
fn sanitize(name: &str) -> String {
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
fn shorten(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() > 40 {
        let cut: String = one_line.chars().take(37).collect();
        format!("{cut}...")
    } else {
        one_line
    }
}
