//! A compiled template's text and indices as [`Compiled::run`](super::compiled::Compiled)
//! reads them: checked once when the template is made ([`ranges_on_boundaries`]), then
//! read without checks ([`Text`], [`expression`]); and the copy of a text step.
#![allow(
    clippy::inline_always,
    reason = "the interpreter's steps must inline into `Compiled::run`, so that its constants fold"
)]

use alloc::borrow::Cow;
use alloc::string::String;
use core::ops::Range;

use urlkit_syntax::plan::Step;
use urlkit_syntax::template::VarSpec;

use super::compiled::{CompiledExpression, CompiledStep};
use crate::value::copy_ends;

/// The bytes [`push_step_block`] copies at once; a parsed template's text is padded with as
/// many.
pub(super) const STEP_BLOCK: usize = 32;

/// What a parsed template's text is padded with: [`STEP_BLOCK`] spaces.
pub(super) const STEP_PADDING: &str = match core::str::from_utf8(&[b' '; STEP_BLOCK]) {
    Ok(spaces) => spaces,
    Err(_) => panic!("spaces are UTF-8"),
};

/// Appends the text of `range`, a text step's, to `out`: when `out` has room for a whole
/// [`STEP_BLOCK`], as one copy of the block that starts the range, of which the range's
/// length is kept: one copy of a constant size, where [`push_step_text`] chooses a copy by
/// the range's length.
///
/// # Safety
/// `range` lies on character boundaries of `text`, is at most [`STEP_BLOCK`] bytes long,
/// and `text` holds [`STEP_BLOCK`] bytes from its start (`Compiled::blocks`).
#[inline(always)]
pub(super) unsafe fn push_step_block<const CHECKED: bool>(
    out: &mut String,
    text: Text<'_, CHECKED>,
    range: &Range<usize>,
) {
    let n = range.end.wrapping_sub(range.start);
    if out.capacity() - out.len() < STEP_BLOCK {
        out.push_str(text.get(range));
        return;
    }
    // SAFETY: the caller's contract: the block's bytes are inside `text`.
    let block = unsafe {
        text.text
            .as_ptr()
            .add(range.start)
            .cast::<[u8; STEP_BLOCK]>()
            .read_unaligned()
    };
    // SAFETY: the bytes kept are the first `n` of the block, the text of `range`, which lies
    // on character boundaries (the caller's contract): UTF-8 after `out`'s UTF-8, so `out`
    // stays UTF-8. The rest of the block lands in spare capacity, outside the string.
    let buf = unsafe { out.as_mut_vec() };
    let len = buf.len();
    // SAFETY: `out` has room for `STEP_BLOCK` bytes after its `len` (tested above); once
    // written, its first `len + n` bytes are initialized (`n <= STEP_BLOCK`).
    unsafe {
        buf.as_mut_ptr()
            .add(len)
            .cast::<[u8; STEP_BLOCK]>()
            .write_unaligned(block);
        buf.set_len(len + n);
    }
}

/// Whether every text step of `steps` is at most [`STEP_BLOCK`] bytes long and `text` holds
/// that many bytes from its start (see [`push_step_block`]). A `const fn`, as
/// [`ranges_on_boundaries`] is.
pub(super) const fn texts_fit_blocks(text: &str, steps: &[CompiledStep]) -> bool {
    let mut i = 0;
    while i < steps.len() {
        if let Step::Text(range) = &steps[i]
            && (range.start > range.end
                || range.end - range.start > STEP_BLOCK
                || range.start > text.len()
                || text.len() - range.start < STEP_BLOCK)
        {
            return false;
        }
        i += 1;
    }
    true
}

/// Appends a text step's `text` to `out`: a text of up to 32 bytes, when `out` has room
/// for 32 more, as two overlapping copies of a fixed size (the first and last 16, 8, 4 or
/// 1 bytes, and the middle one under 4), which the compiler writes as loads and stores,
/// rather than through a call to `memcpy`.
#[inline(always)]
pub(super) fn push_step_text(out: &mut String, text: &str) {
    let n = text.len();
    if n > 32 || out.capacity() - out.len() < 32 {
        out.push_str(text);
        return;
    }
    let src = text.as_ptr();
    // SAFETY: the bytes written are all of `text`, in order, which is UTF-8, after `out`'s
    // UTF-8 (which ends on a character boundary), so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let len = buf.len();
    let dst = buf.spare_capacity_mut().as_mut_ptr().cast::<u8>();
    // SAFETY: `text` has `n <= 32` bytes. Each copy reads `w` bytes at `src + k` with
    // `k + w <= n` (w = 16 if n >= 16, 8 if n >= 8, 4 if n >= 4, else 1 with k < n), so
    // inside `text`, and together the copies cover it; they write the same offsets from
    // `dst`, inside the spare capacity, which has at least 32 bytes and does not overlap
    // `text` (`out` alone owns it).
    unsafe {
        if n >= 16 {
            copy_ends::<16>(dst, src, n);
        } else if n >= 8 {
            copy_ends::<8>(dst, src, n);
        } else if n >= 4 {
            copy_ends::<4>(dst, src, n);
        } else if n > 0 {
            // 1 to 3 bytes: the first, the middle and the last.
            copy_ends::<1>(dst, src, n);
            dst.add(n / 2).write(*src.add(n / 2));
        }
    }
    // SAFETY: the first `n` bytes of the spare capacity were written above.
    unsafe { buf.set_len(len + n) };
}

