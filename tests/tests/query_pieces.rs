//! A query that holds a pair written by hand (`q={x}`) beside pieces of other kinds: each
//! piece between the template's own `&` keeps its meaning whatever stands beside it (the
//! table of the `url!` docs, "Optional and repeated query parameters"). A hand-written pair
//! is left out when its value is undefined and repeated for a list; another piece (`{k}=1`,
//! `k=v{a}`, `k={a}{b}`, a whole `{k}` or `{+h}`) is RFC 6570 text, left out with its `&` when
//! it writes nothing; `?` goes before the first piece written and `&` between.
//!
//! Every row goes through `url!`, `Template::parse` and `template!`, which must all build
//! the URL the row states. The property test then joins such pieces at random and checks
//! that no piece that wrote nothing leaves `?&`, `&&`, or a dangling `&` or `?`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use urlkit::value::Value;
use urlkit::{ExpandError, ExpandErrorKind, Template, Url, template, url};

/// A map value: `{x}` writes it `m,1,n,2` (RFC 6570 §3.2.2).
fn map() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([("m", "1"), ("n", "2")])
}

/// The three results of one row, against what the row states.
fn same(
    template: &str,
    row: &str,
    by_macro: &Result<Url, ExpandError>,
    parsed: &Result<Url, ExpandError>,
    by_const: &Result<Url, ExpandError>,
    want: &Result<&str, (&str, ExpandErrorKind)>,
) {
    let as_want = |got: &Result<Url, ExpandError>| match got {
        Ok(url) => Ok(url.as_str().to_owned()),
        Err(e) => Err((e.placeholder().to_owned(), *e.kind())),
    };
    let want = (*want)
        .map(str::to_owned)
        .map_err(|(name, kind)| (name.to_owned(), kind));
    assert_eq!(as_want(by_macro), want, "url!({template:?}) with {row}");
    assert_eq!(
        as_want(parsed),
        want,
        "Template::parse({template:?}) with {row}"
    );
    assert_eq!(
        as_want(by_const),
        want,
        "template!({template:?}) with {row}"
    );
}

/// One row: the template, its variables' values, and the URL (or `Err(placeholder, kind)`)
/// that `url!`, `Template::parse` and `template!` must all give.
macro_rules! row {
    ($template:literal, $($name:ident = $value:expr),+ => $want:expr) => {{
        const T: Template = template!($template);
        $(let $name = $value;)+
        let by_macro: Result<Url, ExpandError> = url!($template);
        let vars: BTreeMap<&str, &dyn Value> =
            BTreeMap::from([$((stringify!($name), &$name as &dyn Value)),+]);
        let parsed = Template::parse($template)
            .unwrap_or_else(|e| panic!("{}: {e}", $template))
            .expand(&vars);
        let by_const = T.expand(&vars);
        let row = stringify!($($name = $value),+);
        same($template, row, &by_macro, &parsed, &by_const, &$want);
    }};
}

const NONE: Option<&str> = None;

#[test]
fn a_hand_pair_beside_text_and_a_value_keeps_drop_and_repeat() {
    row!("/p?q={x}&k=v{a}", x = NONE, a = NONE => Ok("/p?k=v"));
    row!("/p?q={x}&k=v{a}", x = NONE, a = "v" => Ok("/p?k=vv"));
    row!("/p?q={x}&k=v{a}", x = "", a = "" => Ok("/p?q=&k=v"));
    row!("/p?q={x}&k=v{a}", x = "v", a = ["a", "b"] => Ok("/p?q=v&k=va,b"));
    row!("/p?q={x}&k=v{a}", x = ["a", "b"], a = map() => Ok("/p?q=a&q=b&k=vm,1,n,2"));
    row!("/p?q={x}&k=v{a}", x = map(), a = NONE => Ok("/p?q=m,1,n,2&k=v"));
    row!("/p?q={x}&k=v{a}", x = Vec::<&str>::new(), a = "a b" => Ok("/p?k=va%20b"));
}

