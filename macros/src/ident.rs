//! Whether a template's variable name can be a Rust identifier (a variable to capture, a
//! marker type to name), decided on the text alone: asking the compiler to parse each name
//! costs a round trip through the proc-macro bridge and a new source file per name, once
//! per placeholder of every `url!` (`bench/compile_time.py` measures the cost).
//!
//! RFC 6570 names (§2.3) are ASCII letters, digits, `_`, `.` and percent-triplets, so only
//! ASCII identifiers can occur; the keyword list is syn's (`syn::Ident` rejects exactly
//! these), plus `gen`, reserved since edition 2024.

/// What a name is to Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An identifier: `id`, `ID`, `_page`.
    Plain,
    /// A keyword that can be written raw: `r#type`.
    Keyword,
    /// A keyword that cannot be raw: `self`, `Self`, `super`, `crate`, `_`.
    Reserved,
    /// Not an identifier: `last.name`, `42`, `Some%20Thing`.
    NotAnIdent,
}

/// What `name` is to Rust.
pub(crate) fn kind(name: &str) -> Kind {
    let mut bytes = name.bytes();
    let shaped = bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !shaped {
        return Kind::NotAnIdent;
    }
    match name {
        "_" | "self" | "Self" | "super" | "crate" => Kind::Reserved,
        "abstract" | "as" | "async" | "await" | "become" | "box" | "break" | "const"
        | "continue" | "do" | "dyn" | "else" | "enum" | "extern" | "false" | "final" | "fn"
        | "for" | "gen" | "if" | "impl" | "in" | "let" | "loop" | "macro" | "match" | "mod"
        | "move" | "mut" | "override" | "priv" | "pub" | "ref" | "return" | "static" | "struct"
        | "trait" | "true" | "try" | "type" | "typeof" | "unsafe" | "unsized" | "use"
        | "virtual" | "where" | "while" | "yield" => Kind::Keyword,
        _ => Kind::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::{Kind, kind};

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
                (true, _) => Kind::Plain,
                (false, true) => Kind::Keyword,
                (false, false) if syn::parse_str::<syn::Ident>(&format!("{name}x")).is_ok() => {
                    Kind::Reserved
                }
                (false, false) => Kind::NotAnIdent,
            };
            assert_eq!(kind(name), expected, "{name}");
        }
    }
}
