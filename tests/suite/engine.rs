//! The user's path end to end (SPEC §2, §4, §5, §6): discovery, reduction, the report, and
//! bad input, over many seeds.

use smartcheck::{reduce, smart_check, Arbitrary, Args, Failure, Format, SubTypes, Verdict};
use smartcheck_tests::bound5;
use smartcheck_tests::calculator::{self, prop_div, Exp};

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), ..Args::default() }
}

/// Reduction alone: generalization and extra rounds are pinned in tests/generalize.rs.
fn reduce_only(seed: u64) -> Args {
    Args { run_forall: false, run_exists: false, rounds: 1, ..seeded(seed) }
}

#[test]
fn calculator_always_reduces_to_five_constructors() {
    for seed in 0..40 {
        let report = smart_check(&reduce_only(seed), prop_div);
        assert!(report.failed(), "seed {seed}: no counterexample\n{report}");
        let cex = &report.counterexamples()[0];
        assert_eq!(calculator::size(cex.value()), 5, "seed {seed}:\n{report}");
        assert!(prop_div(cex.value()) == Verdict::Fail, "seed {seed}: does not fail");
        assert_eq!(cex.failure(), &Failure::False);
    }
}

#[test]
fn reverse_always_reduces_to_two_elements() {
    for seed in 0..40 {
        let report = smart_check(&reduce_only(seed), |v: &Vec<i32>| {
            v.iter().rev().copied().collect::<Vec<_>>() == *v
        });
        let cex = &report.counterexamples()[0];
        assert_eq!(cex.value().len(), 2, "seed {seed}:\n{report}");
        assert_eq!(cex.value(), &vec![0, 1], "seed {seed}: not normalised");
    }
}

#[test]
fn motivating_example_reduces_to_three_values_or_fewer_on_average() {
    let seeds = 0..40u64;
    let mut total = 0;
    for seed in seeds.clone() {
        let report = smart_check(&reduce_only(seed), bound5::prop);
        assert!(report.failed(), "seed {seed}: no counterexample\n{report}");
        let value = report.counterexamples()[0].value();
        assert_eq!(bound5::prop(value), Verdict::Fail, "seed {seed}");
        total += value.values();
    }
    let mean = total as f64 / seeds.count() as f64;
    assert!(mean <= 3.0, "mean {mean} i16 values (the paper's SmartCheck: 6)");
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Tree {
    Leaf(u8),
    Node(Box<Tree>, Vec<Tree>, Option<Box<Tree>>),
}

fn depth(t: &Tree) -> usize {
    let mut stack = vec![(t, 1)];
    let mut deepest = 0;
    while let Some((t, d)) = stack.pop() {
        deepest = deepest.max(d);
        if let Tree::Node(a, bs, c) = t {
            stack.push((a, d + 1));
            stack.extend(bs.iter().map(|b| (b, d + 1)));
            if let Some(c) = c {
                stack.push((c, d + 1));
            }
        }
    }
    deepest
}

type TreeProperty = Box<dyn Fn(&Tree) -> bool>;

#[test]
fn reported_counterexamples_fail_when_rerun() {
    for seed in 0..30 {
        let args = seeded(seed);
        let props: Vec<TreeProperty> = vec![
            Box::new(|t| depth(t) < 4),
            Box::new(|t| !matches!(t, Tree::Node(_, v, _) if v.len() > 2)),
            Box::new(|t| format!("{t:?}").len() < 60),
        ];
        for (k, prop) in props.iter().enumerate() {
            let report = smart_check(&args, prop);
            for cex in report.counterexamples() {
                assert!(!prop(cex.value()), "seed {seed} prop {k}: {:?} passes", cex.value());
                assert!(!prop(cex.original()), "seed {seed} prop {k}: original passes");
            }
        }
        let report = smart_check(&args, prop_div);
        for cex in report.counterexamples() {
            assert_eq!(prop_div(cex.value()), Verdict::Fail, "seed {seed}");
        }
    }
}

#[test]
fn same_seed_same_report() {
    let a = smart_check(&seeded(0x5eed), prop_div).to_string();
    let b = smart_check(&seeded(0x5eed), prop_div).to_string();
    assert_eq!(a, b);
    assert!(a.contains("seed 0x5eed (rerun: SMARTCHECK_SEED=0x5eed)"), "{a}");
}

#[test]
fn report_shape() {
    let report = smart_check(&reduce_only(11), prop_div);
    let text = report.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("smartcheck: property failed after "), "{text}");
    assert!(lines[1].starts_with("counterexample 1 of 1, reduced from "), "{text}");
    assert!(
        lines[1].ends_with(" to 5 constructors in ") || lines[1].contains(" to 5 constructors in ")
    );
    assert_eq!(lines[2], format!("  {:?}", report.counterexamples()[0].value()));
    assert_eq!(lines[3], "failure: the property returned false");
    assert!(text.contains("property evaluations in all"), "{text}");
}

