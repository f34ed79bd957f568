//! Phase 2 for an enum: the order its routes are tried in (the most specific first,
//! `urlkit_syntax::route::order`), and no route identical to or hidden by the routes before
//! it (`urlkit_syntax::route::cover`, an exact proof). Then, for the impl, which routes tried
//! before a route can take URLs it builds (`urlkit_syntax::route::captors`), so that its
//! `to_url` refuses those values rather than build a URL that parses as another route.

use urlkit_syntax::route::owned::{OwnedPattern, OwnedSegment};
use urlkit_syntax::route::{captors as captor, cover, key_eq, order, pair_eq, piece_key};

use super::ast::Route;
use super::attr;
use super::check::{Capture, Valid};
use crate::diagnostics::Diagnostics;

/// The order in which `routes` are tried (indices), after reporting any route that can never
/// match.
///
/// Routes whose own check failed (`None`) are left out, so that an overlap is reported in the
/// same compile as their errors. What is found among the others holds for the whole enum:
/// leaving routes out never makes two routes differ, nor hides one route behind others
/// (the order of the rest is the same, and a route has fewer routes before it).
pub(crate) fn check(
    routes: &[Route<'_>],
    valid: &[Option<Valid>],
    errors: &mut Diagnostics,
) -> Vec<usize> {
    // `members[i]` is the route that pattern `i` comes from.
    let (members, borrowed): (Vec<usize>, Vec<_>) = valid
        .iter()
        .enumerate()
        .filter_map(|(i, v)| Some((i, v.as_ref()?.pattern.borrow())))
        .unzip();
    let patterns: Vec<_> = borrowed.iter().map(|b| b.pattern()).collect();
    let tried = order::order(&patterns);
    // A request reaches a route only if the route takes its method: the routes are checked
    // per method, among the routes that take it. The methods no route names are one class,
    // which only the routes without methods take (when none names one, the only class, as
    // without methods). A route that can never match in one class it takes is reported:
    // that method of it is dead.
    let mut classes: Vec<Option<usize>> = vec![None];
    for route in routes {
        for &m in &route.methods {
            if !classes.contains(&Some(m)) {
                classes.push(Some(m));
            }
        }
    }
    classes.sort_unstable();
    let mut found: Vec<(usize, cover::Finding, Option<usize>)> = Vec::new();
    for class in classes {
        let takes = |v: usize| match class {
            None => routes[members[v]].methods.is_empty(),
            Some(m) => routes[members[v]].takes(m),
        };
        let subset: Vec<usize> = tried.iter().copied().filter(|&v| takes(v)).collect();
        for (v, finding) in cover::check(&patterns, &subset) {
            if !found.iter().any(|(w, _, _)| *w == v) {
                found.push((v, finding, class));
            }
        }
    }
    found.sort_by_key(|(v, _, _)| tried.iter().position(|t| t == v));
    for (v, finding, class) in found {
        // Said only where a route names methods: without them, the errors are as before.
        let method = class.map(|m| attr::METHODS[m].to_ascii_uppercase());
        // From pattern indices back to route indices.
        let v = members[v];
        let finding = match finding {
            cover::Finding::Identical(u) => cover::Finding::Identical(members[u]),
            cover::Finding::Shadowed(by) => {
                cover::Finding::Shadowed(by.into_iter().map(|u| members[u]).collect())
            }
        };
        let route = &routes[v];
        let Some(lit) = &route.template else { continue };
        let message = match finding {
            cover::Finding::Identical(u) => {
                let hint = match (&valid[u], &valid[v]) {
                    (Some(a), Some(b)) if differ_in_optional_keys(&a.pattern, &b.pattern) => {
                        // A parameter only one of them names, made required there, tells
                        // them apart both ways: its URLs hold it, the other's need not.
                        // (Denying unknown parameters would not: a URL without it, which
                        // `to_url` builds when the value is `None`, is still the other's.)
                        let (route, key) = optional_only(&b.pattern, &a.pattern)
                            .map(|key| (route.label.as_str(), key))
                            .or_else(|| {
                                optional_only(&a.pattern, &b.pattern)
                                    .map(|key| (routes[u].label.as_str(), key))
                            })
                            .unwrap_or_default();
                        format!(
                            "; a URL may leave out an optional query parameter, so it does not tell routes apart: make `{key}` required in `{route}` (a pair, `{key}={{{key}}}`, whose field is not an `Option`)"
                        )
                    }
                    (Some(a), Some(b)) => respelt_key(&a.pattern, &b.pattern)
                        .map(|(theirs, ours)| {
                            format!("; query keys are compared decoded, so `{ours}` is `{theirs}`")
                        })
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                match &method {
                    None => format!(
                        "`{}` matches exactly the same URLs as `{}` (`{}`), so no URL can parse into it; make their static text differ, or remove one{hint}",
                        route.label,
                        routes[u].label,
                        template(&routes[u]),
                    ),
                    Some(method) => format!(
                        "`{}` matches exactly the same URLs as `{}` (`{}`), and both take `{method}`, so no `{method}` request can parse into it; give them methods that differ, make their static text differ, or remove one{hint}",
                        route.label,
                        routes[u].label,
                        template(&routes[u]),
                    ),
                }
            }
            cover::Finding::Shadowed(by) => {
                let by: Vec<String> = by
                    .iter()
                    .map(|&u| format!("`{}` (`{}`)", routes[u].label, template(&routes[u])))
                    .collect();
                match &method {
                    None => format!(
                        "`{}` can never match: the routes tried before it take every URL it matches: {}; remove it, or change its template",
                        route.label,
                        by.join(", ")
                    ),
                    Some(method) => format!(
                        "`{}` can never match a `{method}` request: the routes tried before it that take `{method}` take every URL it matches: {}; remove `{}` from it, or change its template",
                        route.label,
                        by.join(", "),
                        method.to_ascii_lowercase(),
                    ),
                }
            }
        };
        errors.push(syn::Error::new(lit.span(), message));
    }
    tried.into_iter().map(|i| members[i]).collect()
}

fn template(route: &Route<'_>) -> String {
    route
        .template
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default()
}

/// The same but for optional query parameters (which only count when unknown ones are denied).
/// Keys are compared decoded (`key_eq`), as `from_url` compares them.
fn differ_in_optional_keys(a: &OwnedPattern, b: &OwnedPattern) -> bool {
    // Whether every key of `x` (of the kind `required` says) is one of `y`, and back.
    let same_keys = |required: Option<bool>| {
        let keys = |p: &OwnedPattern| -> Vec<(String, bool)> {
            p.keys
                .iter()
                .filter(|k| required.is_none_or(|r| k.1 == r))
                .cloned()
                .collect()
        };
        let (x, y) = (keys(a), keys(b));
        let within = |x: &[(String, bool)], y: &[(String, bool)]| {
            x.iter()
                .all(|(k, r)| y.iter().any(|(l, s)| r == s && key_eq(k, l)))
        };
        x.len() == y.len() && within(&x, &y) && within(&y, &x)
    };
    let same_pairs = a.pairs.len() == b.pairs.len()
        && a.pairs
            .iter()
            .all(|p| b.pairs.iter().any(|q| pair_eq(p, q)));
    !same_keys(None)
        && !a.deny_unknown
        && a.segments == b.segments
        && a.tail == b.tail
        && same_pairs
        && same_keys(Some(true))
}

/// An optional query key of `a` that `b` does not name.
fn optional_only<'p>(a: &'p OwnedPattern, b: &OwnedPattern) -> Option<&'p str> {
    a.keys
        .iter()
        .find(|(k, required)| !required && !b.keys.iter().any(|(l, _)| key_eq(k, l)))
        .map(|(k, _)| k.as_str())
}

