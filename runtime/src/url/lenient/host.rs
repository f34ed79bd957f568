//! The URL Standard's host parser ("Host parsing"): IPv6 addresses, the domains of special
//! URLs (percent-decoded, through "domain to ASCII", then read as IPv4 when they end in a
//! number) and the opaque hosts of the others; and the IPv4 and IPv6 serializers.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;
use core::ops::Range;

use urlkit_syntax::host;

use super::error::{Failure, LenientErrorKind};
use super::report::{RepairKind, Repairs};
use super::sets;

/// A forbidden host code point (URL Standard, "Host miscellaneous").
fn is_forbidden_host(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// A forbidden domain code point: a forbidden host code point, a C0 control, `%` or DEL.
fn is_forbidden_domain(b: u8) -> bool {
    is_forbidden_host(b) || b < 0x20 || b == b'%' || b == 0x7F
}

/// Host-parses `input` (bytes `at` of the input) for a URL that is special or not, and
/// appends the host's serialization to `out`.
pub(super) fn parse(
    input: &str,
    at: Range<usize>,
    special: bool,
    out: &mut String,
    repairs: &mut Repairs,
) -> Result<(), Failure> {
    let invalid = || Failure::new(LenientErrorKind::InvalidHost, at.clone());
    if let Some(inside) = input.strip_prefix('[') {
        let inside = inside.strip_suffix(']').ok_or_else(invalid)?;
        let address = parse_ipv6(inside.as_bytes()).ok_or_else(invalid)?;
        let start = out.len();
        out.push('[');
        serialize_ipv6(&address, out);
        out.push(']');
        if out[start..] != *input {
            repairs.push(at, RepairKind::Ipv6);
        }
        return Ok(());
    }
    if !special {
        // The opaque-host parser.
        if input.bytes().any(is_forbidden_host) {
            return Err(invalid());
        }
        sets::encode_into(&sets::OPAQUE_HOST_SET, input, at.start, out, repairs);
        return Ok(());
    }
    // A special URL's host: percent-decoded, then UTF-8 (the domain parser fails on U+FFFD,
    // so a byte sequence that is not UTF-8 fails here).
    let decoded;
    let domain: &str = if input.contains('%') {
        decoded = String::from_utf8(percent_decode(input.as_bytes())).map_err(|_| invalid())?;
        if decoded != input {
            repairs.push(at.clone(), RepairKind::HostDecoded);
        }
        &decoded
    } else {
        input
    };
    let start = out.len();
    let mut lowercased = false;
    if domain.is_ascii() {
        // "domain to ASCII" with beStrict false: an ASCII domain is lowercased, whatever UTS
        // #46 would say of it.
        out.push_str(domain);
        out[start..].make_ascii_lowercase();
        lowercased = out[start..] != *domain;
    } else {
        to_ascii(domain, out).map_err(|kind| Failure::new(kind, at.clone()))?;
        repairs.push(at.clone(), RepairKind::Idna);
    }
    let ascii = &out.as_bytes()[start..];
    if ascii.is_empty() || ascii.iter().copied().any(is_forbidden_domain) {
        return Err(invalid());
    }
    if host::ends_in_a_number(ascii) {
        let [a, b, c, d] = host::whatwg_ipv4(ascii).ok_or_else(invalid)?;
        out.truncate(start);
        let _ = write!(out, "{a}.{b}.{c}.{d}");
        // The address's own spelling says it all (`0X7F.1` is `127.0.0.1`, case included).
        if out[start..] != *input {
            repairs.push(at, RepairKind::Ipv4);
        }
    } else if lowercased {
        repairs.push(at, RepairKind::HostCase);
    }
    Ok(())
}

/// The ASCII form of a non-ASCII domain (UTS #46 with the URL Standard's options, through
/// the core's seam to the `idna` feature), appended to `out`.
#[cfg(feature = "idna")]
fn to_ascii(domain: &str, out: &mut String) -> Result<(), LenientErrorKind> {
    let ascii = crate::host::to_ascii(domain).ok_or(LenientErrorKind::InvalidHost)?;
    out.push_str(&ascii);
    Ok(())
}

/// Without the `idna` feature there are no Unicode tables to convert a non-ASCII domain with.
#[cfg(not(feature = "idna"))]
fn to_ascii(_domain: &str, _out: &mut String) -> Result<(), LenientErrorKind> {
    Err(LenientErrorKind::IdnaRequired)
}

/// The URL Standard's percent-decode: a `%` that starts no escape stays.
fn percent_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if urlkit_syntax::chars::is_triplet(&input[i..]) {
            let hex = |b: u8| urlkit_syntax::chars::hex_value(b).unwrap_or(0);
            out.push(hex(input[i + 1]) << 4 | hex(input[i + 2]));
            i += 3;
        } else {
            out.push(input[i]);
            i += 1;
        }
    }
    out
}