#[test]
fn tree_format_prints_the_papers_tree() {
    let args = Args { format: Format::Tree, ..reduce_only(11) };
    let report = smart_check(&args, prop_div);
    let cex = &report.counterexamples()[0];
    let rendered = cex.rendered();
    assert!(rendered.starts_with(&format!("{:?}\n", cex.value())), "{rendered}");
    assert!(rendered.contains("+- ") && rendered.contains("`- "), "{rendered}");
    assert_eq!(
        rendered.lines().count(),
        5,
        "one line for the value, one per sub-value:\n{rendered}"
    );
}

#[test]
fn a_property_that_always_panics_is_a_failure_with_its_message() {
    let report = smart_check(&seeded(1), |_: &Vec<u8>| -> bool { panic!("no inputs allowed") });
    assert!(report.failed());
    let cex = &report.counterexamples()[0];
    match cex.failure() {
        Failure::Panic { message, location } => {
            assert_eq!(message, "no inputs allowed");
            assert!(location.as_deref().is_some_and(|l| l.contains("engine.rs")));
        }
        other => panic!("expected a panic, got {other:?}"),
    }
    assert_eq!(cex.value(), &Vec::<u8>::new());
    assert!(report.to_string().contains("panicked at"), "{report}");
}

#[test]
fn a_property_that_discards_everything_gives_up() {
    let report = smart_check(&seeded(2), |_: &u8| Verdict::Discard);
    assert!(report.gave_up(), "{report}");
    assert_eq!(report.tests(), 0);
    assert_eq!(report.discards(), 1001);
    assert!(report.to_string().starts_with("smartcheck: gave up after 0 tests and 1001 discards"));
    // Where random inputs are this rare, the report points to the exhaustive mode.
    assert!(report.to_string().contains("`smartcheck::exhaustive::exhaustive_check`"), "{report}");
    assert!(report.to_string().contains("SMARTCHECK_EXHAUSTIVE=5"), "{report}");
}

#[test]
fn a_property_that_always_passes_passes() {
    let report = smart_check(&seeded(3), |_: &Exp| true);
    assert!(report.passed());
    assert_eq!(report.tests(), 100);
    assert!(report.counterexamples().is_empty());
    assert!(report.to_string().starts_with("smartcheck: passed 100 tests; seed 0x3"), "{report}");
}

#[test]
fn reduce_takes_a_counterexample_found_elsewhere() {
    use Exp::*;
    let found = Add(
        Box::new(Div(Box::new(C(5)), Box::new(C(-12)))),
        Box::new(Add(
            Box::new(Add(Box::new(C(2)), Box::new(C(4)))),
            Box::new(Add(
                Box::new(C(7)),
                Box::new(Div(
                    Box::new(Add(Box::new(C(7)), Box::new(C(3)))),
                    Box::new(Add(Box::new(C(-5)), Box::new(C(5)))),
                )),
            )),
        )),
    );
    let cex = reduce(&reduce_only(4), prop_div, found.clone()).expect("a counterexample");
    assert_eq!(cex.original(), &found);
    assert_eq!(calculator::size(cex.value()), 5);
    let err = reduce(&reduce_only(4), prop_div, C(1)).expect_err("C(1) passes");
    assert_eq!(err.to_string(), "the value passes the property: nothing to reduce");
}

fn chain(n: usize) -> Exp {
    let mut e = Exp::C(1);
    for i in 0..n {
        e = Exp::Add(Box::new(e), Box::new(Exp::C(i as i32)));
    }
    e
}

#[test]
fn a_ten_thousand_deep_value_reduces_without_stack_overflow() {
    // Fails whenever the value is at least 3 levels deep: the sub-value hypothesis applies.
    let deep = chain(10_000);
    let prop = |e: &Exp| !matches!(e, Exp::Add(a, _) if matches!(**a, Exp::Add(..)));
    let cex = reduce(&reduce_only(5), prop, deep).expect("a counterexample");
    assert_eq!(calculator::size(cex.value()), 5);
    assert_eq!(
        cex.value(),
        &Exp::Add(
            Box::new(Exp::Add(Box::new(Exp::C(0)), Box::new(Exp::C(0)))),
            Box::new(Exp::C(0))
        )
    );
}

#[test]
fn a_hundred_thousand_constructor_value_reduces_without_stack_overflow() {
    // A wide value: 50,000 lists of one element each, failing when any element is 7.
    let wide: Vec<Vec<u8>> = (0..50_000).map(|i| vec![if i == 31_337 { 7 } else { 1 }]).collect();
    assert!(wide.size() > 100_000);
    let prop = |v: &Vec<Vec<u8>>| !v.iter().flatten().any(|&x| x == 7);
    let cex = reduce(&reduce_only(6), prop, wide).expect("a counterexample");
    assert_eq!(cex.value(), &vec![vec![7]]);
}
