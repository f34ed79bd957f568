//! Every example vector of the documents the project started from (`tests/data/seeds/`), each
//! test citing its seed file and line. Two of the seed 001 vectors are wrong in the seed; the
//! tests say so and check both the corrected vector and that the seed's does not hold.

use crate::common;

use std::borrow::Cow;

use urlkit::{Url, decode, encode};

/// seed 001 (Mike Brown, uri@w3.org, 2004), §A lines 51-61: the first 16 bytes of a GIF.
/// Option 1 escapes every octet; our encoder leaves `GIF89a` as it is, since those octets are
/// unreserved characters in ASCII (RFC 3986 §2.3: they should not be escaped), and both forms
/// decode back to the same bytes. The bytes are not UTF-8 (`0xA2` is a continuation byte), so
/// the text decoder rejects them where the byte decoder does not.
#[test]
fn seed_001_gif_header_octets() {
    const GIF: [u8; 16] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x07, 0x00, 0x07, 0x00, 0xA2, 0x00, 0x00, 0x00, 0x00,
        0x00,
    ];
    let option_1 = "%47%49%46%38%39%61%07%00%07%00%A2%00%00%00%00%00";
    let ours = "GIF89a%07%00%07%00%A2%00%00%00%00%00";
    assert_eq!(encode::component_bytes(&GIF), ours);
    assert_eq!(decode::component_bytes(option_1).unwrap(), &GIF[..]);
    assert_eq!(decode::component_bytes(ours).unwrap(), &GIF[..]);
    let err = decode::component(option_1).unwrap_err();
    assert_eq!(err.offset(), 30, "the tenth triplet, `%A2`");
    // Option 2: Base64 text is all unreserved, so it is borrowed unchanged.
    assert!(matches!(
        encode::component("R0lGODlhBwAHAKIAAAAAAA"),
        Cow::Borrowed("R0lGODlhBwAHAKIAAAAAAA")
    ));
}

/// seed 001 §B lines 93-117: "greeting=" and 今日は (U+4ECA U+65E5 U+306F). In a query where `=`
/// separates name and value, each side is encoded and `=` is written between them; when `=`
/// is data it is encoded too.
#[test]
fn seed_001_greeting_in_the_query() {
    let greeting = "\u{4ECA}\u{65E5}\u{306F}";
    assert_eq!(greeting, "今日は");
    assert_eq!(
        greeting.as_bytes(),
        [0xE4, 0xBB, 0x8A, 0xE6, 0x97, 0xA5, 0xE3, 0x81, 0xAF]
    );
    let pair = format!(
        "{}={}",
        encode::component("greeting"),
        encode::component(greeting)
    );
    assert_eq!(pair, "greeting=%E4%BB%8A%E6%97%A5%E3%81%AF");
    assert_eq!(
        encode::component("greeting=今日は"),
        "greeting%3D%E4%BB%8A%E6%97%A5%E3%81%AF"
    );
    // `reserved` keeps `=` for its reserved purpose, as RFC 6570 `{+x}` does.
    assert_eq!(
        encode::reserved("greeting=今日は"),
        "greeting=%E4%BB%8A%E6%97%A5%E3%81%AF"
    );
    // Read back: one pair in the first form, one name without a value in the second.
    let url = Url::parse_iri("http://example.com/?greeting=今日は").unwrap();
    assert_eq!(url.query(), Some("greeting=%E4%BB%8A%E6%97%A5%E3%81%AF"));
    let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>().unwrap();
    assert_eq!(pairs, [("greeting".into(), greeting.into())]);
    let pairs: Vec<_> = decode::form_pairs("greeting%3D%E4%BB%8A%E6%97%A5%E3%81%AF")
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(pairs, [("greeting=今日は".into(), Cow::Borrowed(""))]);
}

