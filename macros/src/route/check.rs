//! Phase 2 for one route: its template through the grammar `url!` uses (`urlkit_syntax`),
//! then the route shape (`route::lower`), then each placeholder against the fields.
//!
//! Every problem is pushed to [`Diagnostics`]; a route with problems yields `None` and the others
//! are still checked, so one compile shows every mistake of the type.

use core::ops::Range;

use urlkit_syntax::plan::Step;
use urlkit_syntax::route::lower::{self, PathSegment, PathStyle, Shape, Var};
use urlkit_syntax::route::owned::{Arity, OwnedPattern};

use super::ast::{Field, Route};
use crate::check::{self, BoundTemplate, BoundVar, Source};
use crate::diagnostics::{self, Diagnostics};
use crate::root::URLKIT;

/// Where a field's values are in a URL (mirrors the runtime's `Capture`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Capture {
    Segment(usize),
    Tail,
    Key(usize),
}

/// A route that passed every check.
pub(crate) struct Valid {
    /// What `to_url` is generated from: the template as `url!` sees it.
    pub(crate) checked: BoundTemplate,
    /// How `to_url` builds the URL (`urlkit_syntax::plan`).
    pub(crate) steps: Vec<Step>,
    pub(crate) pattern: OwnedPattern,
    /// Where each placeholder stands (`Route::SHAPES` is written from it).
    pub(crate) shape: Shape,
    /// For each field, where it is read from (`None` for a skipped field).
    pub(crate) captures: Vec<Option<Capture>>,
    /// The field each query key of the pattern fills.
    pub(crate) key_fields: Vec<String>,
}

/// Where a placeholder stands in the shape.
#[derive(Clone, Copy)]
enum Position {
    Segment(usize),
    /// The `i`-th `{/x}` variable, `last` if it ends the path.
    Tail {
        i: usize,
        last: bool,
    },
    Key {
        j: usize,
        hand: bool,
    },
}

