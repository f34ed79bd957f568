//! [`merge_into`]: the paths of a route enum in a `utoipa::openapi::OpenApi`.

use urlkit::Route;
use utoipa::openapi::OpenApi;
use utoipa::openapi::path::PathItem;

use crate::{Error, paths};

/// Adds `R`'s [`paths`] to `openapi`: a path it does not have gets the Path Item of
/// [`paths`]; a path it has (written with `#[utoipa::path]` or by hand, with its operations
/// and responses) keeps them and gets the parameters it lacks (by name and location) and the
/// `summary` and `description` if it has none. So a project keeps its operations, responses
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
    for (path, item) in ours {
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
        let parameters = theirs.parameters.get_or_insert_with(Vec::new);
        for parameter in ours.parameters.unwrap_or_default() {
            let key = |p: &utoipa::openapi::RefOr<utoipa::openapi::path::Parameter>| match p {
                utoipa::openapi::RefOr::T(p) => {
                    Some((p.name.clone(), serde_json::to_value(&p.parameter_in).ok()))
                }
                utoipa::openapi::RefOr::Ref(_) => None,
            };
            let new = key(&parameter);
            if !parameters.iter().any(|p| key(p) == new) {
                parameters.push(parameter);
            }
        }
    }
    Ok(())
}
