// url!("https://example.com/café")
fn expansion() {
    let _ = ::urlkit::Url::__from_static("https://example.com/caf%C3%A9");
}