/// seed 001 lines 105-126, erratum: the seed gives the octets of "greeting" as
/// `67 72 64 64 74 69 6E 67` and the "equivalent" form `%67%72%64%64%74%69%6E%67=...`. But `e`
/// is 0x65, not 0x64 (0x64 is `d`): that form decodes to "grddting". The corrected form
/// `%67%72%65%65%74%69%6E%67=...` is the one equivalent to `greeting=...`.
#[test]
fn seed_001_erratum_greeting_hex() {
    assert_eq!(
        "greeting".as_bytes(),
        [0x67, 0x72, 0x65, 0x65, 0x74, 0x69, 0x6E, 0x67]
    );
    let value = "%E4%BB%8A%E6%97%A5%E3%81%AF";
    let pairs = |query: &str| -> Vec<(String, String)> {
        decode::form_pairs(query)
            .map(|p| p.map(|(k, v)| (k.into_owned(), v.into_owned())))
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let expected = vec![("greeting".to_owned(), "今日は".to_owned())];
    let corrected = format!("%67%72%65%65%74%69%6E%67={value}");
    assert_eq!(pairs(&corrected), expected);
    assert_eq!(pairs(&format!("greeting={value}")), expected);
    let as_in_the_seed = format!("%67%72%64%64%74%69%6E%67={value}");
    assert_eq!(pairs(&as_in_the_seed)[0].0, "grddting");
    assert_ne!(pairs(&as_in_the_seed), expected);
}

/// seed 001 §C lines 161-177: a directory name "4 ÷ 3" stored as ISO-8859-1 octets
/// `34 20 F7 20 33` (the archive lost the `÷` from the prose). Treated opaquely, the octets
/// give `4%20%F7%203`, which decodes to bytes but is not UTF-8 text. Decoded first (÷ is
/// U+00F7) and encoded as UTF-8, it is `4%20%C3%B7%203`.
///
/// Erratum: the seed writes the UTF-8 reading as `4%20%C2%B7%203`, but `%C2%B7` is U+00B7
/// MIDDLE DOT; U+00F7 is `%C3%B7`.
#[test]
fn seed_001_division_sign_as_octets_and_as_utf8() {
    let octets = b"\x34\x20\xF7\x20\x33";
    assert_eq!(encode::component_bytes(octets), "4%20%F7%203");
    assert_eq!(decode::component_bytes("4%20%F7%203").unwrap(), &octets[..]);
    assert_eq!(decode::component("4%20%F7%203").unwrap_err().offset(), 4);

    assert_eq!(encode::component("4 \u{F7} 3"), "4%20%C3%B7%203");
    assert_eq!(decode::component("4%20%C3%B7%203").unwrap(), "4 ÷ 3");

    let as_in_the_seed = decode::component("4%20%C2%B7%203").unwrap();
    assert_eq!(as_in_the_seed, "4 \u{B7} 3");
    assert_ne!(as_in_the_seed, "4 ÷ 3");
}

/// seed 002 lines 46-47: the table of common characters. Every row decodes to its character.
/// Every row encodes to its triplet under `encode::component`, except the unreserved
/// characters `- . _ ~`, which pass through as themselves (RFC 3986 §2.3: "should not be
/// created by URI producers"; seed 002 line 26 makes the same point about `%41` and `%7E`).
/// The seed offers `%0A`, `%0D` or `%0D%0A` for "newline": all three are checked.
#[test]
fn seed_002_table_of_common_characters() {
    let table = [
        ("\n", "%0A"),
        ("\r", "%0D"),
        ("\r\n", "%0D%0A"),
        (" ", "%20"),
        ("\"", "%22"),
        ("%", "%25"),
        ("-", "%2D"),
        (".", "%2E"),
        ("<", "%3C"),
        (">", "%3E"),
        ("\\", "%5C"),
        ("^", "%5E"),
        ("_", "%5F"),
        ("`", "%60"),
        ("{", "%7B"),
        ("|", "%7C"),
        ("}", "%7D"),
        ("~", "%7E"),
        ("£", "%C2%A3"),
        ("円", "%E5%86%86"),
    ];
    let mut passed_through = String::new();
    for (character, triplets) in table {
        assert_eq!(
            decode::component(triplets).unwrap(),
            character,
            "{triplets}"
        );
        assert_eq!(
            decode::component(&triplets.to_lowercase()).unwrap(),
            character
        );
        let encoded = encode::component(character);
        if matches!(character, "-" | "." | "_" | "~") {
            assert!(matches!(encoded, Cow::Borrowed(c) if c == character));
            passed_through.push_str(character);
        } else {
            assert_eq!(encoded, triplets, "{character:?}");
        }
    }
    assert_eq!(passed_through, "-._~");
}

/// seed 002 lines 26, 34-40, 54 and 58-60: `%41` means `A`; binary data is escaped byte by
/// byte (0x0F is `%0F`, 0x41 may stay `A`); `/` in a segment is `%2F` or `%2f`; `%uxxxx` is
/// non-standard (the strict decoder says so and gives the UTF-8 form); form encoding writes a
/// space as `+`.
#[test]
fn seed_002_prose_examples() {
    assert_eq!(decode::component("%41%7E").unwrap(), "A~");
    assert_eq!(encode::component_bytes(&[0x0F, 0x41]), "%0FA");
    assert_eq!(
        decode::component_bytes("%0F%41").unwrap(),
        &[0x0F, 0x41][..]
    );
    assert_eq!(encode::component("a/b"), "a%2Fb");
    assert_eq!(decode::component("a%2Fb").unwrap(), "a/b");
    assert_eq!(decode::component("a%2fb").unwrap(), "a/b");
    let err = decode::component("%u5186").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`%u5186` at byte 0 is not a URL escape; the UTF-8 form is `%E5%86%86`"
    );
    assert_eq!(encode::form("円 円"), "%E5%86%86+%E5%86%86");
    assert_eq!(decode::form("%E5%86%86+%E5%86%86").unwrap(), "円 円");
}