pub(crate) fn check(route: &Route<'_>, errors: &mut Diagnostics) -> Option<Valid> {
    let Some(lit) = &route.template else {
        if route.malformed {
            return None;
        }
        let message = match route.variant {
            Some(variant) => format!(
                "missing `#[route(\"/path\")]` on the variant `{variant}`; each variant of a route enum has its template"
            ),
            None => format!(
                "missing `#[route(\"/path\")]` on `{}`; a route needs its template",
                route.label
            ),
        };
        errors.push(syn::Error::new(route.span, message));
        return None;
    };
    let value = lit.value();
    let parsed = check::grammar(lit, &value, 0, false, errors).ok()?;
    let steps = parsed.plan(&value);
    let shape = match lower::lower(&value, &parsed.expressions, &parsed.reference, &steps) {
        Ok(shape) => shape,
        Err(problems) => {
            for (at, problem) in problems {
                errors.push(diagnostics::in_literal(lit, &value, &[at], problem));
            }
            return None;
        }
    };
    let before = errors.count();
    let placeholders = placeholders(&shape);
    let mut captures = vec![None; route.fields.len()];
    // Fields a misspelt placeholder was meant for: one mistake, one error.
    let mut meant: Vec<&str> = Vec::new();
    // The `{?x*}` on maps, each of which takes the pairs nothing else names.
    let mut exploded: Vec<&Var> = Vec::new();
    for &(var, position) in &placeholders {
        let name = &value[var.name.clone()];
        let Some(f) = route.fields.iter().position(|f| f.name == name) else {
            let (message, close) = no_field(route, name);
            meant.extend(close);
            errors.push(diagnostics::in_literal(
                lit,
                &value,
                core::slice::from_ref(&var.name),
                message,
            ));
            continue;
        };
        let field = &route.fields[f];
        if field.skip {
            let message = format!(
                "`{{{name}}}` reads the field `{name}`, which is `#[route(skip)]`; remove the placeholder or the `skip`"
            );
            errors.push(diagnostics::in_literal(
                lit,
                &value,
                core::slice::from_ref(&var.name),
                message,
            ));
            continue;
        }
        // A deepObject map with `*` is one mistake, which `check_deep_object` explains; a
        // map without it takes `*` (a pair per entry), and `check_object` places it.
        if is_object(field) {
            check_object(
                field,
                var,
                position,
                route.deny_unknown,
                (lit, &value),
                errors,
            );
            if var.explode && matches!(position, Position::Key { hand: false, .. }) {
                exploded.push(var);
            }
        } else if field.deep_object.is_none() || !var.explode {
            let op = match position {
                Position::Segment(k) => operator(&shape.segments[k]),
                _ => "",
            };
            check_kind(field, var, (position, op), lit, &value, errors);
        }
        check_style(field, var, position, &shape, errors);
        check_deep_object(field, var, position, route.deny_unknown, errors);
        check_keep_empty(field, position, errors);
        captures[f] = Some(capture(&shape, position, field.arity));
    }
    if let [first, second, ..] = exploded[..] {
        let (first, second) = (&value[first.name.clone()], &value[second.name.clone()]);
        let message = format!(
            "`{{?{second}*}}` takes every query pair that no other parameter names, which `{{?{first}*}}` already takes; a route holds one exploded map: remove the `*` of one (`{{?{second}}}` writes its entries in one value)"
        );
        let at = exploded.get(1).map(|var| explode_range(var, &value));
        errors.push(diagnostics::in_literal(
            lit,
            &value,
            &[at.unwrap_or_default()],
            message,
        ));
    }
    for (field, capture) in route.fields.iter().zip(&captures) {
        let named = placeholders
            .iter()
            .any(|(v, _)| value[v.name.clone()] == field.name);
        if capture.is_none() && !field.skip && !named && !meant.contains(&field.name.as_str()) {
            let name = &field.name;
            let message = format!(
                "field `{name}` has no placeholder in `{value}`; add `{{{name}}}` to the template, or mark the field `#[route(skip)]` (`from_url` then fills it with `Default::default()`)"
            );
            errors.push(syn::Error::new(field.span, message));
        }
    }
    if errors.count() > before {
        return None;
    }
    let kind_of = |name: &str| {
        route
            .fields
            .iter()
            .find(|f| f.name == name)
            // A map reads any number of pairs (`name[key]`, one joined, or any), none when
            // absent.
            .map_or(Arity::One, |f| {
                if f.deep_object.is_some() || is_object(f) {
                    Arity::List
                } else {
                    f.arity
                }
            })
    };
    let map = |name: &str| route.fields.iter().any(|f| f.name == name && is_object(f));
    let pattern = shape.pattern(&value, kind_of, map, route.deny_unknown);
    let key_fields = shape
        .keys
        .iter()
        .map(|k| value[k.var.name.clone()].to_string())
        .collect();
    Some(Valid {
        checked: for_generator(value, parsed),
        steps,
        pattern,
        shape,
        captures,
        key_fields,
    })
}

/// The template as the generator of `url!` takes it: the variables in order of first use,
/// each filled from a field.
fn for_generator(value: String, parsed: urlkit_syntax::check::Checked) -> BoundTemplate {
    let mut vars: Vec<BoundVar> = Vec::new();
    for spec in parsed.expressions.iter().flat_map(|e| &e.vars) {
        let name = &value[spec.name.clone()];
        if !vars.iter().any(|v| v.name == name) {
            vars.push(BoundVar {
                name: name.to_string(),
                source: Source::Field,
            });
        }
    }
    BoundTemplate {
        // Route templates start with `/`, which joins them to a base (`to_url_on`).
        trim_slash: true,
        template: value,
        expressions: parsed.expressions,
        reference: parsed.reference,
        vars,
    }
}

fn placeholders(shape: &Shape) -> Vec<(&Var, Position)> {
    let mut out = Vec::new();
    for (k, segment) in shape.segments.iter().enumerate() {
        if let PathSegment::Value { var, .. } = segment {
            out.push((var, Position::Segment(k)));
        }
    }
    let tail = shape.tail.len();
    for (i, var) in shape.tail.iter().enumerate() {
        out.push((
            var,
            Position::Tail {
                i,
                last: i + 1 == tail,
            },
        ));
    }
    for (j, key) in shape.keys.iter().enumerate() {
        out.push((&key.var, Position::Key { j, hand: key.hand }));
    }
    out
}

