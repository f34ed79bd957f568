//! Which Rust types are [`Value`]s and [`Scalar`]s (the list is in the `value` module's
//! documentation, `value/mod.rs`): strings, integers, floats, `bool`, `char`, `Url`, bytes,
//! pointers to any of them, `Option`s, sequences and maps.
//!
//!
//! Every impl of [`Value`] here is `#[diagnostic::do_not_recommend]`: where a type is no value
//! (`Option<Point>`, `Vec<Vec<u8>>`), rustc's error then names that type and the placeholder
//! (`value/placeholder.rs`), rather than what inside it lacks an impl, beside a list of the
//! types that have one.
//!
//! A string's or an integer's `expand` is a test of the expansion's layout (`writer/frame.rs`)
//! and one call into code compiled once, in this crate (`Expansion::text`, `unsigned`,
//! `signed`): in `url!`'s code the layout is a constant and the test folds away, and the
//! same code serves every template of every crate. In a release build these methods are
//! `#[inline(always)]`, as the expansion's are (see `writer/expansion.rs`).

#![allow(
    clippy::inline_always,
    reason = "in line in a release build only; see `writer/expansion.rs`"
)]

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::{BTreeMap, VecDeque};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use super::Expansion;
use super::traits::{ListItem, Scalar, Value};

macro_rules! scalar_via_str {
    ($($ty:ty),* $(,)?) => {$(
        impl Scalar for $ty {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write(&self, e: &mut Expansion<'_, '_>) {
                e.push_str(self);
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_unreserved(&self, e: &mut Expansion<'_, '_>) {
                e.push_unreserved(self);
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn unreserved_text(&self) -> Option<&str> {
                Some(AsRef::<str>::as_ref(self))
            }
            fn size_hint(&self) -> usize {
                self.len()
            }
        }
        impl ListItem for $ty {}
        #[diagnostic::do_not_recommend]
        impl Value for $ty {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.text(self);
            }
            fn size_hint(&self) -> usize {
                3 * self.len()
            }
        }
    )*};
}

scalar_via_str!(str, String, Cow<'_, str>);

/// A URL as a value is its text, encoded like any other text: `{next}` writes
/// `https%3A%2F%2Fexample.com%2F`, the form a redirect parameter needs (`/login?next={next}`).
/// `{+next}` keeps its reserved characters where the guards allow it: in a query, where
/// only a `#` would leave it (a `Url` with a fragment is refused there), and in a path,
/// where its `?` and `#` are refused and each `/` starts a segment checked like any other.
///
/// # Examples
/// ```
/// use urlkit::{url, Url};
///
/// let next = url!("https://app.example.com/inbox?folder=1");
/// assert_eq!(
///     url!("https://login.example.com/?next={next}")?,
///     "https://login.example.com/?next=https%3A%2F%2Fapp.example.com%2Finbox%3Ffolder%3D1"
/// );
/// assert_eq!(
///     url!("https://login.example.com/{?next}")?,
///     "https://login.example.com/?next=https%3A%2F%2Fapp.example.com%2Finbox%3Ffolder%3D1"
/// );
/// // Reserved expansion keeps the URL as it is where it cannot leave its place.
/// assert_eq!(
///     url!("https://login.example.com/?next={+next}")?,
///     "https://login.example.com/?next=https://app.example.com/inbox?folder=1"
/// );
/// let with_fragment = url!("https://app.example.com/#top");
/// assert!(url!("https://login.example.com/?next={+with_fragment}").is_err());
/// # Ok::<(), urlkit::ExpandError>(())
/// ```
impl Scalar for crate::Url {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_str(self.as_str());
    }
    fn size_hint(&self) -> usize {
        self.as_str().len()
    }
}
impl ListItem for crate::Url {}
#[diagnostic::do_not_recommend]
impl Value for crate::Url {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self);
    }
    fn size_hint(&self) -> usize {
        3 * self.as_str().len()
    }
}

