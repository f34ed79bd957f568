// url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}", state = "open", labels = ["A-macros", "C-bug"], page = Some(2))
fn expansion() {
    let _ = match (&("open"), &(["A-macros", "C-bug"]), &(Some(2)), &(owner), &(repo)) {
        (__v0, __v1, __v2, __v3, __v4) => {
            ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(||
            {
                struct owner {}
                struct repo {}
                struct state {}
                struct labels {}
                struct page {}
                use ::urlkit::{__private as __u, value::Placeholder as __Placeholder};
                let mut __w = __u::Writer::with_capacity(
                    37usize + __Placeholder::<owner>::hint(__v3)
                        + __Placeholder::<repo>::hint(__v4)
                        + __Placeholder::<state>::hint(__v0)
                        + __Placeholder::<labels>::hint(__v1)
                        + __Placeholder::<page>::hint(__v2),
                );
                __w.text("https://api.github.com/repos/");
                __Placeholder::<
                    owner,
                >::fill_alone(__v3, __w.segment_expansion(), "owner");
                __w.text("/");
                __Placeholder::<repo>::fill_alone(__v4, __w.segment_expansion(), "repo");
                __w.text("/issues");
                __w.query_start();
                {
                    let mut __e = __w
                        .expansion(__u::Operator::Query, __u::Context::QueryPairs);
                    __Placeholder::<
                        state,
                    >::fill(__v0, &mut __e, "state", __u::Modifier::None);
                    __Placeholder::<
                        labels,
                    >::fill(__v1, &mut __e, "labels", __u::Modifier::None);
                    __Placeholder::<
                        page,
                    >::fill(__v2, &mut __e, "page", __u::Modifier::None);
                    __e.finish();
                }
                __w.finish()
            })
        }
    };
}
