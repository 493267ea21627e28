//! Type invariants, `#[smartcheck(invariant = path)]` (issue 16), as a user has them, on two
//! unrelated types: a struct (a pair kept in order) and a recursive enum (a leftist heap).
//! Over 30 seeds each: generation yields only values that meet the invariant (or discards),
//! reduction and generalization never run the property on a value that breaks it, enumeration
//! lists only such values and counts the rest as pruned, and a contract checks the invariants
//! of its arguments and result at run time, naming the broken one.

use std::cell::RefCell;
use std::process::Command;

use smartcheck::exhaustive::exhaustive_check;
use smartcheck::{Arbitrary, Args, Enumerate, Gen, SubTypes};

const SEEDS: u64 = 30;

/// Two numbers, the first no greater than the second.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = in_order)]
pub struct Pair {
    lo: u8,
    hi: u8,
}

fn in_order(p: &Pair) -> bool {
    p.lo <= p.hi
}

/// A leftist min-heap: a node's value, its left and its right child.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = leftist_node)]
pub enum Heap {
    E,
    T(u8, Box<Heap>, Box<Heap>),
}

/// The length of the right spine.
fn rank(h: &Heap) -> usize {
    match h {
        Heap::E => 0,
        Heap::T(_, _, b) => 1 + rank(b),
    }
}

/// The invariant at one node (the children's own are theirs): the left child's rank is at
/// least the right one's, and no child is smaller than the node.
fn leftist_node(h: &Heap) -> bool {
    let Heap::T(x, a, b) = h else {
        return true;
    };
    let no_smaller = |c: &Heap| match c {
        Heap::E => true,
        Heap::T(y, ..) => y >= x,
    };
    rank(a) >= rank(b) && no_smaller(a) && no_smaller(b)
}

/// The invariant of the whole heap.
fn leftist(h: &Heap) -> bool {
    match h {
        Heap::E => true,
        Heap::T(_, a, b) => leftist_node(h) && leftist(a) && leftist(b),
    }
}

fn nodes(h: &Heap) -> usize {
    match h {
        Heap::E => 0,
        Heap::T(_, a, b) => 1 + nodes(a) + nodes(b),
    }
}

fn args(seed: u64) -> Args {
    Args { seed: Some(seed), persist: false, ..Args::default() }
}

#[test]
fn generation_yields_only_values_meeting_the_invariant() {
    let (mut pairs_met, mut heaps_met, mut big_heaps) = (0, 0, 0);
    for seed in 0..SEEDS {
        let mut g = Gen::new(seed, 30);
        for _ in 0..100 {
            pairs_met += usize::from(in_order(&Pair::arbitrary(&mut g)));
            let heap = Heap::arbitrary(&mut g);
            heaps_met += usize::from(leftist(&heap));
            big_heaps += usize::from(leftist(&heap) && nodes(&heap) >= 3);
        }
    }
    println!(
        "of 3,000 draws each: {pairs_met} pairs and {heaps_met} heaps met the invariant, \
              {big_heaps} of those heaps with 3 nodes or more"
    );
    // A pair is in order half the time by chance: 100 retries never run out.
    assert_eq!(pairs_met, 3_000);
    // A heap is much rarer by chance; the few draws whose retries ran out are discarded.
    assert!(heaps_met >= 2_900, "{heaps_met}");
    assert!(big_heaps >= 300, "{big_heaps}");
}

#[test]
fn discovery_runs_only_values_meeting_it() {
    for seed in 0..SEEDS {
        let report = smartcheck::smart_check(&args(seed), |h: &Heap| leftist(h));
        assert!(report.passed(), "seed {seed}: {report}");
        let report = smartcheck::smart_check(&args(seed), |p: &Pair| in_order(p));
        assert!(report.passed(), "seed {seed}: {report}");
    }
}

/// A type no value of which meets its invariant.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(invariant = never)]
struct Impossible {
    x: u8,
}

fn never(_: &Impossible) -> bool {
    false
}

