//! The room a template reserves for its first expansion, before it has learned from any
//! (`Template` then reserves the longest expansion it has made, plus slack).

use urlkit_syntax::template::{Modifier, Operator, VarSpec};

use super::compiled::CompiledExpression;

/// Bytes reserved for each variable's value before the first expansion: the default of
/// `Value::size_hint`, which `url!` uses for a value of unknown size.
const ROOM_PER_VALUE: usize = 16;

/// The items an exploded variable under a named operator (`{?keys*}`, `{;list*}`) gets
/// room for: each item of its list or map comes with its own separator and name or key
/// (`?k1=v1&k2=v2`), where one of any other operator (`{/list*}`) adds a byte. With room for
/// one item, `{/list*}{?keys*}` of three short items each (40 bytes) outgrows its 39 bytes,
/// and its first expansion reallocates the URL.
const NAMED_EXPLODED_ITEMS: usize = 2;

/// Bytes to reserve for an expansion before any has been made: the text the steps always
/// write, and for each variable room for its value, its separator and, under a named
/// operator (`{?x}`, `{;x}`, `{&x}`), its name and `=`, for each of
/// [`NAMED_EXPLODED_ITEMS`] items if it is exploded. A template used once (parsed from an
/// API response, then expanded) so allocates its URL once rather than growing it.
pub(super) fn first_capacity(static_len: usize, expressions: &[CompiledExpression]) -> usize {
    expressions.iter().fold(static_len, |capacity, e| {
        capacity + room(e.operator, e.vars.as_slice())
    })
}

/// [`first_capacity`] for `template!`'s `static`s, in a `const fn`: their variables are
/// [`VarList::Static`](urlkit_syntax::template::VarList::Static), which a `const fn` reads.
pub(super) const fn first_capacity_const(
    static_len: usize,
    expressions: &[CompiledExpression],
) -> usize {
    let mut capacity = static_len;
    let mut i = 0;
    while i < expressions.len() {
        let e = &expressions[i];
        if let Some(vars) = e.vars.as_const_slice() {
            capacity += room(e.operator, vars);
        }
        i += 1;
    }
    capacity
}

/// The room [`first_capacity`] gives the variables `vars` of an expression of `operator`.
const fn room(operator: Operator, vars: &[VarSpec]) -> usize {
    let named = matches!(
        operator,
        Operator::PathParam | Operator::Query | Operator::QueryContinuation
    );
    let mut room = 0;
    let mut j = 0;
    while j < vars.len() {
        let mut item = ROOM_PER_VALUE + 1;
        if named {
            item += vars[j].name.end - vars[j].name.start + 1;
            if matches!(vars[j].modifier, Modifier::Explode) {
                item *= NAMED_EXPLODED_ITEMS;
            }
        }
        room += item;
        j += 1;
    }
    room
}
