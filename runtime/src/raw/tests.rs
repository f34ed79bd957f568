//! The primitives against what the standard library does, at every length around their
//! limits, with the room they ask for, a byte less and none; and what they refuse. Under Miri
//! (`.ci/run`), these check every `unsafe` of `string.rs` and `plan.rs` as well.
#![allow(
    clippy::single_range_in_vec_init,
    reason = "expressions of one variable each: `[3..4]` is one name's range"
)]

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use urlkit_syntax::plan::{Context, PlanSink, Step};
use urlkit_syntax::template::{Expression, Modifier, Operator, VarList, VarSpec};

use super::*;
use crate::template::compiled::{CompiledExpression, CompiledStep};
use crate::template::slots::PlanSlots;

/// Text of `n` bytes with characters of every width, cut back to a character boundary.
fn text(n: usize) -> String {
    let mut text = String::new();
    for c in "aZ0-é~円😀/ ".chars().cycle() {
        if text.len() + c.len_utf8() > n {
            break;
        }
        text.push(c);
    }
    text
}

/// Every byte's entry: itself when it is an ASCII letter, else `%` and two letters.
static TABLE: Replacements = Replacements::new(&{
    let mut table = [[0u8; 4]; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = if (b as u8).is_ascii_alphabetic() {
            [b as u8, 0, 0, 1]
        } else {
            [b'%', b'A' + (b >> 4) as u8, b'A' + (b & 15) as u8, 3]
        };
        b += 1;
    }
    table
});

/// What [`TABLE`] makes of `bytes`, a byte at a time.
fn replaced(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        let [x, y, z, n] = TABLE.entry(b);
        out.extend([x, y, z][..usize::from(n)].iter().map(|&b| char::from(b)));
    }
    out
}

#[test]
fn push_str_is_push_str() {
    let lengths = if cfg!(miri) { 40 } else { 80 };
    for n in 0..=lengths {
        let text = text(n);
        for capacity in [0, 1, n, n + 1, 2 * n + 32] {
            let mut out = String::with_capacity(capacity);
            out.push('>');
            push_str(&mut out, &text);
            assert_eq!(out[1..], text, "{n} {capacity}");
        }
    }
}

#[test]
fn a_tail_writes_only_what_fits_and_appends_only_on_commit() {
    let mut out = String::with_capacity(8);
    out.push_str("ab");
    let spare = out.capacity() - out.len();
    assert!(Tail::new(&mut out, spare + 1).is_none());
    let mut tail = Tail::new(&mut out, 4).expect("room for 4");
    assert!(!tail.byte(0xC3), "a byte above ASCII is refused");
    assert!(tail.byte(b'c'));
    assert!(!tail.text("long"), "more than the room is refused");
    assert!(tail.text("de"));
    assert!(
        !tail.entries(&TABLE, b"x"),
        "an entry needs four bytes of room"
    );
    assert!(tail.ascii(b"f"));
    assert!(!tail.ascii(b"g"), "the room is full");
    let _ = tail;
    assert_eq!(out, "ab", "dropped without commit: nothing appended");
    let mut tail = Tail::new(&mut out, 4).expect("room for 4");
    assert!(tail.text("cd") && tail.ascii(&[0xC3 | 0x80, b'e']));
    tail.commit();
    assert_eq!(
        out, "abcdCe",
        "committed; a byte above ASCII had its top bit cleared"
    );
}

#[test]
fn entries_are_the_table_a_byte_at_a_time() {
    let all: Vec<u8> = (0..=255).collect();
    for n in 0..=if cfg!(miri) { 20 } else { 64 } {
        for start in [0, 7, 200] {
            let input: Vec<u8> = all.iter().cycle().skip(start).take(n).copied().collect();
            let mut out = String::with_capacity(1 + 3 * n + 1);
            out.push('>');
            let mut tail = Tail::new(&mut out, 3 * n + 1).expect("the room asked");
            assert!(tail.entries(&TABLE, &input));
            tail.commit();
            assert_eq!(out[1..], replaced(&input), "{input:02X?}");
            if n > 0 {
                let mut tight = String::with_capacity(3 * n);
                let mut tail = Tail::new(&mut tight, 3 * n).expect("the room asked");
                assert!(!tail.entries(&TABLE, &input), "one byte short");
            }
        }
    }
}

