// A pair written by hand (`q={x}`) is left out when `x` is undefined and repeated for each item
// of a list only in a query that is joined piece by piece. An empty piece, or text right after
// a `{&y}` in its piece, makes the query RFC 6570 text as written, where the pair would write
// `q=`: with a pair written by hand, that is a compile error that points at the culprit.
use urlkit::url;

fn main() {
    let (x, y, k) = (None::<&str>, Some("y"), Some("k"));
    let _ = url!("/search?q={x}&&page=2");
    let _ = url!("/search?q={x}&");
    let _ = url!("/search?&q={x}");
    let _ = url!("/search{?k}&&q={x}");
    let _ = url!("/search?q={x}{&y}page=2");
}
