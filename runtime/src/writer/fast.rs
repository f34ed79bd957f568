//! Fast lanes of list and map items, beside the per-layout code of `items.rs`: an item of
//! `{/list*}` written with its `/` at once, and a pair of `{?keys*}` written at once. Each
//! falls back to the per-layout code when it does not apply (tests:
//! `tests/tests/template/template_fast_paths.rs`).

use super::expansion::Expansion;
use crate::encode::{self, Set};
use crate::raw::Tail;
use crate::value::Scalar;

impl Expansion<'_, '_> {
    /// An item of an exploded list under [`Layout::Slash`](super::frame::Layout::Slash)
    /// (`{/list*}`): `/item`, a string written with its `/` at once
    /// ([`Writer::slash_text`](crate::writer::Writer)), in line rather than through the call to
    /// `Writer::slash`.
    ///
    /// `after` is where the segment that the previous item wrote this way starts (`None` for
    /// the first item, or after one written otherwise); returns where this item's starts,
    /// if it was written this way.
    #[inline]
    pub(super) fn slash_item<S: Scalar>(
        &mut self,
        after: Option<usize>,
        item: &S,
    ) -> Option<usize> {
        if let Some(text) = item.unreserved_text() {
            let start = match after {
                Some(start) => self.w.slash_text_after(start, text),
                None => self.w.slash_text(self.name, text),
            };
            if start.is_some() {
                return start;
            }
        }
        self.w.slash(self.name);
        self.write_in_layout(item);
        None
    }

    /// A pair of an exploded map under [`Layout::Pair`](super::frame::Layout::Pair) (`{?keys*}`):
    /// `?key=value`, or `&key=value` after the query's first pair. Two short strings are written at
    /// once, into room tested once for the whole pair (three bytes a byte, the separator, the `=`
    /// and one past the last for the four-byte stores: [`encode::write_in_tail`]), with one length
    /// update, rather than a test of the room and an update for each of the separator, the texts
    /// and the `=`. `separator` is the one `Writer::pair_separator` would write, and the expansion
    /// is marked defined.
    #[inline]
    pub(super) fn exploded_pair<K: Scalar, V: Scalar>(
        &mut self,
        separator: u8,
        key: &K,
        value: &V,
    ) {
        if let (Some(k), Some(v)) = (key.unreserved_text(), value.unreserved_text()) {
            // Neither length can be near `usize::MAX` (each is a slice's), so the sum cannot
            // wrap.
            let n = k.len() + v.len();
            if n < encode::SHORT
                && let Some(mut tail) = Tail::new(&mut self.w.out, 3 * n + 3)
                && tail.byte(separator)
                && encode::write_in_tail(Set::Component, k.as_bytes(), &mut tail)
                && tail.byte(b'=')
                && encode::write_in_tail(Set::Component, v.as_bytes(), &mut tail)
            {
                tail.commit();
                self.w.query_open = true;
                return;
            }
        }
        self.w.pair_separator();
        self.write_in_layout(key);
        self.w.out.push('=');
        self.write_in_layout(value);
    }
}
