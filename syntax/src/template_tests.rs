//! The template lexer's tests: what `lex` reads from valid templates, the errors it reports
//! for invalid ones, and its scans against plain byte loops.

use super::*;
use alloc::string::String;
use alloc::vec;

fn ok(template: &str) -> Vec<(Operator, Vec<(String, Modifier)>)> {
    let mut errors = Errors::new();
    let exprs = lex(template, &mut errors);
    assert!(errors.is_empty(), "{template}: {:?}", errors.into_vec());
    exprs
        .into_iter()
        .map(|e| {
            let vars = e
                .vars
                .iter()
                .map(|v| (template[v.name.clone()].to_string(), v.modifier))
                .collect();
            (e.operator, vars)
        })
        .collect()
}

fn err(template: &str) -> Vec<(Range<usize>, ErrorKind)> {
    let mut errors = Errors::new();
    lex(template, &mut errors);
    errors
        .into_vec()
        .into_iter()
        .map(|e| (e.at, e.kind))
        .collect()
}

#[test]
fn operators_names_and_modifiers() {
    let s = |n: &str, m| (String::from(n), m);
    assert_eq!(
        ok("a{x}b"),
        [(Operator::Simple, vec![s("x", Modifier::None)])]
    );
    assert_eq!(
        ok("{/list*,path:4}"),
        [(
            Operator::Path,
            vec![s("list", Modifier::Explode), s("path", Modifier::Prefix(4))]
        )]
    );
    assert_eq!(
        ok("{?last.name,Some%20Thing,42,var:9999}"),
        [(
            Operator::Query,
            vec![
                s("last.name", Modifier::None),
                s("Some%20Thing", Modifier::None),
                s("42", Modifier::None),
                s("var", Modifier::Prefix(9999)),
            ]
        )]
    );
    for (t, op) in [
        ("{+x}", Operator::Reserved),
        ("{#x}", Operator::Fragment),
        ("{.x}", Operator::Label),
        ("{;x}", Operator::PathParam),
        ("{&x}", Operator::QueryContinuation),
    ] {
        assert_eq!(ok(t)[0].0, op);
    }
}

#[test]
fn malformed_expressions_are_reported_where_they_are() {
    let name = |n: &str| ErrorKind::BadVarName { name: n.into() };
    let prefix = |p: &str| ErrorKind::BadPrefix { text: p.into() };
    assert_eq!(err("/x{/id*"), [(2..3, ErrorKind::UnclosedExpression)]);
    assert_eq!(err("/id*}"), [(4..5, ErrorKind::UnmatchedClose)]);
    // `format!`'s escapes: one error, whether they wrap a name or stand alone.
    assert_eq!(err("/{{owner}}"), [(1..3, ErrorKind::DoubledBrace)]);
    assert_eq!(err("/a}}"), [(2..4, ErrorKind::DoubledBrace)]);
    assert_eq!(err("/{{a"), [(1..3, ErrorKind::DoubledBrace)]);
    assert_eq!(err("a{}"), [(1..3, ErrorKind::EmptyExpression)]);
    assert_eq!(
        err("{!x}"),
        [(1..2, ErrorKind::ReservedOperator { op: '!' })]
    );
    assert_eq!(err("{/?id}"), [(2..5, name("?id"))]);
    assert_eq!(err("{with space}"), [(1..11, name("with space"))]);
    assert_eq!(err("{x.}"), [(1..3, name("x."))]);
    assert_eq!(err("{x..y}"), [(1..5, name("x..y"))]);
    assert_eq!(err("{%2x}"), [(1..4, name("%2x"))]);
    assert_eq!(err("{a,}"), [(3..3, name(""))]);
    assert_eq!(err("{var:0}"), [(4..6, prefix(":0"))]);
    assert_eq!(err("{var:01}"), [(4..7, prefix(":01"))]);
    assert_eq!(err("{var:10000}"), [(4..10, prefix(":10000"))]);
    assert_eq!(err("{var:}"), [(4..5, prefix(":"))]);
    assert_eq!(err("{hello:2*}"), [(6..9, prefix(":2*"))]);
    // Two independent mistakes, two errors.
    assert_eq!(
        err("{a b}/{c:0}"),
        [(1..4, name("a b")), (8..10, prefix(":0"))]
    );
}

/// The word-at-a-time search finds what a byte-at-a-time one finds: every start, every
/// length up to three words, a brace at each place, amid bytes one bit away from a brace
/// (`z` `|` `~` `;` and their high-bit twins), which a wrong mask would take for one.
#[test]
fn find_brace_agrees_with_a_byte_scan() {
    let fillers = [b'a', b'z', b'|', b'~', b';', 0xFB, 0xFD, 0x00, 0xFF];
    for len in 0..=24 {
        for (f, &filler) in fillers.iter().enumerate() {
            for brace_at in 0..=len {
                let mut bytes = vec![filler; len];
                // A second filler after the brace, so bytes above it differ too.
                for (i, b) in bytes.iter_mut().enumerate() {
                    if i > brace_at {
                        *b = fillers[(f + i) % fillers.len()];
                    }
                }
                for brace in [b'{', b'}'] {
                    let mut bytes = bytes.clone();
                    if brace_at < len {
                        bytes[brace_at] = brace;
                    }
                    for from in 0..=len {
                        let expected = bytes[from..]
                            .iter()
                            .position(|&b| b == b'{' || b == b'}')
                            .map(|i| from + i);
                        assert_eq!(find_brace(&bytes, from), expected, "{bytes:?} from {from}");
                    }
                }
            }
        }
    }
}

/// The byte-lane count agrees with a plain count, across its 255-byte runs.
#[test]
fn count_agrees_with_a_plain_count() {
    for len in [0, 1, 254, 255, 256, 600] {
        let bytes: Vec<u8> = (0..len)
            .map(|i| if i % 3 == 0 { b',' } else { b'a' })
            .collect();
        // A count by hand, not the function under test.
        let mut expected = 0;
        for &b in &bytes {
            if b == b',' {
                expected += 1;
            }
        }
        assert_eq!(count(&bytes, b','), expected);
    }
}

#[test]
fn appendix_a_table() {
    let row = |op: Operator| {
        (
            op.first(),
            op.separator(),
            op.named(),
            op.if_empty(),
            op.allows_reserved(),
        )
    };
    assert_eq!(row(Operator::Simple), ("", ",", false, "", false));
    assert_eq!(row(Operator::Reserved), ("", ",", false, "", true));
    assert_eq!(row(Operator::Label), (".", ".", false, "", false));
    assert_eq!(row(Operator::Path), ("/", "/", false, "", false));
    assert_eq!(row(Operator::PathParam), (";", ";", true, "", false));
    assert_eq!(row(Operator::Query), ("?", "&", true, "=", false));
    assert_eq!(
        row(Operator::QueryContinuation),
        ("&", "&", true, "=", false)
    );
    assert_eq!(row(Operator::Fragment), ("#", ",", false, "", true));
}
