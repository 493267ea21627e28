//! The shrinking benchmarks' figures, pinned over 30 seeds each (reduction only, as in
//! `bench/benches/shrinking`): where smartcheck ends, how often on the same value, and what it
//! costs in property evaluations, with the bench's discovery budget of 10,000 tests.
//! BENCHMARKS.md's goal is the minimum in at least 99% of runs, at most 3 distinct outputs per
//! 100, no more evaluations than Hypothesis; where the reducer falls short of that today, the
//! pin says how far, so that a regression fails and an improvement is re-pinned.

use std::collections::BTreeMap;
use std::fmt::Debug;

use smartcheck::{smart_check, Args, SubTypes, Verdict};
use smartcheck_models::challenge::{
    binheap, coupling, degenerate, difference, distinct, large_union_list, nestedlists, parser,
    replacement,
};
use smartcheck_tests::{bound5, calculator};

const SEEDS: u64 = 30;

/// What 30 seeded runs of a benchmark came to.
struct Figures<T> {
    /// Each final value and how many runs ended on it.
    outputs: BTreeMap<String, usize>,
    /// The final values.
    values: Vec<T>,
    /// Mean property evaluations spent reducing.
    mean_evaluations: f64,
}

fn run<T: SubTypes>(args: &Args, prop: impl Fn(&T) -> Verdict + Copy) -> Figures<T> {
    let mut outputs = BTreeMap::new();
    let mut values = Vec::new();
    let mut evaluations = 0;
    for seed in 0..SEEDS {
        let args = Args {
            seed: Some(seed),
            tests: 10_000,
            run_forall: false,
            run_exists: false,
            rounds: 1,
            ..args.clone()
        };
        let report = smart_check(&args, prop);
        let cex = report
            .counterexamples()
            .first()
            .unwrap_or_else(|| panic!("seed {seed}: nothing found\n{report}"));
        assert_eq!(prop(cex.value()), Verdict::Fail, "seed {seed}: the reported value passes");
        *outputs.entry(format!("{:?}", cex.value())).or_insert(0) += 1;
        evaluations += cex.evaluations();
        values.push(cex.value().clone());
    }
    Figures { outputs, values, mean_evaluations: evaluations as f64 / SEEDS as f64 }
}

impl<T: Debug> Figures<T> {
    /// Every run ended on `expected`.
    fn always(&self, expected: &str) {
        assert_eq!(self.outputs.keys().collect::<Vec<_>>(), vec![expected], "{:?}", self.outputs);
    }

    /// Mean evaluations at most `most`.
    fn evaluations_at_most(&self, most: f64) {
        assert!(
            self.mean_evaluations <= most,
            "mean evaluations {} > {most}",
            self.mean_evaluations
        );
    }
}

#[test]
fn bound5_ends_on_two_values_always_the_same() {
    let f = run(&Args::default(), bound5::prop);
    // `[1, 32767]`, where two numbers wrap to `-32768` together, now folds into one.
    f.always("T([], [], [], [-1], [-32768])");
    f.evaluations_at_most(116.0); // Hypothesis: 116
}

#[test]
fn binheap_ends_on_nine_constructors_in_few_shapes() {
    let f = run(&Args::default(), binheap::prop);
    assert!(f.values.iter().all(|h| binheap::size(h) == 9), "{:?}", f.outputs);
    assert!(f.outputs.len() <= 3, "{:?}", f.outputs);
    let canonical = "Input(Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty))))";
    assert!(f.outputs.get(canonical).is_some_and(|&n| n >= 15), "{:?}", f.outputs);
    f.evaluations_at_most(187.0); // Hypothesis: 187
}

#[test]
fn large_union_list_merges_into_one_list() {
    let f = run(&Args::default(), |v: &large_union_list::Input| large_union_list::prop(v).into());
    f.always("[[0, 1, -1, 2, -2]]");
}

#[test]
fn nestedlists_merge_into_one_inner_list() {
    let f = run(&Args::default(), |v: &nestedlists::Input| nestedlists::prop(v).into());
    f.always("[[(), (), (), (), (), (), (), (), (), (), ()]]");
    f.evaluations_at_most(88.0); // Hypothesis: 88
}

