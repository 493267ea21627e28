//! The ring-buffer example (`examples/api_ring.rs`): its off-by-one is found through panics
//! alone, by random programs and by iterative deepening, and the printed program fails the same
//! way when pasted into a test.

use crate::examples::api_ring as example;

use example::{Ring, RingProgram};
use smartcheck::api::{self, Deepening};
use smartcheck::{Args, Failure, Outcome};

/// The panic site of the seeded bug, as the engine reports it.
const BUG_SITE: &str = "examples/api_ring.rs:31:17";

/// The most calls in a counterexample of a later round, over seeds 0 to 29.
const MAX_CALLS_LATER_ROUNDS: usize = 6;

fn args(seed: u64) -> Args {
    Args { seed: Some(seed), tests: 5000, ..Args::default() }
}

fn panics_at_bug(failure: Option<&Failure>) -> bool {
    matches!(failure, Some(Failure::Panic { location: Some(at), .. }) if at.ends_with(BUG_SITE))
}

#[test]
fn random_programs_find_the_off_by_one_in_every_run_in_five_calls_and_nothing_else() {
    for seed in 0..30 {
        let report = api::test_api::<RingProgram>(&args(seed));
        assert!(report.failed(), "seed {seed}: not found\n{report}");
        // Five calls is the least that reaches the bug: new(2), push, pop, push, push.
        assert_eq!(report.printed()[0].calls(), 5, "seed {seed}: {report}");
        // Later rounds find the same bug in other shapes (push, push, pop, push), which must
        // differ from the earlier ones: an observer call may stay in them.
        for printed in report.printed() {
            assert!(panics_at_bug(printed.failure()), "seed {seed}: {report}");
            assert!(printed.calls() <= MAX_CALLS_LATER_ROUNDS, "seed {seed}: {report}");
        }
        assert_eq!(report.coverage().never_called(), Vec::<&str>::new());
        assert!(report.coverage().panics("push") > 0);
        assert_eq!(report.coverage().panics("pop"), 0);
    }
}

/// Pushes and a pop reach the unwrapped tail in several orders (`push, push, pop, push` and
/// `push, pop, push, push`): one bug, one failing program, in every seed.
#[test]
fn the_off_by_one_is_one_failing_program_whatever_the_order_of_its_calls() {
    for seed in 0..30 {
        let report = api::test_api::<RingProgram>(&args(seed));
        assert_eq!(report.printed().len(), 1, "seed {seed}:\n{report}");
    }
}

#[test]
fn the_report_prints_a_program_to_paste() {
    let report = api::test_api::<RingProgram>(&args(1));
    let text = report.printed()[0].to_string();
    let expected = "let mut s = Ring::new(2);\n\
                    s.push(0);\n\
                    s.push(0);\n\
                    s.pop();\n\
                    s.push(0); // panicked at tests/suite/../../examples/api_ring.rs:31:17: index out of \
                    bounds: the len is 2 but the index is 2";
    assert_eq!(text, expected);
}

/// The program printed by `cargo run --example api_ring`, pasted as it is.
fn pasted() {
    let mut s = Ring::new(2);
    s.push(0);
    s.push(0);
    s.pop();
    s.push(0); // panicked at examples/api_ring.rs:31:17: index out of bounds: the len is 2 but the index is 2
}

#[test]
fn the_pasted_program_fails_the_same_way() {
    let report = api::test_api::<RingProgram>(&args(1));
    let reported = report.printed()[0].failure().cloned();
    match (api::outcome_of(pasted), reported) {
        (Outcome::Fail(pasted), Some(reported)) => {
            assert_eq!(pasted.signature(), reported.signature());
            assert_eq!(pasted, reported);
        }
        (pasted, reported) => panic!("pasted: {pasted:?}, reported: {reported:?}"),
    }
}

#[test]
#[should_panic(expected = "index out of bounds: the len is 2 but the index is 2")]
fn the_pasted_program_panics_as_a_test() {
    pasted();
}

#[test]
fn iterative_deepening_finds_the_panic_at_its_minimal_depth() {
    let found = api::deepen::<RingProgram>(&Deepening::default());
    let (_, printed) = found.found.as_ref().expect("deepening finds the bug");
    assert_eq!(printed.calls(), 5);
    assert_eq!(found.complete_depth, 4, "every program of 4 calls ran and passed first");
    assert!(panics_at_bug(printed.failure()));
    assert_eq!(found.coverage.panics("push"), 1);
}

#[test]
fn deepening_stops_at_its_program_budget() {
    let limits = Deepening { max_programs: 100, ..Deepening::default() };
    let found = api::deepen::<RingProgram>(&limits);
    assert!(found.found.is_none());
    assert_eq!(found.programs, 100);
    assert!(found.complete_depth < 4);
}
