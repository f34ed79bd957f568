// url!("https://example.com/{id")
fn expansion() {
    let _ = {
        compile_error! {
            "unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace\nhttps://example.com/{id\n                    ^"
        }
        ::urlkit::__private::core::result::Result::<
            ::urlkit::Url,
            ::urlkit::ExpandError,
        >::Ok(::urlkit::Url::__from_static(""))
    };
}
