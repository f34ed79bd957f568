// #[derive(Route)]
// enum Files {
//     #[route("/files{/path*}")]
//     Tree { path: Vec<String> },
//     #[route("/raw/{name}.txt?token={token}")]
//     Raw { name: String, token: String },
// }
const _: () = {
    struct __Fields;
    #[allow(non_camel_case_types)]
    trait __FieldNames {
        type path;
        type name;
        type token;
    }
    #[allow(non_snake_case, dead_code, non_local_definitions)]
    fn Files() {
        #[allow(non_camel_case_types, dead_code)]
        struct path {}
        #[allow(non_camel_case_types, dead_code)]
        struct name {}
        #[allow(non_camel_case_types, dead_code)]
        struct token {}
        impl __FieldNames for __Fields {
            type path = path;
            type name = name;
            type token = token;
        }
    }
    #[allow(non_camel_case_types)]
    type path = <__Fields as __FieldNames>::path;
    #[allow(non_camel_case_types)]
    type name = <__Fields as __FieldNames>::name;
    #[allow(non_camel_case_types)]
    type token = <__Fields as __FieldNames>::token;
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
                b'f' => {
                    if let ::urlkit::__private::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"files")
                    {
                        {
                            return __w.found_rest(0usize, __s0, [__s0]);
                        }
                    }
                }
                b'r' => {
                    if let ::urlkit::__private::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"raw")
                    {
                        if let ::urlkit::__private::core::option::Option::Some(__p1) = __w
                            .after(__s0)
                        {
                            {
                                let __s1 = __w.segment(__p1);
                                if __w.affixed(__s1, "", ".txt") {
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
                                        {
                                            const RULE: ::urlkit::__private::route::Rule = ::urlkit::__private::route::Rule {
                                                route: "Files::Raw",
                                                query: ::urlkit::__private::route::Pattern {
                                                    segments: &[],
                                                    tail: ::urlkit::__private::route::Tail::None,
                                                    pairs: &[],
                                                    keys: &[
                                                        ::urlkit::__private::route::Key {
                                                            name: "token",
                                                            required: true,
                                                        },
                                                    ],
                                                    deny_unknown: false,
                                                },
                                                key_fields: &["token"],
                                            };
                                            match __t.check(&RULE) {
                                                ::urlkit::__private::core::result::Result::Ok(()) => {
                                                    return ::urlkit::__private::core::result::Result::Ok((
                                                        1usize,
                                                        __t,
                                                        [__s1],
                                                    ));
                                                }
                                                ::urlkit::__private::core::result::Result::Err(__m) => {
                                                    __miss.note(&RULE, __m)
                                                }
                                            }
                                        }
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
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_0(
        __f0: &Vec<String>,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        Vec<String>: ::urlkit::route::RouteField<path>,
    {
        __url_0(__f0, ["/", "files", "path"], [6usize])
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_1(
        __f0: &String,
        __f1: &String,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<name>,
        String: ::urlkit::route::RouteField<token>,
    {
        __url_1(__f0, __f1, ["/raw/", "name", ".txt", "token", "token"], [16usize])
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
        __f0: &Vec<String>,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 3usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        Vec<String>: ::urlkit::route::RouteField<path>,
    {
        match (&(*__f0),) {
            (__v0,) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<path>::hint(__v0),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __w.segment_start();
                __w.text(__texts[1]);
                __urlkit::route::RouteField::<
                    path,
                >::fill_alone_modified(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Expand(
                        __urlkit::__private::Operator::Path,
                        __urlkit::__private::Context::Path,
                    ),
                    __texts[2],
                    __urlkit::__private::Modifier::Explode,
                );
                __w.segment_end(false);
                __w.finish()
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
    fn __url_1(
        __f0: &String,
        __f1: &String,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 5usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<name>,
        String: ::urlkit::route::RouteField<token>,
    {
        match (&(*__f0), &(*__f1)) {
            (__v0, __v1) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<name>::hint(__v0)
                        + __urlkit::route::RouteField::<token>::hint(__v1),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __w.segment_start();
                __urlkit::route::RouteField::<
                    name,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Expand(
                        __urlkit::__private::Operator::Simple,
                        __urlkit::__private::Context::Path,
                    ),
                    __texts[1],
                );
                __w.text(__texts[2]);
                __w.segment_end(false);
                __w.query_start();
                __urlkit::route::RouteField::<
                    token,
                >::fill_pair(
                    __v1,
                    &mut __w,
                    __texts[3],
                    false,
                    __texts[4],
                    __urlkit::__private::Modifier::None,
                );
                __w.finish()
            }
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_0(__r0: Vec<String>) -> Files {
        Files::Tree { path: __r0 }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_1(__r0: String, __r1: String) -> Files {
        Files::Raw {
            name: __r0,
            token: __r1,
        }
    }
    #[allow(unreachable_code, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __read_0(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 1usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __new: fn(Vec<String>) -> Files,
    ) -> ::urlkit::__private::core::result::Result<Files, ::urlkit::RouteError>
    where
        Vec<String>: ::urlkit::route::RouteField<path>,
    {
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <Vec<
                    String,
                > as ::urlkit::route::RouteField<
                    path,
                >>::tail(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
            ),
        )
    }
    #[allow(unreachable_code, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __read_1(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 1usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __names: &[&'static ::urlkit::__private::core::primitive::str; 1usize],
        __new: fn(String, String) -> Files,
    ) -> ::urlkit::__private::core::result::Result<Files, ::urlkit::RouteError>
    where
        String: ::urlkit::route::RouteField<name>,
        String: ::urlkit::route::RouteField<token>,
    {
        let __keys = __t.keys(__names, false);
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <String as ::urlkit::route::RouteField<
                    name,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <String as ::urlkit::route::RouteField<
                    token,
                >>::key(&__t, __keys[0usize], &__FIELDS[__first + 1usize]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
            ),
        )
    }
    static __FIELDS: [::urlkit::__private::route::Field; 3usize] = [
        ::urlkit::__private::route::Field {
            route: "Files::Tree",
            name: "path",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Files::Raw",
            name: "name",
            prefix: 0usize,
            suffix: 4usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Files::Raw",
            name: "token",
            prefix: 0usize,
            suffix: 0usize,
            key: "token",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
    ];
    impl ::urlkit::Route for Files
    where
        Vec<String>: ::urlkit::route::RouteField<path>,
        String: ::urlkit::route::RouteField<name>,
        String: ::urlkit::route::RouteField<token>,
    {
        const TEMPLATES: &'static [&'static ::urlkit::__private::core::primitive::str] = &[
            "/files{/path*}",
            "/raw/{name}.txt?token={token}",
        ];
        const SHAPES: &'static [::urlkit::route::RouteShape] = &[
            ::urlkit::__private::route::described(
                ::urlkit::__private::route::shape(
                    "/files{/path*}",
                    ::urlkit::__private::core::option::Option::Some("Tree"),
                    &[
                        ::urlkit::route::Segment::Static("files"),
                        ::urlkit::route::Segment::Rest {
                            field: "path",
                        },
                    ],
                    &[],
                ),
                "",
                &[
                    ::urlkit::__private::route::field(
                        "path",
                        <Vec<String> as ::urlkit::route::RouteField<path>>::VALUE_TYPE,
                        "",
                        false,
                    ),
                ],
            ),
            ::urlkit::__private::route::described(
                ::urlkit::__private::route::shape(
                    "/raw/{name}.txt?token={token}",
                    ::urlkit::__private::core::option::Option::Some("Raw"),
                    &[
                        ::urlkit::route::Segment::Static("raw"),
                        ::urlkit::route::Segment::Value {
                            prefix: "",
                            field: "name",
                            suffix: ".txt",
                        },
                    ],
                    &[
                        ::urlkit::route::QueryParam::Value {
                            key: "token",
                            field: "token",
                            arity: ::urlkit::route::Arity::One,
                        },
                    ],
                ),
                "",
                &[
                    ::urlkit::__private::route::field(
                        "name",
                        <String as ::urlkit::route::RouteField<name>>::VALUE_TYPE,
                        "",
                        false,
                    ),
                    ::urlkit::__private::route::field(
                        "token",
                        <String as ::urlkit::route::RouteField<token>>::VALUE_TYPE,
                        "",
                        false,
                    ),
                ],
            ),
        ];
        fn template(&self) -> &'static ::urlkit::__private::core::primitive::str {
            match self {
                Self::Tree { .. } => "/files{/path*}",
                Self::Raw { .. } => "/raw/{name}.txt?token={token}",
            }
        }
        fn to_url(
            &self,
        ) -> ::urlkit::__private::core::result::Result<
            ::urlkit::Url,
            ::urlkit::ExpandError,
        > {
            match self {
                Self::Tree { path: __f0, .. } => __to_url_0(__f0),
                Self::Raw { name: __f0, token: __f1, .. } => __to_url_1(__f0, __f1),
            }
        }
        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        fn from_url(
            __url: &::urlkit::__private::core::primitive::str,
        ) -> ::urlkit::__private::core::result::Result<Self, ::urlkit::RouteError> {
            let __w = ::urlkit::__private::route::Walk::new(__url, "Files")?;
            match __walk(&__w) {
                ::urlkit::__private::core::result::Result::Ok((__n, __t, __at)) => {
                    match __n {
                        0usize => __read_0(__t, __at, 0usize, __new_0),
                        _ => __read_1(__t, __at, 1usize, &["token"], __new_1),
                    }
                }
                ::urlkit::__private::core::result::Result::Err(e) => {
                    ::urlkit::__private::core::result::Result::Err(e)
                }
            }
        }
    }
};
