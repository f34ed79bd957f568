//! Punycode (RFC 3492): encoding, for the ASCII form of a non-ASCII label of a host that
//! [`crate::idna::ascii_host`] suggests, and decoding, to check the `xn--` labels of a host
//! ([`crate::host::invalid_xn_label`]).

use alloc::string::String;
use alloc::vec::Vec;

// RFC 3492 §5: the parameter values for Punycode.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// The longest label, in characters, that is encoded: encoding takes time proportional to
/// the label's length times its distinct characters (RFC 3492 §6.3), so an unbounded label
/// made a long host quadratic. A DNS name holds at most 255 octets (RFC 1035 §2.3.4), so a
/// longer label has no ASCII form worth suggesting; the URL Standard does not check DNS
/// lengths, so labels between 64 and 253 characters (UTS #46 test cases) still get one.
const MAX_LABEL_CHARS: usize = 253;

/// RFC 3492 §6.3, the encoding procedure: appends the Punycode of `label` (without `xn--`) to
/// `out`. `None` if the label is too long to encode: over 253 characters, or §6.4 overflow.
///
/// ```
/// let mut out = String::new();
/// urlkit_syntax::punycode::encode_into("bücher", &mut out);
/// assert_eq!(out, "bcher-kva");
/// ```
pub fn encode_into(label: &str, out: &mut String) -> Option<()> {
    if label.chars().nth(MAX_LABEL_CHARS).is_some() {
        return None;
    }
    let input: Vec<u32> = label.chars().map(u32::from).collect();
    encode_points(&input, out)
}

/// [`encode_into`] of code points, which need not be Unicode scalar values.
// The names are those of the RFC's pseudocode, so the two can be read side by side.
#[allow(clippy::many_single_char_names)]
fn encode_points(input: &[u32], out: &mut String) -> Option<()> {
    let basic = input.iter().filter(|&&c| c < 0x80).count();
    out.extend(
        input
            .iter()
            .filter(|&&c| c < 0x80)
            .filter_map(|&c| char::from_u32(c)),
    );
    if basic > 0 {
        out.push('-');
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut handled = basic;
    while handled < input.len() {
        // The smallest code point not yet handled; one exists since `handled < len`.
        let m = input.iter().copied().filter(|&c| c >= n).min()?;
        let steps = (m - n).checked_mul(u32::try_from(handled + 1).ok()?)?;
        delta = delta.checked_add(steps)?;
        n = m;
        for &c in input {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, u32::try_from(handled + 1).ok()?, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(())
}

/// The longest punycode that is decoded (after `xn--`), in bytes: what ICU and the `idna`
/// crate behind the `url` crate decode at most (whatwg/url#824), since decoding is quadratic
/// in the length. A longer `xn--` label is refused by them, so it is refused here too.
pub const MAX_DECODE_LEN: usize = 2000;

/// RFC 3492 §6.2, the decoding procedure: the code points `input` (the part of a label after
/// `xn--`) encodes, or `None` if it is not valid punycode: a character that is not a base-36
/// digit after the last `-`, a number that ends too early, an overflow, a code point that is
/// not a Unicode scalar value, or more than [`MAX_DECODE_LEN`] bytes. Digits are read in
/// either case.
///
/// ```
/// use urlkit_syntax::punycode::decode;
///
/// assert_eq!(decode("bcher-kva").map(String::from_iter).as_deref(), Some("bücher"));
/// assert_eq!(decode("a"), Some(vec!['\u{80}']));
/// assert_eq!(decode("bcher-kv!"), None);
/// ```
// The names are those of the RFC's pseudocode, so the two can be read side by side.
#[allow(clippy::many_single_char_names)]
pub fn decode(input: &str) -> Option<Vec<char>> {
    if input.len() > MAX_DECODE_LEN || !input.is_ascii() {
        return None;
    }
    let (basic, digits) = match input.rfind('-') {
        Some(b) => (&input[..b], &input[b + 1..]),
        None => ("", input),
    };
    let mut output: Vec<char> = basic.chars().collect();
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut digits = digits.bytes();
    while digits.len() > 0 {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let digit = digit_value(digits.next()?)?;
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let points = u32::try_from(output.len() + 1).ok()?;
        bias = adapt(i - old_i, points, old_i == 0);
        n = n.checked_add(i / points)?;
        i %= points;
        output.insert(usize::try_from(i).ok()?, char::from_u32(n)?);
        i += 1;
    }
    Some(output)
}

/// RFC 3492 §5: `a`–`z` (or `A`–`Z`) are 0–25, `0`–`9` are 26–35.
fn digit_value(byte: u8) -> Option<u32> {
    match byte {
        b'a'..=b'z' => Some(u32::from(byte - b'a')),
        b'A'..=b'Z' => Some(u32::from(byte - b'A')),
        b'0'..=b'9' => Some(u32::from(byte - b'0') + 26),
        _ => None,
    }
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// RFC 3492 §6.1, bias adaptation.
fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 §5: digit values 0–25 are `a`–`z`, 26–35 are `0`–`9`.
fn digit(d: u32) -> char {
    let d = d as u8; // d < BASE
    char::from(if d < 26 { b'a' + d } else { b'0' + d - 26 })
}

#[cfg(test)]
mod tests {
    use super::{decode, encode_into};
    use alloc::string::String;

    #[test]
    fn rfc_3492_samples_and_common_labels() {
        for (label, code) in [
            ("bücher", "bcher-kva"),
            ("münchen", "mnchen-3ya"),
            ("例え", "r8jz45g"),
            ("☃", "n3h"),
            // RFC 3492 §7.1 (A) Arabic (Egyptian) and (L) the Japanese sample with ASCII.
            ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
            ("3年b組金八先生", "3b-ww4c5e180e575a65lsy2b"),
        ] {
            let mut out = String::new();
            assert_eq!(encode_into(label, &mut out), Some(()), "{label}");
            assert_eq!(out, code, "{label}");
            // Decoding gives the label back.
            let decoded: String = decode(code).unwrap().into_iter().collect();
            assert_eq!(decoded, label, "{code}");
        }
    }

    #[test]
    fn invalid_punycode() {
        for bad in [
            "!",           // not a digit
            "a-b!",        // not a digit after the last `-`
            "99999999999", // overflow
            "bcher-kv",    // a number that ends too early (`v` is not below its threshold)
            "égal",        // not ASCII
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
        assert_eq!(decode(&"a".repeat(super::MAX_DECODE_LEN + 1)), None);
        // A surrogate code point (U+D800) is not a `char`.
        let mut surrogate = String::new();
        super::encode_points(&[0xD800], &mut surrogate);
        assert_eq!(decode(&surrogate), None);
    }

    #[test]
    fn labels_over_253_characters_are_not_encoded() {
        let mut out = String::new();
        assert_eq!(encode_into(&"é".repeat(253), &mut out), Some(()));
        assert_eq!(encode_into(&"é".repeat(254), &mut String::new()), None);
    }
}
