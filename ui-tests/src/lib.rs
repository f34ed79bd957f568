//! Compile-fail tests of urlkit's macros live in `tests/ui/<family>/`, each case beside the
//! `.stderr` a user would see.
