//! What the WHATWG URL parser does to a URL that `Url::parse` accepted: the allowed
//! differences ([`Rule`]) and a function applying them ([`whatwg_form`]).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::net::Ipv6Addr;

use urlkit::Url;

/// The WHATWG normalizations an accepted URL may undergo. Each names its URL Standard step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rule {
    /// "scheme state": the scheme is ASCII-lowercased.
    SchemeCase,
    /// "host parsing" / "domain to ASCII": a special URL's domain is ASCII-lowercased (an
    /// opaque host of a non-special URL keeps its case).
    HostCase,
    /// "IPv6 serializer": the longest run of zero groups is compressed, hex is lowercase.
    Ipv6Serialization,
    /// "file host state": the host `localhost` of a `file` URL becomes empty.
    FileLocalhost,
    /// "port state": the port is read as a number and written back in decimal (`:080` is
    /// `:80`).
    PortNumber,
    /// "port state": a special scheme's default port is dropped.
    DefaultPort,
    /// "port state": a `:` with no digits after it sets no port, so it is not written (RFC
    /// 3986 §3.2.3 allows the empty port, and §6.2.3 drops its `:` too).
    EmptyPort,
    /// "URL serializer": empty username and password are not written, so `user:@` becomes
    /// `user@` and `:@` or `@` disappear.
    EmptyCredentials,
    /// "path start state": a special URL's empty path becomes `/`.
    EmptySpecialPath,
    /// "special-query percent-encode set": `'` in a special URL's query becomes `%27`.
    SpecialQueryQuote,
    /// WHATWG keeps triplet hex as written; `Url::parse` uppercases it (RFC 3986 §6.2.2.1), an
    /// equivalent form. Checked by [`same_href`].
    TripletCase,
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

fn is_special(scheme: &str) -> bool {
    default_port(scheme).is_some() || scheme == "file"
}

/// The URL Standard's IPv6 serializer: compress the first longest run of two or more zero
/// groups, lowercase hex, no dotted IPv4 tail.
pub(crate) fn serialize_ipv6(addr: Ipv6Addr) -> String {
    let groups = addr.segments();
    let (mut best, mut best_len) = (None, 1);
    let mut i = 0;
    while i < 8 {
        let start = i;
        while i < 8 && groups[i] == 0 {
            i += 1;
        }
        if i - start > best_len {
            (best, best_len) = (Some(start), i - start);
        }
        i = i.max(start + 1);
    }
    let mut out = String::from("[");
    let mut i = 0;
    while i < 8 {
        if Some(i) == best {
            out.push_str(if i == 0 { "::" } else { ":" });
            i += best_len;
            continue;
        }
        write!(out, "{:x}", groups[i]).unwrap();
        if i < 7 {
            out.push(':');
        }
        i += 1;
    }
    out.push(']');
    out
}

/// Whether `expected` (from [`whatwg_form`]) and the WHATWG parser's `href` are the same up
/// to triplet hex case; notes [`Rule::TripletCase`] in `used` when the case differed.
pub(crate) fn same_href(expected: &str, href: &str, used: &mut BTreeSet<Rule>) -> bool {
    if expected == href {
        return true;
    }
    let same = upper_triplets(expected) == upper_triplets(href);
    if same {
        used.insert(Rule::TripletCase);
    }
    same
}

/// Uppercases the hex of every percent-triplet.
pub(crate) fn upper_triplets(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let triplet = b
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        if b[i] == b'%' && triplet {
            out.push('%');
            out.push_str(&s[i + 1..i + 3].to_ascii_uppercase());
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Rewrites an absolute `url` as the WHATWG parser serializes it, applying only the
/// [`Rule`]s, and notes in `used` which rules changed something. Compare the result with
/// [`same_href`].
pub(crate) fn whatwg_form(url: &Url, used: &mut BTreeSet<Rule>) -> String {
    let mut apply = |rule: Rule, before: &str, after: String| {
        if before != after {
            used.insert(rule);
        }
        after
    };
    let written_scheme = url.scheme().expect("only absolute URLs are compared");
    let scheme = apply(
        Rule::SchemeCase,
        written_scheme,
        written_scheme.to_ascii_lowercase(),
    );
    let special = is_special(&scheme);
    let mut out = format!("{scheme}:");
    if let Some(host) = url.host() {
        out.push_str("//");
        let userinfo = url.userinfo().unwrap_or("");
        let (username, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
        let mut credentials = String::from(username);
        if !password.is_empty() {
            write!(credentials, ":{password}").unwrap();
        }
        if !credentials.is_empty() {
            credentials.push('@');
        }
        let written = url.userinfo().map(|u| format!("{u}@")).unwrap_or_default();
        out.push_str(&apply(Rule::EmptyCredentials, &written, credentials));
        let host = if let Some(ip) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            let addr = ip.parse::<Ipv6Addr>().expect("an IPv6 literal");
            apply(Rule::Ipv6Serialization, host, serialize_ipv6(addr))
        } else if special {
            apply(Rule::HostCase, host, host.to_ascii_lowercase())
        } else {
            host.to_owned()
        };
        let host = if scheme == "file" && host == "localhost" {
            apply(Rule::FileLocalhost, &host, String::new())
        } else {
            host
        };
        out.push_str(&host);
        // The port as written, `:` included: what the authority holds after the host.
        let authority = url.authority().unwrap_or_default();
        let after_userinfo = authority.strip_prefix(&written).unwrap_or(authority);
        let written_port = after_userinfo.strip_prefix(url.host().unwrap_or_default());
        let written_port = written_port
            .expect("the authority holds the host")
            .to_owned();
        if let Some(port) = url.port() {
            let number = apply(Rule::PortNumber, &written_port, format!(":{port}"));
            let kept = if default_port(&scheme) == Some(port) {
                String::new()
            } else {
                number.clone()
            };
            out.push_str(&apply(Rule::DefaultPort, &number, kept));
        } else {
            out.push_str(&apply(Rule::EmptyPort, &written_port, String::new()));
        }
        let path = url.path();
        let path = if special && path.is_empty() {
            apply(Rule::EmptySpecialPath, path, "/".to_owned())
        } else {
            path.to_owned()
        };
        out.push_str(&path);
    } else {
        out.push_str(url.path());
    }
    if let Some(query) = url.query() {
        out.push('?');
        if special {
            let quoted = query.replace('\'', "%27");
            out.push_str(&apply(Rule::SpecialQueryQuote, query, quoted));
        } else {
            out.push_str(query);
        }
    }
    if let Some(fragment) = url.fragment() {
        write!(out, "#{fragment}").unwrap();
    }
    out
}
