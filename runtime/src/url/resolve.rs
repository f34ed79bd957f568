//! Reference resolution (RFC 3986 §5.2): [`Url::resolve`] and [`Url::resolve_str`].
//!
//! The target is written once into a `String` sized up front: components are copied from the
//! base or the reference as §5.2.2 picks them, and the path goes through §5.2.4 on its way in
//! (`urlkit_syntax::path::remove_dot_segments_into`), so nothing is built twice.

use alloc::string::{String, ToString};
use core::fmt;
use core::ops::Range;

use urlkit_syntax::chars;
use urlkit_syntax::error::Errors;
use urlkit_syntax::path::remove_dot_segments_into;
use urlkit_syntax::reference::{self, Options, Reference};

use super::parts::authority_span;
use super::{ParseError, Url};

/// Why [`Url::resolve`] or [`Url::resolve_str`] could not resolve a reference.
///
/// # Examples
/// ```
/// use urlkit::{ResolveErrorKind, Url};
///
/// let err = Url::parse("/docs/")?.resolve_str("intro").unwrap_err();
/// assert_eq!(err.kind(), &ResolveErrorKind::RelativeBase);
/// assert_eq!(
///     err.to_string(),
///     "the base `/docs/` has no scheme; resolve against an absolute URL such as `https://example.com/docs/`"
/// );
/// # Ok::<(), urlkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    kind: ResolveErrorKind,
    /// The text the message quotes: the base, the reference, the resolved path or URL.
    text: String,
}

/// What [`ResolveError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base has no scheme: only an absolute URL can be a base (RFC 3986 §5.1).
    RelativeBase,
    /// The reference given to [`Url::resolve_str`] is not a URI reference: why, and where.
    InvalidReference(ParseError),
    /// The resolved path starts with `//` in a URL without an authority, where it would read
    /// as one (RFC 3986 §3.3): `g:` and `/..//x` give the path `//x`. The URL Standard writes
    /// such a path as `/.//x`, which holds a dot segment, so no [`Url`] can hold it.
    PathReadsAsAuthority,
    /// The resolved URL breaks a rule that [`Url::parse`] applies to the URL as a whole, and
    /// which neither input broke on its own: a network-path reference (`//host`) whose
    /// authority the base's scheme does not allow (`///x` against `http:`, an empty host;
    /// `//me@h` against `file:`), or a URL without an authority whose scheme and path read as
    /// a host and a port (`123` against `a.b:foo` gives `a.b:123`).
    InvalidResult(ParseError),
}

impl ResolveError {
    /// The error of `kind`, whose message quotes `text`.
    fn new(kind: ResolveErrorKind, text: &str) -> Self {
        ResolveError {
            kind,
            text: text.to_string(),
        }
    }

    /// What is wrong.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{ResolveErrorKind, Url};
    ///
    /// let base = Url::parse("https://example.com/a/")?;
    /// let err = base.resolve_str("b c").unwrap_err();
    /// let ResolveErrorKind::InvalidReference(parse) = err.kind() else { panic!() };
    /// assert_eq!(parse.offset(), 1);
    /// # Ok::<(), urlkit::ParseError>(())
    /// ```
    pub fn kind(&self) -> &ResolveErrorKind {
        &self.kind
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match &self.kind {
            ResolveErrorKind::RelativeBase => {
                let host = if text.starts_with("//") {
                    ""
                } else if text.starts_with('/') {
                    "//example.com"
                } else {
                    "//example.com/"
                };
                write!(
                    f,
                    "the base `{text}` has no scheme; resolve against an absolute URL such as `https:{host}{text}`"
                )
            }
            ResolveErrorKind::InvalidReference(error) => {
                write!(f, "the reference `{text}` is not a URL: {error}")
            }
            ResolveErrorKind::PathReadsAsAuthority => write!(
                f,
                "the resolved path `{text}` starts with `//` in a URL without an authority, where it would read as one; remove the empty segment at its start"
            ),
            ResolveErrorKind::InvalidResult(error) => {
                write!(f, "the resolved URL `{text}` is not valid: {error}")
            }
        }
    }
}

impl core::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            ResolveErrorKind::InvalidReference(error) | ResolveErrorKind::InvalidResult(error) => {
                Some(error)
            }
            _ => None,
        }
    }
}

