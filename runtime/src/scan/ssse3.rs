//! Whether SSSE3 (whose `pshufb` shuffles the bytes of a register by a table in another) may
//! be used. It is not in the `x86_64` baseline, so with `std` the processor is asked once
//! (`is_x86_feature_detected!` keeps the answer in a static); without `std`, only a target
//! built with it (`-C target-feature=+ssse3`) uses it.

/// Whether the processor running this has SSSE3.
#[inline]
pub(crate) fn available() -> bool {
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
