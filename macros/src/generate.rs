//! Phase 3 for templates, generate: the checked template's steps (`urlkit_syntax::plan`)
//! become straight-line calls into the runtime's `Writer`, one per step, in order, with the
//! same arguments `Template::expand` passes when it interprets the same steps at run time
//! (`runtime/src/template.rs`). The two cannot drift apart: a step means one call.
//!
//! The expansion has this shape (`url!("/users/{id}{?page}", page = p)`; `snapshots/` holds
//! real ones):
//!
//! ```text
//! match (&(p), &(id)) {                       // each value evaluated once, like format_args!
//!     (__v0, __v1) => {
//!         struct id {} struct page {}          // markers: type errors name the placeholder
//!         let mut __w = Writer::with_capacity(7 + Placeholder::<id>::hint(__v1) + ...);
//!         __w.text("/users/");
//!         // An expression of one variable: one statement fills it and closes it.
//!         Placeholder::<id>::fill_alone(__v1, __w.segment_expansion(), "id", Modifier::None);
//!         __w.query_start();
//!         Placeholder::<page>::fill_alone(
//!             __v0, __w.expansion(Operator::Query, Context::QueryPairs), "page", Modifier::None,
//!         );
//!         // Several variables (`{?page,tag}`) share one expansion:
//!         // { let mut __e = __w.expansion(..); Placeholder::<page>::fill(__v0, &mut __e, ..);
//!         //   Placeholder::<tag>::fill(__v2, &mut __e, ..); __e.finish(); }
//!         __w.finish()
//!     }
//! }
//! ```
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
        .map(|v| Ident::new(&v.name, input.lit.span()).to_token_stream());
    base.chain(args).chain(captures).collect()
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
    emit(checked, steps, &Bindings::of_values(values))
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
        .map(|(i, spec)| {
            let (binding, check) = bindings.check(checked, i, spec);
            quote_spanned!(bindings.span_of(checked, spec)=> #check::hint(#binding))
        });
    let start = if let Some(base) = &bindings.base {
        let trim = checked.trim_slash;
        // A type that is not a `Url` (or a pointer to one) is an error on the user's base.
        quote_spanned!(base.span()=>
            ::urlkit::__private::Writer::with_base(
                ::urlkit::value::Base::base_url(#base), #trim, #static_len #(+ #hints)*
            )
        )
    } else {
        quote_spanned!(site=>
            ::urlkit::__private::Writer::with_capacity(#static_len #(+ #hints)*)
        )
    };
    let steps = steps
        .iter()
        .map(|step| generate_step(step, checked, bindings, &w));
    let markers = &bindings.markers;
    let body = quote_spanned! {site=>
        // Named after the placeholders, so that type errors can say which one.
        #(#[allow(non_camel_case_types, dead_code)] struct #markers {})*
        let mut #w = #start;
        #(#steps)*
        #w.finish()
    };
    let values = &bindings.values;
    let locals = &bindings.locals;
    // A template always has a value or a base (one without is a literal). `match` keeps every temporary of the values alive until the URL is built, as
    // `format_args!` does.
    quote_spanned! {site=>
        match (#(&(#values),)*) {
            (#(#locals,)*) => { #body }
        }
    }
}

/// One `Writer` call per step, mirroring `Template::expand`.
fn generate_step(step: &Step, checked: &Checked, bindings: &Bindings, w: &Ident) -> TokenStream {
    let site = Span::mixed_site();
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
            let op = operator(checked.expressions[*i].operator);
            let context = self::context(*context);
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
        let name = &checked.template[spec.name.clone()];
        let modifier = modifier(spec.modifier);
        let (binding, check) = bindings.check(checked, expr, spec);
        let method = Ident::new(method, site);
        quote_spanned!(bindings.span_of(checked, spec)=>
            #check::#method(#binding, #expansion, #name, #modifier);
        )
    };
    let vars = &checked.expressions[expr].vars;
    if let [spec] = vars.as_slice() {
        // One variable: one statement that fills the expansion and closes it.
        return call(spec, "fill_alone", open);
    }
    let e = Ident::new("__e", site);
    let fills = vars
        .iter()
        .map(|spec| call(spec, "fill", quote_spanned!(site=> &mut #e)));
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
    /// For each of `checked.vars`: its local, and where its type errors point.
    vars: Vec<(Ident, Span)>,
    /// Marker types, one per variable whose name is a Rust identifier.
    markers: Vec<Ident>,
}

impl Bindings {
    fn new(input: &Input, checked: &Checked) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = vec![(Ident::new("__unbound", site), site); checked.vars.len()];
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
            vars[var] = (local, span);
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
                let ident = Ident::new(&v.name, input.lit.span());
                bind(quote!(#ident), var, input.lit.span());
            }
        }
        let markers = checked
            .vars
            .iter()
            .filter_map(|v| marker(&v.name, site))
            .collect();
        Bindings {
            base,
            values,
            locals,
            vars,
            markers,
        }
    }

    /// Bindings for values given in the order of `checked.vars`; no markers are declared.
    fn of_values(given: Vec<(TokenStream, Span)>) -> Self {
        let site = Span::mixed_site();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        let mut vars = Vec::with_capacity(given.len());
        for (value, span) in given {
            let local = format_ident!("__v{}", locals.len(), span = site);
            values.push(value);
            locals.push(local.clone());
            vars.push((local, span));
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

    /// Where errors about this variable's value point.
    fn span_of(&self, checked: &Checked, spec: &VarSpec) -> Span {
        Span::mixed_site().located_at(self.vars[Self::index(checked, spec)].1)
    }

    /// The local holding the variable's value, and the trait that checks its type where it
    /// stands: a port, a prefix modifier, or any placeholder.
    fn check(&self, checked: &Checked, expr: usize, spec: &VarSpec) -> (Ident, TokenStream) {
        let var = Self::index(checked, spec);
        let (local, span) = &self.vars[var];
        let span = Span::mixed_site().located_at(*span);
        let local = Ident::new(&local.to_string(), span);
        let name = &checked.vars[var].name;
        // The plan writes a `Step::Port` for exactly these.
        let is_port = checked.reference.placements[expr] == Placement::Port;
        let check = match marker(name, span) {
            None => quote_spanned!(span=> ::urlkit::value::NamedArgument),
            Some(marker) => {
                if is_port {
                    quote_spanned!(span=> ::urlkit::value::Port::<#marker>)
                } else if matches!(spec.modifier, Modifier::Prefix(_)) {
                    quote_spanned!(span=> ::urlkit::value::Prefixed::<#marker>)
                } else {
                    quote_spanned!(span=> ::urlkit::value::Placeholder::<#marker>)
                }
            }
        };
        (local, check)
    }
}

/// The marker type named after a variable, if its name can be a Rust type name (`last.name`
/// cannot; a keyword is written raw: `r#type`).
pub(crate) fn marker(name: &str, site: Span) -> Option<Ident> {
    if syn::parse_str::<syn::Ident>(name).is_ok() {
        Some(Ident::new(name, site))
    } else if syn::parse_str::<syn::Ident>(&format!("r#{name}")).is_ok() {
        Some(Ident::new_raw(name, site))
    } else {
        None
    }
}

pub(crate) fn modifier(modifier: Modifier) -> TokenStream {
    let site = Span::mixed_site();
    match modifier {
        Modifier::None => quote_spanned!(site=> ::urlkit::__private::Modifier::None),
        Modifier::Explode => quote_spanned!(site=> ::urlkit::__private::Modifier::Explode),
        Modifier::Prefix(n) => {
            let n = Literal::u16_suffixed(n);
            quote_spanned!(site=> ::urlkit::__private::Modifier::Prefix(#n))
        }
    }
}

pub(crate) fn operator(op: Operator) -> TokenStream {
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
    quote_spanned!(site=> ::urlkit::__private::Operator::#variant)
}

pub(crate) fn context(context: Context) -> TokenStream {
    let site = Span::mixed_site();
    let path = quote_spanned!(site=> ::urlkit::__private::Context);
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