#[test]
fn spliced_values_are_the_table_where_marked() {
    let bytes = b"abcdefgh ijk\xC3\xA9lmnop";
    let masks: &[u32] = if cfg!(miri) {
        &[0, 1, 0x100, 0x8001, 0x5555]
    } else {
        &[
            0, 1, 2, 0x80, 0x100, 0x8000, 0x8001, 0x5555, 0xAAAA, 0xFFFF, 0x1_0000,
        ]
    };
    for n in 0..=20 {
        let input = &bytes[..n.min(bytes.len())];
        for &mask in masks {
            let mut out = String::with_capacity(1 + 3 * input.len() + 16);
            out.push('>');
            let written = append_spliced(&mut out, input, mask, &TABLE);
            assert_eq!(
                written,
                (8..=16).contains(&input.len()),
                "{input:02X?} {mask:#x}"
            );
            if !written {
                assert_eq!(out, ">");
                continue;
            }
            let mut expected = String::from(">");
            for (k, &b) in input.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    expected.push_str(&replaced(&[b]));
                } else {
                    expected.push(char::from(b & 0x7F));
                }
            }
            assert_eq!(out, expected, "{input:02X?} {mask:#x}");
            let mut tight = String::with_capacity(3 * input.len() + 15);
            assert!(
                !append_spliced(&mut tight, input, mask, &TABLE),
                "one byte short"
            );
            assert!(tight.is_empty());
        }
    }
}

#[test]
fn str_slice_is_str_get_and_owned_string_is_exact() {
    let text = text(24);
    for start in 0..=text.len() + 1 {
        for end in 0..=text.len() + 1 {
            assert_eq!(
                str_slice(&text, start, end),
                text.get(start..end),
                "{start}..{end}"
            );
        }
        if let Some(tail) = text.get(start..) {
            let owned = owned_string(tail);
            assert_eq!((owned.as_str(), owned.capacity()), (tail, tail.len()));
        }
    }
}

/// `expressions` and `steps` held in place, as the planner's fast lane puts them.
fn in_place(expressions: Vec<CompiledExpression>, steps: Vec<CompiledStep>) -> PlanSlots {
    let mut parts = PlanSlots::new();
    for e in expressions {
        parts.push_expression(e);
    }
    for step in steps {
        parts.push_step(step);
    }
    parts
}

/// An expression of `vars` (name ranges) for [`Plan`]s.
fn expression(vars: &[core::ops::Range<usize>]) -> crate::template::compiled::CompiledExpression {
    Expression {
        range: 0..0,
        operator: Operator::Simple,
        vars: VarList::from_vec(
            vars.iter()
                .map(|name| VarSpec {
                    name: name.clone(),
                    modifier: Modifier::None,
                })
                .collect(),
        ),
    }
}

