//! Where `Url::resolve_str` (RFC 3986 §5.2) and the WHATWG URL Standard (`url::Url::join`)
//! resolve differently: one predicate per row of the table in `docs/resolution.md`, named
//! there in its first column. Tests that compare the two explain every difference by a row
//! whose predicate holds and which allows what was seen; a difference no row explains fails
//! them.

#![allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]

use urlkit::{ResolveError, ResolveErrorKind, Url};

use crate::rfc3986;

/// A row of the table in `docs/resolution.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Difference {
    /// `%2E` and `%2E%2E` path segments: RFC 3986 §5.2.4 keeps them, WHATWG and urlkit
    /// remove them as `.` and `..`.
    PercentEncodedDots,
    /// `http:g` against an `http` base: the RFC's strict reading is `http:g`, WHATWG and
    /// urlkit take its non-strict one (drop the scheme, resolve `g`).
    SameSpecialSchemeWithoutSlashes,
    /// `https:g` against an `http` base: WHATWG reads `https://g/`; urlkit refuses the
    /// reference, as `Url::parse` refuses `https:g`.
    OtherSpecialSchemeWithoutSlashes,
    /// `\` in the reference: WHATWG reads it as `/` in special URLs; urlkit refuses it.
    Backslash,
    /// Spaces, tabs, newlines or controls in the reference: WHATWG strips or drops them;
    /// urlkit refuses them.
    WhitespaceOrControl,
    /// Anything else `Url::parse` refuses (non-ASCII, numeric hosts, a second
    /// `#`...): WHATWG repairs it; urlkit refuses the reference, saying why.
    RefusedText,
    /// A base whose path does not start with `/` and has no authority (`sc:sd`, `mailto:x`),
    /// an "opaque path" to WHATWG, which resolves only fragments against it; RFC 3986 and
    /// urlkit merge paths as usual.
    OpaqueBase,
    /// Dot segments in a reference with a scheme, no authority and a path not starting with
    /// `/` (`g:h/./i`): an opaque path to WHATWG, kept as written; RFC 3986 and urlkit remove
    /// them (`g:h/i`).
    OpaquePathDots,
    /// A result whose path starts with `//` without an authority (`..//x` against `sc:/p`):
    /// the RFC's text would read as an authority, WHATWG writes `sc:/.//x`, urlkit fails with
    /// `PathReadsAsAuthority`.
    PathReadsAsAuthority,
    /// A network-path reference with an empty host (`///x`) against a special base other than
    /// `file`: WHATWG skips the slashes and reads `x` as the host; the RFC's `http:///x` has
    /// an empty host, which urlkit refuses (`InvalidResult`).
    EmptyHostUnderSpecialScheme,
    /// Windows drive letters in `file` URLs (`C:`, `C|`): WHATWG keeps `..` and `/` from
    /// leaving the drive, and reads `//d:` as the drive `d:` rather than a host; RFC 3986 and
    /// urlkit treat `C:` as any segment, and `d:` after `//` as a host with an empty port,
    /// which a `file` URL cannot have (`InvalidResult`).
    FileDriveLetter,
}

impl Difference {
    /// Every row, in the table's order.
    pub(crate) const ALL: [Difference; 11] = [
        Difference::PercentEncodedDots,
        Difference::SameSpecialSchemeWithoutSlashes,
        Difference::OtherSpecialSchemeWithoutSlashes,
        Difference::Backslash,
        Difference::WhitespaceOrControl,
        Difference::RefusedText,
        Difference::OpaqueBase,
        Difference::OpaquePathDots,
        Difference::PathReadsAsAuthority,
        Difference::EmptyHostUnderSpecialScheme,
        Difference::FileDriveLetter,
    ];

    /// The row's name in the first column of the table.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Difference::PercentEncodedDots => "percent-encoded dot segments",
            Difference::SameSpecialSchemeWithoutSlashes => "the base's special scheme without `//`",
            Difference::OtherSpecialSchemeWithoutSlashes => "another special scheme without `//`",
            Difference::Backslash => "backslashes",
            Difference::WhitespaceOrControl => "whitespace and controls",
            Difference::RefusedText => "other text `Url::parse` refuses",
            Difference::OpaqueBase => "a base with an opaque path",
            Difference::OpaquePathDots => "dot segments in an opaque path",
            Difference::PathReadsAsAuthority => "a result path starting with `//`, no authority",
            Difference::EmptyHostUnderSpecialScheme => "`///x` against a special base",
            Difference::FileDriveLetter => "Windows drive letters in `file` URLs",
        }
    }

    /// Whether urlkit fails where WHATWG gives a URL, in this row.
    pub(crate) fn urlkit_fails(self) -> bool {
        !matches!(
            self,
            Difference::PercentEncodedDots
                | Difference::SameSpecialSchemeWithoutSlashes
                | Difference::OpaqueBase
                | Difference::OpaquePathDots
        )
    }

    /// Whether WHATWG fails where urlkit gives a URL, in this row.
    pub(crate) fn whatwg_fails(self) -> bool {
        self == Difference::OpaqueBase
    }

    /// Whether both may give a URL, and different ones, in this row.
    pub(crate) fn results_differ(self) -> bool {
        matches!(
            self,
            Difference::FileDriveLetter | Difference::OpaquePathDots
        )
    }
}

fn is_special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s))
}

