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

// XAMPPRocky/octocrab src/api/actions.rs and src/api/activity/notifications.rs (excerpts).
impl<'octo> ListWorkflowArtifacts<'octo> {
    pub async fn send(self) -> crate::Result<Etagged<Page<WorkflowListArtifact>>> {
        let route = format!(
            "/repos/{owner}/{repo}/actions/artifacts", //~ URL
            owner = self.owner,
            repo = self.repo,
        );
        let uri = self.crab.parameterized_uri(route, Some(&query))?;
        Ok(uri)
    }
}

impl<'octo> NotificationsHandler<'octo> {
    pub async fn delete_thread_subscription(&self, thread: ThreadId) -> crate::Result<()> {
        let route = format!("/notifications/threads/{thread}/subscription"); //~ URL
        let uri = Uri::builder()
            .path_and_query(route)
            .build()
            .context(HttpSnafu)?;
        let response = self.crab._delete(uri, None::<&()>).await?;
        crate::map_github_error(response).await.map(drop)
    }
}

// XAMPPRocky/octocrab src/api/actions/self_hosted_runners.rs, src/api/activity/starring.rs
// and src/api/code_scannings/list.rs (excerpts).
impl<'octo, 'b> ListSelfHostedRunnersBuilder<'octo, 'b> {
    pub async fn send(
        self,
    ) -> crate::Result<crate::Page<crate::models::actions::SelfHostedRunner>> {
        let route = match &self.scope {
            RunnerScope::Org(org) => format!("/orgs/{org}/actions/runners"), //~ URL
            RunnerScope::Repo { owner, repo } => format!("/repos/{owner}/{repo}/actions/runners"), //~ URL
        };

        self.handler.crab.get(route, Some(&self)).await
    }
}

impl<'octo> ListStarredReposBuilder<'octo> {
    pub async fn send(self) -> crate::Result<Page<Repository>> {
        self.crab
            .get_with_headers(
                format!("/users/{username}/starred", username = self.username), //~ URL
                None::<&()>,
                Some(headers),
            )
            .await
    }
}

impl<'octo, 'b> ListCodeScanningsBuilder<'octo, 'b> {
    pub async fn send(self) -> crate::Result<crate::Page<CodeScanningAlert>> {
        let route = self
            .handler
            .repo
            .as_ref()
            .map(|r| {
                format!(
                    "/repos/{owner}/{repo}/code-scanning/alerts", //~ URL
                    owner = self.handler.owner,
                    repo = r,
                )
            })
            .unwrap_or(format!(
                "/orgs/{owner}/code-scanning/alerts", //~ URL
                owner = self.handler.owner,
            ));

        self.handler.crab.get(route, Some(&self)).await
    }
}