#[test]
fn a_draw_that_runs_out_of_retries_is_a_discard_never_a_test() {
    let calls = std::cell::Cell::new(0);
    let report = smartcheck::smart_check(&args(1), |_: &Impossible| {
        calls.set(calls.get() + 1);
        true
    });
    assert_eq!(calls.get(), 0);
    assert!(report.to_string().starts_with("smartcheck: gave up after 0 tests and 1001 discards"));
    // Inside a list too: only the lists that hold none of them are tests.
    let held = std::cell::Cell::new(0);
    let report = smartcheck::smart_check(&args(1), |v: &Vec<Impossible>| {
        held.set(held.get() + v.len());
        true
    });
    assert_eq!(held.get(), 0);
    assert!(report.tests() > 0 && !report.failed(), "{report}");
}

/// Runs `prop` through discovery, reduction and generalization, and returns every value it
/// was called on, with the report's first counterexample.
fn every_value_seen<T: SubTypes>(seed: u64, prop: impl Fn(&T) -> bool) -> (Vec<T>, Option<T>) {
    let seen = RefCell::new(Vec::new());
    let report = smartcheck::smart_check(&Args { rounds: 1, ..args(seed) }, |v: &T| {
        seen.borrow_mut().push(v.clone());
        prop(v)
    });
    let first = report.counterexamples().first().map(|c| c.value().clone());
    (seen.into_inner(), first)
}

#[test]
fn reduction_and_generalization_never_run_a_value_that_breaks_it() {
    for seed in 0..SEEDS {
        let (seen, cex) = every_value_seen(seed, |p: &Pair| p.hi < 100);
        assert!(seen.iter().all(in_order), "seed {seed}: a pair out of order was run");
        // The smallest pair in order with `hi` of 100: `lo` goes to 0, never above `hi`.
        assert_eq!(cex, Some(Pair { lo: 0, hi: 100 }), "seed {seed}");

        let (seen, cex) = every_value_seen(seed, |h: &Heap| nodes(h) < 3);
        assert!(seen.iter().all(leftist), "seed {seed}: a heap that is not leftist was run");
        let cex = cex.expect("a heap of 3 nodes is found");
        assert_eq!(nodes(&cex), 3, "seed {seed}: {cex:?}");
        assert!(leftist(&cex));
    }
}

/// The heap with no invariant, to count what the invariant prunes.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
enum RawHeap {
    E,
    T(u8, Box<RawHeap>, Box<RawHeap>),
}

fn to_heap(h: &RawHeap) -> Heap {
    match h {
        RawHeap::E => Heap::E,
        RawHeap::T(x, a, b) => Heap::T(*x, Box::new(to_heap(a)), Box::new(to_heap(b))),
    }
}

#[test]
fn enumeration_lists_only_values_meeting_it_and_counts_the_rest() {
    for d in 1..7 {
        // Pairs: `lo <= hi` among (d - 1)^2 pairs of numbers in 0..d - 1.
        let n = d - 1;
        assert_eq!(Pair::enumerate(d).count(), n * (n + 1) / 2, "pairs up to depth {d}");
        assert_eq!(Pair::unpruned_count(d), n * n);
    }
    for d in 1..5 {
        let all: Vec<RawHeap> = RawHeap::enumerate(d).collect();
        let text = |h: &Heap| format!("{h:?}");
        let mut expected: Vec<String> =
            all.iter().map(to_heap).filter(leftist).map(|h| text(&h)).collect();
        let mut heaps: Vec<String> = Heap::enumerate(d).map(|h| text(&h)).collect();
        expected.sort();
        heaps.sort();
        assert_eq!(heaps, expected, "heaps up to depth {d}");
        assert_eq!(Heap::unpruned_count(d), all.len());
    }
    let run = exhaustive_check(&args(1), 4, |h: &Heap| leftist(h));
    assert_eq!(
        run.to_string(),
        "smartcheck: checked all 23 values up to depth 4; 23 met the precondition; \
         221 more were pruned without being built; no failure\n"
    );
    // An argument tuple prunes by its parts' invariants.
    let run = exhaustive_check(&args(1), 3, |(a, b): &(Pair, Pair)| in_order(a) && in_order(b));
    assert_eq!(run.coverage().checked, 9);
    assert_eq!(run.coverage().pruned, 16 - 9);
}

