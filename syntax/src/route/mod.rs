//! Typed routes (`#[derive(Route)]`): which URLs a route template matches.
//!
//! A route template (`/users/{id}/posts{?page}`) is lowered ([`lower`]) into a [`Pattern`]:
//! one predicate per path segment, what may follow the fixed segments, and what the query must
//! hold. The derive uses these predicates at compile time to order an enum's variants from the
//! most specific to the least ([`order`]), to prove that no variant is hidden by the ones
//! before it ([`cover`]), to find which variants can take another's URLs ([`captors`]), and
//! to write `from_url` as a decision tree over the path ([`tree`]); the runtime checks a
//! route's query with [`Pattern::check_query`], and static text with [`static_eq`] and
//! [`Segment::matches`]. One definition of "matches" serves them all.
//!
//! Matching is structural: static text, segment counts, and which query parameters are
//! present. Whether a value then converts to its field's type is the runtime's business; a
//! value that does not is an error for that route, not a reason to try the next one.
//!
//! The rules, each the one that makes `to_url` and `from_url` inverse:
//! - a path is split at `/` before anything is decoded, so `%2F` stays inside its segment (a
//!   value's `/` is written `%2F`; decoding first would split the value into segments the
//!   route never had);
//! - static text matches byte for byte, letter case included; only the hex digits of a
//!   percent-triplet may differ in case (RFC 3986 §6.2.2.1), and `%61` never matches `a`
//!   (static text is not decoded);
//! - a query is `&`-separated pieces (empty pieces skipped), each `key=value` or `key`; a key
//!   is its decoded form ([`key_eq`]: `+` is a space and `%XX` the byte it encodes, as the
//!   WHATWG `application/x-www-form-urlencoded` parser reads it), so `fo%72mat` is `format`
//!   wherever keys are compared; unknown keys are ignored unless the route denies them;
//! - a key the template writes as static text (`format` of `format=json`) must be there
//!   exactly once, in any spelling, as that piece (its value is static text: compared
//!   undecoded, [`pair_eq`]): a second `format=xml` or `fo%72mat=xml` is refused rather than
//!   ignored, since a proxy reading the first value and an application reading the last would
//!   disagree about the request (HTTP parameter pollution), as a placeholder's field refuses a
//!   second value.

pub mod captors;
pub mod cover;
pub mod lower;
pub mod order;
pub mod owned;
mod shape_error;
pub mod tree;

#[cfg(test)]
mod tests;

/// What one path segment must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Segment<'a> {
    /// Template text (in URI form: IRI characters percent-encoded, triplet hex uppercase).
    Static(&'a str),
    /// A placeholder `{x}` with the segment's text around it: the segment starts with
    /// `prefix` and ends with `suffix`, the value is what lies between. A placeholder that is
    /// the whole segment (both empty) needs a non-empty segment, as `to_url` refuses an empty
    /// one; between text the value may be empty.
    Value {
        /// Text before the placeholder.
        prefix: &'a str,
        /// Text after the placeholder.
        suffix: &'a str,
    },
    /// `{/x}` at the end of the path: any segment. (An empty one is only valid as the last
    /// segment, as in `to_url`; that is a value error, checked by the runtime.)
    Any,
}

impl Segment<'_> {
    /// Whether the raw (still percent-encoded) segment `segment` matches.
    #[inline]
    pub fn matches(&self, segment: &str) -> bool {
        match *self {
            Segment::Static(text) => static_eq(text, segment),
            Segment::Value { prefix, suffix } => {
                if prefix.is_empty() && suffix.is_empty() {
                    return !segment.is_empty();
                }
                segment.len() >= prefix.len() + suffix.len()
                    && segment
                        .get(..prefix.len())
                        .is_some_and(|p| static_eq(prefix, p))
                    && segment
                        .get(segment.len() - suffix.len()..)
                        .is_some_and(|s| static_eq(suffix, s))
            }
            Segment::Any => true,
        }
    }

    /// The value's part of a segment that [`matches`](Self::matches).
    #[inline]
    pub fn value<'s>(&self, segment: &'s str) -> &'s str {
        match *self {
            Segment::Value { prefix, suffix } => segment
                .get(prefix.len()..segment.len().saturating_sub(suffix.len()))
                .unwrap_or(""),
            _ => segment,
        }
    }
}

