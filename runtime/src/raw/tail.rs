//! Appending to a `String` in place: [`Tail`], a window of its spare capacity that the
//! encoders and the expansion write into without a bounds check per byte, and
//! [`push_str`], a short copy without a call to `memcpy`.
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
    pub(crate) const fn new(entries: [[u8; 4]; 256]) -> Self {
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
        Replacements(entries)
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

    /// How many bytes are written.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
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
        // `len` before it moves it, and moves it at most as far as it wrote) and keep the
        // string UTF-8 (see `new`); `len <= reach <= room`, which is capacity past `start`.
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

    /// Drops what was written after the first `len` bytes.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Lowers [`reach`](Self::reach) to what is written, for a caller whose room was not
    /// tested up front for all it writes (the long writers, whose methods each test theirs).
    #[inline]
    pub(crate) fn settle(&mut self) {
        self.reach = self.len;
    }

    /// Writes the replacement of each byte of `input` in `table`, if the window has room for
    /// three bytes a byte and one more: a four-byte store a byte, four bytes a step without a
    /// test between them.
    #[inline]
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
        let mut fours = input.chunks_exact(4);
        for four in &mut fours {
            for &b in four {
                store(b);
            }
        }
        for &b in fours.remainder() {
            store(b);
        }
        self.len = at;
        self.reach += 3 * n;
        true
    }

    /// Writes a block of sixteen bytes that the caller keeps, each with its top bit cleared
    /// (the bytes an encoder keeps are ASCII, so nothing changes; clearing it is what keeps
    /// the string UTF-8 whatever the caller's classification says), if the window has room
    /// for it and 40 bytes more: for the long writers, whose stores run ahead of the text.
    #[inline]
    pub(crate) fn kept_block(&mut self, block: &[u8; BLOCK]) -> bool {
        if self.len + BLOCK + 40 > self.room {
            return false;
        }
        let ascii = u128::from_ne_bytes(*block) & u128::from_ne_bytes([0x7F; BLOCK]);
        let at = self.len;
        // SAFETY: `at + BLOCK <= room`: inside the window; the bytes are ASCII.
        unsafe {
            self.window().add(at).cast::<u128>().write_unaligned(ascii);
        }
        self.len += BLOCK;
        self.reach = self.reach.max(self.len);
        true
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
#[inline]
pub(crate) fn push_str(out: &mut String, text: &str) {
    if out.capacity() - out.len() < text.len() {
        out.reserve(text.len());
    }
    match Tail::new(out, text.len()) {
        Some(mut tail) => {
            tail.text(text);
            tail.commit();
        }
        // Never: `reserve` leaves room for the text.
        None => out.push_str(text),
    }
}

/// Appends `value`'s first `n` bytes (`n` at most 16, zeros after them) to `out`, each byte
/// with a bit set in `escapes` replaced by its entry in `table`, the others with their top
/// bit cleared (bytes the caller keeps, which are ASCII; see [`Tail::kept_block`]); if `out`
/// has room for three bytes a byte and sixteen more. Returns whether it did.
///
/// One change (a space in a name, a `&` in a state) is the common case: written from
/// registers, without a loop. Several are written by [`spliced_runs`], out of line, from a
/// copy of the value on the stack.
#[inline]
pub(crate) fn append_spliced(
    out: &mut String,
    value: u128,
    n: usize,
    escapes: u32,
    table: &Replacements,
) -> bool {
    if n > BLOCK {
        return false;
    }
    let Some(mut tail) = Tail::new(out, 3 * n + BLOCK) else {
        return false;
    };
    let escapes = escapes & ((1 << n) - 1);
    let i = escapes.trailing_zeros() as usize;
    let written = if escapes & escapes.wrapping_sub(1) != 0 || i >= n {
        // Several changes (or, never, none).
        spliced_runs(tail.spare(), value, n, escapes, table)
    } else {
        spliced_one(tail.spare(), value, n, i, table)
    };
    // (Each writer wrote its first `written` bytes, at most `3 * n`: the length it returns
    // is a sum of what it stored at the window's start, in order.)
    tail.len = written.min(3 * n);
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

/// [`append_spliced`] for one change, at `i < n`, into `window` (`3 * n + BLOCK` bytes):
/// the kept bytes before it stored as a block, its entry, the kept bytes after it as a
/// block shifted out of the value. Returns how many bytes of `window` are the output.
#[inline]
fn spliced_one(
    window: &mut [MaybeUninit<u8>],
    value: u128,
    n: usize,
    i: usize,
    table: &Replacements,
) -> usize {
    let b = (value >> (8 * i)) as u8;
    let kept = value & u128::from_ne_bytes([0x7F; BLOCK]);
    // The kept bytes before the change, and what follows them, which the next stores
    // overwrite or the length leaves out.
    window[..BLOCK].write_copy_of_slice(&kept.to_le_bytes());
    let entry = table.entry(b);
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
