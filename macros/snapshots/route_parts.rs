// #[derive(Route)]
// enum Repo {
//     #[route(get, "/repos/{owner}/{repo}")]
//     Get { owner: String, repo: String },
//     #[route(delete, "/repos/{owner}/{repo}")]
//     Delete { owner: String, repo: String },
//     #[route(get, "/repos/{owner}/{repo}/issues?state={state}")]
//     Issues { owner: String, repo: String, state: String },
//     #[route(get, "/repos/{owner}/{repo}/issues/{number}")]
//     Issue { owner: String, repo: String, number: u64 },
//     #[route(get, "/users/{user}")]
//     User { user: String },
// }
const _: () = {
    struct __Fields;
    #[allow(non_camel_case_types)]
    trait __FieldNames {
        type owner;
        type repo;
        type state;
        type number;
        type user;
    }
    #[allow(non_snake_case, dead_code, non_local_definitions)]
    fn Repo() {
        #[allow(non_camel_case_types, dead_code)]
        struct owner {}
        #[allow(non_camel_case_types, dead_code)]
        struct repo {}
        #[allow(non_camel_case_types, dead_code)]
        struct state {}
        #[allow(non_camel_case_types, dead_code)]
        struct number {}
        #[allow(non_camel_case_types, dead_code)]
        struct user {}
        impl __FieldNames for __Fields {
            type owner = owner;
            type repo = repo;
            type state = state;
            type number = number;
            type user = user;
        }
    }
    #[allow(non_camel_case_types)]
    type owner = <__Fields as __FieldNames>::owner;
    #[allow(non_camel_case_types)]
    type repo = <__Fields as __FieldNames>::repo;
    #[allow(non_camel_case_types)]
    type state = <__Fields as __FieldNames>::state;
    #[allow(non_camel_case_types)]
    type number = <__Fields as __FieldNames>::number;
    #[allow(non_camel_case_types)]
    type user = <__Fields as __FieldNames>::user;
    #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __walk<'i>(
        __w: &::urlkit::__private::route::Walk<'i>,
    ) -> ::urlkit::__private::core::result::Result<
        (
            ::urlkit::__private::core::primitive::usize,
            ::urlkit::__private::route::Target<'i>,
            [::urlkit::__private::route::SegmentSpan; 3usize],
        ),
        ::urlkit::RouteError,
    > {
        let mut __miss: ::urlkit::__private::route::Miss<'i> = ::urlkit::__private::core::default::Default::default();
        let __root = __w.root();
        if let ::urlkit::__private::core::option::Option::Some(__p0) = __w.after(__root)
        {
            match __w.byte(__p0) {
                b'r' => {
                    if let ::urlkit::__private::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"repos")
                    {
                        if let ::urlkit::__private::core::option::Option::Some(__p1) = __w
                            .after(__s0)
                        {
                            {
                                let __s1 = __w.segment(__p1);
                                if !__s1.is_empty() {
                                    if let ::urlkit::__private::core::option::Option::Some(
                                        __p2,
                                    ) = __w.after(__s1)
                                    {
                                        {
                                            let __s2 = __w.segment(__p2);
                                            if !__s2.is_empty() {
                                                if __w.ends(__s2) {
                                                    let __t = match __w.finish(__s2) {
                                                        ::urlkit::__private::core::result::Result::Ok(__t) => __t,
                                                        ::urlkit::__private::core::result::Result::Err(__e) => {
                                                            return ::urlkit::__private::core::result::Result::Err(__e);
                                                        }
                                                    };
                                                    if __w.takes(1u16) {
                                                        return ::urlkit::__private::core::result::Result::Ok((
                                                            0usize,
                                                            __t,
                                                            [__s1, __s2, __root],
                                                        ));
                                                    }
                                                    __miss.refuse(1u16);
                                                    if __w.takes(16u16) {
                                                        return ::urlkit::__private::core::result::Result::Ok((
                                                            1usize,
                                                            __t,
                                                            [__s1, __s2, __root],
                                                        ));
                                                    }
                                                    __miss.refuse(16u16);
                                                }
                                                if let ::urlkit::__private::core::option::Option::Some(
                                                    __p3,
                                                ) = __w.after(__s2)
                                                {
                                                    match __w.byte(__p3) {
                                                        b'i' => {
                                                            if let ::urlkit::__private::core::option::Option::Some(
                                                                __s3,
                                                            ) = __w.literal(__p3, b"issues")
                                                            {
                                                                if __w.ends(__s3) {
                                                                    let __t = match __w.finish(__s3) {
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
                                                                            route: "Repo::Issues",
                                                                            query: ::urlkit::__private::route::Pattern {
                                                                                segments: &[],
                                                                                tail: ::urlkit::__private::route::Tail::None,
                                                                                pairs: &[],
                                                                                keys: &[
                                                                                    ::urlkit::__private::route::Key {
                                                                                        name: "state",
                                                                                        required: true,
                                                                                    },
                                                                                ],
                                                                                deny_unknown: false,
                                                                            },
                                                                            key_fields: &["state"],
                                                                        };
                                                                        match __t.check(&RULE) {
                                                                            ::urlkit::__private::core::result::Result::Ok(()) => {
                                                                                if __w.takes(1u16) {
                                                                                    return ::urlkit::__private::core::result::Result::Ok((
                                                                                        2usize,
                                                                                        __t,
                                                                                        [__s1, __s2, __root],
                                                                                    ));
                                                                                }
                                                                                __miss.refuse(1u16);
                                                                            }
                                                                            ::urlkit::__private::core::result::Result::Err(__m) => {
                                                                                __miss.note(&RULE, __m)
                                                                            }
                                                                        }
                                                                    }
                                                                }
                                                                if let ::urlkit::__private::core::option::Option::Some(
                                                                    __p4,
                                                                ) = __w.after(__s3)
                                                                {
                                                                    {
                                                                        let __s4 = __w.segment(__p4);
                                                                        if !__s4.is_empty() {
                                                                            if __w.ends(__s4) {
                                                                                let __t = match __w.finish(__s4) {
                                                                                    ::urlkit::__private::core::result::Result::Ok(__t) => __t,
                                                                                    ::urlkit::__private::core::result::Result::Err(__e) => {
                                                                                        return ::urlkit::__private::core::result::Result::Err(__e);
                                                                                    }
                                                                                };
                                                                                if __w.takes(1u16) {
                                                                                    return ::urlkit::__private::core::result::Result::Ok((
                                                                                        3usize,
                                                                                        __t,
                                                                                        [__s1, __s2, __s4],
                                                                                    ));
                                                                                }
                                                                                __miss.refuse(1u16);
                                                                            }
                                                                        }
                                                                    }
                                                                }
                                                            }
                                                        }
                                                        _ => {}
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                b'u' => {
                    if let ::urlkit::__private::core::option::Option::Some(__s0) = __w
                        .literal(__p0, b"users")
                    {
                        if let ::urlkit::__private::core::option::Option::Some(__p1) = __w
                            .after(__s0)
                        {
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
                                        if __w.takes(1u16) {
                                            return ::urlkit::__private::core::result::Result::Ok((
                                                4usize,
                                                __t,
                                                [__s1, __root, __root],
                                            ));
                                        }
                                        __miss.refuse(1u16);
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
        __f0: &String,
        __f1: &String,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
    {
        __url_0(__f0, __f1, ["/repos/", "owner", "/", "repo"], [8usize])
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
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
    {
        __url_0(__f0, __f1, ["/repos/", "owner", "/", "repo"], [8usize])
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_2(
        __f0: &String,
        __f1: &String,
        __f2: &String,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        String: ::urlkit::route::RouteField<state>,
    {
        __url_1(
            __f0,
            __f1,
            __f2,
            ["/repos/", "owner", "/", "repo", "/issues", "state", "state"],
            [22usize],
        )
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_3(
        __f0: &String,
        __f1: &String,
        __f2: &u64,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        u64: ::urlkit::route::RouteField<number>,
    {
        __url_2(
            __f0,
            __f1,
            __f2,
            ["/repos/", "owner", "/", "repo", "/issues/", "number"],
            [16usize],
        )
    }
    #[allow(
        clippy::ptr_arg,
        clippy::ref_option,
        clippy::too_many_arguments,
        clippy::trivially_copy_pass_by_ref
    )]
    fn __to_url_4(
        __f0: &String,
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<user>,
    {
        __url_3(__f0, ["/users/", "user"], [7usize])
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
        __f0: &String,
        __f1: &String,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 4usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
    {
        match (&(*__f0), &(*__f1)) {
            (__v0, __v1) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<owner>::hint(__v0)
                        + __urlkit::route::RouteField::<repo>::hint(__v1),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __urlkit::route::RouteField::<
                    owner,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[1],
                );
                __w.text(__texts[2]);
                __urlkit::route::RouteField::<
                    repo,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[3],
                );
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
        __f2: &String,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 7usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        String: ::urlkit::route::RouteField<state>,
    {
        match (&(*__f0), &(*__f1), &(*__f2)) {
            (__v0, __v1, __v2) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<owner>::hint(__v0)
                        + __urlkit::route::RouteField::<repo>::hint(__v1)
                        + __urlkit::route::RouteField::<state>::hint(__v2),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __urlkit::route::RouteField::<
                    owner,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[1],
                );
                __w.text(__texts[2]);
                __urlkit::route::RouteField::<
                    repo,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[3],
                );
                __w.text(__texts[4]);
                __w.query_start();
                __urlkit::route::RouteField::<
                    state,
                >::fill_pair(
                    __v2,
                    &mut __w,
                    __texts[5],
                    false,
                    __texts[6],
                    __urlkit::__private::Modifier::None,
                );
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
    fn __url_2(
        __f0: &String,
        __f1: &String,
        __f2: &u64,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 6usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        u64: ::urlkit::route::RouteField<number>,
    {
        match (&(*__f0), &(*__f1), &(*__f2)) {
            (__v0, __v1, __v2) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<owner>::hint(__v0)
                        + __urlkit::route::RouteField::<repo>::hint(__v1)
                        + __urlkit::route::RouteField::<number>::hint(__v2),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __urlkit::route::RouteField::<
                    owner,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[1],
                );
                __w.text(__texts[2]);
                __urlkit::route::RouteField::<
                    repo,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[3],
                );
                __w.text(__texts[4]);
                __urlkit::route::RouteField::<
                    number,
                >::fill_alone(
                    __v2,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[5],
                );
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
    fn __url_3(
        __f0: &String,
        __texts: [&'static ::urlkit::__private::core::primitive::str; 2usize],
        __lengths: [::urlkit::__private::core::primitive::usize; 1usize],
    ) -> ::urlkit::__private::core::result::Result<::urlkit::Url, ::urlkit::ExpandError>
    where
        String: ::urlkit::route::RouteField<user>,
    {
        match (&(*__f0),) {
            (__v0,) => {
                use ::urlkit as __urlkit;
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    __lengths[0] + __urlkit::route::RouteField::<user>::hint(__v0),
                );
                __w.path_start(false);
                __w.text(__texts[0]);
                __urlkit::route::RouteField::<
                    user,
                >::fill_alone(
                    __v0,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    __texts[1],
                );
                __w.finish()
            }
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_0(__r0: String, __r1: String) -> Repo {
        Repo::Get {
            owner: __r0,
            repo: __r1,
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_1(__r0: String, __r1: String) -> Repo {
        Repo::Delete {
            owner: __r0,
            repo: __r1,
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_2(__r0: String, __r1: String, __r2: String) -> Repo {
        Repo::Issues {
            owner: __r0,
            repo: __r1,
            state: __r2,
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_3(__r0: String, __r1: String, __r2: u64) -> Repo {
        Repo::Issue {
            owner: __r0,
            repo: __r1,
            number: __r2,
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn __new_4(__r0: String) -> Repo {
        Repo::User { user: __r0 }
    }
    #[allow(unreachable_code, unused_variables, clippy::needless_return)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __read_0(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 3usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __new: fn(String, String) -> Repo,
    ) -> ::urlkit::__private::core::result::Result<Repo, ::urlkit::RouteError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
    {
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <String as ::urlkit::route::RouteField<
                    owner,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <String as ::urlkit::route::RouteField<
                    repo,
                >>::segment(&__t, __at[1usize], &__FIELDS[__first + 1usize]) {
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
        __at: [::urlkit::__private::route::SegmentSpan; 3usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __names: &[&'static ::urlkit::__private::core::primitive::str; 1usize],
        __new: fn(String, String, String) -> Repo,
    ) -> ::urlkit::__private::core::result::Result<Repo, ::urlkit::RouteError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        String: ::urlkit::route::RouteField<state>,
    {
        let __keys = __t.keys(__names, false);
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <String as ::urlkit::route::RouteField<
                    owner,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <String as ::urlkit::route::RouteField<
                    repo,
                >>::segment(&__t, __at[1usize], &__FIELDS[__first + 1usize]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <String as ::urlkit::route::RouteField<
                    state,
                >>::key(&__t, __keys[0usize], &__FIELDS[__first + 2usize]) {
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
    fn __read_2(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 3usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __new: fn(String, String, u64) -> Repo,
    ) -> ::urlkit::__private::core::result::Result<Repo, ::urlkit::RouteError>
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        u64: ::urlkit::route::RouteField<number>,
    {
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <String as ::urlkit::route::RouteField<
                    owner,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <String as ::urlkit::route::RouteField<
                    repo,
                >>::segment(&__t, __at[1usize], &__FIELDS[__first + 1usize]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
                match <u64 as ::urlkit::route::RouteField<
                    number,
                >>::segment(&__t, __at[2usize], &__FIELDS[__first + 2usize]) {
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
    fn __read_3(
        __t: ::urlkit::__private::route::Target<'_>,
        __at: [::urlkit::__private::route::SegmentSpan; 3usize],
        __first: ::urlkit::__private::core::primitive::usize,
        __new: fn(String) -> Repo,
    ) -> ::urlkit::__private::core::result::Result<Repo, ::urlkit::RouteError>
    where
        String: ::urlkit::route::RouteField<user>,
    {
        ::urlkit::__private::core::result::Result::Ok(
            __new(
                match <String as ::urlkit::route::RouteField<
                    user,
                >>::segment(&__t, __at[0usize], &__FIELDS[__first]) {
                    ::urlkit::__private::core::result::Result::Ok(__v) => __v,
                    ::urlkit::__private::core::result::Result::Err(__e) => {
                        return ::urlkit::__private::core::result::Result::Err(__e);
                    }
                },
            ),
        )
    }
    static __FIELDS: [::urlkit::__private::route::Field; 11usize] = [
        ::urlkit::__private::route::Field {
            route: "Repo::Get",
            name: "owner",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Get",
            name: "repo",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Delete",
            name: "owner",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Delete",
            name: "repo",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issues",
            name: "owner",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issues",
            name: "repo",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issues",
            name: "state",
            prefix: 0usize,
            suffix: 0usize,
            key: "state",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issue",
            name: "owner",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issue",
            name: "repo",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::Issue",
            name: "number",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
        ::urlkit::__private::route::Field {
            route: "Repo::User",
            name: "user",
            prefix: 0usize,
            suffix: 0usize,
            key: "",
            joined: ::urlkit::__private::core::option::Option::None,
            empty_is_absent: false,
            matrix: false,
        },
    ];
    impl ::urlkit::Route for Repo
    where
        String: ::urlkit::route::RouteField<owner>,
        String: ::urlkit::route::RouteField<repo>,
        String: ::urlkit::route::RouteField<state>,
        u64: ::urlkit::route::RouteField<number>,
        String: ::urlkit::route::RouteField<user>,
    {
        const TEMPLATES: &'static [&'static ::urlkit::__private::core::primitive::str] = &[
            "/repos/{owner}/{repo}",
            "/repos/{owner}/{repo}",
            "/repos/{owner}/{repo}/issues?state={state}",
            "/repos/{owner}/{repo}/issues/{number}",
            "/users/{user}",
        ];
        const SHAPES: &'static [::urlkit::route::RouteShape] = &[
            ::urlkit::__private::route::with_methods(
                ::urlkit::__private::route::described(
                    ::urlkit::__private::route::shape(
                        "/repos/{owner}/{repo}",
                        ::urlkit::__private::core::option::Option::Some("Get"),
                        &[
                            ::urlkit::route::Segment::Static("repos"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "owner",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "repo",
                                suffix: "",
                            },
                        ],
                        &[],
                    ),
                    "",
                    &[
                        ::urlkit::__private::route::field(
                            "owner",
                            <String as ::urlkit::route::RouteField<owner>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "repo",
                            <String as ::urlkit::route::RouteField<repo>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                    ],
                ),
                &[::urlkit::route::Method::Get],
            ),
            ::urlkit::__private::route::with_methods(
                ::urlkit::__private::route::described(
                    ::urlkit::__private::route::shape(
                        "/repos/{owner}/{repo}",
                        ::urlkit::__private::core::option::Option::Some("Delete"),
                        &[
                            ::urlkit::route::Segment::Static("repos"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "owner",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "repo",
                                suffix: "",
                            },
                        ],
                        &[],
                    ),
                    "",
                    &[
                        ::urlkit::__private::route::field(
                            "owner",
                            <String as ::urlkit::route::RouteField<owner>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "repo",
                            <String as ::urlkit::route::RouteField<repo>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                    ],
                ),
                &[::urlkit::route::Method::Delete],
            ),
            ::urlkit::__private::route::with_methods(
                ::urlkit::__private::route::described(
                    ::urlkit::__private::route::shape(
                        "/repos/{owner}/{repo}/issues?state={state}",
                        ::urlkit::__private::core::option::Option::Some("Issues"),
                        &[
                            ::urlkit::route::Segment::Static("repos"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "owner",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "repo",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Static("issues"),
                        ],
                        &[
                            ::urlkit::route::QueryParam::Value {
                                key: "state",
                                field: "state",
                                arity: ::urlkit::route::Arity::One,
                            },
                        ],
                    ),
                    "",
                    &[
                        ::urlkit::__private::route::field(
                            "owner",
                            <String as ::urlkit::route::RouteField<owner>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "repo",
                            <String as ::urlkit::route::RouteField<repo>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "state",
                            <String as ::urlkit::route::RouteField<state>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                    ],
                ),
                &[::urlkit::route::Method::Get],
            ),
            ::urlkit::__private::route::with_methods(
                ::urlkit::__private::route::described(
                    ::urlkit::__private::route::shape(
                        "/repos/{owner}/{repo}/issues/{number}",
                        ::urlkit::__private::core::option::Option::Some("Issue"),
                        &[
                            ::urlkit::route::Segment::Static("repos"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "owner",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "repo",
                                suffix: "",
                            },
                            ::urlkit::route::Segment::Static("issues"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "number",
                                suffix: "",
                            },
                        ],
                        &[],
                    ),
                    "",
                    &[
                        ::urlkit::__private::route::field(
                            "owner",
                            <String as ::urlkit::route::RouteField<owner>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "repo",
                            <String as ::urlkit::route::RouteField<repo>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                        ::urlkit::__private::route::field(
                            "number",
                            <u64 as ::urlkit::route::RouteField<number>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                    ],
                ),
                &[::urlkit::route::Method::Get],
            ),
            ::urlkit::__private::route::with_methods(
                ::urlkit::__private::route::described(
                    ::urlkit::__private::route::shape(
                        "/users/{user}",
                        ::urlkit::__private::core::option::Option::Some("User"),
                        &[
                            ::urlkit::route::Segment::Static("users"),
                            ::urlkit::route::Segment::Value {
                                prefix: "",
                                field: "user",
                                suffix: "",
                            },
                        ],
                        &[],
                    ),
                    "",
                    &[
                        ::urlkit::__private::route::field(
                            "user",
                            <String as ::urlkit::route::RouteField<user>>::VALUE_TYPE,
                            "",
                            false,
                        ),
                    ],
                ),
                &[::urlkit::route::Method::Get],
            ),
        ];
        fn template(&self) -> &'static ::urlkit::__private::core::primitive::str {
            match self {
                Self::Get { .. } => "/repos/{owner}/{repo}",
                Self::Delete { .. } => "/repos/{owner}/{repo}",
                Self::Issues { .. } => "/repos/{owner}/{repo}/issues?state={state}",
                Self::Issue { .. } => "/repos/{owner}/{repo}/issues/{number}",
                Self::User { .. } => "/users/{user}",
            }
        }
        fn to_url(
            &self,
        ) -> ::urlkit::__private::core::result::Result<
            ::urlkit::Url,
            ::urlkit::ExpandError,
        > {
            match self {
                Self::Get { owner: __f0, repo: __f1, .. } => __to_url_0(__f0, __f1),
                Self::Delete { owner: __f0, repo: __f1, .. } => __to_url_1(__f0, __f1),
                Self::Issues { owner: __f0, repo: __f1, state: __f2, .. } => {
                    __to_url_2(__f0, __f1, __f2)
                }
                Self::Issue { owner: __f0, repo: __f1, number: __f2, .. } => {
                    __to_url_3(__f0, __f1, __f2)
                }
                Self::User { user: __f0, .. } => __to_url_4(__f0),
            }
        }
        fn from_url(
            __url: &::urlkit::__private::core::primitive::str,
        ) -> ::urlkit::__private::core::result::Result<Self, ::urlkit::RouteError> {
            <Self as ::urlkit::Route>::from_url_for_methods(
                ::urlkit::__private::core::option::Option::None,
                __url,
            )
        }
        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        fn from_url_for_methods(
            __methods: ::urlkit::__private::core::option::Option<
                ::urlkit::route::Methods,
            >,
            __url: &::urlkit::__private::core::primitive::str,
        ) -> ::urlkit::__private::core::result::Result<Self, ::urlkit::RouteError> {
            let __w = ::urlkit::__private::route::Walk::for_methods(
                __url,
                "Repo",
                __methods,
            )?;
            match __walk(&__w) {
                ::urlkit::__private::core::result::Result::Ok((__n, __t, __at)) => {
                    match __n {
                        0usize => __read_0(__t, __at, 0usize, __new_0),
                        1usize => __read_0(__t, __at, 2usize, __new_1),
                        2usize => __read_1(__t, __at, 4usize, &["state"], __new_2),
                        3usize => __read_2(__t, __at, 7usize, __new_3),
                        _ => __read_3(__t, __at, 10usize, __new_4),
                    }
                }
                ::urlkit::__private::core::result::Result::Err(e) => {
                    ::urlkit::__private::core::result::Result::Err(e)
                }
            }
        }
        fn method(
            &self,
        ) -> ::urlkit::__private::core::option::Option<::urlkit::route::Method> {
            match self {
                Self::Get { .. } => {
                    ::urlkit::__private::core::option::Option::Some(
                        ::urlkit::route::Method::Get,
                    )
                }
                Self::Delete { .. } => {
                    ::urlkit::__private::core::option::Option::Some(
                        ::urlkit::route::Method::Delete,
                    )
                }
                Self::Issues { .. } => {
                    ::urlkit::__private::core::option::Option::Some(
                        ::urlkit::route::Method::Get,
                    )
                }
                Self::Issue { .. } => {
                    ::urlkit::__private::core::option::Option::Some(
                        ::urlkit::route::Method::Get,
                    )
                }
                Self::User { .. } => {
                    ::urlkit::__private::core::option::Option::Some(
                        ::urlkit::route::Method::Get,
                    )
                }
            }
        }
    }
};
