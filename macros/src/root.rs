//! The path generated code names urlkit by.
//!
//! Generated code must reach urlkit's items whatever the user's crate calls it, in every
//! edition and under `#![no_implicit_prelude]`: `::urlkit::...` fails where urlkit is renamed
//! (`myurl = { package = "urlkit" }`), reached through a facade crate, or in edition 2015
//! (where `::x` is `crate::x`), and `::core::...` fails in edition 2015 as well.
//!
//! - `url!` and `template!` are `macro_rules!` wrappers in the runtime that hand these
//!   macros `$crate` as their first token: a path to urlkit that rustc resolves wherever the
//!   wrapper was reached from, renamed or re-exported ([`Root::split`]).
//! - `#[derive(Route)]` has no `$crate`. Its paths are `::urlkit::...` with the `::` at a
//!   span of this crate's edition, which reaches urlkit in a crate of any edition (where a
//!   span of an edition-2015 crate would read `crate::urlkit`), and under
//!   `#![no_implicit_prelude]`. With `#[urlkit(crate = "<path>")]`, where urlkit is renamed
//!   or re-exported, the impls stand in a block that declares `use <path> as urlkit;` and
//!   start from that name ([`Root::of_derive`]). The derive's `quote!`s write the root as
//!   `#URLKIT` ([`URLKIT`], set for the expansion by [`Root::enter`]) and `core` as `#CORE`.
//!
//! Everything else generated code names comes through urlkit too: `core` items as
//! `<root>::__private::core::...`, never through the prelude or `::core`.

use std::rc::Rc;

use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::quote_spanned;

use crate::diagnostics::Diagnostics;

/// The tokens of the path to urlkit's root (`$crate`, or `urlkit` in a derive).
#[derive(Clone)]
pub(crate) struct Root(Rc<[TokenTree]>);

impl Root {
    /// Splits the `$crate` that the runtime's `url!` and `template!` put before the user's
    /// tokens off them. Without it (the macros called directly, as this crate's tests do),
    /// urlkit is `::urlkit`.
    pub(crate) fn split(tokens: TokenStream) -> (Root, TokenStream) {
        let mut trees = tokens.into_iter().peekable();
        if let Some(TokenTree::Ident(ident)) = trees.peek()
            && ident == "$crate"
        {
            let ident = ident.clone();
            trees.next();
            return (Root(Rc::new([TokenTree::Ident(ident)])), trees.collect());
        }
        (Root::absolute(), trees.collect())
    }

    /// `::urlkit`.
    pub(crate) fn absolute() -> Root {
        let site = Span::mixed_site();
        let mut colons = [
            Punct::new(':', Spacing::Joint),
            Punct::new(':', Spacing::Alone),
        ];
        for colon in &mut colons {
            colon.set_span(site);
        }
        let [first, second] = colons;
        Root(Rc::new([
            first.into(),
            second.into(),
            Ident::new("urlkit", site).into(),
        ]))
    }

    /// A root that is one name declared in the block of the generated code: `urlkit` in a
    /// derive's ([`Root::of_derive`]), `__urlkit` in `url!`'s ([`Root::aliased`]).
    fn named(name: &str) -> Root {
        Root(Rc::new([Ident::new(name, Span::mixed_site()).into()]))
    }

    /// For a block of generated code: a root that names this one through a local alias, and
    /// the `use` that declares the alias (`use $crate as __urlkit;`); `None` where the root
    /// is a name declared for the derive's block already. A path that starts with the alias
    /// has no token from the `url!` wrapper's expansion in it: rustc shows an error about
    /// such a path at the `url!` call as a whole, where it should point at the value.
    pub(crate) fn aliased(&self) -> Option<(Root, TokenStream)> {
        if let [TokenTree::Ident(ident)] = &*self.0
            && ident != "$crate"
        {
            return None;
        }
        let root = self.tokens();
        let site = Span::mixed_site();
        let declaration = quote_spanned!(site=> use #root as __urlkit;);
        Some((Root::named("__urlkit"), declaration))
    }

    /// The path's tokens, shown at `span` (where an error about the path points); what the
    /// path resolves to is unchanged (a `$crate` keeps its meaning).
    pub(crate) fn at(&self, span: Span) -> impl Iterator<Item = TokenTree> + '_ {
        self.0.iter().map(move |tree| {
            let mut tree = tree.clone();
            tree.set_span(tree.span().located_at(span));
            tree
        })
    }

    /// The path's tokens with their own spans.
    pub(crate) fn tokens(&self) -> TokenStream {
        self.0.iter().cloned().collect()
    }

    /// The derive's root and the item that declares it, from the type's
    /// `#[urlkit(crate = "path")]` if it has one: `use path as urlkit;`, else `::urlkit`
    /// and nothing. A malformed attribute is reported, and the default used.
    pub(crate) fn of_derive(
        attrs: &[syn::Attribute],
        errors: &mut Diagnostics,
    ) -> (Root, TokenStream) {
        let mut path: Option<syn::Path> = None;
        for attr in attrs.iter().filter(|a| a.path().is_ident("urlkit")) {
            let parsed = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("crate") {
                    let value: syn::Lit = meta.value()?.parse()?;
                    let syn::Lit::Str(text) = value else {
                        return Err(syn::Error::new(
                            value.span(),
                            "expected the path to urlkit as a string: `crate = \"myurl\"`",
                        ));
                    };
                    let parsed: syn::Path = text.parse().map_err(|_| {
                        syn::Error::new(
                            text.span(),
                            "expected a path to urlkit, such as `\"myurl\"` or `\"framework::urlkit\"`",
                        )
                    })?;
                    if path.is_some() {
                        return Err(meta.error("`crate` is given twice; remove one"));
                    }
                    path = Some(parsed);
                    Ok(())
                } else {
                    Err(meta.error(
                        "unknown urlkit attribute; the one there is says where urlkit is: `crate = \"path::to::urlkit\"`",
                    ))
                }
            });
            if let Err(error) = parsed {
                errors.push(error);
            }
        }
        let site = Span::mixed_site();
        match path {
            Some(path) => (
                Root::named("urlkit"),
                quote_spanned!(site=>
                    #[allow(unused_imports)]
                    use #path as urlkit;
                ),
            ),
            // `::urlkit` at a span of this macro's edition reaches urlkit in every edition and
            // without the prelude, and declares nothing that rustc would then name urlkit's
            // items by in its messages (`_::urlkit::value::Value`).
            None => (Root::absolute(), TokenStream::new()),
        }
    }
}

