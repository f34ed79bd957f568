// url!("http://{host}:{port}/search?q={q}&lang={lang:2}", "lang" = locale)
fn expansion() {
    let _ = match (&(locale), &(host), &(port), &(q)) {
        (__v0, __v1, __v2, __v3) => {
            #[allow(non_camel_case_types, dead_code)]
            struct host {}
            #[allow(non_camel_case_types, dead_code)]
            struct port {}
            #[allow(non_camel_case_types, dead_code)]
            struct q {}
            #[allow(non_camel_case_types, dead_code)]
            struct lang {}
            let mut __w = ::urlkit::__private::Writer::with_capacity(
                23usize + ::urlkit::value::Placeholder::<host>::hint(__v1)
                    + ::urlkit::value::Port::<port>::hint(__v2)
                    + ::urlkit::value::Placeholder::<q>::hint(__v3)
                    + ::urlkit::value::Prefixed::<lang>::hint(__v0),
            );
            __w.text("http://");
            {
                let mut __e = __w
                    .expansion(
                        ::urlkit::__private::Operator::Simple,
                        ::urlkit::__private::Context::Host {
                            whole: true,
                        },
                    );
                ::urlkit::value::Placeholder::<
                    host,
                >::fill(__v1, &mut __e, "host", ::urlkit::__private::Modifier::None);
                __e.finish();
            }
            {
                let mut __e = __w.port();
                ::urlkit::value::Port::<
                    port,
                >::fill(__v2, &mut __e, "port", ::urlkit::__private::Modifier::None);
                __e.finish();
            }
            __w.text("/search");
            __w.query_start();
            {
                let mut __e = __w.hand_pair("q", false);
                ::urlkit::value::Placeholder::<
                    q,
                >::fill(__v3, &mut __e, "q", ::urlkit::__private::Modifier::None);
                __e.finish();
            }
            {
                let mut __e = __w.hand_pair("lang", false);
                ::urlkit::value::Prefixed::<
                    lang,
                >::fill(
                    __v0,
                    &mut __e,
                    "lang",
                    ::urlkit::__private::Modifier::Prefix(2u16),
                );
                __e.finish();
            }
            __w.finish()
        }
    };
}
