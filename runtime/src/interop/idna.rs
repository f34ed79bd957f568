//! Non-ASCII hosts (feature `idna`): the URL Standard's "domain to ASCII" (UTS #46 with the
//! options WHATWG sets: nontransitional, `CheckBidi`, `CheckJoiners`, no STD3 rules, no DNS
//! length check, and the forbidden domain code points refused), through the `idna` crate
//! that the `url` crate uses.
//!
//! Only a host with a non-ASCII character is converted: an ASCII host is kept as written, as
//! it is without the feature, so that turning the feature on (perhaps by another crate in the
//! build) changes no URL that was accepted before; it only accepts hosts that were refused.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use idna::AsciiDenyList;
use urlkit_syntax::error::{Error, ErrorKind, Errors};
use urlkit_syntax::reference::{self, Options};

use crate::url::error::ParseError;

/// The ASCII form of a host with non-ASCII characters, or `None` if UTS #46 refuses it.
pub(crate) fn domain_to_ascii(host: &str) -> Option<Cow<'_, str>> {
    idna::domain_to_ascii_cow(host.as_bytes(), AsciiDenyList::URL).ok()
}

/// Whether `label`, a part of a host given as a value, is one label once converted.
pub(crate) fn is_label(label: &str, is_ascii_label: impl Fn(&[u8]) -> bool) -> bool {
    domain_to_ascii(label).is_some_and(|ascii| is_ascii_label(ascii.as_bytes()))
}

/// Converts the host of the URL that starts at `origin` in `out`, in place. `false` if there
/// is no host or UTS #46 refuses it.
pub(crate) fn convert_host_in(out: &mut String, origin: usize) -> bool {
    let Some(authority) = reference::split(&out[origin..]).authority else {
        return false;
    };
    let host = origin + authority.host.start..origin + authority.host.end;
    let Some(ascii) = domain_to_ascii(&out[host.clone()]).map(Cow::into_owned) else {
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
    let Some(ascii) = domain_to_ascii(&input[host.clone()]) else {
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
