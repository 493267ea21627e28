//! Exhaustive checking selected by `Args` or the environment (issue 16): a
//! `#[smartcheck::property]` with `exhaustive = N`, or any such property run with
//! `SMARTCHECK_EXHAUSTIVE=N`, checks every value of its argument types up to the depth instead
//! of random discovery, and reduces and generalizes a failure as usual. Where the types do
//! not enumerate, random discovery runs and stderr says why. The failing properties are
//! `#[ignore]`d here and run in a child process, which checks that they fail and how.

use std::process::Command;

use smartcheck::{Arbitrary, SubTypes, Verdict};

// `sparse::insert` drops `x` when it equals the last element of a list of four or more that
// starts lower: random discovery almost never draws a sorted list of that shape.
use crate::examples::sparse::{insert as buggy_insert, sorted};

#[smartcheck::property(exhaustive = 4)]
fn a_correct_insert_passes_every_value_up_to_depth_4(list: Vec<u8>, x: u8) -> Verdict {
    let mut out = list.clone();
    out.insert(out.iter().position(|&y| y > x).unwrap_or(out.len()), x);
    Verdict::implies(sorted(&list), sorted(&out) && out.len() == list.len() + 1)
}

#[smartcheck::property(exhaustive = 6, persist = false, seed = Some(1))]
#[ignore = "fails on purpose: run by `exhaustive_mode_finds_what_random_discovery_misses`"]
fn insert_exhaustively(list: Vec<u8>, x: u8) -> Verdict {
    Verdict::implies(sorted(&list), buggy_insert(&list, x).len() == list.len() + 1)
}

#[smartcheck::property(persist = false, seed = Some(1))]
#[ignore = "fails on purpose: run by `the_environment_selects_exhaustive_mode`"]
fn insert_as_the_environment_says(list: Vec<u8>, x: u8) -> Verdict {
    Verdict::implies(sorted(&list), buggy_insert(&list, x).len() == list.len() + 1)
}

/// A type without `Enumerate`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Shape {
    Dot,
    Line(u8),
}

#[smartcheck::property(exhaustive = 3, persist = false)]
#[ignore = "run by `a_type_that_does_not_enumerate_is_checked_at_random_and_says_so`"]
fn shapes_without_an_enumeration(s: Shape) -> bool {
    s == Shape::Dot || matches!(s, Shape::Line(_))
}

