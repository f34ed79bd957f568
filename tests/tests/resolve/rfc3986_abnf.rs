//! `Url::parse` against RFC 3986's own grammar: URI references generated from the ABNF of
//! Appendix A, rule by rule (written here from the RFC, sharing nothing with urlkit's
//! grammar), each with the facts a refusal could rest on.
//!
//! `Url::parse` is strict RFC 3986 with documented refusals beyond it (the table of `url!`'s
//! documentation and `ParseErrorKind`): text that every parser rewrites (dot segments, numeric
//! hosts that are not dotted-decimal IPv4, escapes in a host), text that WHATWG parsers read
//! as another URL (a special scheme without a host, an empty authority in a relative
//! reference, userinfo or a port beside no host or in a `file` URL, an `xn--` label that is
//! not punycode) and hosts typed without their scheme. Every generated reference must be
//! accepted unless one of those applies, and refused with that rule's kind if one does; so a
//! rule of the RFC that the grammar forgot (as the empty port was) fails here.

use proptest::prelude::*;
use proptest::strategy::Union;
use urlkit::{ParseErrorKind, Url};

const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &str = "0123456789";
const HEXDIG: &str = "0123456789ABCDEFabcdef";
const SUB_DELIMS: &str = "!$&'()*+,;=";
const UNRESERVED_PUNCT: &str = "-._~";

/// One character of `set`.
fn one(set: &'static str) -> BoxedStrategy<String> {
    proptest::sample::select(set.chars().collect::<Vec<_>>())
        .prop_map(String::from)
        .boxed()
}

