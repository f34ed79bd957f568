//! urlkit and the crates around it, each behind its feature (all off by default): `url::Url`
//! and `http::Uri` conversions, serde, and IDNA through the `idna` crate.

#[cfg(any(feature = "url", feature = "http"))]
mod conversion;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "idna")]
pub(crate) mod idna;
#[cfg(feature = "serde")]
pub(crate) mod serde;
#[cfg(feature = "url")]
mod url;

#[cfg(any(feature = "url", feature = "http"))]
pub(crate) use self::conversion::from_foreign;
#[cfg(any(feature = "url", feature = "http"))]
pub use self::conversion::{ConversionError, ConversionErrorKind};
