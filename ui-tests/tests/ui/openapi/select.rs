// Choosing operations with `skip` and `only`: a misspelt operationId, both lists at once, and
// an operation the mapping refuses, whose error says how to leave it out.

urlkit::openapi! {
    enum Refused = "openapi/select.json";
}

urlkit::openapi! {
    enum RefusedWithSkip = "openapi/select.json";
    skip = ["issues/list-for-repo"];
}

urlkit::openapi! {
    enum RefusedWithOnly = "openapi/select.json";
    only = ["security-advisories/list-global-advisories"];
}

urlkit::openapi! {
    enum Misspelt = "openapi/select.json";
    only = ["issues/list-for-rep"];
}

urlkit::openapi! {
    enum Unknown = "openapi/select.json";
    skip = ["security-advisories/list-global-advisories", "repos/get"];
}

urlkit::openapi! {
    enum Twice = "openapi/select.json";
    skip = ["security-advisories/list-global-advisories", "security-advisories/list-global-advisories"];
}

urlkit::openapi! {
    enum Both = "openapi/select.json";
    skip = ["security-advisories/list-global-advisories"];
    only = ["issues/list-for-repo"];
}

urlkit::openapi! {
    enum NotAList = "openapi/select.json";
    skip = "security-advisories/list-global-advisories";
}

urlkit::openapi! {
    enum Unexpected = "openapi/select.json";
    keep = ["issues/list-for-repo"];
}

urlkit::openapi! {
    enum Nothing = "openapi/select.json";
    only = [];
}

// A path item's own parameter is each of its operations': the error names them all.
urlkit::openapi! {
    enum Shared = "openapi/select_shared.json";
}

urlkit::openapi! {
    enum SharedWithOnly = "openapi/select_shared.json";
    only = ["teams/get", "teams/delete"];
}

// Skipping the refused operation compiles.
urlkit::openapi! {
    enum Fine = "openapi/select.json";
    skip = ["security-advisories/list-global-advisories"];
}

fn main() {
    let _ = Fine::IssuesListForRepo { owner: String::new(), repo: String::new() };
}
