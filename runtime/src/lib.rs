//! URLs correct by construction.
//!
//! - [`url!`]: URL literals checked and pre-encoded at compile time, usable in `const`, and
//!   RFC 6570 templates compiled to straight-line code that encodes each value for where it
//!   stands and refuses values that would change the URL's shape (see
//!   [What a value can never do](#what-a-value-can-never-do)).
//! - [`Url`]: one owned URL type; [`Url::parse`] checks the strict RFC 3986 grammar and says
//!   what is wrong, where, and what to write instead.
//! - [`encode`]: percent-encoding for each place a value can go, borrowing when nothing needs
//!   escaping.
//! - [`decode`]: strict percent-decoding (bad escapes, `%uXXXX` and invalid UTF-8 are errors
//!   with byte offsets), plus explicitly lossy WHATWG-style variants.
//! - [`Route`](trait@Route) and `#[derive(Route)]`: a template bound to a struct or to each
//!   variant of an enum, which builds URLs and parses them back, checked at compile time.
//!
//! ```
//! use urlkit::{decode, encode, Url};
//!
//! assert_eq!(encode::component("a b/c"), "a%20b%2Fc");
//! assert_eq!(decode::form("a+b%21")?, "a b!");
//! let url = Url::parse("https://example.com/caf%C3%A9")?;
//! assert_eq!(url.path_segments().next().unwrap()?, "café");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate is `#![no_std]` (it needs `alloc`) and has no dependencies outside the urlkit
//! workspace by default. Features:
//! - `std` (on by default): implementations for `std` types (`HashMap` as values and
//!   variables);
//! - `serde_json` (off by default, works without `std`): JSON values as template values and
//!   JSON objects as [`Template`] variables, for templates read from API responses (see
//!   [`template::Vars`]).
//!
#![doc = include_str!("guarantee.md")]
#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod decode;
pub mod encode;
mod error;
#[cfg(feature = "serde_json")]
mod json;
pub mod route;
pub mod template;
mod url;
pub mod value;
mod writer;

pub use crate::error::{Error, ErrorKind};
pub use crate::route::{Route, RouteError};
pub use crate::template::{Template, TemplateError};
pub use crate::url::{ParseError, PathSegments, Url};
pub use crate::value::Fmt;
#[doc = include_str!("route/derive.md")]
pub use urlkit_macros::Route;

/// What generated code calls; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::writer::{Context, Modifier, Operator, Writer};
    // `template!`: a template's parts, written as `static` data.
    pub use crate::template::compiled::{
        Compiled, CompiledExpression as Expression, CompiledStep as Step,
    };
    pub use alloc::borrow::Cow;
    pub use urlkit_syntax::template::VarSpec;

    /// The parsed form of `template`, for tests that compare what `template!` and
    /// `Template::parse` make of the same text.
    pub fn compiled(template: &crate::Template) -> &Compiled {
        template.compiled()
    }

    /// What `#[derive(Route)]`'s `from_url` calls.
    pub mod route {
        pub use crate::route::matcher::{Capture, Entry, Found, Target};
        pub use urlkit_syntax::route::{Key, Pattern, Segment, Tail};
    }
}

