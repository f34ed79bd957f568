//! Hosts with non-ASCII characters: the core's one seam to the `idna` feature.
//!
//! RFC 3986 §3.2.2 allows only ASCII in a host; a browser turns an internationalized domain
//! name into its ASCII form with UTS #46 (the URL Standard's "domain to ASCII"). With the
//! feature, [`to_ascii`] asks the feature's adapter for that form; without it, it refuses
//! every non-ASCII host, as urlkit did before the feature existed. Everything else here
//! (where the host is, which errors come first) is the core's, the same with or without the
//! feature, and the rest of the core reaches the adapter only through this module
//! (`Url::parse_iri`'s conversion of a host, in `url/iri_host.rs`, through [`to_ascii`]).

use alloc::borrow::Cow;
use alloc::string::String;

use urlkit_syntax::reference;

/// The ASCII form of a host: an ASCII host as written (so that turning the feature on, perhaps
/// by another crate in the build, changes no URL that was accepted before); a non-ASCII one
/// converted by UTS #46 with the feature `idna`. `None` if UTS #46 refuses it, or without the
/// feature.
pub(crate) fn to_ascii(host: &str) -> Option<Cow<'_, str>> {
    if host.is_ascii() {
        return Some(Cow::Borrowed(host));
    }
    #[cfg(feature = "idna")]
    return crate::interop::idna::domain_to_ascii(host);
    #[cfg(not(feature = "idna"))]
    None
}

/// Whether `label`, a part of a host given as a value, is one label once converted.
pub(crate) fn is_label(label: &str, is_ascii_label: impl Fn(&[u8]) -> bool) -> bool {
    to_ascii(label).is_some_and(|ascii| is_ascii_label(ascii.as_bytes()))
}

/// Converts the host of the URL that starts at `origin` in `out`, in place. `false` if there
/// is no host or [`to_ascii`] refuses it.
pub(crate) fn convert_in(out: &mut String, origin: usize) -> bool {
    let Some(authority) = reference::split(&out[origin..]).authority else {
        return false;
    };
    let host = origin + authority.host.start..origin + authority.host.end;
    let Some(ascii) = to_ascii(&out[host.clone()]).map(Cow::into_owned) else {
        return false;
    };
    out.replace_range(host, &ascii);
    true
}
