//! Equivalence (RFC 3986 §6): [`Url::normalize`] and [`Url::eq_normalized`].

use alloc::string::String;

use urlkit_syntax::chars;
use urlkit_syntax::error::Errors;
use urlkit_syntax::reference::{self, Options, Reference};

use super::Url;

impl Url {
    /// The normal form of this URL (RFC 3986 §6.2.2 and §6.2.3): two URLs that normalize to the
    /// same text identify the same resource by those rules.
    ///
    /// Syntax-based (§6.2.2), for every URL: the scheme and the host in lowercase; triplet hex
    /// in uppercase (every `Url` already has it); triplets of unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`) decoded in the userinfo, path, query and fragment (a host holds
    /// none: [`Url::parse`] refuses them); dot segments removed, which leaves every `Url` as it
    /// is, since only a relative path may hold them, at its start, where they say where it
    /// starts (`../a` and `a` are different references, and `./a:b` is not `a:b`).
    ///
    /// Scheme-based (§6.2.3): for every scheme, the `:` of an empty port dropped
    /// (`foo://h:/` is `foo://h/`); for `http`, `https`, `ws` and `wss`, the port written
    /// without leading zeros, and dropped when it is the scheme's default (80, 443), and an
    /// empty path written `/`.
    ///
    /// Not done, because RFC 3986 does not make them equivalent or leaves them to the
    /// scheme: an empty query or fragment (`?`, `#`) is kept, the order of query parameters,
    /// `+` and `%20`, a host's trailing `.`, IPv6 address forms (`[::1]` and `[0::1]` differ
    /// here), userinfo case, and the default ports of other schemes (`ftp`). Only when a
    /// decoded triplet would make a URL without an authority read as a host typed without its
    /// scheme (`%77ww.example.com/a` as `www.example.com/a`, which [`Url::parse`] refuses),
    /// its path keeps its triplets.
    ///
    /// A `Url`'s own `==` stays byte equality; the normal form makes it an equivalence:
    /// `a.normalize() == b.normalize()` is [`Url::eq_normalized`], and a set or map keyed by
    /// normalized URLs holds each resource once.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let url = Url::parse("HTTP://Example.COM:80/%7Euser/a%2fb?q=%41#%2D")?;
    /// assert_eq!(url.normalize(), "http://example.com/~user/a%2Fb?q=A#-");
    /// assert_eq!(Url::parse("https://h:0443")?.normalize(), "https://h/");
    /// assert_eq!(Url::parse("foo://H:80")?.normalize(), "foo://h:80"); // not a scheme it knows
    /// assert_eq!(Url::parse("foo://h:/p")?.normalize(), "foo://h/p"); // an empty port
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    #[must_use]
    pub fn normalize(&self) -> Url {
        let text = self.as_str();
        let parts = reference::split(text);
        let mut out = String::with_capacity(text.len() + 1);
        write_normalized(text, &parts, true, &mut out);
        if parts.authority.is_none() && !is_valid(&out) {
            out.clear();
            write_normalized(text, &parts, false, &mut out);
        }
        Url::from_built(out)
    }

    /// Whether this URL and `other` are equivalent by RFC 3986 §6.2.2 and §6.2.3: whether they
    /// have the same [normal form](Url::normalize).
    ///
    /// A method rather than a wrapper type with its own `PartialEq`: the normal form is itself
    /// a `Url`, so `url.normalize()` is already the key to hash or compare, and a second type
    /// would only wrap it.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let a = Url::parse("https://Example.com:443/%7Ebob")?;
    /// let b = Url::parse("https://example.com/~bob")?;
    /// assert_ne!(a, b); // `==` compares the text
    /// assert!(a.eq_normalized(&b));
    /// assert!(!a.eq_normalized(&Url::parse("https://example.com/~BOB")?));
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn eq_normalized(&self, other: &Url) -> bool {
        self == other || self.normalize() == other.normalize()
    }
}

/// Writes the normal form of `text` (split into `parts`) to `out`; with `decode_path` unset,
/// the path keeps its triplets.
fn write_normalized(text: &str, parts: &Reference, decode_path: bool, out: &mut String) {
    let mut default_port = None;
    if let Some(scheme) = parts.scheme.clone() {
        let start = out.len();
        out.push_str(&text[scheme]);
        out[start..].make_ascii_lowercase();
        default_port = match &out[start..] {
            "http" | "ws" => Some("80"),
            "https" | "wss" => Some("443"),
            _ => None,
        };
        out.push(':');
    }
    if let Some(authority) = &parts.authority {
        out.push_str("//");
        if let Some(userinfo) = authority.userinfo.clone() {
            push_decoded(out, &text[userinfo]);
            out.push('@');
        }
        let start = out.len();
        out.push_str(&text[authority.host.clone()]);
        out[start..].make_ascii_lowercase();
        if let Some(port) = authority.port.clone() {
            let port = &text[port];
            if port.is_empty() {
                // §6.2.3: an empty port is the default one; its `:` is omitted, whatever the
                // scheme.
            } else if let Some(default) = default_port {
                // §6.2.3; the grammar allows only digits here.
                let digits = port.trim_start_matches('0');
                let digits = if digits.is_empty() { "0" } else { digits };
                if digits != default {
                    out.push(':');
                    out.push_str(digits);
                }
            } else {
                out.push(':');
                out.push_str(port);
            }
        }
    }
    let path = &text[parts.path.clone()];
    if path.is_empty() && default_port.is_some() && parts.authority.is_some() {
        out.push('/');
    } else if decode_path {
        push_decoded(out, path);
    } else {
        out.push_str(path);
    }
    if let Some(query) = parts.query.clone() {
        out.push('?');
        push_decoded(out, &text[query]);
    }
    if let Some(fragment) = parts.fragment.clone() {
        out.push('#');
        push_decoded(out, &text[fragment]);
    }
}

/// Appends `text` with the triplets of unreserved characters decoded (§6.2.2.2).
fn push_decoded(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        if !chars::is_triplet(&bytes[i..]) {
            i += 1;
            continue;
        }
        if let (Some(high), Some(low)) = (
            chars::hex_value(bytes[i + 1]),
            chars::hex_value(bytes[i + 2]),
        ) {
            let byte = high << 4 | low;
            if chars::is(byte, chars::UNRESERVED) {
                out.push_str(&text[run..i]);
                out.push(char::from(byte));
                run = i + 3;
            }
        }
        i += 3;
    }
    out.push_str(&text[run..]);
}

/// Whether [`Url::parse`] accepts `text`.
fn is_valid(text: &str) -> bool {
    let mut errors = Errors::new();
    reference::parse(
        text,
        &[],
        Options {
            iri: false,
            joined: false,
        },
        &mut errors,
    );
    errors.is_empty()
}
