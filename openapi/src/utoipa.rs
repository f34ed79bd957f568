//! [`merge_into`]: the paths of a route enum in a `utoipa::openapi::OpenApi`.

use urlkit::Route;
use utoipa::openapi::OpenApi;
use utoipa::openapi::RefOr;
use utoipa::openapi::path::{Parameter, PathItem};

use crate::{Error, paths};

/// Adds `R`'s [`paths`] to `openapi`: a path it does not have gets the Path Item of
/// [`paths`]; a path it has (written with `#[utoipa::path]` or by hand, with its operations
/// and responses) keeps them and gets the parameters it lacks (by name and location) and the
/// `summary` and `description` if it has none; the same for each operation, where the enum
/// declares methods (an operation it lacks is added, with utoipa's empty `responses`). So a project keeps its operations, responses
/// and schemas in utoipa and takes the paths and parameters from the enum.
///
/// # Errors
/// As [`paths`]; `openapi` is then left as it was.
///
/// # Panics
/// Never for what [`paths`] writes: utoipa's `PathItem` reads each of its fields (the crate's
/// tests compare what utoipa writes back with [`paths`] on every kind of template).
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use utoipa::openapi::{HttpMethod, OpenApiBuilder, PathItem, PathsBuilder};
/// use utoipa::openapi::path::OperationBuilder;
/// use utoipa::openapi::response::ResponseBuilder;
///
/// #[derive(Route)]
/// enum Api {
///     /// One user.
///     #[route("/users/{id}")]
///     User { id: u32 },
///     #[route("/users{?page}")]
///     Users { page: Option<u32> },
/// }
///
/// // The operations and responses, as the project writes them in utoipa.
/// let ok = OperationBuilder::new().response("200", ResponseBuilder::new().description("A user"));
/// let paths = PathsBuilder::new().path("/users/{id}", PathItem::new(HttpMethod::Get, ok));
/// let mut openapi = OpenApiBuilder::new().paths(paths).build();
///
/// urlkit_openapi::merge_into::<Api>(&mut openapi)?;
/// let user = &openapi.paths.paths["/users/{id}"];
/// assert!(user.get.is_some());
/// assert_eq!(user.summary.as_deref(), Some("One user."));
/// assert_eq!(user.parameters.as_ref().map(Vec::len), Some(1));
/// // A path utoipa did not have, with no operation yet.
/// assert!(openapi.paths.paths["/users"].get.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "utoipa")))]
pub fn merge_into<R: Route>(openapi: &mut OpenApi) -> Result<(), Error> {
    let ours = paths::<R>()?;
    for (path, mut item) in ours {
        // utoipa's `Operation` needs `responses`, which OpenAPI 3.1 does not: an operation
        // without any is utoipa's empty `Responses`.
        if let Some(item) = item.as_object_mut() {
            for method in METHODS {
                if let Some(operation) = item.get_mut(method).and_then(|o| o.as_object_mut()) {
                    operation
                        .entry("responses")
                        .or_insert_with(|| serde_json::json!({}));
                }
            }
        }
        let ours: PathItem = serde_json::from_value(item)
            .expect("utoipa's `PathItem` reads every field `paths` writes");
        let Some(theirs) = openapi.paths.paths.get_mut(&path) else {
            openapi.paths.paths.insert(path, ours);
            continue;
        };
        if theirs.summary.is_none() {
            theirs.summary = ours.summary;
        }
        if theirs.description.is_none() {
            theirs.description = ours.description;
        }
        add_parameters(&mut theirs.parameters, ours.parameters);
        let operations = [
            (&mut theirs.get, ours.get),
            (&mut theirs.head, ours.head),
            (&mut theirs.post, ours.post),
            (&mut theirs.put, ours.put),
            (&mut theirs.delete, ours.delete),
            (&mut theirs.patch, ours.patch),
            (&mut theirs.options, ours.options),
            (&mut theirs.trace, ours.trace),
        ];
        for (theirs, ours) in operations {
            let Some(ours) = ours else { continue };
            let Some(theirs) = theirs else {
                *theirs = Some(ours);
                continue;
            };
            if theirs.summary.is_none() {
                theirs.summary = ours.summary;
            }
            if theirs.description.is_none() {
                theirs.description = ours.description;
            }
            add_parameters(&mut theirs.parameters, ours.parameters);
        }
    }
    Ok(())
}

/// The operations' keys in a Path Item, as `paths` writes them.
const METHODS: [&str; 8] = [
    "get", "head", "post", "put", "delete", "patch", "options", "trace",
];

/// Adds to `theirs` the parameters of `ours` it lacks, by name and location.
fn add_parameters(theirs: &mut Option<Vec<RefOr<Parameter>>>, ours: Option<Vec<RefOr<Parameter>>>) {
    let parameters = theirs.get_or_insert_with(Vec::new);
    for parameter in ours.unwrap_or_default() {
        let key = |p: &RefOr<Parameter>| match p {
            RefOr::T(p) => Some((p.name.clone(), serde_json::to_value(&p.parameter_in).ok())),
            RefOr::Ref(_) => None,
        };
        let new = key(&parameter);
        if !parameters.iter().any(|p| key(p) == new) {
            parameters.push(parameter);
        }
    }
}
