//! Templates: where each expression stands, and the plan's steps.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::Errors;
use crate::reference::{self, Options, Placement};
use crate::template;

#[test]
fn placements_of_template_expressions() {
    use Placement::{Base, Fragment, Host, IpLiteral, Path, Port, Query, Userinfo};
    let place = |src: &str| {
        let mut errors = Errors::new();
        let exprs = template::lex(src, &mut errors);
        let r = reference::parse(
            src,
            &exprs,
            Options {
                iri: true,
                joined: false,
            },
            &mut errors,
        );
        let errors: Vec<String> = errors.into_vec().iter().map(ToString::to_string).collect();
        (r.placements, errors)
    };
    let ok = |src: &str, want: &[Placement]| {
        assert_eq!(place(src), (want.to_vec(), Vec::new()), "{src}");
    };
    ok(
        "https://{user}:{pw}@{host}:{port}/{a}/x{b}{/c*}{?d,e}{&f}{#g}",
        &[
            Userinfo, Userinfo, Host, Port, Path, Path, Path, Query, Query, Fragment,
        ],
    );
    ok("{+base}index{?q}", &[Base, Query]);
    ok("http://www{.dom*}/", &[Host]);
    ok("http://[{ip}]/", &[IpLiteral]);
    ok("here?ref={+path}", &[Query]);
    ok("{/var,x}/here", &[Path]);
    ok("up{+path}{var}/here", &[Path, Path]);
    ok("{#path,x}/here", &[Fragment]);
    ok("{count}", &[Path]);
    ok("{&x,y,empty}", &[Path]);
    ok("X{.list*}", &[Path]);
    ok("café/{var}", &[Path]);

    let bad = |src: &str| place(src).1;
    // A host typed without its scheme is caught in templates too, when the text that gives it
    // away comes before the first expression.
    for (src, message) in [
        (
            "www.example.com/{x}",
            "missing scheme before the host `www.example.com`, which reads as a relative path; write `https://www.example.com/{x}`",
        ),
        (
            "www.{domain}/x",
            "missing scheme before the host `www.{domain}`, which reads as a relative path; write `https://www.{domain}/x`",
        ),
        (
            "https//{host}/x",
            "missing `:` after the scheme `https`; write `https://{host}/x`",
        ),
        (
            "localhost:8080/{x}",
            "missing scheme before the host `localhost`, which reads as the scheme; write `http://localhost:8080/{x}`",
        ),
    ] {
        assert_eq!(bad(src), [message], "{src}");
    }
    for fine in [
        "{x}.example.com/a",
        "api/{x}",
        "./www.example.com/{x}",
        "wwwx/{x}",
    ] {
        assert_eq!(bad(fine), Vec::<String>::new(), "{fine}");
    }
    // A query or fragment opened where the host belongs: said as such, not as an empty host.
    assert_eq!(
        bad("https://{?x}example.com/"),
        [
            "`{?x}` right after `https://` opens the query where the host belongs; write the host and the path first, and `{?x}` after them"
        ]
    );
    assert_eq!(
        bad("http://{#f}"),
        [
            "`{#f}` right after `http://` opens the fragment where the host belongs; write the host and the path first, and `{#f}` after them"
        ]
    );
    assert_eq!(
        bad("{scheme}://h/"),
        ["a placeholder cannot stand in the scheme; write the scheme as text"]
    );
    assert_eq!(
        bad("http://{+h}/"),
        [
            "`{+...}` cannot stand in the URL host; write `{name}` for a host or a label, `{.name}` for dot-prefixed labels"
        ]
    );
    assert_eq!(
        bad("http://h:8{p}/"),
        [
            "a port placeholder must be the whole port; write `:{port}` with nothing else between `:` and the path"
        ]
    );
    assert_eq!(
        bad("/a{?x}{?y}"),
        ["`{?...}` would start a second query; write `{&...}` to add parameters to the query"]
    );
    assert_eq!(
        bad("/a?{?y}"),
        ["`{?...}` would start a second query; write `{&...}` to add parameters to the query"]
    );
    assert_eq!(
        bad("/a#{#y}"),
        ["`{#...}` would start a second fragment; a URL has one `#`"]
    );
    assert_eq!(
        bad("/a%{x}"),
        ["a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign"]
    );
    assert_eq!(
        bad("/a%4{x}"),
        ["a placeholder cannot complete a percent-escape; write `%25` for a literal percent sign"]
    );
    // A malformed expression is one error, not a cascade of invalid characters.
    assert_eq!(
        bad("/a/{b c}/d"),
        [
            "invalid variable name `b c`; names hold letters, digits, `_`, percent-triplets and single inner `.` (for literal braces, write `%7B` and `%7D`)"
        ]
    );
    assert_eq!(
        bad("/a/{b,}{?}"),
        ["missing variable name; write a name after the operator or `,`, or remove the extra `,`"]
    );
    assert_eq!(
        bad("/a/{b:2*}"),
        ["`:2*` combines a prefix and `*`; a variable takes one modifier, write `:2` or `*`"]
    );
    assert_eq!(
        bad("/a/{b:0*}"),
        ["invalid prefix `:0*`; write `:` and a length from 1 to 9999 without leading zeros"]
    );
    assert_eq!(
        bad("/a/{b/d"),
        ["unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace"]
    );
}

