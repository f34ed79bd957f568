// A document that cannot be read: each invocation fails on its own, all in one compile.

urlkit::openapi! {
    enum Missing = "openapi/not-there.json";
}

urlkit::openapi! {
    enum BadJson = "openapi/invalid.json";
}

urlkit::openapi! {
    enum BadYaml = "openapi/invalid.yaml";
}

urlkit::openapi! {
    enum NoExtension = "openapi/api.txt";
}

urlkit::openapi! {
    enum NoPath;
}

fn main() {}
