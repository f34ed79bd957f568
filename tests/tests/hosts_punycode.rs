//! `xn--` labels against a WHATWG parser (the `url` crate, whose `idna` implements UTS #46):
//! every label urlkit refuses, in a literal (`Url::parse`, the grammar `url!` uses) or as a
//! `{host}` value, the `url` crate refuses too; every label the `url` crate accepts, urlkit
//! accepts. (The other way round is not claimed: UTS #46's table-driven rules are not checked
//! without Unicode tables.)

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::{ExpandErrorKind, Template, Url};

fn whatwg_accepts(host: &str) -> bool {
    url::Url::parse(&format!("http://{host}/")).is_ok()
}

fn urlkit_accepts(host: &str) -> bool {
    Url::parse(&format!("http://{host}/")).is_ok()
}

fn value_accepted(host: &str) -> bool {
    let t = Template::parse("http://{h}/").unwrap();
    match t.expand(&BTreeMap::from([("h", host)])) {
        Ok(_) => true,
        Err(e) => {
            assert_eq!(*e.kind(), ExpandErrorKind::InvalidHost, "{host}");
            false
        }
    }
}

#[test]
fn the_issues_example_and_its_kin() {
    // `xn--a` decodes to U+0080, a control.
    for bad in [
        "xn--a.com",
        "xn--.com",
        "xn--abc-.com",
        "xn--b!c.com",
        "a.xn--9.com",
    ] {
        assert!(!whatwg_accepts(bad), "{bad}: the url crate accepts it");
        assert!(!urlkit_accepts(bad), "{bad}");
        assert!(!value_accepted(bad), "{bad}");
    }
    let err = Url::parse("http://xn--a.com/").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`xn--a` is not a valid punycode label, so URL parsers refuse the host; write the `xn--` form of the Unicode label, or the label without `xn--` (at byte 7)"
    );
    for good in [
        "xn--bcher-kva.example",
        "xn--n3h.net",
        "xn--r8jz45g.xn--zckzah",
    ] {
        assert!(whatwg_accepts(good), "{good}");
        assert!(urlkit_accepts(good), "{good}");
        assert!(value_accepted(good), "{good}");
    }
    // A label with a placeholder is checked when the URL is built.
    let t = Template::parse("http://{sub}.example/").unwrap();
    let err = t.expand(&BTreeMap::from([("sub", "xn--a")])).unwrap_err();
    assert_eq!(*err.kind(), ExpandErrorKind::InvalidHost);
    assert!(Template::parse("http://{sub}.xn--a/").is_err());
}

/// An `xn--` label: random punycode digits, or the ASCII form of a random Unicode label as
/// the `url` crate writes it, possibly damaged.
fn label() -> impl Strategy<Value = String> {
    prop_oneof![
        "(xn|XN|Xn)--[a-zA-Z0-9-]{0,12}".prop_map(String::from),
        "[a-z]{0,2}[\u{e0}-\u{ff}\u{3b1}-\u{3c9}\u{4e00}-\u{4e20}\u{80}-\u{9f}\u{300}-\u{310}]{1,6}"
            .prop_filter_map("has an ASCII form", |unicode| {
                let host = url::Url::parse(&format!("http://{unicode}/")).ok()?;
                host.host_str()
                    .filter(|h| h.starts_with("xn--"))
                    .map(String::from)
            }),
        ("[a-z0-9]{1,6}", "[a-z0-9]{1,6}").prop_map(|(a, b)| format!("xn--{a}-{b}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn urlkit_refuses_only_what_whatwg_refuses(label in label(), damage in 0usize..4) {
        let mut label = label;
        if damage == 1 && label.len() > 5 {
            label.pop();
        }
        let host = format!("{label}.example");
        let whatwg = whatwg_accepts(&host);
        if whatwg {
            prop_assert!(urlkit_accepts(&host), "{host}: the url crate accepts it, Url::parse does not");
            prop_assert!(value_accepted(&host), "{host}: the url crate accepts it, a {{host}} value does not");
        }
        // A literal and a value agree.
        prop_assert_eq!(urlkit_accepts(&host), value_accepted(&host), "{}", host);
    }
}
