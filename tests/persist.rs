//! Failure persistence end to end: a failing `check` saves its counterexample beside the test
//! crate, and the next run replays it first. In its own test binary with one test, because it
//! points CARGO_MANIFEST_DIR at a scratch directory.

use smartcheck::persist::Store;

#[allow(clippy::ptr_arg)] // a property of `Vec<u8>` takes `&Vec<u8>`
fn failing(v: &Vec<u8>) -> bool {
    v.iter().all(|&x| x < 200)
}

#[test]
fn counterexamples_are_saved_and_replayed_first() {
    let dir = std::env::temp_dir().join(format!("smartcheck-persist-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::env::set_var("CARGO_MANIFEST_DIR", &dir);
    std::env::set_var("SMARTCHECK_SEED", "17");
    let store = Store::at(&dir, file!());

    let first = std::panic::catch_unwind(|| smartcheck::check(failing));
    let first = first.expect_err("fails").downcast_ref::<String>().cloned().unwrap_or_default();
    let saved = std::fs::read_to_string(store.path()).expect("the regressions file was written");
    assert_eq!(saved.lines().filter(|l| l.starts_with("type=")).count(), 1, "{saved}");
    assert!(saved.contains("type=alloc::vec::Vec<u8>"), "{saved}");
    assert!(!first.contains("replayed"), "{first}");

    // Next run, with another seed: the saved input is replayed first and fails again.
    std::env::set_var("SMARTCHECK_SEED", "99999");
    let second = std::panic::catch_unwind(|| smartcheck::check(failing));
    let second = second.expect_err("fails").downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(second.contains("replayed a counterexample saved in"), "{second}");
    assert!(second.contains("after 1 tests"), "{second}");

    // A corrupt line and a stale line are skipped, never fatal; the good entry still replays.
    let mut text = std::fs::read_to_string(store.path()).unwrap();
    text.push_str("this is not an entry\n");
    text.push_str("type=alloc::vec::Vec<u8> seed=0x1 size=5 budget=5 hash=0x0 # stale\n");
    std::fs::write(store.path(), text).unwrap();
    let third = std::panic::catch_unwind(|| smartcheck::check(failing));
    assert!(third.is_err());

    // Once the bug is fixed, the saved inputs pass and the test passes.
    smartcheck::check(|v: &Vec<u8>| v.len() < 1_000_000);

    // SMARTCHECK_PERSIST=0 turns it off: nothing is written.
    let _ = std::fs::remove_dir_all(&dir);
    std::env::set_var("SMARTCHECK_PERSIST", "0");
    let _ = std::panic::catch_unwind(|| smartcheck::check(failing));
    assert!(!store.path().exists());
    for var in ["SMARTCHECK_PERSIST", "SMARTCHECK_SEED"] {
        std::env::remove_var(var);
    }
}
