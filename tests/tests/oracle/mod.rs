//! Oracles that share neither urlkit's code nor its assumptions: an RFC 6570 expander
//! written from the RFC ([`rfc6570`], with urlkit's documented extensions as switches and
//! [`pairs`]), and a shape oracle ([`shape`]) that says, from the template and the tagged
//! expansion, where every byte must land. [`check`] runs one template and one set of values
//! through urlkit's `Template` and through them, and says whether they agree; every way
//! urlkit may differ is a named, documented refusal ([`shape::Violation`]) or a named
//! grammar rule ([`Grammar`]).
//!
//! Used by the differential test (`oracle_rfc6570.rs`), the fuzz targets (`fuzz/`) and the
//! replay of their corpora (`fuzz_corpora.rs`).

#![allow(
    dead_code,
    unreachable_pub,
    reason = "each test binary and fuzz target uses its own part of this module"
)]

pub mod fuzz;
pub mod pairs;
pub mod rfc6570;
pub mod shape;

use std::collections::BTreeSet;

use self::rfc6570::{Op, Part, Rules, Value};
use self::shape::Violation;
use urlkit::value::Expansion;

impl urlkit::value::Value for Value {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        match self {
            Value::Undef => {}
            Value::Str(s) => e.scalar(s.as_str()),
            Value::List(items) => e.list(items.iter().map(String::as_str)),
            Value::Map(pairs) => e.map(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
        }
    }
}

/// What one case showed, for the counts a run reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// The oracle cannot read the template (outside RFC 6570 §2, or too many variables to
    /// check every state): nothing compared.
    Skipped,
    /// urlkit refused the template; the oracle found why (the reason's name).
    TemplateRefused(&'static str),
    /// urlkit built the URL the reference builds, with the shape the template implies.
    Built,
    /// urlkit refused the values with this kind; the oracle found a violation it refuses.
    ValuesRefused(String),
    /// urlkit built the URL the reference builds, whose host a WHATWG parser refuses for a
    /// reason urlkit documents it does not check: an `xn--` label that decodes as punycode
    /// but that UTS #46's validity rules refuse ("What is not promised" in the crate docs).
    HostBeyondPunycode,
}

/// Why urlkit's grammar may refuse a template whose every state the shape oracle accepts:
/// rules of the strict URI grammar (`Url::parse`'s), each named after its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grammar {
    /// A `{?x}` after the query has begun, a `{#x}` after the fragment has.
    SecondOpener,
    /// An operator other than `{x}` (or `{.x}` in the host) in the authority, or a
    /// placeholder sharing the port.
    AuthorityOperator,
    /// An expression before the scheme's `:`, or in a relative path's first segment before
    /// a `:`.
    SchemeOrColon,
    /// `http(s)`, `ws(s)`, `ftp`, `file` without `//`, or with an empty host.
    SpecialScheme,
    /// The template's text is refused by a WHATWG parser once each variable has a plain
    /// value (a numeric host, say), or has a dot segment.
    Skeleton,
}

/// The variables of a template, each once.
pub fn variables(parts: &[Part]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut names = Vec::new();
    for part in parts {
        if let Part::Expr { vars, .. } = part {
            for v in vars {
                if seen.insert(v.name.clone()) {
                    names.push(v.name.clone());
                }
            }
        }
    }
    names
}

/// A plain value for `name`: a port's digits if it fills the port, else a letter.
fn plain(parts: &[Part], port: Option<usize>, name: &str) -> Value {
    let in_port = parts.iter().any(|p| {
        matches!(p, Part::Expr { index, vars, .. }
            if Some(*index) == port && vars.iter().any(|v| v.name == name))
    });
    Value::Str(String::from(if in_port { "1" } else { "v" }))
}

