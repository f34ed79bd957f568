// XAMPPRocky/octocrab src/api/issues.rs (excerpt), MIT OR Apache-2.0; see PROVENANCE.md.
impl<'octo> IssueHandler<'octo> {
    pub async fn get(&self, number: u64) -> Result<models::issues::Issue> {
        let route = format!("/{}/issues/{number}", self.repo, number = number,); //~ URL
        self.crab.get(route, None::<&()>).await
    }

    pub async fn lock(&self, number: u64, reason: Option<LockReason>) -> Result<bool> {
        let route = format!("/{}/issues/{number}/lock", self.repo, number = number,); //~ URL
        let response = self.crab._put(route, reason.map(|r| json!({ "lock_reason": r })).as_ref()).await?;
        Ok(response.status() == 204)
    }

    pub async fn list_assignees(&self) -> Result<Page<models::Author>> {
        let route = format!("/{}/assignees", self.handler.repo); //~ URL
        self.handler.crab.get(route, Some(&self)).await
    }

    pub async fn delete_label(&self, name: impl AsRef<str>) -> Result<models::Label> {
        let route = format!("/{}/labels/{name}", self.repo, name = name.as_ref(),); //~ URL
        self.crab.delete(route, None::<&()>).await
    }
}