/// Whether the query parameter `j` of `shape`, whose field is of `kind`, is a list written in
/// one value (`{?tags}` on a `Vec`: RFC 6570 §3.2.8 joins the items with `,`, percent-encoding
/// an item's own `,`), which `from_url` splits on the delimiter before decoding. A pair written by hand
/// (`tags={tags}`) repeats itself for each item, as `{?tags*}` does.
///
/// The delimiter between the items: `,`, or that of the field's `#[route(style = "...")]`.
pub(crate) fn joined(shape: &Shape, j: usize, field: &Field<'_>) -> Option<char> {
    let joined = (field.arity == Arity::List || is_object(field))
        && shape
            .keys
            .get(j)
            .is_some_and(|key| !key.var.explode && !key.hand);
    joined.then(|| field.style.map_or(',', |(delimiter, _)| delimiter))
}

/// For a `Vec` or a map field read from the path segment `k` of `shape`, the character
/// between its items as its placeholder writes them: `,` for `{x}`, `{x*}`, `{.x}` and `{;x}`
/// (RFC 6570 §3.2.2, §3.2.5, §3.2.7), `.` for `{.x*}`, `;` for `{;x*}`. (A map's items are
/// its keys and values in turn, or with `*` its entries, `key=value`.)
pub(crate) fn segment_list(shape: &Shape, k: usize, field: &Field<'_>) -> Option<char> {
    let Some(PathSegment::Value { var, style, .. }) = shape.segments.get(k) else {
        return None;
    };
    if field.arity != Arity::List && !is_object(field) {
        return None;
    }
    Some(match (style, var.explode) {
        (PathStyle::Label, true) => '.',
        (PathStyle::Matrix, true) => ';',
        _ => ',',
    })
}

fn capture(shape: &Shape, position: Position, kind: Arity) -> Capture {
    match position {
        Position::Segment(k) => Capture::Segment(k),
        // Required `{/x}` are fixed segments after the template's own (see `Shape::pattern`).
        Position::Tail { i, .. } if kind == Arity::One => {
            Capture::Segment(shape.segments.len() + i)
        }
        Position::Tail { .. } => Capture::Tail,
        Position::Key { j, .. } => Capture::Key(j),
    }
}

/// `{name}` names no field: say which fields there are, or the one meant (returned too).
fn no_field<'r>(route: &'r Route<'_>, name: &str) -> (String, Option<&'r str>) {
    let label = &route.label;
    let fields: Vec<&str> = route
        .fields
        .iter()
        .filter(|f| !f.skip)
        .map(|f| f.name.as_str())
        .collect();
    if let Some(close) = fields.iter().find(|f| typo(f, name) || same_words(f, name)) {
        let message = format!("`{{{name}}}` names no field of `{label}`; did you mean `{close}`?");
        return (message, Some(close));
    }
    if fields.is_empty() {
        let message = format!(
            "`{{{name}}}` names no field of `{label}`, which has none; add the field `{name}`"
        );
        return (message, None);
    }
    let list: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
    let message = format!(
        "`{{{name}}}` names no field of `{label}`; its fields are {}",
        list.join(", ")
    );
    (message, None)
}

/// The same words in another case or with other separators: `userId`, `user_id`, `user-id`,
/// `UserID`.
fn same_words(a: &str, b: &str) -> bool {
    let words = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '_' | '-' | '.'))
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    words(a) == words(b)
}

/// One edit apart (a letter added, removed, changed, or two swapped).
fn typo(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    match long.len() - short.len() {
        0 => {
            let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            match diff[..] {
                [_] => true,
                [i, j] => j == i + 1 && a[i] == b[j] && a[j] == b[i],
                _ => false,
            }
        }
        1 => (0..long.len()).any(|skip| {
            long.iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, c)| c)
                .eq(short.iter())
        }),
        _ => false,
    }
}

/// The operator of a path segment's placeholder: `.` for `{.x}`, `;` for `{;x}`.
fn operator(segment: &PathSegment) -> &'static str {
    match segment {
        PathSegment::Value {
            style: PathStyle::Label,
            ..
        } => ".",
        PathSegment::Value {
            style: PathStyle::Matrix,
            ..
        } => ";",
        _ => "",
    }
}

