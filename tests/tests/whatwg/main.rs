//! What the WHATWG URL Standard reads: the WPT suites (`urltestdata.json`, percent-encoding,
//! forms), the lenient reader against them and the `url` crate, and real links.
//!
//! One binary per area (see CONTRIBUTING.md, "Where a test goes"); each file below is one
//! module of it, and shared helpers come from `../common/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/lenient.rs"]
mod lenient;
#[path = "../common/whatwg.rs"]
mod whatwg;

mod lenient_cases;
mod lenient_differential;
mod lenient_hrefs;
mod lenient_wpt;
mod whatwg_reading;
mod wpt_encoding;
mod wpt_urltestdata;
