//! Faults in the input type, the property or the arguments become reports, never escaping
//! panics or silent passes (issue 12.2, 12.4, 12.6, 12.7; SPEC §6).

use std::sync::atomic::{AtomicUsize, Ordering};

use smartcheck::{smart_check, Arbitrary, Args, Gen, SubTypes, Verdict};

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), persist: false, ..Args::default() }
}

/// The one problem a report must carry, containing `needle`.
fn assert_problem<T>(report: &smartcheck::Report<T>, needle: &str) {
    assert!(report.failed(), "{report}");
    assert!(report.problems().iter().any(|p| p.contains(needle)), "{report}");
    assert!(report.to_string().contains(needle), "{report}");
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct DropBomb(u8);

impl Drop for DropBomb {
    fn drop(&mut self) {
        if self.0 > 3 && !std::thread::panicking() {
            panic!("drop bomb");
        }
    }
}

#[derive(Debug, SubTypes, Arbitrary)]
struct CloneBomb(u8);

impl Clone for CloneBomb {
    fn clone(&self) -> Self {
        panic!("clone bomb")
    }
}

/// Opaque, so a report prints it with its `Debug` (a derived type prints through its fields).
#[derive(Clone, SubTypes, Arbitrary)]
#[smartcheck(opaque)]
struct DebugBomb(u8);

impl std::fmt::Debug for DebugBomb {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        panic!("debug bomb at {}", self.0)
    }
}