/// `n` to `m` repetitions of `item`, joined.
fn rep(item: BoxedStrategy<String>, n: usize, m: usize) -> BoxedStrategy<String> {
    proptest::collection::vec(item, n..=m)
        .prop_map(|v| v.concat())
        .boxed()
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`, letters and digits most often.
fn unreserved() -> BoxedStrategy<String> {
    prop_oneof![4 => one(ALPHA), 2 => one(DIGIT), 1 => one(UNRESERVED_PUNCT)].boxed()
}

/// `pct-encoded = "%" HEXDIG HEXDIG`.
fn pct_encoded() -> BoxedStrategy<String> {
    (one(HEXDIG), one(HEXDIG))
        .prop_map(|(a, b)| format!("%{a}{b}"))
        .boxed()
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`.
fn pchar() -> BoxedStrategy<String> {
    prop_oneof![
        6 => unreserved(),
        1 => pct_encoded(),
        1 => one(SUB_DELIMS),
        1 => one(":@"),
    ]
    .boxed()
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, and the special schemes often.
fn scheme() -> BoxedStrategy<String> {
    prop_oneof![
        3 => (one(ALPHA), rep(prop_oneof![one(ALPHA), one(DIGIT), one("+-.")].boxed(), 0, 5))
            .prop_map(|(a, b)| a + &b),
        1 => proptest::sample::select(vec!["http", "HTTPS", "ws", "wss", "ftp", "file", "localhost", "a.b"])
            .prop_map(String::from),
    ]
    .boxed()
}

/// `dec-octet`.
fn dec_octet() -> BoxedStrategy<String> {
    (0u16..=255).prop_map(|n| n.to_string()).boxed()
}

/// `IPv4address`.
fn ipv4() -> BoxedStrategy<String> {
    (dec_octet(), dec_octet(), dec_octet(), dec_octet())
        .prop_map(|(a, b, c, d)| format!("{a}.{b}.{c}.{d}"))
        .boxed()
}

/// `h16 = 1*4HEXDIG`.
fn h16() -> BoxedStrategy<String> {
    rep(one(HEXDIG), 1, 4)
}

/// `IPv6address`, each of its nine forms: `before` groups (at most `max_before`) `::` and
/// `after` groups, the last two possibly an IPv4 address (`ls32`).
fn ipv6() -> BoxedStrategy<String> {
    // (the most groups before `::`, the groups after it, with `::`?) for each form.
    let forms: [(usize, usize, bool); 9] = [
        (0, 6, false), // 6( h16 ":" ) ls32
        (0, 5, true),  // "::" 5( h16 ":" ) ls32
        (1, 4, true),
        (2, 3, true),
        (3, 2, true),
        (4, 1, true),
        (5, 0, true), // [ *4( h16 ":" ) h16 ] "::" ls32
        (6, 0, true), // [ *5( h16 ":" ) h16 ] "::" h16
        (7, 0, true), // [ *6( h16 ":" ) h16 ] "::"
    ];
    Union::new(
        forms
            .iter()
            .enumerate()
            .map(|(form, &(max_before, after, compressed))| {
                (
                    proptest::collection::vec(h16(), 0..=max_before),
                    proptest::collection::vec(h16(), after),
                    h16(),
                    h16(),
                    ipv4(),
                    any::<bool>(),
                )
                    .prop_map(move |(before, after, a, b, v4, use_v4)| {
                        let ls32 = if use_v4 { v4 } else { format!("{a}:{b}") };
                        let mut text = String::new();
                        if !compressed {
                            for g in &after {
                                text.push_str(g);
                                text.push(':');
                            }
                            return text + &ls32;
                        }
                        text.push_str(&before.join(":"));
                        text.push_str("::");
                        for g in &after {
                            text.push_str(g);
                            text.push(':');
                        }
                        match form {
                            7 => text + &a,
                            8 => text,
                            _ => text + &ls32,
                        }
                    })
                    .boxed()
            }),
    )
    .boxed()
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn ipvfuture() -> BoxedStrategy<String> {
    (
        rep(one(HEXDIG), 1, 2),
        rep(
            prop_oneof![unreserved(), one(SUB_DELIMS), one(":")].boxed(),
            1,
            4,
        ),
    )
        .prop_map(|(v, rest)| format!("v{v}.{rest}"))
        .boxed()
}

/// What a generated host is, for the refusals that depend on it.
#[derive(Clone, Debug)]
struct Host {
    text: String,
    /// A registered name (not an IP literal or an IPv4 address).
    name: bool,
}

/// `host = IP-literal / IPv4address / reg-name`; names mostly of labels.
fn host() -> BoxedStrategy<Host> {
    let reg_name = prop_oneof![
        4 => rep(prop_oneof![3 => unreserved(), 1 => one(".")].boxed(), 1, 10),
        1 => rep(prop_oneof![unreserved(), pct_encoded(), one(SUB_DELIMS)].boxed(), 0, 6),
        1 => proptest::sample::select(vec!["xn--bcher-kva.example", "xn--a.example", "localhost", "1.2.3", "0x7f.1", "www.example.com"])
            .prop_map(String::from),
    ];
    prop_oneof![
        4 => reg_name.prop_map(|text| Host { text, name: true }),
        1 => ipv4().prop_map(|text| Host { text, name: false }),
        1 => ipv6().prop_map(|a| Host { text: format!("[{a}]"), name: false }),
        1 => ipvfuture().prop_map(|a| Host { text: format!("[{a}]"), name: false }),
    ]
    .boxed()
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
#[derive(Clone, Debug)]
struct Authority {
    userinfo: Option<String>,
    host: Host,
    port: Option<String>,
}

fn authority() -> BoxedStrategy<Authority> {
    let userinfo = rep(
        prop_oneof![unreserved(), pct_encoded(), one(SUB_DELIMS), one(":")].boxed(),
        0,
        5,
    );
    (
        proptest::option::weighted(0.3, userinfo),
        host(),
        proptest::option::weighted(0.4, rep(one(DIGIT), 0, 5)),
    )
        .prop_map(|(userinfo, host, port)| Authority {
            userinfo,
            host,
            port,
        })
        .boxed()
}

/// `segment = *pchar`, with the dot segments (and their `%2E` spellings) made likely.
fn segment() -> BoxedStrategy<String> {
    prop_oneof![
        6 => rep(pchar(), 0, 6),
        1 => proptest::sample::select(vec![".", "..", "%2E", "%2e.", "www.example.com"]).prop_map(String::from),
    ]
    .boxed()
}

/// `segment-nz`.
fn segment_nz() -> BoxedStrategy<String> {
    rep(pchar(), 1, 6)
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`.
fn segment_nz_nc() -> BoxedStrategy<String> {
    prop_oneof![
        5 => rep(prop_oneof![4 => unreserved(), 1 => pct_encoded(), 1 => one(SUB_DELIMS), 1 => one("@")].boxed(), 1, 6),
        1 => proptest::sample::select(vec![".", "..", "www.example.com", "https//example.com"]).prop_map(String::from),
    ]
    .boxed()
}

/// `*( "/" segment )`.
fn slash_segments() -> BoxedStrategy<String> {
    proptest::collection::vec(segment(), 0..4)
        .prop_map(|segments| {
            let mut path = String::new();
            for segment in segments {
                path.push('/');
                path.push_str(&segment);
            }
            path
        })
        .boxed()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathKind {
    AbEmpty,
    Absolute,
    Rootless,
    NoScheme,
    Empty,
}

/// A URI reference and the parts it was generated from.
#[derive(Clone, Debug)]
struct Reference {
    scheme: Option<String>,
    authority: Option<Authority>,
    path: String,
    path_kind: PathKind,
    query: Option<String>,
    fragment: Option<String>,
}

impl Reference {
    fn text(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = &self.authority {
            out.push_str("//");
            if let Some(u) = &a.userinfo {
                out.push_str(u);
                out.push('@');
            }
            out.push_str(&a.host.text);
            if let Some(p) = &a.port {
                out.push(':');
                out.push_str(p);
            }
        }
        out.push_str(&self.path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

/// `query = *( pchar / "/" / "?" )` (and `fragment`, the same).
fn query() -> BoxedStrategy<String> {
    rep(prop_oneof![4 => pchar(), 1 => one("/?")].boxed(), 0, 6)
}

/// `URI-reference = URI / relative-ref`, with `hier-part` and `relative-part`.
fn uri_reference() -> BoxedStrategy<Reference> {
    let path = prop_oneof![
        (authority(), slash_segments()).prop_map(|(a, p)| (Some(a), p, PathKind::AbEmpty)),
        (segment_nz(), slash_segments()).prop_map(|(s, rest)| (
            None,
            format!("/{s}{rest}"),
            PathKind::Absolute
        )),
        Just((None, "/".to_owned(), PathKind::Absolute)),
        (segment_nz(), slash_segments()).prop_map(|(s, rest)| (
            None,
            s + &rest,
            PathKind::Rootless
        )),
        (segment_nz_nc(), slash_segments()).prop_map(|(s, rest)| (
            None,
            s + &rest,
            PathKind::NoScheme
        )),
        Just((None, String::new(), PathKind::Empty)),
    ];
    (
        proptest::option::weighted(0.7, scheme()),
        path,
        proptest::option::weighted(0.3, query()),
        proptest::option::weighted(0.3, query()),
    )
        .prop_filter_map(
            "not the form of its kind",
            |(scheme, (authority, path, kind), query, fragment)| {
                // `hier-part` takes path-rootless, `relative-part` path-noscheme.
                match (scheme.is_some(), kind) {
                    (true, PathKind::NoScheme) | (false, PathKind::Rootless) => return None,
                    _ => {}
                }
                Some(Reference {
                    scheme,
                    authority,
                    path,
                    path_kind: kind,
                    query,
                    fragment,
                })
            },
        )
        .boxed()
}

fn is_dot(segment: &str) -> bool {
    let plain = segment.to_ascii_lowercase().replace("%2e", ".");
    plain == "." || plain == ".."
}

fn special(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp", "file"].contains(&scheme.to_ascii_lowercase().as_str())
}

/// Whether a host name ends in a number (the URL Standard's "ends in a number") without
/// being a dotted-decimal IPv4 address.
fn numeric_name(name: &str) -> bool {
    let trimmed = name.strip_suffix('.').unwrap_or(name);
    let last = trimmed.rsplit('.').next().unwrap_or(trimmed);
    let number = (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || last
            .strip_prefix("0x")
            .or_else(|| last.strip_prefix("0X"))
            .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()));
    let dotted = name.split('.').count() == 4
        && name
            .split('.')
            .all(|p| p.parse::<u8>().is_ok() && (p == "0" || !p.starts_with('0')));
    number && !dotted
}

/// The documented refusals that apply to `r`, as the kinds `Url::parse` gives them.
fn refusals(r: &Reference) -> Vec<ParseErrorKind> {
    let mut kinds = Vec::new();
    let scheme = r.scheme.as_deref().unwrap_or("");
    // Dot segments, but a relative path's leading ones.
    let segments: Vec<&str> = r.path.split('/').collect();
    let mut leading = r.path_kind == PathKind::NoScheme;
    for (i, s) in segments.iter().enumerate() {
        if i == 0 && r.path.starts_with('/') {
            continue;
        }
        if is_dot(s) {
            if !leading {
                kinds.push(ParseErrorKind::InvalidPath);
            }
        } else {
            leading = false;
        }
    }
    if let Some(a) = &r.authority {
        let host = &a.host.text;
        if host.contains('%') {
            kinds.push(ParseErrorKind::InvalidEscape);
        }
        if a.host.name && numeric_name(host) {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        if a.host.name && host.to_ascii_lowercase().split('.').any(|l| l == "xn--a") {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        let empty_host = host.is_empty();
        if empty_host && (a.userinfo.is_some() || a.port.is_some()) {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        if scheme.eq_ignore_ascii_case("file") && (a.userinfo.is_some() || a.port.is_some()) {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        if empty_host && special(scheme) && !scheme.eq_ignore_ascii_case("file") {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        if empty_host && r.scheme.is_none() && a.userinfo.is_none() && a.port.is_none() {
            kinds.push(ParseErrorKind::InvalidHost);
        }
        if let Some(port) = &a.port {
            let significant = port.trim_start_matches('0');
            if significant.len() > 5 || significant.parse::<u32>().is_ok_and(|p| p > 65535) {
                kinds.push(ParseErrorKind::InvalidPort);
            }
        }
    } else if special(scheme) {
        kinds.push(ParseErrorKind::MissingAuthority);
    }
    // A host typed without its scheme.
    let first = r.path.split('/').next().unwrap_or("");
    if r.authority.is_none() {
        if r.scheme.is_none() {
            if first.len() >= 4 && first[..4].eq_ignore_ascii_case("www.") {
                kinds.push(ParseErrorKind::InvalidScheme);
            }
            let letters = first.bytes().take_while(u8::is_ascii_alphabetic).count();
            if letters > 0 && special(&first[..letters]) && r.path[letters..].starts_with("//") {
                kinds.push(ParseErrorKind::InvalidScheme);
            }
        } else if (scheme.eq_ignore_ascii_case("localhost") || scheme.contains('.'))
            && (1..=5).contains(&first.len())
            && first.bytes().all(|b| b.is_ascii_digit())
        {
            kinds.push(ParseErrorKind::InvalidScheme);
        }
    }
    kinds
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn url_parse_accepts_the_rfc_grammar_but_for_its_documented_refusals(r in uri_reference()) {
        let text = r.text();
        let expected = refusals(&r);
        match Url::parse(&text) {
            Ok(url) => prop_assert!(
                expected.is_empty(),
                "{:?} accepted as {}, but these refusals apply: {:?}",
                text,
                url,
                expected
            ),
            Err(e) => prop_assert!(
                expected.contains(e.kind()),
                "{:?} refused ({}), and no documented refusal applies (expected {:?})",
                text,
                e,
                expected
            ),
        }
    }
}