#[test]
fn difference_finds_and_lowers_equal_and_near_values() {
    let zero =
        run(&Args::default(), |v: &difference::Input| difference::must_not_be_zero(v).into());
    let small =
        run(&Args::default(), |v: &difference::Input| difference::must_not_be_small(v).into());
    let one = run(&Args::default(), |v: &difference::Input| difference::must_not_be_one(v).into());
    zero.always("Input(10, 10)");
    // `b` falls past `a`, where the difference is 0 and passes (the leaf search's gap steps).
    small.always("Input(10, 6)");
    one.always("Input(10, 9)");
}

#[test]
fn replacement_trades_multipliers_for_a_larger_start() {
    let f = run(&Args::default(), |v: &replacement::Input| replacement::prop(v).into());
    // One multiplier, and the simplest start for it (the smallest sum of ranks): `trade`
    // raises the multiplier while the start falls by more. Short of the goal (issue 9): it
    // gets there one multiplier step at a time, several hundred evaluations, Hypothesis 82.
    f.always("Input(100000, [10])");
    eprintln!("replacement: mean {} evaluations (Hypothesis: 82)", f.mean_evaluations);
}

#[test]
fn coupling_renumbers_down_to_the_two_cycle() {
    let f = run(&Args::default(), coupling::prop);
    f.always("Input([1, 0])");
    f.evaluations_at_most(134.0); // Hypothesis: 134
}

#[test]
fn calculator_and_distinct_stay_cheap() {
    let f = run(&Args::default(), calculator::prop_div);
    assert!(f.values.iter().all(|e| calculator::size(e) == 5), "{:?}", f.outputs);
    assert!(f.outputs.len() <= 2, "{:?}", f.outputs);
    f.evaluations_at_most(200.0); // Hypothesis: 200
    let f = run(&Args::default(), |v: &distinct::Input| distinct::prop(v).into());
    f.always("[0, 1, -1]");
    f.evaluations_at_most(98.0); // Hypothesis: 98
}

#[test]
fn degenerate_reaches_the_distinct_three_chain() {
    let f = run(&Args::default(), |e: &degenerate::Input| degenerate::prop(e).into());
    assert!(f.values.iter().all(|e| degenerate::size(e) == 3), "{:?}", f.outputs);
    f.always("Input(A(B(C(N))))");
}

#[test]
fn parser_moves_the_bad_expression_into_the_arguments() {
    // The paper's settings for this benchmark; the function's name is opaque, so runs differ
    // in it.
    let args = Args { max_size: 5, max_reduce: 10, ..Args::default() };
    let f = run(&args, |p: &parser::Lang| parser::prop(p).into());
    // Short of the goal (issue 9): a few runs keep the bad expression in an assignment, one
    // constructor above the minimum, since the pass that moved it into the arguments was
    // dropped as fitted to this benchmark alone.
    assert!(f.values.iter().all(|p| parser::size(p) <= 4), "{:?}", f.outputs);
    let minimal = f.values.iter().filter(|p| parser::size(p) == 3).count();
    assert!(minimal >= 20, "{minimal} of the runs at the minimum: {:?}", f.outputs);
    let shapes: std::collections::BTreeSet<String> = f
        .values
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.funcs.iter_mut().for_each(|func| func.name = parser::Var("f".into()));
            format!("{p:?}")
        })
        .collect();
    // Short of the goal's three distinct outputs: the opaque names of assigned variables, and
    // `And`/`Or` variants of the bug, leave up to ten shapes.
    assert!(shapes.len() <= 10, "{shapes:?}");
    f.evaluations_at_most(187.0); // Hypothesis: 187
}