#[test]
fn a_whole_placeholder_piece_is_left_out_with_its_separator() {
    row!("/p?q={x}&{k}", x = NONE, k = NONE => Ok("/p"));
    row!("/p?q={x}&{k}", x = NONE, k = "" => Ok("/p"));
    row!("/p?q={x}&{k}", x = "", k = NONE => Ok("/p?q="));
    row!("/p?q={x}&{k}", x = NONE, k = "v" => Ok("/p?v"));
    row!("/p?q={x}&{k}", x = ["a", "b"], k = ["a", "b"] => Ok("/p?q=a&q=b&a,b"));
    row!("/p?q={x}&{k}", x = "v", k = map() => Ok("/p?q=v&m,1,n,2"));
    row!("/p?{k}&q={x}", x = NONE, k = NONE => Ok("/p"));
    row!("/p?{k}&q={x}", x = "v", k = NONE => Ok("/p?q=v"));
    row!("/p?{k}&q={x}", x = NONE, k = "v" => Ok("/p?v"));
    row!("/p?{k}&q={x}", x = ["a", "b"], k = "" => Ok("/p?q=a&q=b"));
    row!("/p?{k}{a}&q={x}", x = NONE, k = "", a = NONE => Ok("/p"));
    row!("/p?{k}{a}&q={x}", x = NONE, k = "v", a = "w" => Ok("/p?vw"));
}

#[test]
fn a_key_placeholder_piece_keeps_its_text() {
    row!("/p?{k}=1&q={x}", k = NONE, x = NONE => Ok("/p?=1"));
    row!("/p?{k}=1&q={x}", k = "v", x = "v" => Ok("/p?v=1&q=v"));
    row!("/p?{k}=1&q={x}", k = ["a", "b"], x = NONE => Ok("/p?a,b=1"));
    row!("/p?{k}=1&q={x}", k = map(), x = ["a", "b"] => Ok("/p?m,1,n,2=1&q=a&q=b"));
    row!("/p?q={x}&{k}=1", k = "", x = "" => Ok("/p?q=&=1"));
    // Before the `=` the template writes, a value does not write `=` (it would rename the
    // pair), as anywhere in a query.
    row!("/p?q={x}&{+k}=1", k = "a=b", x = NONE => Err(("k", ExpandErrorKind::LeavesComponent { delimiter: '=' })));
}

#[test]
fn a_value_of_two_placeholders_is_rfc_6570_text() {
    row!("/p?q={x}&k={a}{b}", x = NONE, a = NONE, b = NONE => Ok("/p?k="));
    row!("/p?q={x}&k={a}{b}", x = NONE, a = "v", b = ["a", "b"] => Ok("/p?k=va,b"));
    row!("/p?q={x}&k={a}{b}", x = "v", a = "", b = "" => Ok("/p?q=v&k="));
    row!("/p?q={x}&k={a}{b}", x = ["a", "b"], a = map(), b = NONE => Ok("/p?q=a&q=b&k=m,1,n,2"));
    row!("/p?q={x}&k={a}x", x = NONE, a = NONE => Ok("/p?k=x"));
    row!("/p?q={x}&k={a,b}", x = NONE, a = NONE, b = "v" => Ok("/p?k=v"));
}

#[test]
fn a_reserved_piece_writes_what_its_value_holds() {
    row!("/p?q={x}&{+h}", h = NONE, x = "v" => Ok("/p?q=v"));
    row!("/p?q={x}&{+h}", h = "", x = NONE => Ok("/p"));
    row!("/p?q={x}&{+h}", h = "a/b?c=d", x = NONE => Ok("/p?a/b?c=d"));
    row!("/p?q={x}&{+h}", h = ["a", "b"], x = ["c"] => Ok("/p?q=c&a,b"));
    row!("/p?q={x}&{+h}", h = map(), x = "" => Ok("/p?q=&m,1,n,2"));
    // A static piece between: its `&` is always written, so the `=` is the piece's own.
    row!("/p?{+h}&k=v&q={x}", h = "a=b", x = "v" => Ok("/p?a=b&k=v&q=v"));
    row!("/p?{+h}&k=v&q={x}", h = NONE, x = NONE => Ok("/p?k=v"));
    // A value adds no pair.
    row!("/p?q={x}&{+h}", h = "a&b", x = NONE => Err(("h", ExpandErrorKind::LeavesComponent { delimiter: '&' })));
}

