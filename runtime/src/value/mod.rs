//! The values a placeholder takes (RFC 6570 §2.3), and how to make your own types fit.
//!
//! The same values fill a placeholder of [`url!`](crate::url!) (a named argument or a captured
//! variable) and a variable of a [`Template`](crate::Template):
//!
//! | value | expands as |
//! | --- | --- |
//! | `str`, `String`, `Cow<str>`, `char`, integers, `f32`/`f64`, `bool` | one value (integers without allocating) |
//! | `&[u8]`, `[u8; N]`, `Vec<u8>` | octets, each byte encoded on its own |
//! | `Option<T>` | `None` is undefined: writes nothing, not even its `?name=` or `/` |
//! | slices, arrays, `Vec`, `VecDeque`, [`List`]`(iter)` for any cloneable iterator | a list (`{x}` → `a,b`; `{/x*}` → `/a/b`; `{?x*}` → `?x=a&x=b`) |
//! | `BTreeMap`, `HashMap`, slices, arrays and `Vec`s of pairs | an associative array, in iteration order |
//! | references, `Box`, `Rc`, `Arc` of any of these, `dyn Value` | the value pointed to |
//! | a [`Url`](crate::Url) | its text, encoded like any text (`/login?next={next}`: a redirect parameter) |
//! | any `Display` type | wrap it: [`Fmt`]`(uuid)` |
//! | any `Serialize` struct or map (feature `serde`) | wrap it: `Serde(&filters)`, an associative array of query parameters (`None` fields dropped, sequences repeated under `*`) |
//! | `serde_json::Value` (feature `serde_json`) | null is undefined, arrays are lists, objects are maps (the mapping is on its `Value` impl) |
//! | your own type | implement [`Value`] |
//!
//! An empty list or map is undefined too, and a list or map holds single values only (RFC
//! 6570 values nest one level). Where a value lands decides how it is encoded and checked:
//! see [`url!`'s documentation](macro@crate::url#where-a-placeholder-stands).
//!
//! ```
//! use std::collections::BTreeMap;
//! use urlkit::{url, Fmt};
//!
//! let (id, ip, tags, empty) = (7u64, Fmt(std::net::Ipv4Addr::LOCALHOST), vec!["a", "b c"], Vec::<&str>::new());
//! let filter = BTreeMap::from([("sort", "new"), ("state", "open")]);
//! let (page, octets) = (None::<u32>, &b"\xFF"[..]);
//! assert_eq!(
//!     url!("/users/{id}/{ip}{/tags*}{/empty*}{?page,filter*}&raw={octets}")?,
//!     "/users/7/127.0.0.1/a/b%20c?sort=new&state=open&raw=%FF"
//! );
//! # Ok::<(), urlkit::ExpandError>(())
//! ```
//!
//! [`Value`] is what a placeholder accepts; [`Scalar`] and [`ListItem`] are its single
//! values; [`Fmt`] and [`List`] wrap a `Display` type and an iterator. [`Placeholder`],
//! [`Prefixed`], [`Port`], [`NamedArgument`] and [`Base`] are the bounds `url!` checks at each
//! kind of placeholder, so a type error names the placeholder; [`Expansion`] is what a value
//! writes itself into. A generic value fills a placeholder with the bound `T: Value`, one
//! with a prefix modifier with `T: SingleValue`, a port with `T: PortText` (rustc's error
//! says which).
//!
//! A [`Url`](crate::Url) is a value (its text, encoded like any other); with the `serde`
//! feature, so is any `Serialize` value wrapped in `urlkit::Serde`.

mod impls;
mod placeholder;
mod traits;

pub use self::placeholder::{
    Base, NamedArgument, Placeholder, Port, PortText, Prefixed, SingleValue,
};
pub use self::traits::{Fmt, List, ListItem, Scalar, Value};
pub use crate::writer::Expansion;
