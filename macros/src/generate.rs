//! Phase 3 for templates, generate: the checked template's steps (`urlkit_syntax::plan`)
//! become straight-line calls into the runtime's `Writer`, one per step, in order, with the
//! same arguments `Template::expand` passes when it interprets the same steps at run time
//! (`Compiled::run` in `runtime/src/template/compiled.rs`). The two cannot drift apart: a step
//! means one call.
//!
//! The expansion has this shape (`url!("/users/{id}{?page}", page = p)`; `snapshots/` holds
//! real ones):
//!
//! ```text
//! match (&(p), &(id)) {                       // each value evaluated once, like format_args!
//!     (__v0, __v1) => {
//!         struct id {} struct page {}          // markers: type errors name the placeholder
//!         // One call taking the rest as a closure: in a `const`, that call is the one error,
//!         // and its name says what to write instead.
//!         ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(|| {
//!             let mut __w = Writer::with_capacity(7 + Placeholder::<id>::hint(__v1) + ...);
//!             __w.path_start(false);           // where the path starts, for the guards
//!             __w.text("/users/");
//!             // An expression of one variable: one statement fills it and closes it.
//!             Placeholder::<id>::fill_alone(__v1, __w.segment_expansion(), "id");
//!             __w.query_start();
//!             Placeholder::<page>::fill_alone(
//!                 __v0, __w.expansion(Operator::Query, Context::QueryPairs), "page",
//!             );
//!             // Several variables (`{?page,tag}`) share one expansion:
//!             // { let mut __e = __w.expansion(..); Placeholder::<page>::fill(__v0, &mut __e,
//!             //   "page", Modifier::None); ...; __e.finish(); }
//!             __w.finish()
//!         })
//!     }
//! }
//! ```
//!
//! What rustc reads for each template is what `url!` costs at compile time (`bench/compile_time.py`), so
//! the shape is small: a variable without a modifier is filled without one
//! (`fill_alone`, else `fill_alone_modified`), paths are written in full (a `use` item costs
//! rustc more than the tokens it saves), and whether a name is an identifier is decided on
//! its text ([`crate::ident`]), once per variable.
//!
//! Hygiene: locals (`__w`, `__e`, `__v0`) are `Span::mixed_site()`, so they never meet the
//! user's names; paths are absolute (`::urlkit::…`); a captured variable is an identifier
//! with the literal's span, so it resolves where `url!` is written (and rust-analyzer's
//! go-to-definition finds it). The call that type-checks a value is spanned on the value
//! (a named argument's expression, or the literal for a capture), so a wrong type is reported
//! there, naming the placeholder (`runtime/src/value/placeholder.rs`).

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use urlkit_syntax::plan::{Context, Step};
use urlkit_syntax::reference::Placement;
use urlkit_syntax::template::{Modifier, Operator, VarSpec};

use crate::check::{Checked, Source, Var};
use crate::input::Input;

