//! `url!` templates: the examples of the `url!` documentation and the tour, where values come from (captures and
//! named arguments), every value type `urlkit::value` lists, every operator in every component, the
//! base join, and that the expansion evaluates each value once and never meets the user's
//! own names.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::Ipv4Addr;
use std::rc::Rc;
use std::sync::Arc;

use urlkit::value::List;
use urlkit::{ExpandError, ExpandErrorKind, Fmt, Url, url};

const API: Url = url!("https://api.example.com/v1/");

/// The `url!` documentation's first examples, written as there.
#[test]
fn readme_examples() -> Result<(), ExpandError> {
    let (owner, repo) = ("rust-lang", "rust");
    let u: Url = url!(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
        state = "open",
        labels = ["A-macros", "C-bug"],
        page = Some(2)
    )?;
    assert_eq!(
        u,
        "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2"
    );

    let id = 42;
    let u = url!(API, "users/{id}/posts")?;
    assert_eq!(u, "https://api.example.com/v1/users/42/posts");

    let cafe = url!("https://example.com/café?q=ä");
    assert_eq!(cafe, "https://example.com/caf%C3%A9?q=%C3%A4");
    Ok(())
}

/// A template with nothing but text is a literal: a `Url`, usable in `const`.
#[test]
fn a_template_without_placeholders_is_a_literal() {
    const HOME: Url = url!("https://example.com/");
    let home: Url = url!("https://example.com/");
    assert_eq!(HOME, home);
}

#[test]
fn captures_and_named_arguments() -> Result<(), ExpandError> {
    let user = "ada";
    // A capture, a named argument and an expression in one call.
    let u = url!(
        "/users/{user}/repos/{name}{?page}",
        name = user.to_uppercase(),
        page = 1 + 1
    )?;
    assert_eq!(u, "/users/ada/repos/ADA?page=2");
    // A named argument wins over a variable of the same name, as in `format!`.
    let u = url!("/users/{user}", user = "grace")?;
    assert_eq!(u, "/users/grace");
    // The same variable twice, a trailing comma.
    let u = url!("/{user}/{user}{?user}", user = "x",)?;
    assert_eq!(u, "/x/x?user=x");
    // RFC 6570 names that are not Rust identifiers, and keywords.
    let u = url!(
        "/{type}{?last.name,Some%20Thing,42}",
        r#type = "t",
        "last.name" = "Doe",
        "Some%20Thing" = "s",
        "42" = 42
    )?;
    assert_eq!(u, "/t?last.name=Doe&Some%20Thing=s&42=42");
    let u = url!("/{match}", match = "m")?;
    assert_eq!(u, "/m");
    Ok(())
}

#[test]
fn each_value_is_evaluated_once_in_the_order_written() -> Result<(), ExpandError> {
    let calls = Cell::new(0);
    let next = || {
        calls.set(calls.get() + 1);
        calls.get()
    };
    let u = url!("/{b}/{a}/{b}{?a,b}", a = next(), b = next())?;
    assert_eq!(u, "/2/1/2?a=1&b=2");
    assert_eq!(calls.get(), 2);
    Ok(())
}

#[test]
fn temporaries_live_until_the_url_is_built() -> Result<(), ExpandError> {
    let u = url!(
        "/{a}{?b}",
        a = String::from("x").as_str(),
        b = vec![1, 2].as_slice()
    )?;
    assert_eq!(u, "/x?b=1,2");
    Ok(())
}

/// The expansion's locals are hygienic: the user's `__w`, `__e`, `__v0` are untouched and
/// can be captured.
#[test]
fn generated_names_never_meet_the_users() -> Result<(), ExpandError> {
    // A module named like a placeholder stays reachable from the arguments.
    mod id {
        pub(crate) fn new() -> u32 {
            7
        }
    }
    let __w = "w";
    let __e = "e";
    let __v0 = "v0";
    let __base = "b";
    let u = url!("/{__w}/{__e}/{__v0}/{__base}")?;
    assert_eq!(u, "/w/e/v0/b");
    let u = url!("/{id}", id = id::new())?;
    assert_eq!(u, "/7");
    Ok(())
}

/// A literal forwarded by `macro_rules!` captures where the literal is written.
#[test]
fn captures_through_macro_rules() -> Result<(), ExpandError> {
    macro_rules! user_url {
        ($template:literal) => {
            url!($template)
        };
    }
    let name = "ada";
    assert_eq!(user_url!("/users/{name}")?, "/users/ada");
    Ok(())
}

