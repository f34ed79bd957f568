//! Lenient reading: [`Url::parse_lenient`] and [`Url::resolve_lenient`] read what browsers
//! read (the URL Standard's basic URL parser, written from <https://url.spec.whatwg.org/>),
//! and give a strict [`Url`] with the list of what they changed ([`Repair`]).
//!
//! The runtime needs no dependency for it: the state machine, the host parser (IPv4 in every
//! spelling the URL Standard reads, IPv6) and the percent-encode sets are here, over the
//! character tables of `urlkit_syntax::chars`. Only a non-ASCII host needs Unicode tables
//! (UTS #46), which the optional `idna` feature brings; without it such a host is
//! [`LenientErrorKind::IdnaRequired`]. The `url` feature is not involved: the `url` crate
//! is only the tests' oracle.

mod error;
mod host;
mod input;
mod parser;
mod report;
mod sets;
#[cfg(test)]
mod tests;

use alloc::vec::Vec;

pub use self::error::{LenientError, LenientErrorKind};
use self::input::Cleaned;
use self::parser::Base;
use self::report::Repairs;
pub use self::report::{Repair, RepairKind};
use super::Url;

/// What [`Url::parse_lenient`] and [`Url::resolve_lenient`] return: the [`Url`] read, and
/// every change made to the input to get it.
///
/// # Examples
/// ```
/// use urlkit::{RepairKind, Url};
///
/// let read = Url::parse_lenient(" https://Example.com/a b?ids[]=1#x#y\n")?;
/// assert_eq!(read.url(), "https://example.com/a%20b?ids%5B%5D=1#x%23y");
/// let kinds: Vec<_> = read.repairs().iter().map(|r| r.kind()).collect();
/// assert_eq!(
///     kinds,
///     [
///         RepairKind::Trimmed,
///         RepairKind::HostCase,
///         RepairKind::Encoded,
///         RepairKind::EncodedForRfc3986,
///         RepairKind::EncodedForRfc3986,
///         RepairKind::Trimmed,
///     ]
/// );
/// assert!(!read.is_rfc3986_valid_as_given());
/// # Ok::<(), urlkit::LenientError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lenient {
    url: Url,
    repairs: Vec<Repair>,
}

impl Lenient {
    /// The URL read.
    ///
    /// # Examples
    /// ```
    /// let read = urlkit::Url::parse_lenient("http://example.com/a/../b")?;
    /// assert_eq!(read.url(), "http://example.com/b");
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// What was changed in the input, in the order of the input.
    ///
    /// # Examples
    /// ```
    /// use urlkit::RepairKind;
    ///
    /// let read = urlkit::Url::parse_lenient("http://example.com/a/../b")?;
    /// assert_eq!(read.repairs()[0].kind(), RepairKind::DotSegment);
    /// assert_eq!(read.repairs()[0].at(), 21..23);
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn repairs(&self) -> &[Repair] {
        &self.repairs
    }

    /// Whether the input was valid as given: every change is a
    /// [normalization](RepairKind::is_normalization) (case, default port...). For
    /// [`Url::parse_lenient`], this is exactly when [`Url::parse`] accepts the input.
    ///
    /// # Examples
    /// ```
    /// assert!(urlkit::Url::parse_lenient("HTTP://example.com:80/")?.is_rfc3986_valid_as_given());
    /// assert!(!urlkit::Url::parse_lenient("http://example.com/a|b")?.is_rfc3986_valid_as_given());
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn is_rfc3986_valid_as_given(&self) -> bool {
        self.repairs.iter().all(|r| r.kind().is_normalization())
    }

    /// The URL, without the report.
    ///
    /// # Examples
    /// ```
    /// let url = urlkit::Url::parse_lenient("https://example.com/\\x")?.into_url();
    /// assert_eq!(url, "https://example.com//x");
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn into_url(self) -> Url {
        self.url
    }

