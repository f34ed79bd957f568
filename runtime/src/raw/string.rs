//! Text: appending to a `String` in place ([`Tail`], a window of its spare capacity that the
//! encoders and the expansion write into without a bounds check per byte, and [`push_str`],
//! a short copy without a call to `memcpy`), a `String` from bytes checked as UTF-8
//! ([`utf8_string`]) or copied from a `str` ([`owned_string`]), and a `str` sliced in line
//! ([`str_slice`]).
//!
//! Every byte a [`Tail`] appends is ASCII, or part of a whole `str` copied as it is, so the
//! `String` stays UTF-8 whatever its callers compute; and every store lands inside the room
//! the tail was made with, checked once per method from lengths alone (what [`Tail::reach`]
//! bounds), not once per byte.

use alloc::string::String;
use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// The bytes a [`Tail`] can classify at once: one block of `crate::scan`.
const BLOCK: usize = 16;

/// What each byte is replaced with by [`Tail::entries`] and [`append_spliced`]: one to three
/// ASCII bytes, padded to three, then their count. The writers store all four bytes and move
/// on by the count, so the common case costs no branch. Only [`Replacements::new`] makes one,
/// and it checks both facts the stores rely on.
#[derive(Debug)]
pub(crate) struct Replacements([[u8; 4]; 256]);

impl Replacements {
    /// The table `entries`, if each of its entries is ASCII and counts one to three bytes
    /// (a compile error in a `const`, a panic otherwise).
    pub(crate) const fn new(entries: &[[u8; 4]; 256]) -> Self {
        let mut b = 0;
        while b < 256 {
            let [x, y, z, count] = entries[b];
            assert!(x < 0x80 && y < 0x80 && z < 0x80, "replacements are ASCII");
            assert!(
                1 <= count && count <= 3,
                "a replacement is one to three bytes"
            );
            b += 1;
        }
        Replacements(*entries)
    }

    /// The entry of `b`: its replacement's bytes, then their count.
    #[inline]
    pub(crate) const fn entry(&self, b: u8) -> [u8; 4] {
        self.0[b as usize]
    }
}

/// The spare capacity of a `String`, written from its start and appended on
/// [`commit`](Self::commit) (dropped uncommitted, it appends nothing).
///
/// Each method writes at [`len`](Self::len) and moves it at most as far as it wrote, so the
/// bytes before it are initialized; each writes ASCII, or a whole `str`, so they are UTF-8.
/// A method that cannot write all it was asked (too little room, a byte above ASCII) writes
/// nothing and returns `false`.
pub(crate) struct Tail<'s> {
    pub(super) vec: &'s mut Vec<u8>,
    /// Where the window starts: the length of the `String` when the tail was made.
    pub(super) start: usize,
    /// How many bytes the window has, all of them capacity of `vec` past `start`.
    pub(super) room: usize,
    /// How many bytes at the window's start are written: what `commit` appends.
    pub(super) len: usize,
    /// At least `len`, computed from the lengths of what the methods were given rather than
    /// from what they wrote, so that a caller who tested the room for all of it up front
    /// sees each method's own test fold away.
    pub(super) reach: usize,
}

impl<'s> Tail<'s> {
    /// The spare capacity of `out`, `room` bytes of it, or `None` if it has less.
    #[inline]
    pub(crate) fn new(out: &'s mut String, room: usize) -> Option<Self> {
        if out.capacity() - out.len() < room {
            return None;
        }
        // SAFETY: what this tail makes part of the string (`commit`, the only place that
        // changes its length) are the first `len` bytes of its window, which the methods
        // below keep UTF-8 (see the type's comment); bytes within the length are never
        // written. So `out` stays UTF-8.
        let vec = unsafe { out.as_mut_vec() };
        Some(Tail {
            start: vec.len(),
            vec,
            room,
            len: 0,
            reach: 0,
        })
    }

    /// The first byte of the window. Taken afresh by each method (no pointer is kept across
    /// a borrow of `vec`); `as_mut_ptr` makes no reference to the buffer.
    #[inline]
    pub(super) fn window(&mut self) -> *mut u8 {
        self.vec.as_mut_ptr().wrapping_add(self.start)
    }