/// A URL literal, checked and pre-encoded at compile time: `url!("https://example.com/")`
/// is a [`Url`] that costs nothing at run time; with placeholders, a URL template compiled
/// at compile time: `url!("/users/{id}")` is a `Result<Url, urlkit::Error>`.
///
/// The literal must be a URI reference in the strict grammar [`Url::parse`] uses (RFC 3986):
/// an absolute URL or any relative reference. The result is a constant expression, so it can
/// initialize a `const` or a `static`; nothing is parsed or allocated at run time.
///
/// ```
/// use urlkit::{url, Url};
///
/// const API: Url = url!("https://api.example.com/v1/");
/// static HOME: Url = url!("/");
///
/// assert_eq!(API.as_str(), "https://api.example.com/v1/");
/// assert_eq!(HOME.path(), "/");
/// // Every kind of relative reference is a `Url` too.
/// for relative in [url!("/path"), url!("path"), url!("?q"), url!("#f"), url!("//host/path")] {
///     assert_eq!(Url::parse(relative.as_str()), Ok(relative.clone()));
/// }
/// ```
///
/// # Pre-encoding
///
/// Characters that RFC 3987 allows in an IRI (letters of every script, symbols, emoji) may be
/// written as they are; `url!` writes them as UTF-8 percent-triplets with uppercase hex, as
/// [`Url::parse_iri`] does. Triplets already written are kept, with lowercase hex uppercased
/// (RFC 3986 §6.2.2.1). Nothing else changes.
///
/// ```
/// use urlkit::url;
///
/// assert_eq!(url!("https://example.com/café?q=ä"), "https://example.com/caf%C3%A9?q=%C3%A4");
/// assert_eq!(url!("/%e2%82%ac/円"), "/%E2%82%AC/%E5%86%86");
/// ```
///
/// A host must be ASCII: write a non-ASCII domain in its punycode form (`xn--…`); the error
/// message computes it for you.
///
/// # Rejected at compile time
///
/// Everything [`Url::parse`] rejects, each with its own message that names the character,
/// the component and the fix, and shows where under the literal:
///
/// - characters that must be percent-encoded: space, controls, `"` `<` `>` `\` `^` `` ` ``
///   `|`, a `{` or `}` outside a placeholder, non-ASCII characters outside RFC 3987's ranges,
///   invisible ones (no-break space, zero-width space, bidi controls), and whitespace pasted
///   at either end;
/// - `%` without two hex digits, and `%uXXXX` (the message shows the UTF-8 form);
/// - a second `#`, `[` or `]` outside an IPv6 host;
/// - a bad scheme, an `http(s)`/`ws(s)`/`ftp`/`file` URL without `//`, an empty host where the
///   scheme needs one, a port that is not digits or is over 65535, a malformed or unbracketed
///   IPv6 address, a host WHATWG parsers would read as an IPv4 number (`0x7f.1`);
/// - a relative path whose first segment holds `:` (it would read as a scheme);
/// - a host typed without its scheme: `https//example.com` and `www.example.com/a` would be
///   relative paths, `localhost:8080` the scheme `localhost` (write `./www...` if you really
///   mean such a path);
/// - `.` and `..` segments that every parser removes (the message shows the resolved path);
///   a relative reference may still begin with `./` or `../`.
///
/// ```compile_fail
/// let url = urlkit::url!("https://example.com/a b");
/// ```
///
/// ```text
/// error: invalid character ` ` in the URL path; write `%20`
///        https://example.com/a b
///                             ^
/// ```
///
/// All problems of one literal are reported in one compile, and the macro still expands to a
/// `Url`, so no second error appears where the result is used.
///
/// Braces are placeholders (see [Templates](#templates)); write `%7B` and `%7D` for literal
/// braces.
///
/// # Input
///
/// A string literal or a raw string literal (`r"…"`). Escapes are resolved
/// first: `"\u{e9}"` is `é`. The message shows the literal's value, with control and
/// invisible characters written as Rust escapes (`\t`, `\u{a0}`) so the carets line up. For
/// a string known only at run time, use [`Url::parse`].
///
/// # Templates
///
/// A literal with placeholders is an RFC 6570 URI template, compiled: the text around the
/// placeholders is checked and pre-encoded as for a literal, and each placeholder becomes a
/// call that encodes its value for the place it stands in, writing into one `String` sized up
/// front. A template returns `Result<Url, urlkit::Error>`, because some values cannot be
/// placed safely ([below](#guards)).
///
/// ```
/// use urlkit::{url, Url};
///
/// let (owner, repo) = ("rust-lang", "rust");
/// let u: Url = url!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
///                   state = "open", labels = ["A-macros", "C-bug"], page = Some(2))?;
/// assert_eq!(u, "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2");
/// # Ok::<(), urlkit::Error>(())
/// ```
///
/// ## Where values come from
///
/// As with `format!`: a named argument after the literal (`name = expr`, evaluated once, in
/// the order written), else a variable in scope with the placeholder's name (captured by
/// reference; rust-analyzer's go-to-definition finds it from the literal). RFC 6570 allows
/// names that cannot be Rust variables (`last.name`, `Some%20Thing`, `42`, keywords): give
/// those as named arguments, with a string key when the name is not an identifier.
///
/// ```
/// # use urlkit::url;
/// let user = "ada";
/// assert_eq!(url!("/users/{user}/repos{?page}", page = 2)?, "/users/ada/repos?page=2");
/// assert_eq!(url!("/people{?last.name}", "last.name" = "Lovelace")?, "/people?last.name=Lovelace");
/// assert_eq!(url!("/{type}", r#type = "admin")?, "/admin");
/// # Ok::<(), urlkit::Error>(())
/// ```
///
/// ## Expressions
///
/// Every RFC 6570 expression, levels 1 to 4, byte for byte as the RFC's Appendix A says
/// (`{x}` encodes everything but `A-Z a-z 0-9 - . _ ~`):
///
/// | operator | `x = "a b"` | `list = ["red", "green"]` | `list*` | `keys* = [("k", "v"), ("a", "1")]` |
/// |---|---|---|---|---|
/// | `{x}` | `a%20b` | `red,green` | `red,green` | `k=v,a=1` |
/// | `{+x}` (reserved characters and `%XX` kept) | `a%20b` | `red,green` | `red,green` | `k=v,a=1` |
/// | `{#x}` | `#a%20b` | `#red,green` | `#red,green` | `#k=v,a=1` |
/// | `{.x}` | `.a%20b` | `.red,green` | `.red.green` | `.k=v.a=1` |
/// | `{/x}` | `/a%20b` | `/red,green` | `/red/green` | `/k=v/a=1` |
/// | `{;x}` | `;x=a%20b` | `;list=red,green` | `;list=red;list=green` | `;k=v;a=1` |
/// | `{?x}` | `?x=a%20b` | `?list=red,green` | `?list=red&list=green` | `?k=v&a=1` |
/// | `{&x}` | `&x=a%20b` | `&list=red,green` | `&list=red&list=green` | `&k=v&a=1` |
///
/// Several variables per expression (`{?q,page}`), explode `*` (one item per segment or
/// pair) and prefix `:N` (the first N characters, never splitting a character or a `%XX`).
/// An undefined value (`None`, an empty list or map) writes nothing, not even its operator.
///
/// ```
/// # use urlkit::url;
/// let (path, list, name) = (["a", "b c"], ["red", "green"], "Ferris");
/// assert_eq!(url!("/files{/path*}{?list*}")?, "/files/a/b%20c?list=red&list=green");
/// assert_eq!(url!("/initial/{name:1}")?, "/initial/F");
/// # Ok::<(), urlkit::Error>(())
/// ```
///
/// ## Values
///
/// - a single value: `str`, `String`, `Cow<str>`, `char`, every integer (written without
///   allocating), `f32`/`f64`, `bool`; `&[u8]` and `Vec<u8>` are octets, each byte encoded on
///   its own;
/// - references and `Box`, `Rc`, `Arc` of any value;
/// - `Option<T>`: `None` is undefined;
/// - lists: slices, arrays, `Vec`, `VecDeque`, or any cloneable iterator wrapped in
///   [`value::List`];
/// - associative arrays, in iteration order: `BTreeMap`, `HashMap`, slices, arrays and
///   `Vec`s of pairs;
/// - any `Display` type wrapped in [`Fmt`]; your own types by implementing [`value::Value`].
///
/// A type that is none of these is a compile error on the value, naming the placeholder:
///
/// ```text
/// error[E0277]: `Point` cannot fill the URL placeholder `point`
///   --> src/main.rs:14:18
///    |
/// 14 |     let _ = url!("https://example.com/points/{point}");
///    |                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ this value goes into `point`
///    |
///    = note: a placeholder takes strings, chars, integers, floats, bools, `Option` of those, ...
///    = note: for any type that implements `Display`, wrap the value: `urlkit::Fmt(value)`
/// ```
///
/// ## Where a placeholder stands
///
/// - **path, query, fragment, userinfo**: RFC 6570 encoding, plus the [guards](#guards);
/// - **host** (`https://{host}/`, `https://api.{region}.example.com/`): the value is checked,
///   not encoded: a host name of ASCII letters, digits, `-` and `.`, or an IP address (an
///   IPv6 address gets its brackets); part of a host is one label;
/// - **port** (`:{port}`): one integer from 0 to 65535; `u8` and `u16` always fit, other
///   integers and text are checked when the URL is built; `None` leaves out the `:` too; a
///   list or map is a compile error;
/// - **scheme**: no placeholder (a compile error).
///
/// ## Optional and repeated query parameters
///
/// `{?q,page}` writes only the defined values, with `?` before the first and `&` between.
/// Pairs written by hand behave the same way: a `None` drops its whole pair, a list repeats
/// it, and no `?&` or dangling `&` is left (RFC 6570 alone would write `page=` for an
/// undefined value; this is the one extension, and [`Template`] does the same).
///
/// ```
/// # use urlkit::url;
/// let (q, page, tag) = (None::<&str>, Some(2), ["rust", "url"]);
/// assert_eq!(url!("/search?q={q}&page={page}&tag={tag}")?, "/search?page=2&tag=rust&tag=url");
/// assert_eq!(url!("/search{?q,page}")?, "/search?page=2");
/// # Ok::<(), urlkit::Error>(())
/// ```
///
/// ## Guards
///
/// A value, or the absence of one, cannot change the URL's shape: where encoding alone does
/// not ensure it, the template returns an [`Error`] naming the placeholder and the reason
/// ([`ErrorKind`]), never the value, and a template whose own text would move when a value
/// is missing is a compile error. The crate documentation states exactly what is promised,
/// including what `{+x}` and a `{+base}` may do:
/// [What a value can never do](crate#what-a-value-can-never-do).
///
/// ```
/// # use urlkit::{url, ErrorKind};
/// let file = "..";
/// let err = url!("/files/{file}/raw").unwrap_err();
/// assert_eq!((err.placeholder(), err.kind()), ("file", ErrorKind::DotSegment));
/// assert_eq!(
///     err.to_string(),
///     "the value of `file` makes the path segment `.` or `..`, which URL parsers remove with the segment before it"
/// );
/// ```
///
/// ## Joining a base
///
/// `url!(base, "relative")` appends a relative part (a literal or a template) to a [`Url`]
/// known at run time, such as an API root from configuration. The base's path is kept
/// (unlike RFC 3986 resolution, a leading `/` does not replace it), and the join has exactly
/// one `/` whether or not the base ends with one (a relative part that starts with `{/x}`
/// writes that `/` itself, so an undefined `x` leaves the base without its final `/`). A
/// relative part that starts with `?` or `#` is added to the base as it is. It returns `Result<Url, urlkit::Error>`: a base with a query
/// or a fragment is [`ErrorKind::BaseHasQueryOrFragment`].
///
/// ```
/// use urlkit::{url, Url};
///
/// const API: Url = url!("https://api.example.com/v1/");
/// let id = 42;
/// assert_eq!(url!(API, "users/{id}/posts")?, "https://api.example.com/v1/users/42/posts");
/// assert_eq!(url!(API, "/users")?, "https://api.example.com/v1/users");
/// let base = Url::parse("https://api.example.com/v1")?;
/// assert_eq!(url!(base, "users/{id}")?, "https://api.example.com/v1/users/42");
/// assert_eq!(url!(base, "?page={id}")?, "https://api.example.com/v1?page=42");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The base is any [`value::Base`] (a `Url`, or a reference or pointer to one). The relative
/// part cannot have a scheme, start with `//`, or hold `.`/`..` segments (compile errors).
///
/// ## Template mistakes are compile errors
///
/// Every template error is reported at once, in the same voice and with the same carets as
/// literal errors: unclosed or stray braces, empty expressions, bad names, operators RFC 6570
/// reserves (`= , ! @ |`), prefixes outside 1 to 9999, a placeholder in the scheme or inside a
/// `%XX`, an operator a host or port cannot take, a name with no variable in scope or named
/// argument, and a named argument given twice or never used. The macro still expands to a
/// `Result<Url, Error>`, so no second error appears where the result is used.
///
/// ```compile_fail
/// let id = 7;
/// let u = urlkit::url!("https://example.com/users/{id/posts")?;
/// # Ok::<(), urlkit::Error>(())
/// ```
///
/// ```text
/// error: unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace
///        https://example.com/users/{id/posts
///                                  ^
/// ```
///
/// ## Cost
///
/// A template compiles to straight-line code: the evaluation of each value, one
/// `String::with_capacity` (the only allocation), a copy of each pre-encoded piece of text
/// and one call per expression that encodes straight into the output. Nothing is parsed at
/// run time.
pub use urlkit_macros::url;

