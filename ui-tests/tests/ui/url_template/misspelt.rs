// A misspelt captured variable: rustc names the local it resembles. Its edit replaces the
// whole literal (the narrowest span a macro has on stable Rust); rustc marks it
// `MaybeIncorrect`, so `cargo fix` leaves it alone.
use urlkit::url;

fn main() {
    let owner = "rust-lang";
    let _ = url!("https://api.github.com/repos/{ownr}");
}
