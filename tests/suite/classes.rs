//! One bug, one class; two bugs, two (issue 11.1, paper §5.3): over 30 seeds each, with the
//! default `Args`, on lists, nested types and strings. Inputs that fail as instances of an
//! earlier class are counted as skipped, never as discards, and a round that finds only such
//! inputs ends early.

use smartcheck::{smart_check, Arbitrary, Args, Failure, SubTypes};

const SEEDS: std::ops::Range<u64> = 0..30;

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), ..Args::default() }
}

#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn reverse_is_identity(v: &Vec<i32>) -> bool {
    v.iter().rev().copied().collect::<Vec<_>>() == *v
}

#[test]
fn one_bug_in_a_list_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |v: &Vec<i32>| v.iter().all(|&x| x < 20));
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let report = smart_check(&seeded(seed), reverse_is_identity);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Tree {
    Leaf(u8),
    Node(Box<Tree>, Vec<Tree>),
}

fn leaves(t: &Tree, out: &mut Vec<u8>) {
    match t {
        Tree::Leaf(n) => out.push(*n),
        Tree::Node(l, rest) => {
            leaves(l, out);
            rest.iter().for_each(|t| leaves(t, out));
        }
    }
}

#[test]
fn one_bug_in_a_nested_type_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |t: &Tree| {
            let mut all = Vec::new();
            leaves(t, &mut all);
            all.iter().all(|&n| n < 100)
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

#[test]
fn one_bug_in_a_string_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |s: &String| s.chars().count() < 4);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// Two panic sites: two bugs, whatever shapes they share.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn two_bugs(v: &Vec<u8>) -> bool {
    assert!(v.iter().all(|&x| x != 3), "has a three");
    assert!(v.len() < 5, "too long");
    true
}

#[test]
fn two_panic_sites_are_two_classes() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), two_bugs);
        let messages: Vec<&Failure> =
            report.counterexamples().iter().map(|c| c.failure()).collect();
        assert_eq!(messages.len(), 2, "seed {seed}:\n{report}");
        let text = report.to_string();
        assert!(text.contains("too long") && text.contains("has a three"), "seed {seed}:\n{text}");
    }
}

#[test]
fn known_instances_are_skipped_not_discarded_and_end_the_round_early() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), reverse_is_identity);
        let text = report.to_string();
        assert_eq!(report.discards(), 0, "seed {seed}:\n{text}");
        assert!(!text.contains("discarded"), "seed {seed}:\n{text}");
        let skipped = report.skipped().iter().sum::<usize>();
        assert!(skipped >= 9, "seed {seed}: {skipped} skipped\n{text}");
        assert!(
            text.contains(&format!(
                "skipped {skipped} inputs that are instances of counterexample 1"
            )),
            "seed {seed}:\n{text}"
        );
        let cex = &report.counterexamples()[0];
        // Discovery and the strengthening round: everything but reducing and generalizing
        // the one counterexample (generalization's evidence is its own, larger budget).
        let searching = report.evaluations() - cex.evaluations() - cex.generalize_evaluations();
        assert!(searching <= 100, "seed {seed}: {searching} evaluations\n{text}");
    }
}
