//! The user-level tests: one test binary, one module per file.
//!
//! Each test binary costs a link and its own copy of smartcheck's generic code, which made a
//! cold `cargo test --workspace` take minutes when every file was a binary of its own; here
//! they share one build. The tests run in parallel threads of one process, so a module here
//! must leave process-wide state alone: no `std::panic::set_hook`, no `std::env::set_var`, no
//! `std::process::exit` in the test process (a test may run this binary again as a child
//! process, with its own environment: see [`test_name`]). A test that must change such state
//! goes to `tests/global/`, whose tests run one at a time. A test that needs the whole process to
//! itself (`tests/memory.rs`: a counting global allocator) is a binary of its own.
//!
//! To add a test file: put it here as `tests/suite/NAME.rs` and add `mod NAME;` below, in
//! alphabetical order. Paths in it are one level deeper than in `tests/` (`#[path =
//! "../../examples/x.rs"]`, `include_str!("../../README.md")`), and the panic locations it
//! sees read `tests/suite/NAME.rs`. Run one file's tests with `cargo test --test suite NAME::`.

pub mod api_avl;
pub mod api_map;
pub mod api_panics;
pub mod api_ring;
pub mod api_signatures;
pub mod cfg_attr;
pub mod child;
pub mod classes;
pub mod contract;
pub mod derive;
pub mod derive_deep;
pub mod derive_foreign;
pub mod derive_hygiene;
pub mod derive_props;
pub mod derive_range;
pub mod edge_values;
pub mod engine;
pub mod enumerate;
pub mod escapes;
pub mod escapes_search;
pub mod examples;
pub mod exhaustive_mode;
pub mod faults;
pub mod generalize;
pub mod generators;
pub mod honesty;
pub mod interactive;
pub mod invariant;
pub mod maps;
pub mod persist;
pub mod prefix;
pub mod property_attr;
pub mod readme;
pub mod reducer;
pub mod refuter;
pub mod sparse;
pub mod std_types;
pub mod timeout;

/// The name libtest gives the test function `name` of the module `module` (as `module_path!()`
/// gives it): the module path without the crate's own name. A test that runs this binary again
/// as a child process passes it with `--exact`, so that the child runs that one test.
pub fn test_name(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_crate, path)) => format!("{path}::{name}"),
        None => name.to_string(),
    }
}

/// Runs `f` with the thread-local `slot` set to `Some(value)`, and back to `None` after, also
/// when `f` panics: how a test arms a trap in its own types' code for one call.
pub fn with_slot<T: Copy + 'static, R>(
    slot: &'static std::thread::LocalKey<std::cell::Cell<Option<T>>>,
    value: T,
    f: impl FnOnce() -> R,
) -> R {
    struct Reset<T: 'static>(&'static std::thread::LocalKey<std::cell::Cell<Option<T>>>);
    impl<T> Drop for Reset<T> {
        fn drop(&mut self) {
            self.0.set(None);
        }
    }
    let _reset = Reset(slot);
    slot.set(Some(value));
    f()
}
