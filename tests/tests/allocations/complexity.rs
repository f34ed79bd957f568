//! Every parse, decode, encode and expand entry point allocates in proportion to its input:
//! for each adversarial input of `complexity/cases.rs`, at two sizes, the larger a hundred
//! times the smaller, the allocations and the bytes allocated by the larger are counted (with
//! the counting global allocator of `counting/`) and must stay within `MAX_RATIO` times those
//! of the smaller. A count is deterministic: this test fails the same way on a busy machine
//! as on an idle one, and asserts no time.
//!
//! What it catches: work that allocates, per unit of input, something the size of the whole
//! input: a copy of the host per non-ASCII character, as the punycode suggestion once made,
//! or a copy of an error's message (which quotes the host) per occurrence. Both historic
//! bugs, put back by hand, fail here. What it cannot see: quadratic work that allocates
//! nothing, such as a scan of every expression per path segment, a comparison of every
//! error with all the others or of every variable name with all the others (those historic
//! bugs, put back by hand, pass here). Those are measured on the same cases by the criterion
//! bench `bench/benches/complexity.rs`, at n and 10 n units (`python3 bench/ratios.py`
//! prints time(10 n) / time(n)), and counted in instructions, deterministically, by
//! `bench/examples/complexity_count.rs` under valgrind (docs/benchmarks.md).

use crate::counting;

mod cases;

use cases::{Case, GROUPS};
use counting::Allocated;

/// The smaller size, in units of a case's input.
const SMALL: usize = 20;
/// The larger size: a hundred times the smaller, not ten, so that linear and quadratic
/// work stay apart whatever the rounding of buffer sizes (below). Small enough that a
/// quadratic regression fails in seconds, not minutes, in an unoptimized build.
const LARGE: usize = 100 * SMALL;

/// The bound on what the larger input allocates over what the smaller one does, in
/// allocations and in bytes. Linear work gives 100 (`n log n`, about 250 at these sizes);
/// its bytes may stray from 100 by up to 4 times either way, as a buffer grown by doubling
/// asks, in all, for 2 to 4 times its final length, and one sized up front (a template's
/// first expansion learns its room, up to a cap) for 1 time it: at most 400. The cases give
/// at most 130 (at 10 times the input instead of 100, the same rounding gave 31, over the 20
/// first meant as a bound). Quadratic work gives 10,000, less where linear work dominates the
/// smaller input: the historic bugs, put back by hand, gave 1,146 (a copy of a long host's
/// message per occurrence) to 7,205 (a suggestion per character of the host).
const MAX_RATIO: usize = 500;

/// What the smaller input may allocate on top, so that a fixed few allocations (none at the
/// smaller size, a couple at the larger) are no ratio.
const SLACK: Allocated = Allocated {
    allocations: 4,
    bytes: 256,
};

/// What running the case at `n` units allocates: the first run is not counted, so that
/// one-time set-up (a lazily built table) is not taken for the input's.
fn allocated(case: &Case, n: usize) -> Allocated {
    let call = (case.prepare)(n);
    call();
    counting::allocated(&*call).1
}

/// Runs every case of a group; fails listing those whose allocations grow faster than the
/// input.
fn check(group: &str) {
    let (_, cases) = GROUPS
        .iter()
        .find(|(name, _)| *name == group)
        .expect("a group of complexity/cases.rs");
    let mut superlinear = Vec::new();
    for case in cases() {
        let small = allocated(&case, SMALL);
        let large = allocated(&case, LARGE);
        println!(
            "{:<48} {:>6} -> {:>7} allocations, {:>9} -> {:>10} bytes",
            case.name, small.allocations, large.allocations, small.bytes, large.bytes
        );
        if large.allocations > MAX_RATIO * (small.allocations + SLACK.allocations)
            || large.bytes > MAX_RATIO * (small.bytes + SLACK.bytes)
        {
            superlinear.push(format!(
                "{} ({} and {} bytes of input): {} and {} allocations, {} and {} bytes",
                case.name,
                SMALL * case.unit_len,
                LARGE * case.unit_len,
                small.allocations,
                large.allocations,
                small.bytes,
                large.bytes,
            ));
        }
    }
    assert!(
        superlinear.is_empty(),
        "100× the input allocates over {MAX_RATIO}× as much:\n{}",
        superlinear.join("\n")
    );
}

#[test]
fn url_parse_allocates_linearly() {
    check("url_parse");
}

#[test]
fn url_lenient_allocates_linearly() {
    check("url_lenient");
}

#[test]
fn url_edit_allocates_linearly() {
    check("url_edit");
}

#[test]
fn url_accessors_allocate_linearly() {
    check("url_accessors");
}

#[test]
fn decoding_allocates_linearly() {
    check("decoding");
}

#[test]
fn encoding_allocates_linearly() {
    check("encoding");
}

#[test]
fn template_parse_allocates_linearly() {
    check("template_parse");
}

#[test]
fn template_variables_allocate_linearly() {
    check("template_variables");
}

#[test]
fn template_expand_allocates_linearly() {
    check("template_expand");
}

#[test]
fn list_expansion_allocates_linearly() {
    check("list_expansion");
}

#[test]
fn route_parsing_allocates_linearly() {
    check("route_parsing");
}