/// `Option` only where a value may be absent, `Vec` only where several may stand. `op` is the
/// operator of a path segment's placeholder.
fn check_kind(
    field: &Field<'_>,
    var: &Var,
    (position, op): (Position, &str),
    lit: &syn::LitStr,
    value: &str,
    errors: &mut Diagnostics,
) {
    let name = &field.name;
    let ty = field.ty;
    let shown = quote::quote!(#ty).to_string().replace(' ', "");
    let at_type = |message: String| syn::Error::new_spanned(ty, message);
    if let Some(inner) = field.inner {
        let (inner_kind, _) = super::ast::arity_of(inner);
        if inner_kind != Arity::One {
            // What each nesting would need a URL to tell apart, and what to write instead.
            let message = match (field.arity, inner_kind) {
                (Arity::Optional, Arity::Optional) => format!(
                    "`{shown}` nests `Option` in `Option`, which a URL cannot tell apart (`None` and `Some(None)` both leave the value out); write `Option<T>`"
                ),
                (Arity::List, Arity::List) => format!(
                    "`{shown}` nests `Vec` in `Vec`, which a URL cannot hold (a placeholder takes one list of values, not lists of lists); write `Vec<T>`"
                ),
                _ => format!(
                    "`{shown}` nests `Option` and `Vec`, which a URL cannot tell apart (no value, an empty list); write `Option<T>` or `Vec<T>`"
                ),
            };
            errors.push(at_type(message));
            return;
        }
        if field.arity == Arity::List && quote::quote!(#inner).to_string() == "u8" {
            errors.push(at_type(
                "a `Vec<u8>` is written into a URL as octets (one string), not as a list of numbers, so `from_url` cannot read it back; use `Vec<u16>` for a list of small numbers".to_string(),
            ));
            return;
        }
    }
    let placeholder = |explode: bool| match position {
        Position::Segment(_) => format!("{{{op}{name}{}}}", if explode { "*" } else { "" }),
        Position::Key { hand: true, .. } => format!("{{{name}}}"),
        Position::Tail { .. } => format!("{{/{name}{}}}", if explode { "*" } else { "" }),
        Position::Key { hand: false, .. } => {
            format!("{{?{name}{}}}", if explode { "*" } else { "" })
        }
    };
    let written = placeholder(var.explode);
    let message = match (field.arity, position) {
        (Arity::Optional, Position::Segment(_)) => Some(format!(
            "`{shown}` cannot fill `{written}`: a path segment is always written, so its value cannot be absent; an optional value goes at the end of the path (`{{/{name}}}`) or in the query (`{{?{name}}}`)"
        )),
        (Arity::Optional | Arity::List, Position::Tail { last: false, .. }) => Some(format!(
            "`{shown}` cannot fill `{written}`, which other segments follow; only the last `{{/x}}` of the path may be optional or a list"
        )),
        // In the query a list without `*` is one value joined with commas, which `from_url`
        // splits (`joined`); a path segment joined with commas is not read back.
        (Arity::List, Position::Tail { .. }) if !var.explode => Some(format!(
            "`{written}` writes a list as one segment joined with commas, which a route does not read back; write `{}` for one segment per item",
            placeholder(true)
        )),
        _ => None,
    };
    if let Some(message) = message {
        errors.push(at_type(message));
    } else if var.explode && field.arity != Arity::List {
        let message = format!(
            "`*` in `{written}` marks a list, but `{name}` is a `{shown}`, not a `Vec`; remove the `*`"
        );
        errors.push(diagnostics::in_literal(
            lit,
            value,
            &[explode_range(var, value)],
            message,
        ));
    }
}

/// A field's `style` joins a list or a map in one query value: only a `Vec` or a
/// `BTreeMap` in `{?x}` or `{&x}`.
fn check_style(
    field: &Field<'_>,
    var: &Var,
    position: Position,
    shape: &Shape,
    errors: &mut Diagnostics,
) {
    let Some((delimiter, span)) = field.style else {
        return;
    };
    let name = &field.name;
    let ty = field.ty;
    let shown = quote::quote!(#ty).to_string().replace(' ', "");
    let style = if delimiter == ' ' {
        "spaceDelimited"
    } else {
        "pipeDelimited"
    };
    let (what, each) = if is_object(field) {
        ("map", "entry")
    } else {
        ("list", "item")
    };
    let message = if field.arity != Arity::List && !is_object(field) {
        format!(
            "`{style}` joins the items of a list or a map, but `{name}` is a `{shown}`, neither a `Vec` nor a `BTreeMap`; remove the `style`"
        )
    } else if let Position::Key { j, hand: true } = position {
        let key = shape.keys.get(j).map_or("", |k| k.key.as_str());
        format!(
            "`{style}` writes a {what} in one query value, but the pair written by hand `{key}={{{name}}}` writes a pair per {each}; write `{{?{name}}}`"
        )
    } else if !matches!(position, Position::Key { .. }) {
        format!(
            "`{style}` writes a {what} in one query value, but `{name}` is not a query parameter of its own; write `{{?{name}}}` in the query"
        )
    } else if var.explode {
        format!(
            "`{style}` writes a {what} in one query value, but `{{?{name}*}}` writes a pair per {each}; remove the `*`"
        )
    } else {
        return;
    };
    errors.push(syn::Error::new(span, message));
}

/// `deepObject` writes a map as a pair per entry, `name[key]=value`: only a `BTreeMap` in
/// `{?x}` or `{&x}`.
fn check_deep_object(
    field: &Field<'_>,
    var: &Var,
    position: Position,
    deny_unknown: bool,
    errors: &mut Diagnostics,
) {
    let Some(span) = field.deep_object else {
        return;
    };
    let name = &field.name;
    let ty = field.ty;
    let shown = quote::quote!(#ty).to_string().replace(' ', "");
    let message = if !is_btree_map(ty) {
        format!(
            "`deepObject` writes the entries of a map, but `{name}` is a `{shown}`, not a map; make it a `BTreeMap` or a `Vec` of pairs, or remove the `style`"
        )
    } else if let Position::Key { hand: true, .. } = position {
        format!(
            "`deepObject` writes a pair per entry, `{name}[key]=value`, which a pair written by hand cannot hold; write `{{?{name}}}`"
        )
    } else if !matches!(position, Position::Key { .. }) {
        format!(
            "`deepObject` writes query pairs, but `{name}` is not a query parameter of its own; write `{{?{name}}}` in the query"
        )
    } else if var.explode {
        format!(
            "`deepObject` names each pair `{name}[key]`, but `{{?{name}*}}` names them by the keys alone; remove the `*`"
        )
    } else if deny_unknown {
        format!(
            "`deny_unknown_params` would refuse the pairs `{name}[key]` that `deepObject` writes; remove one of the two"
        )
    } else {
        return;
    };
    errors.push(syn::Error::new(span, message));
}

/// Whether `field` is a map read in the query by RFC 6570's rules (`{?x}` joins its keys and
/// values, `{?x*}` makes each entry a pair): a `BTreeMap` or a `Vec` of pairs without
/// `deepObject`.
pub(crate) fn is_object(field: &Field<'_>) -> bool {
    field.deep_object.is_none() && is_btree_map(field.ty)
}

/// A map without `deepObject` is a query parameter of its own (`{?x}` or `{?x*}`); `{?x*}`
/// takes every pair nothing else names, so `deny_unknown_params` would find none unknown.
/// With a `style`, `check_style` says where the map goes.
fn check_object(
    field: &Field<'_>,
    var: &Var,
    position: Position,
    deny_unknown: bool,
    (lit, value): (&syn::LitStr, &str),
    errors: &mut Diagnostics,
) {
    if field.style.is_some() {
        return;
    }
    let name = &field.name;
    let ty = field.ty;
    let shown = quote::quote!(#ty).to_string().replace(' ', "");
    let star = if var.explode { "*" } else { "" };
    let instead = format!(
        "write `{{?{name}}}` (its entries in one value) or `{{?{name}*}}` (a pair per entry)"
    );
    let error = match position {
        Position::Tail { .. } => syn::Error::new_spanned(
            ty,
            format!(
                "`{shown}` cannot fill `{{/{name}{star}}}`, which writes a segment per item; write `{{{name}}}` (a map in one segment) or, in the query, {}",
                &instead["write ".len()..]
            ),
        ),
        Position::Key { hand: true, .. } => syn::Error::new_spanned(
            ty,
            format!(
                "`{shown}` cannot fill `{{{name}}}` in a pair written by hand, which holds one value per pair; {instead}"
            ),
        ),
        Position::Key { .. } if var.explode && deny_unknown => diagnostics::in_literal(
            lit,
            value,
            &[explode_range(var, value)],
            format!(
                "`{{?{name}*}}` takes every query pair that no other parameter names, so `deny_unknown_params` would find none unknown; remove one of the two"
            ),
        ),
        // RFC 6570 writes a map in one segment (§3.2.2, §3.2.5, §3.2.7), or in the query.
        Position::Segment(_) | Position::Key { .. } => return,
    };
    errors.push(error);
}

/// Whether `ty` is written as a `BTreeMap` or a `Vec` of pairs (any path to either).
pub(crate) fn is_btree_map(ty: &syn::Type) -> bool {
    let syn::Type::Path(p) = super::ast::as_written(ty) else {
        return false;
    };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    if last.ident == "BTreeMap" {
        return p.qself.is_none();
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return false;
    };
    last.ident == "Vec"
        && matches!(args.args.first(), Some(syn::GenericArgument::Type(pair))
            if matches!(super::ast::as_written(pair), syn::Type::Tuple(t) if t.elems.len() == 2))
}

/// Whether `from_url` reads an empty value of the field as absent: an `Option` in the query
/// without `#[route(keep_empty)]`. A browser sends an empty form field as `page=`, which
/// means "no page" (as `form_urlencoded` readers built on serde take it), not `Some` of an
/// empty or unparsable value.
pub(crate) fn empty_is_absent(field: &Field<'_>, capture: Option<&Capture>) -> bool {
    field.arity == Arity::Optional
        && field.keep_empty.is_none()
        && matches!(capture, Some(Capture::Key(_)))
}

/// `keep_empty` is about an `Option` read in the query, where an empty value is otherwise
/// absent.
fn check_keep_empty(field: &Field<'_>, position: Position, errors: &mut Diagnostics) {
    let Some(span) = field.keep_empty else {
        return;
    };
    let name = &field.name;
    let ty = field.ty;
    let shown = quote::quote!(#ty).to_string().replace(' ', "");
    let message = if field.arity != Arity::Optional {
        format!(
            "`keep_empty` keeps an empty query value as `Some`, but `{name}` is a `{shown}`, not an `Option`; remove the `keep_empty`"
        )
    } else if !matches!(position, Position::Key { .. }) {
        format!(
            "`keep_empty` is about an empty query value, but `{name}` is read from the path; remove the `keep_empty`"
        )
    } else {
        return;
    };
    errors.push(syn::Error::new(span, message));
}

/// The `*` after a variable's name.
fn explode_range(var: &Var, value: &str) -> Range<usize> {
    let at = var.name.end;
    if value[at..].starts_with('*') {
        at..at + 1
    } else {
        var.name.clone()
    }
}

/// What the map of `{?x*}`, the pattern's key `j`, leaves to the rest of `route`, as an
/// expression of `urlkit::__private::route::Claimed`: the other parameters' keys and the
/// static pieces', as the template writes them, and the names of its `deepObject` maps, whose
/// pairs are `name[key]`.
pub(crate) fn claimed(route: &Route<'_>, valid: &Valid, j: usize) -> proc_macro2::TokenStream {
    let pattern = &valid.pattern;
    let keys = pattern.keys.iter().enumerate().filter(|(k, _)| *k != j);
    let pairs = pattern.pairs.iter();
    let keys: Vec<&str> = keys
        .map(|(_, (key, _))| key.as_str())
        .chain(pairs.map(|p| urlkit_syntax::route::piece_key(p)))
        .collect();
    let deep = (valid.key_fields.iter().enumerate())
        .filter(|&(k, name)| {
            k != j && (route.fields.iter()).any(|f| f.name == *name && f.deep_object.is_some())
        })
        .map(|(k, _)| pattern.keys[k].0.as_str());
    quote::quote!(&#URLKIT::__private::route::Claimed { keys: &[#(#keys),*], deep: &[#(#deep),*] })
}
