// template!("/users/{id")
fn expansion() {
    let _ = {
        compile_error! {
            "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace\n/users/{id\n       ^"
        }
        static __STAND_IN: ::urlkit::__private::Compiled = ::urlkit::__private::Compiled::from_static(
            "",
            0,
            &[],
            &[],
            0,
        );
        ::urlkit::Template::__from_static(&__STAND_IN)
    };
}
