// Everything wrong in one document is reported in one compile, each with its JSON pointer.

urlkit::openapi! {
    pub enum Api = "openapi/mapping.json";
}

fn main() {}
