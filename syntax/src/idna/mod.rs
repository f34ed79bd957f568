//! The ASCII form of a non-ASCII host, for the compile error that asks for it, computed only
//! where it is certain to be what UTS #46 (IDNA) makes of the host, as the URL Standard runs
//! it ("domain to ASCII": nontransitional, `CheckBidi`, `CheckJoiners`, no STD3 rules).
//!
//! Full UTS #46 needs Unicode's mapping, normalization, bidi and joining tables, which the
//! macros do not carry (they would cost every user's build). This is the part that needs only
//! one small table (`table.rs`, see [`kept_ranges`]): the characters that UTS #46 maps to what
//! `char::to_lowercase` gives (one character) and that no rule of UTS #46 can touch in any
//! neighbourhood: the lowercase is valid, normalized (NFC) whatever comes before or after it
//! (it is no combining mark, and never the second part of a composition), and not
//! right-to-left (so no bidi rule applies). A host made of those, ASCII letters, digits and
//! the other registered-name characters, and the IDNA full stops (`。` `．` `｡`, which UTS #46
//! maps to `.`), converts label by label: lowercase, then `xn--` and Punycode (RFC 3492) for
//! a non-ASCII label. Anything else is [`AsciiHost::Unmapped`] or another "cannot be
//! computed here", never a guess.
//!
//! The table is generated from the `idna` crate and ICU's Unicode data by the test
//! `tests/tests/url/idna_table.rs` (`URLKIT_BLESS=1` rewrites it), and
//! `tests/tests/url/idna_suggestion.rs` checks every answer of [`ascii_host`] against `idna::domain_to_ascii` on every character
//! of the table, on the WPT IDNA files, and on generated hosts.

mod table;

use alloc::string::String;

use crate::chars::{self, REG_NAME};
use crate::host;
use crate::punycode;

/// What [`ascii_host`] can say about a host.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AsciiHost {
    /// The ASCII form UTS #46 gives the host.
    Known(String),
    /// The host has a character whose UTS #46 mapping needs tables this crate does not carry
    /// (the first such character).
    Unmapped(char),
    /// A label starts with `xn--`, which UTS #46 decodes and checks: the label, lowercased.
    PunycodeLabel(String),
    /// The host is not one a URL can have even once converted (an ASCII character a host
    /// cannot hold, a result that ends in a number, a label too long for Punycode).
    NotAHost,
}

/// The IDNA full stops other than `.`, which UTS #46 maps to `.` (UTS #46 §4.1, RFC 3490
/// §3.1).
const FULL_STOPS: [char; 3] = ['\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// The ASCII form of `host` if it can be computed without Unicode's IDNA tables; see the
/// [module docs](self).
///
/// ```
/// use urlkit_syntax::idna::{ascii_host, AsciiHost};
///
/// assert_eq!(ascii_host("Bücher.example"), AsciiHost::Known("xn--bcher-kva.example".into()));
/// assert_eq!(ascii_host("example\u{ff0e}com"), AsciiHost::Known("example.com".into()));
/// assert_eq!(ascii_host("example.com\u{ff0f}evil.com"), AsciiHost::Unmapped('\u{ff0f}'));
/// assert_eq!(ascii_host("xn--a.ß"), AsciiHost::PunycodeLabel("xn--a".into()));
/// ```
pub fn ascii_host(host: &str) -> AsciiHost {
    let mut out = String::with_capacity(host.len() + 8);
    for (i, label) in host
        .split(|c| c == '.' || FULL_STOPS.contains(&c))
        .enumerate()
    {
        if i > 0 {
            out.push('.');
        }
        let mut lower = String::with_capacity(label.len());
        for c in label.chars() {
            if c.is_ascii() {
                if !chars::is(c as u8, REG_NAME) {
                    return AsciiHost::NotAHost;
                }
                lower.push(c.to_ascii_lowercase());
            } else if is_kept(c) {
                lower.extend(c.to_lowercase());
            } else {
                return AsciiHost::Unmapped(c);
            }
        }
        if lower.starts_with("xn--") {
            return AsciiHost::PunycodeLabel(lower);
        }
        if lower.is_ascii() {
            out.push_str(&lower);
        } else {
            out.push_str("xn--");
            if punycode::encode_into(&lower, &mut out).is_none() {
                return AsciiHost::NotAHost;
            }
        }
    }
    // The URL Standard reads a host whose last label is a number as an IPv4 address.
    if host::ends_in_a_number(out.as_bytes()) && !host::is_ipv4(out.as_bytes()) {
        return AsciiHost::NotAHost;
    }
    AsciiHost::Known(out)
}

/// Whether UTS #46 maps `c` to its lowercase, which no rule can touch (see the module docs).
fn is_kept(c: char) -> bool {
    let c = u32::from(c);
    table::KEPT
        .binary_search_by(|&(start, end)| {
            if end < c {
                core::cmp::Ordering::Less
            } else if start > c {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// The table, for the test that regenerates it and checks each entry.
#[doc(hidden)]
pub fn kept_ranges() -> &'static [(u32, u32)] {
    table::KEPT
}
