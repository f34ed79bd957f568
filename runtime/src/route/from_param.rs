//! [`FromParam`]: how a decoded value becomes a field, with one accepted spelling per value.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt::{self, Display, Write as _};
use core::str::FromStr;

use super::{ParamError, Params, ValueType};
use crate::value::Fmt;

/// A field type that `from_url` can fill from the values a URL gives its placeholder.
///
/// `from_url` splits the URL, percent-decodes each value (see [`Params`]) and hands it to
/// [`from_param`](Self::from_param). Each implementation accepts exactly the text that
/// `to_url` writes for its values, so that every value has one spelling and parsing a URL
/// then building it gives the same URL back:
///
/// | type | accepts | e.g. |
/// |---|---|---|
/// | `String`, `Box<str>`, `Rc<str>`, `Arc<str>`, `Cow<'static, str>` | any text | `a b/c` |
/// | `u8` … `u128`, `usize`, `i8` … `i128`, `isize` | decimal digits, `-` for negatives; no `+`, no leading zeros, no `-0` | `42`, `-7` |
/// | `f32`, `f64` | exactly what `Display` writes: no exponent, no trailing zeros, `inf`, `-inf`, `NaN` | `1.5`, `-0`, `100000` |
/// | `bool` | `true` or `false` | |
/// | `char` | one character | `é` |
/// | `Option<T>` | no value (`None`), or one value for `T` | |
/// | `Vec<T>` | any number of values for `T`, in order | |
/// | [`Fmt<T>`](crate::Fmt) with `T: FromStr` (its error `Display`) | whatever `T::from_str` accepts | a UUID, an IP address |
///
/// Numbers written another way (`007`, `+7`, `1.50`, `1e3`) are refused with
/// [`ParamError::NotCanonical`], which says how to write them. Values were decoded before
/// they get here: in the query `+` was a space, in the path it stays a `+`.
///
/// Whether a field is one value, optional or a list is decided by the derive from its type as
/// written (`Option<…>`, `Vec<…>`), which fixes the URLs the route matches; a type alias is
/// not looked through.
///
/// # Examples
/// ```
/// use std::borrow::Cow;
/// use urlkit::route::{FromParam, ParamError};
///
/// assert_eq!(u16::from_param("8080".into()), Ok(8080));
/// assert_eq!(f64::from_param("0.5".into()), Ok(0.5));
/// assert!(f64::from_param("0.50".into()).is_err());
/// assert_eq!(Option::<char>::from_param("é".into()), Ok(Some('é')));
///
/// /// A user name: lowercase ASCII letters only.
/// struct Login(String);
///
/// impl FromParam for Login {
///     fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
///         if !value.is_empty() && value.bytes().all(|b| b.is_ascii_lowercase()) {
///             Ok(Login(value.into_owned()))
///         } else {
///             Err(ParamError::Invalid { expected: "a login (lowercase letters)" })
///         }
///     }
/// }
///
/// assert!(Login::from_param("ada".into()).is_ok());
/// assert!(Login::from_param("Ada".into()).is_err());
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be parsed from a URL",
    label = "`from_url` fills this field from the URL",
    note = "a route field takes strings (`String`, `Box<str>`, `Arc<str>`, `Cow<'static, str>`), integers, floats, `bool`, `char`, `Option` and `Vec` of those, or your own type implementing `urlkit::route::FromParam`",
    note = "for any type that implements `FromStr` and `Display`, wrap it: `urlkit::Fmt<T>`"
)]
pub trait FromParam: Sized {
    /// The values [`from_param`](Self::from_param) accepts, as far as a description of an
    /// API can say it ([`ValueType`]); for `Option<T>` and `Vec<T>`, `T`'s. The derive records
    /// it for each field in [`Route::SHAPES`](crate::Route::SHAPES), where code that
    /// describes the routes (an `OpenAPI` document) reads it. The default is
    /// [`ValueType::Text`]; a type of your own that reads integers can say so:
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use urlkit::route::{FromParam, ParamError, ValueType};
    ///
    /// /// A page number, from 1.
    /// struct Page(u32);
    ///
    /// impl FromParam for Page {
    ///     const VALUE_TYPE: ValueType = ValueType::Integer { min: 1, max: u32::MAX as u128 };
    ///
    ///     fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
    ///         match u32::from_param(value)? {
    ///             0 => Err(ParamError::Invalid { expected: "a page number from 1" }),
    ///             n => Ok(Page(n)),
    ///         }
    ///     }
    /// }
    ///
    /// assert_eq!(Vec::<Page>::VALUE_TYPE, ValueType::Integer { min: 1, max: 4294967295 });
    /// assert_eq!(String::VALUE_TYPE, ValueType::Text);
    /// ```
    const VALUE_TYPE: ValueType = ValueType::Text;

