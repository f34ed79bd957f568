//! `Route::SHAPES`: what the derive writes for each kind of template (static text, placeholders
//! alone or beside text, `{/x}`, `{/x*}`, query parameters, hand-written pairs, static pieces),
//! written out by hand here; and, as an oracle that does not read templates, a URL assembled
//! from a shape and the values is the one `to_url` builds (its query up to order) and parses
//! back into the same value.

use std::collections::BTreeMap;
use std::fmt::Debug;

use urlkit::Route;
use urlkit::route::{Arity, PathStyle, QueryParam, RouteShape, Segment, ValueType};

const fn value(prefix: &'static str, field: &'static str, suffix: &'static str) -> Segment {
    Segment::Value {
        prefix,
        field,
        suffix,
    }
}

const fn param(key: &'static str, field: &'static str, arity: Arity) -> QueryParam {
    QueryParam::Value { key, field, arity }
}

#[derive(Route, Debug, PartialEq)]
enum Api {
    #[route("/")]
    Root,
    #[route("/users/me")]
    Me,
    #[route("/users/{id}")]
    User { id: u64 },
    #[route("/v{version}/files/{name}.json")]
    Json { version: u32, name: String },
    #[route("/files{/path*}")]
    Files { path: Vec<String> },
    #[route("/docs/{section}{/page}")]
    Docs {
        section: String,
        page: Option<String>,
    },
    #[route("/tree/{id}{/tab,rest*}")]
    Tree {
        id: u64,
        tab: String,
        rest: Vec<String>,
    },
    #[route("/users/{id}/posts{?page,tag*,labels}")]
    Posts {
        id: u64,
        page: Option<u32>,
        tag: Vec<String>,
        labels: Vec<String>,
    },
    #[route("/search?q={query}&format=json&pretty{&lang}")]
    Search { query: String, lang: Option<String> },
    #[route("/café/%7e")]
    Cafe,
}

#[test]
fn one_shape_per_template_in_declaration_order() {
    assert_eq!(Api::SHAPES.len(), Api::TEMPLATES.len());
    for (shape, template) in Api::SHAPES.iter().zip(Api::TEMPLATES) {
        assert_eq!(shape.template, *template);
    }
    let variants: Vec<_> = Api::SHAPES.iter().map(|s| s.variant).collect();
    let names = [
        "Root", "Me", "User", "Json", "Files", "Docs", "Tree", "Posts", "Search", "Cafe",
    ];
    assert_eq!(variants, names.map(Some));
}

#[test]
fn each_kind_of_template() {
    let shape = |i: usize| Api::SHAPES[i];
    let path = |i: usize| shape(i).path;
    let query = |i: usize| shape(i).query;
    // `/` is one empty segment.
    assert_eq!(path(0), [Segment::Static("")]);
    assert_eq!(path(1), [Segment::Static("users"), Segment::Static("me")]);
    assert_eq!(path(2), [Segment::Static("users"), value("", "id", "")]);
    assert_eq!(
        path(3),
        [
            value("v", "version", ""),
            Segment::Static("files"),
            value("", "name", ".json"),
        ]
    );
    assert_eq!(
        path(4),
        [Segment::Static("files"), Segment::Rest { field: "path" }]
    );
    assert_eq!(
        path(5),
        [
            Segment::Static("docs"),
            value("", "section", ""),
            Segment::Slash {
                field: "page",
                arity: Arity::Optional
            },
        ]
    );
    // A `{/x}` that more path follows is one value.
    assert_eq!(
        path(6),
        [
            Segment::Static("tree"),
            value("", "id", ""),
            Segment::Slash {
                field: "tab",
                arity: Arity::One
            },
            Segment::Rest { field: "rest" },
        ]
    );
    assert_eq!(
        query(7),
        [
            param("page", "page", Arity::Optional),
            param("tag", "tag", Arity::List),
            param("labels", "labels", Arity::Joined { separator: ',' }),
        ]
    );
    // Static pieces first, then the parameters; a hand-written pair names its key.
    assert_eq!(
        query(8),
        [
            QueryParam::Static {
                key: "format",
                value: Some("json")
            },
            QueryParam::Static {
                key: "pretty",
                value: None
            },
            param("q", "query", Arity::One),
            param("lang", "lang", Arity::Optional),
        ]
    );
    // Static text as `to_url` writes it.
    assert_eq!(
        path(9),
        [Segment::Static("caf%C3%A9"), Segment::Static("%7E")]
    );
    for i in 0..7 {
        assert_eq!(query(i), [], "{}", shape(i).template);
    }
    assert_eq!(path(8), [Segment::Static("search")]);
}