impl Url {
    /// Resolves `reference` against this URL, its base, by RFC 3986 §5.2: the transform of
    /// §5.2.2, the merge of §5.2.3 and `remove_dot_segments` of §5.2.4, to the letter. The base
    /// must be absolute (have a scheme); its fragment is ignored.
    ///
    /// The result is a [`Url`] like any other: [`Url::parse`] accepts it, and it holds no dot
    /// segments (a `..` above the root removes nothing: `/../g` is `/g`). Two readings go
    /// beyond the RFC's text, so that this holds: `%2E` spells `.` (§6.2.2.2), so `%2E` and
    /// `%2E%2E` segments are removed as `.` and `..` are, as WHATWG parsers do; and a result
    /// that cannot be written as a valid URL is an error rather than wrong text (see
    /// [`ResolveErrorKind`]). Resolution allocates once: the result.
    ///
    /// Where the WHATWG URL Standard (browsers, the `url` crate's `Url::join`) resolves
    /// differently (backslashes, `http:g`, opaque paths, `file` drive letters), the repository's
    /// [`docs/resolution.md`](https://github.com/urlkit/urlkit/blob/main/docs/resolution.md)
    /// has the table, each row tested against `url::Url::join`.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let page = Url::parse("https://example.com/shop/items/42?tab=reviews#top")?;
    /// let next = Url::parse("../list?page=2")?;
    /// assert_eq!(page.resolve(&next)?, "https://example.com/shop/list?page=2");
    /// assert_eq!(page.resolve(&Url::parse("#specs")?)?, "https://example.com/shop/items/42?tab=reviews#specs");
    /// assert_eq!(page.resolve(&Url::parse("//cdn.example.net/x.js")?)?, "https://cdn.example.net/x.js");
    /// assert!(Url::parse("/relative/base")?.resolve(&next).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, reference: &Url) -> Result<Url, ResolveError> {
        let base = self.as_base()?;
        let parts = reference::split(reference.as_str());
        resolve_parts(&base, reference.as_str(), &parts, false)
    }

    /// Checks `reference` and resolves it against this URL, as [`Url::resolve`] does.
    ///
    /// The reference is checked with the strict grammar of [`Url::parse`], with two
    /// allowances for what resolution itself settles: dot segments may stand anywhere in its
    /// path (§5.2.4 removes them: `g/../h` is `h`), and a special scheme without `//` that is
    /// the base's own (`http:g` against an `http` base) is read as relative, the reading RFC
    /// 3986 §5.2.2 allows "for backward compatibility" and WHATWG parsers take (the strict
    /// reading, `http:g`, is not a valid `http` URL). Lowercase triplet hex is written
    /// uppercase. Allocates once (the result) when the reference is valid.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let base = Url::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.resolve_str("../g")?, "http://a/b/g");
    /// assert_eq!(base.resolve_str("g/./h/../i")?, "http://a/b/c/g/i");
    /// assert_eq!(base.resolve_str("/../g")?, "http://a/g");
    /// assert_eq!(base.resolve_str("http:g")?, "http://a/b/c/g");
    /// assert_eq!(base.resolve_str("%7euser")?, "http://a/b/c/%7Euser");
    /// assert!(base.resolve_str("a b").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_str(&self, reference: &str) -> Result<Url, ResolveError> {
        let base = self.as_base()?;
        let mut errors = Errors::new();
        let mut parts = reference::parse_to_resolve(reference, &mut errors);
        if !errors.is_empty() {
            return Err(invalid_reference(errors, reference));
        }
        if let Some(scheme) = parts.scheme.clone()
            && parts.authority.is_none()
            && urlkit_syntax::scheme::is_special(&reference[scheme.clone()])
        {
            if reference[scheme].eq_ignore_ascii_case(base.scheme()) {
                // §5.2.2's non-strict reading: `http:g` is `g` against an `http` base.
                parts.scheme = None;
            } else if let Err(error) = Url::parse(reference) {
                // `https:g` against an `http` base: the strict grammar says what to write.
                return Err(ResolveError::new(
                    ResolveErrorKind::InvalidReference(error),
                    reference,
                ));
            }
        }
        let lowercase_hex = urlkit_syntax::to_uri::changes(reference);
        resolve_parts(&base, reference, &parts, lowercase_hex)
    }

    /// This URL's components, if it can be a base.
    fn as_base(&self) -> Result<Base<'_>, ResolveError> {
        let text = self.as_str();
        let parts = reference::split(text);
        match parts.scheme {
            Some(scheme) => Ok(Base {
                text,
                scheme,
                has_authority: parts.authority.is_some(),
                path: parts.path,
                query: parts.query,
            }),
            None => Err(ResolveError::new(ResolveErrorKind::RelativeBase, text)),
        }
    }
}

/// An absolute URL and what resolution reads of it (§5.2.2 never reads its fragment).
struct Base<'a> {
    text: &'a str,
    scheme: Range<usize>,
    has_authority: bool,
    path: Range<usize>,
    query: Option<Range<usize>>,
}

impl Base<'_> {
    fn scheme(&self) -> &str {
        &self.text[self.scheme.clone()]
    }
}

