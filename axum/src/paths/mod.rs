//! The axum paths of a route: computed from [`Route::SHAPES`], each template's structure as
//! `#[derive(Route)]` checked it at compile time, so that axum routes exactly the paths
//! `from_url` matches without reading the templates again.
//!
//! axum's router (matchit 0.8) and urlkit match paths differently in three ways, each bridged
//! here rather than left to disagree:
//! - a matchit parameter never matches an empty segment at the end of a path, while urlkit's
//!   `v{x}` matches `v` (the value is empty) and `{/x}` matches an empty segment: those get a
//!   static route of their own (`v`, the trailing `/`);
//! - a catch-all `{*x}` never matches an empty rest, while `{/x*}` matches none or empty
//!   segments: `/files{/path*}` is `/files`, `/files/` and `/files/{*path}`;
//! - a parameter and a catch-all cannot share a node (`/files/{name}` and `/files/{*path}`
//!   conflict), so a route whose paths a catch-all of the same type already takes is dropped
//!   (the handler is the same, and `from_url` picks the variant).
//!
//! What matchit cannot express is an error ([`PathError`]): text after a placeholder in its
//! segment (`{name}.json`), and a last `{/x}` that is not `{/x*}`.
//!
//! Two differences remain, both documented and both answered `404`:
//! - static text is matched byte for byte by matchit; urlkit also accepts the hex digits of a
//!   percent-triplet in either case (RFC 3986 §6.2.2.1). The template's spelling (uppercase,
//!   as `to_url` writes it) and the all-lowercase one are registered; a path that mixes both
//!   cases within its static text is not routed;
//! - a matchit parameter matches an empty segment that more path follows (`//v` for
//!   `/{x}/v`), which urlkit's `{x}` does not: the request reaches the handler, whose
//!   [`Typed`](crate::Typed) extractor answers `404` (`from_url` finds no match).

use urlkit::Route;
use urlkit::route::{Arity, Method, Methods, PathStyle, RouteShape, Segment};

mod error;
#[cfg(test)]
mod tests;

pub use error::{PathError, PathErrorKind};

/// The most paths one template may need: each placeholder with text before it and each
/// `{/x}` that is not last doubles them, so this bounds a template with eight of those.
const MAX_PER_TEMPLATE: usize = 256;

/// The axum paths that route every URL `R::from_url` matches (and no other, but for an empty
/// segment where a parameter stands; see the crate documentation): one or more per template,
/// with `{x}` for a placeholder and `{*x}` for `{/x*}`, the query left out (the router does
/// not see it; `from_url` checks it). They are computed from [`Route::SHAPES`].
///
/// [`RouterExt::typed_route`](crate::RouterExt::typed_route) registers these; call this to
/// see them, to register them yourself, or in a test so that a template axum cannot route
/// fails there rather than when the server starts.
///
/// # Errors
/// A [`PathError`] for the first template axum's router cannot express, or that the type's
/// `Route` impl gives no shape.
///
/// # Examples
/// ```
/// use urlkit::Route;
///
/// #[derive(Route)]
/// enum Api {
///     #[route("/users/{id}")]
///     User { id: u64 },
///     #[route("/users/{id}/posts{?page}")]
///     Posts { id: u64, page: Option<u32> },
///     #[route("/files{/path*}")]
///     File { path: Vec<String> },
/// }
///
/// assert_eq!(
///     urlkit_axum::paths::<Api>()?,
///     ["/users/{id}", "/users/{id}/posts", "/files", "/files/", "/files/{*path}"]
/// );
/// # Ok::<(), urlkit_axum::PathError>(())
/// ```
pub fn paths<R: Route>() -> Result<Vec<String>, PathError> {
    paths_of(short_name::<R>(), R::TEMPLATES, R::SHAPES)
}