fn kind(e: &urlkit::ExpandError) -> String {
    let debug = format!("{:?}", e.kind());
    debug
        .split([' ', '{'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A template the oracle read, and what urlkit made of it.
pub struct Checked<'a> {
    source: &'a str,
    parts: Vec<Part>,
    urlkit: Option<urlkit::Template>,
    /// Why urlkit refused the template, if it did.
    pub refused: Option<&'static str>,
    /// How many states of its variables were checked.
    pub states: u64,
}

/// Checks `template` in every state of its variables (each plain or undefined): urlkit must
/// refuse the template, or refuse to expand it in a state that breaks the shape, or build
/// what keeps it. `Ok(None)` when the oracle cannot read the template.
pub fn check_template(template: &str) -> Result<Option<Checked<'_>>, String> {
    let Ok(parts) = rfc6570::parse(template) else {
        return Ok(None);
    };
    let names = variables(&parts);
    if names.len() > 8 {
        return Ok(None);
    }
    let rules = Rules::urlkit();
    let t = skeleton(template, &parts);
    let parsed = urlkit::Template::parse(template);
    // A template the docs refuse for its query (see `pairs`).
    let documented = pairs::refused(template, &parts);
    if let (Some(why), Ok(_)) = (documented, &parsed) {
        return Err(format!(
            "{template:?}: urlkit accepted it, but the docs refuse it ({why})"
        ));
    }
    let mut bad_state = None;
    let mut states = 0;
    for state in 0u32..(1 << names.len()) {
        states += 1;
        let value = |name: &str| {
            let i = names.iter().position(|n| n == name).unwrap_or(0);
            if state & (1 << i) == 0 {
                plain(&parts, t.port_expr, name)
            } else {
                Value::Undef
            }
        };
        let out = rfc6570::expand(template, &parts, &value, rules);
        let mut violations = t.violations(&out);
        // A `{+base}`, even undefined, starts a URL that must be valid as a whole (`www.x/`
        // is a host typed without its scheme).
        if t.base.is_some() && !base_is_valid(&out) {
            violations.push(Violation::BadBase);
        }
        if violations.is_empty() {
            if let Ok(urlkit) = &parsed {
                let vars = urlkit::template::vars_fn(|name| Some(value(name)));
                match urlkit.expand(&vars) {
                    Ok(url) if url.as_str() == out.text() => {}
                    other => {
                        return Err(format!(
                            "{template:?} in state {state:b} of {names:?}: urlkit gave {other:?}, the reference {:?}",
                            out.text()
                        ));
                    }
                }
            }
            continue;
        }
        bad_state.get_or_insert_with(|| violations.clone());
        if let Ok(urlkit) = &parsed {
            let vars = urlkit::template::vars_fn(|name| Some(value(name)));
            match urlkit.expand(&vars) {
                Ok(url) => {
                    return Err(format!(
                        "{template:?} in state {state:b} of {names:?}: urlkit built {url:?}, which breaks the shape: {violations:?}"
                    ));
                }
                Err(e) => {
                    let k = kind(&e);
                    if !explains(&violations, &k) {
                        return Err(format!(
                            "{template:?} in state {state:b} of {names:?}: urlkit refused with {k}, the oracle found {violations:?}"
                        ));
                    }
                }
            }
        }
    }
    let refused = match &parsed {
        Ok(_) => None,
        Err(e) => {
            let message = e.message();
            let state_error = [
                " is undefined",
                " are undefined",
                " is defined",
                " are defined",
            ]
            .iter()
            .any(|m| message.contains(m));
            Some(if let Some(why) = documented {
                why
            } else if state_error {
                if bad_state.is_none() {
                    return Err(format!(
                        "{template:?}: urlkit refused it ({message}), but every state keeps the shape"
                    ));
                }
                "a state breaks the shape"
            } else {
                grammar_reason(template, &parts, &t).ok_or_else(|| {
                    format!(
                        "{template:?}: urlkit refused it ({message}), and no grammar rule the oracle knows explains it"
                    )
                })?
            })
        }
    };
    Ok(Some(Checked {
        source: template,
        parts,
        urlkit: parsed.ok(),
        refused,
        states,
    }))
}

/// The template's own shape: its expansion with every variable a plain value.
fn skeleton<'a>(template: &'a str, parts: &'a [Part]) -> shape::Template<'a> {
    let probe = shape::Template::new(template, parts, rfc6570::Out::default());
    let port = probe.port_expr;
    let plain_of = |name: &str| plain(parts, port, name);
    let skeleton = rfc6570::expand(template, parts, &plain_of, Rules::urlkit());
    shape::Template::new(template, parts, skeleton)
}

/// What the reference expander builds for `template` with `values`, and the violations of
/// the template's shape the oracle finds in it; `None` when the oracle cannot read the
/// template. urlkit is not asked.
pub fn reference_of(
    template: &str,
    values: &[(String, Value)],
) -> Option<(String, Vec<Violation>)> {
    let parts = rfc6570::parse(template).ok()?;
    let t = skeleton(template, &parts);
    let value_of = |name: &str| {
        values
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Value::Undef, |(_, v)| v.clone())
    };
    let (out, violations) = reference(template, &parts, &t, &value_of);
    Some((out.text(), violations))
}

