//! Punycode (RFC 3492), the encoding of a non-ASCII label of a host behind `xn--`, for the
//! ASCII form [`crate::idna::ascii_host`] suggests.

use alloc::string::String;

// RFC 3492 §5: the parameter values for Punycode.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 §6.3, the encoding procedure: appends the Punycode of `label` (without `xn--`) to
/// `out`. `None` if the label is too long to encode (§6.4 overflow).
///
/// ```
/// let mut out = String::new();
/// urlkit_syntax::punycode::encode_into("bücher", &mut out);
/// assert_eq!(out, "bcher-kva");
/// ```
// The names are those of the RFC's pseudocode, so the two can be read side by side.
#[allow(clippy::many_single_char_names)]
pub fn encode_into(label: &str, out: &mut String) -> Option<()> {
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
    use super::encode_into;
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
        }
    }
}
