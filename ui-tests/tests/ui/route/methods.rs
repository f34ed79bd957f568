// Methods: a misspelled or uppercase word, one given twice, a method in the wrong place, and
// routes that take the same URLs under a method they share.
use urlkit::Route;

#[derive(Route)]
enum Typo {
    #[route(pots, "/login")]
    Login,
    #[route(GET, "/form")]
    Form,
    #[route(get, get, "/twice")]
    Twice,
}

#[derive(Route)]
#[route(post)]
enum OnTheEnum {
    #[route("/a/{id}")]
    A {
        #[route(get)]
        id: u8,
    },
}

#[derive(Route)]
enum Shared {
    #[route(get, post, "/login")]
    Form,
    #[route(post, "/login")]
    Login,
    #[route(put, "/items/{id}")]
    Put { id: u32 },
    #[route(get, put, "/items/{id}")]
    Item { id: u32 },
}

// Any method shares every method: the `GET` of `Any` goes to `Page`.
#[derive(Route)]
enum AnyMethod {
    #[route(get, "/page")]
    Page,
    #[route("/page")]
    Any,
}

// Hidden for one of its methods: every `DELETE` it could take goes to the routes before it;
// its `POST` is live.
#[derive(Route)]
enum Partly {
    #[route(get, delete, "/files")]
    List,
    #[route(delete, "/files/{name}")]
    One { name: String },
    #[route(delete, "/files/")]
    Index,
    #[route(delete, post, "/files{/name}")]
    Maybe { name: Option<String> },
}

fn main() {}