/// The reference expansion and every violation found in it.
fn reference(
    template: &str,
    parts: &[Part],
    t: &shape::Template<'_>,
    value_of: &dyn Fn(&str) -> Value,
) -> (rfc6570::Out, Vec<Violation>) {
    let out = rfc6570::expand(template, parts, value_of, Rules::urlkit());
    let mut violations = t.violations(&out);
    if t.base.is_some() && !base_is_valid(&out) {
        violations.push(Violation::BadBase);
    }
    if t.base.is_some() && !base_read_as_written(template, parts, value_of, &out) {
        violations.push(Violation::BaseReadOtherwise);
    }
    if !out.prefix_on_composite.is_empty() {
        violations.push(Violation::PrefixOnComposite);
    }
    if backslash_in_reserved(parts, value_of) {
        violations.push(Violation::Backslash);
    }
    (out, violations)
}

/// Runs `template` with `values` through urlkit and the oracles; `Err` describes a
/// disagreement.
pub fn check(template: &str, values: &[(String, Value)]) -> Result<Agreement, String> {
    match check_template(template)? {
        None => Ok(Agreement::Skipped),
        Some(checked) => checked.check_values(values),
    }
}

impl Checked<'_> {
    /// The template with `values`: urlkit builds what the reference builds and the shape
    /// holds, or urlkit refuses for a violation the oracle finds.
    pub fn check_values(&self, values: &[(String, Value)]) -> Result<Agreement, String> {
        if let Some(why) = self.refused {
            return Ok(Agreement::TemplateRefused(why));
        }
        let (template, parts) = (self.source, &self.parts[..]);
        let Some(urlkit) = &self.urlkit else {
            return Ok(Agreement::Skipped);
        };
        let t = skeleton(template, parts);
        let value_of = |name: &str| {
            values
                .iter()
                .find(|(n, _)| n == name)
                .map_or(Value::Undef, |(_, v)| v.clone())
        };
        let vars = urlkit::template::vars_fn(|name| Some(value_of(name)));
        let built = urlkit.expand(&vars);
        let (out, violations) = reference(template, parts, &t, &value_of);
        // A non-ASCII host (from host values) is converted as UTS #46 says with the `idna`
        // feature (the `idna` crate the `url` crate uses, read independently here) or
        // refused: the shape oracle's host rules are for ASCII hosts.
        let international = shape::split(&out.bytes)
            .host
            .filter(|h| !out.bytes[h.clone()].is_ascii());
        if let Some(h) = international {
            let text = out.text();
            let host = idna::domain_to_ascii_cow(&out.bytes[h.clone()], idna::AsciiDenyList::URL);
            return match (built, host) {
                (Ok(url), Ok(host)) => {
                    let expected = format!("{}{host}{}", &text[..h.start], &text[h.end..]);
                    if url.as_str() != expected {
                        return Err(format!(
                            "{template:?} {values:?}: urlkit built {:?}, the reference with its host converted {expected:?}",
                            url.as_str()
                        ));
                    }
                    whatwg_agrees(url.as_str())
                        .map_err(|e| format!("{template:?} {values:?}: {e}"))?;
                    Ok(Agreement::Built)
                }
                (Err(e), _) if kind(&e) == "InvalidHost" => Ok(Agreement::ValuesRefused(kind(&e))),
                (Err(e), _) => {
                    let k = kind(&e);
                    if explains(&violations, &k) {
                        Ok(Agreement::ValuesRefused(k))
                    } else {
                        Err(format!(
                            "{template:?} {values:?}: urlkit refused with {k} (`{}`), the oracle found {violations:?} in {text:?}",
                            e.placeholder()
                        ))
                    }
                }
                (Ok(url), Err(_)) => Err(format!(
                    "{template:?} {values:?}: urlkit built {:?}, but UTS #46 refuses the host of {text:?}",
                    url.as_str()
                )),
            };
        }
        match built {
            Ok(url) => {
                let expected = out.text();
                if url.as_str() != expected {
                    return Err(format!(
                        "{template:?} {values:?}: urlkit built {:?}, the reference {expected:?}",
                        url.as_str()
                    ));
                }
                if violations == [Violation::BadHost] && only_uts46_refuses(&out.bytes) {
                    return Ok(Agreement::HostBeyondPunycode);
                }
                if !violations.is_empty() {
                    return Err(format!(
                        "{template:?} {values:?}: urlkit built {:?}, which breaks the shape: {violations:?}",
                        url.as_str()
                    ));
                }
                if !shape::is_uri_reference(url.as_str().as_bytes()) {
                    return Err(format!(
                        "{template:?} {values:?}: urlkit built {:?}, which is not an RFC 3986 URI reference",
                        url.as_str()
                    ));
                }
                // A `file` URL is one WHATWG parsers rewrite (a documented limit of `Url`,
                // as in `fuzz::url_parse`): `file://h//a` collapses its `//`.
                if url.scheme().is_none_or(|s| !s.eq_ignore_ascii_case("file")) {
                    whatwg_agrees(url.as_str())
                        .map_err(|e| format!("{template:?} {values:?}: {e}"))?;
                }
                Ok(Agreement::Built)
            }
            Err(e) => {
                let k = kind(&e);
                if explains(&violations, &k) {
                    Ok(Agreement::ValuesRefused(k))
                } else {
                    Err(format!(
                        "{template:?} {values:?}: urlkit refused with {k} (`{}`), the oracle found {violations:?} in {:?}",
                        e.placeholder(),
                        out.text()
                    ))
                }
            }
        }
    }
}

