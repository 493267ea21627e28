//! Growing the stack on x86-64 Linux without a build script: the current thread's stack
//! bounds from `pthread_getattr_np`, a new stack from `mmap` with a guard page below it, and
//! one small assembly function that calls a function on it.
//!
//! Elsewhere the `stacker` crate does the same (see [`super`]). Here it is our own, because
//! `stacker`'s assembly is built by a build script whose chain (`cc`, `ar_archive_writer`,
//! `object`) was most of what a user's clean test build paid for smartcheck beyond
//! proptest's (issue 13).
//!
//! Invariants:
//! - [`LIMIT`] holds the lowest usable address of the stack the thread runs on, or 0 while
//!   it is not known yet; [`grow`] sets it for the new stack and puts the old one back.
//! - Nothing unwinds through the assembly: [`grow`]'s callback catches every panic, and
//!   [`grow`] resumes it on the old stack once the new one is unmapped.
//! - A backtrace taken on the new stack walks back to the old one: the assembly keeps the
//!   old stack pointer in `rbp` and says so in its unwind table.

use std::cell::Cell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::ptr;

thread_local! {
    /// The lowest usable address of the stack this thread runs on; 0 until first asked.
    static LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// The current stack pointer, near enough: the address of a local.
#[inline(always)]
fn stack_pointer() -> usize {
    let marker = 0u8;
    ptr::addr_of!(marker) as usize
}

/// The lowest usable address of the calling thread's own stack, from the thread's
/// attributes (for the main thread, glibc derives it from the stack's resource limit).
fn thread_stack_limit() -> Option<usize> {
    // SAFETY: `attr` is initialised by `pthread_getattr_np` before it is read, and destroyed
    // once, only when that call succeeded.
    unsafe {
        let mut attr = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
        if libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()) != 0 {
            return None;
        }
        let mut base: *mut libc::c_void = ptr::null_mut();
        let mut size: libc::size_t = 0;
        let got = libc::pthread_attr_getstack(attr.as_ptr(), &mut base, &mut size);
        libc::pthread_attr_destroy(attr.as_mut_ptr());
        (got == 0 && !base.is_null()).then_some(base as usize)
    }
}

/// How many bytes of stack are left below the current frame, if the thread's stack bounds
/// are known.
pub(crate) fn remaining_stack() -> Option<usize> {
    let limit = LIMIT.with(|limit| {
        if limit.get() == 0 {
            limit.set(thread_stack_limit().unwrap_or(0));
        }
        limit.get()
    });
    (limit != 0).then(|| stack_pointer().saturating_sub(limit))
}

/// Calls `callback(data)` with the stack pointer at `top`, and returns on the old stack.
///
/// # Safety
/// `top` must be the 16-byte aligned upper end of a writable region large enough for
/// everything `callback` does, and `callback` must not unwind.
#[unsafe(naked)]
unsafe extern "C" fn call_on_stack(
    data: *mut u8,
    callback: unsafe extern "C" fn(*mut u8),
    top: *mut u8,
) {
    // System V: `data` in rdi (passed on untouched), `callback` in rsi, `top` in rdx. The old
    // stack pointer lives in rbp (callee-saved) while the callback runs, and the unwind
    // table computes the caller's frame from rbp, so unwinders walk back across the switch.
    core::arch::naked_asm!(
        ".cfi_startproc",
        "push rbp",
        ".cfi_def_cfa_offset 16",
        ".cfi_offset rbp, -16",
        "mov rbp, rsp",
        ".cfi_def_cfa_register rbp",
        "mov rsp, rdx",
        "call rsi",
        "mov rsp, rbp",
        "pop rbp",
        ".cfi_def_cfa rsp, 8",
        "ret",
        ".cfi_endproc",
    )
}

/// The callback [`call_on_stack`] runs: `data` points at a `&mut dyn FnMut()` that never
/// unwinds.
unsafe extern "C" fn run_callback(data: *mut u8) {
    // SAFETY: `grow` passes a pointer to a live `&mut dyn FnMut()`.
    let callback = unsafe { &mut *data.cast::<&mut dyn FnMut()>() };
    callback();
}

/// The system's page size.
fn page_size() -> usize {
    // SAFETY: `sysconf` has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page).ok().filter(|&p| p.is_power_of_two()).unwrap_or(4096)
}

/// A stack mapped for one call: `size` usable bytes above one guard page, unmapped on drop,
/// which also gives the thread back its old [`LIMIT`].
struct Mapped {
    base: *mut libc::c_void,
    len: usize,
    old_limit: usize,
}