/// A `{+h}` before any `=` of its piece, followed by a pair written by hand (with only
/// pieces between that may write nothing): the pair's `&` is written only with it, so
/// whether a `=` in `h` would come before the pair's name depends on the pair's value. Such
/// a template is refused; after the hand-written pairs, or with a static piece between, it
/// is accepted (rows above).
#[test]
fn a_reserved_piece_before_a_hand_pair_is_refused() {
    for (template, at) in [
        ("/p?{+h}&q={x}", 3..7),
        ("/p?k{+h}&q={x}", 4..8),
        ("/p?{+h}{&b}&q={x}", 3..7),
        ("/p?{+h}&{k}&q={x}", 3..7),
        ("/p{?a}&{+h,k}&q={x}#f", 7..13),
    ] {
        let err = Template::parse(template).expect_err(template);
        assert_eq!(
            *err.kind(),
            urlkit::TemplateErrorKind::ShapeDependsOnState,
            "{template}"
        );
        let (expression, encoded) = (
            &template[at.clone()],
            format!("{{{}", &template[at.start + 2..at.end]),
        );
        let error = err.errors().next().expect(template);
        assert_eq!(error.span(), at, "{template}");
        assert_eq!(
            error.message(),
            format!(
                "`{expression}` may write `=`, and the `&` of `q={{x}}` after it is written only when `x` is defined, so which `=` names the pair cannot be decided from the template; move `{expression}` after the pairs written by hand, or write `{encoded}`, which encodes `=`"
            ),
            "{template}"
        );
    }
    for template in [
        "/p?q={x}&{+h}",
        "/p?{+h}&k=v&q={x}",
        "/p?{+h}&k{c}&q={x}",
        "/p?{+h}=1&q={x}",
        "/p?k={+h}{c}&q={x}",
        "/p?{+h}&page=2",
    ] {
        assert!(Template::parse(template).is_ok(), "{template}");
    }
}

#[test]
fn query_operators_before_and_after_join_the_same_way() {
    row!("/p?q={x}&k=v{a}{&b}", x = NONE, a = NONE, b = "v" => Ok("/p?k=v&b=v"));
    row!("/p?q={x}&k=v{a}{&b}", x = NONE, a = "v", b = "v" => Ok("/p?k=vv&b=v"));
    row!("/p?q={x}&k=v{a}{&b}", x = "v", a = NONE, b = NONE => Ok("/p?q=v&k=v"));
    row!("/p?q={x}&{k}{&b}", x = NONE, k = NONE, b = NONE => Ok("/p"));
    row!("/p?q={x}&{k}{&b}", x = NONE, k = NONE, b = ["a", "b"] => Ok("/p?b=a,b"));
    row!("/p?q={x}&{k}{&b}", x = NONE, k = "", b = map() => Ok("/p?b=m,1,n,2"));
    row!("/p{?a}&q={x}&{k}", a = NONE, x = NONE, k = NONE => Ok("/p"));
    row!("/p{?a}&q={x}&{k}", a = "v", x = NONE, k = NONE => Ok("/p?a=v"));
    row!("/p{?a}&q={x}&{k}", a = NONE, x = NONE, k = "v" => Ok("/p?v"));
    row!("/p{?a}&q={x}&{k}", a = ["a", "b"], x = "", k = "" => Ok("/p?a=a,b&q="));
    row!("/p{?a}&q={x}&{k}=1", a = NONE, x = NONE, k = NONE => Ok("/p?=1"));
    row!("/p?k=1&{a}=1&r={+b}{&c}", a = "v", b = NONE, c = "v" => Ok("/p?k=1&v=1&c=v"));
}