    /// Converts one decoded value.
    ///
    /// # Errors
    /// [`ParamError::Invalid`] (or another kind) when the text is not a value of the type.
    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError>;

    /// Converts all the values the URL gives the placeholder. The default takes exactly one
    /// ([`ParamError::Missing`] for none, [`ParamError::Repeated`] for more); `Option` takes
    /// none or one, `Vec` any number.
    ///
    /// # Errors
    /// As above, and whatever reading the values finds ([`Params::next_value`]).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "inlined into each reading of a field, with `Params::next_value`"
    )]
    fn from_params(params: &mut Params<'_>) -> Result<Self, ParamError> {
        let Some(value) = params.next_value()? else {
            return Err(ParamError::Missing);
        };
        if !params.is_done() {
            return Err(ParamError::Repeated);
        }
        Self::from_param(value)
    }

    /// Converts the one value of a path segment that is its own decoding (no `%`) and that
    /// passed the segment checks: what [`from_params`](Self::from_params) gives for
    /// `Params::plain(input, value)`, which this default calls. The string types build
    /// their value from the text directly, without a `Cow` between (`from_url` reads most
    /// path values this way). Not for implementing: a type that overrides it must give
    /// exactly what `from_params` gives.
    ///
    /// # Errors
    /// As [`from_params`](Self::from_params).
    #[doc(hidden)]
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "as `from_params`")]
    fn from_plain(input: &str, value: &str) -> Result<Self, ParamError> {
        Self::from_params(&mut Params::plain(input, value))
    }
}

macro_rules! strings {
    ($($ty:ty => $convert:expr),* $(,)?) => {$(
        impl FromParam for $ty {
            #[inline]
            fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
                let convert: fn(String) -> $ty = $convert;
                Ok(convert(value.into_owned()))
            }

            #[inline(always)]
            fn from_plain(_input: &str, value: &str) -> Result<Self, ParamError> {
                let convert: fn(String) -> $ty = $convert;
                Ok(convert(owned(value)))
            }
        }
    )*};
}

strings!(
    String => |s| s,
    Box<str> => String::into_boxed_str,
    Rc<str> => Rc::from,
    Arc<str> => Arc::from,
    Cow<'static, str> => Cow::Owned,
);

/// `text` in a new `String` of exactly its length ([`owned_string`](crate::raw::owned_string)):
/// what `String::from` gives, without `Vec`'s general allocation, paid for each path value
/// `from_url` reads.
#[inline]
fn owned(text: &str) -> String {
    crate::raw::owned_string(text)
}

/// Whether `text` is an integer as `Display` writes it: digits without leading zeros, and a
/// `-` only before a non-zero value.
fn canonical_integer(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0"
}

/// A value written another way than `Display` writes it; says how, if that is short.
#[cold]
fn not_canonical(value: &impl Display) -> ParamError {
    let canonical = value.to_string();
    ParamError::NotCanonical {
        canonical: (canonical.len() <= super::error::QUOTED).then_some(canonical),
    }
}

macro_rules! integers {
    ($($ty:ty => $expected:literal),* $(,)?) => {$(
        impl FromParam for $ty {
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_wrap, clippy::cast_lossless, reason = "every `MIN` fits an `i128` and every `MAX` a `u128`")]
            const VALUE_TYPE: ValueType = ValueType::Integer { min: <$ty>::MIN as i128, max: <$ty>::MAX as u128 };

            #[inline]
            fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
                // A positive value as `Display` writes it, read in one pass; anything else
                // (zero, a sign, leading zeros, too large, not digits) the way below, which
                // also says what is wrong.
                if let [first @ b'1'..=b'9', rest @ ..] = value.as_bytes() {
                    let digit = |b: u8| <$ty>::try_from(b.wrapping_sub(b'0')).ok().filter(|&d| d <= 9);
                    let mut n = digit(*first);
                    for &b in rest {
                        n = n.and_then(|n| n.checked_mul(10)?.checked_add(digit(b)?));
                    }
                    if let Some(n) = n {
                        return Ok(n);
                    }
                }
                match value.parse::<$ty>() {
                    Ok(n) if canonical_integer(&value) => Ok(n),
                    Ok(n) => Err(not_canonical(&n)),
                    Err(_) => Err(ParamError::Invalid { expected: $expected }),
                }
            }
        }
    )*};
}

integers!(
    u8 => "an integer from 0 to 255",
    u16 => "an integer from 0 to 65535",
    u32 => "an integer from 0 to 4294967295",
    u64 => "an integer from 0 to 18446744073709551615",
    u128 => "an integer from 0 to 340282366920938463463374607431768211455",
    usize => "an integer from 0 to `usize::MAX`",
    i8 => "an integer from -128 to 127",
    i16 => "an integer from -32768 to 32767",
    i32 => "an integer from -2147483648 to 2147483647",
    i64 => "an integer from -9223372036854775808 to 9223372036854775807",
    i128 => "an integer from -170141183460469231731687303715884105728 to 170141183460469231731687303715884105727",
    isize => "an integer from `isize::MIN` to `isize::MAX`",
);

