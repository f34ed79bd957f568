//! Run-pass integration tests of urlkit live in `tests/`, one test binary per area (see
//! CONTRIBUTING.md, "Where a test goes"); they read the public test suites vendored in
//! `tests/data`.
//!
//! The code blocks of the README and of the guides in `docs/` run here as doc tests, so that
//! they stay true. The reference documentation (`runtime/src/**/*.md`, included into the
//! rustdoc of `url!`, `template!` and `#[derive(Route)]`) runs as doc tests of `urlkit` itself.

/// The code blocks of the README, run as doc tests so that the front page stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The examples of `docs/routes.md` (typed routes by example), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/routes.md")]
pub struct RoutesReadme;

/// The examples of `docs/resolution.md` (resolution, normalization and equivalence), run as
/// doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/resolution.md")]
pub struct ResolutionReadme;

/// The examples of `docs/http-clients.md` (a `Url` handed to reqwest, hyper and ureq), run as
/// doctests against a server on 127.0.0.1.
#[cfg(doctest)]
#[doc = include_str!("../../docs/http-clients.md")]
pub struct HttpClientsGuide;
