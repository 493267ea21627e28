//! `check` panics with the report. Here rather than beside the engine's other tests in
//! `tests/suite/engine.rs`, because it turns persistence off for its whole process.

use smartcheck_tests::calculator::{self, prop_div, Exp};

#[test]
fn check_panics_with_the_report() {
    let _serial = crate::serial();
    // This failure is on purpose: keep it out of smartcheck-regressions/ (tests/suite/persist.rs
    // covers saving). Only this test and `env`'s call `check`, one at a time.
    std::env::set_var("SMARTCHECK_PERSIST", "0");
    let caught = std::panic::catch_unwind(|| smartcheck::check(prop_div));
    let payload = caught.expect_err("check must panic on a failing property");
    let text = payload.downcast_ref::<String>().expect("the report as the panic message");
    assert!(text.starts_with("smartcheck: property failed"), "{text}");
    smartcheck::check(|e: &Exp| calculator::size(e) > 0);
}
