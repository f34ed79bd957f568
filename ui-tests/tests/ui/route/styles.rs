// `#[route(style = "...")]`: OpenAPI's spaceDelimited and pipeDelimited, on a `Vec` field read
// by `{?x}` or `{&x}`, and deepObject, on a `BTreeMap` or a `Vec` of pairs read by `{?x}`; the
// error is at the style and says what to write instead. A map without deepObject goes in the
// query, `{?x}` or `{?x*}`, or in one path segment (not `{/x*}`, which writes a segment per
// item, nor a pair written by hand), and a route holds one `{?x*}` map, which takes every pair
// no other parameter names (so none is unknown).
use std::collections::BTreeMap;

use urlkit::Route;

#[derive(Route)]
#[route("/a{?id}")]
struct NotAList {
    #[route(style = "pipeDelimited")]
    id: u32,
}

#[derive(Route)]
#[route("/a{?tag*}")]
struct Exploded {
    #[route(style = "spaceDelimited")]
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/files{/path*}")]
struct InThePath {
    #[route(style = "pipeDelimited")]
    path: Vec<String>,
}

#[derive(Route)]
#[route("/a?t={tag}")]
struct HandPair {
    #[route(style = "pipeDelimited")]
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/a{?tag}")]
struct Unknown {
    #[route(style = "commaDelimited")]
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/a{?tag}")]
struct Twice {
    #[route(style = "pipeDelimited", style = "spaceDelimited")]
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/a{?tag}", style = "pipeDelimited")]
struct OnTheStruct {
    tag: Vec<String>,
}

#[derive(Route)]
#[route("/a{?color}")]
struct DeepNotAMap {
    #[route(style = "deepObject")]
    color: Vec<String>,
}

#[derive(Route)]
#[route("/a{?color*}")]
struct DeepExploded {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a/{color}")]
struct DeepInThePath {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a?c={color}")]
struct DeepHandPair {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a{?color}")]
#[route(deny_unknown_params)]
struct DeepDenyUnknown {
    #[route(style = "deepObject")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a{?color}")]
struct DeepAndPipe {
    #[route(style = "deepObject", style = "pipeDelimited")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a{?color*}")]
struct MapExplodedAndPipe {
    #[route(style = "pipeDelimited")]
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a{?color*,size*}")]
struct TwoExplodedMaps {
    color: BTreeMap<String, u8>,
    size: Vec<(String, u8)>,
}

#[derive(Route)]
#[route("/a{?color*}")]
#[route(deny_unknown_params)]
struct ExplodedMapDenyUnknown {
    color: BTreeMap<String, u8>,
}

#[derive(Route)]
#[route("/a{/color*}")]
struct PairsInThePath {
    color: Vec<(String, u8)>,
}

#[derive(Route)]
#[route("/a?c={color}")]
struct MapHandPair {
    color: BTreeMap<String, u8>,
}

fn main() {}