#[test]
fn value_types() -> Result<(), ExpandError> {
    let s = String::from("a b");
    let cow: Cow<'_, str> = Cow::Borrowed("c/d");
    let bytes: &[u8] = b"\xF7\x00a";
    assert_eq!(url!("/{s}")?, "/a%20b");
    assert_eq!(url!("/{cow}")?, "/c%2Fd");
    assert_eq!(url!("/{x}", x = 'é')?, "/%C3%A9");
    assert_eq!(url!("/{x}", x = -12i64)?, "/-12");
    assert_eq!(
        url!("/{x}", x = u128::MAX)?,
        "/340282366920938463463374607431768211455"
    );
    assert_eq!(url!("/{x}", x = 1.5f64)?, "/1.5");
    assert_eq!(url!("/{x}", x = true)?, "/true");
    assert_eq!(url!("/{bytes}")?, "/%F7%00a");
    assert_eq!(url!("/{x}", x = &&&"ref")?, "/ref");
    assert_eq!(url!("/{x}", x = Box::new("box"))?, "/box");
    assert_eq!(url!("/{x}", x = Rc::new(String::from("rc")))?, "/rc");
    assert_eq!(url!("/{x}", x = Arc::<str>::from("arc"))?, "/arc");
    assert_eq!(url!("/{x}", x = Fmt(Ipv4Addr::LOCALHOST))?, "/127.0.0.1");
    // Lists.
    let v = vec!["a", "b c"];
    let d = VecDeque::from([1, 2]);
    assert_eq!(url!("/l{?v}")?, "/l?v=a,b%20c");
    assert_eq!(url!("/l{?v*}")?, "/l?v=a&v=b%20c");
    assert_eq!(url!("/l{?d}")?, "/l?d=1,2");
    assert_eq!(url!("/l{/x*}", x = ["p", "q"])?, "/l/p/q");
    assert_eq!(url!("/l{/x*}", x = &v[..1])?, "/l/a");
    assert_eq!(
        url!("/l{?n*}", n = List((1..=3).map(|n| n * 10)))?,
        "/l?n=10&n=20&n=30"
    );
    // Maps, in iteration order.
    let map = BTreeMap::from([("k", "v"), ("a", "b")]);
    assert_eq!(url!("/m{?map*}")?, "/m?a=b&k=v");
    assert_eq!(url!("/m{?map}")?, "/m?map=a,b,k,v");
    let pairs = [("z", 1), ("y", 2)];
    assert_eq!(url!("/m{?pairs*}")?, "/m?z=1&y=2");
    let hash = HashMap::from([("only", "one")]);
    assert_eq!(url!("/m{?hash*}")?, "/m?only=one");
    // Undefined: `None`, an empty list, an empty map.
    let none: Option<&str> = None;
    let empty: [&str; 0] = [];
    let no_pairs: &[(&str, &str)] = &[];
    assert_eq!(url!("/u{?none,empty,no_pairs}")?, "/u");
    assert_eq!(url!("/u{?x}", x = Some("y"))?, "/u?x=y");
    Ok(())
}

/// Every operator in the place it is meant for, with prefix and explode.
#[test]
fn operators() -> Result<(), ExpandError> {
    let (var, path, list) = ("value", "/foo/bar", ["red", "green"]);
    let keys = [("semi", ";"), ("dot", ".")];
    assert_eq!(url!("/x/{var}")?, "/x/value");
    assert_eq!(url!("/x{+path}/here")?, "/x/foo/bar/here");
    assert_eq!(url!("/x{#path}")?, "/x#/foo/bar");
    assert_eq!(url!("/x/file{.var}")?, "/x/file.value");
    assert_eq!(url!("/x{/var,list*}")?, "/x/value/red/green");
    assert_eq!(url!("/x{;var,list}")?, "/x;var=value;list=red,green");
    assert_eq!(url!("/x{?var,keys*}")?, "/x?var=value&semi=%3B&dot=.");
    assert_eq!(url!("/x?fixed=1{&var:3}")?, "/x?fixed=1&var=val");
    assert_eq!(url!("/x/{var:2}")?, "/x/va");
    assert_eq!(
        url!("https://{var}.example.com/")?,
        "https://value.example.com/"
    );
    assert_eq!(url!("https://www{.list*}/")?, "https://www.red.green/");
    assert_eq!(
        url!("https://{var}@example.com/")?,
        "https://value@example.com/"
    );
    assert_eq!(
        url!("https://example.com/#{var}")?,
        "https://example.com/#value"
    );
    Ok(())
}

