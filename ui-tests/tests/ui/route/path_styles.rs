// OpenAPI's path styles `simple` (`{x}`), `label` (`{.x}`) and `matrix` (`{;x}`): one value
// or a `Vec` in a segment, which is always written, so never absent; `*` only on a list; one
// placeholder per segment; and a query style is not theirs.
use std::collections::BTreeMap;

use urlkit::Route;

#[derive(Route)]
#[route("/users/{.id*}")]
struct ExplodedScalar {
    id: u64,
}

#[derive(Route)]
#[route("/users/{;id}")]
struct Absent {
    id: Option<u64>,
}

#[derive(Route)]
#[route("/users/{.id}")]
struct QueryStyle {
    #[route(style = "pipeDelimited")]
    id: Vec<String>,
}

#[derive(Route)]
#[route("/paint/{;color}")]
struct DeepObjectInPath {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/users/{;ids*}")]
struct AbsentList {
    ids: Option<Vec<u64>>,
}

#[derive(Route)]
#[route("/users/{;id}{.format}")]
struct TwoInOneSegment {
    id: u64,
    format: String,
}

#[derive(Route)]
#[route("/users/{.id,format}")]
struct TwoVariables {
    id: u64,
    format: String,
}

fn main() {}
