// `url!(base, "relative")` appends to the base's path: the relative part cannot carry a
// scheme or a host, nor step out of the path with `.` or `..`; the base must be a `Url`.
use urlkit::{url, Url};

const API: Url = url!("https://api.example.com/v1/");

fn main() {
    let id = 1;
    let _ = url!(API, "https://other.example.com/{id}");
    let _ = url!(API, "//other.example.com/{id}");
    let _ = url!(API, "../admin/{id}");
    let _ = url!(API, "users/./{id}");
    let _ = url!("https://api.example.com/", "users/{id}");
    let _ = url!(API, b"users/{id}");
    let _ = url!("https://api.example.com/v1/", API, "users/{id}");
    let base = "https://api.example.com/";
    let _ = url!(base, "users/{id}");
    // A missing comma after the base.
    let _ = url!(API "users/{id}");
}
