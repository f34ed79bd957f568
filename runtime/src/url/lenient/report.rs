//! [`Repair`] and [`RepairKind`]: what [`Url::parse_lenient`](crate::Url::parse_lenient)
//! changed in its input, where, and by which rule.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

/// One change [`Url::parse_lenient`](crate::Url::parse_lenient) or
/// [`Url::resolve_lenient`](crate::Url::resolve_lenient) made to its input: which bytes of
/// the input, and what was done to them ([`RepairKind`]).
///
/// Adjacent changes of the same kind are one repair (`a  b` has one repair for its two
/// spaces). Its `Display` says what and why, citing the URL Standard's rule, and never
/// quotes the input beyond the one character it is about (a URL can hold a secret).
///
/// # Examples
/// ```
/// use urlkit::{RepairKind, Url};
///
/// let read = Url::parse_lenient("https://example.com/a b")?;
/// assert_eq!(read.url(), "https://example.com/a%20b");
/// let [repair] = read.repairs() else { panic!() };
/// assert_eq!(repair.at(), 21..22);
/// assert_eq!(repair.kind(), RepairKind::Encoded);
/// assert_eq!(
///     repair.to_string(),
///     "bytes 21..22: a character RFC 3986 does not allow there, percent-encoded (URL Standard, the component's percent-encode set)"
/// );
/// # Ok::<(), urlkit::LenientError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repair {
    at: Range<usize>,
    kind: RepairKind,
}

impl Repair {
    /// The bytes of the input this repair is about (empty where something was inserted,
    /// such as the `/` of an empty path).
    ///
    /// # Examples
    /// ```
    /// let read = urlkit::Url::parse_lenient("HTTP://example.com")?;
    /// let at: Vec<_> = read.repairs().iter().map(|r| r.at()).collect();
    /// assert_eq!(at, [0..4, 18..18]); // the scheme's case, then the `/` of the empty path
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn at(&self) -> Range<usize> {
        self.at.clone()
    }

    /// What was done.
    ///
    /// # Examples
    /// ```
    /// use urlkit::RepairKind;
    ///
    /// let read = urlkit::Url::parse_lenient("https://example.com:443/")?;
    /// assert_eq!(read.repairs()[0].kind(), RepairKind::DefaultPort);
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn kind(&self) -> RepairKind {
        self.kind
    }

    pub(super) fn shifted(self, map: impl Fn(Range<usize>) -> Range<usize>) -> Self {
        Repair {
            at: map(self.at),
            kind: self.kind,
        }
    }
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes {}..{}: {}", self.at.start, self.at.end, self.kind)
    }
}