/// A query key of `b` that is a key of `a` spelled otherwise (`fo%72mat` and `format`), with
/// `a`'s spelling first.
fn respelt_key(a: &OwnedPattern, b: &OwnedPattern) -> Option<(String, String)> {
    let keys = |p: &OwnedPattern| -> Vec<String> {
        let pairs = p.pairs.iter().map(|pair| piece_key(pair).to_string());
        pairs.chain(p.keys.iter().map(|k| k.0.clone())).collect()
    };
    let theirs = keys(a);
    keys(b).into_iter().find_map(|ours| {
        let same = theirs.iter().find(|t| **t != ours && key_eq(t, &ours))?;
        Some((same.clone(), ours))
    })
}

/// A route tried before another that can take some of its URLs, and the placeholder of the
/// other whose value decides (for `to_url`'s error).
pub(crate) struct Captor {
    /// The route (an index into the routes).
    pub(crate) route: usize,
    /// The placeholder named in the error.
    pub(crate) placeholder: String,
}

/// For each route (all valid, `tried` their order), the routes tried before it that match
/// some URL it matches.
pub(crate) fn captors(routes: &[Route<'_>], valid: &[Valid], tried: &[usize]) -> Vec<Vec<Captor>> {
    let borrowed: Vec<_> = valid.iter().map(|v| v.pattern.borrow()).collect();
    let patterns: Vec<_> = borrowed.iter().map(|b| b.pattern()).collect();
    captor::captors(&patterns, tried)
        .into_iter()
        .enumerate()
        .map(|(v, us)| {
            us.into_iter()
                // A route that takes none of its methods never gets its requests.
                .filter(|&u| routes[u].shares_a_method(&routes[v]))
                .map(|u| Captor {
                    route: u,
                    placeholder: culprit(&routes[v], &valid[v], &valid[u].pattern),
                })
                .collect()
        })
        .collect()
}

/// The first placeholder of `route` (in template order) that stands where `other`'s pattern
/// differs from its own: the value that made the URL `other`'s.
fn culprit(route: &Route<'_>, valid: &Valid, other: &OwnedPattern) -> String {
    let own = &valid.pattern;
    let differs = |capture: Capture| match capture {
        Capture::Segment(k) => match other.segments.get(k) {
            Some(OwnedSegment::Any) | None => false,
            theirs => theirs != own.segments.get(k),
        },
        Capture::Tail => own.segments.len() != other.segments.len() || own.tail != other.tail,
        Capture::Key(j) => own.keys.get(j).is_none_or(|(key, required)| {
            !other
                .keys
                .iter()
                .any(|(theirs, r)| r == required && key_eq(theirs, key))
                || other.pairs.iter().any(|pair| key_eq(piece_key(pair), key))
        }),
    };
    let in_order = valid.checked.vars.iter().filter_map(|var| {
        let f = route.fields.iter().position(|f| f.name == var.name)?;
        Some((var.name.clone(), valid.captures[f]?))
    });
    let mut first = None;
    for (name, capture) in in_order {
        if differs(capture) {
            return name;
        }
        first.get_or_insert(name);
    }
    first.unwrap_or_default()
}
