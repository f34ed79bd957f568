//! The hostile values behind other crates' published bugs (plus empty, space, `%2e%2e` and
//! `:`) in every place a `url!` placeholder can stand: as a whole value, as one item of a
//! list, as a map key. The compiled template must give exactly what `Template` gives for the
//! same template and value (`guards.rs` holds the reviewed golden table of those
//! results, and spells out the expected text or error for each); the rows below pin the
//! cases where a value would change the URL's shape.

use std::collections::HashMap;

use urlkit::value::Value;
use urlkit::{ExpandError, ExpandErrorKind, Template, Url, url};

const HOSTILE: [&str; 13] = [
    "..", ".", "a/b", "a%2Fb", "a+b", "a&b=c", "a?b#c", "é", "~-._", "", "a b", "%2e%2e", "a:b",
];

/// The URL, or the error as `!Kind@placeholder`.
fn show(result: Result<Url, ExpandError>) -> String {
    match result {
        Ok(url) => url.into_string(),
        Err(e) => format!("!{:?}@{}", e.kind(), e.placeholder()),
    }
}

fn by_template<V: Value>(template: &str, x: V) -> String {
    let vars = HashMap::from([("x", x)]);
    show(
        Template::parse(template)
            .expect("valid template")
            .expand(&vars),
    )
}

/// For each template literal, every hostile value through `url!` (captured as `$x`) and
/// through `Template`; returns how many pairs were compared.
macro_rules! same_as_template {
    ($x:ident => $value:expr; $($template:literal),* $(,)?) => {{
        let mut compared = 0;
        for $x in HOSTILE {
            $(
                let by_macro = show(url!($template, x = $value));
                assert_eq!(by_macro, by_template($template, $value), "{} with {:?}", $template, $x);
                compared += 1;
            )*
        }
        compared
    }};
}

#[test]
fn scalar_values_everywhere() {
    let compared = same_as_template!(v => v;
        // Path: a whole segment, the last segment, `{/x}`, part of a segment, `{+x}`.
        "https://h/files/{x}/raw",
        "https://h/files/{x}",
        "https://h{/x}/raw",
        "https://h/f/v{x}",
        "https://h/f/{x}.json",
        "https://h/{+x}/raw",
        "https://h/f{;x}/raw",
        "https://h/f/x{.x}",
        // Query: a hand-written pair, `{+x}`, `{?x}`, `{&x}`.
        "https://h/s?q={x}&page=2",
        "https://h/s?q={+x}",
        "https://h/s{?x}",
        "https://h/s?a=1{&x}",
        // Fragment, userinfo, host, port.
        "https://h/#{x}",
        "https://h/{#x}",
        "https://{x}@h/",
        "https://{x}/p",
        "https://api.{x}.com/",
        "https://h:{x}/",
        // Relative references.
        "{x}/rel",
        "{+x}/rel",
        "a{+x}",
        "/{+x}",
    );
    assert_eq!(compared, 22 * HOSTILE.len());
}

#[test]
fn list_items_and_map_keys() {
    let compared = same_as_template!(v => [v, "ok"];
        "https://h/p{/x*}",
        "https://h/p{/x}",
        "https://h/p/{x}",
        "https://h/s{?x*}",
        "https://h/s?tag={x}",
        "https://h/#{x}",
    );
    assert_eq!(compared, 6 * HOSTILE.len());
    let compared = same_as_template!(v => [(v, "1"), ("k", v)];
        "https://h/s{?x*}",
        "https://h/s{?x}",
        "https://h/p{/x*}",
        "https://h/p{;x*}",
    );
    assert_eq!(compared, 4 * HOSTILE.len());
}

/// Where a value would change the URL's shape, the result is the error, naming the
/// placeholder, and never a URL.
#[test]
fn shape_changing_values_are_refused() {
    let kind = |r: Result<Url, ExpandError>| r.map(Url::into_string).map_err(|e| *e.kind());
    let dots = ["..", "."];
    for x in dots {
        assert_eq!(
            kind(url!("https://h/files/{x}/raw")),
            Err(ExpandErrorKind::DotSegment)
        );
        assert_eq!(
            kind(url!("https://h{/x}/raw")),
            Err(ExpandErrorKind::DotSegment)
        );
        assert_eq!(
            kind(url!("https://h{/x*}", x = ["a", x])),
            Err(ExpandErrorKind::DotSegment)
        );
        assert_eq!(
            kind(url!("https://h/{+x}/raw")),
            Err(ExpandErrorKind::DotSegment)
        );
    }
    let x = "%2e%2e";
    assert_eq!(
        kind(url!("https://h/{+x}/raw")),
        Err(ExpandErrorKind::DotSegment)
    );
    assert_eq!(
        kind(url!("https://h/{x}/raw")),
        Ok("https://h/%252e%252e/raw".into())
    );
    let x = "";
    assert_eq!(
        kind(url!("https://h/files/{x}/raw")),
        Err(ExpandErrorKind::EmptySegment)
    );
    assert_eq!(
        kind(url!("https://h{/x}/raw")),
        Err(ExpandErrorKind::DoubleSlash)
    );
    let x = "a?b#c";
    assert_eq!(
        kind(url!("https://h/{+x}/raw")),
        Err(ExpandErrorKind::LeavesComponent { delimiter: '?' })
    );
    assert_eq!(
        kind(url!("https://h/s?q={+x}")),
        Err(ExpandErrorKind::LeavesComponent { delimiter: '#' })
    );
    assert_eq!(
        kind(url!("https://h/s?q={x}")),
        Ok("https://h/s?q=a%3Fb%23c".into())
    );
    let x = "a&b=c";
    assert_eq!(
        kind(url!("https://h/s?q={x}&page=2")),
        Ok("https://h/s?q=a%26b%3Dc&page=2".into())
    );
    for x in HOSTILE {
        // This crate enables the `idna` feature, which makes `é` the host `xn--9ca`.
        let host = if x == "é" {
            Ok("https://xn--9ca/p".into())
        } else {
            Err(ExpandErrorKind::InvalidHost)
        };
        assert_eq!(kind(url!("https://{x}/p")), host, "{x:?}");
        assert_eq!(
            kind(url!("https://h:{x}/")),
            Err(ExpandErrorKind::InvalidPort),
            "{x:?}"
        );
    }
}