/// The reference's scheme if it is special and not followed by `//`.
fn special_scheme_without_slashes(reference: &str) -> Option<String> {
    let c = rfc3986::split(reference);
    let scheme = c.scheme.filter(|s| is_special(s))?;
    c.authority.is_none().then_some(scheme)
}

fn is_drive_letter(segment: &str) -> bool {
    matches!(segment.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// Whether `segment` is `.` or `..`, in any spelling.
fn is_dot_spelling(segment: &str) -> bool {
    matches!(
        segment.to_ascii_lowercase().replace("%2e", ".").as_str(),
        "." | ".."
    )
}

/// Whether a path segment of `reference` is a `%2E` spelling of `.` or `..`.
pub(crate) fn has_percent_encoded_dots(reference: &str) -> bool {
    rfc3986::split(reference)
        .path
        .split('/')
        .any(|segment| is_dot_spelling(segment) && segment.contains('%'))
}

/// `reference` with the `%2E` spellings of `.` and `..` in its path written as dots: what
/// RFC 3986 §5.2.4 is given when [`Difference::PercentEncodedDots`] is applied first.
pub(crate) fn with_plain_dots(reference: &str) -> String {
    let mut c = rfc3986::split(reference);
    c.path = c
        .path
        .split('/')
        .map(|segment| {
            let plain = segment.to_ascii_lowercase().replace("%2e", ".");
            if matches!(plain.as_str(), "." | "..") {
                plain
            } else {
                segment.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("/");
    rfc3986::recompose(&c)
}

/// Whether §5.2.2's non-strict reading applies: a special scheme without `//` that is the
/// base's own ([`Difference::SameSpecialSchemeWithoutSlashes`]).
pub(crate) fn same_scheme_without_slashes(base: &str, reference: &str) -> bool {
    let base_scheme = rfc3986::split(base).scheme.unwrap_or_default();
    special_scheme_without_slashes(reference).is_some_and(|s| s.eq_ignore_ascii_case(&base_scheme))
}

/// The rows whose predicates hold for resolving `reference` against `base`, given what urlkit
/// made of it (`ours`).
pub(crate) fn differences(
    base: &str,
    reference: &str,
    ours: &Result<Url, ResolveError>,
) -> Vec<Difference> {
    let b = rfc3986::split(base);
    let base_scheme = b.scheme.clone().unwrap_or_default();
    let r = rfc3986::split(reference);
    let file = base_scheme.eq_ignore_ascii_case("file")
        || r.scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    let rows = [
        (Difference::Backslash, reference.contains('\\')),
        (
            Difference::WhitespaceOrControl,
            reference.bytes().any(|c| c <= b' ' || c == 0x7F),
        ),
        (
            Difference::FileDriveLetter,
            file && base
                .split(['/', '?', '#'])
                .chain(reference.split(['/', '?', '#', '\\']))
                .any(is_drive_letter),
        ),
        (
            Difference::SameSpecialSchemeWithoutSlashes,
            same_scheme_without_slashes(base, reference),
        ),
        (
            Difference::OtherSpecialSchemeWithoutSlashes,
            special_scheme_without_slashes(reference).is_some()
                && !same_scheme_without_slashes(base, reference),
        ),
        (
            Difference::RefusedText,
            matches!(
                ours.as_ref().map_err(ResolveError::kind),
                Err(ResolveErrorKind::InvalidReference(_))
            ),
        ),
        (
            Difference::OpaqueBase,
            b.authority.is_none()
                && !b.path.starts_with('/')
                && r.scheme.is_none()
                && !reference.starts_with('#'),
        ),
        (
            Difference::OpaquePathDots,
            r.scheme.is_some()
                && r.authority.is_none()
                && !r.path.starts_with('/')
                && r.path.split('/').any(is_dot_spelling),
        ),
        (
            Difference::PercentEncodedDots,
            has_percent_encoded_dots(reference),
        ),
        (Difference::PathReadsAsAuthority, {
            let strict = !same_scheme_without_slashes(base, reference);
            let (target, _) =
                rfc3986::resolve(&b, &rfc3986::split(&with_plain_dots(reference)), strict);
            target.authority.is_none() && target.path.starts_with("//")
        }),
        (
            Difference::EmptyHostUnderSpecialScheme,
            r.scheme.is_none()
                && r.authority.as_deref() == Some("")
                && is_special(&base_scheme)
                && !base_scheme.eq_ignore_ascii_case("file"),
        ),
    ];
    rows.into_iter()
        .filter(|(_, holds)| *holds)
        .map(|(row, _)| row)
        .collect()
}

/// What urlkit and WHATWG each gave, as far as the table's rows tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Both gave the same URL, or both failed.
    Same,
    /// Both gave a URL, and they differ.
    ResultsDiffer,
    /// urlkit failed, WHATWG gave a URL.
    UrlkitFails,
    /// WHATWG failed, urlkit gave a URL.
    WhatwgFails,
}

/// The row among `rows` that allows `outcome`, if one does.
pub(crate) fn explaining(rows: &[Difference], outcome: Outcome) -> Option<Difference> {
    rows.iter().copied().find(|row| match outcome {
        Outcome::Same => true,
        Outcome::ResultsDiffer => row.results_differ(),
        Outcome::UrlkitFails => row.urlkit_fails(),
        Outcome::WhatwgFails => row.whatwg_fails(),
    })
}
