//! Whether a template's variable name can be a Rust identifier (a variable to capture, a
//! marker type to name), decided on the text alone: asking the compiler to parse each name
//! costs a round trip through the proc-macro bridge and a new source file per name, once
//! per placeholder of every `url!` (`bench/compile_time.py` measures the cost).
//!
//! RFC 6570 names (§2.3) are ASCII letters, digits, `_`, `.` and percent-triplets, so only
//! ASCII identifiers can occur; the keyword list is syn's (`syn::Ident` rejects exactly
//! these), with the keywords of some editions only apart: `async`, `await`, `dyn` and `try`
//! (since 2018) and `gen` (since 2024) are variables in the editions before.

/// What a name is to Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameClass {
    /// An identifier: `id`, `ID`, `_page`.
    Plain,
    /// A keyword in every edition, that can be written raw: `r#type`.
    Keyword,
    /// A keyword in some editions only (`async`, `await`, `dyn`, `try`, `gen`): a variable in
    /// the others. Written raw (`r#gen`), it names the same variable in every edition.
    EditionKeyword,
    /// A keyword that cannot be raw: `self`, `Self`, `super`, `crate`, `_`.
    Reserved,
    /// Not an identifier: `last.name`, `42`, `Some%20Thing`.
    NotAnIdent,
}

/// Whether a variable in scope can be named `name`, in some edition: a name that is an
/// identifier there (written raw where it is a keyword of the edition, see [`ident`]).
pub(crate) fn capturable(name: &str) -> bool {
    matches!(class(name), NameClass::Plain | NameClass::EditionKeyword)
}

/// The identifier for `name`, raw where it is a keyword in some edition (`r#type`, `r#gen`):
/// `None` where it cannot be one (`self`, `last.name`).
pub(crate) fn ident(name: &str, span: proc_macro2::Span) -> Option<proc_macro2::Ident> {
    match class(name) {
        NameClass::Plain => Some(proc_macro2::Ident::new(name, span)),
        NameClass::Keyword | NameClass::EditionKeyword => {
            Some(proc_macro2::Ident::new_raw(name, span))
        }
        NameClass::Reserved | NameClass::NotAnIdent => None,
    }
}

/// What `name` is to Rust.
pub(crate) fn class(name: &str) -> NameClass {
    let mut bytes = name.bytes();
    let shaped = bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !shaped {
        return NameClass::NotAnIdent;
    }
    match name {
        "_" | "self" | "Self" | "super" | "crate" => NameClass::Reserved,
        "async" | "await" | "dyn" | "try" | "gen" => NameClass::EditionKeyword,
        "abstract" | "as" | "become" | "box" | "break" | "const" | "continue" | "do" | "else"
        | "enum" | "extern" | "false" | "final" | "fn" | "for" | "if" | "impl" | "in" | "let"
        | "loop" | "macro" | "match" | "mod" | "move" | "mut" | "override" | "priv" | "pub"
        | "ref" | "return" | "static" | "struct" | "trait" | "true" | "type" | "typeof"
        | "unsafe" | "unsized" | "use" | "virtual" | "where" | "while" | "yield" => {
            NameClass::Keyword
        }
        _ => NameClass::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::{NameClass, class};

    /// The oracle: syn's parser, which the macro asked before.
    #[test]
    fn agrees_with_syn() {
        let names = [
            "id",
            "ID",
            "_page",
            "a1",
            "type",
            "self",
            "Self",
            "super",
            "crate",
            "_",
            "last.name",
            "42",
            "1a",
            "Some%20Thing",
            "async",
            "await",
            "dyn",
            "try",
            "true",
            "match",
            "r",
            "union",
            "default",
        ];
        for name in names {
            let plain = syn::parse_str::<syn::Ident>(name).is_ok();
            let raw = syn::parse_str::<syn::Ident>(&format!("r#{name}")).is_ok();
            let expected = match (plain, raw) {
                (true, _) => NameClass::Plain,
                (false, true) if ["async", "await", "dyn", "try"].contains(&name) => {
                    NameClass::EditionKeyword
                }
                (false, true) => NameClass::Keyword,
                (false, false) if syn::parse_str::<syn::Ident>(&format!("{name}x")).is_ok() => {
                    NameClass::Reserved
                }
                (false, false) => NameClass::NotAnIdent,
            };
            assert_eq!(class(name), expected, "{name}");
        }
    }
}
