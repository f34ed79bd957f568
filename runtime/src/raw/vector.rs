//! The vector unit: a block of bytes into a register and back, and the calls into code
//! compiled for instruction sets beyond the target's baseline (SSSE3, AVX2), made only where
//! the processor running it has them.
//!
//! The vector code itself lives with its users (`crate::scan`, `crate::encode::shuffle`,
//! `crate::decode::sparse`, [`super::utf8`]) as safe functions: an intrinsic that only
//! computes on registers is safe to call where its instruction set is enabled, which SSE2 is
//! on every `x86_64` target and NEON on `aarch64` ones; a function compiled for SSSE3 or AVX2
//! (`#[target_feature]`) can only be called from safe code of the same set, so every call
//! into one from ordinary code is here, behind a [`Level`].

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use x86::*;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[allow(
    clippy::inline_always,
    reason = "a load, a store or an operation of one instruction, inside the vector loops"
)]
mod x86 {
    use alloc::vec::Vec;
    use core::mem::MaybeUninit;

    use core::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_loadu_si256,
    };

    use self::sse2::{_mm_and_si128, _mm_set1_epi8};

    use crate::decode::sparse;
    use crate::encode::{SetType, shuffle};
    use crate::raw::{Cursor, Tail};
    use crate::scan::BLOCK;
    #[cfg(test)]
    use crate::scan::TRIPLETS;
    use crate::scan::nibble::{self, Nibbles};

    /// SSE2's operations on registers, as safe functions for code that is not compiled with
    /// `#[target_feature]` (the scanner's methods, which a trait cannot mark): each calls the
    /// intrinsic of its name with the same arguments.
    pub(crate) mod sse2 {
        use core::arch::x86_64::{self as arch, __m128i};

        macro_rules! register_ops {
            ($($name:ident $(<$imm:ident>)? ($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
                #[doc = concat!("`", stringify!($name), "`.")]
                #[inline(always)]
                pub(crate) fn $name $(<const $imm: i32>)? ($($arg: $ty),*) -> $ret {
                    // SAFETY: SSE2 is enabled on every target this module is compiled for
                    // (`cfg` on the module; it is in the `x86_64` baseline), so its
                    // instructions exist on every processor the code runs on; these take and
                    // give registers and integers only, no pointer.
                    unsafe { arch::$name $(::<$imm>)? ($($arg),*) }
                }
            )*};
        }

        register_ops! {
            _mm_add_epi8(a: __m128i, b: __m128i) -> __m128i;
            _mm_and_si128(a: __m128i, b: __m128i) -> __m128i;
            _mm_andnot_si128(a: __m128i, b: __m128i) -> __m128i;
            _mm_cmpeq_epi8(a: __m128i, b: __m128i) -> __m128i;
            _mm_cmpgt_epi8(a: __m128i, b: __m128i) -> __m128i;
            _mm_cvtsi128_si64(a: __m128i) -> i64;
            _mm_insert_epi16<IMM8>(a: __m128i, i: i32) -> __m128i;
            _mm_movemask_epi8(a: __m128i) -> i32;
            _mm_or_si128(a: __m128i, b: __m128i) -> __m128i;
            _mm_packus_epi16(a: __m128i, b: __m128i) -> __m128i;
            _mm_sad_epu8(a: __m128i, b: __m128i) -> __m128i;
            _mm_set1_epi16(a: i16) -> __m128i;
            _mm_set1_epi8(a: i8) -> __m128i;
            _mm_setzero_si128() -> __m128i;
            _mm_slli_epi16<IMM8>(a: __m128i) -> __m128i;
            _mm_srli_epi16<IMM8>(a: __m128i) -> __m128i;
            _mm_srli_si128<IMM8>(a: __m128i) -> __m128i;
            _mm_sub_epi8(a: __m128i, b: __m128i) -> __m128i;
        }
    }

    /// Sixteen bytes into a register.
    #[inline(always)]
    pub(crate) fn load(block: &[u8; BLOCK]) -> __m128i {
        // SAFETY: SSE2 is enabled on every target this module is compiled for (`cfg` on the
        // module); `block` is sixteen readable bytes, and `loadu` needs no alignment.
        unsafe { _mm_loadu_si128(block.as_ptr().cast()) }
    }

    /// 32 bytes into a register, in code compiled for AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_wide(block: &[u8; 2 * BLOCK]) -> __m256i {
        // SAFETY: AVX2 is enabled for this function, which safe code can only call from code
        // that has it; `block` is 32 readable bytes, and `loadu` needs no alignment.
        unsafe { _mm256_loadu_si256(block.as_ptr().cast()) }
    }

    /// A block decoder's walk over its input and the spare capacity of its output: each step
    /// reads a window of `R` input bytes at [`at`](Walk::at), moves `at` past them, and
    /// appends at most `R` bytes to the output, in order. So the output never runs ahead of
    /// the input: it has room wherever the input has bytes left ([`Walk::new`] reserves as
    /// much), and a step needs one test, that `R` input bytes are left (which the loop's own
    /// test of `at` usually is already). What [`finish`](Walk::finish) appends is what the
    /// steps wrote, whatever the caller computed; a walk dropped unfinished appends nothing.
    pub(crate) struct Walk<'a> {
        src: &'a [u8],
        out: &'a mut Vec<u8>,
        /// Where the walk writes: `out`'s spare capacity, from `out.len()` (taken once, so
        /// that it stays in a register across the stores; `out` is not used again until
        /// `finish`, and then only for its length).
        dst: *mut u8,
        /// The next step's input index, at most `src.len()`.
        at: usize,
        /// How many bytes at `dst` the steps wrote, in order: at most how far they moved
        /// `at` from where `new` put it, `start` below.
        len: usize,
    }

    impl<'a> Walk<'a> {
        /// A walk over `src` from `at` (at most `src.len()`), appending to `out`: reserves
        /// room in `out` for the rest of `src`.
        #[inline]
        pub(crate) fn new(src: &'a [u8], at: usize, out: &'a mut Vec<u8>) -> Walk<'a> {
            let at = at.min(src.len());
            out.reserve(src.len() - at);
            let dst = out.as_mut_ptr().wrapping_add(out.len());
            Walk {
                src,
                out,
                dst,
                at,
                len: 0,
            }
        }

        /// The next step's input index.
        #[inline(always)]
        pub(crate) fn at(&self) -> usize {
            self.at
        }

        /// The `R` input bytes at [`at`](Self::at), if there are that many.
        #[inline(always)]
        pub(crate) fn input<const R: usize>(&mut self) -> Option<&'a [u8; R]> {
            self.step::<R, 0>().map(|(input, _)| input)
        }

        /// The `R` input bytes at `at` and the `W` bytes of output after what is written,
        /// if `R` input bytes are left (`W <= R`).
        #[inline(always)]
        fn step<const R: usize, const W: usize>(
            &mut self,
        ) -> Option<(&'a [u8; R], &mut [MaybeUninit<u8>; W])> {
            const { assert!(W <= R, "a step writes no more than it reads") };
            // (`at <= src.len()`: the fields' invariant.)
            if R > self.src.len() - self.at {
                return None;
            }
            // SAFETY: the input: `at + R <= src.len()`, tested just above, so the `R` bytes
            // at `at` are `src`'s, borrowed for `'a` as `src` is. The output: with `start`
            // the `at` that `new` set, `len <= at - start` (each step moves `at` by `R` and
            // `len` by at most `W <= R`), so `len + W <= src.len() - start`, which `new` reserved
            // past `out.len()`: the `W` bytes at `dst + len` are spare capacity of `out`,
            // which this walk borrows mutably (and does not otherwise touch until `finish`);
            // they are handed out as `MaybeUninit`, apart from the input (another borrow),
            // for as long as `self` is borrowed. Neither needs alignment.
            unsafe {
                Some((
                    &*self.src.as_ptr().add(self.at).cast::<[u8; R]>(),
                    &mut *self.dst.add(self.len).cast::<[MaybeUninit<u8>; W]>(),
                ))
            }
        }

        /// Consumes a block of input and appends what a byte shuffle left of it in `v`: the
        /// first `low` bytes of its low half and the first `high` of its high half (each at
        /// most eight). Returns whether a block was left.
        #[inline(always)]
        pub(crate) fn compacted(&mut self, v: __m128i, low: usize, high: usize) -> bool {
            let Some((_, window)) = self.step::<BLOCK, BLOCK>() else {
                return false;
            };
            let written = put_halves(window, v, low, high);
            self.at += BLOCK;
            self.len += written;
            true
        }

        /// [`compacted`](Self::compacted) for two blocks: `a`'s kept bytes, then `b`'s.
        #[inline(always)]
        pub(crate) fn compacted_pair(
            &mut self,
            (a, a_low, a_high): (__m128i, usize, usize),
            (b, b_low, b_high): (__m128i, usize, usize),
        ) -> bool {
            let Some((_, window)) = self.step::<{ 2 * BLOCK }, { 2 * BLOCK }>() else {
                return false;
            };
            let first = window.first_chunk_mut().expect("a block");
            let k = put_halves(first, a, a_low, a_high);
            // (Always: `k <= BLOCK`, so a block at `k` is inside the window.)
            let Some(second) = window
                .get_mut(k..k + BLOCK)
                .and_then(<[_]>::first_chunk_mut)
            else {
                return false;
            };
            let written = k + put_halves(second, b, b_low, b_high);
            self.at += 2 * BLOCK;
            self.len += written;
            true
        }

        /// Consumes `R` input bytes (at least a block) and appends `bytes`.
        #[inline(always)]
        pub(crate) fn replaced<const R: usize>(&mut self, bytes: [u8; BLOCK]) -> bool {
            let Some((_, window)) = self.step::<R, BLOCK>() else {
                return false;
            };
            window.write_copy_of_slice(&bytes);
            self.at += R;
            self.len += BLOCK;
            true
        }

        /// The length of the output, which the steps leave as it was until `finish`.
        #[cfg(test)]
        pub(crate) fn out_len(&self) -> usize {
            self.out.len()
        }

        /// Appends what the steps wrote to `out`; returns where the walk stopped in `src`.
        #[inline]
        pub(crate) fn finish(self) -> usize {
            // SAFETY: the `len` bytes at `dst` are initialized: each step writes at `dst +
            // len` before it moves `len`, and moves it at most as far as it wrote, in order
            // (`put_halves`' count, `replaced`'s whole block); and `len <= at - start <=
            // src.len() - start`, which `new` reserved past `out.len()`. `u8` has no
            // invalid values.
            unsafe { self.out.set_len(self.out.len() + self.len) };
            self.at
        }
    }

    /// Writes the low eight bytes of `v` at the start of `window` and the high eight at
    /// `window[low..]` (`low`, like `high`, taken as at most 8), so that the first `low`
    /// bytes of each half follow each other; returns `low + high`, how many bytes at the
    /// start of `window` that leaves written. Each half goes through a general register,
    /// not `_mm_storeh_pd`, whose `core::arch` form writes through a `*mut f64` and so needs
    /// eight-byte alignment, which a window at any byte of the output does not have (Miri
    /// finds it); nor through the stack, which a load of the high half then waits on.
    #[inline(always)]
    fn put_halves(
        window: &mut [MaybeUninit<u8>; BLOCK],
        v: __m128i,
        low: usize,
        high: usize,
    ) -> usize {
        let (low, high) = (low.min(BLOCK / 2), high.min(BLOCK / 2));
        let first = sse2::_mm_cvtsi128_si64(v).to_le_bytes();
        let second = sse2::_mm_cvtsi128_si64(sse2::_mm_srli_si128::<8>(v)).to_le_bytes();
        window[..BLOCK / 2].write_copy_of_slice(&first);
        window[low..low + BLOCK / 2].write_copy_of_slice(&second);
        low + high
    }

    /// The sixteen bytes of a register.
    #[inline(always)]
    pub(crate) fn to_bytes(v: __m128i) -> [u8; BLOCK] {
        // SAFETY: a `__m128i` is sixteen initialized bytes, and any sixteen bytes are a
        // `[u8; 16]`, of the same size; no instruction is used.
        unsafe { core::mem::transmute::<__m128i, [u8; BLOCK]>(v) }
    }

    impl Cursor<'_, '_> {
        /// Writes what the byte shuffles of `encode::shuffle` make of a block: for each half,
        /// two registers of which the first `count` bytes (at most 24) count, each byte with
        /// its top bit cleared (a pick of kept bytes, which are ASCII and which the clearing
        /// leaves as they are, `%` and hex digits: it is what keeps the string UTF-8 whatever
        /// the shuffles picked); if the window has room for the stores, 56 bytes. Returns
        /// whether it did.
        #[inline(always)]
        pub(crate) fn shuffled(&mut self, halves: [(__m128i, __m128i, usize); 2]) -> bool {
            let [(a, b, first), (c, d, second)] = halves;
            if first > 24 || second > 24 || self.len + 56 > self.room {
                return false;
            }
            let ascii = _mm_set1_epi8(0x7F);
            let at = self.dst.wrapping_add(self.len);
            // SAFETY: 32 bytes at `len` and 32 at `len + first <= len + 24`, all inside the
            // window (`len + 56 <= room`; the cursor's window is its tail's, `room` bytes of
            // spare capacity, borrowed with the tail); the stores need no alignment; each
            // byte is ASCII. SSE2 is enabled on every target this is compiled for.
            unsafe {
                _mm_storeu_si128(at.cast(), _mm_and_si128(a, ascii));
                _mm_storeu_si128(at.add(BLOCK).cast(), _mm_and_si128(b, ascii));
                _mm_storeu_si128(at.add(first).cast(), _mm_and_si128(c, ascii));
                _mm_storeu_si128(at.add(first + BLOCK).cast(), _mm_and_si128(d, ascii));
            }
            self.len += first + second;
            true
        }
    }

    /// Which instruction sets beyond SSE2 the vector paths may use: SSSE3 (whose `pshufb`
    /// shuffles the bytes of a register by a table in another), and AVX2 with POPCNT (the
    /// same on 32 bytes, with three-operand forms). Only [`Level::new`] makes a level above
    /// SSE2, after asking the processor.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub(crate) struct Level(u8);

    impl Level {
        /// SSE2 alone, which every `x86_64` processor has.
        pub(crate) const SSE2: Level = Level(0);
        const SSSE3: Level = Level(1);
        const AVX2: Level = Level(2);

        /// The highest level the processor has, with SSSE3 only if `shuffles` and AVX2 only
        /// if `wide` too (the tests force each level this way). With `std`, the processor is
        /// asked (`is_x86_feature_detected!` keeps the answer in a static after the first
        /// call); without, only a target built with the features (`-C
        /// target-feature=+ssse3`, `+avx2,+popcnt`) uses them.
        #[inline]
        pub(crate) fn new(shuffles: bool, wide: bool) -> Level {
            if !shuffles || !ssse3() {
                Level::SSE2
            } else if wide && avx2() {
                Level::AVX2
            } else {
                Level::SSSE3
            }
        }

        /// Whether SSSE3 may be used.
        #[inline]
        pub(crate) fn shuffles(self) -> bool {
            self >= Level::SSSE3
        }
    }

    /// Whether the processor running this has SSSE3.
    #[inline]
    fn ssse3() -> bool {
        #[cfg(target_feature = "ssse3")]
        {
            true
        }
        #[cfg(all(not(target_feature = "ssse3"), feature = "std"))]
        {
            std::is_x86_feature_detected!("ssse3")
        }
        #[cfg(all(not(target_feature = "ssse3"), not(feature = "std")))]
        {
            false
        }
    }

    /// Whether it has AVX2 and POPCNT (every processor with AVX2 has SSSE3).
    #[inline]
    fn avx2() -> bool {
        #[cfg(all(target_feature = "avx2", target_feature = "popcnt"))]
        {
            true
        }
        #[cfg(all(
            not(all(target_feature = "avx2", target_feature = "popcnt")),
            feature = "std"
        ))]
        {
            std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt")
        }
        #[cfg(all(
            not(all(target_feature = "avx2", target_feature = "popcnt")),
            not(feature = "std")
        ))]
        {
            false
        }
    }

    /// How many bytes at the start of `bytes` (at least 32 long) are in `set`
    /// ([`nibble::kept_run`]), or `None` at [`Level::SSE2`].
    #[inline]
    pub(crate) fn kept_run(level: Level, bytes: &[u8], set: &Nibbles) -> Option<usize> {
        if bytes.len() < 2 * BLOCK {
            return None;
        }
        // SAFETY: each function is called only at the level whose instruction sets it is
        // compiled for, which `Level::new` found the processor has; both take any input of
        // 32 bytes or more.
        unsafe {
            match level {
                Level::AVX2 => Some(nibble::kept_run_wide(bytes, set)),
                Level::SSSE3 => Some(nibble::kept_run(bytes, set)),
                _ => None,
            }
        }
    }

    /// Encodes whole blocks of `src` under `component` or `form` into `tail` while three
    /// blocks or more are left, with byte shuffles ([`shuffle::write_blocks`]); returns how
    /// many bytes of `src` it read (0 at [`Level::SSE2`]).
    #[inline]
    pub(crate) fn encode_blocks<K: SetType>(
        level: Level,
        src: &[u8],
        tail: &mut Tail<'_>,
    ) -> usize {
        // SAFETY: as in `kept_run`; both take any input and tail.
        unsafe {
            match level {
                Level::AVX2 => shuffle::write_blocks_wide::<K>(src, tail),
                Level::SSSE3 => shuffle::write_blocks::<K>(src, tail),
                _ => 0,
            }
        }
    }

    /// Whether `bytes` are UTF-8, sixteen bytes at a time ([`super::super::utf8::valid`]), or
    /// `None` at [`Level::SSE2`].
    #[inline]
    pub(crate) fn valid_utf8(level: Level, bytes: &[u8]) -> Option<bool> {
        // SAFETY: as in `kept_run`; both take any input.
        unsafe {
            match level {
                Level::AVX2 => Some(crate::raw::utf8::shuffle::valid_wide(bytes)),
                Level::SSSE3 => Some(crate::raw::utf8::shuffle::valid(bytes)),
                _ => None,
            }
        }
    }

    /// The strict decoders' block loop with byte shuffles ([`sparse::blocks`]): decodes
    /// `walk`'s input while its blocks start below `stop`, `carry` saying which of the first
    /// two bytes are digits of an escape before them; returns the carry where it stopped and
    /// whether a digit was bad (`None` at [`Level::SSE2`], having done nothing).
    #[inline]
    pub(crate) fn decode_blocks<const PLUS: bool>(
        level: Level,
        walk: &mut Walk<'_>,
        stop: usize,
        carry: u32,
    ) -> Option<(u32, bool)> {
        // SAFETY: as in `kept_run`; both take any walk, stop and carry.
        unsafe {
            match level {
                Level::AVX2 => Some(sparse::blocks_wide::<PLUS>(walk, stop, carry)),
                Level::SSSE3 => Some(sparse::blocks::<PLUS>(walk, stop, carry)),
                _ => None,
            }
        }
    }

    /// The vector paths the unit tests reach on their own, each where the processor has its
    /// instruction set (else `None`).
    #[cfg(test)]
    pub(crate) mod for_tests {
        use super::{BLOCK, Level, TRIPLETS, nibble};

        /// What the nibble tables say of `block`, where the processor has the instruction
        /// sets: with SSSE3, bit `k` for each byte of each half in `set`
        /// ([`nibble::in_set`]); with AVX2, the same for the 32 bytes at once
        /// ([`nibble::in_set_wide`]), and each byte's class and value as a hex digit
        /// ([`nibble::hex_digits_of`]).
        #[allow(clippy::type_complexity, reason = "a test's tuple of answers")]
        pub(crate) fn nibbles(
            block: &[u8; 2 * BLOCK],
            set: &nibble::Nibbles,
        ) -> (
            Option<[u32; 2]>,
            Option<(u32, ([u8; 2 * BLOCK], [u8; 2 * BLOCK]))>,
        ) {
            let level = Level::new(true, true);
            let (first, second) = block.split_at(BLOCK);
            let (first, second) = (
                first.try_into().expect("a block"),
                second.try_into().expect("a block"),
            );
            // SAFETY: each function is called only where the processor has its instruction
            // sets (`Level::new`).
            unsafe {
                (
                    level
                        .shuffles()
                        .then(|| [nibble::in_set(first, set), nibble::in_set(second, set)]),
                    (level == Level::AVX2).then(|| {
                        (
                            nibble::in_set_wide(block, set),
                            nibble::hex_digits_of(block),
                        )
                    }),
                )
            }
        }

        /// The SSSE3 form of `Scan::decode_triplets` (`decode::shuffle`), where the processor
        /// has SSSE3 (the outer `Option`).
        #[allow(clippy::option_option, reason = "whether it ran, and what it gave")]
        pub(crate) fn decode_triplets(triplets: &[u8; TRIPLETS]) -> Option<Option<[u8; BLOCK]>> {
            if !Level::new(true, false).shuffles() {
                return None;
            }
            // SAFETY: as in `nibbles`: the processor has SSSE3 (just asked).
            Some(unsafe { crate::decode::shuffle::decode_triplets(triplets) })
        }
    }
}

/// Sixteen bytes into a register.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[allow(clippy::inline_always, reason = "a load inside the scanners' loops")]
#[inline(always)]
pub(crate) fn load(block: &[u8; 16]) -> core::arch::aarch64::uint8x16_t {
    // SAFETY: this is compiled only where the target has NEON (`cfg`); `block` is sixteen
    // readable bytes, and `vld1q_u8` needs no alignment.
    unsafe { core::arch::aarch64::vld1q_u8(block.as_ptr()) }
}
