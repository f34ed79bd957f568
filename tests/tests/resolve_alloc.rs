//! Resolution allocates once, the result, sized before it is written: counted with a global
//! allocator on the 42 examples of RFC 3986 §5.4. A count, not a timing.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use urlkit::Url;

/// The system allocator, counting the allocations (and reallocations) of the thread that
/// asked for a count.
struct Counting;

thread_local! {
    /// `Some(n)` while the thread counts.
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

fn count_one() {
    // `try_with`: the allocator also runs while thread-locals are torn down.
    let _ = COUNT.try_with(|count| count.set(count.get().map(|n| n + 1)));
}

// SAFETY: every method passes its arguments to `System` unchanged, so `System`'s guarantees
// are ours; counting touches only a thread-local `Cell`, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which `System` shares.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`, as the caller guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as for `dealloc`, and `new_size` is the caller's valid new size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations `f` makes on this thread (what it returns is dropped after counting).
fn allocations<T>(f: impl FnOnce() -> T) -> usize {
    COUNT.with(|count| count.set(Some(0)));
    let kept = f();
    let n = COUNT.with(|count| count.replace(None)).unwrap();
    drop(kept);
    n
}

#[test]
fn resolution_allocates_only_its_result() {
    let data = common::testdata("rfc3986__section-5.4-reference-resolution.json");
    let base = Url::parse(data["base"].as_str().unwrap()).unwrap();
    let references: Vec<&str> = ["normal", "abnormal"]
        .iter()
        .flat_map(|group| data[group].as_array().unwrap())
        .map(|case| case["ref"].as_str().unwrap())
        .collect();
    assert_eq!(references.len(), 42);
    let mut as_urls = 0;
    for reference in &references {
        if let Ok(url) = Url::parse(reference) {
            as_urls += 1;
            assert_eq!(allocations(|| base.resolve(&url)), 1, "resolve {reference}");
        }
        assert_eq!(
            allocations(|| base.resolve_str(reference)),
            1,
            "resolve_str {reference}"
        );
    }
    assert_eq!(as_urls, 34);
    // The checks that only some results need (a network-path reference's host against the
    // base's scheme) allocate nothing either.
    assert_eq!(allocations(|| base.resolve_str("//g:1/x?y")), 1);
}

#[test]
fn normalization_allocates_only_its_result() {
    for text in [
        "HTTP://Example.COM:80/%7Euser/a%2Fb?q=%41#%2D",
        "https://h",
        "urn:isbn:0451450523",
        "../a/b?c",
    ] {
        let url = Url::parse(text).unwrap();
        assert_eq!(allocations(|| url.normalize()), 1, "{text}");
    }
    let url = Url::parse("https://example.com/").unwrap();
    assert_eq!(
        allocations(|| url.eq_normalized(&url.clone())),
        1,
        "the clone only"
    );
}
