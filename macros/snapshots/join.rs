// url!(API, "users/{id}/posts")
fn expansion() {
    let _ = match (&(API), &(id)) {
        (__base, __v1) => {
            #[allow(non_camel_case_types, dead_code)]
            struct id {}
            let mut __w = ::urlkit::__private::Writer::with_base(
                ::urlkit::value::Base::base_url(__base),
                true,
                13usize + ::urlkit::value::Placeholder::<id>::hint(__v1),
            );
            __w.path_start(false);
            __w.text("/users/");
            {
                let mut __e = __w.segment_expansion();
                ::urlkit::value::Placeholder::<
                    id,
                >::fill(__v1, &mut __e, "id", ::urlkit::__private::Modifier::None);
                __e.finish();
            }
            __w.text("/posts");
            __w.finish()
        }
    };
}