#[test]
fn hand_written_query_pairs_drop_and_repeat() -> Result<(), ExpandError> {
    let q: Option<&str> = None;
    let page = Some(2);
    let tag = ["a", "b&c"];
    assert_eq!(url!("/s?q={q}&page={page}")?, "/s?page=2");
    assert_eq!(url!("/s?q={q}&tag={tag}&x=1")?, "/s?tag=a&tag=b%26c&x=1");
    let q = Some("rust url");
    assert_eq!(url!("/s?q={q}&page={page}")?, "/s?q=rust%20url&page=2");
    let none: Option<u32> = None;
    assert_eq!(url!("/s?page={none}")?, "/s");
    Ok(())
}

#[test]
fn hosts_and_ports() -> Result<(), ExpandError> {
    let host = "api.example.com";
    let port: u16 = 8443;
    assert_eq!(
        url!("https://{host}:{port}/")?,
        "https://api.example.com:8443/"
    );
    let port: Option<u16> = None;
    assert_eq!(url!("https://{host}:{port}/")?, "https://api.example.com/");
    assert_eq!(url!("https://{host}/", host = "::1")?, "https://[::1]/");
    assert_eq!(
        url!("https://[{ip}]/", ip = "2001:db8::1")?,
        "https://[2001:db8::1]/"
    );
    let port = 70000u32;
    let err = url!("https://{host}:{port}/").unwrap_err();
    assert_eq!(
        (err.placeholder(), *err.kind()),
        ("port", ExpandErrorKind::InvalidPort)
    );
    let err = url!("https://{host}/", host = "evil.com/x?").unwrap_err();
    assert_eq!(
        (err.placeholder(), *err.kind()),
        ("host", ExpandErrorKind::InvalidHost)
    );
    Ok(())
}

#[test]
fn guards() {
    let kind = |r: Result<Url, ExpandError>| {
        let e = r.unwrap_err();
        (e.placeholder().to_string(), *e.kind())
    };
    let file = "..";
    assert_eq!(
        kind(url!("/files/{file}/raw")),
        ("file".into(), ExpandErrorKind::DotSegment)
    );
    assert_eq!(
        kind(url!("/files{/x*}", x = ["a", "."])),
        ("x".into(), ExpandErrorKind::DotSegment)
    );
    assert_eq!(
        kind(url!("/files/{+x}", x = "a/../b")),
        ("x".into(), ExpandErrorKind::DotSegment)
    );
    assert_eq!(
        kind(url!("/files/{x}/raw", x = "")),
        ("x".into(), ExpandErrorKind::EmptySegment)
    );
    assert_eq!(
        kind(url!("/files/{+x}", x = "a?b")),
        (
            "x".into(),
            ExpandErrorKind::LeavesComponent { delimiter: '?' }
        )
    );
    assert_eq!(
        kind(url!("/s?q={+x}", x = "a#b")),
        (
            "x".into(),
            ExpandErrorKind::LeavesComponent { delimiter: '#' }
        )
    );
    // The message names the placeholder and the reason, never the value.
    let secret = "..";
    let err = url!("/k/{secret}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "the value of `secret` makes the path segment `.` or `..`, which URL parsers remove with the segment before it"
    );
}

