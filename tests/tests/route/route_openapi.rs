//! `openapi!`: the enum it writes from a document (`openapi.json` beside this file), read
//! back through `url::Url` and matched by `from_url`.

use urlkit::Route;

urlkit::openapi! {
    /// Kept on the enum.
    #[derive(Debug, Clone, PartialEq)]
    pub enum Api = "tests/route/openapi.json";
}

/// The query of `url` as `url::Url` decodes it: an oracle that does not share urlkit's code.
fn query_pairs(url: &urlkit::Url) -> Vec<(String, String)> {
    let parsed = url::Url::parse(&format!("https://example.com{}", url.as_str())).unwrap();
    parsed.query_pairs().into_owned().collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
        .collect()
}

#[test]
fn variants_follow_the_document_order_and_methods() {
    assert_eq!(
        Api::OPERATION_IDS,
        [
            "issues/list-for-repo",
            "issues/create",
            "search",
            "getUser",
            "deleteUser"
        ]
    );
    let variants: Vec<_> = Api::SHAPES.iter().map(|shape| shape.variant).collect();
    assert_eq!(
        variants,
        [
            Some("IssuesListForRepo"),
            Some("IssuesCreate"),
            Some("Search"),
            Some("GetUser"),
            Some("DeleteUser")
        ]
    );
    // The summary is the variant's doc comment.
    assert_eq!(Api::SHAPES[0].doc, "List repository issues");
    // Without a summary, the doc says which operation it is, so `missing_docs` holds.
    assert_eq!(
        Api::SHAPES[1].doc,
        "`POST /repos/{owner}/{repo}/issues`, the operation `issues/create`."
    );
    assert_eq!(
        Api::SHAPES[0].field("per_page").unwrap().doc,
        "The query parameter `per_page`."
    );
    let methods: Vec<_> = Api::SHAPES
        .iter()
        .map(|shape| format!("{:?}", shape.methods()))
        .collect();
    assert_eq!(Api::SHAPES.len(), Api::OPERATION_IDS.len());
    assert!(
        methods[0].contains("Get") && !methods[0].contains("Post"),
        "{methods:?}"
    );
    assert!(methods[1].contains("Post"), "{methods:?}");
    assert!(methods[4].contains("Delete"), "{methods:?}");
    let route = Api::DeleteUser { user_id: 3 };
    assert_eq!(route.operation_id(), "deleteUser");
}

#[test]
fn merged_parameters_with_refs() {
    let route = Api::IssuesListForRepo {
        owner: "rust lang".into(),
        repo: "rust".into(),
        state: ApiState::Open,
        labels: vec!["a,b".into(), "c".into()],
        per_page: Some(30),
    };
    let url = route.to_url().unwrap();
    assert!(
        url.as_str().starts_with("/repos/rust%20lang/rust/issues?"),
        "{url}"
    );
    // `explode: false` joins the list with commas, the item's own comma encoded (decoded
    // here), so that `from_url` splits it back into two items.
    assert!(url.as_str().contains("labels=a%2Cb,c"), "{url}");
    assert_eq!(
        query_pairs(&url),
        pairs(&[("state", "open"), ("labels", "a,b,c"), ("per_page", "30")])
    );
    assert_eq!(Api::from_url(url.as_str()).unwrap(), route);
    // `state` is required for `issues/list-for-repo` (the operation's declaration overrides
    // the path item's optional one), so without it only `issues/create` matches.
    assert_eq!(
        Api::from_url("/repos/o/r/issues").unwrap(),
        Api::IssuesCreate {
            owner: "o".into(),
            repo: "r".into(),
            state: None,
        }
    );
    assert_eq!(
        Api::from_url("/repos/o/r/issues?state=all").unwrap(),
        Api::IssuesListForRepo {
            owner: "o".into(),
            repo: "r".into(),
            state: ApiState::All,
            labels: vec![],
            per_page: None,
        }
    );
    let create = Api::IssuesCreate {
        owner: "o".into(),
        repo: "r".into(),
        // The path item's optional `state`, which `issues/create` does not override.
        state: Some("open".into()),
    };
    assert_eq!(
        create.to_url().unwrap().as_str(),
        "/repos/o/r/issues?state=open"
    );
}

#[test]
fn names_types_and_styles() {
    let route = Api::Search {
        r#type: "code".into(),
        min_score: Some(0.5),
        archived: Some(false),
        page_size: Some(10),
        tag: vec!["x".into(), "y".into()],
        ids: vec![1, 2],
        words: vec!["a".into(), "b".into()],
        q: None,
        f_x: Some("[1]".into()),
    };
    let url = route.to_url().unwrap();
    let mut got = query_pairs(&url);
    got.sort();
    let mut want = pairs(&[
        ("type", "code"),
        ("minScore", "0.5"),
        ("archived", "false"),
        ("page-size", "10"),
        ("tag", "x"),
        ("tag", "y"),
        ("ids", "1|2"),
        ("words", "a b"),
        ("f[x]", "[1]"),
    ]);
    want.sort();
    assert_eq!(got, want, "{url}");
    assert_eq!(Api::from_url(url.as_str()).unwrap(), route);
    let user = Api::GetUser { user_id: 42 };
    assert_eq!(user.to_url().unwrap().as_str(), "/users/42");
    assert_eq!(Api::from_url("/users/42").unwrap(), user);
}

