//! Hostile values in every place a placeholder can stand (the values behind other
//! crates' published bugs: `..`, `%2e%2e`, `/`, `?`, `#`, `&`, `@`, CR/LF, NUL, plus empty, space, `%2e%2e` and `:`), through the expansion core that `url!` and
//! `Template` share: each either lands encoded where it belongs or is refused, naming the
//! placeholder. The table was reviewed line by line against the guarantee
//! (crate docs of `urlkit`, "What a value can never do").

use std::collections::HashMap;

use urlkit::{ExpandErrorKind, Template};

fn expand(template: &str, vars: &[(&str, &str)]) -> String {
    let vars: HashMap<&str, &str> = vars.iter().copied().collect();
    match Template::parse(template).unwrap().expand(&vars) {
        Ok(url) => url.into_string(),
        Err(e) => format!("!{:?}@{}", e.kind(), e.placeholder())
            .replace("LeavesComponent { delimiter: '", "LeavesComponent(")
            .replace("' }", ")"),
    }
}

#[test]
fn hostile_values_in_every_place() {
    let table = [
        ("https://h/files/{x}/raw", "..", "!DotSegment@x"),
        ("https://h/files/{x}/raw", ".", "!DotSegment@x"),
        (
            "https://h/files/{x}/raw",
            "a/b",
            "https://h/files/a%2Fb/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "a%2Fb",
            "https://h/files/a%252Fb/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "a+b",
            "https://h/files/a%2Bb/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "a&b=c",
            "https://h/files/a%26b%3Dc/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "a?b#c",
            "https://h/files/a%3Fb%23c/raw",
        ),
        ("https://h/files/{x}/raw", "é", "https://h/files/%C3%A9/raw"),
        (
            "https://h/files/{x}/raw",
            "~-._",
            "https://h/files/~-._/raw",
        ),
        ("https://h/files/{x}/raw", "", "!EmptySegment@x"),
        (
            "https://h/files/{x}/raw",
            "a b",
            "https://h/files/a%20b/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "%2e%2e",
            "https://h/files/%252e%252e/raw",
        ),
        (
            "https://h/files/{x}/raw",
            "a:b",
            "https://h/files/a%3Ab/raw",
        ),
        ("https://h/files/{x}", "..", "!DotSegment@x"),
        ("https://h/files/{x}", ".", "!DotSegment@x"),
        ("https://h/files/{x}", "a/b", "https://h/files/a%2Fb"),
        ("https://h/files/{x}", "a%2Fb", "https://h/files/a%252Fb"),
        ("https://h/files/{x}", "a+b", "https://h/files/a%2Bb"),
        ("https://h/files/{x}", "a&b=c", "https://h/files/a%26b%3Dc"),
        ("https://h/files/{x}", "a?b#c", "https://h/files/a%3Fb%23c"),
        ("https://h/files/{x}", "é", "https://h/files/%C3%A9"),
        ("https://h/files/{x}", "~-._", "https://h/files/~-._"),
        ("https://h/files/{x}", "", "!EmptySegment@x"),
        ("https://h/files/{x}", "a b", "https://h/files/a%20b"),
        (
            "https://h/files/{x}",
            "%2e%2e",
            "https://h/files/%252e%252e",
        ),
        ("https://h/files/{x}", "a:b", "https://h/files/a%3Ab"),
        ("https://h{/x}/raw", "..", "!DotSegment@x"),
        ("https://h{/x}/raw", ".", "!DotSegment@x"),
        ("https://h{/x}/raw", "a/b", "https://h/a%2Fb/raw"),
        ("https://h{/x}/raw", "a%2Fb", "https://h/a%252Fb/raw"),
        ("https://h{/x}/raw", "a+b", "https://h/a%2Bb/raw"),
        ("https://h{/x}/raw", "a&b=c", "https://h/a%26b%3Dc/raw"),
        ("https://h{/x}/raw", "a?b#c", "https://h/a%3Fb%23c/raw"),
        ("https://h{/x}/raw", "é", "https://h/%C3%A9/raw"),
        ("https://h{/x}/raw", "~-._", "https://h/~-._/raw"),
        ("https://h{/x}/raw", "", "!DoubleSlash@x"),
        ("https://h{/x}/raw", "a b", "https://h/a%20b/raw"),
        ("https://h{/x}/raw", "%2e%2e", "https://h/%252e%252e/raw"),
        ("https://h{/x}/raw", "a:b", "https://h/a%3Ab/raw"),
        ("https://h/f/v{x}", "..", "https://h/f/v.."),
        ("https://h/f/v{x}", ".", "https://h/f/v."),
        ("https://h/f/v{x}", "a/b", "https://h/f/va%2Fb"),
        ("https://h/f/v{x}", "a%2Fb", "https://h/f/va%252Fb"),
        ("https://h/f/v{x}", "a+b", "https://h/f/va%2Bb"),
        ("https://h/f/v{x}", "a&b=c", "https://h/f/va%26b%3Dc"),
        ("https://h/f/v{x}", "a?b#c", "https://h/f/va%3Fb%23c"),
        ("https://h/f/v{x}", "é", "https://h/f/v%C3%A9"),
        ("https://h/f/v{x}", "~-._", "https://h/f/v~-._"),
        ("https://h/f/v{x}", "", "https://h/f/v"),
        ("https://h/f/v{x}", "a b", "https://h/f/va%20b"),
        ("https://h/f/v{x}", "%2e%2e", "https://h/f/v%252e%252e"),
        ("https://h/f/v{x}", "a:b", "https://h/f/va%3Ab"),
        ("https://h/f/{x}.json", "..", "https://h/f/...json"),
        ("https://h/f/{x}.json", ".", "https://h/f/..json"),
        ("https://h/f/{x}.json", "a/b", "https://h/f/a%2Fb.json"),
        ("https://h/f/{x}.json", "a%2Fb", "https://h/f/a%252Fb.json"),
        ("https://h/f/{x}.json", "a+b", "https://h/f/a%2Bb.json"),
        (
            "https://h/f/{x}.json",
            "a&b=c",
            "https://h/f/a%26b%3Dc.json",
        ),
        (
            "https://h/f/{x}.json",
            "a?b#c",
            "https://h/f/a%3Fb%23c.json",
        ),
        ("https://h/f/{x}.json", "é", "https://h/f/%C3%A9.json"),
        ("https://h/f/{x}.json", "~-._", "https://h/f/~-._.json"),
        ("https://h/f/{x}.json", "", "https://h/f/.json"),
        ("https://h/f/{x}.json", "a b", "https://h/f/a%20b.json"),
        (
            "https://h/f/{x}.json",
            "%2e%2e",
            "https://h/f/%252e%252e.json",
        ),
        ("https://h/f/{x}.json", "a:b", "https://h/f/a%3Ab.json"),
        ("https://h/{+x}/raw", "..", "!DotSegment@x"),
        ("https://h/{+x}/raw", ".", "!DotSegment@x"),
        ("https://h/{+x}/raw", "a/b", "https://h/a/b/raw"),
        ("https://h/{+x}/raw", "a%2Fb", "https://h/a%2Fb/raw"),
        ("https://h/{+x}/raw", "a+b", "https://h/a+b/raw"),
        ("https://h/{+x}/raw", "a&b=c", "https://h/a&b=c/raw"),
        ("https://h/{+x}/raw", "a?b#c", "!LeavesComponent(?)@x"),
        ("https://h/{+x}/raw", "é", "https://h/%C3%A9/raw"),
        ("https://h/{+x}/raw", "~-._", "https://h/~-._/raw"),
        ("https://h/{+x}/raw", "", "!DoubleSlash@x"),
        ("https://h/{+x}/raw", "a b", "https://h/a%20b/raw"),
        ("https://h/{+x}/raw", "%2e%2e", "!DotSegment@x"),
        ("https://h/{+x}/raw", "a:b", "https://h/a:b/raw"),
        ("https://h/s?q={x}&page=2", "..", "https://h/s?q=..&page=2"),
        ("https://h/s?q={x}&page=2", ".", "https://h/s?q=.&page=2"),
        (
            "https://h/s?q={x}&page=2",
            "a/b",
            "https://h/s?q=a%2Fb&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "a%2Fb",
            "https://h/s?q=a%252Fb&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "a+b",
            "https://h/s?q=a%2Bb&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "a&b=c",
            "https://h/s?q=a%26b%3Dc&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "a?b#c",
            "https://h/s?q=a%3Fb%23c&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "é",
            "https://h/s?q=%C3%A9&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "~-._",
            "https://h/s?q=~-._&page=2",
        ),
        ("https://h/s?q={x}&page=2", "", "https://h/s?q=&page=2"),
        (
            "https://h/s?q={x}&page=2",
            "a b",
            "https://h/s?q=a%20b&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "%2e%2e",
            "https://h/s?q=%252e%252e&page=2",
        ),
        (
            "https://h/s?q={x}&page=2",
            "a:b",
            "https://h/s?q=a%3Ab&page=2",
        ),
        ("https://h/s?q={+x}", "..", "https://h/s?q=.."),
        ("https://h/s?q={+x}", ".", "https://h/s?q=."),
        ("https://h/s?q={+x}", "a/b", "https://h/s?q=a/b"),
        ("https://h/s?q={+x}", "a%2Fb", "https://h/s?q=a%2Fb"),
        ("https://h/s?q={+x}", "a+b", "https://h/s?q=a+b"),
        // `&` would start a second pair: a value stays in its pair's value.
        ("https://h/s?q={+x}", "a&b=c", "!LeavesComponent(&)@x"),
        ("https://h/s?q={+x}", "a?b#c", "!LeavesComponent(#)@x"),
        ("https://h/s?q={+x}", "é", "https://h/s?q=%C3%A9"),
        ("https://h/s?q={+x}", "~-._", "https://h/s?q=~-._"),
        ("https://h/s?q={+x}", "", "https://h/s?q="),
        ("https://h/s?q={+x}", "a b", "https://h/s?q=a%20b"),
        ("https://h/s?q={+x}", "%2e%2e", "https://h/s?q=%2E%2E"),
        ("https://h/s?q={+x}", "a:b", "https://h/s?q=a:b"),
        ("https://h/s{?x}", "..", "https://h/s?x=.."),
        ("https://h/s{?x}", ".", "https://h/s?x=."),
        ("https://h/s{?x}", "a/b", "https://h/s?x=a%2Fb"),
        ("https://h/s{?x}", "a%2Fb", "https://h/s?x=a%252Fb"),
        ("https://h/s{?x}", "a+b", "https://h/s?x=a%2Bb"),
        ("https://h/s{?x}", "a&b=c", "https://h/s?x=a%26b%3Dc"),
        ("https://h/s{?x}", "a?b#c", "https://h/s?x=a%3Fb%23c"),
        ("https://h/s{?x}", "é", "https://h/s?x=%C3%A9"),
        ("https://h/s{?x}", "~-._", "https://h/s?x=~-._"),
        ("https://h/s{?x}", "", "https://h/s?x="),
        ("https://h/s{?x}", "a b", "https://h/s?x=a%20b"),
        ("https://h/s{?x}", "%2e%2e", "https://h/s?x=%252e%252e"),
        ("https://h/s{?x}", "a:b", "https://h/s?x=a%3Ab"),
        ("https://h/#{x}", "..", "https://h/#.."),
        ("https://h/#{x}", ".", "https://h/#."),
        ("https://h/#{x}", "a/b", "https://h/#a%2Fb"),
        ("https://h/#{x}", "a%2Fb", "https://h/#a%252Fb"),
        ("https://h/#{x}", "a+b", "https://h/#a%2Bb"),
        ("https://h/#{x}", "a&b=c", "https://h/#a%26b%3Dc"),
        ("https://h/#{x}", "a?b#c", "https://h/#a%3Fb%23c"),
        ("https://h/#{x}", "é", "https://h/#%C3%A9"),
        ("https://h/#{x}", "~-._", "https://h/#~-._"),
        ("https://h/#{x}", "", "https://h/#"),
        ("https://h/#{x}", "a b", "https://h/#a%20b"),
        ("https://h/#{x}", "%2e%2e", "https://h/#%252e%252e"),
        ("https://h/#{x}", "a:b", "https://h/#a%3Ab"),
        ("https://h/{#x}", "..", "https://h/#.."),
        ("https://h/{#x}", ".", "https://h/#."),
        ("https://h/{#x}", "a/b", "https://h/#a/b"),
        ("https://h/{#x}", "a%2Fb", "https://h/#a%2Fb"),
        ("https://h/{#x}", "a+b", "https://h/#a+b"),
        ("https://h/{#x}", "a&b=c", "https://h/#a&b=c"),
        ("https://h/{#x}", "a?b#c", "!LeavesComponent(#)@x"),
        ("https://h/{#x}", "é", "https://h/#%C3%A9"),
        ("https://h/{#x}", "~-._", "https://h/#~-._"),
        ("https://h/{#x}", "", "https://h/#"),
        ("https://h/{#x}", "a b", "https://h/#a%20b"),
        ("https://h/{#x}", "%2e%2e", "https://h/#%2E%2E"),
        ("https://h/{#x}", "a:b", "https://h/#a:b"),
        ("https://{x}@h/", "..", "https://..@h/"),
        ("https://{x}@h/", ".", "https://.@h/"),
        ("https://{x}@h/", "a/b", "https://a%2Fb@h/"),
        ("https://{x}@h/", "a%2Fb", "https://a%252Fb@h/"),
        ("https://{x}@h/", "a+b", "https://a%2Bb@h/"),
        ("https://{x}@h/", "a&b=c", "https://a%26b%3Dc@h/"),
        ("https://{x}@h/", "a?b#c", "https://a%3Fb%23c@h/"),
        ("https://{x}@h/", "é", "https://%C3%A9@h/"),
        ("https://{x}@h/", "~-._", "https://~-._@h/"),
        ("https://{x}@h/", "", "https://@h/"),
        ("https://{x}@h/", "a b", "https://a%20b@h/"),
        ("https://{x}@h/", "%2e%2e", "https://%252e%252e@h/"),
        ("https://{x}@h/", "a:b", "https://a%3Ab@h/"),
        ("https://{x}/p", "..", "!InvalidHost@x"),
        ("https://{x}/p", ".", "!InvalidHost@x"),
        ("https://{x}/p", "a/b", "!InvalidHost@x"),
        ("https://{x}/p", "a%2Fb", "!InvalidHost@x"),
        ("https://{x}/p", "a+b", "!InvalidHost@x"),
        ("https://{x}/p", "a&b=c", "!InvalidHost@x"),
        ("https://{x}/p", "a?b#c", "!InvalidHost@x"),
        // This crate enables the `idna` feature, which converts a non-ASCII host (UTS #46);
        // without it the value is `InvalidHost` (the runtime's own tests check that).
        ("https://{x}/p", "é", "https://xn--9ca/p"),
        ("https://{x}/p", "~-._", "!InvalidHost@x"),
        ("https://{x}/p", "", "!InvalidHost@x"),
        ("https://{x}/p", "a b", "!InvalidHost@x"),
        ("https://{x}/p", "%2e%2e", "!InvalidHost@x"),
        ("https://{x}/p", "a:b", "!InvalidHost@x"),
        ("https://api.{x}.com/", "..", "!InvalidHost@x"),
        ("https://api.{x}.com/", ".", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a/b", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a%2Fb", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a+b", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a&b=c", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a?b#c", "!InvalidHost@x"),
        // As above: `idna` converts the label.
        ("https://api.{x}.com/", "é", "https://api.xn--9ca.com/"),
        ("https://api.{x}.com/", "~-._", "!InvalidHost@x"),
        ("https://api.{x}.com/", "", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a b", "!InvalidHost@x"),
        ("https://api.{x}.com/", "%2e%2e", "!InvalidHost@x"),
        ("https://api.{x}.com/", "a:b", "!InvalidHost@x"),
        ("https://h:{x}/", "..", "!InvalidPort@x"),
        ("https://h:{x}/", ".", "!InvalidPort@x"),
        ("https://h:{x}/", "a/b", "!InvalidPort@x"),
        ("https://h:{x}/", "a%2Fb", "!InvalidPort@x"),
        ("https://h:{x}/", "a+b", "!InvalidPort@x"),
        ("https://h:{x}/", "a&b=c", "!InvalidPort@x"),
        ("https://h:{x}/", "a?b#c", "!InvalidPort@x"),
        ("https://h:{x}/", "é", "!InvalidPort@x"),
        ("https://h:{x}/", "~-._", "!InvalidPort@x"),
        ("https://h:{x}/", "", "!InvalidPort@x"),
        ("https://h:{x}/", "a b", "!InvalidPort@x"),
        ("https://h:{x}/", "%2e%2e", "!InvalidPort@x"),
        ("https://h:{x}/", "a:b", "!InvalidPort@x"),
        ("{x}/rel", "..", "!DotSegment@x"),
        ("{x}/rel", ".", "!DotSegment@x"),
        ("{x}/rel", "a/b", "a%2Fb/rel"),
        ("{x}/rel", "a%2Fb", "a%252Fb/rel"),
        ("{x}/rel", "a+b", "a%2Bb/rel"),
        ("{x}/rel", "a&b=c", "a%26b%3Dc/rel"),
        ("{x}/rel", "a?b#c", "a%3Fb%23c/rel"),
        ("{x}/rel", "é", "%C3%A9/rel"),
        ("{x}/rel", "~-._", "~-._/rel"),
        ("{x}/rel", "", "!EmptySegment@x"),
        ("{x}/rel", "a b", "a%20b/rel"),
        ("{x}/rel", "%2e%2e", "%252e%252e/rel"),
        ("{x}/rel", "a:b", "a%3Ab/rel"),
        ("{+x}/rel", "..", "!DotSegment@x"),
        ("{+x}/rel", ".", "!DotSegment@x"),
        ("{+x}/rel", "a/b", "a/b/rel"),
        ("{+x}/rel", "a%2Fb", "a%2Fb/rel"),
        ("{+x}/rel", "a+b", "a+b/rel"),
        ("{+x}/rel", "a&b=c", "a&b=c/rel"),
        ("{+x}/rel", "a?b#c", "!LeavesComponent(?)@x"),
        ("{+x}/rel", "é", "%C3%A9/rel"),
        ("{+x}/rel", "~-._", "~-._/rel"),
        // The path's leading `/`, as `{+x}` = `/a` would write: no `//`.
        ("{+x}/rel", "", "/rel"),
        ("{+x}/rel", "a b", "a%20b/rel"),
        ("{+x}/rel", "%2e%2e", "!DotSegment@x"),
        ("{+x}/rel", "a:b", "a:b/rel"),
        ("a{+x}", "..", "a.."),
        ("a{+x}", ".", "a."),
        ("a{+x}", "a/b", "aa/b"),
        ("a{+x}", "a%2Fb", "aa%2Fb"),
        ("a{+x}", "a+b", "aa+b"),
        ("a{+x}", "a&b=c", "aa&b=c"),
        ("a{+x}", "a?b#c", "!LeavesComponent(?)@x"),
        ("a{+x}", "é", "a%C3%A9"),
        ("a{+x}", "~-._", "a~-._"),
        ("a{+x}", "", "a"),
        ("a{+x}", "a b", "aa%20b"),
        ("a{+x}", "%2e%2e", "a%2E%2E"),
        ("a{+x}", "a:b", "!LeavesComponent(:)@x"),
        ("/{+x}", "..", "!DotSegment@x"),
        ("/{+x}", ".", "!DotSegment@x"),
        ("/{+x}", "a/b", "/a/b"),
        ("/{+x}", "a%2Fb", "/a%2Fb"),
        ("/{+x}", "a+b", "/a+b"),
        ("/{+x}", "a&b=c", "/a&b=c"),
        ("/{+x}", "a?b#c", "!LeavesComponent(?)@x"),
        ("/{+x}", "é", "/%C3%A9"),
        ("/{+x}", "~-._", "/~-._"),
        ("/{+x}", "", "!EmptySegment@x"),
        ("/{+x}", "a b", "/a%20b"),
        ("/{+x}", "%2e%2e", "!DotSegment@x"),
        ("/{+x}", "a:b", "/a:b"),
    ];
    assert_eq!(table.len(), 19 * 13);
    for (template, value, expected) in table {
        assert_eq!(
            expand(template, &[("x", value)]),
            expected,
            "{template} with {value:?}"
        );
    }
}

#[test]
fn query_pairs_drop_and_repeat() {
    for (template, vars, expected) in [
        ("/s?q={q}&page={page}", &[][..], "/s"),
        ("/s?q={q}&page={page}", &[("page", "2")][..], "/s?page=2"),
        ("/s?q={q}&page={page}", &[("q", "")][..], "/s?q="),
        ("/s?fixed=1&q={q}", &[][..], "/s?fixed=1"),
        (
            "/s?fixed=1&q={q}",
            &[("q", "a b")][..],
            "/s?fixed=1&q=a%20b",
        ),
        ("/s{?q}{&page}", &[("page", "2")][..], "/s?page=2"),
        ("/s{?q}{&page}", &[("q", "x")][..], "/s?q=x"),
        // Not all pairs: RFC 6570 as written.
        ("/s?{q}", &[][..], "/s?"),
        ("/s?a={q}b", &[("q", "1")][..], "/s?a=1b"),
    ] {
        assert_eq!(expand(template, vars), expected, "{template} {vars:?}");
    }
    let tags = HashMap::from([("tag", vec!["a", "b&c"])]);
    let t = Template::parse("/s?tag={tag}&x=1").unwrap();
    assert_eq!(t.expand(&tags).unwrap(), "/s?tag=a&tag=b%26c&x=1");
    let none: HashMap<&str, Vec<&str>> = HashMap::from([("tag", vec![])]);
    assert_eq!(t.expand(&none).unwrap(), "/s?x=1");
}

#[test]
fn ports_hosts_and_ip_literals() {
    for (template, vars, expected) in [
        ("https://h:{port}/", &[][..], "https://h/"),
        (
            "https://h:{port}/",
            &[("port", "8080")][..],
            "https://h:8080/",
        ),
        ("https://h:{port}/", &[("port", "0")][..], "https://h:0/"),
        (
            "https://h:{port}/",
            &[("port", "65535")][..],
            "https://h:65535/",
        ),
        (
            "https://h:{port}/",
            &[("port", "65536")][..],
            "!InvalidPort@port",
        ),
        (
            "https://h:{port}/",
            &[("port", "-1")][..],
            "!InvalidPort@port",
        ),
        ("https://{host}/", &[("host", "::1")][..], "https://[::1]/"),
        (
            "https://{host}/",
            &[("host", "[::1]")][..],
            "https://[::1]/",
        ),
        (
            "https://{host}/",
            &[("host", "192.168.0.1")][..],
            "https://192.168.0.1/",
        ),
        (
            "https://{host}/",
            &[("host", "Example.COM.")][..],
            "https://Example.COM./",
        ),
        (
            "https://{host}/",
            &[("host", "0x7f.1")][..],
            "!InvalidHost@host",
        ),
        (
            "https://{host}/",
            &[("host", "1.2.3.256")][..],
            "!InvalidHost@host",
        ),
        (
            "https://{host}/",
            &[("host", "a..b")][..],
            "!InvalidHost@host",
        ),
        (
            "https://{host}/",
            &[("host", "evil.com@good.com")][..],
            "!InvalidHost@host",
        ),
        ("https://{host}/", &[][..], "!InvalidHost@host"),
        (
            "https://[{ip}]/",
            &[("ip", "2001:db8::1")][..],
            "https://[2001:db8::1]/",
        ),
        (
            "https://[{ip}]/",
            &[("ip", "1.2.3.4")][..],
            "!InvalidHost@ip",
        ),
        ("https://www{.dom*}/", &[][..], "https://www/"),
    ] {
        assert_eq!(expand(template, vars), expected, "{template} {vars:?}");
    }
    let dom = HashMap::from([("dom", vec!["example", "com"])]);
    let t = Template::parse("https://www{.dom*}/").unwrap();
    assert_eq!(t.expand(&dom).unwrap(), "https://www.example.com/");
    let bad = HashMap::from([("dom", vec!["ex ample"])]);
    assert_eq!(
        *t.expand(&bad).unwrap_err().kind(),
        ExpandErrorKind::InvalidHost
    );
}

#[test]
fn empty_segments_and_double_slashes() {
    for (template, vars, expected) in [
        // A value must not create `//`, which would also turn a path into an authority.
        (
            "{/a,b}",
            &[("a", ""), ("b", "evil.com")][..],
            "!DoubleSlash@a",
        ),
        ("/p/{a}{b}/q", &[][..], "!DoubleSlash@a"),
        // Nor an empty segment where the template has only expressions, at the end.
        ("/p/{a}{b}", &[][..], "!EmptySegment@a"),
        ("/p/{a}{/b}", &[("b", "x")][..], "!DoubleSlash@a"),
        ("/p/{a}{/b}", &[("a", "")][..], "!EmptySegment@a"),
        ("/{+a}", &[("a", "/evil.com/x")][..], "!DoubleSlash@a"),
        ("mailto:{+a}", &[("a", "//evil.com")][..], "!DoubleSlash@a"),
        // ...but `{/x}` marks an optional segment, and an empty last one is a trailing `/`.
        ("/p/{a}{/b}", &[("a", "x"), ("b", "")][..], "/p/x/"),
        ("/p{/a}", &[][..], "/p"),
        // Dot segments made of a value and template text together.
        ("/p/{a}.", &[("a", ".")][..], "!DotSegment@a"),
        ("/p/.{a}", &[("a", "")][..], "!DotSegment@a"),
        ("/p/{a}{b}", &[("a", "."), ("b", ".")][..], "!DotSegment@a"),
        ("/p{/a*}", &[("a", "..")][..], "!DotSegment@a"),
        ("/p/x{.a}", &[("a", "")][..], "/p/x."),
        ("/p/{.a}", &[("a", "")][..], "!DotSegment@a"),
    ] {
        assert_eq!(expand(template, vars), expected, "{template} {vars:?}");
    }
}

/// What the property tests found (`tests/tests/template_runtime_props.rs`): values that made a
/// URL `Url::parse` rejects, or changes.
#[test]
fn values_keep_the_url_valid() {
    for (template, vars, expected) in [
        // RFC 3986 allows `[ ]` only around an IP literal: reserved expansion encodes them.
        ("/r{#a}", &[("a", "]")][..], "/r#%5D"),
        ("/p/{+a}", &[("a", "x[0]")][..], "/p/x%5B0%5D"),
        ("/s?q={+a}", &[("a", "[a]")][..], "/s?q=%5Ba%5D"),
        // ...except in a `{+base}`, which may supply an IPv6 host.
        ("{+a}/x", &[("a", "http://[::1]")][..], "http://[::1]/x"),
        ("{+a}/x", &[("a", "http://h]")][..], "!InvalidBase@a"),
        // A `{+base}` must make a valid URL start.
        ("{+a}index", &[("a", "1http://h/")][..], "!InvalidBase@a"),
        (
            "{+a}index",
            &[("a", "http://h:99999/")][..],
            "!InvalidBase@a",
        ),
        ("{+a}index", &[("a", ":")][..], "!InvalidBase@a"),
        (
            "{+a}index",
            &[("a", "http://example.com/home/")][..],
            "http://example.com/home/index",
        ),
        // Host labels are checked one by one, and the host they make as a whole.
        (
            "https://www{.h*}/",
            &[("h", "1.2.3.4")][..],
            "!InvalidHost@h",
        ),
        ("https://{h}.2/", &[("h", "1")][..], "!InvalidHost@h"),
        (
            "https://api.{h}.example/",
            &[("h", "7")][..],
            "https://api.7.example/",
        ),
        // Triplets passed by reserved expansion are upper-cased, as `Url` holds them.
        ("/r{#a}", &[("a", "%2e%c3%a9")][..], "/r#%2E%C3%A9"),
        ("/p/{+a}", &[("a", "a%2fb")][..], "/p/a%2Fb"),
    ] {
        assert_eq!(expand(template, vars), expected, "{template} {vars:?}");
    }
}

/// An error about a hand-written pair `key={x}` names the variable `x`, not the key.
#[test]
fn hand_pair_errors_name_the_variable() {
    let t = Template::parse("/s?key={x:2}").unwrap();
    let list = HashMap::from([("x", vec!["a", "b"])]);
    let err = t.expand(&list).unwrap_err();
    assert_eq!(
        (err.placeholder(), *err.kind()),
        ("x", ExpandErrorKind::PrefixOnComposite)
    );
}
