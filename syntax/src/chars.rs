//! Character classes of RFC 3986 §2 and Appendix A, RFC 3987 §2.2 and RFC 6570 §2.3, as one
//! 256-entry table.
//!
//! Every question "may this byte appear here unescaped?" asked by the macro at compile time and
//! by the runtime encoders, decoders and parsers is answered by [`CLASS`], so the two can never
//! disagree.

/// `ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
pub const UNRESERVED: u16 = 1 << 0;
/// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2).
pub const SUB_DELIM: u16 = 1 << 1;
/// `":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 §2.2).
pub const GEN_DELIM: u16 = 1 << 2;
/// `gen-delims / sub-delims` (RFC 3986 §2.2).
pub const RESERVED: u16 = SUB_DELIM | GEN_DELIM;
/// `HEXDIG`, either case (RFC 3986 §2.1 makes triplet hex case-insensitive).
pub const HEX: u16 = 1 << 3;
/// `ALPHA`.
pub const ALPHA: u16 = 1 << 4;
/// `DIGIT`.
pub const DIGIT: u16 = 1 << 5;
/// `ALPHA / DIGIT / "+" / "-" / "."`: what may follow the first letter of a scheme (§3.1).
pub const SCHEME: u16 = 1 << 6;
/// What `application/x-www-form-urlencoded` leaves as is: `ALPHA / DIGIT / "*" / "-" / "." / "_"`
/// (WHATWG URL, "application/x-www-form-urlencoded percent-encode set").
pub const FORM: u16 = 1 << 7;
/// `ALPHA / DIGIT / "_"`: an RFC 6570 `varchar` other than a percent-triplet (§2.3).
pub const VARCHAR: u16 = 1 << 8;
/// `unreserved / sub-delims / ":" / "@"`: `pchar` without `pct-encoded` (§3.3).
pub const PCHAR: u16 = 1 << 9;
/// `pchar / "/"`: a path (§3.3).
pub const PATH: u16 = 1 << 10;
/// `pchar / "/" / "?"`: a query or a fragment (§3.4, §3.5).
pub const QUERY: u16 = 1 << 11;
/// `unreserved / sub-delims / ":"`: userinfo (§3.2.1).
pub const USERINFO: u16 = 1 << 12;
/// `unreserved / sub-delims`: a registered name (§3.2.2).
pub const REG_NAME: u16 = 1 << 13;

/// The class bits of every byte; non-ASCII bytes have none.
pub static CLASS: [u16; 256] = build();

const fn build() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut b = 0usize;
    while b < 128 {
        let c = b as u8;
        let alpha = c.is_ascii_alphabetic();
        let digit = c.is_ascii_digit();
        let mut bits = 0;
        if alpha {
            bits |= ALPHA;
        }
        if digit {
            bits |= DIGIT;
        }
        if alpha || digit || matches!(c, b'-' | b'.' | b'_' | b'~') {
            bits |= UNRESERVED;
        }
        if matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        ) {
            bits |= SUB_DELIM;
        }
        if matches!(c, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@') {
            bits |= GEN_DELIM;
        }
        if c.is_ascii_hexdigit() {
            bits |= HEX;
        }
        if alpha || digit || matches!(c, b'+' | b'-' | b'.') {
            bits |= SCHEME;
        }
        if alpha || digit || matches!(c, b'*' | b'-' | b'.' | b'_') {
            bits |= FORM;
        }
        if alpha || digit || c == b'_' {
            bits |= VARCHAR;
        }
        if bits & (UNRESERVED | SUB_DELIM) != 0 {
            bits |= REG_NAME;
            bits |= USERINFO | PCHAR | PATH | QUERY;
        }
        if c == b':' {
            bits |= USERINFO | PCHAR | PATH | QUERY;
        }
        if c == b'@' {
            bits |= PCHAR | PATH | QUERY;
        }
        if c == b'/' {
            bits |= PATH | QUERY;
        }
        if c == b'?' {
            bits |= QUERY;
        }
        table[b] = bits;
        b += 1;
    }
    table
}

/// Whether `byte` has any of the class bits in `class`.
#[inline]
pub fn is(byte: u8, class: u16) -> bool {
    CLASS[byte as usize] & class != 0
}

