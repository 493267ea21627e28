//! The AVL example (`examples/api_avl.rs`): its rebalancing bug is found through the invariant
//! alone, in the fewest calls, and the printed program fails the same way when pasted.

use crate::examples::api_avl as example;

use example::{Avl, AvlProgram};
use smartcheck::api;
use smartcheck::{Args, Failure};

fn broke_invariant(failure: Option<&Failure>) -> bool {
    matches!(failure, Some(Failure::Err(e)) if e.starts_with("InvariantBroken: `is_balanced`"))
}

#[test]
fn the_invariant_finds_the_rebalancing_bug_in_every_run_in_four_calls() {
    for seed in 0..30 {
        let args = Args { seed: Some(seed), tests: 1000, ..Args::default() };
        let report = api::test_api::<AvlProgram>(&args);
        assert!(report.failed(), "seed {seed}: not found\n{report}");
        // new and three inserts in left-right order is the least that unbalances a tree.
        assert_eq!(report.printed()[0].calls(), 4, "seed {seed}: {report}");
        for printed in report.printed() {
            assert!(broke_invariant(printed.failure()), "seed {seed}: {report}");
        }
        assert_eq!(report.coverage().panics("insert"), 0);
    }
}

#[test]
fn the_report_prints_a_program_ending_in_the_failing_assertion() {
    let report = api::test_api::<AvlProgram>(&Args { seed: Some(1), ..Args::default() });
    let expected = "let mut s = Avl::new();\n\
                    s.insert(2);\n\
                    s.insert(0);\n\
                    s.insert(1);\n\
                    assert!(s.is_balanced()); // the invariant is false here";
    assert_eq!(report.printed()[0].to_string(), expected);
}

#[test]
#[should_panic(expected = "assertion failed: s.is_balanced()")]
fn the_pasted_program_fails_its_assertion() {
    let mut s = Avl::new();
    s.insert(2);
    s.insert(0);
    s.insert(1);
    assert!(s.is_balanced()); // the invariant is false here
}

#[test]
fn programs_over_two_trees_print_with_two_variables() {
    use AvlProgram::{Insert, New, Union};
    let left = Insert(Box::new(New), 2);
    let right = Insert(Box::new(Insert(Box::new(New), 0)), 1);
    let printed = api::print_program(&Union(Box::new(left), Box::new(right)));
    let expected = "let mut s0 = Avl::new();\n\
                    s0.insert(2);\n\
                    let mut s1 = Avl::new();\n\
                    s1.insert(0);\n\
                    s1.insert(1);\n\
                    let mut s0 = s0.union(s1);\n\
                    assert!(s0.is_balanced()); // the invariant is false here";
    assert_eq!(printed.to_string(), expected);
    assert_eq!(printed.calls(), 6);
}
