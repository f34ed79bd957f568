// url!(API, "users/{id}/posts")
fn expansion() {
    let _ = match (&(API), &(id)) {
        (__base, __v1) => {
            struct id {}
            ::urlkit::__private::url_template_is_built_at_run_time_in_a_const_use_a_literal_or_template(||
            {
                let mut __w = ::urlkit::__private::Writer::with_base(
                    ::urlkit::value::Base::base_url(__base),
                    true,
                    13usize + ::urlkit::value::Placeholder::<id>::hint(__v1),
                );
                __w.path_start(false);
                __w.text("/users/");
                ::urlkit::value::Placeholder::<
                    id,
                >::fill_alone(__v1, &mut __w, ::urlkit::__private::Spot::Segment, "id");
                __w.text("/posts");
                __w.finish()
            })
        }
    };
}