/// `url!(base, "relative")`: the base's path is kept and the join has exactly one `/`.
#[test]
fn base_join() -> Result<(), ExpandError> {
    let id = 7;
    let with_slash = url!("https://api.example.com/v1/");
    let without = url!("https://api.example.com/v1");
    for base in [&with_slash, &without] {
        assert_eq!(
            url!(base, "users/{id}")?,
            "https://api.example.com/v1/users/7"
        );
        assert_eq!(
            url!(base, "/users/{id}")?,
            "https://api.example.com/v1/users/7"
        );
        assert_eq!(url!(base, "users")?, "https://api.example.com/v1/users");
        assert_eq!(url!(base, "{/id}")?, "https://api.example.com/v1/7");
        assert_eq!(url!(base, "users/")?, "https://api.example.com/v1/users/");
    }
    // `{/x}` first writes the joining `/` itself: undefined, the base loses its final `/`.
    let none: Option<u32> = None;
    assert_eq!(url!(with_slash, "{/none}")?, "https://api.example.com/v1");
    // A query or fragment alone is added to the base as it is.
    assert_eq!(
        url!(with_slash, "?page={id}")?,
        "https://api.example.com/v1/?page=7"
    );
    assert_eq!(url!(without, "{?id}")?, "https://api.example.com/v1?id=7");
    assert_eq!(url!(without, "#{id}")?, "https://api.example.com/v1#7");
    assert_eq!(url!(without, "")?, "https://api.example.com/v1");
    // A base with no path, a relative base, a `const`, a reference, an owned `Url`.
    assert_eq!(url!(url!("https://h"), "a/{id}")?, "https://h/a/7");
    assert_eq!(url!(url!("https://h/"), "a")?, "https://h/a");
    assert_eq!(url!(url!("/api"), "a")?, "/api/a");
    assert_eq!(url!(API, "a")?, "https://api.example.com/v1/a");
    let owned = Url::parse("https://h/x/").expect("valid");
    assert_eq!(url!(&owned, "y")?, "https://h/x/y");
    assert_eq!(url!(owned, "y")?, "https://h/x/y");
    // Values are guarded as in any template.
    let dots = "..";
    let err = url!(API, "files/{dots}").unwrap_err();
    assert_eq!(*err.kind(), ExpandErrorKind::DotSegment);
    // A base with a query or fragment cannot take a path after it.
    for base in [url!("https://h/?q=1"), url!("https://h/#top")] {
        let err = url!(base, "users/{id}").unwrap_err();
        assert_eq!(
            (err.placeholder(), *err.kind()),
            ("", ExpandErrorKind::BaseHasQueryOrFragment)
        );
    }
    Ok(())
}

/// The table of expressions in the `url!` documentation, row by row.
#[test]
fn documented_expressions_table() -> Result<(), ExpandError> {
    let (var, list, keys) = ("a b/c", ["red", "green"], [("k", "v"), ("a", "1")]);
    let rows = [
        [
            url!("{var}")?,
            url!("{list}")?,
            url!("{list*}")?,
            url!("{keys*}")?,
        ],
        [
            url!("{+var}")?,
            url!("{+list}")?,
            url!("{+list*}")?,
            url!("{+keys*}")?,
        ],
        [
            url!("{#var}")?,
            url!("{#list}")?,
            url!("{#list*}")?,
            url!("{#keys*}")?,
        ],
        [
            url!("X{.var}")?,
            url!("X{.list}")?,
            url!("X{.list*}")?,
            url!("X{.keys*}")?,
        ],
        [
            url!("{/var}")?,
            url!("{/list}")?,
            url!("{/list*}")?,
            url!("{/keys*}")?,
        ],
        [
            url!("{;var}")?,
            url!("{;list}")?,
            url!("{;list*}")?,
            url!("{;keys*}")?,
        ],
        [
            url!("{?var}")?,
            url!("{?list}")?,
            url!("{?list*}")?,
            url!("{?keys*}")?,
        ],
        [
            url!("?a=1{&var}")?,
            url!("?a=1{&list}")?,
            url!("?a=1{&list*}")?,
            url!("?a=1{&keys*}")?,
        ],
    ];
    let expected = [
        ["a%20b%2Fc", "red,green", "red,green", "k=v,a=1"],
        ["a%20b/c", "red,green", "red,green", "k=v,a=1"],
        ["#a%20b/c", "#red,green", "#red,green", "#k=v,a=1"],
        ["X.a%20b%2Fc", "X.red,green", "X.red.green", "X.k=v.a=1"],
        ["/a%20b%2Fc", "/red,green", "/red/green", "/k=v/a=1"],
        [
            ";var=a%20b%2Fc",
            ";list=red,green",
            ";list=red;list=green",
            ";k=v;a=1",
        ],
        [
            "?var=a%20b%2Fc",
            "?list=red,green",
            "?list=red&list=green",
            "?k=v&a=1",
        ],
        [
            "?a=1&var=a%20b%2Fc",
            "?a=1&list=red,green",
            "?a=1&list=red&list=green",
            "?a=1&k=v&a=1",
        ],
    ];
    for (row, expected) in rows.iter().zip(expected) {
        assert_eq!(row.each_ref().map(Url::as_str), expected);
    }
    Ok(())
}
