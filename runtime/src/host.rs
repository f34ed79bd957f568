//! Hosts with non-ASCII characters: the core's one seam to the `idna` feature.
//!
//! RFC 3986 §3.2.2 allows only ASCII in a host; a browser turns an internationalized domain
//! name into its ASCII form with UTS #46 (the URL Standard's "domain to ASCII"). With the
//! feature, [`to_ascii`] asks the feature's adapter for that form; without it, it refuses
//! every non-ASCII host, as urlkit did before the feature existed. Everything else here
//! (where the host is, which errors come first) is the core's, the same with or without the
//! feature, and the rest of the core reaches the adapter only through this module.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use urlkit_syntax::error::{Error, ErrorKind, Errors};
use urlkit_syntax::reference::{self, Options};

use crate::url::error::ParseError;

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

/// `Url::parse_iri` of an `input` whose host has non-ASCII characters (the grammar reported
/// `NonAsciiHost` or an invisible character in the host): the input with its host converted,
/// checked again. Errors before the host and percent-escapes in it come first, as without the
/// feature; then a host UTS #46 refuses; then the errors of the converted text (including a
/// converted host RFC 3986 does not allow), at their place in `input`.
pub(crate) fn parse_iri(input: &str, errors: Vec<Error>) -> Result<String, ParseError> {
    let host = reference::split(input)
        .authority
        .map_or(0..0, |authority| authority.host);
    // Characters of the host are UTS #46's to judge (`<` and U+0338 make `≮`), and what it
    // makes is checked below; a percent-escape keeps the grammar's clearer message.
    let blocking = errors.into_iter().find(|e| {
        e.at.start < host.start
            || (e.at.start < host.end
                && matches!(
                    e.kind,
                    ErrorKind::EscapeInHost { .. } | ErrorKind::BadEscape { .. }
                ))
    });
    if let Some(error) = blocking {
        return Err(ParseError::new(error.at, &error.kind));
    }
    let Some(ascii) = to_ascii(&input[host.clone()]) else {
        let host_text = input[host.clone()].to_string();
        return Err(ParseError::new(
            host,
            &ErrorKind::IdnaRefused { host: host_text },
        ));
    };
    let mut text = String::with_capacity(input.len() + ascii.len());
    text.push_str(&input[..host.start]);
    text.push_str(&ascii);
    text.push_str(&input[host.end..]);
    let mut errors = Errors::new();
    reference::parse(
        &text,
        &[],
        Options {
            iri: true,
            joined: false,
        },
        &mut errors,
    );
    if let Some(error) = errors.into_vec().into_iter().next() {
        let at = in_input(error.at, &host, ascii.len());
        return Err(ParseError::new(at, &error.kind));
    }
    Ok(text)
}

/// Where the bytes `at` of the converted text are in the input whose `host` became
/// `ascii_len` bytes long: the same place before the host, the whole host inside it, shifted
/// after it.
fn in_input(at: Range<usize>, host: &Range<usize>, ascii_len: usize) -> Range<usize> {
    let converted_end = host.start + ascii_len;
    let map = |i: usize| {
        if i < host.start {
            i
        } else if i < converted_end {
            host.start
        } else {
            i - converted_end + host.end
        }
    };
    if at.start >= host.start && at.start < converted_end {
        return host.clone();
    }
    map(at.start)..map(at.end).max(map(at.start))
}
