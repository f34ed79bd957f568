// `template!` takes one string literal: the template. Values come when it is expanded.
use urlkit::{template, Template};

const EMPTY: Template = template!();
const TEXT: &str = "/users/{id}";
const FROM_CONST: Template = template!(TEXT);
const BYTES: Template = template!(b"/users/{id}");
const WITH_VALUES: Template = template!("/users/{id}", id = 7);

fn main() {
    let path = String::from("/users/{id}");
    let _ = template!(&path);
    let _ = (EMPTY, FROM_CONST, BYTES, WITH_VALUES);
}