/// What [`Url::parse_lenient`](crate::Url::parse_lenient) did to part of its input. Each
/// names the step of the URL Standard (<https://url.spec.whatwg.org/>) that does it, or, for
/// [`EncodedForRfc3986`](Self::EncodedForRfc3986) and [`LonePercent`](Self::LonePercent),
/// the RFC 3986 rule urlkit's [`Url`](crate::Url) keeps beyond it.
///
/// [`is_normalization`](Self::is_normalization) tells the two families apart: a
/// normalization rewrites text RFC 3986 already allows into the form the URL Standard writes
/// (same URL, another spelling); the others repair text RFC 3986 does not allow, or read it
/// as the URL Standard does where RFC 3986 would read it otherwise.
///
/// # Examples
/// ```
/// use urlkit::{RepairKind, Url};
///
/// let kinds = |text| -> Vec<RepairKind> {
///     Url::parse_lenient(text).unwrap().repairs().iter().map(|r| r.kind()).collect()
/// };
/// assert_eq!(kinds("http:\\\\example.com/a"), [RepairKind::Slashes]);
/// assert_eq!(kinds("http://0x7F.1/"), [RepairKind::Ipv4]);
/// assert_eq!(kinds("http://h/%7e/a/./b"), [RepairKind::EscapeCase, RepairKind::DotSegment]);
/// assert_eq!(kinds("https://h:0443/#a#b"), [RepairKind::DefaultPort, RepairKind::EncodedForRfc3986]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairKind {
    /// A leading or trailing C0 control or space removed (basic URL parser, first step).
    Trimmed,
    /// A tab, line feed or carriage return removed, wherever it was (basic URL parser).
    TabOrNewline,
    /// The scheme written in lowercase ("scheme state"). A normalization.
    SchemeCase,
    /// A `\` read as `/` in the authority or path of a special URL (`http`, `https`, `ws`,
    /// `wss`, `ftp`, `file`): "path state" and the authority states.
    Backslash,
    /// The slashes after a special scheme made exactly `//`: added (`http:example.com`), or
    /// extra `/` and `\` dropped (`http:///example.com`): "special authority slashes state"
    /// and "special authority ignore slashes state"; for `file`, "file state".
    Slashes,
    /// A reference that names the base's own special scheme without `//` (`http:page.html`
    /// against an `http` page) read as relative: "special relative or authority state", the
    /// reading RFC 3986 §5.2.2 allows for backward compatibility. A normalization.
    SchemeRelative,
    /// Empty userinfo dropped: `@` with nothing before it, or `:` with no password ("URL
    /// serializer" writes credentials only when there are some). A normalization.
    EmptyCredentials,
    /// The host of a special URL written in lowercase ("domain to ASCII"). A normalization.
    HostCase,
    /// Percent-escapes in the host of a special URL decoded ("host parser":
    /// `exa%6Dple.com` is `example.com`). RFC 3986 keeps them, and a `Url` holds none.
    HostDecoded,
    /// A non-ASCII host written in its ASCII form, UTS #46 with the URL Standard's options
    /// ("domain to ASCII"; feature `idna`).
    Idna,
    /// A host that ends in a number read as an IPv4 address and written in dotted decimal
    /// ("IPv4 parser": `0x7f.1`, `127.1`, `2130706433` are `127.0.0.1`).
    Ipv4,
    /// An IPv6 address written in the URL Standard's form ("IPv6 serializer": lowercase, no
    /// leading zeros, the longest run of zeros compressed). The addresses the URL Standard's
    /// IPv6 parser reads are those RFC 3986 allows, so this is a normalization.
    Ipv6,
    /// The host `localhost` of a `file` URL made empty ("file host state"). A normalization.
    FileLocalhost,
    /// A `:` with no port after it dropped ("port state"; RFC 3986 §6.2.3). A normalization.
    EmptyPort,
    /// The scheme's default port dropped (`:443` in `https`; "port state"). A normalization.
    DefaultPort,
    /// Leading zeros of a port dropped (`:0080` is `:80`; "port state"). A normalization.
    PortZeros,
    /// The empty path of a special URL written `/` ("path start state"). A normalization.
    EmptyPath,
    /// A `.` or `..` segment (or `%2e`, `.%2E`...) removed, with the segment a `..`
    /// removes ("path state"). Only [`Url::parse_lenient`](crate::Url::parse_lenient)
    /// reports it: resolving a reference removes dot segments by definition (RFC 3986
    /// §5.2.4).
    DotSegment,
    /// One of the URL Standard's Windows drive letter quirks in a `file` URL: `C|` written
    /// `C:`, a drive letter read as the path rather than the host (`file://C:/x`), or the
    /// base's drive letter kept where RFC 3986 would remove or replace it.
    WindowsDriveLetter,
    /// A character RFC 3986 does not allow there, percent-encoded as the URL Standard
    /// encodes it (a space, `"`, `<`, `>`, a control, any non-ASCII character...: the
    /// component's percent-encode set).
    Encoded,
    /// A character RFC 3986 does not allow there but the URL Standard leaves as it is
    /// (`|`, `[`, `]`, `^`, `{`, `}`, `` ` ``, `\` outside special URLs, a second `#`),
    /// percent-encoded so that the URL is valid RFC 3986. A WHATWG parser decodes the escape
    /// to the same character; see the table on [`Url::parse_lenient`](crate::Url::parse_lenient).
    EncodedForRfc3986,
    /// A character RFC 3986 allows there, percent-encoded as the URL Standard encodes it
    /// (`'` in the query of a special URL; `;`, `=` and a second `:` in userinfo). A
    /// normalization.
    EncodedAllowed,
    /// A `%` that starts no escape written `%25`, as RFC 3986 §2.4 requires (the URL
    /// Standard keeps it raw; both read the same character).
    LonePercent,
    /// The hex of a percent-escape written in uppercase (RFC 3986 §6.2.2.1; the URL
    /// Standard keeps it as written). A normalization.
    EscapeCase,
}

