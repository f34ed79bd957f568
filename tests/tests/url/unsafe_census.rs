//! Where the runtime's `unsafe` is: only in `runtime/src/raw/`, in at most three of its files
//! and at most 25 blocks, functions and impls, each with a `// SAFETY:` comment before it;
//! and `lib.rs` allows `unsafe_code` on `raw` alone (it denies it everywhere else, so a new
//! module that writes `unsafe` must say so in `lib.rs` or in itself, which this test then
//! finds).

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The code of a line: what comes before a `//` comment (strings with `//` in them do not
/// hold `unsafe` in this crate).
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or_default()
}

/// How many times the keyword `unsafe` is in `code` (a block, a function, an impl, an
/// `unsafe extern` or an `#[unsafe(..)]` attribute alike), as a word of its own: not in
/// `unsafe_code`.
fn unsafe_words(code: &str) -> usize {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices("unsafe")
        .filter(|&(at, _)| {
            !code[..at].ends_with(word) && !code[at + "unsafe".len()..].starts_with(word)
        })
        .count()
}

#[test]
fn the_keyword_is_counted_as_a_word() {
    assert_eq!(unsafe_words("let x = unsafe { f() };"), 1);
    assert_eq!(unsafe_words("Some(unsafe{ f() })"), 1);
    assert_eq!(
        unsafe_words("#[unsafe(no_mangle)] unsafe extern \"C\" {}"),
        2
    );
    assert_eq!(unsafe_words("#[allow(unsafe_code)] mod raw_unsafe;"), 0);
}

/// The other crates of the workspace forbid `unsafe_code` at their root, which no module
/// can allow again.
#[test]
fn the_other_crates_forbid_unsafe() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for root in [
        "syntax/src/lib.rs",
        "macros/src/lib.rs",
        "axum/src/lib.rs",
        "cargo-urlkit/src/main.rs",
    ] {
        let text = fs::read_to_string(top.join(root)).expect("a crate root");
        assert!(
            text.lines().any(|l| l.trim() == "#![forbid(unsafe_code)]"),
            "{root} forbids `unsafe_code`"
        );
    }
}

#[test]
fn unsafe_is_in_raw_alone_and_counted() {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let raw = runtime.join("raw");
    let mut files = Vec::new();
    sources(&runtime, &mut files);
    let mut total = 0;
    let mut raw_files = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        let mut here = 0;
        for (i, line) in lines.iter().enumerate() {
            let code = code(line);
            let allows = code.contains("allow(unsafe_code");
            if allows {
                // `lib.rs`'s one allowance, on `mod raw`.
                assert!(
                    file.ends_with("lib.rs")
                        && lines.get(i + 1).is_some_and(|l| l.trim() == "mod raw;"),
                    "{}:{}: `unsafe_code` allowed outside `lib.rs`'s `mod raw`",
                    file.display(),
                    i + 1
                );
                // (Its reason names `unsafe`: not a use.)
                continue;
            }
            let unsafe_items = unsafe_words(code);
            if unsafe_items == 0 {
                continue;
            }
            assert!(
                file.starts_with(&raw),
                "{}:{}: `unsafe` outside `runtime/src/raw/`",
                file.display(),
                i + 1
            );
            // The argument is in the comment lines just before (or on the line of a
            // `let x = unsafe {`).
            let argued = lines[..i]
                .iter()
                .rev()
                .take_while(|l| l.trim_start().starts_with("//"))
                .any(|l| l.contains("SAFETY:"));
            assert!(
                argued || code.trim_start().starts_with("unsafe fn"),
                "{}:{}: `unsafe` without a `// SAFETY:` comment before it",
                file.display(),
                i + 1
            );
            here += unsafe_items;
        }
        if here > 0 {
            raw_files.push(file.clone());
            total += here;
        }
    }
    assert!(
        raw_files.len() <= 3,
        "`unsafe` in {} files: {raw_files:?}",
        raw_files.len()
    );
    assert!(total <= 25, "{total} `unsafe` blocks, functions and impls");
    let lib = fs::read_to_string(runtime.join("lib.rs")).expect("lib.rs");
    assert!(
        lib.contains("#![deny(unsafe_code)]"),
        "lib.rs denies `unsafe_code`"
    );
}