    /// Appends what is written to the `String`.
    #[inline]
    pub(crate) fn commit(self) {
        // SAFETY: the first `len` bytes of the window are initialized (each method writes at
        // `len` before it moves it, and moves it at most as far as it wrote; so do
        // `append_spliced` and a `Cursor`, the only other code that sets `len`, whose fields
        // are private to `raw`) and keep the string UTF-8 (see `new`); `len <= reach <=
        // room`, which is capacity past `start`.
        unsafe { self.vec.set_len(self.start + self.len) };
    }

    /// Writes `b`, if it is ASCII and the window has room.
    #[inline]
    pub(crate) fn byte(&mut self, b: u8) -> bool {
        if !b.is_ascii() || self.reach >= self.room {
            return false;
        }
        let at = self.len;
        // SAFETY: `at <= reach < room`: inside the window. `b` is ASCII.
        unsafe { self.window().add(at).write(b) };
        self.len += 1;
        self.reach += 1;
        true
    }

    /// Writes `text`, if the window has room for it: up to 32 bytes as two copies of a fixed
    /// size that overlap (the first and last 16, 8, 4 or 1 bytes, and the middle one of
    /// three), which the compiler writes as loads and stores rather than a call to `memcpy`.
    #[inline]
    pub(crate) fn text(&mut self, text: &str) -> bool {
        let n = text.len();
        if n > self.room - self.reach {
            return false;
        }
        let (src, at) = (text.as_ptr(), self.len);
        let dst = self.window().wrapping_add(at);
        // SAFETY: `text` is `n` bytes; `at <= reach` and `reach + n <= room`, so the `n`
        // bytes at `at` are inside the window, which `text` does not overlap (the window is
        // spare capacity of the string this tail borrows mutably). Each copy below reads and
        // writes `w` bytes at the same offset `k` with `k + w <= n`, and together they cover
        // all `n`. The bytes are a whole `str`.
        unsafe {
            macro_rules! ends {
                ($w:literal) => {{
                    dst.copy_from_nonoverlapping(src, $w);
                    dst.add(n - $w)
                        .copy_from_nonoverlapping(src.add(n - $w), $w);
                }};
            }
            match n {
                0 => {}
                1..=3 => {
                    dst.write(*src);
                    dst.add(n / 2).write(*src.add(n / 2));
                    dst.add(n - 1).write(*src.add(n - 1));
                }
                4..=7 => ends!(4),
                8..=15 => ends!(8),
                16..=32 => ends!(16),
                _ => dst.copy_from_nonoverlapping(src, n),
            }
        }
        self.len += n;
        self.reach += n;
        true
    }

    /// Writes `bytes`, each with its top bit cleared, if the window has room for them: for
    /// bytes the caller knows are ASCII (kept by an encoder, or its own output), which the
    /// clearing leaves as they are; it is what keeps the string UTF-8 whatever the caller
    /// computed. One pass, as a copy is.
    #[inline]
    pub(crate) fn ascii(&mut self, bytes: &[u8]) -> bool {
        let n = bytes.len();
        if n > self.room - self.reach {
            return false;
        }
        let at = self.len;
        let dst = &mut self.spare()[at..at + n];
        for (d, &b) in dst.iter_mut().zip(bytes) {
            d.write(b & 0x7F);
        }
        // (All `n` bytes at `at` written: `dst` and `bytes` are both `n` long.)
        self.len += n;
        self.reach += n;
        true
    }

    /// Lowers [`reach`](Self::reach) to what is written, for a caller whose room was not
    /// tested up front for all it writes (the long writers, whose methods each test theirs).
    #[inline]
    pub(crate) fn settle(&mut self) {
        self.reach = self.len;
    }

