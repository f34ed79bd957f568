// url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}", state = "open", labels = ["A-macros", "C-bug"], page = Some(2))
fn expansion() {
    let _ = match (&("open"), &(["A-macros", "C-bug"]), &(Some(2)), &(owner), &(repo)) {
        (__v0, __v1, __v2, __v3, __v4) => {
            use ::urlkit as __urlkit;
            struct owner {}
            struct repo {}
            struct state {}
            struct labels {}
            struct page {}
            #[inline(always)]
            fn url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template<
                F: __urlkit::__private::core::ops::FnOnce(
                    ) -> __urlkit::__private::core::result::Result<
                            __urlkit::Url,
                            __urlkit::ExpandError,
                        >,
            >(
                build: F,
            ) -> __urlkit::__private::core::result::Result<
                __urlkit::Url,
                __urlkit::ExpandError,
            > {
                build()
            }
            url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(|| {
                let mut __w = __urlkit::__private::Writer::with_capacity(
                    37usize + __urlkit::value::Placeholder::<owner>::hint(__v3)
                        + __urlkit::value::Placeholder::<repo>::hint(__v4)
                        + __urlkit::value::Placeholder::<state>::hint(__v0)
                        + __urlkit::value::Placeholder::<labels>::hint(__v1)
                        + __urlkit::value::Placeholder::<page>::hint(__v2),
                );
                __w.text("https://api.github.com/repos/");
                __urlkit::value::Placeholder::<
                    owner,
                >::fill_alone(
                    __v3,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    "owner",
                );
                __w.text("/");
                __urlkit::value::Placeholder::<
                    repo,
                >::fill_alone(
                    __v4,
                    &mut __w,
                    __urlkit::__private::Spot::Segment,
                    "repo",
                );
                __w.text("/issues");
                __w.query_start();
                {
                    let __s = __urlkit::__private::Spot::Expand(
                        __urlkit::__private::Operator::Query,
                        __urlkit::__private::Context::QueryPairs,
                    );
                    let mut __e = __w.expansion_at(__s);
                    __urlkit::value::Placeholder::<
                        state,
                    >::fill(
                        __v0,
                        &mut __e,
                        __s,
                        "state",
                        __urlkit::__private::Modifier::None,
                    );
                    __urlkit::value::Placeholder::<
                        labels,
                    >::fill(
                        __v1,
                        &mut __e,
                        __s,
                        "labels",
                        __urlkit::__private::Modifier::None,
                    );
                    __urlkit::value::Placeholder::<
                        page,
                    >::fill(
                        __v2,
                        &mut __e,
                        __s,
                        "page",
                        __urlkit::__private::Modifier::None,
                    );
                    __e.finish_at(__s);
                }
                __w.finish()
            })
        }
    };
}
