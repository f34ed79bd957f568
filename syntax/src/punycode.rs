//! Punycode (RFC 3492), to tell the user the ASCII form of a non-ASCII host.
//!
//! This is only the encoding step of IDNA: each label is lowercased and, if it is not ASCII,
//! written as `xn--` and its punycode. Full IDNA (UTS #46 mapping, NFC, the bidi and
//! context rules) needs Unicode tables this crate does not carry; for hosts written in
//! lowercase, precomposed characters (what people type) the result is the same.

use alloc::string::String;

// RFC 3492 §5: the parameter values for Punycode.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// The longest label, in characters, that is encoded: a DNS label holds at most 63 octets
/// (RFC 1035 §2.3.4), so a longer one has no ASCII form worth suggesting, and encoding is
/// quadratic in the number of distinct characters of a label (RFC 3492 §6.3).
const MAX_LABEL_CHARS: usize = 63;

/// The ASCII form of `host`: non-ASCII labels lowercased and punycode-encoded behind `xn--`,
/// ASCII labels lowercased. `None` if a label is too long to encode (over 63 characters, or
/// RFC 3492 §6.4 overflow).
///
/// ```
/// use urlkit_syntax::punycode::host_to_ascii;
///
/// assert_eq!(host_to_ascii("Bücher.example").as_deref(), Some("xn--bcher-kva.example"));
/// ```
pub fn host_to_ascii(host: &str) -> Option<String> {
    let mut out = String::with_capacity(host.len() + 8);
    for (i, label) in host.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.chars().nth(MAX_LABEL_CHARS).is_some() && !label.is_ascii() {
            return None;
        }
        let label = label.to_lowercase();
        if label.is_ascii() {
            out.push_str(&label);
        } else {
            out.push_str("xn--");
            encode(&label, &mut out)?;
        }
    }
    Some(out)
}

/// RFC 3492 §6.3, the encoding procedure, appending to `out`.
// The names are those of the RFC's pseudocode, so the two can be read side by side.
#[allow(clippy::many_single_char_names)]
fn encode(label: &str, out: &mut String) -> Option<()> {
    let input: alloc::vec::Vec<u32> = label.chars().map(u32::from).collect();
    let basic = input.iter().filter(|&&c| c < 0x80).count();
    out.extend(label.chars().filter(char::is_ascii));
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
        for &c in &input {
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
    use super::host_to_ascii;

    #[test]
    fn rfc_3492_and_common_hosts() {
        for (host, ascii) in [
            ("bücher.example", "xn--bcher-kva.example"),
            ("München.DE", "xn--mnchen-3ya.de"),
            ("résumé.example.org", "xn--rsum-bpad.example.org"),
            ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
            ("日本語.jp", "xn--wgv71a119e.jp"),
            ("☃.net", "xn--n3h.net"),
            ("example.com", "example.com"),
            // RFC 3492 §7.1 (A) Arabic (Egyptian) and (L) the Japanese sample with ASCII.
            ("ليهمابتكلموشعربي؟", "xn--egbpdaj6bu4bxfgehfvwxn"),
            ("3年b組金八先生", "xn--3b-ww4c5e180e575a65lsy2b"),
        ] {
            assert_eq!(host_to_ascii(host).as_deref(), Some(ascii), "{host}");
        }
    }
}
