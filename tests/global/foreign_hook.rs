//! Silencing survives other panic hooks (issue 12.3): a hook installed after smartcheck, between
//! runs or in the middle of one, neither gets the search's panics nor costs their locations;
//! panics in threads the property spawns are silenced too; a panic elsewhere still reaches the
//! other hook. In `tests/global/` (its tests run one at a time), because panic hooks are
//! process-wide.

use std::sync::atomic::{AtomicUsize, Ordering};

use smartcheck::{smart_check, Args};

static PRINTED: AtomicUsize = AtomicUsize::new(0);

fn foreign_hook() {
    std::panic::set_hook(Box::new(|_| {
        PRINTED.fetch_add(1, Ordering::SeqCst);
    }));
}

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), ..Args::default() }
}

/// Two panic sites: unsorted input, long input.
fn two_bugs(v: &[u8]) -> bool {
    if v.windows(2).any(|w| w[0] > w[1]) {
        panic!("unsorted");
    }
    if v.len() >= 6 {
        panic!("too long");
    }
    true
}

#[test]
fn a_foreign_hook_keeps_silencing_and_classes_intact() {
    let _serial = crate::serial();
    assert!(smart_check(&seeded(1), |v: &Vec<u8>| two_bugs(v)).failed()); // installs smartcheck's hook
    foreign_hook(); // between runs: displaces smartcheck's hook
    for seed in 0..30 {
        let report = smart_check(&seeded(seed), |v: &Vec<u8>| two_bugs(v));
        assert!(report.failed());
        for cex in report.counterexamples() {
            assert!(cex.failure().to_string().contains("tests/global/foreign_hook.rs"), "{report}");
        }
        assert!((1..=2).contains(&report.counterexamples().len()), "{report}");
    }
    assert_eq!(PRINTED.load(Ordering::SeqCst), 0, "no search panic reached the foreign hook");

    // In the middle of a run: at most the one panic that revealed the change leaks.
    let installed = AtomicUsize::new(0);
    let report = smart_check(&seeded(5), |v: &Vec<u8>| {
        if installed.fetch_add(1, Ordering::SeqCst) == 3 {
            foreign_hook();
        }
        two_bugs(v)
    });
    assert!(PRINTED.load(Ordering::SeqCst) <= 1, "{}", PRINTED.load(Ordering::SeqCst));
    for cex in report.counterexamples() {
        assert!(cex.failure().to_string().contains("tests/global/foreign_hook.rs"), "{report}");
    }
    PRINTED.store(0, Ordering::SeqCst);

    // Threads the property spawns are silenced; a named thread (as libtest's) is not.
    let report = smart_check(&seeded(6), |v: &Vec<u8>| {
        let n = v.len();
        std::thread::spawn(move || assert!(n < 2, "spawned")).join().is_ok()
    });
    assert!(report.failed());
    assert_eq!(PRINTED.load(Ordering::SeqCst), 0, "the spawned threads' panics are silenced");
    let report = smart_check(&Args { rounds: 1, ..seeded(7) }, |v: &Vec<u8>| {
        let n = v.len();
        let beside = std::thread::Builder::new().name("beside".into());
        beside.spawn(move || assert!(n < 2, "beside")).map(|h| h.join().is_ok()).unwrap_or(true)
    });
    assert!(report.failed());
    assert!(PRINTED.load(Ordering::SeqCst) >= 1, "a named thread keeps its message");
    PRINTED.store(0, Ordering::SeqCst);

    // Outside a search, panics reach the foreign hook as usual.
    let _ = std::panic::catch_unwind(|| panic!("outside"));
    assert_eq!(PRINTED.load(Ordering::SeqCst), 1);
}

/// A property that installs a hook of its own on every call takes every panic's location
/// (std gives it to the hook only), so failures are told apart by their messages; one that
/// says the length (`too long: 3`, `too long: 7`) was reported as three classes, two of them
/// not minimal. Digits are read as `#` in a message without a location: one class, `[0, 0,
/// 0]`. Two bugs with different words stay two.
#[test]
fn a_property_that_installs_its_own_hook_keeps_one_bug_one_class() {
    let _serial = crate::serial();
    for seed in 0..10 {
        let report = smart_check(&Args { persist: false, ..seeded(seed) }, |v: &Vec<u8>| {
            std::panic::set_hook(Box::new(|_| {}));
            assert!(v.len() < 3, "too long: {}", v.len());
            true
        });
        let values: Vec<&Vec<u8>> = report.counterexamples().iter().map(|c| c.value()).collect();
        assert_eq!(values, [&vec![0u8, 0, 0]], "seed {seed}: {report}");
        let report = smart_check(&Args { persist: false, ..seeded(seed) }, |v: &Vec<u8>| {
            std::panic::set_hook(Box::new(|_| {}));
            assert!(v.iter().all(|&x| x < 100), "a byte of {} or more", 100);
            assert!(v.len() < 6, "longer than {}", 5);
            true
        });
        assert_eq!(report.counterexamples().len(), 2, "seed {seed}: {report}");
    }
    let _ = std::panic::take_hook();
}