thread_local! {
    /// The root of the derive being expanded ([`Root::enter`]).
    static CURRENT: std::cell::RefCell<Option<Root>> = const { std::cell::RefCell::new(None) };
}

/// urlkit's root in the derive's generated code, `#URLKIT::route::...` in a `quote!`: the
/// root [`Root::enter`] set, `::urlkit` outside one, at the call site (as a token the
/// `quote!` writes) but resolved as the root's own tokens (a leading `::` at a span of this
/// crate's edition, see the module docs). In a `quote_spanned!`, whose tokens stand at the
/// user's span, [`Urlkit::at`] that span.
#[derive(Clone, Copy)]
pub(crate) struct Urlkit;

/// See [`Urlkit`].
pub(crate) const URLKIT: Urlkit = Urlkit;

/// `core`, as generated code reaches it: `#CORE::option::Option` is
/// `<root>::__private::core::option::Option`, since `::core` is `crate::core` in an
/// edition-2015 crate.
#[derive(Clone, Copy)]
pub(crate) struct Core;

/// See [`Core`].
pub(crate) const CORE: Core = Core;

impl Urlkit {
    /// The root's tokens located at `span`.
    #[allow(
        clippy::unused_self,
        reason = "read as the constant is interpolated: `URLKIT.at(span)`"
    )]
    pub(crate) fn at(self, span: Span) -> TokenStream {
        CURRENT.with(|current| match &*current.borrow() {
            Some(root) => root.located(span),
            None => Root::absolute().located(span),
        })
    }
}

impl Core {
    /// `<root>::__private::core` located at `span`.
    #[allow(
        clippy::unused_self,
        reason = "read as the constant is interpolated: `CORE.at(span)`"
    )]
    pub(crate) fn at(self, span: Span) -> TokenStream {
        let mut out = URLKIT.at(span);
        out.extend(path_tail(&["__private", "core"], span));
        out
    }
}

impl quote::ToTokens for Urlkit {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(self.at(Span::call_site()));
    }
}

impl quote::ToTokens for Core {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(self.at(Span::call_site()));
    }
}

impl Root {
    /// Makes this the root [`URLKIT`] writes while `f` runs (a derive's expansion).
    pub(crate) fn enter<T>(&self, f: impl FnOnce() -> T) -> T {
        let previous = CURRENT.with(|current| current.replace(Some(self.clone())));
        let out = f();
        CURRENT.with(|current| *current.borrow_mut() = previous);
        out
    }

    /// The root's tokens where a name at `span` stands: a `::` keeps its own context, whose
    /// edition says how the path resolves (`crate::urlkit` in a 2015 crate's context), at
    /// `span`'s place; a name takes `span` whole, so that an error stays the user's, at the
    /// place of their mistake.
    fn located(&self, span: Span) -> TokenStream {
        self.0
            .iter()
            .map(|tree| {
                let mut tree = tree.clone();
                let at = match &tree {
                    TokenTree::Punct(_) => tree.span().located_at(span),
                    _ => span,
                };
                tree.set_span(at);
                tree
            })
            .collect()
    }

    /// `errors` as `compile_error!`s named by the name alone, every token at the user's
    /// spans. A path could not do better: `::core` is `crate::core` in an edition-2015 crate,
    /// `::std` is missing from a `no_std` one, a path that starts at urlkit's root (`$crate`,
    /// or `::` at a span of this crate's edition) makes rustc show the error as the macro's,
    /// with a note on its expansion, and one through an alias `use`d beside it is resolved
    /// late, which turns the order of the errors around. The name alone resolves in every
    /// edition, with or without `std`, and under `#![no_implicit_prelude]`, which leaves the
    /// macros of the `std` or `core` a crate is built with in scope.
    pub(crate) fn compile_errors(errors: syn::Error) -> TokenStream {
        by_prelude_name(errors.into_compile_error())
    }
}

/// `tokens` (syn's `::core::compile_error! { ... }`s) with each `::core::` left out.
fn by_prelude_name(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let [
            TokenTree::Punct(a),
            TokenTree::Punct(b),
            TokenTree::Ident(core),
            TokenTree::Punct(c),
            TokenTree::Punct(d),
            TokenTree::Ident(name),
            ..,
        ] = &trees[i..]
            && [a, b, c, d].iter().all(|p| p.as_char() == ':')
            && core == "core"
            && name == "compile_error"
        {
            i += 5;
        } else {
            out.push(trees[i].clone());
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// `::a::b` for `segments`, at `span`.
fn path_tail(segments: &[&str], span: Span) -> Vec<TokenTree> {
    let mut out = Vec::new();
    for segment in segments {
        let mut first = Punct::new(':', Spacing::Joint);
        first.set_span(span);
        let mut second = Punct::new(':', Spacing::Alone);
        second.set_span(span);
        out.push(first.into());
        out.push(second.into());
        out.push(Ident::new(segment, span).into());
    }
    out
}