/// The expressions a rejected template would have read, for its stand-in
/// ([`crate::fallback::expand`]): the base, every named argument, each captured variable
/// (spanned as [`Bindings::new`] spans it, so a misspelt name is reported at the literal).
pub(crate) fn values(input: &Input, vars: &[Var]) -> Vec<TokenStream> {
    let base = input.base.iter().map(|base| quote!(#base));
    let args = input.args.iter().map(|arg| arg.value.to_token_stream());
    let captures = vars
        .iter()
        .filter(|v| v.source == Source::Capture)
        .map(|v| capture(&v.name, input).to_token_stream());
    base.chain(args).chain(captures).collect()
}

/// The variable in scope that fills the placeholder `name`: an identifier spanned on the
/// literal, so that it resolves where `url!` is written and an error points at the literal.
///
/// A misspelt name (`{ownr}`) then gets rustc's "a local variable with a similar name
/// exists", whose edit replaces the whole literal, because the literal is the narrowest span
/// stable Rust gives a proc macro. rustc marks that edit `MaybeIncorrect`, so `cargo fix`
/// does not apply it; no span or shape on stable narrows it to the braces (rustc's own
/// `format!` can, because it reads the source text of its literal).
fn capture(name: &str, input: &Input) -> Ident {
    Ident::new(name, input.lit.span())
}

/// The expression a checked template expands to: `Result<Url, urlkit::Error>`.
pub(crate) fn template(input: &Input, checked: &Checked, steps: &[Step]) -> TokenStream {
    emit(checked, steps, &Bindings::new(input, checked))
}

/// The same for a typed route (`#[derive(Route)]`): `values` holds each of `checked.vars`'
/// value, in order, with the span its type errors point at (the field). The derive declares
/// the marker types itself (see [`marker`]), once for the whole impl.
pub(crate) fn route(
    checked: &Checked,
    steps: &[Step],
    values: Vec<(TokenStream, Span)>,
) -> TokenStream {
    emit(checked, steps, &Bindings::of_values(checked, values))
}

fn emit(checked: &Checked, steps: &[Step], bindings: &Bindings) -> TokenStream {
    let site = Span::mixed_site();
    let w = Ident::new("__w", site);
    // The text every expansion writes, as `Template` and `template!` count it.
    let static_len = urlkit_syntax::plan::static_len(steps);
    let hints = checked
        .expressions
        .iter()
        .enumerate()
        .flat_map(|(i, e)| e.vars.iter().map(move |spec| (i, spec)))
        .map(|(i, spec)| bindings.call(checked, i, spec, "hint", None));
    let start = if let Some(base) = &bindings.base {
        let trim = checked.trim_slash;
        // A type that is not a `Url` (or a pointer to one) is an error on the user's base.
        quote_spanned!(base.span()=>
            ::urlkit::__private::Writer::with_base(
                ::urlkit::value::Base::base_url(#base), #trim, #static_len #(+ #hints)*
            )
        )
    } else {
        quote_spanned!(site=> ::urlkit::__private::Writer::with_capacity(#static_len #(+ #hints)*))
    };
    let steps = steps
        .iter()
        .map(|step| generate_step(step, checked, bindings, &w));
    let markers = &bindings.markers;
    let values = &bindings.values;
    let locals = &bindings.locals;
    // A template always has a value or a base (one without is a literal). `match` keeps
    // every temporary of the values alive until the URL is built, as `format_args!` does.
    // The URL is built in a closure handed to one function, so that in a `const` the compiler
    // reports that one call, whose name says what to do, rather than every call inside.
    // The markers are declared outside the closure: when two templates of the crate have a
    // placeholder of the same name, rustc names the marker by its path, `main::id`, and a
    // closure would add `{closure#0}` to it.
    quote_spanned! {site=>
        match (#(&(#values),)*) {
            (#(#locals,)*) => {
                // Named after the placeholders, so that type errors can say which one.
                #(struct #markers {})*
                ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(|| {
                    let mut #w = #start;
                    #(#steps)*
                    #w.finish()
                })
            }
        }
    }
}

/// One `Writer` call per step, mirroring `Template::expand`.
fn generate_step(step: &Step, checked: &Checked, bindings: &Bindings, w: &Ident) -> TokenStream {
    let site = Span::mixed_site();
    let u = quote_spanned!(site=> ::urlkit::__private);
    let (expr, open) = match step {
        Step::Text(text) => return quote_spanned!(site=> #w.text(#text);),
        Step::PathStart { relative } => return quote_spanned!(site=> #w.path_start(#relative);),
        Step::SegmentStart => return quote_spanned!(site=> #w.segment_start();),
        Step::SegmentEnd { then_slash } => {
            return quote_spanned!(site=> #w.segment_end(#then_slash););
        }
        Step::QueryStart => return quote_spanned!(site=> #w.query_start();),
        Step::Pair(pair) => return quote_spanned!(site=> #w.pair(#pair);),
        Step::Segment(i) => (*i, quote_spanned!(site=> #w.segment_expansion())),
        Step::Expand(i, context) => {
            let op = operator_in(&u, checked.expressions[*i].operator);
            let context = context_in(&u, *context);
            (*i, quote_spanned!(site=> #w.expansion(#op, #context)))
        }
        Step::HandPair { key, expr } => {
            let reserved = checked.expressions[*expr].operator.allows_reserved();
            (*expr, quote_spanned!(site=> #w.hand_pair(#key, #reserved)))
        }
        Step::Port(i) => (*i, quote_spanned!(site=> #w.port())),
        Step::Required(i, context) => {
            let op = operator(checked.expressions[*i].operator);
            let context = self::context(*context);
            (
                *i,
                quote_spanned!(site=> #w.required_expansion(#op, #context)),
            )
        }
    };
    // Each variable through the trait that checks its type, spanned on its value.
    let call = |spec: &VarSpec, method: &str, expansion: TokenStream| {
        let name = checked.template[spec.name.clone()].to_token_stream();
        if spec.modifier == Modifier::None && method == "fill_alone" {
            return bindings.call(checked, expr, spec, method, Some(&[expansion, name]));
        }
        let modifier = modifier_in(&u, spec.modifier);
        let method = if method == "fill_alone" {
            "fill_alone_modified"
        } else {
            method
        };
        bindings.call(
            checked,
            expr,
            spec,
            method,
            Some(&[expansion, name, modifier]),
        )
    };
    let vars = &checked.expressions[expr].vars;
    if let [spec] = vars.as_slice() {
        // One variable: one statement that fills the expansion and closes it; a variable
        // without a modifier (most) is written without one.
        let call = call(spec, "fill_alone", open);
        return quote_spanned!(site=> #call;);
    }
    let e = Ident::new("__e", site);
    let fills = vars
        .iter()
        .map(|spec| call(spec, "fill", quote_spanned!(site=> &mut #e)))
        .map(|call| quote_spanned!(site=> #call;));
    quote_spanned!(site=> { let mut #e = #open; #(#fills)* #e.finish(); })
}

/// The values of the template's variables and the locals that hold them.
struct Bindings {
    /// The local holding the base of a join, spanned on the base expression.
    base: Option<Ident>,
    /// What is evaluated, in order: the base, named arguments as written, then captured
    /// variables.
    values: Vec<TokenStream>,
    locals: Vec<Ident>,
    /// For each of `checked.vars`: its local, where its type errors point, and its marker
    /// type (computed once: naming it is work done for every use otherwise).
    vars: Vec<(Ident, Span, Option<Ident>)>,
    /// Marker types to declare, one per variable whose name is a Rust identifier.
    markers: Vec<Ident>,
}

impl Bindings {
    fn new(input: &Input, checked: &Checked) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = vec![(Ident::new("__unbound", site), site, None); checked.vars.len()];
        let base = input.base.as_ref().map(|base| {
            values.push(quote!(#base));
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
        // order, as with `format!`), then captures in the order of the template.
        for (i, arg) in input.args.iter().enumerate() {
            if let Some(var) = checked.vars.iter().position(|v| v.source == Source::Arg(i)) {
                let value = &arg.value;
                bind(quote!(#value), var, value.span());
            }
        }
        for (var, v) in checked.vars.iter().enumerate() {
            if v.source == Source::Capture {
                let ident = capture(&v.name, input);
                bind(quote!(#ident), var, input.lit.span());
            }
        }
        let markers = vars.iter().filter_map(|v| v.2.clone()).collect();
        Bindings {
            base,
            values,
            locals,
            vars,
            markers,
        }
    }

    /// Bindings for values given in the order of `checked.vars`; no markers are declared
    /// (the derive declares them, see [`marker`]).
    fn of_values(checked: &Checked, given: Vec<(TokenStream, Span)>) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = Vec::with_capacity(given.len());
        for ((value, span), var) in given.into_iter().zip(&checked.vars) {
            let local = format_ident!("__v{}", locals.len(), span = site);
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
        }
    }

    fn index(checked: &Checked, spec: &VarSpec) -> usize {
        let name = &checked.template[spec.name.clone()];
        checked
            .vars
            .iter()
            .position(|v| v.name == name)
            .unwrap_or_default()
    }

    /// The trait that checks the variable's type where it stands: a port, a prefix
    /// modifier, any placeholder, or (for a name that cannot be a marker) any value.
    fn trait_of(&self, checked: &Checked, expr: usize, spec: &VarSpec) -> &'static str {
        if self.vars[Self::index(checked, spec)].2.is_none() {
            "NamedArgument"
        } else if checked.reference.placements[expr] == Placement::Port {
            // The plan writes a `Step::Port` for exactly these.
            "Port"
        } else if matches!(spec.modifier, Modifier::Prefix(_)) {
            "Prefixed"
        } else {
            "Placeholder"
        }
    }

    /// `Trait::<marker>::method(local, args...)`: a call through the trait that checks the
    /// variable's type where it stands (see [`Self::trait_of`]), spanned on the value, so
    /// that a type error points there and names the placeholder.
    fn call(
        &self,
        checked: &Checked,
        expr: usize,
        spec: &VarSpec,
        method: &str,
        args: Option<&[TokenStream]>,
    ) -> TokenStream {
        let (local, span, marker) = &self.vars[Self::index(checked, spec)];
        let span = Span::mixed_site().located_at(*span);
        let check = Ident::new(self.trait_of(checked, expr, spec), span);
        let respan = |ident: &Ident| {
            let mut ident = ident.clone();
            ident.set_span(span);
            ident
        };
        let (local, method) = (respan(local), Ident::new(method, span));
        let args = args.unwrap_or_default();
        match marker {
            None => quote_spanned!(span=> ::urlkit::value::#check::#method(#local #(, #args)*)),
            Some(marker) => {
                let marker = respan(marker);
                quote_spanned!(span=> ::urlkit::value::#check::<#marker>::#method(#local #(, #args)*))
            }
        }
    }
}

/// The marker type named after a variable, if its name can be a Rust type name (`last.name`
/// cannot; a keyword is written raw: `r#type`).
pub(crate) fn marker(name: &str, site: Span) -> Option<Ident> {
    match crate::ident::kind(name) {
        crate::ident::Kind::Plain => Some(Ident::new(name, site)),
        crate::ident::Kind::Keyword => Some(Ident::new_raw(name, site)),
        crate::ident::Kind::Reserved | crate::ident::Kind::NotAnIdent => None,
    }
}

/// The runtime's items, by their absolute path (for `template!`'s `static`s).
fn private() -> TokenStream {
    quote_spanned!(Span::mixed_site()=> ::urlkit::__private)
}

pub(crate) fn modifier(modifier: Modifier) -> TokenStream {
    modifier_in(&private(), modifier)
}

pub(crate) fn operator(op: Operator) -> TokenStream {
    operator_in(&private(), op)
}

pub(crate) fn context(context: Context) -> TokenStream {
    context_in(&private(), context)
}

/// `Modifier::...`, the enum found in module `u`.
fn modifier_in(u: &impl ToTokens, modifier: Modifier) -> TokenStream {
    let site = Span::mixed_site();
    match modifier {
        Modifier::None => quote_spanned!(site=> #u::Modifier::None),
        Modifier::Explode => quote_spanned!(site=> #u::Modifier::Explode),
        Modifier::Prefix(n) => {
            let n = Literal::u16_suffixed(n);
            quote_spanned!(site=> #u::Modifier::Prefix(#n))
        }
    }
}

fn operator_in(u: &impl ToTokens, op: Operator) -> TokenStream {
    let site = Span::mixed_site();
    let variant = Ident::new(
        match op {
            Operator::Simple => "Simple",
            Operator::Reserved => "Reserved",
            Operator::Fragment => "Fragment",
            Operator::Label => "Label",
            Operator::Path => "Path",
            Operator::PathParam => "PathParam",
            Operator::Query => "Query",
            Operator::QueryContinuation => "QueryContinuation",
        },
        site,
    );
    quote_spanned!(site=> #u::Operator::#variant)
}

fn context_in(u: &impl ToTokens, context: Context) -> TokenStream {
    let site = Span::mixed_site();
    let path = quote_spanned!(site=> #u::Context);
    match context {
        Context::Base => quote_spanned!(site=> #path::Base),
        Context::Userinfo => quote_spanned!(site=> #path::Userinfo),
        Context::Host { whole } => quote_spanned!(site=> #path::Host { whole: #whole }),
        Context::IpLiteral => quote_spanned!(site=> #path::IpLiteral),
        Context::Path => quote_spanned!(site=> #path::Path),
        Context::QueryPairs => quote_spanned!(site=> #path::QueryPairs),
        Context::Query => quote_spanned!(site=> #path::Query),
        Context::QueryKey => quote_spanned!(site=> #path::QueryKey),
        Context::Fragment => quote_spanned!(site=> #path::Fragment),
    }
}
