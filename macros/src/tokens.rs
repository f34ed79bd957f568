//! A writer of token trees for the code `url!` generates, without `quote!`.
//!
//! The macro runs unoptimized in a user's debug build, and every template pays for each token
//! it generates twice: once here, once in rustc. `quote!` builds a token stream per
//! invocation and merges them on every interpolation, each merge a round trip to the compiler
//! (`bench/compile_time.py` measures what the macro costs). This writer pushes trees into one
//! flat list per group and hands each list to the compiler once.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::root::Root;

/// Token trees being written, each with the current span.
pub(crate) struct Tokens {
    trees: Vec<TokenTree>,
    span: Span,
    /// What a path written `::urlkit::...` starts with.
    root: Root,
}

impl Tokens {
    /// Writes with `span` until [`with_span`](Self::with_span) changes it; paths to urlkit
    /// start at `root`.
    pub(crate) fn new(span: Span, root: &Root) -> Self {
        Tokens {
            trees: Vec::new(),
            span,
            root: root.clone(),
        }
    }

    /// Writes what `f` writes with `span`, then goes back to the current span.
    pub(crate) fn with_span(&mut self, span: Span, f: impl FnOnce(&mut Tokens)) {
        let outer = core::mem::replace(&mut self.span, span);
        f(self);
        self.span = outer;
    }

    /// An identifier (a keyword too: `match`, `let`).
    pub(crate) fn word(&mut self, word: &str) -> &mut Self {
        self.trees.push(Ident::new(word, self.span).into());
        self
    }

    /// An identifier made elsewhere, with its own span.
    pub(crate) fn ident(&mut self, ident: &Ident) -> &mut Self {
        self.trees.push(ident.clone().into());
        self
    }

    /// Punctuation: `;`, `::`, `=>`, `||` (every character but the last joint, as rustc reads
    /// a multi-character operator).
    pub(crate) fn op(&mut self, op: &str) -> &mut Self {
        let mut chars = op.chars().peekable();
        while let Some(ch) = chars.next() {
            let spacing = if chars.peek().is_some() {
                Spacing::Joint
            } else {
                Spacing::Alone
            };
            let mut punct = Punct::new(ch, spacing);
            punct.set_span(self.span);
            self.trees.push(punct.into());
        }
        self
    }

    /// A path written `::a::b::c` or `a::b`; `::urlkit::...` starts at the root this
    /// writer was given (`$crate` in `url!`).
    pub(crate) fn path(&mut self, path: &str) -> &mut Self {
        let (absolute, path) = match path.strip_prefix("::urlkit") {
            Some(rest) => {
                let root: Vec<TokenTree> = self.root.at(self.span).collect();
                self.trees.extend(root);
                (true, rest.strip_prefix("::").unwrap_or(rest))
            }
            None => match path.strip_prefix("::") {
                Some(rest) => (true, rest),
                None => (false, path),
            },
        };
        if path.is_empty() {
            return self;
        }
        for (i, segment) in path.split("::").enumerate() {
            if absolute || i > 0 {
                self.op("::");
            }
            self.word(segment);
        }
        self
    }

    /// A literal, given the current span.
    pub(crate) fn literal(&mut self, mut literal: Literal) -> &mut Self {
        literal.set_span(self.span);
        self.trees.push(literal.into());
        self
    }

    /// A string literal.
    pub(crate) fn string(&mut self, text: &str) -> &mut Self {
        self.literal(Literal::string(text))
    }

    /// `true` or `false`.
    pub(crate) fn bool(&mut self, value: bool) -> &mut Self {
        self.word(if value { "true" } else { "false" })
    }

    /// A group holding what `f` writes.
    pub(crate) fn group(&mut self, delimiter: Delimiter, f: impl FnOnce(&mut Tokens)) -> &mut Self {
        let mut inner = Tokens::new(self.span, &self.root);
        f(&mut inner);
        self.group_of(delimiter, inner.into_stream())
    }

    /// `(...)` holding what `f` writes.
    pub(crate) fn parens(&mut self, f: impl FnOnce(&mut Tokens)) -> &mut Self {
        self.group(Delimiter::Parenthesis, f)
    }

    /// `{...}` holding what `f` writes.
    pub(crate) fn braces(&mut self, f: impl FnOnce(&mut Tokens)) -> &mut Self {
        self.group(Delimiter::Brace, f)
    }

    /// `stream` as it is (tokens written with `quote!`).
    pub(crate) fn stream(&mut self, stream: TokenStream) -> &mut Self {
        self.trees.extend(stream);
        self
    }

    /// A group holding `stream` as it is (a user's expression).
    pub(crate) fn group_of(&mut self, delimiter: Delimiter, stream: TokenStream) -> &mut Self {
        let mut group = Group::new(delimiter, stream);
        group.set_span(self.span);
        self.trees.push(group.into());
        self
    }

    pub(crate) fn into_stream(self) -> TokenStream {
        self.trees.into_iter().collect()
    }
}
