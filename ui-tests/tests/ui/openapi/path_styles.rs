// Path parameters in OpenAPI's `simple`, `label` and `matrix` styles map to `{x}`, `{.x}` and
// `{;x}` (an array or an object with `explode` to `{.x*}`, `{;x*}`); what a route cannot read
// back is reported: a matrix parameter whose name is no Rust field name (`{;x}` writes the
// field's name). The object in the path (`/paint/{color}`) is taken.

urlkit::openapi! {
    pub enum Api = "openapi/path_styles.json";
}

fn main() {}