impl RepairKind {
    /// Whether this is a normalization: the input was valid RFC 3986 there, and only its
    /// spelling changed to the one the URL Standard writes (case, default port, empty
    /// credentials...). [`Url::parse`](crate::Url::parse) accepts an input exactly when
    /// [`Url::parse_lenient`](crate::Url::parse_lenient) reports only normalizations on it;
    /// the tests check this on every WPT case and on generated input.
    ///
    /// # Examples
    /// ```
    /// use urlkit::Url;
    ///
    /// let valid = Url::parse_lenient("HTTPS://Example.com:443")?;
    /// assert!(valid.repairs().iter().all(|r| r.kind().is_normalization()));
    /// let broken = Url::parse_lenient("https://example.com/a b")?;
    /// assert!(!broken.repairs()[0].kind().is_normalization());
    /// # Ok::<(), urlkit::LenientError>(())
    /// ```
    pub fn is_normalization(self) -> bool {
        matches!(
            self,
            RepairKind::SchemeCase
                | RepairKind::SchemeRelative
                | RepairKind::EmptyCredentials
                | RepairKind::HostCase
                | RepairKind::Ipv6
                | RepairKind::FileLocalhost
                | RepairKind::EmptyPort
                | RepairKind::DefaultPort
                | RepairKind::PortZeros
                | RepairKind::EmptyPath
                | RepairKind::EncodedAllowed
                | RepairKind::EscapeCase
        )
    }
}

impl fmt::Display for RepairKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RepairKind::Trimmed => {
                "leading or trailing control character or space removed (URL Standard, basic URL parser)"
            }
            RepairKind::TabOrNewline => {
                "tab or newline removed (URL Standard, basic URL parser)"
            }
            RepairKind::SchemeCase => "scheme written in lowercase (URL Standard, scheme state)",
            RepairKind::Backslash => {
                "`\\` read as `/`, as in every special URL (URL Standard, path and authority states)"
            }
            RepairKind::Slashes => {
                "the slashes after a special scheme made `//` (URL Standard, special authority slashes state)"
            }
            RepairKind::SchemeRelative => {
                "the base's own scheme without `//` read as a relative reference (URL Standard, special relative or authority state; RFC 3986 §5.2.2)"
            }
            RepairKind::EmptyCredentials => {
                "empty userinfo dropped (URL Standard, URL serializer)"
            }
            RepairKind::HostCase => "host written in lowercase (URL Standard, domain to ASCII)",
            RepairKind::HostDecoded => {
                "percent-escapes in the host decoded (URL Standard, host parser)"
            }
            RepairKind::Idna => {
                "non-ASCII host written in its ASCII form (URL Standard, domain to ASCII; UTS #46)"
            }
            RepairKind::Ipv4 => {
                "host read as an IPv4 address and written in dotted decimal (URL Standard, IPv4 parser)"
            }
            RepairKind::Ipv6 => {
                "IPv6 address written in its canonical form (URL Standard, IPv6 serializer)"
            }
            RepairKind::FileLocalhost => {
                "host `localhost` of a `file` URL made empty (URL Standard, file host state)"
            }
            RepairKind::EmptyPort => {
                "`:` without a port dropped (URL Standard, port state; RFC 3986 §6.2.3)"
            }
            RepairKind::DefaultPort => {
                "the scheme's default port dropped (URL Standard, port state)"
            }
            RepairKind::PortZeros => "leading zeros of the port dropped (URL Standard, port state)",
            RepairKind::EmptyPath => {
                "empty path of a special URL written `/` (URL Standard, path start state)"
            }
            RepairKind::DotSegment => {
                "dot segment removed with what it removes (URL Standard, path state)"
            }
            RepairKind::WindowsDriveLetter => {
                "Windows drive letter of a `file` URL read as the URL Standard reads it (file and path states)"
            }
            RepairKind::Encoded => {
                "a character RFC 3986 does not allow there, percent-encoded (URL Standard, the component's percent-encode set)"
            }
            RepairKind::EncodedForRfc3986 => {
                "a character the URL Standard keeps but RFC 3986 does not allow there, percent-encoded (RFC 3986 §2.1)"
            }
            RepairKind::EncodedAllowed => {
                "a character percent-encoded as the URL Standard encodes it there (the component's percent-encode set)"
            }
            RepairKind::LonePercent => {
                "a `%` that starts no escape written `%25` (RFC 3986 §2.4)"
            }
            RepairKind::EscapeCase => {
                "percent-escape hex written in uppercase (RFC 3986 §6.2.2.1)"
            }
        })
    }
}

/// The repairs of one parse, in the order they were made; adjacent ones of the same kind
/// are merged.
#[derive(Debug, Default)]
pub(super) struct Repairs {
    pub(super) list: Vec<Repair>,
}

impl Repairs {
    pub(super) fn push(&mut self, at: Range<usize>, kind: RepairKind) {
        if let Some(last) = self.list.last_mut()
            && last.kind == kind
            && last.at.end == at.start
        {
            last.at.end = at.end;
            return;
        }
        self.list.push(Repair { at, kind });
    }
}