/// A [`Template`] checked and parsed at compile time: `template!("/users/{id}{?page}")` is a
/// constant expression, usable in a `const` or a `static`, that costs no parsing at run time.
///
/// The literal is checked as [`url!`] checks a template, with the same grammar, the same
/// messages and the same carets under the literal; every mistake is a compile error. The
/// result behaves exactly as `Template::parse` of the same text would (`as_str`,
/// `variables`, `expand`, `expand_into`, `expand_to`, `Display`, equality and hashing), and
/// expands with the same code. Cloning it copies a pointer.
///
/// Use it for a template known when compiling whose values are gathered at run time into a
/// [`template::Vars`] (a map, a JSON object, a closure, a struct of settings); when the values
/// are Rust variables at the place the URL is built, `url!("...", name = value)` compiles the
/// expansion itself, checks value types, and is faster.
///
/// ```
/// use std::collections::BTreeMap;
/// use urlkit::{template, Template};
///
/// const ISSUES: Template = template!("https://api.github.com/repos/{owner}/{repo}/issues{?state,page}");
/// static USER: Template = template!("/users/{id}");
///
/// let vars = BTreeMap::from([("owner", "rust-lang"), ("repo", "rust"), ("state", "open")]);
/// assert_eq!(ISSUES.expand(&vars)?, "https://api.github.com/repos/rust-lang/rust/issues?state=open");
/// assert_eq!(ISSUES.variables().collect::<Vec<_>>(), ["owner", "repo", "state", "page"]);
/// assert_eq!(USER.to_string(), "/users/{id}");
/// assert_eq!(USER, Template::parse("/users/{id}")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The same checks as `url!`, at compile time:
///
/// ```compile_fail
/// const SEARCH: urlkit::Template = urlkit::template!("/search{?q,page");
/// ```
///
/// ```text
/// error: unclosed `{`; close the expression with `}`, or write `%7B` for a literal brace
///        /search{?q,page
///               ^
/// ```
///
/// The macro takes one string literal. For a template that is known only at run time, use
/// [`Template::parse`].
pub use urlkit_macros::template;
