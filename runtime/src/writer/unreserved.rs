//! Short copies for the common shapes (`writer/items.rs`): a string value written as
//! unreserved text without a prefix, and a variable's name.
//!
//! Most of a URL's values and names are a few bytes. The general writer
//! ([`Expansion::push_str`]) calls out to the encoders for every value, whose set-up costs
//! more than encoding four bytes; these do the short cases in line, in the value's own
//! `expand`, and call out for the rest. Measured with callgrind on
//! `bench/examples/template_count` (see the commit that added this file).
#![allow(clippy::inline_always, reason = "measured; see the module comment")]

use alloc::string::String;

use super::expansion::Expansion;
use super::text::write_component;
use crate::encode::{Set, encode_four_to_seven_in_room, encode_short_in_room};

/// Values shorter than this are encoded in line; longer ones, and those the URL has no room
/// for yet, by `writer/text.rs`'s [`write_component`] (out of line, as are the encoders it
/// calls).
const SHORT: usize = 8;

impl Expansion<'_, '_> {
    /// Writes `text` as unreserved text (`{x}`, `{/x}`, `{?x}`): for a shape other than
    /// `Shape::General` only, which has no prefix and is not reserved.
    #[inline]
    pub(crate) fn push_unreserved(&mut self, text: &str) {
        let out = &mut self.w.out;
        let bytes = text.as_bytes();
        if bytes.len() < SHORT {
            let done = if bytes.len() >= 4 {
                encode_four_to_seven_in_room(Set::Component, bytes, out)
            } else {
                encode_short_in_room(Set::Component, bytes, out)
            };
            if done {
                return;
            }
        }
        write_component(bytes, out);
    }
}

/// Copies the `n` bytes at `src` to `dst` as two copies of `W` bytes, the first `W` and the
/// last `W`, which overlap when `n < 2 * W`: for `W <= n <= 2 * W`, loads and stores the
/// compiler writes in line, where a copy of `n` bytes is a call to `memcpy` (the short texts
/// of `push_short`, `push_pair_head` and the template's text steps).
///
/// # Safety
/// `W <= n`; `src` is valid for reading `n` bytes, `dst` for writing `n` bytes, and the two
/// do not overlap.
#[inline(always)]
pub(crate) unsafe fn copy_ends<const W: usize>(dst: *mut u8, src: *const u8, n: usize) {
    debug_assert!(W <= n);
    // SAFETY: the caller's contract; both copies lie in the first `n` bytes of each side.
    unsafe {
        dst.copy_from_nonoverlapping(src, W);
        dst.add(n - W).copy_from_nonoverlapping(src.add(n - W), W);
    }
}

/// Appends `text` to `out`: text of 4 to 16 bytes, when `out` has room for 16 more, as two
/// overlapping word copies rather than a call to `memcpy`.
#[inline]
pub(super) fn push_short(out: &mut String, text: &str) {
    let n = text.len();
    if !(4..=16).contains(&n) || out.capacity() - out.len() < 16 {
        out.push_str(text);
        return;
    }
    let src = text.as_ptr();
    // SAFETY: the bytes written are all of `text`, in order, which is UTF-8, so `out` stays
    // UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let len = buf.len();
    let dst = buf.spare_capacity_mut().as_mut_ptr().cast::<u8>();
    // SAFETY: `text` has `n` bytes, 4 <= n <= 16: the words read at `src` and at
    // `src + n - w` (w = 8 if n >= 8, else 4) lie inside it, and together cover it. The
    // spare capacity has at least 16 bytes, so the words written at `dst` and at
    // `dst + n - w` lie inside it; `text` does not overlap `out`'s spare capacity, which
    // `out` alone owns.
    unsafe {
        if n >= 8 {
            copy_ends::<8>(dst, src, n);
        } else {
            copy_ends::<4>(dst, src, n);
        }
    }
    // SAFETY: the first `n` bytes of the spare capacity were written above.
    unsafe { buf.set_len(len + n) };
}

/// Appends `separator`, `name` and `=` to `out` (`?page=`): a name of 4 to 16 bytes, when
/// `out` has room for 18 more bytes, with one length update and the name copied as two
/// words; anything else as three pushes.
#[inline]
pub(super) fn push_pair_head(out: &mut String, separator: u8, name: &str) {
    let n = name.len();
    if !separator.is_ascii() || !(4..=16).contains(&n) || out.capacity() - out.len() < 18 {
        out.push(char::from(separator));
        push_short(out, name);
        out.push('=');
        return;
    }
    let src = name.as_ptr();
    // SAFETY: the bytes written are an ASCII byte, all of `name` in order (UTF-8), and `=`,
    // so `out` stays UTF-8.
    let buf = unsafe { out.as_mut_vec() };
    let len = buf.len();
    let dst = buf.spare_capacity_mut().as_mut_ptr().cast::<u8>();
    // SAFETY: `name` has `n` bytes, 4 <= n <= 16: the words read at `src` and at
    // `src + n - w` (w = 8 if n >= 8, else 4) lie inside it, and together cover it. The
    // writes end at most at `n + 2 <= 18` bytes into the spare capacity, which has at least
    // 18. `name` does not overlap `out`'s spare capacity, which `out` alone owns.
    unsafe {
        dst.write(separator);
        let name_dst = dst.add(1);
        if n >= 8 {
            copy_ends::<8>(name_dst, src, n);
        } else {
            copy_ends::<4>(name_dst, src, n);
        }
        name_dst.add(n).write(b'=');
    }
    // SAFETY: the first `n + 2` bytes of the spare capacity were written above.
    unsafe { buf.set_len(len + n + 2) };
}
