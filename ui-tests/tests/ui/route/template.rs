// Templates `url!` rejects, and templates that are URLs but cannot be routes: each is one
// error under the literal, with what to write instead.
use urlkit::Route;

#[derive(Route)]
#[route("users/{id}")]
struct NoSlash { id: u64 }

#[derive(Route)]
#[route("https://api.example.com/users/{id}")]
struct Absolute { id: u64 }

#[derive(Route)]
#[route("/users/{id}/a b")]
struct Space { id: u64 }

#[derive(Route)]
#[route("/users/{id")]
struct Unclosed { id: u64 }

#[derive(Route)]
#[route("/a/../users/{id}")]
struct Dots { id: u64 }

#[derive(Route)]
#[route("/docs/{page}#intro")]
struct Fragment { page: String }

#[derive(Route)]
#[route("/files/{+path}")]
struct Reserved { path: String }

#[derive(Route)]
#[route("/users/{name:3}")]
struct Prefix { name: String }

#[derive(Route)]
#[route("/range/{from}-{to}")]
struct TwoInOne { from: u32, to: u32 }

#[derive(Route)]
#[route("/files{/path*}/raw")]
struct TailNotLast { path: Vec<String> }

#[derive(Route)]
#[route("/search?{q}")]
struct NotPairs { q: String }

#[derive(Route)]
#[route("/export?format=json&format=csv")]
struct TwoFormats;

// Keys are compared decoded: `fo%72mat` is `format`.
#[derive(Route)]
#[route("/export?format=json&fo%72mat=csv")]
struct TwoSpellings;

#[derive(Route)]
#[route("/search?q={q}&%71={also}")]
struct TwoSpellingsOfQ { q: String, also: String }

#[derive(Route)]
#[route("/export?%FF=1")]
struct KeyNotUtf8;

// Beside a hand-written pair, another piece is RFC 6570 text, which a route cannot read
// back into fields.
#[derive(Route)]
#[route("/search?q={q}&{k}=1")]
struct KeyPlaceholder { q: String, k: String }

#[derive(Route)]
#[route("/search?q={q}&k=v{a}")]
struct TextBeforeValue { q: String, a: String }

// An empty piece makes the query RFC 6570 text, where `q={q}` would not be left out.
#[derive(Route)]
#[route("/search?q={q}&&page=2")]
struct EmptyPiece { q: Option<String> }

fn main() {}