fn generator_bomb(_: &mut Gen) -> u8 {
    panic!("generator bomb")
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct GeneratorBomb {
    #[smartcheck(with = generator_bomb)]
    n: u8,
}

#[test]
fn panics_in_drop_clone_debug_and_generators_are_reports_with_their_message_and_seed() {
    let seed = 0x5eed;
    let drop = smart_check(&seeded(seed), |_: &DropBomb| true);
    assert_problem(&drop, "drop bomb");
    let clone = smart_check(&seeded(seed), |_: &CloneBomb| false);
    assert_problem(&clone, "clone bomb");
    let debug = smart_check(&seeded(seed), |_: &DebugBomb| false);
    assert_problem(&debug, "debug bomb");
    let generator = smart_check(&seeded(seed), |_: &GeneratorBomb| true);
    assert_problem(&generator, "generator bomb");
    for report in [drop.to_string(), generator.to_string()] {
        assert!(report.contains("SMARTCHECK_SEED=0x5eed"), "{report}");
        assert!(report.contains("tests/suite/faults.rs"), "the panic's location: {report}");
    }
}

#[test]
fn a_property_that_fails_once_then_passes_is_reported_as_flaky() {
    let calls = AtomicUsize::new(0);
    let report = smart_check(&seeded(4), |_: &u8| calls.fetch_add(1, Ordering::SeqCst) != 2);
    assert!(report.counterexamples().is_empty(), "no counterexample that passes: {report}");
    assert_problem(&report, "the property is flaky");
    assert!(report.to_string().contains("failed once"), "{report}");
    assert!(report.to_string().contains("passed on 5 re-runs"), "{report}");
}

/// A property that depends on more than its input (here a count of its calls; in the wild a
/// `HashMap`'s order) fails on a reduced value and passes on one of its next runs: the report
/// keeps the counterexample and says it may pass when re-run. An outside audit found such
/// reports silent in more than half the seeds.
#[test]
fn a_counterexample_that_passes_on_a_rerun_is_said_to_be_not_deterministic() {
    for seed in 0..10 {
        let calls = AtomicUsize::new(0);
        let report = smart_check(&seeded(seed), |v: &Vec<u8>| {
            v.len() < 2 || calls.fetch_add(1, Ordering::SeqCst).is_multiple_of(2)
        });
        let text = report.to_string();
        assert!(report.failed(), "seed {seed}: {text}");
        assert!(text.contains("the property is not deterministic"), "seed {seed}: {text}");
    }
}

#[test]
fn lazy_preconditions_never_run_the_property_side_on_inputs_they_exclude() {
    // 1,000 tests: in the default 100, a first byte of 200 or more is drawn about 4 times, so
    // about one seed in 50 finds none (seed 9 with generator 2's draws).
    for seed in 0..30 {
        let args = Args { tests: 1_000, ..seeded(seed) };
        let report =
            smart_check(&args, |v: &Vec<u8>| Verdict::implies_with(!v.is_empty(), || v[0] < 200));
        assert!(report.failed(), "seed {seed}: {report}");
        let cex = &report.counterexamples()[0];
        assert_eq!(cex.value(), &vec![200], "seed {seed}: {report}");
    }
}

#[test]
fn tests_zero_is_an_error_not_a_pass() {
    let report = smart_check(&Args { tests: 0, ..seeded(1) }, |_: &u8| false);
    assert!(report.failed());
    assert_problem(&report, "Args::tests is 0: nothing would be tested");
    let caught = std::panic::catch_unwind(|| {
        smartcheck::check_with(&Args { tests: 0, ..seeded(1) }, |_: &u8| true)
    });
    let message = caught.expect_err("check refuses tests = 0");
    let text = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert_eq!(text, "smartcheck: Args::tests is 0: nothing would be tested");
}

#[test]
fn a_universal_claim_needs_at_least_one_value() {
    let args = Args { max_forall: 0, min_forall: 0, ..seeded(1) };
    let report = smart_check(&args, |v: &Vec<u8>| v.len() < 3);
    assert!(report.counterexamples().is_empty(), "nothing claimed: {report}");
    assert_problem(&report, "1 <= min_forall <= max_forall");
}

#[test]
fn the_largest_sizes_ask_for_a_bounded_stack() {
    let most = smartcheck::args::MAX_SIZE;
    let args = Args { max_gen_size: most, max_size: most, tests: 20, ..seeded(2) };
    let report = smart_check(&args, |x: &u8| *x < 255);
    assert!(!report.gave_up(), "{report}");
}

/// Sizes past `MAX_SIZE` are refused with a message: `usize::MAX` aborted the process on an
/// allocation of 10^18 bytes, and 10^8 ran a `String` out of memory at 2.4 GB.
#[test]
fn sizes_that_would_exhaust_memory_are_refused() {
    let args = Args { max_gen_size: usize::MAX, ..seeded(1) };
    let report = smart_check(&args, |v: &Vec<u64>| v.len() < 1000);
    assert!(report.counterexamples().is_empty(), "nothing run: {report}");
    assert_problem(&report, "Args::max_gen_size is 18446744073709551615, more than 1000000");
}

/// `reduce` and `generalize` check their arguments as `smart_check` does: with `min_forall`
/// 0, `generalize` printed `forall values x0 x1: [x1, ..x0]` on no evidence at all, and a
/// `max_size` of `usize::MAX` overflowed inside, reported as a panic of the user's type.
#[test]
fn reduce_and_generalize_refuse_absurd_arguments() {
    let prop = |v: &Vec<u32>| v.iter().all(|&x| x < 500);
    let none = Args { min_forall: 0, max_forall: 0, ..seeded(1) };
    let error = smartcheck::generalize(&none, prop, &vec![500]).expect_err("refused");
    assert!(error.to_string().contains("1 <= min_forall <= max_forall"), "{error}");
    let huge = Args { max_size: usize::MAX, ..seeded(1) };
    let error = smartcheck::reduce(&huge, prop, vec![500, 7]).expect_err("refused");
    assert!(error.to_string().starts_with("Args::max_size is 18446744073709551615"), "{error}");
    let error = smartcheck::generalize(&huge, prop, &vec![500]).expect_err("refused");
    assert!(matches!(error, smartcheck::ReduceError::InvalidArgs(_)), "{error}");
}

/// A counterexample of many integer variables: the number of their edge values' assignments
/// overflowed a `usize` in the generalizer, which panicked, and the report blamed the input
/// type's code with no counterexample (an outside review's: a list over 40 long).
#[test]
fn a_counterexample_of_many_numbers_is_generalized() {
    let args = Args { max_size: 100, ..seeded(3) };
    let report = smart_check(&args, |v: &Vec<u8>| v.len() < 41);
    assert!(report.problems().is_empty(), "{report}");
    let [cex] = report.counterexamples() else { panic!("{report}") };
    assert_eq!(cex.value().len(), 41, "{report}");
    let formula = cex.generalization().map(|g| g.formula().to_string()).unwrap_or_default();
    assert!(formula.starts_with("forall values x0 x1 "), "{report}");
}
