//! `#[smartcheck(range = LO..=HI)]` as users see it: generation draws within the range, with
//! its boundaries and small offsets from `LO` favoured; no candidate the property sees during
//! reduction, generalization or strengthening ever leaves it; and reduction still reaches the
//! smallest failing value inside it.

#![deny(warnings)]
#![deny(missing_docs, unused_qualifications)]

use std::cell::RefCell;
use std::collections::BTreeSet;

use smartcheck::{Arbitrary, Args, Gen, SubTypes};

/// Ranged fields of several widths and signs, alone and through `Option` and `Vec`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Ranged {
    #[smartcheck(range = 10..=20)]
    a: i32,
    #[smartcheck(range = 250..255)]
    b: u8,
    #[smartcheck(range = -128..=127)]
    c: i8,
    #[smartcheck(range = -5..=-3)]
    d: i64,
    #[smartcheck(range = 340282366920938463463374607431768211000..=340282366920938463463374607431768211455)]
    e: u128,
    #[smartcheck(range = -2..=2)]
    f: Option<i16>,
    #[smartcheck(range = 100..=101)]
    g: Vec<u64>,
    h: u8,
}

impl Ranged {
    fn in_range(&self) -> bool {
        (10..=20).contains(&self.a)
            && (250..255).contains(&self.b)
            && (-5..=-3).contains(&self.d)
            && self.e >= 340282366920938463463374607431768211000
            && self.f.is_none_or(|f| (-2..=2).contains(&f))
            && self.g.iter().all(|g| (100..=101).contains(g))
    }
}

/// An enum whose variants carry ranges of their own, one of them in a tuple variant.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Shape {
    Dot,
    Square(#[smartcheck(range = 1..=9)] u16),
    Rect {
        #[smartcheck(range = 1..=9)]
        w: u16,
        #[smartcheck(range = 20..=29)]
        h: u16,
    },
}

impl Shape {
    fn in_range(&self) -> bool {
        match self {
            Shape::Dot => true,
            Shape::Square(s) => (1..=9).contains(s),
            Shape::Rect { w, h } => (1..=9).contains(w) && (20..=29).contains(h),
        }
    }
}

#[test]
fn generation_stays_within_every_range() {
    let mut seen_a = BTreeSet::new();
    let mut seen_b = BTreeSet::new();
    for seed in 0..2_000u64 {
        let mut g = Gen::new(seed, (seed % 100) as usize);
        let r = Ranged::arbitrary(&mut g);
        assert!(r.in_range(), "seed {seed}: {r:?}");
        assert!(r.within_constraints());
        seen_a.insert(r.a);
        seen_b.insert(r.b);
        let s = Shape::arbitrary(&mut g);
        assert!(s.in_range(), "seed {seed}: {s:?}");
    }
    // Every value of a small range is reached; `HI` of an exclusive range never is.
    assert_eq!(seen_a, (10..=20).collect());
    assert_eq!(seen_b, (250..255).collect());
}

/// Readings that may be missing, in degrees below zero, and rows of a grid of levels.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Winter {
    #[smartcheck(range = -40..=-1)]
    readings: Vec<Option<i8>>,
    #[smartcheck(range = 0..=999)]
    rows: Vec<Vec<u16>>,
}

/// The elements of a ranged list that hold structure get their share of the budget, as a
/// list's own do: an outside audit drew 10,000 `Vec<Option<i8>>` and `Vec<Vec<u16>>` ranged
/// values, and none held an integer (every element `None` or empty), so no bug that needs
/// one was ever found.
#[test]
fn elements_of_a_ranged_list_hold_integers_too() {
    let (mut some, mut full_rows) = (0, 0);
    for seed in 0..1_000u64 {
        let w = Winter::arbitrary(&mut Gen::new(seed, (seed % 100) as usize));
        assert!(w.within_constraints(), "seed {seed}: {w:?}");
        some += usize::from(w.readings.iter().any(Option::is_some));
        full_rows += usize::from(w.rows.iter().any(|r| !r.is_empty()));
    }
    // Measured over these seeds: 639 and 616 of 1,000 (0 and 0 before).
    assert!(some >= 500 && full_rows >= 500, "{some} {full_rows}");
    // A bug that needs a reading is found, and reduced to the warmest one.
    let warmest = |w: &Winter| {
        w.readings.iter().flatten().fold(0, |m, &r| m.max(r)) <= -1
            || w.readings.iter().all(Option::is_none)
    };
    for seed in 0..30 {
        let args = Args { seed: Some(seed), persist: false, ..Args::default() };
        let report = smartcheck::smart_check(&args, warmest);
        let least = Winter { readings: vec![Some(-1)], rows: vec![] };
        assert_eq!(
            report.counterexamples().first().map(|c| c.value()),
            Some(&least),
            "seed {seed}"
        );
    }
}

