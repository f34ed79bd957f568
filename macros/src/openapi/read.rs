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
    let text = std::fs::read_to_string(&path).map_err(|io| {
        let reason = match io.kind() {
            std::io::ErrorKind::NotFound => "file not found".to_owned(),
            _ => io.to_string(),
        };
        error(format!(
            "cannot read the OpenAPI document `{shown}`: {reason}; the path is relative to the crate's directory (where its Cargo.toml is)"
        ))
    })?;
    let extension = path
        .extension()
        .and_then(|extension| extension.to_str())
        .unwrap_or("");
    let tree = match extension {
        "json" => serde_json::from_str(&text)
            .map_err(|invalid| error(format!("`{shown}` is not valid JSON: {invalid}")))?,
        "yaml" | "yml" => yaml(&text)
            .map_err(|invalid| error(format!("`{shown}` is not valid YAML: {invalid}")))?,
        _ => {
            return Err(error(format!(
                "cannot tell the format of `{shown}`; name the document `.json`, `.yaml` or `.yml`"
            )));
        }
    };
    Ok(Document {
        shown,
        absolute: path.to_string_lossy().into_owned(),
        tree,
    })
}

fn yaml(_text: &str) -> Result<Value, String> {
    Err("YAML is not supported yet".to_owned())
}