    /// The URL and the report.
    ///
    /// # Examples
    /// ```
    /// let (url, repairs) = urlkit::Url::parse_lenient("https://example.com")?.into_parts();
    /// assert_eq!(url, "https://example.com/");
    /// assert_eq!(repairs.len(), 1);
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn into_parts(self) -> (Url, Vec<Repair>) {
        (self.url, self.repairs)
    }
}

impl Url {
    /// Reads `input` as browsers do, and returns a strict RFC 3986 [`Url`] with the list of
    /// what it changed.
    ///
    /// For text you cannot send back to its author: a crawler's `href`s, a proxy's request
    /// lines, a log. It runs the URL Standard's basic URL parser
    /// (<https://url.spec.whatwg.org/#concept-basic-url-parser>): leading and trailing
    /// controls and spaces removed, tabs and newlines removed wherever they are, `\` read as
    /// `/` in special URLs (`http`, `https`, `ws`, `wss`, `ftp`, `file`), the slashes after
    /// a special scheme made `//`, characters RFC 3986 does not allow percent-encoded in each
    /// component, the host lowercased, percent-decoded and converted to ASCII (UTS #46, with
    /// the `idna` feature), a host that ends in a number read as IPv4 in every spelling the
    /// URL Standard reads (`0x7f.1`, `127.1`, `2130706433`), IPv6 written canonically, the
    /// default port dropped, `.` and `..` segments resolved. It refuses what the URL Standard
    /// refuses (a relative reference: use [`Url::resolve_lenient`]; an invalid host or port),
    /// with a [`LenientError`] that says why and where.
    ///
    /// Every change is reported as a [`Repair`]: which bytes of the input, what was done,
    /// and the rule. What it returns is a [`Url`] like any other ([`Url::parse`] accepts
    /// its text), and WHATWG parsers (browsers, the `url` crate) read it as the same URL they
    /// read in the input: the text is the URL Standard's serialization of that URL, except
    /// for these spellings, which a `Url` needs to be valid RFC 3986:
    ///
    /// | the URL Standard writes | `Url` writes | where | reported as |
    /// |---|---|---|---|
    /// | `\|` `[` `]` raw | `%7C` `%5B` `%5D` | path (opaque or not), query, fragment | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | `^` `{` `}` raw | `%5E` `%7B` `%7D` | query, fragment, opaque path (the path's set encodes them) | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | `` ` `` raw | `%60` | query, opaque path (the path's and the fragment's sets encode it) | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | `\` raw | `%5C` | path, query and fragment of non-special URLs; query and fragment of special ones | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | `#` raw (a second `#`) | `%23` | fragment | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | space `"` `<` `>` raw | `%20` `%22` `%3C` `%3E` | opaque path (`data:`, `javascript:`) | [`EncodedForRfc3986`](RepairKind::EncodedForRfc3986) |
    /// | `%` that starts no escape | `%25` | everywhere but the host | [`LonePercent`](RepairKind::LonePercent) |
    /// | escape hex as written (`%2f`) | uppercase (`%2F`) | everywhere | [`EscapeCase`](RepairKind::EscapeCase) |
    ///
    /// A WHATWG parser decodes each of these escapes to the character the URL Standard
    /// keeps, so the two texts name the same components; the tests check it with the `url`
    /// crate, component by component, decoded.
    ///
    /// A few URLs the URL Standard reads have no RFC 3986 spelling, and are refused with
    /// [`LenientErrorKind::Unrepresentable`] (the kind lists them): a non-special URL's host
    /// with a percent-escape or a character RFC 3986 does not allow in a host (`sc://ñ`), a
    /// host that is a number but not an IPv4 address (`sc://0x7f.1`), an `xn--` label that is
    /// not punycode, a path without a host that starts with `//`, a dot segment in an opaque
    /// path, and a scheme and path that read as a host and port (`localhost:8080`).
    ///
    /// No dependency and no feature is needed: the parser is urlkit's own, written from the
    /// URL Standard; only a non-ASCII host needs the `idna` feature (UTS #46 tables), and is
    /// [`LenientErrorKind::IdnaRequired`] without it. (The `url` feature converts to and from
    /// the `url` crate's type; it plays no part here.)
    ///
    /// Checked against every case of the web-platform-tests `urltestdata.json` (accepted
    /// where the URL Standard accepts, bar the unrepresentable ones, with the `url` crate
    /// reading input and output alike; refused where it refuses), and against the `url` crate
    /// on generated input.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{RepairKind, Url};
    ///
    /// let read = Url::parse_lenient("HTTP://0x7f.1:80/a\\b/../c d?q=1|2#x")?;
    /// assert_eq!(read.url(), "http://127.0.0.1/a/c%20d?q=1%7C2#x");
    /// for repair in read.repairs() {
    ///     println!("{repair}"); // "bytes 0..4: scheme written in lowercase (URL Standard, scheme state)", ...
    /// }
    /// assert!(read.repairs().iter().any(|r| r.kind() == RepairKind::Ipv4));
    ///
    /// assert!(Url::parse_lenient("/relative").is_err());
    /// assert!(Url::parse_lenient("https://exa mple.com/").is_err());
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn parse_lenient(input: &str) -> Result<Lenient, LenientError> {
        read(input, None, true)
    }

