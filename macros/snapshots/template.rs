// template!("/users/{id}/posts{?page,tag*}")
fn expansion() {
    let _ = {
        static __EXPRESSIONS: [::urlkit::__private::Expression; 2] = [
            ::urlkit::__private::Expression {
                range: 7..11,
                operator: ::urlkit::__private::Operator::Simple,
                vars: ::urlkit::__private::VarList::Static(
                    &[
                        ::urlkit::__private::VarSpec {
                            name: 8..10,
                            modifier: ::urlkit::__private::Modifier::None,
                        },
                    ],
                ),
            },
            ::urlkit::__private::Expression {
                range: 17..29,
                operator: ::urlkit::__private::Operator::Query,
                vars: ::urlkit::__private::VarList::Static(
                    &[
                        ::urlkit::__private::VarSpec {
                            name: 19..23,
                            modifier: ::urlkit::__private::Modifier::None,
                        },
                        ::urlkit::__private::VarSpec {
                            name: 24..27,
                            modifier: ::urlkit::__private::Modifier::Explode,
                        },
                    ],
                ),
            },
        ];
        static __STEPS: [::urlkit::__private::Step; 6] = [
            ::urlkit::__private::Step::PathStart {
                relative: false,
            },
            ::urlkit::__private::Step::Text(29..36),
            ::urlkit::__private::Step::Segment(0),
            ::urlkit::__private::Step::Text(36..42),
            ::urlkit::__private::Step::QueryStart,
            ::urlkit::__private::Step::Expand(
                1,
                ::urlkit::__private::Context::QueryPairs,
            ),
        ];
        static __TEMPLATE: ::urlkit::__private::Compiled = ::urlkit::__private::Compiled::from_static(
            "/users/{id}/posts{?page,tag*}/users//posts",
            29,
            &__EXPRESSIONS,
            &__STEPS,
            13,
        );
        ::urlkit::Template::__from_static(&__TEMPLATE)
    };
}