/// Whether the oracle's violations account for urlkit's refusal of kind `k`: one of them
/// is refused with that kind, or the `{+base}` value is no base, after which the text is not
/// in the components the template gives it (`//` as a base makes the next segment a host),
/// so which of its rules urlkit meets first is not the oracle's to say.
fn explains(violations: &[Violation], k: &str) -> bool {
    violations.contains(&Violation::BadBase) || violations.iter().any(|v| v.kinds().contains(&k))
}

/// Whether a WHATWG parser reads the URL a `{+base}` started as it reads the same template
/// with the base's `\` written as typed (not `%5C`): the same scheme, host, port and number
/// of path segments. A `\` in a special URL is a `/` to WHATWG parsers (URL
/// Standard, "path state" and "authority state"), so `https://good.com\@evil.com` is the
/// host `good.com` as typed, but `evil.com` once the `\` is written `%5C`.
fn base_read_as_written(
    template: &str,
    parts: &[Part],
    value_of: &dyn Fn(&str) -> Value,
    out: &rfc6570::Out,
) -> bool {
    let rules = Rules {
        raw_base: true,
        ..Rules::urlkit()
    };
    let raw = rfc6570::expand(template, parts, value_of, rules).text();
    let Ok(base) = url::Url::parse("http://base.example/dir/file") else {
        return false;
    };
    let read = |text: &str| url::Url::options().base_url(Some(&base)).parse(text).ok();
    // What WHATWG parsers refuse as built is for the other checks; a relative URL's `\`
    // is `/` only if the base it is resolved against is special, which is the caller's
    // business (urlkit may refuse it or write it `%5C`).
    let Some(built) = read(&out.text()).filter(|_| shape::split(&out.bytes).scheme.is_some())
    else {
        return true;
    };
    let Some(raw) = read(&raw) else {
        return false;
    };
    raw.scheme() == built.scheme()
        && raw.host_str() == built.host_str()
        && raw.port() == built.port()
        && raw.cannot_be_a_base() == built.cannot_be_a_base()
        && raw.path().split('/').count() == built.path().split('/').count()
}

