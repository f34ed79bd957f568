//! Non-ASCII hosts (feature `idna`): the URL Standard's "domain to ASCII" (UTS #46 with the
//! options WHATWG sets: nontransitional, `CheckBidi`, `CheckJoiners`, no STD3 rules, no DNS
//! length check, and the forbidden domain code points refused), through the `idna` crate
//! that the `url` crate uses.
//!
//! The core calls it only through its host module (`crate::host::to_ascii`), which keeps an
//! ASCII host as written and decides where a host is and which errors come first.

use alloc::borrow::Cow;

use idna::AsciiDenyList;

/// The ASCII form of a host with non-ASCII characters, or `None` if UTS #46 refuses it.
pub(crate) fn domain_to_ascii(host: &str) -> Option<Cow<'_, str>> {
    idna::domain_to_ascii_cow(host.as_bytes(), AsciiDenyList::URL).ok()
}
