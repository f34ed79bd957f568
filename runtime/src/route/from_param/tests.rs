//! `FromParam`'s accepted spellings, one type at a time.

use super::*;

fn parse<T: FromParam>(text: &str) -> Result<T, ParamError> {
    T::from_param(Cow::Borrowed(text))
}

fn suggests(canonical: &str) -> ParamError {
    ParamError::NotCanonical {
        canonical: Some(canonical.into()),
    }
}

#[test]
fn integers_have_one_spelling() {
    assert_eq!(parse::<u8>("0"), Ok(0));
    assert_eq!(parse::<u8>("255"), Ok(255));
    assert_eq!(parse::<i8>("-128"), Ok(-128));
    assert_eq!(parse::<u64>("007"), Err(suggests("7")));
    assert_eq!(parse::<u64>("+7"), Err(suggests("7")));
    assert_eq!(parse::<i32>("-0"), Err(suggests("0")));
    assert_eq!(parse::<i32>("-007"), Err(suggests("-7")));
    for bad in ["", "-", "256", "1.0", "0x10", " 1", "1_000", "-1"] {
        assert!(
            matches!(parse::<u8>(bad), Err(ParamError::Invalid { .. })),
            "{bad}"
        );
    }
}

/// What `from_param` of an integer must give: `str::parse`, kept where it is the text
/// `Display` writes.
fn reference<T: FromStr + Display>(text: &str) -> Option<T> {
    text.parse::<T>().ok().filter(|n| n.to_string() == text)
}

#[test]
fn integers_read_in_one_pass_agree_with_parse() {
    // Every text of up to four bytes of these, for types at both ends of the range.
    let alphabet = b"0125789-+a";
    let mut texts = alloc::vec![String::new()];
    for _ in 0..4 {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|t| {
                alphabet
                    .iter()
                    .map(move |&b| alloc::format!("{t}{}", b as char))
            })
            .collect();
        texts.extend(longer);
    }
    texts.extend(
        [
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775808",
        ]
        .map(String::from),
    );
    for text in &texts {
        assert_eq!(parse::<u8>(text).ok(), reference::<u8>(text), "{text}");
        assert_eq!(parse::<i8>(text).ok(), reference::<i8>(text), "{text}");
        assert_eq!(parse::<u16>(text).ok(), reference::<u16>(text), "{text}");
        assert_eq!(parse::<i64>(text).ok(), reference::<i64>(text), "{text}");
        assert_eq!(parse::<u64>(text).ok(), reference::<u64>(text), "{text}");
    }
}

#[test]
fn floats_are_read_as_display_writes_them() {
    for (text, value) in [
        ("0", 0.0),
        ("-0", -0.0),
        ("1.5", 1.5),
        ("0.1", 0.1),
        ("100000", 1e5),
        ("inf", f64::INFINITY),
        ("-inf", f64::NEG_INFINITY),
    ] {
        let parsed = parse::<f64>(text).unwrap();
        assert_eq!(parsed.to_bits(), f64::to_bits(value), "{text}");
    }
    assert!(parse::<f64>("NaN").unwrap().is_nan());
    assert_eq!(parse::<f64>("1.50"), Err(suggests("1.5")));
    assert_eq!(parse::<f64>("1e3"), Err(suggests("1000")));
    assert_eq!(parse::<f64>(".5"), Err(suggests("0.5")));
    assert_eq!(parse::<f64>("+1"), Err(suggests("1")));
    assert_eq!(parse::<f64>("infinity"), Err(suggests("inf")));
    assert_eq!(parse::<f32>("0.1"), Ok(0.1));
    // Too long to quote: the message says "its `Display` form" instead.
    assert_eq!(
        parse::<f64>("1e300"),
        Err(ParamError::NotCanonical { canonical: None })
    );
    assert!(matches!(
        parse::<f64>("one"),
        Err(ParamError::Invalid { .. })
    ));
}

/// `from_plain` gives what `from_params` gives for the same plain value: the string
/// types' own copy, and the default for the others.
#[test]
fn plain_values_read_as_from_params_reads_them() {
    fn same<T: FromParam + PartialEq + core::fmt::Debug>(text: &str) {
        let general = T::from_params(&mut Params::plain(text, text));
        assert_eq!(T::from_plain(text, text), general, "{text:?}");
    }
    let long = "x".repeat(100);
    for text in ["", "a", "octocat", "rust-lang", "42", "-0", long.as_str()] {
        same::<String>(text);
        same::<Box<str>>(text);
        same::<Rc<str>>(text);
        same::<Arc<str>>(text);
        same::<Cow<'static, str>>(text);
        same::<u64>(text);
        same::<Option<String>>(text);
        same::<Vec<String>>(text);
        let owned = String::from_plain(text, text).unwrap();
        assert_eq!((owned.as_str(), owned.capacity()), (text, text.len()));
    }
}

#[test]
fn bools_chars_and_strings() {
    assert_eq!(parse::<bool>("true"), Ok(true));
    assert!(parse::<bool>("True").is_err());
    assert!(parse::<bool>("1").is_err());
    assert_eq!(parse::<char>("é"), Ok('é'));
    assert!(parse::<char>("").is_err());
    assert!(parse::<char>("ab").is_err());
    assert_eq!(parse::<String>("a b/c"), Ok("a b/c".into()));
    assert_eq!(parse::<Arc<str>>(""), Ok(Arc::from("")));
    assert_eq!(parse::<Vec<u8>>("7"), Ok(alloc::vec![7]));
}
