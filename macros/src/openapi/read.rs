//! Reading the document: the file named relative to the crate's directory, parsed by its
//! extension into a `serde_json::Value` (YAML too, so that `map` reads one kind of tree).

use std::path::PathBuf;

use serde_json::Value;
use syn::LitStr;

pub(super) struct Document {
    /// The path as the user wrote it, for messages.
    pub(super) shown: String,
    /// The absolute path, for `include_bytes!` (a change to the file rebuilds the crate).
    pub(super) absolute: String,
    pub(super) tree: Value,
}

pub(super) fn read(lit: &LitStr) -> syn::Result<Document> {
    let shown = lit.value();
    let error = |message: String| syn::Error::new(lit.span(), message);
    let directory = std::env::var_os("CARGO_MANIFEST_DIR").ok_or_else(|| {
        error("`CARGO_MANIFEST_DIR` is not set; build with Cargo, which sets it".to_owned())
    })?;
    let path = PathBuf::from(directory).join(&shown);
    let extension = path
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or("");
    if !matches!(extension, "json" | "yaml" | "yml") {
        return Err(error(format!(
            "cannot tell the format of `{shown}`; name the document `.json`, `.yaml` or `.yml`"
        )));
    }
    let text = std::fs::read_to_string(&path).map_err(|io| {
        let reason = match io.kind() {
            std::io::ErrorKind::NotFound => "file not found".to_owned(),
            _ => io.to_string(),
        };
        error(format!(
            "cannot read the OpenAPI document `{shown}`: {reason}; the path is relative to the crate's directory (where its Cargo.toml is)"
        ))
    })?;
    let tree = if extension == "json" {
        serde_json::from_str(&text)
            .map_err(|invalid| error(format!("`{shown}` is not valid JSON: {invalid}")))?
    } else {
        yaml(&text).map_err(|invalid| error(format!("`{shown}` is not valid YAML: {invalid}")))?
    };
    Ok(Document {
        shown,
        absolute: path.to_string_lossy().into_owned(),
        tree,
    })
}

/// A YAML document as the JSON tree `map` reads (YAML 1.2 is a superset of JSON's data model,
/// except for keys that are not strings, which are written as their text: OpenAPI's
/// `responses` keys `200` are scalars in YAML).
fn yaml(text: &str) -> Result<Value, String> {
    let mut tree: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(text).map_err(|error| error.to_string())?;
    tree.apply_merge().map_err(|error| error.to_string())?;
    to_json(tree)
}

fn to_json(yaml: serde_yaml_ng::Value) -> Result<Value, String> {
    use serde_yaml_ng::Value as Yaml;
    Ok(match yaml {
        Yaml::Null => Value::Null,
        Yaml::Bool(value) => Value::Bool(value),
        Yaml::Number(number) => {
            if let Some(integer) = number.as_i64() {
                Value::from(integer)
            } else if let Some(integer) = number.as_u64() {
                Value::from(integer)
            } else {
                // A NaN or an infinity has no JSON form; such a value is no parameter's schema.
                number.as_f64().map_or(Value::Null, Value::from)
            }
        }
        Yaml::String(text) => Value::String(text),
        Yaml::Sequence(items) => {
            Value::Array(items.into_iter().map(to_json).collect::<Result<_, _>>()?)
        }
        Yaml::Mapping(mapping) => {
            let mut object = serde_json::Map::new();
            for (key, value) in mapping {
                let key = match key {
                    Yaml::String(text) => text,
                    Yaml::Number(number) => number.to_string(),
                    Yaml::Bool(value) => value.to_string(),
                    _ => return Err("a mapping key is not a string or a number".to_owned()),
                };
                object.insert(key, to_json(value)?);
            }
            Value::Object(object)
        }
        Yaml::Tagged(tagged) => to_json(tagged.value)?,
    })
}