/// A compiled template's text; `CHECKED` if its ranges were checked when it was made
/// ([`Compiled::ranges_checked`]).
#[derive(Clone, Copy)]
pub(super) struct Text<'n, const CHECKED: bool> {
    pub(super) text: &'n str,
}

impl<'n, const CHECKED: bool> Text<'n, CHECKED> {
    /// The text of `range`: without checking its bounds and boundaries again when they
    /// were checked at construction, so that the interpreter's loop carries no bounds
    /// checks.
    #[inline(always)]
    pub(super) fn get(self, range: &Range<usize>) -> &'n str {
        if CHECKED {
            // SAFETY: `CHECKED` is `Compiled::ranges_checked` (`Compiled::run` instantiates
            // the checked copy only when that field is true), true only if
            // `ranges_on_boundaries` found every range of the template's steps and
            // expressions (the only ranges passed here) inside `text` and on character
            // boundaries; `Compiled`'s fields are private and never change after
            // construction, so that still holds.
            unsafe { self.text.get_unchecked(range.clone()) }
        } else {
            // Never taken for a template the planner made; empty rather than a panic.
            self.text.get(range.clone()).unwrap_or_default()
        }
    }
}

/// Expression `i` of `expressions` (the template's): without checking the index again when
/// it was checked at construction (`CHECKED`, as for [`Text`]). `None` (the step skipped
/// rather than a panic) only for an index out of range, which the planner never makes.
#[inline(always)]
pub(super) fn expression<const CHECKED: bool>(
    expressions: &[CompiledExpression],
    i: usize,
) -> Option<&CompiledExpression> {
    if CHECKED {
        // SAFETY: `CHECKED` is `Compiled::ranges_checked` (see `Text::get`), true only if
        // `ranges_on_boundaries` found every expression index of the template's steps (the
        // only indices passed here) below the length of its expressions, which never change
        // after construction.
        Some(unsafe { expressions.get_unchecked(i) })
    } else {
        expressions.get(i)
    }
}

/// The first variable of an expression's `vars`, and the others: without testing that there
/// is one when the template's ranges were checked (`CHECKED`, as for [`Text`]), which lets
/// the compiler drop the expansion's defaults that the first variable overwrites. `None`
/// only for an expression without
/// variables, which the planner never makes.
#[inline(always)]
pub(super) fn first_var<const CHECKED: bool>(vars: &[VarSpec]) -> Option<(&VarSpec, &[VarSpec])> {
    if CHECKED {
        // SAFETY: `CHECKED` is `Compiled::ranges_checked` (see `Text::get`), true only if
        // `ranges_on_boundaries` found at least one variable in every expression of the
        // template (the only `vars` passed here), which never change after construction.
        Some(unsafe { (vars.get_unchecked(0), vars.get_unchecked(1..)) })
    } else {
        vars.split_first()
    }
}

/// Whether every range held by `steps` and `expressions` lies inside `text`, on character
/// boundaries, and every expression a step names is one of `expressions`. A `const fn`: `template!`'s templates are checked at compile time.
pub(super) const fn ranges_on_boundaries(
    text: &str,
    expressions: &[CompiledExpression],
    steps: &[CompiledStep],
) -> bool {
    let mut i = 0;
    while i < steps.len() {
        let fits = match &steps[i] {
            Step::Text(range) | Step::Pair(range) => on_boundaries(text, range),
            Step::HandPair { key, expr } => on_boundaries(text, key) && *expr < expressions.len(),
            Step::Segment(e) | Step::Expand(e, _) | Step::Port(e) | Step::Required(e, _) => {
                *e < expressions.len()
            }
            Step::PathStart { .. }
            | Step::SegmentStart
            | Step::SegmentEnd { .. }
            | Step::QueryStart => true,
        };
        if !fits {
            return false;
        }
        i += 1;
    }
    let mut i = 0;
    while i < expressions.len() {
        let vars: &[VarSpec] = match &expressions[i].vars {
            Cow::Borrowed(vars) => vars,
            Cow::Owned(vars) => vars.as_slice(),
        };
        // Every expression has a variable (RFC 6570's grammar), which `first_var` relies on.
        if vars.is_empty() {
            return false;
        }
        let mut j = 0;
        while j < vars.len() {
            if !on_boundaries(text, &vars[j].name) {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// Whether `range` lies inside `text`, on character boundaries.
const fn on_boundaries(text: &str, range: &Range<usize>) -> bool {
    range.start <= range.end
        && range.end <= text.len()
        && text.is_char_boundary(range.start)
        && text.is_char_boundary(range.end)
}