/// Whether a `{+x}` or `{#x}` value writes a `\` (a string, as much of it as a prefix
/// modifier keeps; a list item; a map key or value), which the crate docs ("What `{+x}` may
/// do") refuse wherever it stands.
fn backslash_in_reserved(parts: &[Part], value_of: &dyn Fn(&str) -> Value) -> bool {
    let backslash = |s: &String| s.contains('\\');
    parts.iter().any(|part| match part {
        Part::Expr {
            op: Op::Reserved | Op::Fragment,
            vars,
            ..
        } => vars.iter().any(|v| match value_of(&v.name) {
            Value::Undef => false,
            Value::Str(s) => {
                let written = v.prefix.map_or(&s[..], |n| rfc6570::prefix(&s, n, true));
                written.contains('\\')
            }
            // A prefix on a list or map is refused for itself (`PrefixOnComposite`).
            Value::List(items) => v.prefix.is_none() && items.iter().any(backslash),
            Value::Map(pairs) => {
                v.prefix.is_none() && pairs.iter().any(|(k, v)| backslash(k) || backslash(v))
            }
        }),
        _ => false,
    })
}

/// Whether the host of `url` is refused by the `url` crate only for an `xn--` label that
/// decodes as punycode (the `idna` crate's decoder, not urlkit's): with each such label
/// replaced by a plain one, the host is valid.
fn only_uts46_refuses(url: &[u8]) -> bool {
    let Some(host) = shape::split(url).host else {
        return false;
    };
    let Ok(host) = std::str::from_utf8(&url[host]) else {
        return false;
    };
    // Some label is `xn--`, and every one decodes.
    let (mut xn, mut decodes) = (false, true);
    let plain: Vec<&str> = host
        .split('.')
        .map(|label| match label.get(..4) {
            Some(start) if start.eq_ignore_ascii_case("xn--") => {
                xn = true;
                decodes &= idna::punycode::decode_to_string(&label[4..]).is_some();
                "a"
            }
            _ => label,
        })
        .collect();
    xn && decodes && !shape::is_host(host.as_bytes()) && shape::is_host(plain.join(".").as_bytes())
}

