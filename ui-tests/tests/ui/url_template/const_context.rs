// A template builds its URL when the program runs (it allocates), so it cannot initialize a
// `const` or a `static`: one error, whose function name says what to write instead, not one
// per call of the generated code. A literal without placeholders is a constant.
use urlkit::{url, Error, Url};

const ID: u32 = 7;
const USER: Result<Url, Error> = url!("https://example.com/users/{ID}");
static SEARCH: Result<Url, Error> = url!("https://example.com/search{?ID}");
const BASE: Url = url!("https://example.com/");
const JOINED: Result<Url, Error> = url!(BASE, "users");

fn main() {
    let _ = (USER, &SEARCH, JOINED);
}
