// A route's template is checked in every state of its expressions, as `url!` checks it.
use urlkit::Route;

#[derive(Route)]
#[route("/files/{/dir}/raw")]
struct Files {
    dir: Option<String>,
}

fn main() {}