/// Which named grammar rule refuses the template, if one does.
fn grammar_reason(template: &str, parts: &[Part], t: &shape::Template<'_>) -> Option<&'static str> {
    let stand_in = shape::template_stand_in(parts, template.len(), template);
    let s = shape::split(&stand_in);
    // A second `{?x}`/`{#x}`: an opener after its component began.
    for part in parts {
        if let Part::Expr { start, op, .. } = part {
            let second = match op {
                Op::Query => {
                    s.query.as_ref().is_some_and(|q| q.start <= *start)
                        || s.fragment.as_ref().is_some_and(|f| f.start <= *start)
                }
                Op::Fragment => s.fragment.as_ref().is_some_and(|f| f.start <= *start),
                _ => false,
            };
            if second {
                return Some("SecondOpener");
            }
        }
    }
    let in_authority = |at: usize| {
        s.host.as_ref().is_some_and(|h| h.contains(&at))
            || s.userinfo.as_ref().is_some_and(|u| u.contains(&at))
            || s.port.as_ref().is_some_and(|p| p.contains(&at))
    };
    for part in parts {
        if let Part::Expr {
            start, op, vars, ..
        } = part
        {
            let host = s.host.as_ref().is_some_and(|h| h.contains(start));
            let allowed = *op == Op::Simple || (host && *op == Op::Label);
            if in_authority(*start) && !allowed {
                return Some("AuthorityOperator");
            }
            if s.port.as_ref().is_some_and(|p| p.contains(start))
                && (t.port_expr.is_none() || vars.len() > 1)
            {
                return Some("AuthorityOperator");
            }
            if s.host.as_ref().is_some_and(|h| h.contains(start))
                && template.as_bytes().get(h_start(&s)) == Some(&b'[')
            {
                return Some("AuthorityOperator");
            }
        }
    }
    // An expression before a `:` that would end a scheme, or a `:` in a relative path's
    // first segment.
    let first_stop = stand_in
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'))
        .unwrap_or(stand_in.len());
    if stand_in.get(first_stop) == Some(&b':') {
        let scheme = &template[..first_stop];
        let bad_scheme = scheme.contains('{')
            || !scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            || !scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if bad_scheme {
            return Some("SchemeOrColon");
        }
    }
    if let Some(scheme) = &s.scheme {
        let name = template[scheme.clone()].to_ascii_lowercase();
        let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&name.as_str());
        // Its `//` must be the template's own text: a `{/x}` after `https:/` writes the
        // second `/` only when `x` is defined.
        let own_slashes = template[scheme.end..].starts_with("://");
        if special
            && (!own_slashes
                || s.host.is_none()
                || s.host.as_ref().is_some_and(std::ops::Range::is_empty))
        {
            return Some("SpecialScheme");
        }
    }
    // A host typed without its scheme, which urlkit's grammar calls a typo (valid RFC 3986,
    // never meant): `https//h` or `www.h/a` (relative paths), `h.example:80` (a scheme).
    let lower = template.to_ascii_lowercase();
    let typo = ["http//", "https//", "ws//", "wss//", "ftp//", "file//"]
        .iter()
        .any(|p| lower.starts_with(p))
        // (`www.` alone names no host: it is a relative path.)
        || (s.scheme.is_none() && lower.starts_with("www.") && lower.len() > 4)
        || s.scheme.as_ref().is_some_and(|scheme| {
            let host = &template[scheme.clone()];
            let port = &template[scheme.end + 1..];
            let port = &port[..port.find(['/', '?', '#']).unwrap_or(port.len())];
            (host.eq_ignore_ascii_case("localhost") || host.contains('.'))
                && (1..=5).contains(&port.len())
                && port.bytes().all(|b| b.is_ascii_digit())
        });
    if typo {
        return Some("MissingScheme");
    }
    // A percent-escape in the host: RFC 3986 allows it, urlkit's grammar asks for the
    // character itself (WHATWG parsers decode it).
    if s.host
        .as_ref()
        .is_some_and(|h| template[h.clone()].contains('%'))
    {
        return Some("EscapeInHost");
    }
    // A non-ASCII host: urlkit asks for its punycode form.
    if s.host
        .as_ref()
        .is_some_and(|h| !template[h.clone()].is_ascii())
    {
        return Some("NonAsciiHost");
    }
    // A relative reference whose `//` has no host (`//`, `///a`, `//?q`): RFC 3986 §3.2
    // reads an empty authority, WHATWG parsers resolving it against a special base skip the
    // slashes and read the next segment as the host (`///evil.com`).
    if s.scheme.is_none()
        && s.host.as_ref().is_some_and(std::ops::Range::is_empty)
        && s.userinfo.is_none()
        && s.port.is_none()
    {
        return Some("EmptyAuthority");
    }
    // A host of the template's own text whose last label is a number (the URL Standard's
    // "ends in a number"): WHATWG parsers read it as an IPv4 address (`//6` is `0.0.0.6`),
    // and urlkit's grammar asks for the address as four dotted decimals.
    if let Some(h) = s.host.clone()
        && !parts
            .iter()
            .any(|p| matches!(p, Part::Expr { start, end, .. } if *start < h.end && *end > h.start))
    {
        let host = &template[h];
        let name = host.strip_suffix('.').unwrap_or(host);
        let last = name.rsplit('.').next().unwrap_or_default();
        let number = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
            || last
                .strip_prefix("0x")
                .or(last.strip_prefix("0X"))
                .is_some_and(|x| x.bytes().all(|b| b.is_ascii_hexdigit()));
        if number && host.parse::<std::net::Ipv4Addr>().is_err() {
            return Some("NumericHost");
        }
        // An `xn--` label that WHATWG parsers cannot decode (`//xn--p,`): the `url` crate,
        // not our punycode, is the judge.
        let xn = |l: &str| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
        if name.split('.').any(xn) && url::Url::parse(&format!("http://{host}/")).is_err() {
            return Some("BadPunycode");
        }
    }
    // A non-ASCII character outside RFC 3987's `ucschar` (or `iprivate`, in the query): not
    // an IRI character, so not one urlkit percent-encodes for you.
    let ucschar = |c: u32| {
        matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
            || ((0x10000..0xE0000).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
    };
    let iprivate =
        |c: u32| matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x0010_0000..=0x0010_FFFD);
    let in_expr = |i: usize| {
        parts
            .iter()
            .any(|p| matches!(p, Part::Expr { start, end, .. } if (*start..*end).contains(&i)))
    };
    let in_query = |i: usize| s.query.as_ref().is_some_and(|q| q.contains(&i));
    if template.char_indices().any(|(i, c)| {
        let c = u32::from(c);
        c >= 0x80 && !in_expr(i) && !ucschar(c) && (!iprivate(c) || !in_query(i))
    }) {
        return Some("NonIriCharacter");
    }
    // A character no reader sees (Unicode's `White_Space` beyond ASCII and
    // `Default_Ignorable_Code_Point`, from the Unicode 16 data files), but for the joiners and
    // variation selectors that shape the character before them: a URL that looks like
    // another, which urlkit's grammar refuses in its text.
    if template
        .char_indices()
        .any(|(i, c)| !in_expr(i) && unseen(u32::from(c)))
    {
        return Some("InvisibleCharacter");
    }
    // An empty host beside userinfo or a port: RFC 3986 allows it, WHATWG parsers fail on
    // it ("host-missing") in every scheme, and so does urlkit's grammar.
    if s.host.as_ref().is_some_and(std::ops::Range::is_empty)
        && (s.userinfo.is_some() || s.port.is_some())
    {
        return Some("HostMissing");
    }
    // The skeleton itself breaks the shape (a literal dot segment, a `//`), or a WHATWG
    // parser refuses it.
    if !t.violations(&t.skeleton).is_empty()
        || !shape::is_uri_reference(&t.skeleton.bytes)
        || whatwg_agrees(&t.skeleton.text()).is_err()
    {
        return Some("Skeleton");
    }
    None
}

