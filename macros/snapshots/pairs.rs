// url!("http://{host}:{port}/search?q={q}&lang={lang:2}", "lang" = locale)
fn expansion() {
    let _ = match (&(locale), &(host), &(port), &(q)) {
        (__v0, __v1, __v2, __v3) => {
            use ::urlkit as __urlkit;
            struct host {}
            struct port {}
            struct q {}
            struct lang {}
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
                    23usize + __urlkit::value::Placeholder::<host>::hint(__v1)
                        + __urlkit::value::Port::<port>::hint(__v2)
                        + __urlkit::value::Placeholder::<q>::hint(__v3)
                        + __urlkit::value::Prefixed::<lang>::hint(__v0),
                );
                __w.text("http://");
                __urlkit::value::Placeholder::<
                    host,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    __urlkit::__private::Spot::Expand(
                        __urlkit::__private::Operator::Simple,
                        __urlkit::__private::Context::Host {
                            whole: true,
                        },
                    ),
                    "host",
                );
                __urlkit::value::Port::<
                    port,
                >::fill_alone(__v2, &mut __w, __urlkit::__private::Spot::Port, "port");
                __w.text("/search");
                __w.query_start();
                __urlkit::value::Placeholder::<
                    q,
                >::fill_pair(
                    __v3,
                    &mut __w,
                    "q",
                    false,
                    "q",
                    __urlkit::__private::Modifier::None,
                );
                __urlkit::value::Prefixed::<
                    lang,
                >::fill_pair(
                    __v0,
                    &mut __w,
                    "lang",
                    false,
                    "lang",
                    __urlkit::__private::Modifier::Prefix(2u16),
                );
                __w.finish()
            })
        }
    };
}
