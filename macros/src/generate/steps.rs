//! One `Writer` call per step of the plan, and the runtime's enums as paths.

use proc_macro2::{Ident, Literal, Span};
use urlkit_syntax::plan::{Context, Step};
use urlkit_syntax::template::{Modifier, Operator};

use super::PRIVATE;
use super::bindings::Bindings;
use crate::check::BoundTemplate;
use crate::tokens::Tokens;

/// One `Writer` call per step, mirroring `Template::expand`.
pub(super) fn generate_step(
    t: &mut Tokens,
    step: &Step,
    checked: &BoundTemplate,
    bindings: &Bindings,
    w: &Ident,
) {
    let method = |t: &mut Tokens, name: &str| {
        t.ident(w).op(".").word(name);
    };
    let (expr, at): (usize, &dyn Fn(&mut Tokens)) = match step {
        Step::Text(text) => {
            method(t, "text");
            t.parens(|t| {
                t.string(text);
            })
            .op(";");
            return;
        }
        Step::PathStart { relative } => {
            method(t, "path_start");
            t.parens(|t| {
                t.bool(*relative);
            })
            .op(";");
            return;
        }
        Step::SegmentStart => {
            method(t, "segment_start");
            t.parens(|_| {}).op(";");
            return;
        }
        Step::SegmentEnd { then_slash } => {
            method(t, "segment_end");
            t.parens(|t| {
                t.bool(*then_slash);
            })
            .op(";");
            return;
        }
        Step::QueryStart => {
            method(t, "query_start");
            t.parens(|_| {}).op(";");
            return;
        }
        Step::QueryPieceStart => {
            method(t, "query_piece_start");
            t.parens(|_| {}).op(";");
            return;
        }
        Step::QueryPieceEnd => {
            method(t, "query_piece_end");
            t.parens(|_| {}).op(";");
            return;
        }
        Step::Pair(pair) => {
            method(t, "pair");
            t.parens(|t| {
                t.string(pair);
            })
            .op(";");
            return;
        }
        Step::Segment(i) => (*i, &|t: &mut Tokens| {
            spot(t, "Segment");
        }),
        Step::Expand(i, context) => (*i, &|t: &mut Tokens| {
            spot(t, "Expand").parens(|t| {
                operator_into(t, checked.expressions[*i].operator);
                t.op(",");
                context_into(t, *context);
            });
        }),
        Step::HandPair { key, expr } => {
            // One variable (the planner makes hand-written pairs of `key={x}` alone), whose
            // key is passed beside it.
            let spec = &checked.expressions[*expr].vars[0];
            let reserved = checked.expressions[*expr].operator.allows_reserved();
            let name = &checked.template[spec.name.clone()];
            bindings.call(t, checked, *expr, spec, "fill_pair", |t| {
                t.op(",").op("&").word("mut").ident(w).op(",");
                t.string(key)
                    .op(",")
                    .bool(reserved)
                    .op(",")
                    .string(name)
                    .op(",");
                modifier_into(t, spec.modifier);
            });
            t.op(";");
            return;
        }
        Step::Port(i) => (*i, &|t: &mut Tokens| {
            spot(t, "Port");
        }),
        Step::Required(i, context) => (*i, &|t: &mut Tokens| {
            spot(t, "Required").parens(|t| {
                operator_into(t, checked.expressions[*i].operator);
                t.op(",");
                context_into(t, *context);
            });
        }),
    };
    // Each variable through the trait that checks its type, spanned on its value.
    let vars = &checked.expressions[expr].vars;
    if let [spec] = vars.as_slice() {
        // One variable: one statement that expands the whole expression; a variable without
        // a modifier (most) is written without one.
        let name = &checked.template[spec.name.clone()];
        let method = if spec.modifier == Modifier::None {
            "fill_alone"
        } else {
            "fill_alone_modified"
        };
        bindings.call(t, checked, expr, spec, method, |t| {
            t.op(",").op("&").word("mut").ident(w).op(",");
            at(t);
            t.op(",").string(name);
            if spec.modifier != Modifier::None {
                t.op(",");
                modifier_into(t, spec.modifier);
            }
        });
        t.op(";");
        return;
    }
    // Several variables: one expansion, the spot bound once and passed to each call, so
    // that it stays a constant the compiler folds into what each variable does.
    let e = Ident::new("__e", Span::mixed_site());
    let s = Ident::new("__s", Span::mixed_site());
    t.braces(|t| {
        t.word("let").ident(&s).op("=");
        at(t);
        t.op(";");
        t.word("let").word("mut").ident(&e).op("=");
        method(t, "expansion_at");
        t.parens(|t| {
            t.ident(&s);
        })
        .op(";");
        for spec in vars {
            let name = &checked.template[spec.name.clone()];
            bindings.call(t, checked, expr, spec, "fill", |t| {
                t.op(",")
                    .op("&")
                    .word("mut")
                    .ident(&e)
                    .op(",")
                    .ident(&s)
                    .op(",")
                    .string(name)
                    .op(",");
                modifier_into(t, spec.modifier);
            });
            t.op(";");
        }
        t.ident(&e)
            .op(".")
            .word("finish_at")
            .parens(|t| {
                t.ident(&s);
            })
            .op(";");
    });
}

/// `Spot::<variant>`: where an expression stands, as the runtime's `Writer` takes it.
fn spot<'t>(t: &'t mut Tokens, variant: &str) -> &'t mut Tokens {
    t.path(PRIVATE).op("::").word("Spot").op("::").word(variant)
}

pub(super) fn modifier_into(t: &mut Tokens, modifier: Modifier) {
    t.path(PRIVATE).op("::").word("Modifier").op("::");
    match modifier {
        Modifier::None => {
            t.word("None");
        }
        Modifier::Explode => {
            t.word("Explode");
        }
        Modifier::Prefix(n) => {
            t.word("Prefix").parens(|t| {
                t.literal(Literal::u16_suffixed(n));
            });
        }
    }
}

pub(super) fn operator_into(t: &mut Tokens, op: Operator) {
    let variant = match op {
        Operator::Simple => "Simple",
        Operator::Reserved => "Reserved",
        Operator::Fragment => "Fragment",
        Operator::Label => "Label",
        Operator::Path => "Path",
        Operator::PathParam => "PathParam",
        Operator::Query => "Query",
        Operator::QueryContinuation => "QueryContinuation",
    };
    t.path(PRIVATE)
        .op("::")
        .word("Operator")
        .op("::")
        .word(variant);
}

pub(super) fn context_into(t: &mut Tokens, context: Context) {
    t.path(PRIVATE).op("::").word("Context").op("::");
    let variant = match context {
        Context::Base => "Base",
        Context::Userinfo => "Userinfo",
        Context::Host { whole } => {
            t.word("Host").braces(|t| {
                t.word("whole").op(":").bool(whole);
            });
            return;
        }
        Context::IpLiteral => "IpLiteral",
        Context::Path => "Path",
        Context::QueryPairs => "QueryPairs",
        Context::Query => "Query",
        Context::QueryKey => "QueryKey",
        Context::Fragment => "Fragment",
    };
    t.word(variant);
}