/// `White_Space` (`PropList.txt`) above ASCII, and `Default_Ignorable_Code_Point`
/// (`DerivedCoreProperties.txt`) less ZWNJ, ZWJ and the variation selectors.
fn unseen(c: u32) -> bool {
    let white_space = matches!(
        c,
        0x85 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
    );
    let default_ignorable = matches!(
        c,
        0xAD | 0x34F
            | 0x61C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    );
    let shaping = matches!(c, 0x200C | 0x200D | 0x180B..=0x180D | 0x180F | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF);
    white_space || (default_ignorable && !shaping)
}

fn h_start(s: &shape::Split) -> usize {
    s.host.as_ref().map_or(usize::MAX, |h| h.start)
}

/// Whether a URL that a `{+base}` started is one a WHATWG parser reads back as written,
/// made of RFC 3986 characters (`[` and `]` only around the host, `%` only in triplets).
fn base_is_valid(out: &rfc6570::Out) -> bool {
    let text = out.text();
    // The URL as a template of its own: text only.
    let no_parts = Vec::new();
    let literal = rfc6570::Out {
        bytes: out.bytes.clone(),
        origin: (0..out.bytes.len()).map(rfc6570::Origin::Lit).collect(),
        prefix_on_composite: Vec::new(),
        port_defined: false,
    };
    let grammar = shape::Template::new(&text, &no_parts, literal);
    shape::is_uri_reference(&out.bytes)
        && whatwg_agrees(&text).is_ok()
        && grammar_reason(&text, &no_parts, &grammar).is_none()
}

