//! The values a template reads, the locals that hold them, and the calls that check their
//! types.

use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident};
use syn::spanned::Spanned;
use urlkit_syntax::reference::Placement;
use urlkit_syntax::template::{Modifier, VarSpec};

use super::{capture, marker};
use crate::check::{BoundTemplate, Source};
use crate::input::Invocation;
use crate::tokens::Tokens;

/// The values of the template's variables and the locals that hold them.
pub(super) struct Bindings {
    /// The local holding the base of a join, spanned on the base expression.
    pub(super) base: Option<Ident>,
    /// What is evaluated, in order: the base, named arguments as written, then captured
    /// variables.
    pub(super) values: Vec<TokenStream>,
    pub(super) locals: Vec<Ident>,
    /// For each of `checked.vars`: its local, where its type errors point, and its marker
    /// type (computed once: naming it is work done for every use otherwise).
    pub(super) vars: Vec<(Ident, Span, Option<Ident>)>,
    /// Marker types to declare, one per variable whose name is a Rust identifier.
    pub(super) markers: Vec<Ident>,
    /// For each of `checked.vars`, whether its value is a route's field itself, checked
    /// through `urlkit::route::RouteField` (written and read back) rather than `Placeholder`
    /// (a field joined with an OpenAPI delimiter is written through a wrapper, a `Value`).
    route_fields: Vec<bool>,
}

impl Bindings {
    pub(super) fn new(input: &Invocation, checked: &BoundTemplate) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = vec![(Ident::new("__unbound", site), site, None); checked.vars.len()];
        let base = input.base.as_ref().map(|base| {
            values.push(base.to_token_stream());
            let local = Ident::new("__base", site);
            locals.push(local.clone());
            Ident::new("__base", site.located_at(base.span()))
        });
        let mut bind = |value: TokenStream, var: usize, span: Span| {
            let local = format_ident!("__v{}", locals.len(), span = site);
            values.push(value);
            locals.push(local.clone());
            vars[var] = (local, span, marker(&checked.vars[var].name, site));
        };
        // Named arguments first, in the order written (their side effects happen in that
        // order, as with `format!`), then captures in the order of the template. A captured
        // variable is read here too, outside the block that declares the markers: a
        // misspelt `{ownr}` read inside it would find the marker `ownr` instead ("expected
        // value, found struct").
        for (i, arg) in input.args.iter().enumerate() {
            if let Some(var) = checked.vars.iter().position(|v| v.source == Source::Arg(i)) {
                let value = &arg.value;
                bind(value.to_token_stream(), var, value.span());
            }
        }
        for (var, v) in checked.vars.iter().enumerate() {
            if v.source == Source::Capture {
                let ident = capture(&v.name, input);
                bind(TokenTree::Ident(ident).into(), var, input.lit.span());
            }
        }
        let markers = vars.iter().filter_map(|v| v.2.clone()).collect();
        Bindings {
            base,
            values,
            locals,
            vars,
            markers,
            route_fields: Vec::new(),
        }
    }

    /// Bindings for a route's fields, given in the order of `checked.vars`; no markers are
    /// declared (the derive declares them, see [`marker`]).
    pub(super) fn of_values(
        checked: &BoundTemplate,
        given: Vec<(TokenStream, Span, bool)>,
    ) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = Vec::with_capacity(given.len());
        let mut route_fields = Vec::with_capacity(given.len());
        for ((value, span, field), var) in given.into_iter().zip(&checked.vars) {
            let local = format_ident!("__v{}", locals.len(), span = site);
            route_fields.push(field);
            values.push(value);
            locals.push(local.clone());
            vars.push((local, span, marker(&var.name, site)));
        }
        Bindings {
            base: None,
            values,
            locals,
            vars,
            markers: Vec::new(),
            route_fields,
        }
    }

    pub(super) fn index(checked: &BoundTemplate, spec: &VarSpec) -> usize {
        let name = &checked.template[spec.name.clone()];
        checked
            .vars
            .iter()
            .position(|v| v.name == name)
            .unwrap_or_default()
    }

    /// The trait that checks the variable's type where it stands: a port, a prefix
    /// modifier, any placeholder (a route's field, which `from_url` also reads, through the
    /// one trait that says both), or (for a name that cannot be a marker) any value.
    pub(super) fn trait_of(
        &self,
        checked: &BoundTemplate,
        expr: usize,
        spec: &VarSpec,
    ) -> &'static str {
        if self.vars[Self::index(checked, spec)].2.is_none() {
            "NamedArgument"
        } else if checked.reference.placements[expr] == Placement::Port {
            // The plan writes a `Step::Port` for exactly these.
            "Port"
        } else if matches!(spec.modifier, Modifier::Prefix(_)) {
            "Prefixed"
        } else if self.route_fields.get(Self::index(checked, spec)) == Some(&true) {
            "RouteField"
        } else {
            "Placeholder"
        }
    }

    /// `Trait::<marker>::method(local, args...)`: a call through the trait that checks the
    /// variable's type where it stands (see [`Self::trait_of`]), spanned on the value, so
    /// that a type error points there and names the placeholder. `args` writes what follows
    /// the local, each argument after a comma.
    pub(super) fn call(
        &self,
        t: &mut Tokens,
        checked: &BoundTemplate,
        expr: usize,
        spec: &VarSpec,
        method: &str,
        args: impl FnOnce(&mut Tokens),
    ) {
        let (local, span, marker) = &self.vars[Self::index(checked, spec)];
        let span = Span::mixed_site().located_at(*span);
        let check = self.trait_of(checked, expr, spec);
        t.with_span(span, |t| {
            let module = if check == "RouteField" {
                "::urlkit::route"
            } else {
                "::urlkit::value"
            };
            t.path(module).op("::").word(check);
            if let Some(marker) = marker {
                let mut marker = marker.clone();
                marker.set_span(span);
                t.op("::").op("<").ident(&marker).op(">");
            }
            t.op("::").word(method).parens(|t| {
                let mut local = local.clone();
                local.set_span(span);
                t.ident(&local);
                t.with_span(Span::mixed_site(), args);
            });
        });
    }
}
