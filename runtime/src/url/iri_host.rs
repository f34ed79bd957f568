//! `Url::parse_iri` of an input whose host has non-ASCII characters: the host converted by
//! [`crate::host::to_ascii`] (UTS #46 with the `idna` feature), the result checked again,
//! and the errors in the order they have without the feature, at their place in the input.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use urlkit_syntax::error::{Error, ErrorKind, Errors};
use urlkit_syntax::reference::{self, Options};

use super::error::ParseError;
use crate::host::to_ascii;

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