    /// Resolves `reference` against this URL as browsers resolve an `href` against the page
    /// it is on (the URL Standard's basic URL parser with this URL as its base), with the
    /// report and the refusals of [`Url::parse_lenient`].
    ///
    /// Where the URL Standard resolves differently from RFC 3986 (and from
    /// [`Url::resolve_str`]), this follows the URL Standard: `\` is `/` in special URLs,
    /// `http:other.html` is relative against an `http` page (as RFC 3986 §5.2.2 allows) but
    /// the host `other.html` against an `https` one, a `file` URL keeps its Windows drive
    /// letter. Removing dot segments is part of resolving, so it is not reported.
    ///
    /// The base must be absolute; its fragment is ignored. It is read (as the URL Standard
    /// reads it) only if the reference needs more of it than its scheme: an absolute `href`
    /// costs one parse. A base the URL Standard cannot read (an `IPvFuture` host, which RFC
    /// 3986 allows) is [`LenientErrorKind::InvalidBase`] for the references that need it.
    ///
    /// # Examples
    /// ```
    /// use urlkit::{RepairKind, Url};
    ///
    /// let page = Url::parse("https://example.com/docs/guide/intro.html")?;
    /// assert_eq!(page.resolve_lenient("../api/index.html")?.url(), "https://example.com/docs/api/index.html");
    /// assert_eq!(page.resolve_lenient("setup page.html#step 2")?.url(), "https://example.com/docs/guide/setup%20page.html#step%202");
    /// assert_eq!(page.resolve_lenient("\\\\cdn.example.net\\x.js")?.url(), "https://cdn.example.net/x.js");
    ///
    /// let read = page.resolve_lenient("http:other.html")?;
    /// assert_eq!(read.url(), "http://other.html/");
    /// assert_eq!(read.repairs()[0].kind(), RepairKind::Slashes);
    /// let http_page = Url::parse("http://example.com/docs/")?;
    /// assert_eq!(http_page.resolve_lenient("http:other.html")?.url(), "http://example.com/docs/other.html");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_lenient(&self, reference: &str) -> Result<Lenient, LenientError> {
        self.lenient_base()?.resolve(reference)
    }

    /// This URL as the base of many references, for a crawler resolving every `href` of a
    /// page: [`LenientBase::resolve`] is [`Url::resolve_lenient`], but reads the base once,
    /// on the first reference that needs it, rather than on each.
    ///
    /// Refused: a URL without a scheme, which is no base ([`LenientErrorKind::InvalidBase`]).
    ///
    /// # Examples
    /// ```
    /// let page = urlkit::Url::parse("https://example.com/docs/index.html")?;
    /// let base = page.lenient_base()?;
    /// let links: Vec<String> = ["guide.html", "../blog/", "#top", "https://other.example/"]
    ///     .iter()
    ///     .map(|href| base.resolve(href).map(|read| read.into_url().into_string()))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(
    ///     links,
    ///     [
    ///         "https://example.com/docs/guide.html",
    ///         "https://example.com/blog/",
    ///         "https://example.com/docs/index.html#top",
    ///         "https://other.example/",
    ///     ]
    /// );
    /// assert!(urlkit::Url::parse("/relative")?.lenient_base().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lenient_base(&self) -> Result<LenientBase<'_>, LenientError> {
        // The text before the first `:`, if it is a scheme: in a `Url` without a scheme, a
        // `:` never follows scheme characters from the start (a relative path's first segment
        // holds none). A scan of the scheme alone: `Url::scheme` splits the whole text, which
        // an absolute `href` never needs.
        let text = self.as_str();
        let scheme = text
            .split_once(':')
            .map(|(scheme, _)| scheme)
            .filter(|scheme| {
                scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                    && scheme
                        .bytes()
                        .all(|b| urlkit_syntax::chars::is(b, urlkit_syntax::chars::SCHEME))
            })
            .ok_or_else(LenientError::invalid_base)?;
        Ok(LenientBase {
            url: self,
            base: Base::new(text, scheme),
        })
    }
}

