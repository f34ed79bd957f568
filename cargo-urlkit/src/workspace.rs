//! The packages to scan, from `cargo metadata` (run with the `cargo` the user runs), their
//! source files, and the `[package.metadata.urlkit]` / `[workspace.metadata.urlkit]` config.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// A workspace member.
pub(crate) struct Package {
    pub(crate) has_urlkit: bool,
    pub(crate) files: Vec<PathBuf>,
    /// Files the config says not to scan.
    pub(crate) skip: Vec<Skip>,
}

/// A `skip` entry of the config: a glob of paths and why they are skipped.
pub(crate) struct Skip {
    /// Relative to `base`.
    pub(crate) glob: String,
    pub(crate) base: PathBuf,
}

pub(crate) struct Workspace {
    pub(crate) root: PathBuf,
    pub(crate) packages: Vec<Package>,
}

/// Runs `cargo metadata` and collects the members' files.
pub(crate) fn load(manifest_path: Option<&Path>, include_tests: bool) -> Result<Workspace, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command.args(["metadata", "--format-version", "1", "--no-deps"]);
    if let Some(path) = manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    let output = command
        .output()
        .map_err(|e| format!("could not run `{}`: {e}", cargo.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!(
            "`cargo metadata` failed:\n{}",
            String::from_utf8_lossy(&output.stderr).trim_end()
        ));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("`cargo metadata` printed what is not JSON: {e}"))?;
    let root = PathBuf::from(
        metadata["workspace_root"]
            .as_str()
            .ok_or("`cargo metadata` gave no `workspace_root`")?,
    );
    let workspace_skip = config(&metadata["metadata"], &root, "[workspace.metadata.urlkit]")?;
    let mut packages = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or_default().to_string();
        let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap_or_default());
        let package_root = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
        let has_urlkit = package["dependencies"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|d| {
                d["name"] == "urlkit"
                    && (d["kind"].is_null() || (include_tests && d["kind"] == "dev"))
            })
            || name == "urlkit";
        let mut skip = config(
            &package["metadata"],
            &package_root,
            &format!("[package.metadata.urlkit] of `{name}`"),
        )?;
        skip.extend(workspace_skip.iter().map(|s| Skip {
            glob: s.glob.clone(),
            base: s.base.clone(),
        }));
        let mut files = Vec::new();
        for target in package["targets"].as_array().into_iter().flatten() {
            let kinds: Vec<&str> = target["kind"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            if !include_tests && kinds.iter().any(|k| matches!(*k, "test" | "bench")) {
                continue;
            }
            let Some(src) = target["src_path"].as_str().map(PathBuf::from) else {
                continue;
            };
            let dir = src.parent().map(Path::to_path_buf).unwrap_or_default();
            if dir == package_root {
                // `build.rs` and the like: the file alone, not the whole package.
                files.push(src);
            } else {
                walk(&dir, &package_root, &mut files);
            }
        }
        files.sort();
        files.dedup();
        packages.push(Package {
            has_urlkit,
            files,
            skip,
        });
    }
    Ok(Workspace { root, packages })
}

/// Every `.rs` file under `dir`, leaving out `target/`, hidden directories and the
/// directories of other packages.
fn walk(dir: &Path, package_root: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::path);
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if name.starts_with('.') || name == "target" {
                continue;
            }
            if path != package_root && path.join("Cargo.toml").exists() {
                continue;
            }
            walk(&path, package_root, out);
        } else if kind.is_file() && name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The `urlkit` table of a `metadata` value: `skip = [{ path = "…", reason = "…" }]`.
fn config(metadata: &Value, base: &Path, what: &str) -> Result<Vec<Skip>, String> {
    let Some(table) = metadata.get("urlkit") else {
        return Ok(Vec::new());
    };
    let table = table
        .as_object()
        .ok_or_else(|| format!("{what} must be a table"))?;
    let mut skips = Vec::new();
    for (key, value) in table {
        if key != "skip" {
            return Err(format!(
                "{what}: unknown key `{key}`; the only key is `skip = [{{ path = \"...\", reason = \"...\" }}]`"
            ));
        }
        for entry in value
            .as_array()
            .ok_or_else(|| format!("{what}: `skip` must be an array"))?
        {
            let entry = entry.as_object().ok_or_else(|| {
                format!(
                    "{what}: each `skip` entry is a table: `{{ path = \"...\", reason = \"...\" }}`"
                )
            })?;
            if let Some(unknown) = entry.keys().find(|k| *k != "path" && *k != "reason") {
                return Err(format!(
                    "{what}: unknown key `{unknown}` in a `skip` entry; write `path` and `reason`"
                ));
            }
            let path = entry
                .get("path")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{what}: a `skip` entry has no `path`"))?;
            let reason = entry.get("reason").and_then(Value::as_str).unwrap_or("");
            if reason.trim().is_empty() {
                return Err(format!(
                    "{what}: the `skip` entry `{path}` has no reason; say why with `reason = \"...\"`"
                ));
            }
            skips.push(Skip {
                glob: path.to_string(),
                base: base.to_path_buf(),
            });
        }
    }
    Ok(skips)
}

impl Package {
    /// Whether the config skips `file`.
    pub(crate) fn skips(&self, file: &Path) -> bool {
        self.skip.iter().any(|s| {
            file.strip_prefix(&s.base).is_ok_and(|relative| {
                let relative = relative.to_string_lossy().replace('\\', "/");
                glob_match(
                    s.glob.trim_start_matches("./").as_bytes(),
                    relative.as_bytes(),
                )
            })
        })
    }
}

/// `*` matches within a path segment, `**` across segments, `?` one character; a glob that
/// names a directory matches everything under it.
pub(crate) fn glob_match(glob: &[u8], path: &[u8]) -> bool {
    match glob {
        [] => path.is_empty() || path.first() == Some(&b'/'),
        [b'*', b'*', rest @ ..] => {
            let rest = rest.strip_prefix(b"/").unwrap_or(rest);
            if rest.is_empty() {
                return true;
            }
            (0..=path.len())
                .any(|i| (i == 0 || path[i - 1] == b'/') && glob_match(rest, &path[i..]))
        }
        [b'*', rest @ ..] => (0..=path.len())
            .take_while(|&i| i == 0 || path[i - 1] != b'/')
            .any(|i| glob_match(rest, &path[i..])),
        [b'?', rest @ ..] => {
            path.first().is_some_and(|&c| c != b'/') && glob_match(rest, &path[1..])
        }
        [c, rest @ ..] => path.first() == Some(c) && glob_match(rest, &path[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs() {
        assert!(glob_match(b"src/generated/**", b"src/generated/a/b.rs"));
        assert!(glob_match(b"src/generated", b"src/generated/a.rs"));
        assert!(glob_match(b"src/*.rs", b"src/lib.rs"));
        assert!(!glob_match(b"src/*.rs", b"src/a/lib.rs"));
        assert!(glob_match(b"**/legacy.rs", b"src/x/legacy.rs"));
        assert!(glob_match(b"**/legacy.rs", b"legacy.rs"));
        assert!(!glob_match(b"src/gen", b"src/generated/a.rs"));
    }
}