#[test]
fn a_fragment_after_the_query_stays_after_it() {
    row!("/p?q={x}&{k}#f", x = NONE, k = NONE => Ok("/p#f"));
    row!("/p?q={x}&{k}#f", x = NONE, k = "v" => Ok("/p?v#f"));
    row!("/p?q={x}&q={x}&k=v{a}#f", x = NONE, a = "v" => Ok("/p?k=vv#f"));
    row!("https://h/?{c}{b}&s={c*}&{c}#f", c = NONE, b = NONE => Ok("https://h/#f"));
    row!("https://h/?{c}{b}&s={c*}&{c}#f", c = NONE, b = "v" => Ok("https://h/?v#f"));
    row!("https://h/?{c}{b}&s={c*}&{c}#f", c = map(), b = NONE => Ok("https://h/?m,1,n,2&s=m=1,n=2&m,1,n,2#f"));
    row!("/p?q={x}&{k}{#f}", x = NONE, k = NONE, f = "g" => Ok("/p#g"));
}

/// A hand-written pair in a query that cannot be joined piece by piece (an empty piece, or
/// text right after a `{&x}` in its piece) would be RFC 6570 text, `q=` for an undefined
/// `x`: the template is refused, at the culprit, with the fix.
#[test]
fn a_hand_pair_in_an_unjoinable_query_is_refused() {
    let empty = "this `&` leaves an empty query piece, so the query is RFC 6570 text as written, where `q={x}` writes `q=` when `x` is undefined rather than being left out; remove this `&`";
    let after = "`k=1` right after `{&b}` joins the pair `{&b}` writes, so the query is RFC 6570 text as written, where `q={x}` writes `q=` when `x` is undefined rather than being left out; write `&k=1` to make it a piece of its own";
    for (template, at, message) in [
        ("/p?q={x}&&k=1", 9..10, empty),
        ("/p?q={x}&", 8..9, empty),
        ("/p?&q={x}", 3..4, empty),
        ("/p?q={x}&#f", 8..9, empty),
        ("/p?q={x}&{&b}", 8..9, empty),
        ("/p?k=1&&q={x}&{c}", 7..8, empty),
        ("/p{?a}&&q={x}", 7..8, empty),
        ("/p?q={x}{&b}k=1", 12..15, after),
        ("/p?q={x}&{c}{&b}k=1#f", 16..19, after),
    ] {
        let err = Template::parse(template).expect_err(template);
        assert_eq!(
            *err.kind(),
            urlkit::TemplateErrorKind::UnjoinableQuery,
            "{template}"
        );
        assert_eq!(err.errors().count(), 1, "{template}");
        assert_eq!(err.span(), at, "{template}");
        assert_eq!(err.message(), message, "{template}");
    }
}

/// Where the query has no hand-written pair, it is RFC 6570 as written when a piece is not a
/// pair (`{k}`, `{k}=1`), is empty, or has text right after a `{&x}`: the `url!` docs say so,
/// and these rows pin it.
#[test]
fn other_queries_are_rfc_6570_as_written() {
    row!("/p?{k}=1&page=2", k = NONE => Ok("/p?=1&page=2"));
    row!("/p?{k}&page=2", k = NONE => Ok("/p?&page=2"));
    row!("/p?k=v{a}{&b}", a = NONE, b = "v" => Ok("/p?k=v&b=v"));
    row!("/p?k=1&&{c}", c = NONE => Ok("/p?k=1&&"));
    row!("/p?k=1{&b}k=1", b = NONE => Ok("/p?k=1k=1"));
    // Hand-written pairs alone, static pairs and operators: joined, as always.
    row!("/p?q={x}&k=v&page={p}", x = NONE, p = NONE => Ok("/p?k=v"));
    row!("/p?q={x}{&b}", x = NONE, b = NONE => Ok("/p"));
}

/// The pieces a query of the property test is made of: `(text, variables)`.
const PIECES: &[(&str, &[&str])] = &[
    ("q={x}", &["x"]),
    ("r={+y}", &["y"]),
    ("s={z*}", &["z"]),
    ("k=v", &[]),
    ("{a}=1", &["a"]),
    ("k=v{b}", &["b"]),
    ("k={c}{d}", &["c", "d"]),
    ("{e}", &["e"]),
    ("{+h}", &["h"]),
    ("{f}{g}", &["f", "g"]),
    ("k={i}x", &["i"]),
];