// -------------------------------------------------------------------------------------------
// Contracts

/// Widens a pair to hold `x`.
#[smartcheck::contract(ensures = result.lo <= x && x <= result.hi, persist = false)]
fn widen(p: Pair, x: u8) -> Pair {
    Pair { lo: p.lo.min(x), hi: p.hi.max(x) }
}

/// Wrong: swaps the ends when `x` is above the pair.
#[smartcheck::contract(test = false)]
fn widen_wrong(p: &Pair, x: u8) -> Pair {
    if x > p.hi {
        return Pair { lo: x, hi: p.lo };
    }
    Pair { lo: p.lo.min(x), hi: p.hi }
}

/// The smallest of every pair's low end.
#[smartcheck::contract(ensures = result.is_none_or(|m| pairs.iter().all(|p| m <= p.lo)))]
fn lowest(pairs: &[Pair]) -> Option<u8> {
    pairs.iter().map(|p| p.lo).min()
}

/// A node with children `a` and `b`, the one of higher rank on the left. The bug: no swap
/// when the left child has rank 1 and the right one rank 2 or more.
fn make(x: u8, a: Heap, b: Heap) -> Heap {
    if rank(&a) >= rank(&b) || rank(&a) == 1 {
        Heap::T(x, Box::new(a), Box::new(b))
    } else {
        Heap::T(x, Box::new(b), Box::new(a))
    }
}

/// Merges two leftist heaps. Its contract states no clause, so says nothing but what the
/// types say: the result is a heap (it needed `ensures = true`). Its test is `#[ignore]`d here
/// and run by `the_contract_test_finds_a_broken_result`.
#[smartcheck::contract(exhaustive = 4, ignore = true, persist = false)]
fn merge(h1: Heap, h2: Heap) -> Heap {
    match (h1, h2) {
        (h, Heap::E) | (Heap::E, h) => h,
        (Heap::T(x, a1, b1), Heap::T(y, a2, b2)) => {
            if x <= y {
                make(x, *a1, merge(*b1, Heap::T(y, a2, b2)))
            } else {
                make(y, *a2, merge(Heap::T(x, a1, b1), *b2))
            }
        }
    }
}

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let err = std::panic::catch_unwind(f).expect_err("the contract is broken");
    err.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn a_contract_names_the_invariant_an_argument_or_result_breaks() {
    let bad = Pair { lo: 3, hi: 1 };
    let message = panic_message(|| {
        widen(bad.clone(), 2);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `widen` is broken: argument `p` breaks the invariant \
         `in_order` of `Pair`"
    );
    let message = panic_message(|| {
        widen_wrong(&Pair { lo: 1, hi: 2 }, 5);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `widen_wrong` is broken: the result breaks the invariant \
         `in_order` of `Pair`"
    );
    let message = panic_message(|| {
        lowest(&[Pair { lo: 0, hi: 0 }, bad.clone()]);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `lowest` is broken: argument `pairs` breaks the \
         invariant `in_order` of `Pair`"
    );
    // A heap whose left child breaks the invariant deep inside.
    let leaf = |x| Box::new(Heap::T(x, Box::new(Heap::E), Box::new(Heap::E)));
    let bad_heap = Heap::T(0, leaf(1), Box::new(Heap::T(5, leaf(1), Box::new(Heap::E))));
    let message = panic_message(|| {
        merge(Heap::E, bad_heap.clone());
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `merge` is broken: argument `h2` breaks the invariant \
         `leftist_node` of `Heap`"
    );
    assert_eq!(widen(Pair { lo: 1, hi: 2 }, 7), Pair { lo: 1, hi: 7 });
}

#[test]
fn the_contract_test_finds_a_broken_result() {
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            crate::test_name(module_path!(), "smartcheck_contract_merge").as_str(),
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("SMARTCHECK_PERSIST", "0")
        .env("SMARTCHECK_SEED", "1")
        .output()
        .expect("the test binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the contract test passed:\n{stderr}");
    assert!(
        stderr.contains("the result breaks the invariant `leftist_node` of `Heap`"),
        "{stderr}"
    );
}
