// `#[route]` in the wrong place, twice, or misspelled.
use urlkit::Route;

#[derive(Route)]
struct NoTemplate { id: u64 }

// `#[route]` without its template: one error.
#[derive(Route)]
#[route]
struct Bare { id: u64 }

#[derive(Route)]
#[route("/a")]
enum OnTheEnum {
    #[route("/b")]
    B,
    C,
}

#[derive(Route)]
#[route(skip)]
enum Misplaced {
    #[route("/x", deny_unknown_params)]
    X {
        #[route("/y")]
        y: u8,
    },
}

#[derive(Route)]
#[route("/a", "/b", deny_unknwon_params)]
struct Twice;

#[derive(Route)]
#[route("/u")]
union Union { a: u8 }

fn main() {}