/// A WHATWG parser (the `url` crate) reads `text` (against a base if it is relative) into
/// the components the oracle's own split finds.
pub fn whatwg_agrees(text: &str) -> Result<(), String> {
    // A network-path reference (`//host`) against a base of either kind: which scheme the
    // base has is the caller's business, and a special one makes WHATWG parsers skip the
    // slashes of an empty authority (`///evil.com` has the host `evil.com`, RFC 3986 §3.2
    // reads an empty one).
    if text.starts_with("//") {
        whatwg_agrees_on(text, "base:/dir/file")?;
    }
    whatwg_agrees_on(text, "http://base.example/dir/file")
}

fn whatwg_agrees_on(text: &str, base: &str) -> Result<(), String> {
    let s = shape::split(text.as_bytes());
    let get = |r: &Option<std::ops::Range<usize>>| r.clone().map(|r| &text[r]);
    let base = url::Url::parse(base).map_err(|e| e.to_string())?;
    let parsed = if s.scheme.is_some() {
        url::Url::parse(text)
    } else {
        base.join(text)
    }
    .map_err(|e| format!("{text:?}: the url crate refuses it: {e}"))?;
    if let Some(scheme) = get(&s.scheme)
        && parsed.scheme() != scheme.to_ascii_lowercase()
    {
        return Err(format!("{text:?}: scheme {:?}", parsed.scheme()));
    }
    let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&parsed.scheme());
    if let Some(host) = get(&s.host) {
        // A special scheme's host is a domain, lowercased; another's is opaque, kept as is.
        let mine = if special {
            host.to_ascii_lowercase()
        } else {
            host.to_string()
        };
        let theirs = parsed.host_str().unwrap_or_default();
        // WHATWG's file host state writes `localhost` as the empty host.
        let file_localhost = parsed.scheme() == "file" && mine == "localhost" && theirs.is_empty();
        let same = theirs == mine
            || file_localhost
            || match (
                theirs
                    .trim_matches(['[', ']'])
                    .parse::<std::net::Ipv6Addr>(),
                mine.trim_matches(['[', ']']).parse::<std::net::Ipv6Addr>(),
            ) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            };
        if !same {
            return Err(format!("{text:?}: host {theirs:?}, not {mine:?}"));
        }
        if let Some(port) = get(&s.port).filter(|p| !p.is_empty()) {
            let port: u16 = port
                .parse()
                .map_err(|_| format!("{text:?}: port {port:?}"))?;
            if parsed.port_or_known_default() != Some(port) {
                return Err(format!("{text:?}: port {:?}", parsed.port()));
            }
        }
    }
    if s.scheme.is_some() || s.host.is_some() {
        let path = &text[s.path.clone()];
        let mine = if path.is_empty() && special {
            "/"
        } else {
            path
        };
        // WHATWG parsers percent-encode nothing more in a valid path.
        if parsed.path() != mine && !(parsed.cannot_be_a_base() && path == parsed.path()) {
            return Err(format!("{text:?}: path {:?}, not {mine:?}", parsed.path()));
        }
    }
    let query = get(&s.query);
    // `'` is percent-encoded in the query of a special URL (the "special-query" set).
    let mine = query.map(|q| q.replace('\'', "%27"));
    let theirs = parsed.query().map(|q| q.replace('\'', "%27"));
    if s.scheme.is_some() && theirs != mine {
        return Err(format!("{text:?}: query {:?}", parsed.query()));
    }
    if let Some(q) = query {
        let mine = q.split('&').filter(|p| !p.is_empty()).count();
        let theirs = parsed.query_pairs().count();
        if mine != theirs {
            return Err(format!("{text:?}: {theirs} query pairs, not {mine}"));
        }
    }
    if parsed.fragment() != get(&s.fragment) && (s.fragment.is_some() || s.scheme.is_some()) {
        return Err(format!("{text:?}: fragment {:?}", parsed.fragment()));
    }
    Ok(())
}
