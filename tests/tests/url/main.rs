//! `url!` literals and templates, and `Url` itself: what compiles to which text, the guards
//! against hostile values, parsing, editing, encoding round trips, non-ASCII hosts, the code
//! the macros generate in users' crate setups, and where the runtime's `unsafe` is.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/lenient.rs"]
mod lenient;
#[path = "../common/whatwg.rs"]
mod whatwg;

mod crate_setups;
mod dot_segment_fix;
mod guards;
mod hostile;
mod hosts_punycode;
mod idna_suggestion;
mod idna_table;
mod query_pieces;
mod roundtrip;
mod seeds;
mod unsafe_census;
mod url_edit_props;
mod url_literal;
mod url_size_hints;
mod url_template;
mod url_template_hostile;
mod url_template_props;
