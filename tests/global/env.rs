//! `check` honours SMARTCHECK_SEED, SMARTCHECK_TESTS, SMARTCHECK_ROUNDS and SMARTCHECK_TIMEOUT,
//! and refuses absurd values. In `tests/global/` (its tests run one at a time), because it sets
//! process-wide environment variables.

use smartcheck::Args;

#[test]
fn environment_overrides_args() {
    let _serial = crate::serial();
    std::env::set_var("SMARTCHECK_PERSIST", "0"); // failures here are on purpose
    std::env::set_var("SMARTCHECK_SEED", "0x2a");
    std::env::set_var("SMARTCHECK_TESTS", "7");
    std::env::set_var("SMARTCHECK_ROUNDS", "1");
    let args = Args::default().with_env().expect("valid variables");
    assert_eq!(args.seed, Some(42));
    assert_eq!(args.tests, 7);
    assert_eq!(args.rounds, 1);

    let caught = std::panic::catch_unwind(|| smartcheck::check(|v: &Vec<u8>| v.len() < 3));
    let text = caught.expect_err("fails").downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("seed 0x2a (rerun: SMARTCHECK_SEED=0x2a)"), "{text}");

    // A property that passes: check runs exactly SMARTCHECK_TESTS tests and does not panic.
    smartcheck::check(|_: &u8| true);

    std::env::set_var("SMARTCHECK_TESTS", "many");
    let err = Args::default().with_env().expect_err("not a number");
    assert_eq!(err, "SMARTCHECK_TESTS=\"many\" is not a number");

    // Absurd values are errors at the start, not a run that never ends or a green no-op.
    std::env::set_var("SMARTCHECK_TESTS", "1e9");
    let err = Args::default().with_env().expect_err("not a number");
    assert_eq!(err, "SMARTCHECK_TESTS=\"1e9\" is not a number");
    std::env::set_var("SMARTCHECK_TESTS", "1000000000");
    let err = Args::default().with_env().expect_err("too many");
    assert_eq!(err, "Args::tests is 1000000000, more than 100000000");
    std::env::set_var("SMARTCHECK_TESTS", "0");
    let caught = std::panic::catch_unwind(|| smartcheck::check(|_: &u8| false));
    let text = caught.expect_err("fails").downcast_ref::<String>().cloned().unwrap_or_default();
    assert_eq!(text, "smartcheck: Args::tests is 0: nothing would be tested");
    std::env::remove_var("SMARTCHECK_TESTS");

    // SMARTCHECK_TIMEOUT: seconds or milliseconds, or off.
    std::env::set_var("SMARTCHECK_TIMEOUT", "2s");
    assert_eq!(Args::default().with_env().map(|a| a.timeout_ms), Ok(2000));
    std::env::set_var("SMARTCHECK_TIMEOUT", "off");
    assert_eq!(Args::default().with_env().map(|a| a.timeout_ms), Ok(0));
    std::env::set_var("SMARTCHECK_TIMEOUT", "soon");
    let err = Args::default().with_env().expect_err("not a time");
    assert!(err.starts_with("SMARTCHECK_TIMEOUT=\"soon\" is not a time"), "{err}");
    for var in ["SMARTCHECK_SEED", "SMARTCHECK_TESTS", "SMARTCHECK_ROUNDS", "SMARTCHECK_TIMEOUT"] {
        std::env::remove_var(var);
    }
}

/// Every report says `rerun: SMARTCHECK_SEED=..`; a run whose `Args` leave the seed open takes
/// that variable from any entry point, so the rerun reproduces it: `smart_check` and
/// `api::test_api` with `Args::default()` drew a new seed on every rerun (an outside audit). A
/// seed the `Args` fix stays theirs.
#[test]
fn the_printed_rerun_reproduces_a_run_with_an_open_seed() {
    let _serial = crate::serial();
    std::env::set_var("SMARTCHECK_PERSIST", "0");
    std::env::remove_var("SMARTCHECK_SEED");
    let prop = |v: &Vec<u8>| v.iter().map(|&x| x as u32).sum::<u32>() < 300;
    let first = smartcheck::smart_check(&Args::default(), prop);
    let text = first.to_string();
    let at = text.find("rerun: SMARTCHECK_SEED=").expect("the rerun") + 23;
    let seed = text[at..].split(')').next().expect("the seed").to_string();
    std::env::set_var("SMARTCHECK_SEED", &seed);
    let again = smartcheck::smart_check(&Args::default(), prop);
    assert_eq!(again.to_string(), text, "SMARTCHECK_SEED={seed}");
    let fixed = smartcheck::smart_check(&Args { seed: Some(5), ..Args::default() }, prop);
    assert!(fixed.to_string().contains("seed 0x5 (rerun"), "{fixed}");
    std::env::remove_var("SMARTCHECK_SEED");
}