#[test]
fn an_empty_value_is_a_value_only_where_the_document_allows_it() {
    // `q` has `allowEmptyValue: true`: `q=` is the empty string, and it reads back.
    let empty_q = Api::Search {
        r#type: "code".into(),
        min_score: None,
        archived: None,
        page_size: None,
        tag: vec![],
        ids: vec![],
        words: vec![],
        q: Some(String::new()),
        f_x: None,
    };
    let url = empty_q.to_url().unwrap();
    assert_eq!(url.as_str(), "/search?type=code&q=");
    assert_eq!(Api::from_url(url.as_str()).unwrap(), empty_q);
    // `f[x]` does not allow it (OpenAPI's default): `f%5Bx%5D=` reads as absent, and an
    // empty `Some` is refused rather than written as a different value.
    let Api::Search { f_x, .. } = Api::from_url("/search?type=code&f%5Bx%5D=").unwrap() else {
        panic!("not a search");
    };
    assert_eq!(f_x, None);
    let empty_f = Api::Search {
        r#type: "code".into(),
        min_score: None,
        archived: None,
        page_size: None,
        tag: vec![],
        ids: vec![],
        words: vec![],
        q: None,
        f_x: Some(String::new()),
    };
    assert_eq!(
        empty_f.to_url().unwrap_err().kind(),
        &urlkit::ExpandErrorKind::EmptySome
    );
}

urlkit::openapi! {
    #[derive(Debug, PartialEq)]
    enum ApiFromYaml = "tests/route/openapi.yml";
}