    /// Writes the replacement of each byte of `input` in `table`, if the window has room for
    /// three bytes a byte and one more: a four-byte store a byte, four bytes a step without a
    /// test between them. In line where the table is a constant and the room was tested for
    /// several writes at once (a pair of `{?keys*}`, whose key and value are short enough
    /// that a call for each would weigh on the expansion).
    #[allow(
        clippy::inline_always,
        reason = "in line where the table is a constant; see above"
    )]
    #[inline(always)]
    pub(crate) fn entries(&mut self, table: &Replacements, input: &[u8]) -> bool {
        let n = input.len();
        // `n` is a slice's length, so `3 * n` wraps only past `isize::MAX` bytes: refused.
        if n > (isize::MAX as usize) / 3 || 3 * n >= self.room - self.reach {
            return false;
        }
        let dst = self.window();
        let mut at = self.len;
        let mut store = |b: u8| {
            let entry = table.entry(b);
            // SAFETY: before the `i`th byte, `at <= reach + 3 * i` (each entry moves it by
            // its count, at most three: `Replacements::new`), so the four bytes stored end
            // by `reach + 3 * (n - 1) + 4 <= room`: inside the window. They are ASCII.
            unsafe {
                dst.add(at)
                    .cast::<u32>()
                    .write_unaligned(u32::from_ne_bytes(entry));
            }
            at += (u32::from_le_bytes(entry) >> 24) as usize;
        };
        // The first four apart: for a value known to be under 8 bytes (`url!`'s short values),
        // the loop after them is then dead code.
        let mut rest = input;
        if let Some((four, after)) = rest.split_first_chunk::<4>() {
            for &b in four {
                store(b);
            }
            rest = after;
        }
        while let Some((four, after)) = rest.split_first_chunk::<4>() {
            for &b in four {
                store(b);
            }
            rest = after;
        }
        for &b in rest {
            store(b);
        }
        self.len = at;
        self.reach += 3 * n;
        true
    }
}

impl<'s> Tail<'s> {
    /// The tail's window and length as a [`Cursor`], for a loop that writes a block at a time:
    /// the cursor's fields are its own, so they stay in registers across the stores (the
    /// tail's, behind a reference, may alias the bytes stored, so they would be stored and
    /// loaded back around each). What it writes is the tail's when it is dropped.
    #[inline]
    pub(crate) fn cursor(&mut self) -> Cursor<'_, 's> {
        Cursor {
            dst: self.window(),
            len: self.len,
            room: self.room,
            tail: self,
        }
    }
}

/// A [`Tail`] borrowed for a loop (see [`Tail::cursor`]): it writes at `len` in the window
/// of `room` bytes at `dst`, under the tail's rules (ASCII only, inside the room, `len`
/// moved at most as far as it wrote).
pub(crate) struct Cursor<'t, 's> {
    tail: &'t mut Tail<'s>,
    /// The tail's window (valid for `room` bytes while the tail is borrowed).
    pub(super) dst: *mut u8,
    pub(super) len: usize,
    pub(super) room: usize,
}

impl Drop for Cursor<'_, '_> {
    #[inline]
    fn drop(&mut self) {
        self.tail.len = self.len;
        self.tail.reach = self.tail.reach.max(self.len);
    }
}

/// Appends `bytes` to `out`, each with its top bit cleared ([`Tail::ascii`]), growing it once.
#[inline]
pub(crate) fn push_ascii(out: &mut String, bytes: &[u8]) {
    out.reserve(bytes.len());
    if let Some(mut tail) = Tail::new(out, bytes.len()) {
        tail.ascii(bytes);
        tail.commit();
    }
}

/// Appends `text` to `out` as `push_str` does, but as [`Tail::text`] copies short text,
/// and with the length read once: `push_str` reads it again after the copy, which may
/// have written to memory the compiler cannot tell from the `String`'s own fields.
#[allow(
    clippy::inline_always,
    reason = "a text known at compile time folds into a few stores (`url!`'s texts)"
)]
#[inline(always)]
pub(crate) fn push_str(out: &mut String, text: &str) {
    if out.capacity() - out.len() < text.len() {
        out.reserve(text.len());
    }
    // (Always: `reserve` leaves room for the text.)
    if let Some(mut tail) = Tail::new(out, text.len()) {
        tail.text(text);
        tail.commit();
    }
}

