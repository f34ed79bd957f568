//! [`PathError`]: why a route's template has no axum path.

use std::fmt;

use super::MAX_PER_TEMPLATE;

/// Why a route's template has no axum path: a shape axum's router cannot match, or no shape.
///
/// # Examples
/// ```
/// use urlkit::Route;
/// use urlkit_axum::PathErrorKind;
///
/// #[derive(Route)]
/// #[route("/files/{name}.json")]
/// struct Json { name: String }
///
/// let err = urlkit_axum::paths::<Json>().unwrap_err();
/// assert_eq!(err.kind(), &PathErrorKind::TextAfterPlaceholder { placeholder: "{name}".into() });
/// assert_eq!(err.template(), "/files/{name}.json");
/// assert_eq!(
///     err.to_string(),
///     "`{name}` in `/files/{name}.json` (a route of `Json`) has text after it in its segment, \
///      which axum's router cannot match; give the placeholder a segment of its own, or put the \
///      text before it"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    kind: PathErrorKind,
    route: &'static str,
    template: &'static str,
}

/// What [`PathError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathErrorKind {
    /// A placeholder with text after it in its segment (`/files/{name}.json`): matchit 0.8
    /// matches text before a parameter (`/v{version}`), not after it.
    TextAfterPlaceholder {
        /// The placeholder, as written.
        placeholder: String,
    },
    /// `{/x}` (without `*`) ends the path: its field may be an `Option` (the path may end
    /// before it) or not, which the template does not say, and the two need different axum
    /// paths.
    OptionalSegment {
        /// The placeholder, as written.
        placeholder: String,
    },
    /// More than 256 axum paths for one template.
    TooManyPaths,
    /// The type's `Route` impl gives no [`RouteShape`](urlkit::route::RouteShape) for the
    /// template ([`Route::SHAPES`](urlkit::Route::SHAPES)), which only a hand-written impl
    /// can leave out: the paths are computed from it.
    NoShape,
}

impl PathError {
    pub(super) fn new(kind: PathErrorKind, route: &'static str, template: &'static str) -> Self {
        PathError {
            kind,
            route,
            template,
        }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    /// use urlkit_axum::PathErrorKind;
    ///
    /// #[derive(Route)]
    /// #[route("/docs/{section}{/page}")]
    /// struct Docs { section: String, page: Option<String> }
    ///
    /// let err = urlkit_axum::paths::<Docs>().unwrap_err();
    /// assert_eq!(err.kind(), &PathErrorKind::OptionalSegment { placeholder: "{/page}".into() });
    /// ```
    pub fn kind(&self) -> &PathErrorKind {
        &self.kind
    }

    /// The template, as written.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Route;
    ///
    /// #[derive(Route)]
    /// #[route("/files/{name}.json")]
    /// struct Json { name: String }
    ///
    /// assert_eq!(urlkit_axum::paths::<Json>().unwrap_err().template(), "/files/{name}.json");
    /// ```
    pub fn template(&self) -> &'static str {
        self.template
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PathError {
            kind,
            route,
            template,
        } = self;
        match kind {
            PathErrorKind::TextAfterPlaceholder { placeholder } => write!(
                f,
                "`{placeholder}` in `{template}` (a route of `{route}`) has text after it in its segment, which axum's router cannot match; give the placeholder a segment of its own, or put the text before it"
            ),
            PathErrorKind::OptionalSegment { placeholder } => write!(
                f,
                "`{placeholder}` ends `{template}` (a route of `{route}`), and the template does not say whether the path may end before it (an `Option`), which axum's router needs to know; write `/{{{name}}}` if the segment is always there, or two routes, one without it, if it is optional",
                name = placeholder.trim_start_matches("{/").trim_end_matches('}'),
            ),
            PathErrorKind::TooManyPaths => write!(
                f,
                "`{template}` (a route of `{route}`) needs more than {MAX_PER_TEMPLATE} axum paths (each placeholder with text before it, and each `{{/x}}`, doubles them); split it into several routes"
            ),
            PathErrorKind::NoShape => write!(
                f,
                "`{template}` (a route of `{route}`) has no shape in `Route::SHAPES`, from which its axum paths are computed; derive `Route` rather than implement it by hand"
            ),
        }
    }
}

impl std::error::Error for PathError {}
