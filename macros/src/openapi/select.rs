//! Choosing operations: `skip = ["id", ...];` leaves the named operations out of the enum,
//! `only = ["id", ...];` keeps just those. The choice is made on the document tree before it
//! is mapped, so that an operation left out is not mapped at all: its problems are no errors.

use serde_json::Value;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{Ident, LitStr, Token};

use super::map::METHODS;
use crate::diagnostics::Diagnostics;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Skip,
    Only,
}

impl Mode {
    fn keyword(self) -> &'static str {
        match self {
            Mode::Skip => "skip",
            Mode::Only => "only",
        }
    }
}

pub(super) struct Selection {
    pub(super) mode: Mode,
    pub(super) ids: Vec<LitStr>,
}

/// The lists after the document's path: none, or one `skip` or one `only`.
pub(super) fn parse(input: ParseStream<'_>) -> syn::Result<Option<Selection>> {
    let mut selection: Option<Selection> = None;
    while !input.is_empty() {
        let keyword: Ident = input.parse().map_err(|_| {
            input.error("expected `skip = [...]` or `only = [...]` after the document's path")
        })?;
        let mode = match keyword.to_string().as_str() {
            "skip" => Mode::Skip,
            "only" => Mode::Only,
            _ => {
                return Err(syn::Error::new(
                    keyword.span(),
                    format!(
                        "unknown option `{keyword}`; write `skip = [\"operationId\", ...]` to leave operations out, or `only = [\"operationId\", ...]` to keep just those"
                    ),
                ));
            }
        };
        if let Some(first) = &selection {
            let message = if first.mode == mode {
                format!(
                    "`{}` is given twice; name every operation in one list",
                    mode.keyword()
                )
            } else {
                "`skip` and `only` cannot be used together; keep one: `only` names the operations to keep, `skip` the ones to leave out".to_owned()
            };
            return Err(syn::Error::new(keyword.span(), message));
        }
        input.parse::<Token![=]>()?;
        if !input.peek(syn::token::Bracket) {
            return Err(input.error(format!(
                "expected a list of `operationId`s in brackets; write `{} = [\"operationId\", ...]`",
                mode.keyword()
            )));
        }
        let content;
        syn::bracketed!(content in input);
        let ids = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
        if mode == Mode::Only && ids.is_empty() {
            // An enum of no operation has no route to build or read.
            return Err(syn::Error::new(
                keyword.span(),
                "`only` names no operation; name the operations to keep, or remove `only` to keep them all",
            ));
        }
        if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
        }
        selection = Some(Selection {
            mode,
            ids: ids.into_iter().collect(),
        });
    }
    Ok(selection)
}

/// Each operation of the document with a string `operationId`: its JSON pointer's path key and
/// method, and the id.
fn operations(tree: &Value) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    let Some(paths) = tree.get("paths").and_then(Value::as_object) else {
        return out;
    };
    for (path, item) in paths {
        for method in METHODS {
            if let Some(id) = item
                .get(method)
                .and_then(|operation| operation.get("operationId"))
                .and_then(Value::as_str)
            {
                out.push((path.clone(), method, id.to_owned()));
            }
        }
    }
    out
}

/// Removes the operations the selection leaves out (and path items left with none), after
/// checking that each id it names is an operation's.
pub(super) fn apply(tree: &mut Value, selection: &Selection, errors: &mut Diagnostics) {
    let known = operations(tree);
    let mut seen: Vec<String> = Vec::new();
    for lit in &selection.ids {
        let id = lit.value();
        if seen.contains(&id) {
            errors.push(syn::Error::new(
                lit.span(),
                format!("`{id}` is named twice; remove one"),
            ));
            continue;
        }
        seen.push(id.clone());
        if known.iter().any(|(_, _, known)| *known == id) {
            continue;
        }
        let message = match closest(&id, known.iter().map(|(_, _, known)| known.as_str())) {
            Some(near) => {
                format!("no operation has the `operationId` `{id}`; did you mean `{near}`?")
            }
            None => format!(
                "no operation has the `operationId` `{id}`; `{}` names operations by their `operationId`",
                selection.mode.keyword()
            ),
        };
        errors.push(syn::Error::new(lit.span(), message));
    }
    let keep = |id: Option<&str>| {
        let named = id.is_some_and(|id| seen.iter().any(|listed| listed == id));
        match selection.mode {
            Mode::Skip => !named,
            Mode::Only => named,
        }
    };
    let Some(paths) = tree.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    paths.retain(|_, item| {
        let Some(item) = item.as_object_mut() else {
            return true;
        };
        let mut had = false;
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                had = true;
                if !keep(operation.get("operationId").and_then(Value::as_str)) {
                    item.remove(method);
                }
            }
        }
        !had || METHODS.iter().any(|method| item.contains_key(*method))
    });
}

/// What to add to an error about the operation at `pointer` (or inside it): how to leave the
/// operation out, in the form the invocation already uses. A problem in a path item's own
/// `parameters` is every operation's of that path item, so it names them all.
pub(super) fn hint(tree: &Value, selection: Option<&Selection>, pointer: &str) -> Option<String> {
    let within = |at: &str| pointer == at || pointer.starts_with(&format!("{at}/"));
    let operations = operations(tree);
    let ids: Vec<&str> = match operations
        .iter()
        .find(|(path, method, _)| within(&format!("/paths/{}/{method}", super::map::escape(path))))
    {
        Some((_, _, id)) => vec![id.as_str()],
        None => operations
            .iter()
            .filter(|(path, _, _)| {
                within(&format!("/paths/{}/parameters", super::map::escape(path)))
            })
            .map(|(_, _, id)| id.as_str())
            .collect(),
    };
    if ids.is_empty() {
        return None;
    }
    let what = if ids.len() == 1 {
        "the operation"
    } else {
        "the path's operations"
    };
    let quoted = ids
        .iter()
        .map(|id| format!("\"{id}\""))
        .collect::<Vec<_>>()
        .join(", ");
    Some(match selection.map(|selection| selection.mode) {
        None => {
            format!("; or leave {what} out: add `skip = [{quoted}];` after the document's path")
        }
        Some(Mode::Skip) => format!("; or leave {what} out: add `{quoted}` to `skip`"),
        Some(Mode::Only) => format!("; or leave {what} out: remove `{quoted}` from `only`"),
    })
}

/// The known id nearest to `id` by edit distance, if it is near enough to be a typo (a third of
/// the length, as rustc suggests names).
fn closest<'a>(id: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (id.chars().count() / 3).max(1);
    known
        .map(|candidate| (distance(id, candidate), candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::{closest, distance};

    #[test]
    fn distances() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("repos/get", "repos/get"), 0);
        let known = ["issues/list-for-repo", "repos/get"];
        assert_eq!(
            closest("issues/list-for-rep", known.into_iter()),
            Some("issues/list-for-repo")
        );
        assert_eq!(closest("users/list", known.into_iter()), None);
    }
}
