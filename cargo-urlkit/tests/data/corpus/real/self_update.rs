// jaemk/self_update src/backends/gitlab.rs and src/backends/github.rs (excerpts), MIT;
// see PROVENANCE.md.
impl Update {
    /// Base releases URL. Shared by the sync and async fetch paths so they can't drift.
    fn releases_url(&self) -> String {
        format!(
            "{}/api/v4/projects/{}%2F{}/releases", //~ URL
            self.host,
            urlencoding::encode(&self.repo_owner),
            urlencoding::encode(&self.repo_name)
        )
    }

    /// The single-release-by-tag URL: `.../releases/{ver}`.
    fn tag_url(&self, ver: &str) -> String {
        format!("{}/{}", self.releases_url(), urlencoding::encode(ver)) //~ URL
    }
}

impl ReleaseList {
    pub fn fetch(&self) -> Result<Releases> {
        let api_url = format!(
            "{}/repos/{}/{}/releases", //~ URL
            self.custom_url
                .as_deref()
                .unwrap_or("https://api.github.com"),
            urlencoding::encode(&self.repo_owner),
            urlencoding::encode(&self.repo_name)
        );
        let releases = run_paginated(releases_plan(&api_url, None, None)?, &self.request)?;
        Ok(Releases::from_listing(releases))
    }
}
