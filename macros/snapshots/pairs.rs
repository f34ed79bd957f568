// url!("http://{host}:{port}/search?q={q}&lang={lang:2}", "lang" = locale)
fn expansion() {
    let _ = match (&(locale), &(host), &(port), &(q)) {
        (__v0, __v1, __v2, __v3) => {
            ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(||
            {
                struct host {}
                struct port {}
                struct q {}
                struct lang {}
                use ::urlkit::{
                    __private as __u,
                    value::{
                        Placeholder as __Placeholder, Port as __Port,
                        Prefixed as __Prefixed,
                    },
                };
                let mut __w = __u::Writer::with_capacity(
                    23usize + __Placeholder::<host>::hint(__v1)
                        + __Port::<port>::hint(__v2) + __Placeholder::<q>::hint(__v3)
                        + __Prefixed::<lang>::hint(__v0),
                );
                __w.text("http://");
                __Placeholder::<
                    host,
                >::fill_alone(
                    __v1,
                    __w
                        .expansion(
                            __u::Operator::Simple,
                            __u::Context::Host { whole: true },
                        ),
                    "host",
                );
                __Port::<port>::fill_alone(__v2, __w.port(), "port");
                __w.text("/search");
                __w.query_start();
                __Placeholder::<q>::fill_alone(__v3, __w.hand_pair("q", false), "q");
                __Prefixed::<
                    lang,
                >::fill_alone_modified(
                    __v0,
                    __w.hand_pair("lang", false),
                    "lang",
                    __u::Modifier::Prefix(2u16),
                );
                __w.finish()
            })
        }
    };
}
