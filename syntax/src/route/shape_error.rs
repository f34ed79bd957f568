//! [`ShapeError`]: why a template that is a valid URL template cannot be a route, worded for
//! the compiler (the derive draws it under the template).

use alloc::string::String;
use core::fmt;

/// Why a template cannot be a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A scheme or an authority: routes are paths.
    NotOriginForm,
    /// The template does not start with `/`.
    NoLeadingSlash,
    /// A fragment.
    Fragment,
    /// An operator routes cannot read back, in the path or the query.
    Operator {
        /// The operator character.
        op: char,
        /// Whether it stands in the query.
        query: bool,
    },
    /// A prefix modifier `:N`.
    Prefix,
    /// `{a,b}` in a path segment.
    SeveralVars,
    /// A second placeholder in one segment.
    TwoInSegment,
    /// `{/x}` followed by more path.
    TailNotLast,
    /// `{/x}` right after a `/`, which makes `//`.
    TailAfterSlash,
    /// A query piece that is not a static piece, `{?x}`, `{&x}` or `key={x}`.
    QueryShape,
    /// A variable used twice.
    Duplicate {
        /// Its name.
        name: String,
    },
    /// A query parameter named twice (keys are compared decoded: `fo%72mat` is `format`).
    DuplicateKey {
        /// Its name, as written the second time.
        key: String,
        /// Its name, as written the first time.
        earlier: String,
    },
    /// A query key that does not decode to UTF-8 (`%FF`): `from_url` refuses every URL with
    /// such a key.
    KeyNotUtf8 {
        /// The key, in URI form.
        key: String,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::NotOriginForm => f.write_str(
                "a route template is a path starting with `/`, without scheme or host; to link to another host, pass a base to `to_url_on`",
            ),
            ShapeError::NoLeadingSlash => {
                f.write_str("a route template is a path starting with `/`; add the `/`")
            }
            ShapeError::Fragment => f.write_str(
                "a route cannot have a fragment: browsers never send it to the server; remove it",
            ),
            ShapeError::Operator { op, query: false } => write!(
                f,
                "`{{{op}...}}` cannot be parsed back from a path; routes take `{{x}}`, `{{.x}}` or `{{;x}}` in a segment and `{{/x}}` or `{{/x*}}` at the end of the path"
            ),
            ShapeError::Operator { op, query: true } => write!(
                f,
                "`{{{op}...}}` cannot be parsed back from a query; write `key={{x}}`, `{{?x}}` or `{{&x}}`"
            ),
            ShapeError::Prefix => f.write_str(
                "a prefix `:N` keeps only the value's first characters, so it cannot be parsed back; remove it",
            ),
            ShapeError::SeveralVars => f.write_str(
                "a path placeholder reads one value; write one placeholder per segment, `/{a}/{b}`",
            ),
            ShapeError::TwoInSegment => f.write_str(
                "two placeholders in one path segment cannot be told apart when parsing; put each in its own segment",
            ),
            ShapeError::TailNotLast => f.write_str(
                "`{/x}` and `{/x*}` must end the path, since the number of segments they write varies; write `/{x}` for one segment in the middle",
            ),
            ShapeError::TailAfterSlash => f.write_str(
                "`{/x}` writes its own `/`, so after a `/` it makes `//`; remove the `/` before it",
            ),
            ShapeError::QueryShape => f.write_str(
                "a route's query is made of `key=value` pairs; write `key={x}`, `{?x}` or `{&x}`",
            ),
            ShapeError::Duplicate { name } => write!(
                f,
                "`{{{name}}}` appears twice; a route reads each field from one place, remove one"
            ),
            ShapeError::DuplicateKey { key, earlier } if key == earlier => write!(
                f,
                "the query parameter `{key}` appears twice; name each parameter once"
            ),
            ShapeError::DuplicateKey { key, earlier } => write!(
                f,
                "the query parameter `{key}` is `{earlier}` spelled another way (keys are compared decoded), so it appears twice; name each parameter once"
            ),
            ShapeError::KeyNotUtf8 { key } => write!(
                f,
                "the query key `{key}` does not decode to UTF-8, and `from_url` refuses every URL with such a key, so none could match; percent-encode the UTF-8 bytes of the characters you mean"
            ),
        }
    }
}
