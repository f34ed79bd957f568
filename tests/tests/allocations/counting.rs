//! A counting global allocator, for the tests that count what a call allocates
//! (`allocations.rs`, `resolve_alloc.rs`, `complexity.rs`): `mod counting;` in `main.rs`
//! installs it in the `allocations` test binary, and only there. A count is deterministic,
//! where a time is not.
//!
//! Each thread counts its own allocations (the test harness runs tests on several threads).
//! A reallocation counts as an allocation, of its new size: a buffer that grows has been
//! allocated twice.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the allocations of each thread and the bytes they ask for.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

fn count(bytes: usize) {
    // `try_with`: a thread being torn down may still free and allocate.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = BYTES.try_with(|b| b.set(b.get().saturating_add(bytes)));
}

// SAFETY: every method forwards to `System` with the same arguments, so `System`'s guarantees
// are ours; counting touches only thread-local `Cell`s initialized without allocating
// (`const`).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What a call allocated on the current thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allocated {
    /// Allocations and reallocations.
    pub(crate) allocations: usize,
    /// The bytes they asked for (a reallocation: its new size).
    #[allow(dead_code, reason = "each test binary reads its own part")]
    pub(crate) bytes: usize,
}

fn now() -> Allocated {
    Allocated {
        allocations: ALLOCATIONS.with(Cell::get),
        bytes: BYTES.with(Cell::get),
    }
}

/// What `f` returns, and what it allocated on this thread (what it returns is counted, and
/// dropped by the caller, after counting).
pub(crate) fn allocated<T>(f: impl FnOnce() -> T) -> (T, Allocated) {
    let before = now();
    let value = f();
    let after = now();
    (
        value,
        Allocated {
            allocations: after.allocations - before.allocations,
            bytes: after.bytes - before.bytes,
        },
    )
}
