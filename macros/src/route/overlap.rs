//! Phase 2 for an enum: the order its routes are tried in (the most specific first,
//! `urlkit_syntax::route::order`), and no route identical to or hidden by the routes before
//! it (`urlkit_syntax::route::cover`, an exact proof).

use urlkit_syntax::route::owned::OwnedPattern;
use urlkit_syntax::route::{cover, order};

use super::ast::Route;
use super::check::Valid;
use crate::errors::Errors;

/// The order in which `routes` are tried (indices), after reporting any route that can never
/// match.
pub(crate) fn check(routes: &[Route<'_>], valid: &[Valid], errors: &mut Errors) -> Vec<usize> {
    let borrowed: Vec<_> = valid.iter().map(|v| v.pattern.borrow()).collect();
    let patterns: Vec<_> = borrowed.iter().map(|b| b.pattern()).collect();
    let tried = order::order(&patterns);
    for (v, finding) in cover::check(&patterns, &tried) {
        let route = &routes[v];
        let Some(lit) = &route.template else { continue };
        let message = match finding {
            cover::Finding::Identical(u) => {
                let hint = if differ_in_optional_keys(&valid[u].pattern, &valid[v].pattern) {
                    "; unknown query parameters are ignored, so an optional one does not tell routes apart (`#[route(deny_unknown_params)]` on the enum makes it count)"
                } else {
                    ""
                };
                format!(
                    "`{}` matches exactly the same URLs as `{}` (`{}`), so no URL can parse into it; make their static text differ, or remove one{hint}",
                    route.label,
                    routes[u].label,
                    template(&routes[u]),
                )
            }
            cover::Finding::Shadowed(by) => {
                let by: Vec<String> = by
                    .iter()
                    .map(|&u| format!("`{}` (`{}`)", routes[u].label, template(&routes[u])))
                    .collect();
                format!(
                    "`{}` can never match: the routes tried before it take every URL it matches: {}; remove it, or change its template",
                    route.label,
                    by.join(", ")
                )
            }
        };
        errors.push(syn::Error::new(lit.span(), message));
    }
    tried
}

fn template(route: &Route<'_>) -> String {
    route
        .template
        .as_ref()
        .map(syn::LitStr::value)
        .unwrap_or_default()
}

/// The same but for optional query parameters (which only count when unknown ones are denied).
fn differ_in_optional_keys(a: &OwnedPattern, b: &OwnedPattern) -> bool {
    fn required(p: &OwnedPattern) -> Vec<&str> {
        let mut keys: Vec<&str> = p
            .keys
            .iter()
            .filter(|k| k.1)
            .map(|k| k.0.as_str())
            .collect();
        keys.sort_unstable();
        keys
    }
    a.keys != b.keys
        && !a.deny_unknown
        && a.segments == b.segments
        && a.tail == b.tail
        && a.pairs == b.pairs
        && required(a) == required(b)
}