#[test]
fn generation_favours_the_low_bound_and_the_boundaries() {
    #[derive(Debug, Clone, SubTypes, Arbitrary)]
    struct Wide(#[smartcheck(range = 1000..=1_000_000)] u32);
    let mut counts = [0usize; 4]; // LO, HI, within 1000 of LO, the rest
    for seed in 0..4_000u64 {
        let Wide(x) = Wide::arbitrary(&mut Gen::new(seed, 30));
        let k = match x {
            1000 => 0,
            1_000_000 => 1,
            1001..=1999 => 2,
            _ => 3,
        };
        counts[k] += 1;
    }
    // Boundaries come one time in ten between them, and small offsets often; figures are
    // for these 4,000 seeds, pinned so that a change of distribution is noticed.
    assert!(counts[0] >= 200 && counts[1] >= 80, "{counts:?}");
    assert!(counts[2] >= 1000, "{counts:?}");
}

#[test]
fn out_of_range_values_are_outside_the_constraints() {
    let mut g = Gen::new(1, 10);
    let mut r = Ranged::arbitrary(&mut g);
    assert!(r.within_constraints());
    r.a = 21;
    assert!(!r.within_constraints());
    r.a = 20;
    r.f = Some(3);
    assert!(!r.within_constraints());
    r.f = None;
    r.g = vec![100, 99];
    assert!(!r.within_constraints());
    assert!(!Shape::Rect { w: 1, h: 19 }.within_constraints());
    assert!(Shape::Dot.within_constraints());
}

/// Runs `prop` under smartcheck with `seed`, recording every value it is called with.
fn run_recording<T: SubTypes>(
    seed: u64,
    prop: impl Fn(&T) -> bool,
) -> (smartcheck::Report<T>, Vec<T>) {
    let seen = RefCell::new(Vec::new());
    let args = Args { seed: Some(seed), ..Args::default() };
    let report = smartcheck::smart_check(&args, |x: &T| {
        seen.borrow_mut().push(x.clone());
        prop(x)
    });
    (report, seen.into_inner())
}

#[test]
fn reduction_never_leaves_the_range_and_reaches_its_smallest_failure() {
    /// A config whose `threads` must stay below 15.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    struct Config {
        #[smartcheck(range = 10..=20)]
        threads: i32,
        name: Vec<u8>,
    }
    for seed in 0..40 {
        let (report, seen) = run_recording(seed, |c: &Config| c.threads < 15);
        assert!(seen.iter().all(|c| (10..=20).contains(&c.threads)), "seed {seed}");
        let cex = &report.counterexamples()[0];
        assert_eq!(cex.value(), &Config { threads: 15, name: vec![] }, "seed {seed}");
    }
}

#[test]
fn nested_ranges_are_kept_inside_lists_and_enums() {
    for seed in 0..30 {
        let (report, seen) = run_recording(seed, |v: &Vec<Shape>| {
            v.iter().all(|s| !matches!(s, Shape::Rect { w, h } if *w >= 3 && *h >= 22))
        });
        assert!(seen.iter().flatten().all(Shape::in_range), "seed {seed}");
        let cex = &report.counterexamples()[0];
        assert_eq!(cex.value(), &vec![Shape::Rect { w: 3, h: 22 }], "seed {seed}");
    }
}

#[test]
fn negative_and_exclusive_ranges_reduce_to_their_smallest_failure() {
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    struct Temp(#[smartcheck(range = -40..60)] i8);
    for seed in 0..30 {
        let (report, seen) = run_recording(seed, |t: &Temp| t.0 < 30);
        assert!(seen.iter().all(|t| (-40..60).contains(&t.0)), "seed {seed}");
        assert_eq!(report.counterexamples()[0].value(), &Temp(30), "seed {seed}");
    }
}

/// A digit, ranged.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Digit {
    #[smartcheck(range = 0..=9)]
    x: u8,
}

/// A hand-written generator that builds a digit outside its range: a bug in the user's
/// generator, not in the property.
#[derive(Debug, Clone, PartialEq, SubTypes)]
struct Wrapped {
    digit: Digit,
    n: u8,
}

impl Arbitrary for Wrapped {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = u8::arbitrary(g);
        Wrapped { digit: Digit { x: 10 + n % 5 }, n }
    }
    fn min_size() -> Option<usize> {
        Some(3)
    }
}

/// A value outside its type's constraints is no counterexample, however it was drawn: a
/// reviewer's out-of-range digit from a hand-written generator was run unwalked (its draw
/// noted no constrained node), failed, and was reported as a flaky property when reduction
/// dropped it. It is a discard.
#[test]
fn a_failing_input_outside_its_constraints_is_a_discard_however_drawn() {
    let args = Args { seed: Some(1), persist: false, ..Args::default() };
    // A constrained type in use first, as in any test binary that has one.
    assert!(smartcheck::smart_check(&args, |d: &Digit| d.x < 5).failed());
    let report = smartcheck::smart_check(&args, |w: &Wrapped| w.digit.x <= 9);
    let text = report.to_string();
    assert!(!report.failed(), "{text}");
    assert!(text.contains("gave up after 0 tests"), "{text}");
}
