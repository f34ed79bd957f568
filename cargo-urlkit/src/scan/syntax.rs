//! Reading syntax: the expression under `&` and conversions, `format!` arguments, types as
//! far as they are written, and the return types `?` works in.

#[allow(clippy::wildcard_imports)]
use super::*;

pub(super) fn span_range(span: Span) -> Range<usize> {
    span.byte_range()
}

/// The expression under `&`, `( )` and conversions that keep the text (`.as_str()`,
/// `.to_string()`, `.clone()`), which is the expression a candidate was made from.
pub(super) fn peel(mut e: &Expr) -> &Expr {
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
pub(super) fn var_name(e: &Expr) -> Option<String> {
    match peel(e) {
        Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            Some(p.path.segments[0].ident.to_string())
        }
        _ => None,
    }
}

pub(super) fn path_segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.to_string()).collect()
}

pub(super) fn macro_name(mac: &syn::Macro) -> String {
    mac.path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The arguments of a macro that takes `format!`'s syntax after `skip` leading expressions.
pub(super) struct FormatArgs {
    pub(super) leading: Vec<Expr>,
    pub(super) lit: syn::LitStr,
    pub(super) args: Vec<(Option<String>, Expr)>,
}

pub(super) fn parse_format_args(
    tokens: proc_macro2::TokenStream,
    skip: usize,
) -> Option<FormatArgs> {
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
pub(super) fn converts_from_imports(file: &syn::File) -> bool {
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
pub(super) fn is_url_type(ty: &syn::Type) -> bool {
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

pub(super) struct FieldTypes<'f>(pub(super) &'f mut HashMap<String, TypeClass>);

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

pub(super) fn is_test_attr(attrs: &[syn::Attribute]) -> bool {
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

/// Whether `?` on a `Result<_, urlkit::ExpandError>` compiles in a fn returning `ret`.
pub(super) fn question_mark_ok(ret: &syn::ReturnType, converts_anyhow: bool) -> Result<(), String> {
    let syn::ReturnType::Type(_, ty) = ret else {
        return Err("the enclosing fn returns `()`, so `?` cannot pass on `url!`'s error".into());
    };
    let text = ty.to_token_stream_string();
    let refuse = || {
        Err(format!(
            "the enclosing fn returns `{text}`, which `?` cannot convert a `urlkit::ExpandError` into"
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

pub(super) fn error_converts(ty: &syn::Type, converts_anyhow: bool) -> bool {
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

pub(super) trait TokenText {
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

/// The expressions whose value `e` takes: the arms of a `match`, the branches of an `if`, a
/// block's tail, the alternatives of `.unwrap_or(..)` and the bodies of `.map(|x| ..)`.
pub(super) fn result_exprs(e: &Expr) -> Vec<&Expr> {
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
pub(super) fn returned_value(e: &Expr) -> ExprId {
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

/// The text of a string or char literal, under `&`, `String::from`, `.to_string()`.
pub(super) fn literal_text(e: &Expr) -> Option<String> {
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

/// `urlencoding::encode(x)`, `utf8_percent_encode(x, SET)`, `form_urlencoded::byte_serialize`:
/// whether `e` percent-encodes a value, and the value.
pub(super) fn encoder_call(e: &Expr) -> (bool, &Expr) {
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
pub(super) fn is_plain_ref(e: &Expr) -> bool {
    match e {
        Expr::Path(_) => true,
        Expr::Reference(r) => is_plain_ref(&r.expr),
        _ => false,
    }
}