#[test]
fn fields_by_name_or_index() {
    #[derive(Route)]
    #[route("/items/{0}/{1}")]
    struct Pair(u32, String);
    #[derive(Route)]
    #[route("/kinds/{type}{?in*}")]
    struct Raw {
        r#type: String,
        r#in: Vec<String>,
    }
    #[derive(Route)]
    #[route("/items/{id}")]
    struct Generic<T> {
        id: T,
    }

    assert_eq!(
        Pair::SHAPES[0].path,
        [
            Segment::Static("items"),
            value("", "0", ""),
            value("", "1", "")
        ]
    );
    assert_eq!(Pair::SHAPES[0].variant, None);

    assert_eq!(Raw::SHAPES[0].path[1], value("", "type", ""));
    assert_eq!(Raw::SHAPES[0].query, [param("in", "in", Arity::List)]);

    let (small, text) = (Generic::<u8>::SHAPES[0], Generic::<String>::SHAPES[0]);
    assert_eq!((small.path, small.query), (text.path, text.query));
    // The fields' types are the parameters' own.
    assert_eq!(
        small.fields[0].value,
        ValueType::Integer { min: 0, max: 255 }
    );
    assert_eq!(text.fields[0].value, ValueType::Text);
    // The shapes are constants.
    assert_eq!(const { Api::SHAPES.len() }, 10);
}

#[test]
fn fields_with_their_types_and_docs() {
    /// A `Fmt` stands for any type of the user's.
    #[derive(Debug, PartialEq)]
    struct Id;
    impl std::fmt::Display for Id {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("id")
        }
    }
    impl std::str::FromStr for Id {
        type Err = std::fmt::Error;
        fn from_str(_: &str) -> Result<Self, std::fmt::Error> {
            Ok(Id)
        }
    }

    #[derive(Route)]
    enum Typed {
        /// Everything at once.
        ///
        ///   Indented, kept as written.
        #[route("/a/{small}/{big}{/flag}?x={chars*}&f={ratio}{&id,text}")]
        All {
            /// A byte.
            small: i8,
            /// The widest.
            #[doc = "   Second line."]
            big: i128,
            flag: Option<bool>,
            chars: Vec<char>,
            ratio: f64,
            id: urlkit::Fmt<Id>,
            text: Option<Box<str>>,
            #[route(skip)]
            #[allow(
                dead_code,
                reason = "only the shapes are read: a skipped field is not in them"
            )]
            skipped: (),
        },
        #[route("/b")]
        Bare,
    }

    let [all, bare] = Typed::SHAPES else {
        unreachable!()
    };
    assert_eq!(
        all.doc,
        "Everything at once.\n\n  Indented, kept as written."
    );
    assert_eq!(bare.doc, "");
    assert_eq!(bare.fields, []);
    let fields: Vec<_> = all
        .fields
        .iter()
        .map(|f| (f.name, f.value, f.doc))
        .collect();
    assert_eq!(
        fields,
        [
            (
                "small",
                ValueType::Integer {
                    min: -128,
                    max: 127
                },
                "A byte."
            ),
            (
                "big",
                ValueType::Integer {
                    min: i128::MIN,
                    max: i128::MAX.cast_unsigned()
                },
                "The widest.\n  Second line."
            ),
            ("flag", ValueType::Boolean, ""),
            ("chars", ValueType::Char, ""),
            ("ratio", ValueType::Number, ""),
            ("id", ValueType::Text, ""),
            ("text", ValueType::Text, ""),
        ]
    );
    assert_eq!(all.field("ratio").map(|f| f.value), Some(ValueType::Number));
    assert_eq!(all.field("skipped"), None);
}

/// The URL a shape describes for these values (each field's items; none for `None` or an
/// empty list), assembled from the shape alone. Values are plain ASCII, which no encoding
/// changes.
fn assemble(shape: &RouteShape, values: &BTreeMap<&str, Vec<&str>>) -> (String, Vec<String>) {
    let of = |field: &str| values.get(field).cloned().unwrap_or_default();
    let mut segments: Vec<String> = Vec::new();
    for segment in shape.path {
        match *segment {
            Segment::Static(text) => segments.push(text.to_string()),
            Segment::Value {
                prefix,
                field,
                suffix,
            } => segments.push(format!("{prefix}{}{suffix}", of(field).concat())),
            // RFC 6570 §3.2.5 and §3.2.7, for one value.
            Segment::Styled {
                prefix,
                field,
                suffix,
                style,
                arity: Arity::One,
                ..
            } => {
                let value = of(field).concat();
                let written = match style {
                    PathStyle::Simple => value,
                    PathStyle::Label => format!(".{value}"),
                    PathStyle::Matrix if value.is_empty() => format!(";{field}"),
                    PathStyle::Matrix => format!(";{field}={value}"),
                };
                segments.push(format!("{prefix}{written}{suffix}"));
            }
            Segment::Styled { .. } => unreachable!("a list in a segment: not in these routes"),
            Segment::Slash { field, .. } | Segment::Rest { field } => {
                segments.extend(of(field).iter().map(ToString::to_string));
            }
        }
    }
    let mut pieces: Vec<String> = Vec::new();
    for param in shape.query {
        match *param {
            QueryParam::Static { key, value: None } => pieces.push(key.to_string()),
            QueryParam::Static {
                key,
                value: Some(value),
            } => pieces.push(format!("{key}={value}")),
            QueryParam::Value {
                key,
                field,
                arity: Arity::Joined { separator },
            } => {
                let items = of(field);
                if !items.is_empty() {
                    pieces.push(format!("{key}={}", items.join(&separator.to_string())));
                }
            }
            QueryParam::Value { key, field, .. } => {
                pieces.extend(of(field).iter().map(|v| format!("{key}={v}")));
            }
        }
    }
    pieces.sort();
    (format!("/{}", segments.join("/")), pieces)
}