#[test]
fn yaml_reads_as_the_same_document() {
    assert_eq!(ApiFromYaml::OPERATION_IDS, Api::OPERATION_IDS);
    assert_eq!(
        format!("{:?}", ApiFromYaml::SHAPES),
        format!("{:?}", Api::SHAPES)
    );
    let url = "/search?type=code&ids=1%7C2&words=a%20b&page-size=3";
    let ApiFromYaml::Search {
        r#type,
        ids,
        words,
        page_size,
        ..
    } = ApiFromYaml::from_url(url).unwrap()
    else {
        panic!("not `Search`");
    };
    assert_eq!(
        (r#type.as_str(), ids, words, page_size),
        (
            "code",
            vec![1, 2],
            vec!["a".to_owned(), "b".to_owned()],
            Some(3)
        )
    );
}

urlkit::openapi! {
    #[derive(Debug, PartialEq)]
    enum Deep = "tests/route/openapi_deep.json";
}

#[test]
fn deep_objects_are_maps_of_their_one_value_type() {
    use std::collections::BTreeMap;
    let color: BTreeMap<String, i64> = [("R", 100), ("G", 200), ("B", 150)]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    // `n` is an integer and `s` a string: the map holds text, which writes either.
    let mixed: BTreeMap<String, String> = [("n".to_owned(), "1".to_owned())].into();
    let route = Deep::ListReports {
        color,
        meta: BTreeMap::new(),
        mixed,
    };
    let url = route.to_url().unwrap();
    // OpenAPI 3.1.1's deepObject row, in the map's key order; an empty map writes nothing.
    assert_eq!(
        url.as_str(),
        "/reports?color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100&mixed%5Bn%5D=1"
    );
    assert_eq!(Deep::from_url(url.as_str()).unwrap(), route);
    let parsed = url::Url::parse(&format!("http://h{url}")).unwrap();
    assert_eq!(
        parsed
            .query_pairs()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>(),
        ["color[B]=150", "color[G]=200", "color[R]=100", "mixed[n]=1"]
    );
}

mod select {
    use urlkit::Route;

    urlkit::openapi! {
        #[derive(Debug, Clone, PartialEq)]
        pub enum Only = "tests/route/openapi.json";
        only = ["getUser", "issues/create"];
    }

    urlkit::openapi! {
        #[derive(Debug, Clone, PartialEq)]
        pub enum Skip = "tests/route/openapi.json";
        skip = ["search", "issues/list-for-repo"];
    }

    #[test]
    fn only_keeps_the_named_operations_in_the_document_order() {
        assert_eq!(Only::OPERATION_IDS, ["issues/create", "getUser"]);
        let variants: Vec<_> = Only::SHAPES.iter().map(|shape| shape.variant).collect();
        assert_eq!(variants, [Some("IssuesCreate"), Some("GetUser")]);
        let route = Only::GetUser { user_id: 7 };
        assert_eq!(route.to_url().unwrap().as_str(), "/users/7");
        assert_eq!(route.operation_id(), "getUser");
        assert_eq!(Only::from_url("/users/7").unwrap(), route);
        // A left-out operation is no route of the enum.
        assert!(Only::from_url("/search?type=x").is_err());
    }

    #[test]
    fn skip_leaves_the_named_operations_out() {
        assert_eq!(
            Skip::OPERATION_IDS,
            ["issues/create", "getUser", "deleteUser"]
        );
        let variants: Vec<_> = Skip::SHAPES.iter().map(|shape| shape.variant).collect();
        assert_eq!(
            variants,
            [Some("IssuesCreate"), Some("GetUser"), Some("DeleteUser")]
        );
        assert!(Skip::from_url("/search?type=x").is_err());
        assert_eq!(
            Skip::from_url("/repos/o/r/issues").unwrap(),
            Skip::IssuesCreate {
                owner: "o".into(),
                repo: "r".into(),
                state: None
            }
        );
    }
}

/// Derives given through `cfg_attr` reach the enums `openapi!` writes, under their `cfg`.
mod cfg_attr_derives {
    urlkit::openapi! {
        #[derive(Debug, Clone, PartialEq)]
        #[cfg_attr(all(), derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(any(), derive(NoSuchDerive))]
        pub enum Cfg = "tests/route/openapi_enums.json";
    }

    #[test]
    fn cfg_attr_derives_reach_the_enums() {
        // Serde spells a value as the URL does (`rename`, under the same `cfg`).
        let json = serde_json::to_string(&CfgReactionsListContent::Plus1).unwrap();
        assert_eq!(json, "\"+1\"");
        let read: CfgSortOrder = serde_json::from_str("\"comments\"").unwrap();
        assert_eq!(read, CfgSortOrder::Comments);
    }
}

mod enums {
    use urlkit::Route;

    urlkit::openapi! {
        #[derive(Debug, Clone, PartialEq)]
        pub enum Api = "tests/route/openapi_enums.json";
    }

    // The same document again in one module: its enums are named after this enum, so no
    // name is written twice.
    urlkit::openapi! {
        #[derive(Debug, Clone, PartialEq)]
        pub enum Again = "tests/route/openapi_enums.json";
    }

    fn query_pairs(url: &urlkit::Url) -> Vec<(String, String)> {
        super::query_pairs(url)
    }

    #[test]
    fn string_enums_are_types_both_ways() {
        let route = Api::IssuesListForRepo {
            owner: "o".into(),
            repo: "r".into(),
            state: Some(ApiIssuesListForRepoState::Closed),
            direction: Some(ApiDirection::Desc),
            sort: Some(ApiSortOrder::Comments),
            labels: vec![
                ApiIssuesListForRepoLabels::Bug,
                ApiIssuesListForRepoLabels::GoodFirstIssue,
            ],
        };
        let url = route.to_url().unwrap();
        assert_eq!(
            query_pairs(&url),
            super::pairs(&[
                ("state", "closed"),
                ("direction", "desc"),
                ("sort", "comments"),
                ("labels", "bug,good first issue")
            ])
        );
        assert_eq!(Api::from_url(url.as_str()).unwrap(), route);

        // A spelling that is not an identifier keeps its exact form.
        let route = Api::ReactionsList {
            content: ApiReactionsListContent::Plus1,
            sort: ApiSortOrder::Created,
            state: None,
            level: Some(2),
            mode: Some("fast".into()),
            clash: Some("created-at".into()),
        };
        let url = route.to_url().unwrap();
        assert_eq!(
            url.as_str(),
            "/reactions/%2B1?sort=created&level=2&mode=fast&clash=created-at"
        );
        assert_eq!(Api::from_url(url.as_str()).unwrap(), route);
        assert_eq!(
            Api::from_url("/reactions/-1?sort=updated").unwrap(),
            Api::ReactionsList {
                content: ApiReactionsListContent::Minus1,
                sort: ApiSortOrder::Updated,
                state: None,
                level: None,
                mode: None,
                clash: None,
            }
        );
        // `Again`'s enums are its own.
        assert_eq!(
            Again::from_url("/reactions/eyes?sort=updated&state=archived").unwrap(),
            Again::ReactionsList {
                content: AgainReactionsListContent::Eyes,
                sort: AgainSortOrder::Updated,
                state: Some(AgainReactionsListState::Archived),
                level: None,
                mode: None,
                clash: None,
            }
        );
    }

    #[test]
    fn an_unknown_value_is_refused_with_the_spellings() {
        let error = Api::from_url("/reactions/heart?sort=created").unwrap_err();
        assert_eq!(
            error.to_string(),
            "`Api::ReactionsList.content`: `heart` is not one of `+1`, `-1`, `laugh`, `eyes`"
        );
        let error = Api::from_url("/repos/o/r/issues?sort=stars").unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("`created`, `updated`, `comments`"),
            "{message}"
        );
    }

    #[test]
    fn the_spellings_are_in_the_shapes() {
        let shape = &Api::SHAPES[1];
        assert_eq!(
            shape.field("content").unwrap().value,
            urlkit::route::ValueType::OneOf(&["+1", "-1", "laugh", "eyes"])
        );
        // The integer enum and the nullable one keep their plain types.
        assert!(matches!(
            shape.field("level").unwrap().value,
            urlkit::route::ValueType::Integer { .. }
        ));
        assert_eq!(
            shape.field("mode").unwrap().value,
            urlkit::route::ValueType::Text
        );
    }
}
