//! RFC 3986 reference resolution (§5.2) and normalization (§6.2.2, §6.2.3), written from the
//! RFC's text and pseudo-code and nothing else: the oracle the tests hold `Url::resolve` and
//! `Url::normalize` to. It shares no code with urlkit (no grammar, no tables, no splitter) and
//! does not check validity: it computes what the RFC says the result is.

#![allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]

/// The five components of §3, as the regular expression of Appendix B reads them: `None` for
/// an undefined component, `Some("")` for a defined empty one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Components {
    pub(crate) scheme: Option<String>,
    pub(crate) authority: Option<String>,
    pub(crate) path: String,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

/// Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, matched by hand.
pub(crate) fn split(text: &str) -> Components {
    let mut rest = text;
    let mut scheme = None;
    if let Some(end) = rest.find([':', '/', '?', '#'])
        && end > 0
        && rest[end..].starts_with(':')
    {
        scheme = Some(rest[..end].to_owned());
        rest = &rest[end + 1..];
    }
    let mut authority = None;
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        authority = Some(after[..end].to_owned());
        rest = &after[end..];
    }
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = rest[..end].to_owned();
    rest = &rest[end..];
    let mut query = None;
    if let Some(after) = rest.strip_prefix('?') {
        let end = after.find('#').unwrap_or(after.len());
        query = Some(after[..end].to_owned());
        rest = &after[end..];
    }
    let fragment = rest.strip_prefix('#').map(str::to_owned);
    Components {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// Which branch of §5.2.2 a reference took, so that tests can show they reach every one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Branch {
    /// `defined(R.scheme)`.
    Scheme,
    /// `defined(R.authority)`.
    Authority,
    /// `R.path == ""`, `defined(R.query)`.
    EmptyPathWithQuery,
    /// `R.path == ""`, no query: the base's query.
    EmptyPath,
    /// `R.path` starts with `/`.
    AbsolutePath,
    /// Otherwise: `merge(Base.path, R.path)`.
    Merge,
}

/// §5.2.2, "Transform References", with the `strict` flag of its pseudo-code: when it is
/// unset, a reference whose scheme is the base's loses it (compared ignoring case, as schemes
/// are, §3.1).
pub(crate) fn resolve(
    base: &Components,
    reference: &Components,
    strict: bool,
) -> (Components, Branch) {
    let mut r = reference.clone();
    let same_scheme = match (&r.scheme, &base.scheme) {
        (Some(r), Some(b)) => r.eq_ignore_ascii_case(b),
        _ => false,
    };
    if !strict && same_scheme {
        r.scheme = None;
    }
    let (scheme, authority, path, query, branch);
    if r.scheme.is_some() {
        scheme = r.scheme.clone();
        authority = r.authority.clone();
        path = remove_dot_segments(&r.path);
        query = r.query.clone();
        branch = Branch::Scheme;
    } else {
        if r.authority.is_some() {
            authority = r.authority.clone();
            path = remove_dot_segments(&r.path);
            query = r.query.clone();
            branch = Branch::Authority;
        } else {
            if r.path.is_empty() {
                path = base.path.clone();
                if r.query.is_some() {
                    query = r.query.clone();
                    branch = Branch::EmptyPathWithQuery;
                } else {
                    query = base.query.clone();
                    branch = Branch::EmptyPath;
                }
            } else {
                if r.path.starts_with('/') {
                    path = remove_dot_segments(&r.path);
                    branch = Branch::AbsolutePath;
                } else {
                    path = remove_dot_segments(&merge(base, &r.path));
                    branch = Branch::Merge;
                }
                query = r.query.clone();
            }
            authority = base.authority.clone();
        }
        scheme = base.scheme.clone();
    }
    let target = Components {
        scheme,
        authority,
        path,
        query,
        fragment: r.fragment,
    };
    (target, branch)
}