#[test]
fn steps_convert_their_text_and_count_it() {
    use crate::plan::{self, Step};
    let src = "/a/{x}?q={q}&k=v";
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    let r = reference::parse(
        src,
        &exprs,
        Options {
            iri: true,
            joined: false,
        },
        &mut errors,
    );
    assert!(errors.is_empty());
    let steps = plan::plan(src, &exprs, &r);
    // The text a step holds is converted; everything else is kept.
    let lengths: Vec<Step<usize>> = steps
        .iter()
        .cloned()
        .map(|step| step.map_text(|text| text.len()))
        .collect();
    assert_eq!(
        lengths,
        [
            Step::PathStart { relative: false },
            Step::Text(3),
            Step::Segment(0),
            Step::QueryStart,
            Step::HandPair { key: 1, expr: 1 },
            Step::Pair(3),
        ]
    );
    // `/a/` and `k=v` are written whatever the values, `?q=` (3 bytes) when `q` is defined:
    // the output is sized for a template whose values are all there.
    assert_eq!(plan::static_len(&steps), 9);
    let vars: Vec<usize> = exprs
        .into_iter()
        .map(|e| e.map_vars(|vars| vars.len()).vars)
        .collect();
    assert_eq!(vars, [1, 1]);
}

/// Beside a hand-written pair, another query piece is RFC 6570 text between
/// `QueryPieceStart` and `QueryPieceEnd`, whose separator the runtime takes back when the
/// piece writes nothing; the pair keeps its `HandPair`, and a value before the piece's `=`
/// is a key (`QueryKey`).
#[test]
fn other_query_pieces_keep_the_hand_written_pair() {
    use crate::plan::{self, Context, Step};
    let src = "/p?q={x}&{k}=1&k=v{a}";
    let mut errors = Errors::new();
    let exprs = template::lex(src, &mut errors);
    let r = reference::parse(
        src,
        &exprs,
        Options {
            iri: true,
            joined: false,
        },
        &mut errors,
    );
    assert!(errors.is_empty());
    let steps = plan::plan(src, &exprs, &r);
    assert_eq!(
        steps,
        [
            Step::PathStart { relative: false },
            Step::Text("/p".into()),
            Step::QueryStart,
            Step::HandPair {
                key: "q".into(),
                expr: 0
            },
            Step::QueryPieceStart,
            Step::Expand(1, Context::QueryKey),
            Step::Text("=1".into()),
            Step::QueryPieceEnd,
            Step::QueryPieceStart,
            Step::Text("k=v".into()),
            Step::Expand(2, Context::Query),
            Step::QueryPieceEnd,
        ]
    );
    // `/p`, `?q=`, and each piece's separator and text.
    assert_eq!(plan::static_len(&steps), 2 + 3 + 3 + 4);
}
