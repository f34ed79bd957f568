//! The percent-encode sets of the URL Standard ("Percent-encoded bytes"), each paired with
//! what RFC 3986 allows in the same component: one action per ASCII byte, so that a run of
//! text is encoded in one pass and each change is reported with its reason.

use alloc::string::String;
use core::ops::Range;

use urlkit_syntax::chars;

use super::report::{RepairKind, Repairs};

/// What happens to one ASCII byte of a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    /// Allowed by RFC 3986 and left as is by the URL Standard.
    Keep,
    /// In the URL Standard's percent-encode set, and not allowed there by RFC 3986.
    Encode,
    /// In the URL Standard's percent-encode set, though RFC 3986 allows it there (`'` in a
    /// special URL's query; `;`, `=` and a second `:` in userinfo).
    EncodeAllowed,
    /// Left as is by the URL Standard, but not allowed there by RFC 3986 (`|`, `[`, `]`, `^`,
    /// `{`, `}`, `` ` ``, `\` and `#` where the URL Standard keeps them): encoded so that the
    /// text is a strict `Url`; a WHATWG parser decodes it to the same character.
    EncodeForRfc3986,
    /// `%`: kept when it starts a triplet (its hex made uppercase), else `%25`.
    Percent,
}

/// One component's actions, indexed by ASCII byte.
pub(super) type Set = [Action; 128];

/// The bytes of `text` as a set over ASCII.
const fn bits(text: &[u8]) -> u128 {
    let mut set = 0u128;
    let mut i = 0;
    while i < text.len() {
        set |= 1 << text[i];
        i += 1;
    }
    set
}

/// The fragment percent-encode set, beyond the C0 control percent-encode set.
const FRAGMENT: u128 = bits(b" \"<>`");
/// The query percent-encode set, beyond the C0 control percent-encode set.
const QUERY: u128 = bits(b" \"#<>");
/// The special-query percent-encode set.
const SPECIAL_QUERY: u128 = QUERY | bits(b"'");
/// The path percent-encode set.
const PATH: u128 = QUERY | bits(b"?^`{}");
/// The userinfo percent-encode set.
const USERINFO: u128 = PATH | bits(b"/:;=@[\\]|");

/// The actions for a component whose URL Standard set is `whatwg` (beyond the C0 control
/// percent-encode set, which every set holds: C0 controls and everything above `~`) and whose
/// RFC 3986 characters are the class `rfc` of `urlkit_syntax::chars`.
const fn build(whatwg: u128, rfc: u16) -> Set {
    let mut set = [Action::Keep; 128];
    let mut b = 0;
    while b < 128 {
        let allowed = chars::CLASS[b] & rfc != 0;
        set[b] = if b == b'%' as usize {
            Action::Percent
        } else if b < 0x20 || b == 0x7F {
            Action::Encode
        } else if whatwg & (1 << b) != 0 {
            if allowed {
                Action::EncodeAllowed
            } else {
                Action::Encode
            }
        } else if allowed {
            Action::Keep
        } else {
            Action::EncodeForRfc3986
        };
        b += 1;
    }
    set
}

/// A username or a password (`:` inside the password is encoded by the URL Standard's set;
/// the caller splits at the first one).
pub(super) static USERINFO_SET: Set = build(USERINFO, chars::USERINFO);
/// A segment of a path that is a list of segments (the caller splits at `/`).
pub(super) static SEGMENT_SET: Set = build(PATH, chars::PCHAR);
/// An opaque path (`mailto:a@b`, `data:,x`): the C0 control percent-encode set alone.
pub(super) static OPAQUE_PATH_SET: Set = build(0, chars::PATH);
/// The query of a special URL.
pub(super) static SPECIAL_QUERY_SET: Set = build(SPECIAL_QUERY, chars::QUERY);
/// The query of any other URL.
pub(super) static QUERY_SET: Set = build(QUERY, chars::QUERY);
/// The fragment.
pub(super) static FRAGMENT_SET: Set = build(FRAGMENT, chars::QUERY);
/// An opaque host (the host of a URL whose scheme is not special): the C0 control
/// percent-encode set alone, `%` kept as it is. What RFC 3986 forbids in a host is left for
/// the strict grammar to refuse, since no escape can stand in a `Url`'s host.
pub(super) static OPAQUE_HOST_SET: Set = c0_controls();

/// The C0 control percent-encode set, everything else kept.
const fn c0_controls() -> Set {
    let mut set = [Action::Keep; 128];
    let mut b = 0;
    while b < 0x20 {
        set[b] = Action::Encode;
        b += 1;
    }
    set[0x7F] = Action::Encode;
    set
}

/// Appends `text`, which starts at byte `at` of the input, to `out` with `set`'s actions,
/// reporting each change to `repairs`.
pub(super) fn encode_into(
    set: &Set,
    text: &str,
    at: usize,
    out: &mut String,
    repairs: &mut Repairs,
) {
    let bytes = text.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let action = if b < 0x80 {
            set[usize::from(b)]
        } else {
            Action::Encode
        };
        if action == Action::Keep {
            i += 1;
            continue;
        }
        out.push_str(&text[run..i]);
        let (len, kind) = if action == Action::Percent {
            let triplet = &bytes[i..];
            if chars::is_triplet(triplet) {
                out.push('%');
                out.push(char::from(triplet[1].to_ascii_uppercase()));
                out.push(char::from(triplet[2].to_ascii_uppercase()));
                let lowercase = triplet[1..3].iter().any(u8::is_ascii_lowercase);
                (3, lowercase.then_some(RepairKind::EscapeCase))
            } else {
                out.push_str("%25");
                (1, Some(RepairKind::LonePercent))
            }
        } else {
            {
                // A whole character: one byte, or the UTF-8 bytes of a non-ASCII one.
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                for &byte in &bytes[i..i + len] {
                    push_triplet(out, byte);
                }
                let kind = match action {
                    Action::EncodeAllowed => RepairKind::EncodedAllowed,
                    Action::EncodeForRfc3986 => RepairKind::EncodedForRfc3986,
                    _ => RepairKind::Encoded,
                };
                (len, Some(kind))
            }
        };
        if let Some(kind) = kind {
            repairs.push(at + i..at + i + len, kind);
        }
        i += len;
        run = i;
    }
    out.push_str(&text[run..]);
}

/// Appends `%XX` for `byte`, hex in uppercase (RFC 3986 §2.1).
pub(super) fn push_triplet(out: &mut String, byte: u8) {
    out.push('%');
    out.push(char::from(chars::HEX_UPPER[usize::from(byte >> 4)]));
    out.push(char::from(chars::HEX_UPPER[usize::from(byte & 0xF)]));
}

/// The range `at` shifted by `by`.
pub(super) fn shift(at: Range<usize>, by: usize) -> Range<usize> {
    at.start + by..at.end + by
}
