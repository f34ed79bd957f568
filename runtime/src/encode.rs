//! Percent-encoding for each place a value can go.
//!
//! | function | leaves as is | writes as `%XX` |
//! |---|---|---|
//! | [`component`] | `A-Z a-z 0-9 - . _ ~` (RFC 3986 unreserved) | everything else, space included |
//! | [`reserved`] | unreserved, reserved `: / ? # [ ] @ ! $ & ' ( ) * + , ; =`, valid `%XX` triplets | everything else; a `%` that starts no triplet becomes `%25` |
//! | [`form`] | `A-Z a-z 0-9 * - . _`; space becomes `+` | everything else, `~` included |
//!
//! Text is encoded as its UTF-8 bytes; the `_bytes` variants encode arbitrary octets one by one
//! (so `[0xF7]` is `%F7`, not the UTF-8 form of `÷`). Hex digits are uppercase (RFC 3986 §2.1).
//!
//! Each set comes in three shapes: a function returning [`Cow`] that borrows the input when
//! nothing needs escaping, an `_into` function appending to a `String` you already have, and
//! the lazy [`Encode`] adapter for `format!`/`write!` without an intermediate string.
//!
//! # Examples
//! ```
//! use std::borrow::Cow;
//! use urlkit::encode::{self, Encode};
//!
//! assert_eq!(encode::component("a b&c/d"), "a%20b%26c%2Fd");
//! assert_eq!(encode::reserved("a b&c/d"), "a%20b&c/d");
//! assert_eq!(encode::form("a b&c/d"), "a+b%26c%2Fd");
//! assert!(matches!(encode::component("plain"), Cow::Borrowed("plain")));
//!
//! let mut url = String::from("https://example.com/search?q=");
//! encode::form_into("rust & url", &mut url);
//! assert_eq!(url, "https://example.com/search?q=rust+%26+url");
//! assert_eq!(format!("/users/{}", Encode::component("ada l")), "/users/ada%20l");
//! ```

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

mod engine;
mod short;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod shuffle;
#[cfg(test)]
mod spec;
mod write;

#[cfg(test)]
pub(crate) use engine::test_spans;
pub(crate) use engine::{Set, SetType};
pub(crate) use short::{append_in_room, append_short, write_in_tail};
use write::encode_cow;
pub(crate) use write::{TAIL as SHORT, append_encoded};

/// Encodes everything but RFC 3986 unreserved characters: safe in every component, and what
/// RFC 6570 `{x}` writes. See the [module table](self).
///
/// # Examples
/// ```
/// assert_eq!(urlkit::encode::component("a b/c"), "a%20b%2Fc");
/// assert_eq!(urlkit::encode::component("~-._"), "~-._");
/// assert_eq!(urlkit::encode::component("円"), "%E5%86%86");
/// ```
pub fn component(input: &str) -> Cow<'_, str> {
    encode_cow(Set::Component, input.as_bytes(), Some(input))
}

/// [`component`] for octets: each byte that is not unreserved ASCII becomes `%XX`.
///
/// # Examples
/// ```
/// // "4 ÷ 3" as ISO-8859-1 octets.
/// assert_eq!(urlkit::encode::component_bytes(b"4 \xF7 3"), "4%20%F7%203");
/// ```
pub fn component_bytes(input: &[u8]) -> Cow<'_, str> {
    encode_cow(Set::Component, input, None)
}

/// [`component`], appended to `out`.
///
/// # Examples
/// ```
/// let mut url = String::from("/users/");
/// urlkit::encode::component_into("ada lovelace", &mut url);
/// assert_eq!(url, "/users/ada%20lovelace");
/// ```
pub fn component_into(input: &str, out: &mut String) {
    append_encoded(Set::Component, input.as_bytes(), out);
}

/// [`component_bytes`], appended to `out`.
///
/// # Examples
/// ```
/// let mut out = String::new();
/// urlkit::encode::component_bytes_into(&[0x47, 0x49, 0x46, 0x00, 0xA2], &mut out);
/// assert_eq!(out, "GIF%00%A2");
/// ```
pub fn component_bytes_into(input: &[u8], out: &mut String) {
    append_encoded(Set::Component, input, out);
}

/// Leaves reserved characters and valid percent-triplets as they are, for text that is
/// already part of a URL; what RFC 6570 `{+x}` writes. A `%` that starts no triplet becomes
/// `%25`. See the [module table](self).
///
/// Use it only for trusted text: it lets `/`, `?`, `#` and `&` through.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::encode::reserved("/a b?x=%2F&y=50%"), "/a%20b?x=%2F&y=50%25");
/// ```
pub fn reserved(input: &str) -> Cow<'_, str> {
    encode_cow(Set::Reserved, input.as_bytes(), Some(input))
}

/// [`reserved`] for octets.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::encode::reserved_bytes(b"/a\xFF"), "/a%FF");
/// ```
pub fn reserved_bytes(input: &[u8]) -> Cow<'_, str> {
    encode_cow(Set::Reserved, input, None)
}

/// [`reserved`], appended to `out`.
///
/// # Examples
/// ```
/// let mut url = String::from("https://example.com");
/// urlkit::encode::reserved_into("/docs/a b", &mut url);
/// assert_eq!(url, "https://example.com/docs/a%20b");
/// ```
pub fn reserved_into(input: &str, out: &mut String) {
    append_encoded(Set::Reserved, input.as_bytes(), out);
}

