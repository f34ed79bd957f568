// rust-lang/cargo (excerpts of src/workspace/features.rs, src/ops/registry/cargo_login.rs,
// src/ops/cargo_compile/mod.rs, src/ops/cargo_new.rs, src/util/network/http.rs,
// src/resolver/version_prefs.rs, src/context/mod.rs, src/sources/config.rs),
// MIT OR Apache-2.0; see PROVENANCE.md.

/// Generate a link to Cargo documentation for the current release channel
/// `path` is the URL component after `https://doc.rust-lang.org/{channel}/cargo/`
pub fn cargo_docs_link(path: &str) -> String {
    let url_channel = match channel().as_str() {
        "dev" | "nightly" => "nightly/",
        "beta" => "beta/",
        _ => "",
    };
    format!("https://doc.rust-lang.org/{url_channel}cargo/{path}") //~ URL
}

pub fn registry_login(gctx: &GlobalContext, reg_or_index: Option<&RegistryOrIndex>) -> CargoResult<()> {
    let source_ids = get_source_id(gctx, reg_or_index)?;
    let login_url = match registry(gctx, &source_ids, None, reg_or_index, false, None) {
        Ok((registry, _)) => Some(format!("{}/me", registry.host())), //~ URL
        Err(e) => return Err(e),
    };
    let _ = login_url;
    Ok(())
}

fn features_of(deps: &[Dependency], resolved_features: &ResolvedFeatures, dep_id: PackageId) {
    let mut features = BTreeSet::new();
    for dep in deps {
        for feature in resolved_features.activated_features_unverified(dep_id, FeaturesFor::default()) {
            // A `dep/feature` name, not a URL.
            features.insert(format!("{}/{}", dep.name_in_toml(), feature));
        }
    }
}

fn proposed(name: &str) -> NewProjectPath {
    // A file path.
    NewProjectPath { proposed_path: format!("src/{}.rs", name) }
}

fn user_agent() -> String {
    // The User-Agent header.
    format!("cargo/{}", crate::version())
}

fn prefer(summaries: &[Summary]) -> Vec<String> {
    summaries
        .iter()
        .map(|summary| format!("{}/{}", summary.name(), summary.version()))
        .collect()
}

// rust-lang/cargo src/util/context/mod.rs and src/ops/registry/mod.rs (excerpts): config keys.
impl GlobalContext {
    pub fn get_registry_index(&self, registry: &str) -> CargoResult<Url> {
        if let Some(index) = self.get_string(&format!("registries.{}.index", registry))? {
            self.resolve_registry_index(&index)
        } else {
            bail!("no index found for registry: `{}`", registry);
        }
    }
}

fn replacement(name: &str, registry: &Option<Value<String>>, git: &Option<Value<String>>) -> CargoResult<()> {
    let url = url(&registry, &format!("source.{}.registry", name))?;
    let git_url = url(&git, &format!("source.{}.git", name))?;
    Ok(())
}

// rust-lang/cargo src/context/mod.rs and src/sources/config.rs (excerpts): config keys.
impl GlobalContext {
    pub fn get_registry_index(&self, registry: &str) -> CargoResult<Url> {
        if let Some(index) = self.get_string(&format!("registries.{}.index", registry))? {
            self.resolve_registry_index(&index)
        } else {
            bail!("no index found for registry: `{}`", registry);
        }
    }
}

fn replacement(name: &str, registry: &Option<Value<String>>, git: &Option<Value<String>>) -> CargoResult<()> {
    let url = url(&registry, &format!("source.{}.registry", name))?;
    let git_url = url(&git, &format!("source.{}.git", name))?;
    Ok(())
}