/// [`paths`] of the type named `route`, from its templates' shapes.
fn paths_of(
    route: &'static str,
    templates: &[&'static str],
    shapes: &[RouteShape],
) -> Result<Vec<String>, PathError> {
    if let Some(&template) = templates.get(shapes.len()) {
        return Err(PathError::new(PathErrorKind::NoShape, route, template));
    }
    let mut all: Vec<Vec<Item>> = Vec::new();
    for shape in shapes {
        for path in template_paths(route, shape)? {
            if !all.iter().any(|seen| same_shape(seen, &path)) {
                all.push(path);
            }
        }
    }
    let kept: Vec<String> = kept_paths(&all).map(|path| render(path)).collect();
    Ok(kept)
}

/// The paths no catch-all among them takes: those registered.
fn kept_paths(all: &[Vec<Item>]) -> impl Iterator<Item = &Vec<Item>> {
    all.iter()
        .filter(|path| !all.iter().any(|other| catch_all_takes(other, path)))
}

/// [`paths`], each with the methods of the routes whose requests it receives (those of its
/// shape, and those of the paths a catch-all of it takes): `None` where one of them declares
/// none, and so takes any method.
pub(crate) fn paths_with_methods<R: Route>() -> Result<Vec<(String, Option<Methods>)>, PathError> {
    let route = short_name::<R>();
    paths::<R>()?;
    let mut all: Vec<(Vec<Item>, &'static [Method])> = Vec::new();
    for shape in R::SHAPES {
        for path in template_paths(route, shape)? {
            all.push((path, shape.methods()));
        }
    }
    let items: Vec<Vec<Item>> = all.iter().map(|(path, _)| path.clone()).collect();
    let mut out: Vec<(Vec<Item>, Option<Methods>)> = Vec::new();
    for kept in kept_paths(&items) {
        if out.iter().any(|(seen, _)| same_shape(seen, kept)) {
            continue;
        }
        let mut methods = Some(Methods::EMPTY);
        for (path, declared) in &all {
            if !same_shape(kept, path) && !catch_all_takes(kept, path) {
                continue;
            }
            methods = match (methods, declared) {
                (_, []) | (None, _) => None,
                (Some(set), declared) => Some(declared.iter().fold(set, |set, &m| set.with(m))),
            };
        }
        out.push((kept.clone(), methods));
    }
    Ok(out
        .into_iter()
        .map(|(path, methods)| (render(&path), methods))
        .collect())
}

/// One segment of an axum path.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    /// Text, as the request must spell it.
    Static(String),
    /// `prefix{name}`: a non-empty value after the text.
    Param { prefix: String, name: String },
    /// `{*name}`: the rest of the path, not empty.
    CatchAll(String),
}

/// The paths of one template.
fn template_paths(route: &'static str, shape: &RouteShape) -> Result<Vec<Vec<Item>>, PathError> {
    let error = |kind| PathError::new(kind, route, shape.template);
    let param = |prefix: &str, name: &str| Item::Param {
        prefix: prefix.to_string(),
        name: name.to_string(),
    };
    // Each segment's alternatives; a path takes one of each.
    let mut choices: Vec<Vec<Vec<Item>>> = Vec::new();
    for (k, segment) in shape.path.iter().enumerate() {
        let last = k + 1 == shape.path.len();
        choices.push(match *segment {
            Segment::Static(text) => vec![vec![Item::Static(text.to_string())]],
            // `{.x}` and `{;x}` start with the static text their expansion writes, `.` or
            // `;x` (RFC 6570 §3.2.5, §3.2.7), which may be all there is (`;x` for an empty
            // value): a value after text, as `v{x}` is.
            Segment::Styled { suffix, field, .. } if !suffix.is_empty() => {
                let placeholder = format!("{{{field}}}");
                return Err(error(PathErrorKind::TextAfterPlaceholder { placeholder }));
            }
            Segment::Styled {
                prefix,
                field,
                style,
                arity,
                ..
            } => {
                // A whole segment `{x}` or `{.x}` never has an empty value (`to_url` refuses
                // the empty segment and the dot segment `.`).
                let whole = prefix.is_empty() && style != PathStyle::Matrix;
                let prefix = match style {
                    PathStyle::Simple => prefix.to_string(),
                    PathStyle::Label => format!("{prefix}."),
                    // A map's keys name its items (`;R=100;G=200`), not the field.
                    PathStyle::Matrix if arity == Arity::ExplodedObject => format!("{prefix};"),
                    PathStyle::Matrix => format!("{prefix};{field}"),
                };
                if whole {
                    vec![vec![param(&prefix, field)]]
                } else {
                    vec![vec![param(&prefix, field)], vec![Item::Static(prefix)]]
                }
            }
            Segment::Value { suffix, field, .. } if !suffix.is_empty() => {
                let placeholder = format!("{{{field}}}");
                return Err(error(PathErrorKind::TextAfterPlaceholder { placeholder }));
            }
            Segment::Value { prefix, field, .. } if prefix.is_empty() => {
                vec![vec![param(prefix, field)]]
            }
            // urlkit's `v{x}` matches `v` (an empty value); matchit's does not.
            Segment::Value { prefix, field, .. } => vec![
                vec![param(prefix, field)],
                vec![Item::Static(prefix.to_string())],
            ],
            Segment::Slash { .. } if last => {
                let placeholder = last_path_expression(shape.template);
                return Err(error(PathErrorKind::OptionalSegment { placeholder }));
            }
            // A `{/x}` that more path follows is one segment, which may be empty (`from_url`
            // then says whether the field takes an empty value).
            Segment::Slash { field, .. } => {
                vec![vec![param("", field)], vec![Item::Static(String::new())]]
            }
            // `{/x*}`: no more segments, an empty one, or any non-empty rest.
            Segment::Rest { field } => vec![
                vec![],
                vec![Item::Static(String::new())],
                vec![Item::CatchAll(field.to_string())],
            ],
        });
    }
    let count = choices
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.len()))
        .filter(|&n| n <= MAX_PER_TEMPLATE)
        .ok_or_else(|| error(PathErrorKind::TooManyPaths))?;
    let mut paths: Vec<Vec<Item>> = Vec::with_capacity(2 * count);
    paths.push(Vec::new());
    for choice in &choices {
        paths = paths
            .iter()
            .flat_map(|path| {
                choice.iter().map(move |items| {
                    let mut path = path.clone();
                    path.extend(items.iter().cloned());
                    path
                })
            })
            .collect();
    }
    let lowercase: Vec<Vec<Item>> = paths.iter().filter_map(|p| lowercase_hex(p)).collect();
    paths.extend(lowercase);
    Ok(paths)
}

