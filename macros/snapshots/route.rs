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
    /// The route `from_url` gives `url` to (its place in the order routes are tried).
    #[allow(unreachable_code, unused_variables, clippy::needless_return)]
    fn __which(__url: &str) -> ::core::option::Option<usize> {
        let __w = ::urlkit::__private::route::Walk::new(__url, "").ok()?;
        let __root = __w.root();
        if let ::core::option::Option::Some(__p0) = __w.after(__root) {
            match __w.byte(__p0) {
                b'u' => {
                    if let ::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"users")
                    {
                        if let ::core::option::Option::Some(__p1) = __w.after(__s0) {
                            match __w.byte(__p1) {
                                b'm' => {
                                    if let ::core::option::Option::Some(__s1) = __w
                                        .literal(__p1, b"me")
                                    {
                                        if __w.ends(__s1) {
                                            let __t = __w.finish(__s1).ok()?;
                                            return ::core::option::Option::Some(0usize);
                                        }
                                    }
                                }
                                _ => {}
                            }
                            {
                                let __s1 = __w.segment(__p1);
                                if !__s1.is_empty() {
                                    if __w.ends(__s1) {
                                        let __t = __w.finish(__s1).ok()?;
                                        return ::core::option::Option::Some(1usize);
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        ::core::option::Option::None
    }
    impl ::urlkit::Route for Api {
        const TEMPLATES: &'static [&'static str] = &["/users/{id}{?tab}", "/users/me"];
        const SHAPES: &'static [::urlkit::route::RouteShape] = &[
            ::urlkit::__private::route::shape(
                "/users/{id}{?tab}",
                ::core::option::Option::Some("User"),
                &[
                    ::urlkit::route::Segment::Static("users"),
                    ::urlkit::route::Segment::Value {
                        prefix: "",
                        field: "id",
                        suffix: "",
                    },
                ],
                &[
                    ::urlkit::route::QueryParam::Value {
                        key: "tab",
                        field: "tab",
                        arity: ::urlkit::route::Arity::Optional,
                    },
                ],
            ),
            ::urlkit::__private::route::shape(
                "/users/me",
                ::core::option::Option::Some("Me"),
                &[
                    ::urlkit::route::Segment::Static("users"),
                    ::urlkit::route::Segment::Static("me"),
                ],
                &[],
            ),
        ];
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
                            ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(||
                            {
                                let mut __w = ::urlkit::__private::Writer::with_capacity(
                                    7usize + ::urlkit::value::Placeholder::<id>::hint(__v0)
                                        + ::urlkit::value::Placeholder::<tab>::hint(__v1),
                                );
                                __w.path_start(false);
                                __w.text("/users/");
                                ::urlkit::value::Placeholder::<
                                    id,
                                >::fill_alone(__v0, __w.segment_expansion(), "id");
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
                                );
                                __w.finish()
                            })
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
        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        fn from_url(__url: &str) -> ::core::result::Result<Self, ::urlkit::RouteError> {
            let __w = ::urlkit::__private::route::Walk::new(__url, "Api")?;
            let mut __miss = ::urlkit::__private::route::Miss::default();
            let __root = __w.root();
            if let ::core::option::Option::Some(__p0) = __w.after(__root) {
                match __w.byte(__p0) {
                    b'u' => {
                        if let ::core::option::Option::Some(__s0) = __w
                            .literal(__p0, b"users")
                        {
                            if let ::core::option::Option::Some(__p1) = __w.after(__s0) {
                                match __w.byte(__p1) {
                                    b'm' => {
                                        if let ::core::option::Option::Some(__s1) = __w
                                            .literal(__p1, b"me")
                                        {
                                            if __w.ends(__s1) {
                                                let __t = __w.finish(__s1)?;
                                                return ::core::result::Result::Ok(Self::Me {});
                                            }
                                        }
                                    }
                                    _ => {}
                                }
                                {
                                    let __s1 = __w.segment(__p1);
                                    if !__s1.is_empty() {
                                        if __w.ends(__s1) {
                                            let __t = __w.finish(__s1)?;
                                            __t.check_keys()?;
                                            return ::core::result::Result::Ok({
                                                let __keys = __t.keys(&["tab"], false);
                                                Self::User {
                                                    id: <u64 as ::urlkit::route::RouteField<
                                                        id,
                                                    >>::segment(
                                                        &__t,
                                                        __s1,
                                                        &::urlkit::__private::route::Field {
                                                            route: "Api::User",
                                                            name: "id",
                                                            prefix: 0usize,
                                                            suffix: 0usize,
                                                            key: "",
                                                        },
                                                    )?,
                                                    tab: <Option<
                                                        String,
                                                    > as ::urlkit::route::RouteField<
                                                        tab,
                                                    >>::key(
                                                        &__t,
                                                        __keys[0usize],
                                                        &::urlkit::__private::route::Field {
                                                            route: "Api::User",
                                                            name: "tab",
                                                            prefix: 0usize,
                                                            suffix: 0usize,
                                                            key: "tab",
                                                        },
                                                    )?,
                                                }
                                            });
                                        }
                                    }
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
            ::core::result::Result::Err(__w.miss(&__miss, ::core::option::Option::None))
        }
    }
};
