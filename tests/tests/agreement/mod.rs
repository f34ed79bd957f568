//! What `agreement_cases.rs` (generated) runs each case through, and the values it draws.
//!
//! A case is one template and one set of values: `url!` expands them at compile-time-built
//! code, `Template::parse` and `template!` by interpreting the same plan. All three must
//! return the same `Url`, or the same `ExpandError` (placeholder and kind).

use std::cell::Cell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use urlkit::value::Value;
use urlkit::{ExpandError, Template, Url};

/// Cases per template.
pub(crate) const CASES: u32 = 400;

pub(crate) fn config() -> Config {
    // Failures are reported with the template and values; the generated file changes with
    // every regeneration, so persisted seeds would point at the wrong test.
    Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    }
}

/// The variables of one case, as `Template` takes them.
pub(crate) type Vars<'a> = BTreeMap<&'static str, &'a dyn Value>;

/// Counts the cases of one template and how they ended.
pub(crate) struct Tally {
    template: &'static str,
    ok: Cell<u32>,
    err: Cell<u32>,
}

impl Tally {
    pub(crate) fn new(template: &'static str) -> Tally {
        Tally {
            template,
            ok: Cell::new(0),
            err: Cell::new(0),
        }
    }

    /// One case: what `url!` built, against `Template::parse` and the `template!` constant.
    pub(crate) fn check(
        &self,
        by_macro: &Result<Url, ExpandError>,
        constant: &Template,
        vars: &Vars<'_>,
    ) -> Result<(), TestCaseError> {
        let t = self.template;
        let parsed = Template::parse(t).map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
        prop_assert_eq!(
            &parsed.expand(vars),
            by_macro,
            "{}: Template::parse (left) and url! (right) disagree",
            t
        );
        prop_assert_eq!(
            &constant.expand(vars),
            by_macro,
            "{}: template! (left) and url! (right) disagree",
            t
        );
        let count = if by_macro.is_ok() {
            &self.ok
        } else {
            &self.err
        };
        count.set(count.get() + 1);
        Ok(())
    }

    /// Every case ran, and some built a URL: a template that only ever fails would compare
    /// nothing but errors.
    pub(crate) fn finish(self) {
        let (ok, err) = (self.ok.get(), self.err.get());
        println!("{}: {ok} built, {err} refused", self.template);
        assert_eq!(ok + err, CASES, "{}", self.template);
        assert!(ok > 0, "{}: no case built a URL", self.template);
    }
}

/// Values that change a URL's shape when placed carelessly, and values that are valid hosts,
/// ports and addresses, besides arbitrary strings.
const HOSTILE: &[&str] = &[
    "", ".", "..", "%2e%2e", "%2E", ".%2e", "a/b", "/", "//", "/..", "../x", "?", "#", "a?b#c",
    "&", "=", "a=b&c", ":", "a:b", "@", "[::1]", "::1", "1.2.3.4", "0x7f.1", "8080", "65536", "%",
    "%zz", "%41", "%c3%a9", "é", "\u{0}", "\u{7f}", " ", "+", "'", "\\", "💖", "~-._", "a b",
];

pub(crate) fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(HOSTILE).prop_map(String::from),
        3 => any::<String>(),
        2 => "[a-z0-9.%/:?#@&=+;, é~-]{0,6}",
        // Host names.
        2 => "[a-z0-9-]{1,6}(\\.[a-z0-9-]{1,6}){0,2}",
    ]
}

pub(crate) fn opt() -> impl Strategy<Value = Option<String>> {
    prop::option::of(text())
}

pub(crate) fn list() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(text(), 0..4)
}

/// An associative array; the test passes it as a slice of pairs.
pub(crate) fn map() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((text(), text()), 0..3)
}

pub(crate) fn int() -> impl Strategy<Value = i64> {
    prop_oneof![-5_i64..100, any::<i64>()]
}

/// A port as an integer: in range or not, or none.
pub(crate) fn port() -> impl Strategy<Value = Option<u32>> {
    prop::option::of(prop_oneof![0_u32..=65535, any::<u32>()])
}

/// A port as text, checked when the URL is built.
pub(crate) fn port_text() -> impl Strategy<Value = String> {
    prop_oneof!["[0-9]{0,6}", text()]
}

/// An IPv6 address for `[{ip}]`, or anything else.
pub(crate) fn ip() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&["::1", "2001:db8::7", "fe80::1:2", "::ffff:1.2.3.4"][..])
            .prop_map(String::from),
        text(),
    ]
}
