// Three string enum schemas whose names all make `ApiSort` or its fallback `ApiSortSchema`:
// the third has no name left.

urlkit::openapi! {
    pub enum Api = "openapi/enums.json";
}

fn main() {}
