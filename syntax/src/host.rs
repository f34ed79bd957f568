//! Hosts: IP literals (RFC 3986 §3.2.2), dotted-decimal IPv4, the "ends in a number" rule
//! of the WHATWG host parser that makes `0x7f.1` an IPv4 address, and the `xn--` labels it
//! decodes (UTS #46 §4).

use core::ops::Range;

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, each 0 to 255 without
/// leading zeros.
pub fn is_ipv4(text: &[u8]) -> bool {
    let mut parts = 0;
    for part in text.split(|&b| b == b'.') {
        parts += 1;
        let ok = match part {
            [d] | [b'1'..=b'9', d] | [b'2', b'0'..=b'4', d] => d.is_ascii_digit(),
            [b'1', d, e] => d.is_ascii_digit() && e.is_ascii_digit(),
            [b'2', b'5', b'0'..=b'5'] => true,
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// RFC 3986 `IPv6address`: eight 16-bit groups, one `::` standing for one or more zero
/// groups, an IPv4 address allowed as the last two.
pub fn is_ipv6(text: &[u8]) -> bool {
    let (head, tail, compressed) = match find_double_colon(text) {
        Some(i) => (&text[..i], &text[i + 2..], true),
        None => (text, &[][..], false),
    };
    let Some(head_groups) = groups(head, !compressed) else {
        return false;
    };
    let Some(tail_groups) = groups(tail, true) else {
        return false;
    };
    let total = head_groups + tail_groups;
    if compressed { total <= 7 } else { total == 8 }
}

fn find_double_colon(text: &[u8]) -> Option<usize> {
    let first = text.windows(2).position(|w| w == b"::")?;
    // A second `::` is never valid; report "not IPv6" by making the tail fail.
    Some(first)
}

/// Counts the 16-bit groups of a `:`-separated run, or `None` if it is malformed. An IPv4
/// address may end the run when `ipv4_last` is set, and counts as two groups.
fn groups(run: &[u8], ipv4_last: bool) -> Option<usize> {
    if run.is_empty() {
        return Some(0);
    }
    let mut count = 0;
    let mut items = run.split(|&b| b == b':').peekable();
    while let Some(item) = items.next() {
        let last = items.peek().is_none();
        if last && ipv4_last && item.contains(&b'.') {
            if !is_ipv4(item) {
                return None;
            }
            count += 2;
        } else if (1..=4).contains(&item.len()) && item.iter().all(u8::is_ascii_hexdigit) {
            count += 1;
        } else {
            return None;
        }
    }
    Some(count)
}

/// RFC 3986 `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub fn is_ipvfuture(text: &[u8]) -> bool {
    let [b'v' | b'V', rest @ ..] = text else {
        return false;
    };
    let Some(dot) = rest.iter().position(|&b| b == b'.') else {
        return false;
    };
    let (version, tail) = (&rest[..dot], &rest[dot + 1..]);
    !version.is_empty()
        && version.iter().all(u8::is_ascii_hexdigit)
        && !tail.is_empty()
        && tail.iter().all(|&b| {
            crate::chars::is(b, crate::chars::UNRESERVED | crate::chars::SUB_DELIM) || b == b':'
        })
}

/// Whether the WHATWG host parser would run its IPv4 parser on this host: its last label
/// (ignoring one trailing `.`) is all digits or `0x` and hex digits (URL Standard, "ends in a
/// number checker").
pub fn ends_in_a_number(host: &[u8]) -> bool {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let last = host.rsplit(|&b| b == b'.').next().unwrap_or(host);
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    matches!(last, [b'0', b'x' | b'X', hex @ ..] if hex.iter().all(u8::is_ascii_hexdigit))
}

/// The address the WHATWG IPv4 parser reads a host as (URL Standard, "IPv4 parser"): up to
/// four `.`-separated numbers, each decimal, `0x` hex or `0`-prefixed octal, the last filling
/// the remaining bytes. `None` where that parser fails.
///
/// ```
/// use urlkit_syntax::host::whatwg_ipv4;
///
/// assert_eq!(whatwg_ipv4(b"0x7f.1"), Some([127, 0, 0, 1]));
/// assert_eq!(whatwg_ipv4(b"example.123"), None);
/// ```
pub fn whatwg_ipv4(host: &[u8]) -> Option<[u8; 4]> {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for part in host.split(|&b| b == b'.') {
        *numbers.get_mut(count)? = ipv4_number(part)?;
        count += 1;
    }
    let (last, init) = numbers[..count].split_last()?;
    if init.iter().any(|&n| n > 255) || *last >= 1 << (8 * (5 - count)) {
        return None;
    }
    let mut address = *last;
    for (i, &n) in init.iter().enumerate() {
        address += n << (8 * (3 - i));
    }
    Some(u32::try_from(address).ok()?.to_be_bytes())
}

/// One number of the WHATWG IPv4 parser; `None` on failure or overflow.
fn ipv4_number(part: &[u8]) -> Option<u64> {
    let (radix, digits) = match part {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', rest @ ..] if !rest.is_empty() => (8, rest),
        _ => (10, part),
    };
    digits.iter().try_fold(0u64, |n, &b| {
        let d = u64::from(char::from(b).to_digit(radix)?);
        n.checked_mul(u64::from(radix))?.checked_add(d)
    })
}

/// The first label of `host` (its bytes) that starts with `xn--` (in any case) but that
/// WHATWG parsers refuse, as UTS #46 §4 (Processing, step 4) decodes it: the rest must be
/// punycode ([`crate::punycode::decode`], digits in either case: UTS #46 lowercases the host
/// first) of at most 2000 bytes that does not end in `-` (else it would decode to ASCII
/// alone, or to nothing), and the characters it decodes to must be, besides ASCII, what
/// RFC 3987 calls `ucschar` (no controls, surrogates, private-use characters or
/// noncharacters, which UTS #46 disallows).
///
/// The rest of UTS #46's validity criteria (the mapping table, NFC, combining marks, bidi and
/// joiner rules) need Unicode tables this crate does not carry: a label that passes here may
/// still be refused by them.
///
/// ```
/// use urlkit_syntax::host::invalid_xn_label;
///
/// assert_eq!(invalid_xn_label(b"xn--bcher-kva.example"), None);
/// assert_eq!(invalid_xn_label(b"www.xn--a.com"), Some(4..9)); // U+0080, a control
/// assert_eq!(invalid_xn_label(b"xn--.com"), Some(0..4));
/// ```
pub fn invalid_xn_label(host: &[u8]) -> Option<Range<usize>> {
    // An `xn--` label holds a `-`; most hosts have none, and are passed in one scan.
    if !host.contains(&b'-') {
        return None;
    }
    let mut start = 0;
    for label in host.split(|&b| b == b'.') {
        let range = start..start + label.len();
        start = range.end + 1;
        let Some(code) = label
            .get(4..)
            .filter(|_| label[..4].eq_ignore_ascii_case(b"xn--"))
        else {
            continue;
        };
        if !is_valid_punycode_label(code) {
            return Some(range);
        }
    }
    None
}

/// The part of an `xn--` label after `xn--`: see [`invalid_xn_label`].
fn is_valid_punycode_label(code: &[u8]) -> bool {
    if code.is_empty() || code.ends_with(b"-") {
        return false;
    }
    let Some(decoded) = core::str::from_utf8(code)
        .ok()
        .and_then(crate::punycode::decode)
    else {
        return false;
    };
    decoded
        .iter()
        .all(|&c| c.is_ascii() || crate::chars::is_ucschar(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4() {
        for ok in ["0.0.0.0", "127.0.0.1", "255.255.255.255", "10.200.9.199"] {
            assert!(is_ipv4(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "256.1.1.1",
            "01.1.1.1",
            "1.1.1",
            "1.1.1.1.1",
            "1..1.1",
            "",
            "a.b.c.d",
            "1.1.1.1.",
        ] {
            assert!(!is_ipv4(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn ipv6() {
        for ok in [
            "::",
            "::1",
            "1::",
            "2001:db8::1",
            "2001:DB8:0:0:8:800:200C:417A",
            "fe80::1:2:3:4:5:6",
            "::ffff:192.0.2.1",
            "1:2:3:4:5:6:7::",
            "1:2:3:4:5:6:1.2.3.4",
        ] {
            assert!(is_ipv6(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            ":",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:8::",
            "::g",
            "12345::",
            "1::2::3",
            ":1:2:3:4:5:6:7",
            "1.2.3.4::",
            "::1.2.3",
            "fe80::1%25eth0",
        ] {
            assert!(!is_ipv6(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn ipvfuture() {
        assert!(is_ipvfuture(b"v1.fe80::a+en1"));
        assert!(!is_ipvfuture(b"v.x"));
        assert!(!is_ipvfuture(b"v1."));
        assert!(!is_ipvfuture(b"1.x"));
    }

    #[test]
    fn whatwg_ipv4_forms() {
        for (host, address) in [
            ("0x7f.1", Some([127, 0, 0, 1])),
            ("127.0.0.1", Some([127, 0, 0, 1])),
            ("1.2.3.4.", Some([1, 2, 3, 4])),
            ("0177.0.0.01", Some([127, 0, 0, 1])),
            ("999", Some([0, 0, 3, 231])),
            ("4294967295", Some([255, 255, 255, 255])),
            ("0x", Some([0, 0, 0, 0])),
            ("4294967296", None),
            ("1.256.1.1", None),
            ("1.2.65536", None),
            ("example.123", None),
            ("1.2.3.4.5", None),
            ("09", None),
            ("1..2", None),
            ("99999999999999999999999", None),
        ] {
            assert_eq!(whatwg_ipv4(host.as_bytes()), address, "{host}");
        }
    }

    #[test]
    fn xn_labels() {
        for ok in [
            "xn--bcher-kva.example",
            "XN--bcher-kva.example",
            "xn--BCHER-KVA.example",
            "xn--n3h.net",
            "example.com",
            "xn--r8jz45g.xn--zckzah",
            "a.xn--wgv71a119e",
        ] {
            assert_eq!(invalid_xn_label(ok.as_bytes()), None, "{ok}");
        }
        for (bad, label) in [
            ("xn--a.com", "xn--a"),                 // U+0080, a C1 control
            ("xn--.com", "xn--"),                   // nothing to decode
            ("xn--abc-.com", "xn--abc-"),           // ASCII only
            ("a.xn--b!c", "xn--b!c"),               // not punycode
            ("xn--99999999999", "xn--99999999999"), // overflow
        ] {
            let at = invalid_xn_label(bad.as_bytes()).unwrap_or_else(|| panic!("{bad}"));
            assert_eq!(&bad[at], label);
        }
    }

    #[test]
    fn numeric_hosts() {
        for yes in [
            "1.2.3.4",
            "0x7f.1",
            "example.123",
            "example.0x",
            "1.",
            "999",
        ] {
            assert!(ends_in_a_number(yes.as_bytes()), "{yes}");
        }
        for no in ["example.com", "1a.example", "0xg", "x1", ""] {
            assert!(!ends_in_a_number(no.as_bytes()), "{no}");
        }
    }
}
