//! Whether SSSE3 (whose `pshufb` shuffles the bytes of a register by a table in another), and
//! AVX2 (the same on 32 bytes, with three-operand forms) may be used. Neither is in the
//! `x86_64` baseline, so with `std` the processor is asked (`is_x86_feature_detected!` keeps
//! the answer in a static after the first call); without `std`, only a target built with
//! them (`-C target-feature=+ssse3`, `+avx2,+popcnt`) uses them.

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

/// Whether the processor running this has AVX2 and POPCNT (every one with AVX2 has SSSE3).
#[inline]
pub(crate) fn wide_available() -> bool {
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