macro_rules! scalar_integer {
    ($($ty:ty => $via:ident($wide:ty)),* $(,)?) => {$(
        impl Scalar for $ty {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write(&self, e: &mut Expansion<'_, '_>) {
                e.push_integer(*self);
            }
            fn size_hint(&self) -> usize {
                20
            }
        }
        #[diagnostic::do_not_recommend]
        impl Value for $ty {
            #[allow(clippy::cast_lossless, reason = "`usize` has no `From` into `u64`, yet fits")]
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.$via(*self as $wide);
            }
            fn size_hint(&self) -> usize {
                20
            }
        }
    )*};
}

scalar_integer!(
    u8 => unsigned(u64),
    u16 => unsigned(u64),
    u32 => unsigned(u64),
    u64 => unsigned(u64),
    usize => unsigned(u64),
    i8 => signed(i64),
    i16 => signed(i64),
    i32 => signed(i64),
    i64 => signed(i64),
    isize => signed(i64),
);

macro_rules! scalar_wide_integer {
    ($($ty:ty),* $(,)?) => {$(
        impl Scalar for $ty {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write(&self, e: &mut Expansion<'_, '_>) {
                e.push_integer(*self);
            }
            fn size_hint(&self) -> usize {
                40
            }
        }
        #[diagnostic::do_not_recommend]
        impl Value for $ty {
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.scalar(self);
            }
            fn size_hint(&self) -> usize {
                40
            }
        }
    )*};
}

scalar_wide_integer!(u128, i128);

macro_rules! list_items {
    ($($ty:ty),* $(,)?) => {$( impl ListItem for $ty {} )*};
}

// `u8` is left out: `[u8]` is a string of octets, not a list of numbers.
list_items!(
    u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, char
);

macro_rules! scalar_display {
    ($($ty:ty),* $(,)?) => {$(
        impl Scalar for $ty {
            fn write(&self, e: &mut Expansion<'_, '_>) {
                e.push_fmt(format_args!("{self}"));
            }
        }
        #[diagnostic::do_not_recommend]
        impl Value for $ty {
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.scalar(self);
            }
        }
    )*};
}

scalar_display!(f32, f64);

impl Scalar for bool {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_str(if *self { "true" } else { "false" });
    }
}
#[diagnostic::do_not_recommend]
impl Value for bool {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self);
    }
}

impl Scalar for char {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_str(self.encode_utf8(&mut [0; 4]));
    }
    fn size_hint(&self) -> usize {
        self.len_utf8()
    }
}
#[diagnostic::do_not_recommend]
impl Value for char {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self);
    }
    fn size_hint(&self) -> usize {
        12
    }
}

/// Octets, each encoded on its own (not read as UTF-8).
impl Scalar for [u8] {
    fn write(&self, e: &mut Expansion<'_, '_>) {
        e.push_bytes(self);
    }
    fn size_hint(&self) -> usize {
        self.len()
    }
}
#[diagnostic::do_not_recommend]
impl Value for [u8] {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(self);
    }
    fn size_hint(&self) -> usize {
        3 * self.len()
    }
}
#[diagnostic::do_not_recommend]
impl<const N: usize> Value for [u8; N] {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(&self[..]);
    }
    fn size_hint(&self) -> usize {
        3 * N
    }
}
#[diagnostic::do_not_recommend]
impl Value for Vec<u8> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.scalar(&self[..]);
    }
    fn size_hint(&self) -> usize {
        3 * self.len()
    }
}

macro_rules! forward_pointer {
    ($($ptr:ident),*) => {$(
        impl<T: Scalar + ?Sized> Scalar for $ptr<T> {
            fn write(&self, e: &mut Expansion<'_, '_>) {
                (**self).write(e);
            }
            fn write_unreserved(&self, e: &mut Expansion<'_, '_>) {
                (**self).write_unreserved(e);
            }
            fn unreserved_text(&self) -> Option<&str> {
                (**self).unreserved_text()
            }
            fn size_hint(&self) -> usize {
                (**self).size_hint()
            }
        }
        impl<T: ListItem + ?Sized> ListItem for $ptr<T> {}
        #[diagnostic::do_not_recommend]
        impl<T: Value + ?Sized> Value for $ptr<T> {
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                (**self).expand(e);
            }
            fn size_hint(&self) -> usize {
                (**self).size_hint()
            }
        }
    )*};
}