/// Runs the ignored test `name` of this module in a child process with `env`; its exit
/// status and stderr.
fn run_ignored(name: &str, env: &[(&str, &str)]) -> (bool, String) {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command.args([crate::test_name(module_path!(), name).as_str(), "--exact", "--ignored"]);
    command.args(["--nocapture"]).env("SMARTCHECK_PERSIST", "0");
    command.env_remove("SMARTCHECK_EXHAUSTIVE");
    command.envs(env.iter().copied());
    let out = command.output().expect("the test binary runs");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn exhaustive_mode_finds_what_random_discovery_misses() {
    let (passed, stderr) = run_ignored("insert_exhaustively", &[]);
    assert!(!passed, "{stderr}");
    assert!(
        stderr.contains(
            "smartcheck: failed at value 938 of those up to depth 6; 339 met the precondition"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("  ([0, 0, 0, 1], 1)\n"), "{stderr}");
    assert!(stderr.contains("generalized in"), "{stderr}");
    // `SMARTCHECK_EXHAUSTIVE=0` turns it off: random discovery misses the bug.
    let (passed, stderr) = run_ignored("insert_exhaustively", &[("SMARTCHECK_EXHAUSTIVE", "0")]);
    assert!(passed, "{stderr}");
}

#[test]
fn the_environment_selects_exhaustive_mode() {
    // Random discovery misses the bug.
    let (passed, stderr) = run_ignored("insert_as_the_environment_says", &[]);
    assert!(passed, "{stderr}");
    let env = [("SMARTCHECK_EXHAUSTIVE", "6")];
    let (passed, stderr) = run_ignored("insert_as_the_environment_says", &env);
    assert!(!passed, "{stderr}");
    assert!(stderr.contains("smartcheck: failed at value 938 of those up to depth 6"), "{stderr}");
    assert!(stderr.contains("  ([0, 0, 0, 1], 1)\n"), "{stderr}");
}

#[test]
fn a_type_that_does_not_enumerate_is_checked_at_random_and_says_so() {
    let (passed, stderr) = run_ignored("shapes_without_an_enumeration", &[]);
    assert!(passed, "{stderr}");
    assert!(
        stderr.contains("exhaustive checking to depth 3 was asked for, but no enumeration of"),
        "{stderr}"
    );
    assert!(stderr.contains("random discovery runs instead"), "{stderr}");
}

/// The README's example: what its exhaustive run reports, word for word.
#[test]
fn the_readme_example_reports_what_the_readme_says() {
    let prop = |list: &Vec<u8>| {
        let mut out = list.clone();
        out.dedup();
        Verdict::implies(sorted(list), sorted(&out))
    };
    let run = smartcheck::exhaustive::exhaustive_check(&smartcheck::Args::default(), 6, prop);
    let said = "checked all 3,906 values up to depth 6; 252 met the\nprecondition; no failure";
    assert_eq!(run.to_string(), format!("smartcheck: {}\n", said.replace('\n', " ")));
    assert!(include_str!("../../README.md").contains(said));
}

/// A failure the property does not repeat is reported as a flaky property, not dropped: the
/// run stops there, says so, and counts the value.
#[test]
fn a_failure_that_does_not_repeat_is_reported_not_dropped() {
    let calls = std::cell::Cell::new(0);
    let flaky = |x: &u8| {
        calls.set(calls.get() + 1);
        *x != 2 || calls.get() > 3
    };
    let args = smartcheck::Args { persist: false, ..smartcheck::Args::default() };
    let run = smartcheck::exhaustive::exhaustive_check(&args, 5, flaky);
    assert!(run.failed());
    assert!(run.counterexample().is_none());
    let error = run.error().expect("an error");
    assert!(error.starts_with("2 failed once and not when run again"), "{error}");
    assert!(error.ends_with("the property is flaky"), "{error}");
    assert_eq!((run.coverage().checked, run.coverage().complete), (3, false));
}

/// A count that must stay within its range.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Bounded {
    #[smartcheck(range = 10..=20)]
    n: u8,
}

/// A hand-written enumeration that makes values no generator makes (below the range).
impl smartcheck::Enumerate for Bounded {
    fn enumerate(depth: usize) -> smartcheck::enumerate::Values<Self> {
        Box::new((0..depth as u8).map(|n| Bounded { n }))
    }
}

/// Their failures are no failures of the type's values: not reported, not counted.
#[test]
fn a_value_outside_its_types_range_is_not_a_counterexample() {
    let args = smartcheck::Args { persist: false, ..smartcheck::Args::default() };
    let run = smartcheck::exhaustive::exhaustive_check(&args, 12, |b: &Bounded| b.n >= 10);
    assert!(!run.failed(), "{run}");
    assert_eq!((run.coverage().checked, run.coverage().met), (2, 2));
}

/// An exhaustive check in which no value meets the precondition tested nothing, and fails
/// as random discovery that gives up does: it passed (an outside audit), and random
/// discovery's own report, which suggests the exhaustive mode, turned a failing test green.
#[test]
fn a_check_where_no_value_meets_the_precondition_fails() {
    let args = smartcheck::Args::default();
    let never = |v: &Vec<u8>| Verdict::implies(v.len() > 10, false);
    let run = smartcheck::exhaustive::exhaustive_check(&args, 4, never);
    assert!(run.vacuous() && run.failed(), "{run}");
    assert_eq!(
        run.to_string(),
        "smartcheck: checked all 40 values up to depth 4; 0 met the precondition\nfailure: no \
         value up to depth 4 met the precondition, so nothing was tested (check deeper, or \
         loosen the precondition)\n"
    );
    // One value that meets it is a test: the check passes.
    let once = |v: &Vec<u8>| Verdict::implies(v == &[2, 2, 2], true);
    let run = smartcheck::exhaustive::exhaustive_check(&args, 4, once);
    assert!(!run.failed() && run.coverage().met == 1, "{run}");
}

/// `smart_check` has no enumeration of its type: asked for exhaustive checking, it runs random
/// discovery and says so in its report, never silently (an outside audit found it silent).
#[test]
fn smart_check_asked_for_exhaustive_checking_says_it_cannot() {
    let args = smartcheck::Args { exhaustive: Some(5), seed: Some(1), ..Default::default() };
    let report = smartcheck::smart_check(&args, |x: &u8| *x < 200);
    let text = report.to_string();
    assert!(text.contains("exhaustive checking to depth 5 was asked for"), "{text}");
    assert!(text.contains("random discovery ran instead"), "{text}");
    // A number alone has no constructors to count.
    assert!(text.contains("counterexample 1 of 1, reduced in "), "{text}");
    let report = smartcheck::smart_check(&smartcheck::Args::default(), |x: &u8| *x < 200);
    assert!(!report.to_string().contains("exhaustive"), "{report}");
}
