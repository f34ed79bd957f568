// `Option` only where a value may be absent, `Vec` only where several may stand; the error is
// at the field's type and says where the type would fit.
use urlkit::Route;

#[derive(Route)]
#[route("/users/{id}")]
struct OptionalSegment { id: Option<u64> }

#[derive(Route)]
#[route("/a{?id}")]
struct TwoOptions { id: Option<Option<u32>> }

#[derive(Route)]
#[route("/a{?ids*}")]
struct TwoVecs { ids: Vec<Vec<u32>> }

#[derive(Route)]
#[route("/files{/dir,name}")]
struct OptionalNotLast { dir: Option<String>, name: String }

#[derive(Route)]
#[route("/posts{/tag}")]
struct ListWithoutStar { tag: Vec<String> }

// In the query a list without `*` is one value joined with commas, and a pair written by hand
// one pair per item: both accepted.
#[derive(Route)]
#[route("/posts{?tag}&q={labels}")]
struct JoinedInQuery { tag: Vec<String>, labels: Vec<String> }

#[derive(Route)]
#[route("/posts{?page*}")]
struct StarWithoutList { page: u32 }

#[derive(Route)]
#[route("/posts{?tag*}")]
struct Nested { tag: Option<Vec<String>> }

#[derive(Route)]
#[route("/bytes{?b*}")]
struct Octets { b: Vec<u8> }

fn main() {}