/// seeds 000 and 003 (RFC 1738 §2.2; seed 000 lines 37-79, seed 003 lines 23-39): controls,
/// 0x80-0xFF, the "unsafe" characters and the reserved ones must be encoded. `component` does,
/// except for `~`: RFC 3986 §2.3 moved it to the unreserved set, so it stays raw. RFC 1738's
/// "special characters" `$-_.+!*'(),` may stay raw there; of these `component` keeps only the
/// RFC 3986 unreserved `- _ .`, because the others are RFC 3986 sub-delimiters.
#[test]
fn seeds_000_003_rfc_1738_unsafe_and_reserved_characters() {
    for unsafe_char in [
        ' ', '<', '>', '"', '#', '%', '{', '}', '|', '\\', '^', '[', ']', '`',
    ] {
        let s = unsafe_char.to_string();
        assert_eq!(
            encode::component(&s),
            format!("%{:02X}", u32::from(unsafe_char))
        );
    }
    assert_eq!(encode::component("~"), "~", "unreserved since RFC 3986");
    for reserved in [';', '/', '?', ':', '@', '=', '&'] {
        assert_eq!(
            encode::component(&reserved.to_string()).len(),
            3,
            "{reserved}"
        );
    }
    assert_eq!(
        encode::component("$-_.+!*'(),"),
        "%24-_.%2B%21%2A%27%28%29%2C"
    );
    for byte in (0x00..=0x1F).chain([0x7F]).chain(0x80..=0xFF) {
        assert_eq!(encode::component_bytes(&[byte]), format!("%{byte:02X}"));
    }
}

/// seed 004 (2011 blog post) lines 25-27: uppercase hex; `Ä` (U+00C4) is `%C3%84` in UTF-8,
/// never `%C4`; a space is `%20`, or `+` in a query string. Lines 40-42: `+` becomes a space
/// before percent-decoding, and either hex case is accepted.
#[test]
fn seed_004_generating_and_receiving() {
    assert_eq!(encode::component("Ä"), "%C3%84");
    assert_eq!(
        encode::component("Ärzteblatt 2011"),
        "%C3%84rzteblatt%202011"
    );
    assert_eq!(encode::form("Ärzteblatt 2011"), "%C3%84rzteblatt+2011");
    assert_eq!(decode::component("%c3%84").unwrap(), "Ä");
    assert_eq!(decode::form("1+1%2B1").unwrap(), "1 1+1");
    assert_eq!(
        decode::component("1+1").unwrap(),
        "1+1",
        "`+` is a space only in forms"
    );
}

/// seed 004 lines 43-46: `%C4` is Latin-1 `Ä`, not UTF-8; "the preferred behavior is to throw
/// an exception". The strict decoders reject it with the offset of `%C4`; the lossy ones
/// substitute U+FFFD, as WHATWG parsers do.
#[test]
fn seed_004_latin1_escape_is_rejected() {
    let message =
        "`%C4` at byte 0 does not decode to UTF-8 (overlong, truncated or invalid sequence)";
    for result in [
        decode::component("%C4rzteblatt"),
        decode::form("%C4rzteblatt"),
    ] {
        let err = result.unwrap_err();
        assert_eq!((err.offset(), err.to_string().as_str()), (0, message));
    }
    let err = decode::form_pairs("term=%C4rzteblatt")
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.offset(), 5);
    assert_eq!(decode::component_lossy("%C4rzteblatt"), "\u{FFFD}rzteblatt");
    let url = Url::parse("http://www.ncbi.nlm.nih.gov/pubmed?term=%C4rzteblatt").unwrap();
    let err = url.query_pairs().next().unwrap().unwrap_err();
    assert_eq!(err.offset(), 5, "offsets are into the query");
    let lossy: Vec<_> = decode::form_pairs_lossy(url.query().unwrap()).collect();
    assert_eq!(lossy, [("term".into(), "\u{FFFD}rzteblatt".into())]);
}