/// Compares what is formatted with `expected`, without storing it.
struct SameAs<'a> {
    rest: &'a str,
    same: bool,
}

impl fmt::Write for SameAs<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) if self.same => self.rest = rest,
            _ => self.same = false,
        }
        Ok(())
    }
}

/// Whether `value` displays as exactly `text`.
fn displays_as(value: &impl Display, text: &str) -> bool {
    let mut cmp = SameAs {
        rest: text,
        same: true,
    };
    // `SameAs` never fails, and neither do float `Display`s.
    let _ = write!(cmp, "{value}");
    cmp.same && cmp.rest.is_empty()
}

macro_rules! floats {
    ($($ty:ty => $expected:literal),* $(,)?) => {$(
        impl FromParam for $ty {
            const VALUE_TYPE: ValueType = ValueType::Number;

            fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
                match value.parse::<$ty>() {
                    Ok(x) if displays_as(&x, &value) => Ok(x),
                    Ok(x) => Err(not_canonical(&x)),
                    Err(_) => Err(ParamError::Invalid { expected: $expected }),
                }
            }
        }
    )*};
}

floats!(f32 => "a number (an `f32`)", f64 => "a number (an `f64`)");

impl FromParam for bool {
    const VALUE_TYPE: ValueType = ValueType::Boolean;

    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
        match &*value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(ParamError::Invalid {
                expected: "`true` or `false`",
            }),
        }
    }
}

impl FromParam for char {
    const VALUE_TYPE: ValueType = ValueType::Char;

    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
        let mut chars = value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(ParamError::Invalid {
                expected: "a single character",
            }),
        }
    }
}

/// No value is `None`; one value is `Some`; more are [`ParamError::Repeated`].
impl<T: FromParam> FromParam for Option<T> {
    const VALUE_TYPE: ValueType = T::VALUE_TYPE;

    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
        T::from_param(value).map(Some)
    }

    #[inline]
    fn from_params(params: &mut Params<'_>) -> Result<Self, ParamError> {
        let Some(value) = params.next_value()? else {
            return Ok(None);
        };
        if !params.is_done() {
            return Err(ParamError::Repeated);
        }
        T::from_param(value).map(Some)
    }
}

/// Every value, in the order of the URL; none is an empty list.
impl<T: FromParam> FromParam for Vec<T> {
    const VALUE_TYPE: ValueType = T::VALUE_TYPE;

    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
        Ok(alloc::vec![T::from_param(value)?])
    }

    #[inline]
    fn from_params(params: &mut Params<'_>) -> Result<Self, ParamError> {
        let mut items = Vec::new();
        while let Some(value) = params.next_value()? {
            items.push(T::from_param(value)?);
        }
        Ok(items)
    }
}

/// Parses with `T::from_str`, as `to_url` writes with `T`'s `Display`: for a route to read
/// back what it writes, the two must agree (as they do for UUIDs, IP addresses, `NonZero`
/// integers, and most types). A value `from_str` refuses is [`ParamError::Unparsable`], with
/// the `FromStr` error's message, which `RouteError`'s message shows (the type's name stays in
/// the error's [`kind`](crate::RouteError::kind), out of what a client may be shown).
///
/// ```
/// use std::net::Ipv4Addr;
/// use urlkit::{Fmt, Route, route::{FromParam, ParamError, RouteErrorKind}};
///
/// assert_eq!(Fmt::<Ipv4Addr>::from_param("127.0.0.1".into()), Ok(Fmt(Ipv4Addr::LOCALHOST)));
/// assert!(Fmt::<Ipv4Addr>::from_param("localhost".into()).is_err());
///
/// #[derive(Route, Debug)]
/// #[route("/hosts/{ip}")]
/// struct Host { ip: Fmt<Ipv4Addr> }
///
/// let err = Host::from_url("/hosts/localhost").unwrap_err();
/// assert_eq!(err.to_string(), "`Host.ip`: `localhost` does not parse: invalid IPv4 address syntax");
/// let RouteErrorKind::Value(ParamError::Unparsable { type_name, .. }) = err.kind() else { panic!() };
/// assert!(type_name.ends_with("Ipv4Addr"));
/// ```
impl<T: FromStr> FromParam for Fmt<T>
where
    T::Err: Display,
{
    fn from_param(value: Cow<'_, str>) -> Result<Self, ParamError> {
        T::from_str(&value)
            .map(Fmt)
            .map_err(|error| ParamError::Unparsable {
                type_name: core::any::type_name::<T>(),
                message: error.to_string(),
            })
    }
}

#[cfg(test)]
mod tests;
