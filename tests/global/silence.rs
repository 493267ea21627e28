//! Panic output is silenced while smartcheck searches, and only then. In `tests/global/` (its
//! tests run one at a time), because it installs a process-wide panic hook.

use std::sync::atomic::{AtomicUsize, Ordering};

static PRINTED: AtomicUsize = AtomicUsize::new(0);

#[test]
fn panics_are_silent_while_searching_and_only_then() {
    let _serial = crate::serial();
    std::panic::set_hook(Box::new(|_| {
        PRINTED.fetch_add(1, Ordering::SeqCst);
    }));
    let args = smartcheck::Args { seed: Some(9), ..smartcheck::Args::default() };
    let report = smartcheck::smart_check(&args, |v: &Vec<u8>| -> bool {
        assert!(v.len() < 2, "too long: {}", v.len());
        true
    });
    assert!(report.failed());
    assert!(report.evaluations() > 1, "several panics happened while searching");
    assert_eq!(PRINTED.load(Ordering::SeqCst), 0, "no panic reached the previous hook");
    assert!(report.to_string().contains("too long: 2"), "{report}");
    // Outside a search, panics reach the hook as usual.
    let _ = std::panic::catch_unwind(|| panic!("outside"));
    assert_eq!(PRINTED.load(Ordering::SeqCst), 1);
}
