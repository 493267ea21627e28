//! The tests that change process-wide state: panic hooks (`silence`, `foreign_hook`) and
//! environment variables (`env`, `check`). Kept out of `tests/suite/`, whose tests share one
//! process in parallel threads; here every test holds [`serial`]'s lock from its first line to
//! its last, so that no two run at once and none sees another's hook or variables mid-way.
//!
//! To add a test file: `tests/global/NAME.rs`, `mod NAME;` below, and
//! `let _serial = crate::serial();` as the first line of each of its tests.

use std::sync::{Mutex, MutexGuard};

pub mod check;
pub mod env;
pub mod foreign_hook;
pub mod silence;

/// Held by each test of this binary for its whole run: the tests run one at a time. A test that
/// failed while holding it leaves it usable (its failure is reported on its own).
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
