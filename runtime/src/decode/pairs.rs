//! Query strings and form bodies as `name=value` pairs (WHATWG URL,
//! "application/x-www-form-urlencoded parsing").

use alloc::borrow::Cow;

use super::{DecodeError, form, form_lossy};

/// The `name=value` pairs of a query string or form body, form-decoded strictly; see
/// [`form_pairs`].
///
/// # Examples
/// ```
/// let pairs: Result<Vec<_>, _> = urlkit::decode::form_pairs("a=1&b=x+y").collect();
/// assert_eq!(pairs.unwrap(), [("a".into(), "1".into()), ("b".into(), "x y".into())]);
/// ```
#[derive(Clone, Debug)]
pub struct FormPairs<'a> {
    rest: &'a str,
    offset: usize,
}

/// Splits `input` on `&` (empty pieces skipped) and each piece at its first `=` (a piece
/// without one is a name with an empty value), then [`form`]-decodes both halves, as the
/// WHATWG `application/x-www-form-urlencoded` parser does. Errors carry offsets into `input`.
///
/// # Examples
/// ```
/// let mut pairs = urlkit::decode::form_pairs("q=caf%C3%A9&&flag&bad=%C4");
/// assert_eq!(pairs.next().unwrap().unwrap(), ("q".into(), "café".into()));
/// assert_eq!(pairs.next().unwrap().unwrap(), ("flag".into(), "".into()));
/// assert_eq!(pairs.next().unwrap().unwrap_err().offset(), 22);
/// ```
pub fn form_pairs(input: &str) -> FormPairs<'_> {
    FormPairs {
        rest: input,
        offset: 0,
    }
}

impl<'a> FormPairs<'a> {
    /// The next non-empty piece and its offset in the whole input.
    fn next_piece(&mut self) -> Option<(&'a str, usize)> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            let end = self.rest.find('&').unwrap_or(self.rest.len());
            let piece = &self.rest[..end];
            let at = self.offset;
            let advance = (end + 1).min(self.rest.len());
            self.rest = &self.rest[advance..];
            self.offset += advance;
            if !piece.is_empty() {
                return Some((piece, at));
            }
        }
    }
}

fn split_pair(piece: &str) -> (&str, &str, usize) {
    match piece.find('=') {
        Some(eq) => (&piece[..eq], &piece[eq + 1..], eq + 1),
        None => (piece, "", piece.len()),
    }
}

impl<'a> Iterator for FormPairs<'a> {
    type Item = Result<(Cow<'a, str>, Cow<'a, str>), DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (piece, at) = self.next_piece()?;
        let (name, value, value_at) = split_pair(piece);
        let shift = |mut e: DecodeError, by: usize| {
            e.offset += by;
            e
        };
        Some(
            form(name)
                .map_err(|e| shift(e, at))
                .and_then(|n| Ok((n, form(value).map_err(|e| shift(e, at + value_at))?))),
        )
    }
}

/// [`form_pairs`] decoded with [`form_lossy`]: the WHATWG `URLSearchParams` behaviour.
///
/// # Examples
/// ```
/// let pairs: Vec<_> = urlkit::decode::form_pairs_lossy("%=a&b=%C2x").collect();
/// assert_eq!(pairs, [("%".into(), "a".into()), ("b".into(), "\u{FFFD}x".into())]);
/// ```
pub fn form_pairs_lossy(input: &str) -> impl Iterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
    let mut pieces = form_pairs(input);
    core::iter::from_fn(move || {
        let (piece, _) = pieces.next_piece()?;
        let (name, value, _) = split_pair(piece);
        Some((form_lossy(name), form_lossy(value)))
    })
}