/// The minima the `ordinary` benchmarks' docs state: each fails, has the stated size, and
/// the nearest smaller values pass (so the table's `min%` measures what the docs claim).
#[test]
fn ordinary_minima_fail_at_their_stated_sizes() {
    use smartcheck_models::ordinary::{
        bst, config, csv, date, luhn, pqueue, rle, settings, stack_compiler,
    };

    let keys = (vec![0, 1, -1], 0);
    assert_eq!((bst::prop(&keys), bst::size(&keys)), (Verdict::Fail, 5));
    assert_eq!(bst::prop(&(vec![0, 1, -1], 1)), Verdict::Pass);
    assert_eq!(bst::prop(&(vec![0, 1], 0)), Verdict::Pass);

    use stack_compiler::Expr::{Add, Let, Lit, Var};
    let e = Let(Box::new(Lit(0)), Box::new(Add(Box::new(Lit(1)), Box::new(Var(0)))));
    assert_eq!((stack_compiler::prop(&e), stack_compiler::size(&e)), (Verdict::Fail, 5));
    let same = Let(Box::new(Lit(0)), Box::new(Add(Box::new(Lit(0)), Box::new(Var(0)))));
    assert_eq!(stack_compiler::prop(&same), Verdict::Pass);
    let unbound = Add(Box::new(Lit(1)), Box::new(Var(0)));
    assert_eq!(stack_compiler::prop(&unbound), Verdict::Discard);

    assert!(!rle::prop(&vec![false; 5]) && rle::size(&vec![false; 5]) == 5);
    assert!(rle::prop(&vec![false; 4]) && rle::prop(&vec![true, true, true, true, false]));

    let quote = vec!["\"".to_string()];
    assert_eq!((csv::prop(&quote), csv::size(&quote)), (Verdict::Fail, 2));
    for ok in [vec![",".to_string()], vec![String::new()], vec!["a".into(), "b\"\",".into()]] {
        assert_eq!(csv::prop(&ok), Verdict::Pass, "{ok:?}");
    }

    let c = config::Config {
        name: None,
        port: None,
        retries: None,
        timeout_ms: Some(15_001),
        verbose: false,
    };
    assert_eq!((config::prop(&c), config::size(&c)), (Verdict::Fail, 15_002));
    let c2 = config::Config { timeout_ms: Some(15_000), ..c.clone() };
    assert_eq!(config::prop(&c2), Verdict::Pass);
    let c3 = config::Config { retries: Some(0), timeout_ms: Some(60_001), ..c };
    assert_eq!((config::prop(&c3), config::size(&c3)), (Verdict::Fail, 60_003));

    let five = luhn::Input(vec![5]);
    assert_eq!((luhn::prop(&five), luhn::size(&five)), (Verdict::Fail, 6));
    assert_eq!(luhn::prop(&luhn::Input(vec![4])), Verdict::Pass);
    assert_eq!(luhn::prop(&luhn::Input(vec![5, 0])), Verdict::Pass);

    use pqueue::Op::{Pop, Push};
    let ops = vec![Push(0), Push(1), Push(0), Push(1), Pop, Pop];
    assert!(!pqueue::prop(&ops) && pqueue::size(&ops) == 8);
    assert!(pqueue::prop(&[Push(0), Push(1), Push(0), Push(1), Pop].to_vec()));
    assert!(pqueue::prop(&[Push(0), Push(0), Push(0), Push(1), Pop, Pop].to_vec()));

    let feb = |day, days| date::Input { date: date::Date { year: 1900, month: 2, day }, days };
    for (day, days) in [(28, 1), (1, 28)] {
        assert_eq!((date::prop(&feb(day, days)), date::size(&feb(day, days))), (Verdict::Fail, 29));
    }
    assert_eq!(date::prop(&feb(27, 1)), Verdict::Pass);
    assert_eq!(date::prop(&feb(29, 0)), Verdict::Discard);

    use settings::Setting::{Retries, Timeout};
    let layers = |d: &[(settings::Setting, u8)], o: &[(settings::Setting, u8)]| settings::Layers {
        defaults: d.iter().copied().collect(),
        overrides: o.iter().copied().collect(),
    };
    let least = layers(&[(Timeout, 0)], &[(Timeout, 1)]);
    assert_eq!((settings::prop(&least), settings::size(&least)), (Verdict::Fail, 3));
    let swapped = layers(&[(Timeout, 1)], &[(Timeout, 0)]);
    assert_eq!((settings::prop(&swapped), settings::size(&swapped)), (Verdict::Fail, 3));
    for ok in [
        layers(&[(Timeout, 0)], &[(Timeout, 0)]),
        layers(&[(Timeout, 0)], &[(Retries, 1)]),
        layers(&[], &[(Timeout, 1)]),
    ] {
        assert_eq!(settings::prop(&ok), Verdict::Pass, "{ok:?}");
    }
}
