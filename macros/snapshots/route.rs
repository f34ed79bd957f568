// #[derive(Route)]
// enum Api {
//     #[route("/users/{id}{?tab}")]
//     User { id: u64, tab: Option<String> },
//     #[route("/users/me")]
//     Me,
// }
const _: () = {
    #[allow(non_camel_case_types, dead_code)]
    struct id {}
    #[allow(non_camel_case_types, dead_code)]
    struct tab {}
    /// The routes, in the order they are tried.
    const __ROUTES: &[::urlkit::__private::route::Entry] = &[
        ::urlkit::__private::route::Entry {
            route: "Api::Me",
            template: "/users/me",
            pattern: ::urlkit::__private::route::Pattern {
                segments: &[
                    ::urlkit::__private::route::Segment::Static("users"),
                    ::urlkit::__private::route::Segment::Static("me"),
                ],
                tail: ::urlkit::__private::route::Tail::None,
                pairs: &[],
                keys: &[],
                deny_unknown: false,
            },
            key_fields: &[],
            skip: &[2usize, 1usize],
        },
        ::urlkit::__private::route::Entry {
            route: "Api::User",
            template: "/users/{id}{?tab}",
            pattern: ::urlkit::__private::route::Pattern {
                segments: &[
                    ::urlkit::__private::route::Segment::Static("users"),
                    ::urlkit::__private::route::Segment::Value {
                        prefix: "",
                        suffix: "",
                    },
                ],
                tail: ::urlkit::__private::route::Tail::None,
                pairs: &[],
                keys: &[
                    ::urlkit::__private::route::Key {
                        name: "tab",
                        required: false,
                    },
                ],
                deny_unknown: false,
            },
            key_fields: &["tab"],
            skip: &[2usize, 2usize],
        },
    ];
    /// The route `from_url` gives `url` to (its place in the order routes are tried).
    fn __which(url: &str) -> ::core::option::Option<usize> {
        let target = ::urlkit::__private::route::Target::parse(url, "").ok()?;
        target.find(__ROUTES).ok().map(|found| found.index())
    }
    impl ::urlkit::Route for Api {
        const TEMPLATES: &'static [&'static str] = &["/users/{id}{?tab}", "/users/me"];
        fn template(&self) -> &'static str {
            match self {
                Self::User { .. } => "/users/{id}{?tab}",
                Self::Me { .. } => "/users/me",
            }
        }
        fn to_url(&self) -> ::core::result::Result<::urlkit::Url, ::urlkit::Error> {
            match self {
                Self::User { id: __f0, tab: __f1, .. } => {
                    match match (&(*__f0), &(*__f1)) {
                        (__v0, __v1) => {
                            let mut __w = ::urlkit::__private::Writer::with_capacity(
                                7usize + ::urlkit::value::Placeholder::<id>::hint(__v0)
                                    + ::urlkit::value::Placeholder::<tab>::hint(__v1),
                            );
                            __w.path_start(false);
                            __w.text("/users/");
                            ::urlkit::value::Placeholder::<
                                id,
                            >::fill_alone(
                                __v0,
                                __w.segment_expansion(),
                                "id",
                                ::urlkit::__private::Modifier::None,
                            );
                            __w.query_start();
                            ::urlkit::value::Placeholder::<
                                tab,
                            >::fill_alone(
                                __v1,
                                __w
                                    .expansion(
                                        ::urlkit::__private::Operator::Query,
                                        ::urlkit::__private::Context::QueryPairs,
                                    ),
                                "tab",
                                ::urlkit::__private::Modifier::None,
                            );
                            __w.finish()
                        }
                    } {
                        ::core::result::Result::Ok(__built) => {
                            match __which(__built.as_str()) {
                                ::core::option::Option::Some(0usize) => {
                                    ::core::result::Result::Err(
                                        ::urlkit::__private::route::parses_as(
                                            "id",
                                            "Api::Me",
                                            "/users/me",
                                        ),
                                    )
                                }
                                _ => ::core::result::Result::Ok(__built),
                            }
                        }
                        ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                    }
                }
                Self::Me { .. } => {
                    ::core::result::Result::Ok(::urlkit::Url::__from_static("/users/me"))
                }
            }
        }
        fn from_url(__url: &str) -> ::core::result::Result<Self, ::urlkit::RouteError> {
            let __target = ::urlkit::__private::route::Target::parse(__url, "Api")?;
            let __found = __target.find(__ROUTES)?;
            match __found.index() {
                0 => ::core::result::Result::Ok(Self::Me {}),
                1 => {
                    ::core::result::Result::Ok(Self::User {
                        id: <u64 as ::urlkit::route::RouteField<
                            id,
                        >>::read(
                            &__found,
                            ::urlkit::__private::route::Capture::Segment(1usize),
                            "id",
                        )?,
                        tab: <Option<
                            String,
                        > as ::urlkit::route::RouteField<
                            tab,
                        >>::read(
                            &__found,
                            ::urlkit::__private::route::Capture::Key(0usize),
                            "tab",
                        )?,
                    })
                }
                _ => ::core::result::Result::Err(__found.no_match()),
            }
        }
    }
};