/// The URL Standard's IPv6 parser: the eight pieces, or `None` where it fails.
pub(super) fn parse_ipv6(input: &[u8]) -> Option<[u16; 8]> {
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress = None;
    let mut p = 0usize;
    let at = |p: usize| input.get(p).copied();
    if at(p) == Some(b':') {
        if at(p + 1) != Some(b':') {
            return None;
        }
        p += 2;
        piece += 1;
        compress = Some(piece);
    }
    while p < input.len() {
        if piece == 8 {
            return None;
        }
        if at(p) == Some(b':') {
            if compress.is_some() {
                return None;
            }
            p += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let mut value = 0u16;
        let mut length = 0;
        while length < 4
            && let Some(digit) = at(p).and_then(|b| char::from(b).to_digit(16))
        {
            value = value * 0x10 + digit as u16;
            p += 1;
            length += 1;
        }
        if at(p) == Some(b'.') {
            if length == 0 {
                return None;
            }
            p -= length;
            if piece > 6 {
                return None;
            }
            let mut numbers_seen = 0;
            while p < input.len() {
                let mut ipv4_piece: Option<u16> = None;
                if numbers_seen > 0 {
                    if at(p) == Some(b'.') && numbers_seen < 4 {
                        p += 1;
                    } else {
                        return None;
                    }
                }
                if !at(p).is_some_and(|b| b.is_ascii_digit()) {
                    return None;
                }
                while let Some(b) = at(p).filter(u8::is_ascii_digit) {
                    let number = u16::from(b - b'0');
                    ipv4_piece = match ipv4_piece {
                        None => Some(number),
                        Some(0) => return None,
                        Some(n) => Some(n * 10 + number),
                    };
                    if ipv4_piece > Some(255) {
                        return None;
                    }
                    p += 1;
                }
                address[piece] = address[piece] * 0x100 + ipv4_piece.unwrap_or(0);
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece += 1;
                }
            }
            if numbers_seen != 4 {
                return None;
            }
            break;
        } else if at(p) == Some(b':') {
            p += 1;
            if p == input.len() {
                return None;
            }
        } else if p < input.len() {
            return None;
        }
        address[piece] = value;
        piece += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece - compress;
        piece = 7;
        while piece != 0 && swaps > 0 {
            address.swap(piece, compress + swaps - 1);
            piece -= 1;
            swaps -= 1;
        }
    } else if piece != 8 {
        return None;
    }
    Some(address)
}

/// The URL Standard's IPv6 serializer: lowercase hex, the first longest run of two or more
/// zero pieces compressed to `::`.
pub(super) fn serialize_ipv6(address: &[u16; 8], out: &mut String) {
    // "find the IPv6 address compressed piece index".
    let (mut longest, mut longest_size) = (None, 1);
    let (mut found, mut found_size) = (None, 0);
    for (i, &piece) in address.iter().enumerate() {
        if piece == 0 {
            found.get_or_insert(i);
            found_size += 1;
        } else {
            if found_size > longest_size {
                (longest, longest_size) = (found, found_size);
            }
            (found, found_size) = (None, 0);
        }
    }
    if found_size > longest_size {
        longest = found;
    }
    let mut ignore_zero = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore_zero && piece == 0 {
            continue;
        }
        ignore_zero = false;
        if longest == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore_zero = true;
            continue;
        }
        let _ = write!(out, "{piece:x}");
        if i != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ipv6(text: &str) -> Option<String> {
        let address = parse_ipv6(text.as_bytes())?;
        let mut out = String::new();
        serialize_ipv6(&address, &mut out);
        Some(out)
    }

    #[test]
    fn ipv6_as_the_url_standard_parses_and_writes_it() {
        for (input, expected) in [
            ("::", Some("::")),
            ("::1", Some("::1")),
            ("1:0:0:2::3:0", Some("1::2:0:0:3:0")),
            ("0:0:0:0:0:0:0:1", Some("::1")),
            ("1:2:0:0:5:0:0:0", Some("1:2:0:0:5::")),
            ("1:0:1:0:1:0:1:0", Some("1:0:1:0:1:0:1:0")),
            ("::ffff:1.2.3.4", Some("::ffff:102:304")),
            // `::` stands for one group at least, as in RFC 3986: nine groups in all fail.
            ("1::2:3:4:5:6:7:8", None),
            ("1:2:3:4::5:6:7", Some("1:2:3:4:0:5:6:7")),
            ("FEDC:BA98::", Some("fedc:ba98::")),
            ("0001::", Some("1::")),
            ("1:2:3:4:5:6:7:8:9", None),
            ("1::2::3", None),
            (":1", None),
            ("1:", None),
            ("12345::", None),
            ("::1.2.3", None),
            ("::1.2.3.04", None),
            ("::1.2.3.256", None),
            ("1:2:3:4:5:6:7:1.2.3.4", None),
            ("", None),
            ("g::", None),
        ] {
            assert_eq!(ipv6(input).as_deref(), expected, "{input}");
        }
    }

    #[test]
    fn percent_decode_keeps_a_lone_percent() {
        assert_eq!(percent_decode(b"%41%zz%4"), b"A%zz%4");
    }
}