/// Appends `input` (8 to 16 bytes) to `out`, each byte with a bit set in `escapes` replaced
/// by its entry in `table`, the others with their top bit cleared (bytes the caller keeps,
/// which are ASCII; see [`Tail::ascii`]); if `out` has room for three bytes a byte and
/// sixteen more. Returns whether it did.
///
/// One change (a space in a name, a `&` in a state) is the common case: written from
/// registers, without a loop. Several are written by [`spliced_runs`], out of line, from a
/// copy of the value on the stack.
#[inline]
pub(crate) fn append_spliced(
    out: &mut String,
    input: &[u8],
    escapes: u32,
    table: &Replacements,
) -> bool {
    let n = input.len();
    let (Some(first), Some(last), true) = (
        input.first_chunk::<8>(),
        input.last_chunk::<8>(),
        n <= BLOCK,
    ) else {
        return false;
    };
    let Some(mut tail) = Tail::new(out, 3 * n + BLOCK) else {
        return false;
    };
    // The value as one integer, byte `k` at bits `8 * k` and zeros after it. The last eight
    // overlap the first eight where `n < 16`, with the same bytes, so OR-ing them in place
    // is exact.
    let value = u128::from(u64::from_le_bytes(*first))
        | u128::from(u64::from_le_bytes(*last)) << (8 * (n - 8));
    let i = escapes.trailing_zeros() as usize;
    let written = match input.get(i) {
        Some(&b) if escapes & escapes.wrapping_sub(1) == 0 => {
            spliced_one(tail.spare(), value, n, i, table.entry(b))
        }
        // Several changes (or, never, none).
        _ => spliced_runs(tail.spare(), value, n, escapes, table),
    };
    // Each writer wrote the first `written` bytes of the window (at most `3 * n`), in order.
    tail.len = written;
    tail.reach = 3 * n;
    tail.commit();
    true
}

impl Tail<'_> {
    /// The window, as the spare capacity it is.
    #[inline]
    fn spare(&mut self) -> &mut [MaybeUninit<u8>] {
        &mut self.vec.spare_capacity_mut()[..self.room]
    }
}

/// [`append_spliced`] for one change, at `i < n`, whose replacement is `entry`, into
/// `window` (`3 * n + BLOCK` bytes): the kept bytes before it stored as a block, its entry,
/// the kept bytes after it as a block shifted out of the value. Returns how many bytes of
/// `window` are the output: `n + 2` at most, all written (the first `i` by the first store,
/// the entry's by the second, the `n - i - 1` after it by the third).
#[inline]
fn spliced_one(
    window: &mut [MaybeUninit<u8>],
    value: u128,
    n: usize,
    i: usize,
    entry: [u8; 4],
) -> usize {
    let kept = value & u128::from_ne_bytes([0x7F; BLOCK]);
    // The kept bytes before the change, and what follows them, which the next stores
    // overwrite or the length leaves out.
    window[..BLOCK].write_copy_of_slice(&kept.to_le_bytes());
    window[i..i + 4].write_copy_of_slice(&entry);
    let j = i + usize::from(entry[3] & 3);
    // The kept bytes after the change, from `i + 1 <= n <= BLOCK` (at `BLOCK`, past the
    // value, the shift wraps to the whole value, which the length leaves out).
    let after = kept.wrapping_shr((8 * (i + 1)) as u32);
    window[j..j + BLOCK].write_copy_of_slice(&after.to_le_bytes());
    // The first `i + 1` bytes as `j` bytes, then the other `n - i - 1` as they are.
    j + (n - i - 1)
}