/// A checked plan reads every variable of an expression, however its list holds them: one
/// in place, several in a box, or a `static` slice as `template!` writes it.
#[test]
fn a_plan_reads_the_variables_of_every_kind_of_list() {
    static YZ: [VarSpec; 2] = [
        VarSpec {
            name: 4..5,
            modifier: Modifier::None,
        },
        VarSpec {
            name: 6..7,
            modifier: Modifier::Explode,
        },
    ];
    let mut statics = expression(&[]);
    statics.vars = VarList::Static(&YZ);
    let expressions = vec![expression(&[1..2]), expression(&[4..5, 6..7]), statics];
    assert!(matches!(expressions[0].vars, VarList::One(_)));
    assert!(matches!(expressions[1].vars, VarList::Many(_)));
    let steps = vec![
        Step::Expand(0, Context::Path),
        Step::Expand(1, Context::Path),
        Step::Expand(2, Context::Path),
    ];
    let owned = OwnedPlan::new(
        String::from("{x}{y,z*}"),
        PlanSlots::from_vecs(expressions, steps),
    );
    let plan = owned.plan();
    let names: Vec<Vec<(&str, Modifier)>> = plan
        .view::<true, false>()
        .expect("checked")
        .map(|step| match step {
            Resolved::Expand(e, _) => core::iter::once(e.first).chain(e.later()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let yz = vec![("y", Modifier::None), ("z", Modifier::None)];
    let yz_static = vec![("y", Modifier::None), ("z", Modifier::Explode)];
    assert_eq!(names, [vec![("x", Modifier::None)], yz, yz_static]);
}

#[test]
fn a_plan_resolves_what_it_checked_and_skips_what_it_did_not() {
    // "/a{x}" and its texts: "/a" at 5..7.
    let good = || (String::from("/a{x}/a"), vec![expression(&[3..4])]);
    let steps = || {
        vec![
            Step::Text(5..7),
            Step::Expand(0, Context::Path),
            Step::Pair(0..2),
        ]
    };
    let (text, expressions) = good();
    let owned = OwnedPlan::new(text, in_place(expressions, steps()));
    let plan = owned.plan();
    assert!(plan.view::<true, true>().is_some());
    let resolved: Vec<String> = plan
        .view::<true, true>()
        .expect("checked")
        .map(|step| match step {
            Resolved::Text(piece) => {
                let mut out = String::with_capacity(64);
                piece.push(&mut out);
                out
            }
            Resolved::Expand(e, _) => String::from(e.first.0),
            Resolved::Pair(pair) => String::from(pair),
            _ => String::from("?"),
        })
        .collect();
    assert_eq!(resolved, ["/a", "x", "/a"]);
    assert_eq!(plan.text(), "/a{x}/a");
    // A range off a boundary, an index out of range, an expression without variables: not
    // checked, so only the view that checks as it reads, which skips them.
    for owned in [
        (
            String::from("é{x}"),
            vec![expression(&[3..4])],
            vec![Step::Text(0..1)],
        ),
        (
            String::from("{x}"),
            vec![expression(&[1..2])],
            vec![Step::Segment(1)],
        ),
        (
            String::from("{x}"),
            vec![expression(&[])],
            vec![Step::Segment(0)],
        ),
    ]
    .into_iter()
    .flat_map(|(text, expressions, steps)| {
        // The same plan with its parts in `Vec`s and in place.
        let placed = in_place(expressions.clone(), steps.clone());
        [
            OwnedPlan::new(text.clone(), PlanSlots::from_vecs(expressions, steps)),
            OwnedPlan::new(text, placed),
        ]
    }) {
        let plan = owned.plan();
        assert!(plan.view::<true, false>().is_none());
        let steps: Vec<bool> = plan
            .view::<false, false>()
            .expect("always")
            .map(|step| match step {
                Resolved::Text(piece) => {
                    let mut out = String::new();
                    piece.push(&mut out);
                    out.is_empty()
                }
                Resolved::Skip => true,
                _ => false,
            })
            .collect();
        assert_eq!(steps, [true]);
    }
}

/// A [`Walk`] against slices: each step reads its window at `at` and appends what it was
/// given, after what was there; a step with fewer input bytes left than it reads is
/// refused and writes nothing; counts above a half's eight bytes are taken as eight; the
/// output appears only on `finish`. Every length of input to a few blocks past the steps'
/// windows, from every start.
#[test]
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
fn a_walk_appends_what_its_steps_wrote_and_never_outruns_its_input() {
    use crate::scan::{BLOCK, TRIPLETS};
    let register = |bytes: &[u8; BLOCK]| load(bytes);
    let block: [u8; BLOCK] = core::array::from_fn(|k| b'a' + k as u8);
    let other: [u8; BLOCK] = core::array::from_fn(|k| b'A' + k as u8);
    let lengths = if cfg!(miri) {
        2 * BLOCK + 2
    } else {
        3 * TRIPLETS
    };
    for n in 0..=lengths {
        let src: Vec<u8> = (0..n).map(|k| k as u8).collect();
        for start in [0, 1, n / 2, n] {
            let mut out = vec![b'>'];
            let mut walk = Walk::new(&src, start, &mut out);
            let mut expected = vec![b'>'];
            let mut at = start.min(n);
            // Each kind of step in turn, while the input lasts.
            for step in 0.. {
                assert_eq!(walk.at(), at);
                let left = n - at;
                assert_eq!(
                    walk.input::<BLOCK>().map(|w| &w[..]),
                    src.get(at..at + BLOCK)
                );
                let done = match step % 4 {
                    0 => {
                        let done = walk.compacted(register(&block), 3, 9);
                        if done {
                            expected.extend(&block[..3]);
                            expected.extend(&block[8..]);
                        }
                        done
                    }
                    1 => {
                        let done =
                            walk.compacted_pair((register(&block), 8, 0), (register(&other), 0, 5));
                        if done {
                            expected.extend(&block[..8]);
                            expected.extend(&other[8..13]);
                        }
                        done
                    }
                    2 => {
                        let done = walk.replaced::<TRIPLETS>(other);
                        if done {
                            expected.extend(&other);
                        }
                        done
                    }
                    _ => {
                        let done = walk.replaced::<BLOCK>(block);
                        if done {
                            expected.extend(&block);
                        }
                        done
                    }
                };
                let reads = [BLOCK, 2 * BLOCK, TRIPLETS, BLOCK][step % 4];
                assert_eq!(done, left >= reads, "{n} {start} {step}");
                if !done {
                    break;
                }
                at += reads;
            }
            assert_eq!(walk.out_len(), 1, "nothing appended before `finish`");
            assert_eq!(walk.finish(), at);
            assert_eq!(out, expected, "{n} {start}");
            assert!(out.len() - 1 <= n - start.min(n));
        }
        // Dropped unfinished: nothing appended.
        let mut out = vec![b'>'];
        {
            let mut walk = Walk::new(&src, 0, &mut out);
            walk.replaced::<BLOCK>(block);
        }
        assert_eq!(out, [b'>']);
    }
}
