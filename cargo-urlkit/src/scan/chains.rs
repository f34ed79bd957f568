//! Text built over several expressions: `a + "/x/" + &b`, and `let mut s = ..;` followed by
//! `push_str`, `push`, `+=` and `write!` on `s`.

#[allow(clippy::wildcard_imports)]
use super::*;

impl Scanner<'_> {
    /// `a + "/x/" + &b`: the outermost `+` of a chain with at least one string literal.
    pub(super) fn plus_chain(&mut self, e: &Expr) {
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

    /// `let mut url = String::from("https://…"); url.push_str(&id); url += "/x";` within one
    /// block: one candidate for the variable, with a hole for each value pushed.
    pub(super) fn push_chains(&mut self, stmts: &[syn::Stmt]) {
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
    pub(super) fn nested_format(&mut self, e: &Expr) -> Option<(Vec<Part>, Vec<Hole>)> {
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
    pub(super) fn chain_start(&mut self, init: &Expr) -> Option<(Vec<Part>, Vec<Hole>)> {
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

pub(super) fn append(parts: &mut Vec<Part>, holes: &mut Vec<Hole>, p: Vec<Part>, h: Vec<Hole>) {
    let shift = holes.len();
    parts.extend(p.into_iter().map(|p| match p {
        Part::Hole(i) => Part::Hole(i + shift),
        t @ Part::Text(_) => t,
    }));
    holes.extend(h);
}

/// Variables assigned something other than a literal.
pub(super) struct Assigned(pub(super) HashSet<String>);

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
pub(super) enum Pushed<'a> {
    /// `name.push_str(e)`, `name.push(e)`, `name += e`.
    Expr(&'a Expr),
    /// `write!(name, …)`, with the macro's range.
    Write(&'a syn::Macro, Range<usize>),
}

pub(super) struct Pushes<'n, 'a> {
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

/// Collects the operands of a `+` chain, left to right; the inner `+`s are marked so that
/// they are not taken for chains of their own.
pub(super) fn flatten_add<'a>(
    e: &'a Expr,
    out: &mut Vec<&'a Expr>,
    consumed: &mut HashSet<ExprId>,
) {
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