/// §5.2.3, "Merge Paths".
fn merge(base: &Components, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        format!("/{reference_path}")
    } else {
        match base.path.rfind('/') {
            Some(last) => format!("{}{reference_path}", &base.path[..=last]),
            None => reference_path.to_owned(),
        }
    }
}

/// §5.2.4, "Remove Dot Segments": the input and output buffers and rules A to E, in order.
pub(crate) fn remove_dot_segments(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input.replace_range(.., "/");
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            remove_last_segment(&mut output);
        } else if input == "/.." {
            input.replace_range(.., "/");
            remove_last_segment(&mut output);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            // E: the first segment, with its leading `/` if any, up to the next `/`.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| start + i);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// "removing the last segment and its preceding "/" (if any) from the output buffer".
fn remove_last_segment(output: &mut String) {
    let cut = output.rfind('/').unwrap_or(0);
    output.truncate(cut);
}

/// §5.3, "Component Recomposition".
pub(crate) fn recompose(c: &Components) -> String {
    let mut result = String::new();
    if let Some(scheme) = &c.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = &c.authority {
        result.push_str("//");
        result.push_str(authority);
    }
    result.push_str(&c.path);
    if let Some(query) = &c.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = &c.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}

/// §6.2.2 and §6.2.3 for a URI reference: case (scheme and host lowercase, triplet hex
/// uppercase), percent-encoding (triplets of unreserved characters decoded), and for `http`,
/// `https`, `ws` and `wss` the default port and the empty path. Dot segments are left alone:
/// the texts given to this hold them only where a relative reference starts.
pub(crate) fn normalize(text: &str) -> String {
    let mut c = split(text);
    let scheme = c.scheme.as_deref().map(str::to_ascii_lowercase);
    let default_port = match scheme.as_deref() {
        Some("http" | "ws") => Some(80),
        Some("https" | "wss") => Some(443),
        _ => None,
    };
    c.scheme.clone_from(&scheme);
    if let Some(authority) = &c.authority {
        let (userinfo, host_port) = match authority.rfind('@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority.as_str()),
        };
        // The port follows the last `:` that is not inside an IP literal.
        let host_end = match host_port.rfind(']') {
            Some(close) => close + 1,
            None => host_port.find(':').unwrap_or(host_port.len()),
        };
        let host = host_port[..host_end].to_ascii_lowercase();
        let mut port = host_port[host_end..].strip_prefix(':').map(str::to_owned);
        if let (Some(default), Some(written)) = (default_port, &port) {
            let number: u32 = written.parse().expect("the grammar allows digits only");
            port = (number != default).then(|| number.to_string());
        }
        let mut normalized = String::new();
        if let Some(userinfo) = userinfo {
            normalized.push_str(&decode_unreserved(userinfo));
            normalized.push('@');
        }
        normalized.push_str(&host);
        if let Some(port) = port {
            normalized.push(':');
            normalized.push_str(&port);
        }
        c.authority = Some(normalized);
        if default_port.is_some() && c.path.is_empty() {
            c.path.push('/');
        }
    }
    c.path = decode_unreserved(&c.path);
    c.query = c.query.as_deref().map(decode_unreserved);
    c.fragment = c.fragment.as_deref().map(decode_unreserved);
    recompose(&c)
}

/// §2.3 and §6.2.2.2: every triplet decoded to its octet, then written back: plain if it is
/// unreserved, else as a triplet with uppercase hex (§6.2.2.1). Characters that were not
/// triplets are copied.
pub(crate) fn decode_unreserved(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let triplet = text
            .get(i + 1..i + 3)
            .filter(|hex| c == '%' && hex.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(hex) = triplet else {
            out.push(c);
            continue;
        };
        let octet = u8::from_str_radix(hex, 16).expect("two hex digits");
        let unreserved = octet.is_ascii_alphanumeric() || b"-._~".contains(&octet);
        if unreserved {
            out.push(char::from(octet));
        } else {
            out.push('%');
            out.push_str(&hex.to_ascii_uppercase());
        }
        chars.next();
        chars.next();
    }
    out
}
