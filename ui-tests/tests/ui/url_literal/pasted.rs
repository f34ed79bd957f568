// A URL pasted from a browser's address bar: every problem in one compile.
use urlkit::url;

fn main() {
    let _ = url!("https://www.example.com/search results/Café Menu?q=crème brûlée&tags=a|b#top");
}
