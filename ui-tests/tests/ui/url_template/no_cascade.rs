// A template with errors is those errors only: the macro still expands to a
// `Result<Url, urlkit::ExpandError>`, so `?`, `unwrap` and `match` on it raise nothing more.
// The values it names are still read, so a misspelt variable shows in the same compile.
use urlkit::{url, ExpandError, Url};

fn build(id: u32) -> Result<Url, ExpandError> {
    let url = url!("https://example.com/users/{id/posts")?;
    let joined = url!(url, )?;
    Ok(joined)
}

fn main() {
    let q = "q";
    let _ = build(1);
    let _: Url = url!("https://example.com/a b/{q}").unwrap();
    match url!("https://example.com/{q}", q = 1, extra = 2) {
        Ok(url) => println!("{url}"),
        Err(e) => println!("{e}"),
    }
    let _: Url = url!("https://example.com/{q}", q 1).unwrap();
    let _ = url!("https://example.com/search?q={q}&page={pgae} ");
}
