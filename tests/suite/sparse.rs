//! Target's cases (issue 16): behind a sparse precondition, the exhaustive check finds each
//! seeded bug, reduced, while random discovery with default arguments misses it in most of
//! 30 seeds (each test prints how many). (`cargo run --release --example sparse` also runs random discovery with the
//! exhaustive check's own budget, which is too slow for a test: it prints both.) The models
//! are `examples/sparse.rs`'s.

use crate::examples::sparse;

use smartcheck::exhaustive::exhaustive_check;
use smartcheck::Args;
use sparse::{heap_property, insert_property, map_property, Heap};

const SEEDS: u64 = 30;

fn args() -> Args {
    Args { seed: Some(1), persist: false, ..Args::default() }
}

/// Over `SEEDS` seeds, how many default random runs found the bug (printed).
fn random_finds<T: smartcheck::SubTypes, R: smartcheck::PropertyResult>(
    name: &str,
    prop: impl Fn(&T) -> R,
) -> u64 {
    let found =
        |seed| smartcheck::smart_check(&Args { seed: Some(seed), ..args() }, &prop).failed();
    let n = (0..SEEDS).filter(|&seed| found(seed)).count() as u64;
    println!("{name}: default random discovery found the bug in {n} of {SEEDS} seeds");
    n
}

#[test]
fn a_sorted_list_insert_bug_is_found_only_exhaustively() {
    let run = exhaustive_check(&args(), 6, insert_property);
    assert_eq!(run.counterexample().map(|c| c.value().clone()), Some((vec![0, 0, 0, 1], 1)));
    assert_eq!(run.coverage().checked, 938);
    assert!(random_finds("sorted list", insert_property) <= 5);
}

#[test]
fn a_leftist_heap_merge_bug_is_found_only_exhaustively() {
    let run = exhaustive_check(&args(), 4, heap_property);
    let leaf = || Box::new(Heap::T(1, 0, Box::new(Heap::E), Box::new(Heap::E)));
    let expected = (Heap::T(1, 0, leaf(), Box::new(Heap::E)), Heap::T(2, 0, leaf(), leaf()));
    assert_eq!(run.counterexample().map(|c| c.value().clone()), Some(expected));
    assert_eq!(run.coverage().met, 52);
    assert!(random_finds("leftist heap", heap_property) <= 5);
}

#[test]
fn a_map_insert_bug_is_found_exhaustively() {
    let run = exhaustive_check(&args(), 5, map_property);
    let expected = (vec![(0, 0), (1, 0), (2, 0), (3, 0)], 3, 1);
    assert_eq!(run.counterexample().map(|c| c.value().clone()), Some(expected));
    assert!(random_finds("map", map_property) <= 5);
}