/// [`reserved_bytes`], appended to `out`.
///
/// # Examples
/// ```
/// let mut out = String::new();
/// urlkit::encode::reserved_bytes_into(b"a/b\x00", &mut out);
/// assert_eq!(out, "a/b%00");
/// ```
pub fn reserved_bytes_into(input: &[u8], out: &mut String) {
    append_encoded(Set::Reserved, input, out);
}

/// `application/x-www-form-urlencoded`, as HTML forms and `URLSearchParams` write it: space
/// becomes `+`, and everything but ASCII alphanumerics and `* - . _` becomes `%XX`. See the
/// [module table](self).
///
/// # Examples
/// ```
/// assert_eq!(urlkit::encode::form("a b+c~"), "a+b%2Bc%7E");
/// ```
pub fn form(input: &str) -> Cow<'_, str> {
    encode_cow(Set::Form, input.as_bytes(), Some(input))
}

/// [`form`] for octets.
///
/// # Examples
/// ```
/// assert_eq!(urlkit::encode::form_bytes(b"\xF7 x"), "%F7+x");
/// ```
pub fn form_bytes(input: &[u8]) -> Cow<'_, str> {
    encode_cow(Set::Form, input, None)
}

/// [`form`], appended to `out`.
///
/// # Examples
/// ```
/// let mut body = String::from("q=");
/// urlkit::encode::form_into("rust & c", &mut body);
/// assert_eq!(body, "q=rust+%26+c");
/// ```
pub fn form_into(input: &str, out: &mut String) {
    append_encoded(Set::Form, input.as_bytes(), out);
}

/// [`form_bytes`], appended to `out`.
///
/// # Examples
/// ```
/// let mut body = String::new();
/// urlkit::encode::form_bytes_into(b"\x01 ", &mut body);
/// assert_eq!(body, "%01+");
/// ```
pub fn form_bytes_into(input: &[u8], out: &mut String) {
    append_encoded(Set::Form, input, out);
}

/// Encodes lazily, when displayed: for `format!`, `write!` and `to_string()` without an
/// intermediate string. Converts into [`Cow`] like the functions do.
///
/// # Examples
/// ```
/// use urlkit::encode::Encode;
///
/// let name = "ada lovelace";
/// let url = format!("https://example.com/users/{}", Encode::component(name));
/// assert_eq!(url, "https://example.com/users/ada%20lovelace");
/// assert_eq!(Encode::form("a b").to_cow(), "a+b");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Encode<'a> {
    input: &'a [u8],
    /// `input` as text, when it was given as text (it is then borrowed as it is).
    text: Option<&'a str>,
    set: Set,
}

impl<'a> Encode<'a> {
    /// Displays as [`component`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::component("a/b").to_string(), "a%2Fb");
    /// ```
    pub fn component(input: &'a str) -> Self {
        Encode {
            input: input.as_bytes(),
            text: Some(input),
            set: Set::Component,
        }
    }

    /// Displays as [`component_bytes`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::component_bytes(b"\xFF").to_string(), "%FF");
    /// ```
    pub fn component_bytes(input: &'a [u8]) -> Self {
        Encode {
            input,
            text: None,
            set: Set::Component,
        }
    }

    /// Displays as [`reserved`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::reserved("/a b").to_string(), "/a%20b");
    /// ```
    pub fn reserved(input: &'a str) -> Self {
        Encode {
            input: input.as_bytes(),
            text: Some(input),
            set: Set::Reserved,
        }
    }

    /// Displays as [`reserved_bytes`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::reserved_bytes(b"/\xFF").to_string(), "/%FF");
    /// ```
    pub fn reserved_bytes(input: &'a [u8]) -> Self {
        Encode {
            input,
            text: None,
            set: Set::Reserved,
        }
    }

    /// Displays as [`form`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::form("a b").to_string(), "a+b");
    /// ```
    pub fn form(input: &'a str) -> Self {
        Encode {
            input: input.as_bytes(),
            text: Some(input),
            set: Set::Form,
        }
    }

    /// Displays as [`form_bytes`].
    ///
    /// # Examples
    /// ```
    /// assert_eq!(urlkit::encode::Encode::form_bytes(b" \xFF").to_string(), "+%FF");
    /// ```
    pub fn form_bytes(input: &'a [u8]) -> Self {
        Encode {
            input,
            text: None,
            set: Set::Form,
        }
    }

    /// The encoded text, borrowed from the input when nothing needed escaping.
    ///
    /// # Examples
    /// ```
    /// use std::borrow::Cow;
    /// assert!(matches!(urlkit::encode::Encode::component("abc").to_cow(), Cow::Borrowed("abc")));
    /// ```
    pub fn to_cow(self) -> Cow<'a, str> {
        encode_cow(self.set, self.input, self.text)
    }
}

impl<'a> From<Encode<'a>> for Cow<'a, str> {
    fn from(encode: Encode<'a>) -> Self {
        encode.to_cow()
    }
}

impl fmt::Display for Encode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        engine::display(self.set, self.input, f)
    }
}

#[cfg(test)]
mod tests;
