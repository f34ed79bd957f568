// url!("http://{host}:{port}/search?q={q}&lang={lang:2}", "lang" = locale)
fn expansion() {
    let _ = match (&(locale), &(host), &(port), &(q)) {
        (__v0, __v1, __v2, __v3) => {
            struct host {}
            struct port {}
            struct q {}
            struct lang {}
            ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(||
            {
                let mut __w = ::urlkit::__private::Writer::with_capacity(
                    23usize + ::urlkit::value::Placeholder::<host>::hint(__v1)
                        + ::urlkit::value::Port::<port>::hint(__v2)
                        + ::urlkit::value::Placeholder::<q>::hint(__v3)
                        + ::urlkit::value::Prefixed::<lang>::hint(__v0),
                );
                __w.text("http://");
                ::urlkit::value::Placeholder::<
                    host,
                >::fill_alone(
                    __v1,
                    &mut __w,
                    ::urlkit::__private::Spot::Expand(
                        ::urlkit::__private::Operator::Simple,
                        ::urlkit::__private::Context::Host {
                            whole: true,
                        },
                    ),
                    "host",
                );
                ::urlkit::value::Port::<
                    port,
                >::fill_alone(__v2, &mut __w, ::urlkit::__private::Spot::Port, "port");
                __w.text("/search");
                __w.query_start();
                ::urlkit::value::Placeholder::<
                    q,
                >::fill_pair(
                    __v3,
                    &mut __w,
                    "q",
                    false,
                    "q",
                    ::urlkit::__private::Modifier::None,
                );
                ::urlkit::value::Prefixed::<
                    lang,
                >::fill_pair(
                    __v0,
                    &mut __w,
                    "lang",
                    false,
                    "lang",
                    ::urlkit::__private::Modifier::Prefix(2u16),
                );
                __w.finish()
            })
        }
    };
}