/// What may follow a pattern's fixed segments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tail {
    /// Nothing: the path has exactly the fixed segments.
    None,
    /// `{/x}` with an `Option`: at most one more segment.
    Optional,
    /// `{/x*}`: any number of further segments.
    Rest,
}

/// A query parameter a placeholder reads (`{?x}`, `{&x}`, `x={x}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key<'a> {
    /// The parameter's name, as the template writes it.
    pub name: &'a str,
    /// Whether a URL without it does not match (a field that is neither `Option` nor a list).
    pub required: bool,
}

/// Which URLs one route template matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern<'a> {
    /// One predicate per fixed path segment, after the leading `/`.
    pub segments: &'a [Segment<'a>],
    /// What may follow them.
    pub tail: Tail,
    /// Static query pieces (`format=json`, or a bare `flag`) that must be present.
    pub pairs: &'a [&'a str],
    /// The query parameters placeholders read.
    pub keys: &'a [Key<'a>],
    /// Whether a query parameter the template does not name makes the URL not match.
    pub deny_unknown: bool,
}

/// Why a URL whose path matched a pattern does not match its query. Offsets are byte
/// offsets in the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueryMismatch<'i> {
    /// The static piece `pattern.pairs[i]` is not in the query.
    MissingPair(usize),
    /// The key of the static piece `pattern.pairs[pair]` is in the query more than once; `at`
    /// is where its second occurrence starts.
    RepeatedPair {
        /// The index of the piece in `pattern.pairs`.
        pair: usize,
        /// The offset of the key's second occurrence.
        at: usize,
    },
    /// The required parameter `pattern.keys[i]` is not in the query.
    MissingKey(usize),
    /// A parameter the pattern does not name (only with `deny_unknown`): its raw key, and
    /// where it starts.
    Unknown {
        /// The key, raw.
        key: &'i str,
        /// Its offset.
        at: usize,
    },
}

impl QueryMismatch<'_> {
    /// Whether an error about this mismatch is to be preferred over one about `earlier`, a
    /// route tried before (or none): when no route takes a URL, the error is about the first
    /// route whose path matched, unless its static pieces were missing and a later route's
    /// were there (the route the URL was meant for).
    pub fn replaces(&self, earlier: Option<&QueryMismatch<'_>>) -> bool {
        match earlier {
            None => true,
            Some(QueryMismatch::MissingPair(_)) => !matches!(self, QueryMismatch::MissingPair(_)),
            Some(_) => false,
        }
    }
}

impl Pattern<'_> {
    /// Whether a path of `count` segments can match, as far as its length goes.
    #[inline]
    pub fn admits(&self, count: usize) -> bool {
        let fixed = self.segments.len();
        match self.tail {
            Tail::None => count == fixed,
            Tail::Optional => count == fixed || count == fixed + 1,
            Tail::Rest => count >= fixed,
        }
    }

    /// The predicate for segment `k` of a path this pattern [`admits`](Self::admits).
    #[inline]
    pub fn at(&self, k: usize) -> Segment<'_> {
        self.segments.get(k).copied().unwrap_or(Segment::Any)
    }

    /// Whether the raw segments of a path (see [`segments`]) match.
    #[inline]
    pub fn matches_path(&self, segments: &[&str]) -> bool {
        self.admits(segments.len())
            && self
                .segments
                .iter()
                .zip(segments)
                .all(|(pattern, segment)| pattern.matches(segment))
    }

    /// Whether the raw query (after `?`, if there is one) holds what the pattern needs. Keys
    /// are compared by their decoded form ([`key_eq`]); a key whose escapes are not valid
    /// stands for itself here, so the runtime refuses such keys before asking.
    pub fn check_query<'i>(&self, query: Option<&'i str>) -> Result<(), QueryMismatch<'i>> {
        let plain = !query.is_some_and(has_form_escape);
        self.check_query_in(query, plain)
    }

    /// [`check_query`](Self::check_query), told whether the query holds no `%` and no `+`
    /// (most do not: their keys are then compared as they stand, [`key_eq_in`]).
    ///
    /// # Errors
    /// As [`check_query`](Self::check_query).
    pub fn check_query_in<'i>(
        &self,
        query: Option<&'i str>,
        plain: bool,
    ) -> Result<(), QueryMismatch<'i>> {
        let query = query.unwrap_or("");
        let key_eq = |template: &str, input: &str| key_eq_in(template, input, plain);
        for (i, pair) in self.pairs.iter().enumerate() {
            let key = piece_key(pair);
            let mut with_key = pieces(query).filter(|p| key_eq(key, p.key));
            let first = with_key.next();
            if let Some(second) = with_key.next() {
                return Err(QueryMismatch::RepeatedPair {
                    pair: i,
                    at: second.at,
                });
            }
            if !first.is_some_and(|p| pair_eq(pair, p.piece)) {
                return Err(QueryMismatch::MissingPair(i));
            }
        }
        for (i, key) in self.keys.iter().enumerate() {
            if key.required && !pieces(query).any(|p| key_eq(key.name, p.key)) {
                return Err(QueryMismatch::MissingKey(i));
            }
        }
        if self.deny_unknown
            && let Some(p) = pieces(query).find(|p| !self.knows_in(p.key, plain))
        {
            return Err(QueryMismatch::Unknown {
                key: p.key,
                at: p.at,
            });
        }
        Ok(())
    }

    /// Whether the template names the query parameter `key` (raw, compared decoded).
    pub fn knows(&self, key: &str) -> bool {
        self.knows_in(key, false)
    }

    /// [`knows`](Self::knows), `plain` as [`key_eq_in`] takes it.
    fn knows_in(&self, key: &str, plain: bool) -> bool {
        self.keys.iter().any(|k| key_eq_in(k.name, key, plain))
            || (self.pairs.iter()).any(|pair| key_eq_in(piece_key(pair), key, plain))
    }
}

