//! Every `unsafe` of the runtime, behind safe primitives: appending to a `String` in place
//! ([`Tail`], [`push_str`], [`append_spliced`]), a `String` from bytes checked as UTF-8
//! ([`utf8_string`]) or copied from a `str` ([`owned_string`]), and the vector unit (a block
//! into a register and back, and the calls into code compiled for SSSE3 or AVX2, behind a
//! [`Level`] found by asking the processor).
//!
//! Each primitive states its contract in its doc comment and why it holds in a `// SAFETY:`
//! comment, and neither depends on what its callers compute: what a caller gets wrong makes
//! its output wrong (which the tests against the scalar encoders and decoders catch), never
//! memory unsound. The rest of the crate denies `unsafe_code` (`lib.rs`); this module alone
//! allows it. Under Miri (`.ci/run`), the tests of this module and of the portable paths
//! built on it run interpreted.

use alloc::string::String;
use alloc::vec::Vec;

mod tail;
mod utf8;
mod vector;

pub(crate) use tail::{Replacements, Tail, append_spliced, push_ascii, push_str};
pub(crate) use utf8::Stepper;
pub(crate) use vector::*;

/// `bytes` as a `String`, if they are well-formed UTF-8 (else given back): checked sixteen
/// bytes at a time where the processor has SSSE3, else one at a time by an automaton
/// (`utf8`).
pub(crate) fn utf8_string(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
    let valid = valid_utf8(Level::new(true, true), &bytes).unwrap_or_else(|| utf8::valid(&bytes));
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2", not(miri))))]
    let valid = utf8::valid(&bytes);
    if !valid {
        return Err(bytes);
    }
    // SAFETY: `bytes` are well-formed UTF-8: the check just above (`utf8::valid`, or the
    // check of `utf8::shuffle`) accepts exactly that (RFC 3629 §4; the module `utf8` says
    // how each is held to `core::str::from_utf8`).
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// `text` in a new `String` of exactly its length: what `String::from` gives, with the
/// memory asked of the global allocator directly. `String::from` goes through `Vec`'s
/// general allocation (a call that checks the size of `n` elements, about 30 instructions
/// on top of the allocator's), paid for each path value `from_url` reads.
#[inline]
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
