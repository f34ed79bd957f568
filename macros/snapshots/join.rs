// url!(API, "users/{id}/posts")
fn expansion() {
    let _ = match (&(API), &(id)) {
        (__base, __v1) => {
            use ::urlkit as __urlkit;
            struct id {}
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
                let mut __w = __urlkit::__private::Writer::with_base(
                    __urlkit::value::Base::base_url(__base),
                    true,
                    13usize + __urlkit::value::Placeholder::<id>::hint(__v1),
                );
                __w.path_start(false);
                __w.text("/users/");
                __urlkit::value::Placeholder::<
                    id,
                >::fill_alone(__v1, &mut __w, __urlkit::__private::Spot::Segment, "id");
                __w.text("/posts");
                __w.finish()
            })
        }
    };
}
