//! The encoding bench's inputs, shared with `examples/encoding_count.rs`.

/// English prose with punctuation: escapes every few bytes, irregularly.
pub const ENGLISH: &str = "Percent-encoding, also known as URL encoding, is a method to encode \
arbitrary data in a uniform resource identifier (URI) using only the US-ASCII characters \
legal within a URI. Why does it matter? Because a space, a slash, an ampersand & a question \
mark all mean something in a URL: \"a b/c?d=e&f\" must become something else before it can \
travel. Most libraries get the common cases right; fewer handle 100% of them, and some \
encode twice (so %20 turns into %2520). Rules differ by component: paths, queries & \
fragments allow different characters, and forms write spaces as plus signs! The safest \
choice for values is to escape everything except letters, digits, '-', '.', '_' and '~'. \
That is what RFC 6570 does for simple expansion, and what signing schemes expect; it costs \
a few bytes but never changes the URL's shape. Questions? Write to us: hello@example.com.";

/// Cyrillic, Japanese and Chinese text: every byte but spaces and some punctuation escaped.
pub const MULTIBYTE: &str = "Процентное кодирование, также известное как кодирование URL, — \
метод кодирования произвольных данных в идентификаторе ресурса. パーセントエンコーディングは、\
URIにおいて使用できない文字を表現するための符号化方式です。百分号编码又称URL编码，是一种\
统一资源定位符的编码机制。Кириллица и 漢字 вместе: 東京 — Москва — 北京 — Київ. ";

/// The inputs by name, each about 1 KB but for the short identifier.
pub fn inputs() -> Vec<(&'static str, String)> {
    let ident = "user_name-42.v2~draft";
    let repeat = |s: &str, len: usize| s.repeat(len.div_ceil(s.len()));
    vec![
        ("ident_short", ident.to_owned()),
        ("ident_1k", repeat(ident, 1024)),
        ("english_1k", ENGLISH.to_owned()),
        ("multibyte_1k", repeat(MULTIBYTE, 1024)),
    ]
}