/// The raw segments of a path that starts with `/`: `/a/b` has `a` and `b`, `/` one empty
/// segment, `/a/` the segments `a` and an empty one (as `Url::path_segments`).
pub fn segments(path: &str) -> core::str::Split<'_, char> {
    path.strip_prefix('/').unwrap_or(path).split('/')
}

/// One `&`-separated piece of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece<'i> {
    /// The whole piece, raw.
    pub piece: &'i str,
    /// Before the first `=` (the whole piece if there is none), raw.
    pub key: &'i str,
    /// After the first `=` (empty if there is none), raw.
    pub value: &'i str,
    /// Where the piece starts in the query.
    pub at: usize,
    /// Where the value starts in the query (the end of the piece if it has no `=`), so that
    /// an offset into the value is always one into the query.
    pub value_at: usize,
}

/// The non-empty `&`-separated pieces of a raw query, as the WHATWG
/// `application/x-www-form-urlencoded` parser splits them, with where each starts.
#[inline]
pub fn pieces(query: &str) -> Pieces<'_> {
    Pieces { query, at: 0 }
}

/// The iterator [`pieces`] returns.
#[derive(Clone, Debug)]
pub struct Pieces<'i> {
    query: &'i str,
    /// Where the next piece starts; past the end when there is none.
    at: usize,
}

impl<'i> Iterator for Pieces<'i> {
    type Item = Piece<'i>;

    #[inline]
    fn next(&mut self) -> Option<Piece<'i>> {
        let bytes = self.query.as_bytes();
        loop {
            let at = self.at;
            let rest = bytes.get(at..)?;
            // Queries are short, and so are their pieces: a plain loop finds the `&`.
            let len = rest.iter().position(|&b| b == b'&').unwrap_or(rest.len());
            self.at = at + len + 1;
            if len == 0 {
                continue;
            }
            let piece = self.query.get(at..at + len)?;
            let key_len = piece.bytes().position(|b| b == b'=').unwrap_or(len);
            // `key=value`: the value follows the `=`; a bare `key`: an empty value at its end.
            let value_start = (key_len + 1).min(len);
            return Some(Piece {
                piece,
                key: piece.get(..key_len)?,
                value: piece.get(value_start..)?,
                at,
                value_at: at + value_start,
            });
        }
    }
}

/// The key of a query piece: before its first `=`, or the whole piece.
pub fn piece_key(piece: &str) -> &str {
    piece.split('=').next().unwrap_or(piece)
}