forward_pointer!(Box, Rc, Arc);

impl<T: Scalar + ?Sized> Scalar for &T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&self, e: &mut Expansion<'_, '_>) {
        (**self).write(e);
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_unreserved(&self, e: &mut Expansion<'_, '_>) {
        (**self).write_unreserved(e);
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unreserved_text(&self) -> Option<&str> {
        (**self).unreserved_text()
    }
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }
}
impl<T: ListItem + ?Sized> ListItem for &T {}
#[diagnostic::do_not_recommend]
impl<T: Value + ?Sized> Value for &T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        (**self).expand(e);
    }
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }
}
#[diagnostic::do_not_recommend]
impl<T: Value + ?Sized> Value for &mut T {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        (**self).expand(e);
    }
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }
}

/// `None` is undefined: the placeholder writes nothing (RFC 6570 §2.3).
#[diagnostic::do_not_recommend]
impl<T: Value> Value for Option<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        if let Some(value) = self {
            value.expand(e);
        }
    }
    fn size_hint(&self) -> usize {
        self.as_ref().map_or(0, Value::size_hint)
    }
}

fn list_hint<'a, T: Scalar + 'a>(items: impl ExactSizeIterator<Item = &'a T>) -> usize {
    // Three bytes a byte and a separator an item: the hints summed first, then scaled once
    // (one saturating add an item rather than three; the same result, saturated or not).
    // Saturating: a user's `Scalar` may hint anything, and this must not overflow.
    let separators = items.len();
    let sum = items.fold(0, |sum: usize, item| sum.saturating_add(item.size_hint()));
    sum.saturating_mul(3).saturating_add(separators)
}

macro_rules! lists {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        #[diagnostic::do_not_recommend]
        impl<T: ListItem, $($gen)*> Value for $ty {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.list(self.iter());
            }
            fn size_hint(&self) -> usize {
                list_hint(self.iter())
            }
        }
    )*};
}

lists!([] [T], [] Vec<T>, [] VecDeque<T>, [const N: usize] [T; N]);

fn map_hint<'a, K: Scalar + 'a, V: Scalar + 'a>(
    pairs: impl Iterator<Item = (&'a K, &'a V)>,
) -> usize {
    pairs.fold(0, |sum: usize, (k, v)| {
        let pair = k.size_hint().saturating_add(v.size_hint());
        sum.saturating_add(pair.saturating_mul(3).saturating_add(2))
    })
}

#[diagnostic::do_not_recommend]
impl<K: Scalar, V: Scalar> Value for BTreeMap<K, V> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.map(self.iter());
    }
    fn size_hint(&self) -> usize {
        map_hint(self.iter())
    }
}

#[cfg(feature = "std")]
#[diagnostic::do_not_recommend]
impl<K: Scalar, V: Scalar, S> Value for std::collections::HashMap<K, V, S> {
    fn expand(&self, e: &mut Expansion<'_, '_>) {
        e.map(self.iter());
    }
    fn size_hint(&self) -> usize {
        map_hint(self.iter())
    }
}

macro_rules! pair_lists {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        #[diagnostic::do_not_recommend]
        impl<K: Scalar, V: Scalar, $($gen)*> Value for $ty {
            fn expand(&self, e: &mut Expansion<'_, '_>) {
                e.map(self.iter().map(|(k, v)| (k, v)));
            }
            fn size_hint(&self) -> usize {
                map_hint(self.iter().map(|(k, v)| (k, v)))
            }
        }
    )*};
}

pair_lists!([] [(K, V)], [] Vec<(K, V)>, [const N: usize] [(K, V); N]);
