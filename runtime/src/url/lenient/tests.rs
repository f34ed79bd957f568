//! One input for every [`RepairKind`]: the `match` below is exhaustive here, in the crate
//! that defines the (non-exhaustive) enum.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::{LenientErrorKind, RepairKind};
use crate::Url;

fn kinds(read: &super::Lenient) -> Vec<RepairKind> {
    read.repairs().iter().map(super::Repair::kind).collect()
}

/// An input that needs each repair, read against a `file` base (which the Windows drive
/// letter and `SchemeRelative` examples need). The `match` has no wildcard, so a new kind
/// fails to compile until it has an example here, and the test below lists the same kinds.
fn example(kind: RepairKind) -> &'static str {
    match kind {
        RepairKind::Trimmed => " http://h/ ",
        RepairKind::TabOrNewline => "http://h/a\tb",
        RepairKind::SchemeCase => "HTTP://h/",
        RepairKind::Backslash => "http://h/a\\b",
        RepairKind::Slashes => "http:\\\\h/",
        RepairKind::SchemeRelative => "file:x",
        RepairKind::EmptyCredentials => "http://@h/",
        RepairKind::HostCase => "http://H/",
        RepairKind::HostDecoded => "http://%68/",
        RepairKind::Idna => "http://\u{e9}.fr/",
        RepairKind::Ipv4 => "http://2130706433/",
        RepairKind::Ipv6 => "http://[0::1]/",
        RepairKind::FileLocalhost => "file://localhost/x",
        RepairKind::EmptyPort => "http://h:/",
        RepairKind::DefaultPort => "http://h:80/",
        RepairKind::PortZeros => "http://h:081/",
        RepairKind::EmptyPath => "http://h",
        RepairKind::DotSegment => "http://h/a/../b",
        RepairKind::WindowsDriveLetter => "file:///C|/x",
        RepairKind::Encoded => "http://h/a b",
        RepairKind::EncodedForRfc3986 => "http://h/a|b",
        RepairKind::EncodedAllowed => "http://h/?'",
        RepairKind::LonePercent => "http://h/%",
        RepairKind::EscapeCase => "http://h/%2f",
    }
}

#[test]
fn every_repair_has_an_input_that_needs_it() {
    let base = Url::parse("file:///dir/").unwrap();
    let all = [
        RepairKind::Trimmed,
        RepairKind::TabOrNewline,
        RepairKind::SchemeCase,
        RepairKind::Backslash,
        RepairKind::Slashes,
        RepairKind::SchemeRelative,
        RepairKind::EmptyCredentials,
        RepairKind::HostCase,
        RepairKind::HostDecoded,
        RepairKind::Idna,
        RepairKind::Ipv4,
        RepairKind::Ipv6,
        RepairKind::FileLocalhost,
        RepairKind::EmptyPort,
        RepairKind::DefaultPort,
        RepairKind::PortZeros,
        RepairKind::EmptyPath,
        RepairKind::DotSegment,
        RepairKind::WindowsDriveLetter,
        RepairKind::Encoded,
        RepairKind::EncodedForRfc3986,
        RepairKind::EncodedAllowed,
        RepairKind::LonePercent,
        RepairKind::EscapeCase,
    ];
    for kind in all {
        let input = example(kind);
        if kind == RepairKind::Idna && cfg!(not(feature = "idna")) {
            let err = base.resolve_lenient(input).unwrap_err();
            assert_eq!(err.kind(), LenientErrorKind::IdnaRequired);
            continue;
        }
        // `DotSegment` is reported by `parse_lenient` only: resolving removes dot segments
        // by definition (RFC 3986 §5.2.4).
        let read = if kind == RepairKind::DotSegment {
            Url::parse_lenient(input)
        } else {
            base.resolve_lenient(input)
        }
        .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert!(
            kinds(&read).contains(&kind),
            "{kind:?}: {:?}",
            read.repairs()
        );
        // The normalizations are exactly the repairs of text `Url::parse` accepts.
        if Url::parse(input).is_ok() {
            assert!(kind.is_normalization(), "{kind:?}");
        }
        for repair in read.repairs() {
            let message = repair.to_string();
            assert!(
                message.starts_with(&alloc::format!(
                    "bytes {}..{}: ",
                    repair.at().start,
                    repair.at().end
                )),
                "{message}"
            );
        }
    }
}