/// A URL as the base of [`LenientBase::resolve`]: see [`Url::lenient_base`]. It reads the
/// base (as the URL Standard reads it) once, when a reference first needs more of it than its
/// scheme, and keeps what it read.
///
/// # Examples
/// ```
/// let page = urlkit::Url::parse("http://example.com/a/b")?;
/// let base = page.lenient_base()?;
/// assert_eq!(base.resolve("c d")?.url(), "http://example.com/a/c%20d");
/// assert_eq!(base.url(), &page);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct LenientBase<'a> {
    url: &'a Url,
    base: Base<'a>,
}

impl LenientBase<'_> {
    /// Resolves `reference` against the base, as [`Url::resolve_lenient`] does.
    ///
    /// # Examples
    /// ```
    /// use urlkit::RepairKind;
    ///
    /// let page = urlkit::Url::parse("https://example.com/list?page=1")?;
    /// let read = page.lenient_base()?.resolve("?page=2 ")?;
    /// assert_eq!(read.url(), "https://example.com/list?page=2");
    /// assert_eq!(read.repairs()[0].kind(), RepairKind::Trimmed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, reference: &str) -> Result<Lenient, LenientError> {
        read(reference, Some(&self.base), false)
    }

    /// The base URL.
    ///
    /// # Examples
    /// ```
    /// let page = urlkit::Url::parse("https://example.com/")?;
    /// assert_eq!(page.lenient_base()?.url(), "https://example.com/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn url(&self) -> &Url {
        self.url
    }
}

impl core::fmt::Debug for LenientBase<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("LenientBase").field(&self.url).finish()
    }
}

/// Cleans `input`, reads it against `base`, and reports every change at bytes of `input`.
fn read(input: &str, base: Option<&Base<'_>>, report_dots: bool) -> Result<Lenient, LenientError> {
    let mut removed = Repairs::default();
    let cleaned = Cleaned::new(input, &mut removed);
    let (parsed, repairs) = parser::parse(&cleaned.text, base, report_dots)
        .map_err(|failure| failure.into_error(|at| cleaned.range(at)))?;
    let mut list = removed.list;
    let sort = !list.is_empty() || !repairs.list.is_empty();
    list.extend(
        repairs
            .list
            .into_iter()
            .map(|repair| repair.shifted(|at| cleaned.range(at))),
    );
    if sort {
        list.sort_by_key(|repair| repair.at().start);
    }
    Ok(Lenient {
        url: Url::from_built(parsed.out),
        repairs: list,
    })
}