/// `to_url`'s path and its query's pieces, sorted.
fn built(route: &impl Route) -> (String, Vec<String>) {
    let url = route.to_url().unwrap();
    let (path, query) = url.as_str().split_once('?').unwrap_or((url.as_str(), ""));
    let mut pieces: Vec<String> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    pieces.sort();
    (path.to_string(), pieces)
}

#[track_caller]
fn describes<R: Route + PartialEq + Debug>(route: &R, values: &[(&'static str, &[&'static str])]) {
    let shape = R::SHAPES
        .iter()
        .find(|s| s.template == route.template())
        .unwrap();
    let values: BTreeMap<&str, Vec<&str>> = values.iter().map(|(k, v)| (*k, v.to_vec())).collect();
    let (path, pieces) = assemble(shape, &values);
    assert_eq!(
        (path.clone(), pieces.clone()),
        built(route),
        "{}",
        shape.template
    );
    let url = if pieces.is_empty() {
        path
    } else {
        format!("{path}?{}", pieces.join("&"))
    };
    assert_eq!(&R::from_url(&url).unwrap(), route, "{url}");
}

#[test]
fn a_shape_describes_the_url_to_url_builds() {
    describes(&Api::Root, &[]);
    describes(&Api::Me, &[]);
    describes(&Api::User { id: 7 }, &[("id", &["7"])]);
    describes(
        &Api::Json {
            version: 2,
            name: "a".into(),
        },
        &[("version", &["2"]), ("name", &["a"])],
    );
    describes(&Api::Files { path: vec![] }, &[]);
    describes(
        &Api::Files {
            path: vec!["a".into(), "b".into()],
        },
        &[("path", &["a", "b"])],
    );
    describes(
        &Api::Docs {
            section: "s".into(),
            page: None,
        },
        &[("section", &["s"])],
    );
    describes(
        &Api::Docs {
            section: "s".into(),
            page: Some("p".into()),
        },
        &[("section", &["s"]), ("page", &["p"])],
    );
    describes(
        &Api::Tree {
            id: 1,
            tab: "t".into(),
            rest: vec!["x".into()],
        },
        &[("id", &["1"]), ("tab", &["t"]), ("rest", &["x"])],
    );
    describes(
        &Api::Posts {
            id: 7,
            page: Some(2),
            tag: vec!["a".into(), "b".into()],
            labels: vec!["x".into(), "y".into()],
        },
        &[
            ("id", &["7"]),
            ("page", &["2"]),
            ("tag", &["a", "b"]),
            ("labels", &["x", "y"]),
        ],
    );
    describes(
        &Api::Posts {
            id: 7,
            page: None,
            tag: vec![],
            labels: vec![],
        },
        &[("id", &["7"])],
    );
    describes(
        &Api::Search {
            query: "rust".into(),
            lang: None,
        },
        &[("query", &["rust"])],
    );
    describes(
        &Api::Search {
            query: "rust".into(),
            lang: Some("en".into()),
        },
        &[("query", &["rust"]), ("lang", &["en"])],
    );
    describes(&Api::Cafe, &[]);
}

#[derive(Route, Debug, PartialEq)]
enum Styles {
    #[route("/label/{.id}")]
    Label { id: u64 },
    #[route("/report{.format}")]
    Report { format: String },
    #[route("/matrix/{;id}/x")]
    Matrix { id: String },
}

#[test]
fn a_shape_says_the_style_of_a_path_segment() {
    let styled = |prefix, field, style| Segment::Styled {
        prefix,
        field,
        suffix: "",
        style,
        explode: false,
        arity: Arity::One,
    };
    let [label, report, matrix] = Styles::SHAPES else {
        unreachable!()
    };
    assert_eq!(
        label.path,
        [Segment::Static("label"), styled("", "id", PathStyle::Label)]
    );
    assert_eq!(report.path, [styled("report", "format", PathStyle::Label)]);
    assert_eq!(
        matrix.path,
        [
            Segment::Static("matrix"),
            styled("", "id", PathStyle::Matrix),
            Segment::Static("x")
        ]
    );
    describes(&Styles::Label { id: 5 }, &[("id", &["5"])]);
    describes(
        &Styles::Report {
            format: "json".into(),
        },
        &[("format", &["json"])],
    );
    describes(
        &Styles::Report {
            format: String::new(),
        },
        &[],
    );
    describes(&Styles::Matrix { id: "a".into() }, &[("id", &["a"])]);
    describes(&Styles::Matrix { id: String::new() }, &[]);
}
