// OpenAPI's path styles `label` (`{.x}`) and `matrix` (`{;x}`) take one value in a segment:
// no `*`, no `Option` (a segment is always written), no list, and no `deepObject` (a query
// style).
use std::collections::BTreeMap;

use urlkit::Route;

#[derive(Route)]
#[route("/users/{.id*}")]
struct LabelExploded {
    id: u32,
}

#[derive(Route)]
#[route("/users/{;id}")]
struct MatrixOptional {
    id: Option<u32>,
}

#[derive(Route)]
#[route("/colors/{.color}")]
struct LabelList {
    color: Vec<String>,
}

#[derive(Route)]
#[route("/colors/{;color}")]
struct MatrixDeep {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u32>,
}

fn main() {}