impl Mapped {
    /// Maps a stack of at least `size` bytes, or `None` when the system refuses.
    fn new(size: usize) -> Option<Mapped> {
        let page = page_size();
        let usable = size.checked_add(page - 1)? & !(page - 1);
        let len = usable.checked_add(page)?;
        // SAFETY: a fresh private anonymous mapping; the guard page is its own first page.
        unsafe {
            let base = libc::mmap(
                ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
                -1,
                0,
            );
            if base == libc::MAP_FAILED {
                return None;
            }
            if libc::mprotect(base, page, libc::PROT_NONE) != 0 {
                libc::munmap(base, len);
                return None;
            }
            let old_limit = LIMIT.with(|limit| limit.replace(base as usize + page));
            Some(Mapped { base, len, old_limit })
        }
    }

    /// The upper end of the stack, where it starts (it grows down).
    fn top(&self) -> *mut u8 {
        // SAFETY: one past the end of the mapping, which is page-aligned.
        unsafe { self.base.cast::<u8>().add(self.len) }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        LIMIT.with(|limit| limit.set(self.old_limit));
        // SAFETY: the mapping is ours and nothing runs on it any more.
        unsafe { libc::munmap(self.base, self.len) };
    }
}

/// Runs `f` on a new stack of `size` bytes, and its result or panic comes back here. When
/// the system maps no stack, `f` runs on the current one.
pub(crate) fn grow<R>(size: usize, f: impl FnOnce() -> R) -> R {
    let Some(stack) = Mapped::new(size) else {
        return f();
    };
    let mut f = Some(f);
    let mut result = None;
    let mut callback = || {
        let f = f.take().expect("the callback runs once");
        result = Some(catch_unwind(AssertUnwindSafe(f)));
    };
    let mut callback: &mut dyn FnMut() = &mut callback;
    // SAFETY: the stack is mapped for the whole call, its top is page-aligned, and the
    // callback catches every panic.
    unsafe {
        call_on_stack(ptr::addr_of_mut!(callback).cast(), run_callback, stack.top());
    }
    drop(stack);
    match result.expect("the callback ran") {
        Ok(value) => value,
        Err(panic) => resume_unwind(panic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recurses `depth` frames of about 1 KiB each and returns the deepest stack pointer.
    #[inline(never)]
    fn recurse(depth: usize) -> usize {
        let frame = std::hint::black_box([0u8; 1024]);
        if depth == 0 {
            return stack_pointer() + usize::from(frame[0]);
        }
        std::hint::black_box(recurse(depth - 1))
    }

    #[test]
    fn a_grown_stack_holds_recursion_the_thread_could_not() {
        // 64 MiB of frames in a thread of 1 MiB.
        let deep = std::thread::Builder::new().stack_size(1 << 20).spawn(|| {
            let before = remaining_stack().expect("a thread's stack is known");
            assert!(before < 1 << 20);
            grow(128 << 20, || {
                let room = remaining_stack().expect("the new stack is known");
                assert!(room > 100 << 20, "{room}");
                recurse(64 * 1024)
            });
            remaining_stack().expect("known again")
        });
        let after = deep.expect("a thread").join().expect("no overflow");
        assert!(after < 1 << 20, "the old limit is back: {after}");
    }

    #[test]
    fn results_and_panics_come_back_to_the_old_stack() {
        assert_eq!(grow(1 << 20, || vec![1, 2, 3]), vec![1, 2, 3]);
        let seven = std::hint::black_box(7);
        let caught = catch_unwind(|| grow(1 << 20, || panic!("deep {seven}")));
        let payload = caught.expect_err("the panic came back");
        assert_eq!(payload.downcast_ref::<String>().map(String::as_str), Some("deep 7"));
        // Nested: each stack's limit is the thread's while it runs.
        let outer = grow(4 << 20, || {
            let inner = grow(8 << 20, || remaining_stack().unwrap());
            (remaining_stack().unwrap(), inner)
        });
        assert!(outer.0 < 4 << 20 && outer.0 > 3 << 20, "{outer:?}");
        assert!(outer.1 < 8 << 20 && outer.1 > 7 << 20, "{outer:?}");
    }

    #[inline(never)]
    fn the_callers_frame() -> String {
        grow(1 << 20, || std::backtrace::Backtrace::force_capture().to_string())
    }

    #[test]
    fn a_backtrace_on_a_grown_stack_walks_back_to_the_caller() {
        let trace = the_callers_frame();
        assert!(trace.contains("run_callback"), "{trace}");
        assert!(trace.contains("the_callers_frame"), "{trace}");
        assert!(trace.contains("a_backtrace_on_a_grown_stack_walks_back"), "{trace}");
    }
}
