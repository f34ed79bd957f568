//! Every `unsafe` of the runtime, behind safe primitives, in three files:
//! - `string.rs`: appending to a `String` in place ([`Tail`], [`push_str`],
//!   [`append_spliced`]), a `String` from bytes checked as UTF-8 ([`utf8_string`], with the
//!   checks of `utf8`) or copied from a `str` ([`owned_string`]), a `str` sliced in line
//!   ([`str_slice`]);
//! - `vector.rs`: the vector unit: a block into a register and back, SSE2's register
//!   operations for code that cannot be marked `#[target_feature]`, the calls into code
//!   compiled for SSSE3 or AVX2, behind a [`Level`] found by asking the processor, and the
//!   strict decoders' walk over their input and their output's spare capacity ([`Walk`]);
//! - `plan.rs`: a template's plan, its ranges and indices checked once when it is made and
//!   read without checks after ([`StaticPlan`], [`OwnedPlan`], read as a [`Plan`]).
//!
//! Each primitive states its contract in its doc comment and why it holds in a `// SAFETY:`
//! comment, and neither depends on what its callers compute: what a caller gets wrong makes
//! its output wrong (which the tests against the scalar encoders and decoders catch), never
//! memory unsound. The rest of the crate denies `unsafe_code` (`lib.rs`); this module alone
//! allows it. Under Miri (`.ci/run`), the tests of this module and of the portable paths
//! built on it run interpreted.

mod plan;
mod string;
mod utf8;
mod vector;

pub(crate) use plan::{Expr, OwnedPlan, Plan, Resolved, StaticPlan, View};
pub(crate) use string::{
    Cursor, Replacements, Tail, append_spliced, owned_string, push_ascii, push_str, str_slice,
    utf8_string,
};
pub(crate) use utf8::Stepper;
pub(crate) use vector::*;

#[cfg(test)]
mod tests;
