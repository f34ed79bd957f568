//! The authority's checks: userinfo, host (registered name or IP literal) and port (RFC 3986
//! §3.2), with the WHATWG rules that make a valid RFC 3986 host mean something else.

use alloc::string::ToString;
use alloc::vec::Vec;
use core::ops::Range;

use super::{Authority, Placement, Text};
use crate::chars;
use crate::error::{Component, ErrorKind, Errors};
use crate::host;
use crate::scheme::is_special;
use crate::template::Operator;

impl Text<'_> {
    pub(super) fn check_authority(
        &self,
        authority: &Authority,
        scheme: Option<&str>,
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let only_simple = |i: usize, component, placement, errors: &mut Errors| {
            let op = self.op(i);
            if op != Operator::Simple {
                errors.push(
                    self.exprs[i].range.clone(),
                    ErrorKind::OperatorNotAllowed {
                        op: op.as_str().chars().next().unwrap_or('?'),
                        component,
                    },
                );
            }
            placement
        };
        if let Some(userinfo) = authority.userinfo.clone() {
            self.check_text(
                userinfo,
                Component::Userinfo,
                chars::USERINFO,
                errors,
                |i, errors| {
                    placements[i] =
                        only_simple(i, Component::Userinfo, Placement::Userinfo, errors);
                },
            );
        }
        let host = authority.host.clone();
        // `http://2001:db8::1/` splits into host `2001` and port `db8::1`; say what it is.
        if let Some(port) = authority.port.clone()
            && self.exprs_in(host.start..port.end).next().is_none()
            && host::is_ipv6(&self.bytes[host.start..port.end])
        {
            errors.push(
                host.start..port.end,
                ErrorKind::UnbracketedIpv6 {
                    address: self.src[host.start..port.end].to_string(),
                },
            );
            return;
        }
        if self.bytes.get(host.start) == Some(&b'[') {
            self.check_ip_literal(host.clone(), placements, errors);
        } else {
            let mut has_expr = false;
            self.check_text(
                host.clone(),
                Component::Host,
                chars::REG_NAME,
                errors,
                |i, errors| {
                    has_expr = true;
                    placements[i] = if self.op(i) == Operator::Label {
                        Placement::Host
                    } else {
                        only_simple(i, Component::Host, Placement::Host, errors)
                    };
                },
            );
            let name = &self.bytes[host.clone()];
            self.check_xn_labels(host.clone(), errors);
            if !has_expr {
                if host::ends_in_a_number(name) && !host::is_ipv4(name) {
                    let ipv4 = host::whatwg_ipv4(name)
                        .map(|[a, b, c, d]| alloc::format!("{a}.{b}.{c}.{d}"));
                    errors.push(
                        host.clone(),
                        ErrorKind::NumericHost {
                            host: self.src[host.clone()].to_string(),
                            ipv4,
                        },
                    );
                }
                if let Some(scheme) = scheme
                    && name.is_empty()
                    && is_special(scheme)
                    && !scheme.eq_ignore_ascii_case("file")
                {
                    // `https://{?x}example.com/`: the query (or fragment) opens where the
                    // host belongs, and the host reads as query text; say that instead.
                    let after = &self.src[host.end..];
                    let opener = after
                        .starts_with(['{'])
                        .then(|| after.find('}'))
                        .flatten()
                        .filter(|_| after[1..].starts_with(['?', '&', '#']));
                    if let Some(close) = opener {
                        errors.push(
                            host.end..host.end + close + 1,
                            ErrorKind::OpenerBeforeHost {
                                scheme: scheme.to_string(),
                                expression: after[..=close].to_string(),
                            },
                        );
                    } else {
                        errors.push(
                            host.start.saturating_sub(1)..host.start,
                            ErrorKind::EmptyHost {
                                scheme: scheme.to_string(),
                            },
                        );
                    }
                }
            }
        }
        self.check_host_present(authority, scheme, errors);
        if let Some(port) = authority.port.clone() {
            self.check_port(port, placements, errors);
        }
    }

    /// The `xn--` labels of a registered name written in the template (labels that hold a
    /// placeholder are checked when the URL is built) must be punycode WHATWG parsers decode
    /// ([`host::invalid_xn_label`]).
    fn check_xn_labels(&self, host: Range<usize>, errors: &mut Errors) {
        let mut start = host.start;
        for label in self.bytes[host.clone()].split(|&b| b == b'.') {
            let range = start..start + label.len();
            start = range.end + 1;
            if !label.contains(&b'{') && host::invalid_xn_label(label).is_some() {
                let label = self.src[range.clone()].to_string();
                errors.push(range, ErrorKind::BadPunycode { label });
            }
        }
    }

    /// What RFC 3986 allows around a host but the WHATWG parser fails on: userinfo or a port
    /// beside an empty host ("host-missing", any scheme), and userinfo or a port in a `file`
    /// URL (its "file host state" reads them into the host, where `@` and `:` are forbidden
    /// host code points).
    pub(super) fn check_host_present(
        &self,
        authority: &Authority,
        scheme: Option<&str>,
        errors: &mut Errors,
    ) {
        let userinfo = authority.userinfo.clone();
        let port = authority.port.clone();
        let host = authority.host.clone();
        if scheme.is_some_and(|s| s.eq_ignore_ascii_case("file")) {
            // `me@` and `:1`, delimiters included: what to remove.
            for part in [
                userinfo.map(|u| u.start..u.end + 1),
                port.map(|p| p.start - 1..p.end),
            ]
            .into_iter()
            .flatten()
            {
                let part_text = self.src[part.clone()].to_string();
                errors.push(part, ErrorKind::FileAuthority { part: part_text });
            }
            return;
        }
        let special = scheme.is_some_and(is_special);
        // A special scheme's empty host is reported as `EmptyHost` already; a placeholder may
        // still fill the host.
        if !host.is_empty() || special {
            return;
        }
        if userinfo.is_some() {
            errors.push(
                host.start - 1..host.start,
                ErrorKind::HostMissing { port: false },
            );
        } else if port.is_some() {
            errors.push(
                host.end..host.end + 1,
                ErrorKind::HostMissing { port: true },
            );
        }
    }

    pub(super) fn check_ip_literal(
        &self,
        host: Range<usize>,
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let closed = host.len() >= 2 && self.bytes[host.end - 1] == b']';
        let inner = host.start + 1..if closed { host.end - 1 } else { host.end };
        let mut exprs = self.exprs_in(inner.clone());
        if let (Some(i), None) = (exprs.next(), exprs.next())
            && closed
            && self.exprs[i].range == inner
            && self.op(i) == Operator::Simple
        {
            placements[i] = Placement::IpLiteral;
            return;
        }
        let body = &self.bytes[inner.clone()];
        let has_close = self.bytes[host.clone()].contains(&b']');
        if !closed && !has_close {
            errors.push(
                host.start..host.start + 1,
                ErrorKind::UnclosedIpLiteral {
                    text: self.src[host].to_string(),
                },
            );
        } else if !closed || !(host::is_ipv6(body) || host::is_ipvfuture(body)) {
            errors.push(
                host.clone(),
                ErrorKind::BadIpLiteral {
                    text: self.src[host].to_string(),
                },
            );
        }
    }

    pub(super) fn check_port(
        &self,
        port: Range<usize>,
        placements: &mut [Placement],
        errors: &mut Errors,
    ) {
        let exprs: Vec<usize> = self.exprs_in(port.clone()).collect();
        if let [i] = exprs[..]
            && self.exprs[i].range == port
            && self.op(i) == Operator::Simple
        {
            placements[i] = Placement::Port;
            return;
        }
        if !exprs.is_empty() {
            for i in exprs {
                placements[i] = Placement::Port;
                errors.push(self.exprs[i].range.clone(), ErrorKind::PartialPort);
            }
            return;
        }
        // `port = *DIGIT` (RFC 3986 §3.2.3): an empty port is the scheme's default, and the
        // URL Standard reads it so too; normalization drops the `:` (§6.2.3).
        let digits = &self.bytes[port.clone()];
        let text = || self.src[port.clone()].to_string();
        if !digits.iter().all(u8::is_ascii_digit) {
            errors.push(port.clone(), ErrorKind::BadPort { port: text() });
        } else if too_large(&self.src[port.clone()]) {
            errors.push(port.clone(), ErrorKind::PortTooLarge { port: text() });
        }
    }
}

/// Whether the digits of a port are over 65535. RFC 3986 §3.2.3 allows leading zeros:
/// `:0080` is port 80.
fn too_large(digits: &str) -> bool {
    let significant = digits.trim_start_matches('0');
    significant.len() > 5 || significant.parse::<u32>().is_ok_and(|p| p > 65535)
}
