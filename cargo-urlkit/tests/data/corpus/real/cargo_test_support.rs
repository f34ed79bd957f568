// rust-lang/cargo crates/cargo-test-support/src/registry.rs (excerpt), MIT OR Apache-2.0;
// see PROVENANCE.md.
impl HttpServerHandle {
    pub fn index_url(&self) -> Url {
        Url::parse(&format!("sparse+http://{}/index/", self.addr)).unwrap() //~ URL
    }

    pub fn api_url(&self) -> Url {
        Url::parse(&format!("http://{}/", self.addr)).unwrap() //~ URL
    }

    pub fn dl_url(&self) -> Url {
        Url::parse(&format!("http://{}/dl", self.addr)).unwrap() //~ URL
    }
}
