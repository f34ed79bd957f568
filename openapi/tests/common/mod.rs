//! The enum of urlkit-axum's README, with doc comments, which both test files describe.

use urlkit::Route;

/// urlkit-axum's README example, documented.
#[derive(Route, Debug, PartialEq)]
pub(crate) enum Api {
    /// A user.
    #[route("/users/{id}")]
    User { id: u64 },
    /// The user signed in.
    #[route("/users/me")]
    Me,
    /// A user's posts.
    ///
    /// Newest first.
    #[route("/users/{id}/posts{?page,tag*}")]
    Posts {
        id: u64,
        /// The page, from 0.
        page: Option<u32>,
        /// Only posts with all these tags.
        tag: Vec<String>,
    },
    /// A file.
    #[route("/files{/path*}")]
    File { path: Vec<String> },
}
