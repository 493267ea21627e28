//! `#[derive(Enumerate)]` and exhaustive checking, as a user has them (issue 16): the counts
//! equal the number of values of the type up to the depth, values come smallest first, and
//! pruning skips what breaks a prefix-closed condition (tests/sparse.rs finds bugs with it).

use smartcheck::exhaustive::exhaustive_check_pruned;
use smartcheck::{enumerate::lists_where, Arbitrary, Args, Enumerate, SubTypes};

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
enum Tree {
    Leaf,
    Node(Box<Tree>, Box<Tree>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
struct Point {
    x: u8,
    y: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
enum Shape {
    Dot,
    Line(Point, Point),
    #[smartcheck(skip)]
    #[allow(dead_code)]
    Never(u8),
}

fn count<T: Enumerate>(depth: usize) -> usize {
    T::enumerate(depth).count()
}

#[test]
fn counts_follow_the_closed_forms() {
    // Trees: t(0) = 0, t(d) = 1 + t(d - 1)^2.
    let mut trees = 0usize;
    for d in 0..6 {
        assert_eq!(count::<Tree>(d), trees, "trees up to depth {d}");
        trees = 1 + trees * trees;
    }
    // Points: one constructor over u8 (d - 1 values) and Option<bool> (1 + 2 values once
    // d - 1 >= 2).
    for d in 1..6 {
        let options = match d - 1 {
            0 => 0,
            1 => 1,
            _ => 3,
        };
        assert_eq!(count::<Point>(d), (d - 1) * options, "points up to depth {d}");
        let shapes = 1 + count::<Point>(d - 1).pow(2);
        assert_eq!(count::<Shape>(d), shapes, "shapes up to depth {d}, the skipped variant never");
    }
}

#[test]
fn values_come_smallest_first() {
    let trees: Vec<Tree> = Tree::enumerate(3).collect();
    assert_eq!(trees[0], Tree::Leaf);
    assert_eq!(trees[1], Tree::Node(Box::new(Tree::Leaf), Box::new(Tree::Leaf)));
    assert_eq!(trees.len(), 5);
    let first: Vec<Point> = Point::enumerate(3).take(3).collect();
    assert_eq!(
        first,
        vec![Point { x: 0, y: None }, Point { x: 0, y: Some(false) }, Point { x: 1, y: None }]
    );
}

fn sorted(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] <= w[1])
}

#[test]
fn pruning_skips_what_breaks_a_prefix_closed_condition() {
    let args = Args { seed: Some(3), persist: false, ..Args::default() };
    // Depth 7: lists of up to 6 elements from 0..6, (6^7 - 1) / 5 = 55,987 in all, of which
    // C(12, 6) = 924 are sorted.
    let lists = lists_where::<u8>(7, sorted);
    let all = count::<Vec<u8>>(7);
    assert_eq!((all, lists.values.len()), (55_987, 924));
    assert_eq!(lists.values.len() + lists.skipped, all);
    assert!(lists.skipped * 10 >= all * 9, "{} of {all} skipped", lists.skipped);
    // Depth 6, issue 16's: (5^6 - 1) / 4 = 3,906 lists from 0..5, C(10, 5) = 252 sorted, so
    // 3,654 skipped (93.5%).
    let six = lists_where::<u8>(6, sorted);
    assert_eq!((count::<Vec<u8>>(6), six.values.len(), six.skipped), (3_906, 252, 3_654));
    let run = exhaustive_check_pruned(&args, 7, lists, |l: &Vec<u8>| sorted(l));
    assert!(!run.failed());
    assert_eq!(
        run.to_string(),
        "smartcheck: checked all 924 values up to depth 7; 924 met the precondition; \
         55,063 more were pruned without being built; no failure\n"
    );
}

/// A payload for the generalization test: three constructors, one of them a list.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
enum Payload {
    Empty,
    Byte(u8),
    Bytes(Vec<u8>),
}

/// One enumeration, shared: the values generalization tries first for a variable of a type
/// that enumerates are that type's first values in enumeration order, not random draws.
#[test]
fn generalization_tries_a_variable_s_enumeration_first() {
    let seen = std::cell::RefCell::new(Vec::new());
    let args = Args { seed: Some(1), persist: false, ..Args::default() };
    let prop = |p: &(Payload, u8)| {
        seen.borrow_mut().push(p.0.clone());
        p.1 < 5
    };
    let own = Payload::Bytes(vec![3, 1]);
    let g = smartcheck::generalize(&args, prop, &(own.clone(), 5)).expect("a counterexample");
    let mut tried: Vec<Payload> = Vec::new();
    for p in seen.into_inner() {
        if p != own && !tried.contains(&p) {
            tried.push(p);
        }
    }
    let first: Vec<Payload> = smartcheck::enumerate::first_values(16);
    let first: Vec<Payload> = first.into_iter().filter(|p| *p != own).collect();
    assert_eq!(tried[..first.len()], first[..], "{g}");
}

/// A month and an optional temperature, each within its range.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
struct Reading {
    #[smartcheck(range = 1..=12)]
    month: u8,
    #[smartcheck(range = -3..=40)]
    celsius: Option<i16>,
    #[smartcheck(range = 10..=20)]
    samples: Vec<u32>,
}

#[test]
fn range_fields_enumerate_within_their_ranges_simplest_first() {
    // As many values of a range field as its type has at the depth, closest to the range's
    // simplest value (the one nearest 0) first: months 1, 2, 3 where a `u8` has 0, 1, 2;
    // temperatures 0, 1, -1, 2, -2, ...; samples of 10, 11, ...
    let months: Vec<u8> = Reading::enumerate(4).map(|r| r.month).collect();
    assert!(months.iter().all(|m| (1..=12).contains(m)), "{months:?}");
    assert_eq!(months.first(), Some(&1));
    let first: Vec<Reading> = Reading::enumerate(3).take(2).collect();
    let reading = |month, celsius, samples| Reading { month, celsius, samples };
    assert_eq!(first, vec![reading(1, None, vec![]), reading(1, None, vec![10])]);
    let all: Vec<Reading> = Reading::enumerate(6).collect();
    assert!(all.iter().all(|r| r.celsius.is_none_or(|c| (-3..=40).contains(&c))));
    assert!(all.iter().all(|r| r.samples.iter().all(|s| (10..=20).contains(s))));
    // The count is the product of the fields' counts at depth 5: 5 months (a `u8` has 5),
    // 1 + 7 temperatures (an `i16` has 7 at depth 4, all within), lists of up to 4 of 4
    // samples (a `u32` has 4 at depth 4).
    let lists: usize = (0..5).map(|len| 4usize.pow(len)).sum();
    assert_eq!((all.len(), Reading::unpruned_count(6)), (5 * 8 * lists, 5 * 8 * lists));
    // A property that fails at every value of the type is reported at the first one, and
    // nothing outside the ranges is counted as checked.
    let run = smartcheck::exhaustive::exhaustive_check(
        &Args { persist: false, ..Args::default() },
        3,
        |r: &Reading| r.month > 12,
    );
    assert_eq!(run.counterexample().map(|c| c.value().clone()), Some(reading(1, None, vec![])));
    assert_eq!(run.coverage().checked, 1);
}

#[test]
fn sets_and_maps_enumerate_as_lists_of_distinct_keys() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
    for d in 1..7u32 {
        // Keys of `u8` at depth d - 1: 0 to d - 2, every subset (fewer than d of them).
        let sets = 2usize.pow(d - 1);
        assert_eq!(count::<BTreeSet<u8>>(d as usize), sets, "sets up to depth {d}");
        assert_eq!(count::<HashSet<u8>>(d as usize), sets, "hash sets up to depth {d}");
        assert_eq!(BTreeSet::<u8>::unpruned_count(d as usize), sets);
        // A map: each of the d - 1 keys absent, or present with one of two `bool`s.
        let maps = if d == 1 { 1 } else { 3usize.pow(d - 1) };
        assert_eq!(count::<BTreeMap<u8, bool>>(d as usize), maps, "maps up to depth {d}");
        assert_eq!(count::<HashMap<u8, bool>>(d as usize), maps, "hash maps up to depth {d}");
        assert_eq!(BTreeMap::<u8, bool>::unpruned_count(d as usize), maps);
    }
    let first: Vec<BTreeMap<u8, bool>> = BTreeMap::enumerate(3).take(6).collect();
    let map = |entries: &[(u8, bool)]| entries.iter().copied().collect::<BTreeMap<u8, bool>>();
    assert_eq!(
        first,
        vec![
            map(&[]),
            map(&[(0, false)]),
            map(&[(0, true)]),
            map(&[(1, false)]),
            map(&[(1, true)]),
            map(&[(0, false), (1, false)]),
        ]
    );
    // A derived type holding a map enumerates, and an exhaustive run reaches a map bug.
    let run = smartcheck::exhaustive::exhaustive_check(
        &Args { persist: false, ..Args::default() },
        5,
        |m: &Inventory| m.stock.values().all(|&n| n < 2) || m.stock.len() < 2,
    );
    let stock = map_u8(&[(0, 0), (1, 2)]);
    assert_eq!(run.counterexample().map(|c| c.value().clone()), Some(Inventory { stock }));
}

/// Stock counts by item.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
struct Inventory {
    stock: std::collections::BTreeMap<u8, u8>,
}

fn map_u8(entries: &[(u8, u8)]) -> std::collections::BTreeMap<u8, u8> {
    entries.iter().copied().collect()
}

/// A derived type with two fields of its own type counts its values at any depth at once:
/// each level asked each field for its count at the level below, 2^depth calls in all (an
/// exhaustive failure's saved line with a corrupted depth stalled its replay there).
#[test]
fn a_binary_tree_counts_its_values_at_any_depth_at_once() {
    // 1 + n² a level: 1, 2, 5, 26, 677, ...
    let counts: Vec<usize> = (1..=5).map(Tree::unpruned_count).collect();
    assert_eq!(counts, [1, 2, 5, 26, 677]);
    assert_eq!(Tree::unpruned_count(64), usize::MAX);
}
