// `#[urlkit(crate = "...")]`, which tells the derive where a renamed or re-exported urlkit
// is, written wrong.
use urlkit::Route;

#[derive(Route)]
#[urlkit(crate = 5)]
#[route("/a")]
struct NotAString;

#[derive(Route)]
#[urlkit(crate = "not a path")]
#[route("/b")]
struct NotAPath;

#[derive(Route)]
#[urlkit(krate = "urlkit")]
#[route("/c")]
struct Unknown;

#[derive(Route)]
#[urlkit(crate = "urlkit", crate = "urlkit")]
#[route("/d")]
struct Twice;

#[derive(Route)]
#[urlkit(crate = "nowhere")]
#[route("/e")]
struct Missing;

fn main() {}
