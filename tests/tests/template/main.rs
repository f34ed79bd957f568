//! The run-time `Template` and `template!`: its API, errors, fast paths and plain lane, the
//! uritemplate-test suite, and the generated agreement cases (`url!`, `Template::parse` and
//! `template!` build the same URL).
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

mod agreement;
#[path = "../common/mod.rs"]
mod common;

mod agreement_cases;
mod agreement_gen;
mod template_fast_paths;
mod template_macro;
mod template_plain_lane;
mod template_runtime;
mod template_runtime_errors;
mod template_runtime_props;
mod template_runtime_shape;
mod uritemplate_template;
mod uritemplate_url;
mod uritemplate_url_gen;
