//! Derived recursive types reach the size they are asked for (issue 12.8): a value generated
//! within a budget of `n` constructors has about `n / 2` of them on average, lists and trees
//! alike, so that a bug needing a deep value is found in default runs.
//!
//! `cargo test --test suite derive_deep:: -- --nocapture` prints the mean sizes; add `--ignored`
//! for the discovery rate over 200 runs.

#![deny(warnings)]
#![deny(missing_docs, unused_qualifications)]

use smartcheck::{Arbitrary, Args, Gen, SubTypes};

/// A linked list (the example).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum L {
    Nil,
    Cons(u8, Box<L>),
}

impl L {
    fn len(&self) -> usize {
        let (mut l, mut n) = (self, 0);
        while let L::Cons(_, tail) = l {
            (l, n) = (tail, n + 1);
        }
        n
    }
}

/// The paper's binary tree, with a payload.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum T {
    Leaf,
    Node(Box<T>, i32, Box<T>),
}

impl T {
    fn depth(&self) -> usize {
        match self {
            T::Leaf => 0,
            T::Node(l, _, r) => 1 + l.depth().max(r.depth()),
        }
    }
}

/// A type that is not recursive: its distribution is the plain weights at any budget.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Color {
    Red,
    Rgb(bool, bool, bool),
}

/// The mean size of `n` values of `V` generated at size and budget `size`.
fn mean_size<V: SubTypes>(size: usize, n: u64) -> f64 {
    let total: usize = (0..n).map(|seed| V::arbitrary(&mut Gen::new(seed, size)).size()).sum();
    total as f64 / n as f64
}

/// In how many of `runs` default runs (seeds 0..runs) the property fails.
fn found<V: SubTypes>(runs: u64, prop: impl Fn(&V) -> bool) -> u64 {
    let failed =
        |seed| smartcheck::smart_check(&Args { seed: Some(seed), ..Args::default() }, &prop);
    (0..runs).filter(|&seed| failed(seed).failed()).count() as u64
}

#[test]
fn recursive_values_reach_their_budget() {
    println!("mean constructors per value (1,000 values each):");
    println!("{:>8} {:>10} {:>10}", "size", "list L", "tree T");
    for size in [10, 100, 1_000] {
        let (list, tree) = (mean_size::<L>(size, 1_000), mean_size::<T>(size, 1_000));
        println!("{size:>8} {list:>10.1} {tree:>10.1}");
        assert!(list >= 0.4 * size as f64, "lists at size {size}: {list}");
        assert!(tree >= 0.25 * size as f64, "trees at size {size}: {tree}");
        assert!(list <= size as f64 && tree <= size as f64);
    }
}

#[test]
fn sizes_vary_and_every_length_is_reachable() {
    let lens: std::collections::BTreeSet<usize> =
        (0..2_000).map(|seed| L::arbitrary(&mut Gen::new(seed, 20)).len()).collect();
    assert_eq!(lens, (0..20).collect(), "every length below the budget of 20");
    let depths: std::collections::BTreeSet<usize> =
        (0..2_000).map(|seed| T::arbitrary(&mut Gen::new(seed, 30)).depth()).collect();
    assert!(depths.contains(&0) && depths.iter().any(|&d| d >= 8), "{depths:?}");
}

#[test]
fn non_recursive_enums_keep_their_weights() {
    let reds = (0..4_000)
        .filter(|&seed| Color::arbitrary(&mut Gen::new(seed, 1_000)) == Color::Red)
        .count();
    // Weights 1 and 1: half of each, at any budget.
    assert!((1_800..=2_200).contains(&reds), "{reds} of 4000");
}

#[test]
fn an_eight_cell_chain_is_found_in_default_runs() {
    let runs = 40;
    let (lists, trees) = (found(runs, |l: &L| l.len() < 8), found(runs, |t: &T| t.depth() < 6));
    assert!(lists >= 38 && trees >= 38, "lists {lists}, trees {trees} of {runs}");
}

/// The figure, over 200 runs (about 30 s): `cargo test --test suite derive_deep:: --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn deep_value_discovery_over_200_runs() {
    let runs = 200;
    let (lists, trees) = (found(runs, |l: &L| l.len() < 8), found(runs, |t: &T| t.depth() < 6));
    println!("8-cell chain found in {lists} of {runs} default runs; depth-6 tree in {trees}");
    assert!(lists >= 190 && trees >= 190);
}

#[test]
fn the_chain_reduces_to_exactly_eight_cells() {
    for seed in 0..30 {
        let report =
            smartcheck::smart_check(&Args { seed: Some(seed), ..Args::default() }, |l: &L| {
                l.len() < 8
            });
        let cex = &report.counterexamples()[0];
        assert_eq!(cex.value().len(), 8, "seed {seed}");
        assert_eq!(cex.value().size(), 9, "seed {seed}");
    }
}
