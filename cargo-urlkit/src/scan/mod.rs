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

mod chains;
mod names;
mod syntax;

#[allow(clippy::wildcard_imports)]
use names::*;
pub(crate) use names::{is_urlish, words};
#[allow(clippy::wildcard_imports)]
use syntax::*;

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
}
