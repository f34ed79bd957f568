//! Run-pass integration tests of urlkit live in `tests/`, one file per feature; they read the
//! public test suites vendored in `tests/data`.

/// The code blocks of the README, run as doc tests so that the tour stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The examples of `docs/url-templates.md` (the README's template section), compiled and run
/// as doctests so the README cannot drift from what `url!` does.
#[cfg(doctest)]
#[doc = include_str!("../../docs/url-templates.md")]
pub struct UrlTemplatesReadme;

/// The examples of `docs/url-literals.md`, run as doctests for the same reason.
#[cfg(doctest)]
#[doc = include_str!("../../docs/url-literals.md")]
pub struct UrlLiteralsReadme;

/// The examples of `docs/routes.md` (the README's section on typed routes), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/routes.md")]
pub struct RoutesReadme;

/// The examples of `docs/resolution.md` (resolution, normalization and equivalence), run as
/// doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/resolution.md")]
pub struct ResolutionReadme;