/// [`append_spliced`] for several changes, into `window` (`3 * n + BLOCK` bytes): the runs
/// between them are stored a whole block at a time from a copy of the value, each change as
/// its entry. Returns how many bytes of `window` are the output.
#[inline(never)]
fn spliced_runs(
    window: &mut [MaybeUninit<u8>],
    value: u128,
    n: usize,
    mut escapes: u32,
    table: &Replacements,
) -> usize {
    // The value in place, its top bits cleared, then zeros, so that a block can be read
    // from any of its bytes.
    let mut bytes = [0; 2 * BLOCK];
    bytes[..BLOCK].copy_from_slice(&(value & u128::from_ne_bytes([0x7F; BLOCK])).to_le_bytes());
    let original = value.to_le_bytes();
    // The window's first `j` bytes hold the output for the first `pos` bytes (`j <= 3 *
    // pos`), and what follows them, which the next stores overwrite or the length leaves out.
    let (mut pos, mut j) = (0, 0);
    while escapes != 0 {
        let i = escapes.trailing_zeros() as usize;
        escapes &= escapes - 1;
        let (Some(run), Some(&b)) = (bytes.get(pos..pos + BLOCK), original.get(i)) else {
            break;
        };
        if i >= n {
            break;
        }
        let Some(dst) = window.get_mut(j..j + BLOCK) else {
            break;
        };
        dst.write_copy_of_slice(run);
        j += i - pos;
        let entry = table.entry(b);
        let Some(dst) = window.get_mut(j..j + 4) else {
            break;
        };
        dst.write_copy_of_slice(&entry);
        j += usize::from(entry[3] & 3);
        pos = i + 1;
    }
    if pos < n
        && let (Some(run), Some(dst)) = (bytes.get(pos..pos + BLOCK), window.get_mut(j..j + BLOCK))
    {
        dst.write_copy_of_slice(run);
        j += n - pos;
    }
    j
}

/// `bytes` as a `String`, if they are well-formed UTF-8 (else given back): checked sixteen
/// bytes at a time where the processor has SSSE3, else one at a time by an automaton
/// (`utf8`).
pub(crate) fn utf8_string(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    let valid = super::valid_utf8(super::Level::new(true, true), &bytes)
        .unwrap_or_else(|| super::utf8::valid(&bytes));
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    let valid = super::utf8::valid(&bytes);
    if !valid {
        return Err(bytes);
    }
    // SAFETY: `bytes` are well-formed UTF-8: the check just above (`utf8::valid`, or the
    // check of `utf8::shuffle`) accepts exactly that (RFC 3629 §4; the module `utf8` says
    // how each is held to `core::str::from_utf8`).
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// `text[start..end]`, or `None` if that is outside `text` or off its character boundaries:
/// what `str::get` gives, in line (in the leaves `#[derive(Route)]` generates, `str::get`
/// is not inlined).
#[allow(
    clippy::inline_always,
    reason = "a few compares in the generated leaves; see above"
)]
#[inline(always)]
pub(crate) fn str_slice(text: &str, start: usize, end: usize) -> Option<&str> {
    if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
        return None;
    }
    let bytes = text.as_bytes().get(start..end)?;
    // SAFETY: `bytes` are those of `text`, UTF-8, between two of its character boundaries
    // (tested above), so they are whole characters.
    Some(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// `text` in a new `String` of exactly its length: what `String::from` gives, with the
/// memory asked of the global allocator directly. `String::from` goes through `Vec`'s
/// general allocation (a call that checks the size of `n` elements, on top of the
/// allocator's), paid for each path value `from_url` reads.
#[allow(
    clippy::inline_always,
    reason = "once per plain string value, in the generated leaf `#[derive(Route)]` writes"
)]
#[allow(
    clippy::same_length_and_capacity,
    reason = "the exact length is the point; the lint's `String::from` is the general way avoided here"
)]
#[inline(always)]
pub(crate) fn owned_string(text: &str) -> String {
    let len = text.len();
    let Ok(layout) = core::alloc::Layout::from_size_align(len, 1) else {
        // Never: a `str` is at most `isize::MAX` bytes.
        return String::from(text);
    };
    if len == 0 {
        return String::new();
    }
    // SAFETY: `layout` has a non-zero size, as `alloc` requires; a null result is handed to
    // `handle_alloc_error`, which does not return. Otherwise `ptr` is a fresh allocation of
    // `len` bytes, so valid for writing them and apart from `text`, which is `len` bytes of
    // UTF-8; the global allocator gave it with `u8`'s alignment and a size of `len`, which
    // is what `String::from_raw_parts` takes for a capacity of `len`, and all `len` bytes
    // are initialized, UTF-8, by the copy.
    unsafe {
        let ptr = alloc::alloc::alloc(layout);
        if ptr.is_null() {
            alloc::alloc::handle_alloc_error(layout);
        }
        core::ptr::copy_nonoverlapping(text.as_ptr(), ptr, len);
        String::from_raw_parts(ptr, len, len)
    }
}