/// §5.2.2 and §5.3: the target of `reference` (split into `r`) against `base`, written once
/// (with triplet hex made uppercase if the reference has `lowercase_hex`), then the checks
/// only the whole target can fail.
///
/// Components are copied with their delimiters, as the runs of text they are in the inputs
/// (`scheme://authority` is one copy), so that the target takes few copies.
fn resolve_parts(
    base: &Base<'_>,
    reference: &str,
    r: &Reference,
    lowercase_hex: bool,
) -> Result<Url, ResolveError> {
    let base_text = base.text;
    // Every component comes from one input or the other, and a merged path is at most one
    // longer than both paths (the `/` after an empty base path): one allocation suffices.
    let mut out = String::with_capacity(base_text.len() + reference.len() + 1);
    let r_path = &reference[r.path.clone()];
    let query;
    let authority_from_reference = r.authority.is_some();
    let path_start;
    if r.scheme.is_some() {
        // `scheme:` and `//authority`, as the reference has them.
        out.push_str(&reference[..r.path.start]);
        path_start = out.len();
        push_path(&mut out, path_start, r_path);
        query = with_mark(reference, r.query.as_ref());
    } else if let Some(authority) = &r.authority {
        out.push_str(&base_text[..=base.scheme.end]);
        out.push_str(&reference[authority_span(authority).start - 2..r.path.start]);
        path_start = out.len();
        push_path(&mut out, path_start, r_path);
        query = with_mark(reference, r.query.as_ref());
    } else {
        // `scheme:` and `//authority`, as the base has them.
        out.push_str(&base_text[..base.path.start]);
        path_start = out.len();
        let base_path = &base_text[base.path.clone()];
        if r_path.starts_with('/') {
            push_path(&mut out, path_start, r_path);
            query = with_mark(reference, r.query.as_ref());
        } else if r_path.is_empty() {
            out.push_str(base_path);
            query = with_mark(reference, r.query.as_ref())
                .or_else(|| with_mark(base_text, base.query.as_ref()));
        } else {
            // §5.2.3: the base path up to its last `/` (or `/` alone after an authority and
            // an empty path), then the reference's path. The base's part holds no dot
            // segments (it is a valid URL with a scheme), so it goes in as it is.
            if base.has_authority && base_path.is_empty() {
                remove_dot_segments_into(&mut out, path_start, true, r_path);
            } else if let Some(last_slash) = base_path.bytes().rposition(|b| b == b'/') {
                out.push_str(&base_path[..last_slash]);
                remove_dot_segments_into(&mut out, path_start, true, r_path);
            } else {
                remove_dot_segments_into(&mut out, path_start, false, r_path);
            }
            query = with_mark(reference, r.query.as_ref());
        }
    }
    let path_end = out.len();
    if let Some(query) = query {
        out.push_str(query);
    }
    if let Some(fragment) = r.fragment.clone() {
        out.push_str(&reference[fragment.start - 1..]);
    }
    if lowercase_hex {
        uppercase_triplets(&mut out);
    }
    let has_authority = authority_from_reference || (r.scheme.is_none() && base.has_authority);
    if !has_authority && out[path_start..].starts_with("//") {
        let path = &out[path_start..path_end];
        return Err(ResolveError::new(
            ResolveErrorKind::PathReadsAsAuthority,
            path,
        ));
    }
    // The rules `Url::parse` applies across components: an authority under a scheme it did
    // not come with (empty hosts, `file` userinfo), and a path without an authority under a
    // scheme or beside a path it did not come with (`a.b:123` reads as host and port). When
    // the reference brought its scheme and its path is unchanged, it was checked whole.
    let path_is_the_references = r.scheme.is_some() && out[path_start..path_end] == *r_path;
    let mixed_authority = authority_from_reference && r.scheme.is_none();
    if mixed_authority || (!has_authority && !path_is_the_references) {
        check_whole(&out)?;
    }
    Ok(Url::from_built(out))
}

/// The query `range` of `text` with its `?`.
fn with_mark<'t>(text: &'t str, range: Option<&Range<usize>>) -> Option<&'t str> {
    range.map(|q| &text[q.start - 1..q.end])
}

/// Appends `path` without its dot segments (§5.2.4).
fn push_path(out: &mut String, path_start: usize, path: &str) {
    match path.strip_prefix('/') {
        Some(rest) => remove_dot_segments_into(out, path_start, true, rest),
        None => remove_dot_segments_into(out, path_start, false, path),
    }
}

/// The error for a reference the grammar refused with `errors`.
#[cold]
fn invalid_reference(errors: Errors, reference: &str) -> ResolveError {
    let errors = errors.into_vec();
    let first = &errors[0];
    let error = ParseError::new(first.at.clone(), &first.kind);
    ResolveError::new(ResolveErrorKind::InvalidReference(error), reference)
}

/// Checks a resolved URL with the grammar of [`Url::parse`].
fn check_whole(text: &str) -> Result<(), ResolveError> {
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
    if errors.is_empty() {
        return Ok(());
    }
    let errors = errors.into_vec();
    let first = &errors[0];
    Err(ResolveError::new(
        ResolveErrorKind::InvalidResult(ParseError::new(first.at.clone(), &first.kind)),
        text,
    ))
}

/// Writes the hex of every triplet in uppercase (RFC 3986 §6.2.2.1), in place.
fn uppercase_triplets(text: &mut str) {
    let mut i = 0;
    while let Some(at) = text[i..].find('%').map(|at| i + at) {
        if chars::is_triplet(&text.as_bytes()[at..]) {
            text[at + 1..at + 3].make_ascii_uppercase();
            i = at + 3;
        } else {
            i = at + 1;
        }
    }
}
