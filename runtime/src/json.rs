//! JSON values as template values and variables (feature `serde_json`), for templates read
//! from API responses together with their data.
//!
//! An object is also a [`Vars`]: each member is a variable. The mapping is documented on
//! the `impl Value for serde_json::Value`.

use alloc::string::String;

use serde_json::{Map, Value as Json};

use crate::template::Vars;
use crate::value::Expansion;
use crate::value::{Scalar, Value};

/// A JSON value as a template value:
///
/// | JSON | RFC 6570 value (§2.3) |
/// |---|---|
/// | `null` | undefined: the variable expands to nothing |
/// | `true`, `false` | the string `true`, `false` |
/// | a number | its JSON text: `6`, `-122.427`, `1e+100` |
/// | a string | the string |
/// | an array of strings, numbers and booleans | a list; `null` items are left out |
/// | an object whose members are strings, numbers and booleans | an associative array in the object's order (sorted by key unless `serde_json`'s `preserve_order` is on); `null` members are left out |
/// | an array or object holding arrays or objects | refused: [`ExpandErrorKind::NestedValue`](crate::ExpandErrorKind::NestedValue), naming the placeholder |
///
/// # Examples
/// ```
/// use urlkit::Template;
/// use serde_json::json;
///
/// let vars = json!({
///     "owner": "rust-lang",
///     "labels": ["A-macros", "C-bug"],
///     "page": 2,
///     "state": null,
///     "filter": {"since": "2024-01-01", "sort": "updated"}
/// });
/// let t = Template::parse("/repos/{owner}/issues{?state,labels,page,filter*}")?;
/// assert_eq!(
///     t.expand(&vars)?,
///     "/repos/rust-lang/issues?labels=A-macros,C-bug&page=2&since=2024-01-01&sort=updated"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[diagnostic::do_not_recommend]
impl Value for Json {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        match self {
            Json::Null => {}
            Json::Array(items) => {
                if items.iter().any(is_composite) {
                    e.refuse_nested();
                } else {
                    e.list(items.iter().filter(|item| !item.is_null()).map(JsonScalar));
                }
            }
            Json::Object(members) => {
                if members.values().any(is_composite) {
                    e.refuse_nested();
                } else {
                    e.map(
                        members
                            .iter()
                            .filter(|(_, value)| !value.is_null())
                            .map(|(key, value)| (key.as_str(), JsonScalar(value))),
                    );
                }
            }
            scalar => e.scalar(&JsonScalar(scalar)),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Json::String(text) => 3 * text.len(),
            _ => 16,
        }
    }
}

fn is_composite(value: &Json) -> bool {
    matches!(value, Json::Array(_) | Json::Object(_))
}

/// A JSON string, number or boolean (the only ones [`Json::expand`] hands on).
struct JsonScalar<'a>(&'a Json);

impl Scalar for JsonScalar<'_> {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        match self.0 {
            Json::String(text) => e.push_str(text),
            Json::Bool(true) => e.push_str("true"),
            Json::Bool(false) => e.push_str("false"),
            Json::Number(n) => {
                if let Some(n) = n.as_u64() {
                    n.write(e);
                } else if let Some(n) = n.as_i64() {
                    n.write(e);
                } else {
                    // Floats as JSON writes them (shortest round-trip form).
                    e.push_fmt(format_args!("{n}"));
                }
            }
            // Filtered out or refused before items are written.
            Json::Null | Json::Array(_) | Json::Object(_) => {}
        }
    }
}

/// Each member of the object is a variable.
///
/// # Examples
/// ```
/// let link: serde_json::Value = serde_json::from_str(
///     r#"{"href": "/orders{?id}", "templated": true, "vars": {"id": 17}}"#,
/// )?;
/// let t = urlkit::Template::parse(link["href"].as_str().unwrap())?;
/// let vars: &serde_json::Map<String, serde_json::Value> = link["vars"].as_object().unwrap();
/// assert_eq!(t.expand(vars)?, "/orders?id=17");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Vars for Map<String, Json> {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self.get(name) {
            value.expand(e);
        }
    }
}

/// An object's members are the variables; any other JSON value defines none.
///
/// # Examples
/// ```
/// let vars = serde_json::json!({"id": "a b"});
/// assert_eq!(urlkit::Template::parse("/u/{id}")?.expand(&vars)?, "/u/a%20b");
/// assert_eq!(urlkit::Template::parse("/u{/id}")?.expand(&serde_json::json!(null))?, "/u");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Vars for Json {
    fn expand_var(&self, name: &str, e: &mut Expansion<'_, '_>) {
        if let Json::Object(members) = self {
            members.expand_var(name, e);
        }
    }
}