/// A value in one of the states the table uses: undefined, empty, a scalar, a list (empty or
/// not), a map.
fn state() -> impl Strategy<Value = StateValue> {
    prop_oneof![
        Just(StateValue::Undefined),
        Just(StateValue::Text(String::new())),
        "[a-z]{1,3}".prop_map(StateValue::Text),
        prop::collection::vec("[a-z]{0,2}", 0..3).prop_map(StateValue::List),
        prop::collection::btree_map("[a-z]{1,2}", "[a-z]{0,2}", 0..3).prop_map(StateValue::Map),
    ]
}

#[derive(Clone, Debug)]
enum StateValue {
    Undefined,
    Text(String),
    List(Vec<String>),
    Map(BTreeMap<String, String>),
}

impl Value for StateValue {
    fn expand(&self, e: &mut urlkit::value::Expansion<'_, '_>) {
        match self {
            StateValue::Undefined => {}
            StateValue::Text(text) => e.scalar(text.as_str()),
            StateValue::List(items) => e.list(items.iter().map(String::as_str)),
            StateValue::Map(map) => e.map(map.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
        }
    }
}

/// A query of 1 to 4 pieces with at least one hand-written pair, after a `?` or a `{?p}`,
/// maybe with a `{&o}` and a fragment after it.
fn query_template() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["/p?", "https://h/?", "/p{?p}&", "/p?k=1&"][..]),
        prop::collection::vec(prop::sample::select(PIECES), 1..5),
        0..3_usize,
        prop::sample::select(&["", "{&o}", "#f", "{&o}#f"][..]),
    )
        .prop_map(|(head, mut pieces, hand, tail)| {
            // Some piece is a hand-written pair (the first three of `PIECES` are).
            let at = hand % pieces.len();
            pieces[at] = PIECES[hand];
            let body: Vec<&str> = pieces.iter().map(|(text, _)| *text).collect();
            format!("{head}{}{tail}", body.join("&"))
        })
}

/// The query of `url` (before any `#`), if it has one.
fn query_of(url: &str) -> Option<&str> {
    let before_fragment = url.split('#').next()?;
    before_fragment.split_once('?').map(|(_, query)| query)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// No piece that writes nothing leaves a separator: a built URL has no `?&`, no `&&`,
    /// no `&` or `?` at the end of its query, and no `?` without a query after it; and the
    /// `url` crate reads back as many pairs as the template's pieces wrote.
    #[test]
    fn no_piece_that_writes_nothing_leaves_a_separator(
        template in query_template(),
        values in prop::collection::vec(state(), 16),
    ) {
        let t = match Template::parse(&template) {
            Ok(t) => t,
            Err(e) => {
                // Only a `{+h}` before a hand-written pair is refused (the test above).
                prop_assert_eq!(
                    e.kind(),
                    &urlkit::TemplateErrorKind::ShapeDependsOnState,
                    "{}: {}",
                    template,
                    e
                );
                prop_assert!(template.contains("{+h}"), "{}: {}", template, e);
                return Ok(());
            }
        };
        let names: Vec<&str> = t.variables().collect();
        let vars: BTreeMap<&str, &dyn Value> = names
            .iter()
            .zip(&values)
            .map(|(name, value)| (*name, value as &dyn Value))
            .collect();
        let Ok(url) = t.expand(&vars) else {
            // A value refused for where it stands (`&` in a `{+h}`): not this test's concern.
            return Ok(());
        };
        let text = url.as_str();
        if let Some(query) = query_of(text) {
            prop_assert!(!query.is_empty(), "{template} built {text}: `?` with no query");
            prop_assert!(!query.starts_with('&'), "{template} built {text}: `?&`");
            prop_assert!(!query.contains("&&"), "{template} built {text}: `&&`");
            prop_assert!(!query.ends_with('&'), "{template} built {text}: a trailing `&`");
            let parsed = url::Url::parse(&format!("https://h{}", text.trim_start_matches("https://h")))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            prop_assert_eq!(parsed.query_pairs().count(), query.split('&').count());
        }
    }
}
