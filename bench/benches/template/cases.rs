//! The template bench's cases, shared with `examples/template_count.rs` (which counts their
//! instructions) and `examples/template_time.rs` (which times them in alternating batches):
//! each template with its variables, in a form every library can take, and the URL every
//! library must write from them.

use iri_string::template::simple_context::{SimpleContext, Value as IriValue};
use urlkit::value::Value;

/// One variable, in a form every library can take.
#[derive(Clone, Copy)]
pub(crate) enum Var {
    Text(&'static str),
    Number(u64),
    List(&'static [&'static str]),
    Pairs(&'static [(&'static str, &'static str)]),
}

pub(crate) struct Case {
    pub(crate) name: &'static str,
    pub(crate) template: &'static str,
    pub(crate) vars: &'static [(&'static str, Var)],
    pub(crate) expected: &'static str,
}

pub(crate) const CASES: &[Case] = &[
    Case {
        name: "github",
        template: "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
        vars: &[
            ("owner", Var::Text("rust-lang")),
            ("repo", Var::Text("rust")),
            ("state", Var::Text("open")),
            ("labels", Var::List(&["A-macros", "C-bug"])),
            ("page", Var::Number(2)),
        ],
        expected: "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2",
    },
    Case {
        name: "simple",
        template: "/users/{id}",
        vars: &[("id", Var::Number(42))],
        expected: "/users/42",
    },
    Case {
        name: "level4",
        template: "{/list*}{?keys*}",
        vars: &[
            ("list", Var::List(&["red", "green", "blue"])),
            (
                "keys",
                Var::Pairs(&[("comma", ","), ("dot", "."), ("semi", ";")]),
            ),
        ],
        expected: "/red/green/blue?comma=%2C&dot=.&semi=%3B",
    },
];

impl Case {
    /// The typed urlkit form of the variable `name`, what a `vars_fn` closure hands out.
    pub(crate) fn typed(&self, name: &str) -> Option<&'static dyn Value> {
        self.vars
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, var)| typed_value(var))
    }
}

/// The typed urlkit form of `var`: a `&dyn Value`.
fn typed_value(var: &Var) -> &dyn Value {
    match var {
        Var::Text(text) => text,
        Var::Number(n) => n,
        Var::List(items) => items,
        Var::Pairs(pairs) => pairs,
    }
}

/// iri-string's form: its `SimpleContext` holding owned copies of the case's variables.
pub(crate) fn iri_context(case: &Case) -> SimpleContext {
    let mut ctx = SimpleContext::new();
    for (name, var) in case.vars {
        let value = match *var {
            Var::Text(text) => IriValue::String(text.to_owned()),
            Var::Number(n) => IriValue::String(n.to_string()),
            Var::List(items) => IriValue::List(items.iter().map(|s| (*s).to_owned()).collect()),
            Var::Pairs(pairs) => IriValue::Assoc(
                pairs
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
            ),
        };
        ctx.insert(*name, value);
    }
    ctx
}
