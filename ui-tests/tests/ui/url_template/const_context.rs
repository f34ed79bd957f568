// A template builds its URL when the program runs (it allocates), so it cannot initialize a
// `const` or a `static`: one error, whose function name says what to write instead, not one
// per call of the generated code. A literal without placeholders is a constant.
use urlkit::{url, ExpandError, Url};

const ID: u32 = 7;
const USER: Result<Url, ExpandError> = url!("https://example.com/users/{ID}");
static SEARCH: Result<Url, ExpandError> = url!("https://example.com/search{?ID}");
const BASE: Url = url!("https://example.com/");
const JOINED: Result<Url, ExpandError> = url!(BASE, "users");

fn main() {
    let _ = (USER, &SEARCH, JOINED);
}
