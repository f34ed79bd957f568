//! The contenders of the github bench, shared with `examples/github_count.rs` (which counts
//! their instructions): the tour's GitHub issues URL built by `url!` and by what users would
//! otherwise write, from the same values.

use std::fmt::Write as _;

use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::context::{Context, Visitor};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// The values of one URL.
#[derive(Clone, Copy)]
pub(crate) struct Values<'a> {
    pub(crate) owner: &'a str,
    pub(crate) repo: &'a str,
    pub(crate) state: Option<&'a str>,
    pub(crate) labels: &'a [&'a str],
    pub(crate) page: Option<u32>,
}

pub(crate) const PLAIN: Values<'static> = Values {
    owner: "rust-lang",
    repo: "rust",
    state: Some("open"),
    labels: &["A-macros", "C-bug"],
    page: Some(2),
};

pub(crate) const ESCAPED: Values<'static> = Values {
    owner: "rust lang",
    repo: "rüst/1",
    state: Some("open&closed"),
    labels: &["A macros", "C-bug?"],
    page: Some(2),
};

pub(crate) fn urlkit(v: Values<'_>) -> String {
    let Values {
        owner,
        repo,
        state,
        labels,
        page,
    } = v;
    urlkit::url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}")
        .map(urlkit::Url::into_string)
        .unwrap_or_default()
}

/// RFC 3986 unreserved characters pass; everything else is encoded (as `url!`'s `{x}`).
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

pub(crate) fn hand_written(v: Values<'_>) -> String {
    let mut s = String::with_capacity(128);
    s.push_str("https://api.github.com/repos/");
    s.extend(utf8_percent_encode(v.owner, COMPONENT));
    s.push('/');
    s.extend(utf8_percent_encode(v.repo, COMPONENT));
    s.push_str("/issues");
    let mut sep = '?';
    if let Some(state) = v.state {
        s.push(sep);
        sep = '&';
        s.push_str("state=");
        s.extend(utf8_percent_encode(state, COMPONENT));
    }
    if !v.labels.is_empty() {
        s.push(sep);
        sep = '&';
        s.push_str("labels=");
        for (i, label) in v.labels.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.extend(utf8_percent_encode(label, COMPONENT));
        }
    }
    if let Some(page) = v.page {
        s.push(sep);
        let _ = write!(s, "page={page}");
    }
    s
}

pub(crate) fn format_urlencoding(v: Values<'_>) -> String {
    use urlencoding::encode;
    let mut query = Vec::new();
    if let Some(state) = v.state {
        query.push(format!("state={}", encode(state)));
    }
    if !v.labels.is_empty() {
        let labels: Vec<_> = v.labels.iter().map(|l| encode(l)).collect();
        query.push(format!("labels={}", labels.join(",")));
    }
    if let Some(page) = v.page {
        query.push(format!("page={page}"));
    }
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{}", query.join("&"))
    };
    format!(
        "https://api.github.com/repos/{}/{}/issues{query}",
        encode(v.owner),
        encode(v.repo)
    )
}

pub(crate) fn url_crate(base: &url::Url, v: Values<'_>) -> String {
    let mut u = base.clone();
    if let Ok(mut path) = u.path_segments_mut() {
        path.extend(["repos", v.owner, v.repo, "issues"]);
    }
    {
        let mut pairs = u.query_pairs_mut();
        if let Some(state) = v.state {
            pairs.append_pair("state", state);
        }
        if !v.labels.is_empty() {
            pairs.append_pair("labels", &v.labels.join(","));
        }
        if let Some(page) = v.page {
            pairs.append_pair("page", &page.to_string());
        }
    }
    if u.query() == Some("") {
        u.set_query(None);
    }
    u.into()
}

/// iri-string's context for the same values, without allocating.
pub(crate) struct Vars<'a>(pub(crate) Values<'a>);

impl Context for Vars<'_> {
    fn visit<V: Visitor>(&self, visitor: V) -> V::Result {
        let v = self.0;
        match visitor.var_name().as_str() {
            "owner" => visitor.visit_string(v.owner),
            "repo" => visitor.visit_string(v.repo),
            "state" => match v.state {
                Some(state) => visitor.visit_string(state),
                None => visitor.visit_undefined(),
            },
            "labels" => visitor.visit_list_direct(v.labels.iter()),
            "page" => match v.page {
                Some(page) => visitor.visit_string(page),
                None => visitor.visit_undefined(),
            },
            _ => visitor.visit_undefined(),
        }
    }
}

pub(crate) fn iri_string(template: &UriTemplateStr, v: Values<'_>) -> String {
    template
        .expand::<UriSpec, _>(&Vars(v))
        .map(|expanded| expanded.to_string())
        .unwrap_or_default()
}