/// Uppercase hex digits, as RFC 3986 §2.1 asks producers to write them.
pub const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of one hex digit, either case. (`const` so that the runtime's decoder can
/// build its lookup table from it at compile time.)
#[inline]
pub const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Whether `bytes` starts with a percent-triplet `%XX`.
#[inline]
pub fn is_triplet(bytes: &[u8]) -> bool {
    bytes.len() >= 3 && bytes[0] == b'%' && is(bytes[1], HEX) && is(bytes[2], HEX)
}

/// JavaScript's non-standard `%uXXXX` escape (`escape()`) at the start of `bytes`, with the
/// `%uXXXX` low surrogate that may follow a high one: how many bytes it spans, and the
/// character it names (`None` for a lone surrogate, which names none). Both the grammar and
/// the strict decoder refuse it; this is what lets them say what to write instead.
pub fn percent_u(bytes: &[u8]) -> Option<(usize, Option<char>)> {
    let unit = |at: usize| -> Option<u16> {
        let escape = bytes.get(at..at + 6)?;
        if escape[0] != b'%' || !matches!(escape[1], b'u' | b'U') {
            return None;
        }
        escape[2..]
            .iter()
            .try_fold(0u16, |n, &b| Some(n * 16 + u16::from(hex_value(b)?)))
    };
    let first = unit(0)?;
    if (0xD800..0xDC00).contains(&first)
        && let Some(low) = unit(6).filter(|u| (0xDC00..0xE000).contains(u))
    {
        let c = 0x1_0000 + ((u32::from(first) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
        return Some((12, char::from_u32(c)));
    }
    Some((6, char::from_u32(u32::from(first))))
}

/// RFC 3987 `ucschar`: the non-ASCII characters an IRI may hold anywhere.
pub fn is_ucschar(c: char) -> bool {
    let c = u32::from(c);
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE_1000..=0xE_FFFD => true,
        // %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD: each plane but its last two.
        0x1_0000..=0xD_FFFF => c & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// RFC 3987 `iprivate`: private-use characters, which an IRI may hold only in the query.
pub fn is_iprivate(c: char) -> bool {
    matches!(
        u32::from(c),
        0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD
    )
}

/// Non-ASCII characters that a reader cannot see or that change how text around them is
/// shown: Unicode `White_Space`, and `Default_Ignorable_Code_Point` (Unicode 16
/// `DerivedCoreProperties.txt`: the bidi formatting characters RFC 3987 §4.1 forbids in IRIs
/// and the isolates added since, zero-width spaces, the byte order mark, the Hangul fillers,
/// the combining grapheme joiner, invisible operators...). They are `ucschar`, but in a
/// literal they are almost always pasted by accident (a no-break space for a space), so they
/// are rejected rather than silently percent-encoded.
///
/// Also U+2800 BRAILLE PATTERN BLANK, a symbol to Unicode that every font draws as a space,
/// and a known stand-in for one where spaces are refused.
///
/// Kept, though default-ignorable: the zero-width joiners (U+200C, U+200D) and the variation
/// selectors (U+FE00–U+FE0F, the Mongolian ones, U+E0100–U+E01EF), which scripts and emoji
/// sequences need and which modify the visible character before them. (Ignorables above
/// U+E0000 other than the variation selectors are not `ucschar`, so they are rejected as any
/// non-IRI character is.)
///
/// ```
/// use urlkit_syntax::chars::is_invisible;
///
/// assert!(is_invisible('\u{a0}')); // no-break space
/// assert!(is_invisible('\u{3164}')); // Hangul filler
/// assert!(is_invisible('\u{2800}')); // braille pattern blank
/// assert!(!is_invisible('\u{200d}')); // zero-width joiner, as in 👨‍👩‍👧
/// assert!(!is_invisible('\u{fe0f}')); // emoji presentation, as in ❤️
/// ```
pub fn is_invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        // White_Space beyond ASCII (U+0085 is a C1 control, never `ucschar`).
        0xA0
            | 0x1680
            | 0x2000..=0x200A
            | 0x2028..=0x2029
            | 0x202F
            | 0x205F
            | 0x3000
            // Default_Ignorable_Code_Point, less U+200C, U+200D and the variation selectors.
            | 0xAD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180E
            | 0x200B
            | 0x200E..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x2800
            | 0x3164
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
    )
}

/// The name of an invisible character, for messages.
///
/// ```
/// assert_eq!(urlkit_syntax::chars::invisible_name('\u{200b}'), Some("zero-width space"));
/// ```
pub fn invisible_name(c: char) -> Option<&'static str> {
    Some(match u32::from(c) {
        0xA0 => "no-break space",
        0xAD => "soft hyphen",
        0x2000..=0x200A | 0x205F | 0x1680 => "space",
        0x200B => "zero-width space",
        0x200E => "left-to-right mark",
        0x200F => "right-to-left mark",
        0x2028 => "line separator",
        0x2029 => "paragraph separator",
        0x202A..=0x202E | 0x2066..=0x2069 | 0x061C => "bidi control",
        0x202F => "narrow no-break space",
        0x2060 => "word joiner",
        0x3000 => "ideographic space",
        0xFEFF => "byte order mark",
        0x034F => "combining grapheme joiner",
        0x115F | 0x1160 | 0x3164 | 0xFFA0 => "Hangul filler",
        0x2800 => "braille pattern blank",
        0x17B4 | 0x17B5 => "Khmer inherent vowel",
        0x180E => "Mongolian vowel separator",
        0x2061..=0x2064 => "invisible operator",
        0x2065 | 0x206A..=0x206F | 0xFFF0..=0xFFF8 => "format character",
        0x1BCA0..=0x1BCA3 => "shorthand format control",
        0x1D173..=0x1D17A => "musical formatting character",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(class: u16) -> alloc::string::String {
        (0u8..128)
            .filter(|&b| is(b, class) && !b.is_ascii_alphanumeric())
            .map(char::from)
            .collect()
    }

    #[test]
    fn punctuation_of_each_class_matches_rfc_3986() {
        assert_eq!(members(UNRESERVED), "-._~");
        assert_eq!(members(SUB_DELIM), "!$&'()*+,;=");
        assert_eq!(members(GEN_DELIM), "#/:?@[]");
        assert_eq!(members(PCHAR), "!$&'()*+,-.:;=@_~");
        assert_eq!(members(PATH), "!$&'()*+,-./:;=@_~");
        assert_eq!(members(QUERY), "!$&'()*+,-./:;=?@_~");
        assert_eq!(members(USERINFO), "!$&'()*+,-.:;=_~");
        assert_eq!(members(REG_NAME), "!$&'()*+,-.;=_~");
        assert_eq!(members(SCHEME), "+-.");
        assert_eq!(members(FORM), "*-._");
        assert_eq!(members(VARCHAR), "_");
    }

    #[test]
    fn alphanumerics_and_nothing_else_non_ascii() {
        for b in 0u8..=255 {
            let alnum = b.is_ascii_alphanumeric();
            assert_eq!(is(b, ALPHA | DIGIT), alnum, "{b:#x}");
            if alnum {
                assert!(is(b, UNRESERVED) && is(b, FORM) && is(b, SCHEME) && is(b, VARCHAR));
            }
            if b >= 0x80 {
                assert_eq!(CLASS[b as usize], 0, "{b:#x}");
            }
        }
    }

    #[test]
    fn hex() {
        assert_eq!(hex_value(b'a'), Some(10));
        assert_eq!(hex_value(b'F'), Some(15));
        assert_eq!(hex_value(b'g'), None);
        assert!(is_triplet(b"%2f"));
        assert!(!is_triplet(b"%2"));
        assert!(!is_triplet(b"%u20AC"));
    }

    #[test]
    fn invisible_characters() {
        for c in [
            '\u{a0}',
            '\u{200b}',
            '\u{200e}',
            '\u{202e}',
            '\u{2066}',
            '\u{3000}',
            '\u{feff}',
            '\u{3164}',
            '\u{2800}',
            '\u{115f}',
            '\u{ffa0}',
            '\u{34f}',
            '\u{2064}',
            '\u{1d173}',
        ] {
            assert!(is_invisible(c), "{c:?}");
        }
        for c in [
            'é',
            '\u{200c}',
            '\u{200d}',
            '円',
            '\u{1f600}',
            '\u{fe0f}',
            '\u{e0100}',
        ] {
            assert!(!is_invisible(c), "{c:?}");
        }
        // Every one has a name for the message.
        for c in (0..=0x10_FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| is_invisible(c))
        {
            assert!(invisible_name(c).is_some(), "{c:?}");
        }
    }

    /// The oracle: every non-ASCII `White_Space` character (Rust's `char::is_whitespace`
    /// reads the Unicode property) that an IRI may hold is caught.
    #[test]
    fn every_unicode_space_is_invisible() {
        for c in (0x80..=0x10_FFFF).filter_map(char::from_u32) {
            if c.is_whitespace() && is_ucschar(c) {
                assert!(is_invisible(c), "{c:?}");
            }
        }
    }

    #[test]
    fn percent_u_escapes() {
        assert_eq!(percent_u(b"%u20AC rest"), Some((6, Some('\u{20AC}'))));
        assert_eq!(percent_u(b"%UD83D%uDE00"), Some((12, Some('\u{1F600}'))));
        assert_eq!(percent_u(b"%uD800x"), Some((6, None)));
        assert_eq!(percent_u(b"%uDE00%uD83D"), Some((6, None)));
        assert_eq!(percent_u(b"%u20A"), None);
        assert_eq!(percent_u(b"%20AC"), None);
    }

    #[test]
    fn iri_ranges() {
        for (c, ucs, private) in [
            ('é', true, false),
            ('円', true, false),
            ('\u{A0}', true, false),
            ('\u{9F}', false, false),
            ('\u{E000}', false, true),
            ('\u{FFFE}', false, false),
            ('\u{1FFFE}', false, false),
            ('\u{1D11E}', true, false),
            ('\u{E0001}', false, false),
            ('\u{E1000}', true, false),
            ('\u{10FFFD}', false, true),
        ] {
            assert_eq!(is_ucschar(c), ucs, "{c:?}");
            assert_eq!(is_iprivate(c), private, "{c:?}");
        }
    }
}