/// The last `{/...}` expression of a template, as written, for messages: a path's `{/x}` are
/// its last expressions before the query, whose expressions never start with `{/`.
fn last_path_expression(template: &str) -> String {
    let start = template.rfind("{/").unwrap_or(0);
    let end = template[start..]
        .find('}')
        .map_or(template.len(), |i| start + i + 1);
    template[start..end].to_string()
}

/// The path with its static percent-triplets in lowercase hex, if that spells it otherwise.
fn lowercase_hex(path: &[Item]) -> Option<Vec<Item>> {
    let mut changed = false;
    let mut lower = |text: &str| {
        let out = lowercase_triplets(text);
        changed |= out != text;
        out
    };
    let path: Vec<Item> = path
        .iter()
        .map(|item| match item {
            Item::Static(text) => Item::Static(lower(text)),
            Item::Param { prefix, name } => Item::Param {
                prefix: lower(prefix),
                name: name.clone(),
            },
            Item::CatchAll(name) => Item::CatchAll(name.clone()),
        })
        .collect();
    changed.then_some(path)
}

fn lowercase_triplets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut hex = 0;
    for c in text.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(c.to_ascii_lowercase());
        } else {
            if c == '%' {
                hex = 2;
            }
            out.push(c);
        }
    }
    out
}

/// Whether two paths match the same requests (they differ at most in parameter names), which
/// matchit would refuse as a conflict.
fn same_shape(a: &[Item], b: &[Item]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|pair| match pair {
            (Item::Static(x), Item::Static(y))
            | (Item::Param { prefix: x, .. }, Item::Param { prefix: y, .. }) => x == y,
            (Item::CatchAll(_), Item::CatchAll(_)) => true,
            _ => false,
        })
}

/// Whether `catch_all` (`P/{*x}`) routes every request `path` does, so that `path` need not be
/// registered: `path` is `P/` followed by a non-empty rest. (matchit also refuses a parameter
/// where a catch-all of the same prefix stands, `P/{x}...` beside `P/{*x}`.)
fn catch_all_takes(catch_all: &[Item], path: &[Item]) -> bool {
    let Some((Item::CatchAll(_), prefix)) = catch_all.split_last() else {
        return false;
    };
    if path.len() <= prefix.len() || same_shape(path, catch_all) {
        return false;
    }
    let (head, rest) = path.split_at(prefix.len());
    let empty_rest = matches!(rest, [Item::Static(text)] if text.is_empty());
    same_shape(head, prefix) && !empty_rest
}

/// The path in matchit's syntax: `{` and `}` in text doubled.
fn render(path: &[Item]) -> String {
    let mut out = String::new();
    for item in path {
        out.push('/');
        match item {
            Item::Static(text) => escape_into(text, &mut out),
            Item::Param { prefix, name } => {
                escape_into(prefix, &mut out);
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
            Item::CatchAll(name) => {
                out.push_str("{*");
                out.push_str(name);
                out.push('}');
            }
        }
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        if matches!(c, '{' | '}') {
            out.push(c);
        }
        out.push(c);
    }
}

/// `Api` for `my_crate::api::Api<T>`, as the derive names the type in errors.
pub(crate) fn short_name<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    let name = name.split('<').next().unwrap_or(name);
    name.rsplit("::").next().unwrap_or(name)
}
