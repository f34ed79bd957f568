// kube-rs/kube (excerpts of kube-core/src/request.rs, kube-client/src/client/mod.rs,
// kube-client/src/client/auth/oidc.rs, kube-core/src/gvk.rs,
// kube-derive/src/custom_resource/mod.rs), Apache-2.0; see PROVENANCE.md.
impl Request {
    pub fn get(&self, name: &str, gp: &GetParams) -> Result<http::Request<Vec<u8>>, Error> {
        validate_name(name)?;
        let urlstr = if let Some(rv) = &gp.resource_version {
            let target = format!("{}/{}?", self.url_path, name); //~ URL
            form_urlencoded::Serializer::new(target)
                .append_pair("resourceVersion", rv)
                .finish()
        } else {
            let target = format!("{}/{}", self.url_path, name); //~ URL
            form_urlencoded::Serializer::new(target).finish()
        };
        let req = http::Request::get(urlstr);
        req.body(vec![]).map_err(Error::BuildRequest)
    }
}

impl Client {
    pub async fn list_api_group_resources(&self, apiversion: &str) -> Result<k8s_meta_v1::APIResourceList> {
        let url = format!("/apis/{apiversion}"); //~ URL
        self.request(Request::get(url).body(vec![]).map_err(Error::HttpError)?)
            .await
    }
}

impl Refresher {
    async fn token_endpoint(&mut self) -> Result<String, errors::RefreshError> {
        if let Some(endpoint) = self.token_endpoint.clone() {
            return Ok(endpoint);
        }
        let discovery = format!("{}/.well-known/openid-configuration", self.issuer).parse::<Uri>()?; //~ URL
        let response = self.https_client.get(discovery).await?;
        Ok(response)
    }
}

impl GroupVersion {
    /// Generate the apiVersion string used in a kind's yaml
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.clone()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
}

fn derive(group: &str, version: &str) -> TokenStream {
    // A Kubernetes apiVersion (`apps/v1`), not a URL.
    let api_ver = format!("{group}/{version}");
    quote! { #api_ver }
}