/// Whether the raw query keys `template` (a template's) and `input` name the same parameter:
/// the same bytes once form-decoded ([`form_bytes`]), as every reader of
/// `application/x-www-form-urlencoded` text sees them (WHATWG URL Standard, §5.1), so that
/// `fo%72mat`, `%66ormat` and `form%61t` are all `format`, and `a+b` is `a%20b`. A key without
/// `%` or `+` is compared as it stands, without a decoding.
#[inline]
pub fn key_eq(template: &str, input: &str) -> bool {
    key_eq_in(template, input, false)
}

/// [`key_eq`], told whether `input` is known to hold no `%` and no `+` (`plain`: a query
/// without either, which most are). Such an input decodes to itself, and decoding never
/// lengthens, so the template's key can only equal it when it is as long (and holds a `+`)
/// or longer (and holds a `%`): keys of other lengths are told apart without a look.
#[inline]
pub fn key_eq_in(template: &str, input: &str, plain: bool) -> bool {
    if template == input {
        return true;
    }
    if plain {
        let escape = match input.len().cmp(&template.len()) {
            core::cmp::Ordering::Greater => return false,
            core::cmp::Ordering::Equal => b'+',
            core::cmp::Ordering::Less => b'%',
        };
        return template.as_bytes().contains(&escape) && form_bytes(template).eq(input.bytes());
    }
    (has_form_escape(template) || has_form_escape(input))
        && form_bytes(template).eq(form_bytes(input))
}

/// Whether form decoding changes `raw`: it holds a `%` or a `+`.
#[inline]
pub fn has_form_escape(raw: &str) -> bool {
    raw.bytes().any(|b| b == b'%' || b == b'+')
}

/// Whether the raw query piece `piece` is the template's static piece `pair`: the same key
/// ([`key_eq`]), a `=` in both or in neither, and the same value as static text
/// ([`static_eq`]: a static piece's value is not decoded, as the path's static text is not).
pub fn pair_eq(pair: &str, piece: &str) -> bool {
    fn split(p: &str) -> (&str, Option<&str>) {
        match p.split_once('=') {
            Some((key, value)) => (key, Some(value)),
            None => (p, None),
        }
    }
    let ((pair_key, pair_value), (key, value)) = (split(pair), split(piece));
    key_eq(pair_key, key)
        && match (pair_value, value) {
            (Some(pair_value), Some(value)) => static_eq(pair_value, value),
            (None, None) => true,
            _ => false,
        }
}

/// The bytes `raw` decodes to as `application/x-www-form-urlencoded` (WHATWG URL Standard,
/// §5.1): `+` is a space, `%XX` the byte `XX` (hex in either case), anything else itself. A
/// `%` not followed by two hex digits stands for itself, as WHATWG parsers leave it; strict
/// callers refuse such text first.
#[inline]
pub fn form_bytes(raw: &str) -> FormBytes<'_> {
    FormBytes {
        rest: raw.as_bytes(),
    }
}

/// The iterator [`form_bytes`] returns.
#[derive(Clone, Debug)]
pub struct FormBytes<'a> {
    rest: &'a [u8],
}

impl Iterator for FormBytes<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.rest.split_first()?;
        self.rest = rest;
        match b {
            b'+' => Some(b' '),
            b'%' => {
                if let [hi, lo, tail @ ..] = rest
                    && let (Some(hi), Some(lo)) =
                        (crate::chars::hex_value(*hi), crate::chars::hex_value(*lo))
                {
                    self.rest = tail;
                    Some(hi << 4 | lo)
                } else {
                    Some(b'%')
                }
            }
            _ => Some(b),
        }
    }
}

/// Whether `input` is the static text `template`: the same bytes, except that the hex digits
/// of a percent-triplet may be in either case (RFC 3986 §6.2.2.1). Nothing is decoded.
#[inline]
pub fn static_eq(template: &str, input: &str) -> bool {
    if template == input {
        return true;
    }
    let (t, i) = (template.as_bytes(), input.as_bytes());
    if t.len() != i.len() || !template.contains('%') {
        return false;
    }
    let mut hex = 0;
    for (&a, &b) in t.iter().zip(i) {
        let same = if hex > 0 {
            hex -= 1;
            a.eq_ignore_ascii_case(&b)
        } else {
            if a == b'%' {
                hex = 2;
            }
            a == b
        };
        if !same {
            return false;
        }
    }
    true
}
