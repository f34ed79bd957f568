#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod extract;
mod link;
mod paths;
mod router;

pub use extract::{Typed, TypedRejection, TypedRejectionKind};
pub use link::{LinkError, LinkErrorKind, RouteExt, header_value};
pub use paths::{PathError, PathErrorKind, paths};
pub use router::RouterExt;