/// seed 004 lines 47-48: valid UTF-8 that decodes to 起司堡.
#[test]
fn seed_004_valid_utf8_query() {
    let url =
        Url::parse("http://www.ncbi.nlm.nih.gov/pubmed/?term=%E8%B5%B7%E5%8F%B8%E5%A0%A1").unwrap();
    let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>().unwrap();
    assert_eq!(pairs, [("term".into(), "起司堡".into())]);
    assert_eq!(
        decode::component("%E8%B5%B7%E5%8F%B8%E5%A0%A1").unwrap(),
        "起司堡"
    );
}

/// seed 004 lines 28-35: path segments may hold sub-delimiters, `:` and `@`; a query may also
/// hold `/` and `?`. The example URL is "legal and unambiguous", and the `=` of the nested URL
/// is `%3D`, so its query pair decodes to the whole nested URL.
#[test]
fn seed_004_example_url() {
    let text = "http://example.com/doc@1:5/?back_uri=http://user:password@example.com/?foo%3Dbar";
    let url = Url::parse(text).unwrap();
    assert_eq!(url.as_str(), text);
    assert_eq!(url.host(), Some("example.com"));
    assert_eq!(url.userinfo(), None);
    assert_eq!(url.path(), "/doc@1:5/");
    assert_eq!(
        url.query(),
        Some("back_uri=http://user:password@example.com/?foo%3Dbar")
    );
    let pairs: Vec<_> = url.query_pairs().collect::<Result<_, _>>().unwrap();
    assert_eq!(
        pairs,
        [(
            "back_uri".into(),
            "http://user:password@example.com/?foo=bar".into()
        )]
    );
    // The `url` crate reads it the same way.
    let whatwg = url::Url::parse(text).unwrap();
    assert_eq!(whatwg.path(), url.path());
    assert_eq!(whatwg.query(), url.query());
    assert!(Url::parse("http://example.com/a:b@c!$&'()*+,;=/?/?").is_ok());
}

/// seed 004 lines 9-14: the "excluded" characters are rejected raw by `Url::parse` and
/// encoded by `encode::component`.
#[test]
fn seed_004_excluded_characters() {
    let excluded = (0x00..=0x1F)
        .chain([0x7F, b' '])
        .chain(*b"\"<>\\^`{|}")
        .map(char::from)
        .chain(['Ä']);
    let mut n = 0;
    for c in excluded {
        let text = format!("http://example.com/a{c}b");
        assert!(Url::parse(&text).is_err(), "{text:?}");
        assert!(encode::component(&c.to_string()).starts_with('%'));
        n += 1;
    }
    assert_eq!(n, 32 + 2 + 9 + 1);
}

/// The vectors above, read back from the vendored seed documents at the lines the tests cite,
/// so a citation cannot drift from its source.
#[test]
fn cited_vectors_stand_in_the_seed_files() {
    let cited: [(&str, usize, &str); 9] = [
        (
            "001_d6cdb78e8d609619.txt",
            53,
            "47 49 46 38 39 61 07 00 07 00 A2 00 00 00 00 00",
        ),
        (
            "001_d6cdb78e8d609619.txt",
            57,
            "%47%49%46%38%39%61%07%00%07%00%A2%00%00%00%00%00",
        ),
        ("001_d6cdb78e8d609619.txt", 61, "R0lGODlhBwAHAKIAAAAAAA"),
        (
            "001_d6cdb78e8d609619.txt",
            112,
            "greeting=%E4%BB%8A%E6%97%A5%E3%81%AF",
        ),
        (
            "001_d6cdb78e8d609619.txt",
            117,
            "greeting%3D%E4%BB%8A%E6%97%A5%E3%81%AF",
        ),
        ("001_d6cdb78e8d609619.txt", 177, "4%20%C2%B7%203"),
        ("002_e1e5d0f15a4e8d92.txt", 47, "%C2%A3 | %E5%86%86"),
        ("004_71be320256cb2d33.txt", 27, "%C3%84"),
        ("004_71be320256cb2d33.txt", 45, "pubmed?term=%C4rzteblatt"),
    ];
    for (file, line, vector) in cited {
        let path = common::data_path("seeds").join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let at = text.lines().nth(line - 1).unwrap_or_default();
        assert!(
            at.contains(vector),
            "{file}:{line} is {at:?}, not {vector:?}"
        );
    }
}
