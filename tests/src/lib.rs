//! Run-pass integration tests of urlkit live in `tests/`, one file per feature; they read the
//! public test suites from `../shared/testdata`.
