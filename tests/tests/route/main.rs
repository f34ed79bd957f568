//! Typed routes (`#[derive(Route)]`): structs and enums built and parsed, offsets, query keys
//! and static pieces, `Route::SHAPES`, the round-trip properties with their generated
//! overlapping enums, and end to end through urlkit-axum.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;

mod route_e2e;
mod route_enum;
mod route_forms;
mod route_methods;
mod route_offsets;
mod route_openapi;
mod route_overlap_gen;
mod route_param_enum;
mod route_params;
mod route_props;
mod route_query_keys;
mod route_query_oracle;
mod route_shapes;
mod route_static_pieces;
mod route_struct;
