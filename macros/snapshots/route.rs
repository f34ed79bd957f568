// #[derive(Route)]
// enum Api {
//     #[route("/users/{id}{?tab}")]
//     User { id: u64, tab: Option<String> },
//     #[route("/users/me")]
//     Me,
// }
const _: () = {
    struct __Fields;
    #[allow(non_camel_case_types)]
    trait __FieldNames {
        type id;
        type tab;
    }
    #[allow(non_snake_case, dead_code, non_local_definitions)]
    fn Api() {
        #[allow(non_camel_case_types, dead_code)]
        struct id {}
        #[allow(non_camel_case_types, dead_code)]
        struct tab {}
        impl __FieldNames for __Fields {
            type id = id;
            type tab = tab;
        }
    }
    #[allow(non_camel_case_types)]
    type id = <__Fields as __FieldNames>::id;
    #[allow(non_camel_case_types)]
    type tab = <__Fields as __FieldNames>::tab;
    #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __walk<'i>(
        __w: &::urlkit::__private::route::Walk<'i>,
    ) -> ::urlkit::__private::core::result::Result<
        (
            ::urlkit::__private::core::primitive::usize,
            ::urlkit::__private::route::Target<'i>,
            [::urlkit::__private::route::SegmentSpan; 1usize],
        ),
        ::urlkit::RouteError,
    > {
        let mut __miss: ::urlkit::__private::route::Miss<'i> = ::urlkit::__private::core::default::Default::default();
        let __root = __w.root();
        if let ::urlkit::__private::core::option::Option::Some(__p0) = __w.after(__root)
        {
            match __w.byte(__p0) {
                b'u' => {
                    if let ::urlkit::__private::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"users")
                    {
                        if let ::urlkit::__private::core::option::Option::Some(__p1) = __w
                            .after(__s0)
                        {
                            match __w.byte(__p1) {
                                b'm' => {
                                    if let ::urlkit::__private::core::option::Option::Some(
                                        __s1,
                                    ) = __w.literal(__p1, b"me")
                                    {
                                        if __w.ends(__s1) {
                                            return __w.found(0usize, __s1, [__root]);
                                        }
                                    }
                                }
                                _ => {}
                            }
                            {
                                let __s1 = __w.segment(__p1);
                                if !__s1.is_empty() {
                                    if __w.ends(__s1) {
                                        let __t = match __w.finish(__s1) {
                                            ::urlkit::__private::core::result::Result::Ok(__t) => __t,
                                            ::urlkit::__private::core::result::Result::Err(__e) => {
                                                return ::urlkit::__private::core::result::Result::Err(__e);
                                            }
                                        };
                                        if let ::urlkit::__private::core::result::Result::Err(
                                            __e,
                                        ) = __t.check_keys()
                                        {
                                            return ::urlkit::__private::core::result::Result::Err(__e);
                                        }
                                        return ::urlkit::__private::core::result::Result::Ok((
                                            1usize,
                                            __t,
                                            [__s1],
                                        ));
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        ::urlkit::__private::core::result::Result::Err(
            __w.miss(&__miss, ::urlkit::__private::core::option::Option::None),
        )
    }
    /// The route `from_url` gives `url` to (its place in the order routes are tried).
    fn __which(
        __url: &::urlkit::__private::core::primitive::str,
    ) -> ::urlkit::__private::core::option::Option<
        ::urlkit::__private::core::primitive::usize,
    > {
        let __w = ::urlkit::__private::route::Walk::new(__url, "").ok()?;
        match __walk(&__w) {
            ::urlkit::__private::core::result::Result::Ok((__n, _, _)) => {
                ::urlkit::__private::core::option::Option::Some(__n)
            }
            ::urlkit::__private::core::result::Result::Err(_) => {
                ::urlkit::__private::core::option::Option::None
            }
        }
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_0(
        __f0: &u64,
        __f1: &Option<String>,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        u64: ::urlkit::route::RouteField<id>,
        Option<String>: ::urlkit::route::RouteField<tab>,
    {
        match __url_0(__f0, __f1, ["/users/", "id", "tab"], [7usize]) {
            ::urlkit::__private::core::result::Result::Ok(__built) => {
                match __which(__built.as_str()) {
                    ::urlkit::__private::core::option::Option::Some(0usize) => {
                        ::urlkit::__private::core::result::Result::Err(
                            ::urlkit::__private::route::parses_as(
                                "id",
                                "Api::Me",
                                "/users/me",
                            ),
                        )
                    }
                    _ => ::urlkit::__private::core::result::Result::Ok(__built),
                }
            }
            ::urlkit::__private::core::result::Result::Err(e) => {
                ::urlkit::__private::core::result::Result::Err(e)
            }
        }
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref,
        unused_variables
    )]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __url_0(
        __f0: &u64,
        __f1: &Option<String>,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 3usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        u64: ::urlkit::route::RouteField<id>,
        Option<String>: ::urlkit::route::RouteField<tab>,
    {
        match (&(*__f0), &(::urlkit::__private::route::SomeWrites(__f1))) {
            (__v0, __v1) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<id>::hint(__v0)
                        + __urlkit::value::Placeholder::<tab>::hint(__v1),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __urlkit::route::RouteField::<
                    id,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[1],
                );
                __w.query_start();
                __urlkit::value::Placeholder::<
                    tab,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    __urlkit::__private::Spot::Expand(
                        __urlkit::__private::Operator::Query,
                        __urlkit::__private::Context::QueryPairs,
                    ),
                    __texts[2],
                );
                __w.finish()
            }
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_1(__r0: u64, __r1: Option<String>) -> Api {
        Api::User { id: __r0, tab: __r1 }
    }
    #[allow(unreachable_code, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __read_0(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 1usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __names: &[&'static ::urlkit::__private::core::primitive::str; 1usize],
        __new: fn(u64, Option<String>) -> Api,
    ) -> ::urlkit::__private::core::result::Result<Api, ::urlkit::RouteError>
    where
        u64: ::urlkit::route::RouteField<id>,
        Option<String>: ::urlkit::route::RouteField<tab>,
    {
        let __keys = __t.keys(__names, false);
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <u64 as ::urlkit::route::RouteField<
                    id,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <Option<
                    String,
                > as ::urlkit::route::RouteField<
                    tab,
                >>::key(&__t, __keys[0usize], &__FIELDS[__first + 1usize]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
            ),
        )
    }
    static __FIELDS: [::urlkit::__private::route::Field; 2usize] = [
        ::urlkit::__private::route::Field {
            route: "Api::User",
            name: "id",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Api::User",
            name: "tab",
            prefix: 0usize,
            suffix: 0usize,
            key: "tab",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: true,
            matrix: false,
        },
    ];
    impl ::urlkit::Route for Api
    where
        u64: ::urlkit::route::RouteField<id>,
        Option<String>: ::urlkit::route::RouteField<tab>,
    {
        const TEMPLATES: &'static [&'static ::urlkit::__private::core::primitive::str] = &[
            "/users/{id}{?tab}",
            "/users/me",
        ];
        const SHAPES: &'static [::urlkit::route::RouteShape] = &[
            ::urlkit::__private::route::described(
                ::urlkit::__private::route::shape(
                    "/users/{id}{?tab}",
                    ::urlkit::__private::core::option::Option::Some("User"),
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
                "",
                &[
                    ::urlkit::__private::route::field(
                        "id",
                        <u64 as ::urlkit::route::RouteField<id>>::VALUE_TYPE,
                        "",
                        false,
                    ),
                    ::urlkit::__private::route::field(
                        "tab",
                        <Option<String> as ::urlkit::route::RouteField<tab>>::VALUE_TYPE,
                        "",
                        false,
                    ),
                ],
            ),
            ::urlkit::__private::route::described(
                ::urlkit::__private::route::shape(
                    "/users/me",
                    ::urlkit::__private::core::option::Option::Some("Me"),
                    &[
                        ::urlkit::route::Segment::Static("users"),
                        ::urlkit::route::Segment::Static("me"),
                    ],
                    &[],
                ),
                "",
                &[],
            ),
        ];
        fn template(&self) -> &'static ::urlkit::__private::core::primitive::str {
            match self {
                Self::User { .. } => "/users/{id}{?tab}",
                Self::Me { .. } => "/users/me",
            }
        }
        fn to_url(
            &self,
        ) -> ::urlkit::__private::core::result::Result<
            ::urlkit::Url,
            ::urlkit::ExpandError,
        > {
            match self {
                Self::User { id: __f0, tab: __f1, .. } => __to_url_0(__f0, __f1),
                Self::Me { .. } => {
                    ::urlkit::__private::core::result::Result::Ok(
                        ::urlkit::Url::__from_static("/users/me"),
                    )
                }
            }
        }
        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        fn from_url(
            __url: &::urlkit::__private::core::primitive::str,
        ) -> ::urlkit::__private::core::result::Result<Self, ::urlkit::RouteError> {
            let __w = ::urlkit::__private::route::Walk::new(__url, "Api")?;
            match __walk(&__w) {
                ::urlkit::__private::core::result::Result::Ok((__n, __t, __at)) => {
                    match __n {
                        0usize => {
                            ::urlkit::__private::core::result::Result::Ok(Api::Me {})
                        }
                        _ => __read_0(__t, __at, 0usize, &["tab"], __new_1),
                    }
                }
                ::urlkit::__private::core::result::Result::Err(e) => {
                    ::urlkit::__private::core::result::Result::Err(e)
                }
            }
        }
    }
};
