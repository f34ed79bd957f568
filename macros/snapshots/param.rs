// #[derive(Param)]
// #[param(rename_all = "snake_case")]
// enum Sort {
//     Newest,
//     MostCommented,
//     #[param(rename = "stars")]
//     MostStarred,
// }
const _: () = {
    #[inline]
    fn spelling_of(value: &Sort) -> &'static ::urlkit::__private::core::primitive::str {
        match *value {
            Sort::Newest => "newest",
            Sort::MostCommented => "most_commented",
            Sort::MostStarred => "stars",
        }
    }
    impl ::urlkit::value::Scalar for Sort {
        #[inline]
        fn write(&self, e: &mut ::urlkit::value::Expansion<'_, '_>) {
            <::urlkit::__private::core::primitive::str as ::urlkit::value::Scalar>::write(
                spelling_of(self),
                e,
            );
        }
        #[inline]
        fn write_unreserved(&self, e: &mut ::urlkit::value::Expansion<'_, '_>) {
            <::urlkit::__private::core::primitive::str as ::urlkit::value::Scalar>::write_unreserved(
                spelling_of(self),
                e,
            );
        }
        #[inline]
        fn unreserved_text(
            &self,
        ) -> ::urlkit::__private::core::option::Option<
            &::urlkit::__private::core::primitive::str,
        > {
            ::urlkit::__private::core::option::Option::Some(spelling_of(self))
        }
        fn size_hint(&self) -> ::urlkit::__private::core::primitive::usize {
            14usize
        }
    }
    impl ::urlkit::value::ListItem for Sort {}
    impl ::urlkit::value::Value for Sort {
        #[inline]
        fn expand(&self, e: &mut ::urlkit::value::Expansion<'_, '_>) {
            e.scalar(self);
        }
    }
    impl ::urlkit::route::FromParam for Sort {
        const VALUE_TYPE: ::urlkit::route::ValueType = ::urlkit::route::ValueType::OneOf(
            &["newest", "most_commented", "stars"],
        );
        fn from_param(
            value: ::urlkit::__private::Cow<
                '_,
                ::urlkit::__private::core::primitive::str,
            >,
        ) -> ::urlkit::__private::core::result::Result<
            Self,
            ::urlkit::route::ParamError,
        > {
            match &*value {
                "newest" => ::urlkit::__private::core::result::Result::Ok(Sort::Newest),
                "most_commented" => {
                    ::urlkit::__private::core::result::Result::Ok(Sort::MostCommented)
                }
                "stars" => {
                    ::urlkit::__private::core::result::Result::Ok(Sort::MostStarred)
                }
                _ => {
                    ::urlkit::__private::core::result::Result::Err(::urlkit::route::ParamError::Invalid {
                        expected: "one of `newest`, `most_commented`, `stars`",
                    })
                }
            }
        }
    }
};
