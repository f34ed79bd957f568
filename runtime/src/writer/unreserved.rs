//! Short copies for the common layouts (`writer/items.rs`): a string value written as
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
use crate::encode::{self, Set};
use crate::raw::{self, Tail};

/// Values shorter than this are encoded in line; longer ones, and those the URL has no room
/// for yet, by `writer/text.rs`'s [`write_component`] (out of line, as are the encoders it
/// calls).
const SHORT: usize = 8;

impl Expansion<'_, '_> {
    /// Writes `text` as unreserved text (`{x}`, `{/x}`, `{?x}`): for a layout other than
    /// `Layout::General` only, which has no prefix and is not reserved.
    #[inline]
    pub(crate) fn push_unreserved(&mut self, text: &str) {
        let out = &mut self.w.out;
        if text.len() < SHORT && encode::append_in_room(Set::Component, text.as_bytes(), out) {
            return;
        }
        write_component(text, out);
    }
}

/// Appends `text` to `out` without a call to `memcpy` for a short one ([`raw::push_str`]).
#[inline(always)]
pub(super) fn push_short(out: &mut String, text: &str) {
    raw::push_str(out, text);
}

/// Appends `separator`, `name` and `=` to `out` (`?page=`): when `out` has room for all of
/// it, with one length update and the name copied as two words; anything else as three
/// pushes.
#[inline(always)]
pub(super) fn push_pair_head(out: &mut String, separator: u8, name: &str) {
    if let Some(mut tail) = Tail::new(out, name.len() + 2)
        && tail.byte(separator)
        && tail.text(name)
        && tail.byte(b'=')
    {
        tail.commit();
        return;
    }
    out.push(char::from(separator));
    push_short(out, name);
    out.push('=');
}
