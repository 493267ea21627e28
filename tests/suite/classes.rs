//! One bug, one class; two bugs, two (issue 11.1, paper §5.3): over 30 seeds each, with the
//! default `Args`, on lists, nested types and strings. Inputs that fail as instances of an
//! earlier class are counted as skipped, never as discards, and a round that finds only such
//! inputs ends early.

use std::collections::BTreeMap;

use smartcheck::{smart_check, Arbitrary, Args, Report, SubTypes};

const SEEDS: std::ops::Range<u64> = 0..30;

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), ..Args::default() }
}

#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn reverse_is_identity(v: &Vec<i32>) -> bool {
    v.iter().rev().copied().collect::<Vec<_>>() == *v
}

/// `report` has one class per message, and names each.
fn assert_classes<T: SubTypes>(seed: u64, report: &Report<T>, messages: &[&str]) {
    let text = report.to_string();
    assert_eq!(report.counterexamples().len(), messages.len(), "seed {seed}:\n{text}");
    for message in messages {
        assert!(text.contains(message), "seed {seed}: no {message:?} in\n{text}");
    }
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

/// A binary tree with keys in its nodes.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Bst {
    Leaf,
    Node(Box<Bst>, i16, Box<Bst>),
}

fn keys(t: &Bst, out: &mut Vec<i16>) {
    if let Bst::Node(l, k, r) = t {
        keys(l, out);
        out.push(*k);
        keys(r, out);
    }
}

fn left_depth(t: &Bst) -> usize {
    match t {
        Bst::Leaf => 0,
        Bst::Node(l, ..) => 1 + left_depth(l),
    }
}

fn keys_sorted(t: &Bst) -> bool {
    let mut v = Vec::new();
    keys(t, &mut v);
    v.windows(2).all(|w| w[0] <= w[1])
}

/// Keys out of order fail in every shape of the tree that holds them; reported once, not once
/// per shape (each shape of `[0, 1, 0]` was a class of its own before: three in every run).
#[test]
fn one_bug_in_a_search_tree_is_one_class_whatever_its_shape() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), keys_sorted);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// Another shape of a bug already found is merged before it is generalized: no evaluation is
/// spent explaining what is not reported. Over the 30 seeds, 14,245 evaluations in all
/// (21,599 when each merged shape was generalized first; 655 instances skipped either way).
#[test]
fn a_merged_shape_costs_no_generalization() {
    let (mut total, mut skipped) = (0, 0);
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), keys_sorted);
        total += report.evaluations();
        skipped += report.skipped().iter().sum::<usize>();
    }
    assert!(skipped > 0, "no shape was merged");
    assert!(total <= 16_000, "{total} evaluations over the seeds");
}

/// Beside the keys' order (from four keys on), a second bug that depends on the shape: a left
/// spine three deep. Two bugs, two classes: the order bug once whatever its shape, and the
/// shape bug apart from it (the right-leaning shape of its counterexample passes). Before,
/// most runs reported the order bug twice, in two shapes, beside the shape bug.
#[test]
fn a_shape_bug_beside_an_order_bug_is_a_second_class() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |t: &Bst| {
            let mut v = Vec::new();
            keys(t, &mut v);
            (v.len() < 4 || keys_sorted(t)) && left_depth(t) < 3
        });
        let deep = report.counterexamples().iter().filter(|c| left_depth(c.value()) >= 3).count();
        let order = report.counterexamples().len() - deep;
        assert!(deep <= 1 && order <= 1, "seed {seed}:\n{report}");
        both += usize::from(deep == 1 && order == 1);
    }
    assert!(both >= 25, "both bugs, once each, in {both} of 30 seeds");
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
        assert_classes(seed, &report, &["too long", "has a three"]);
        // Two sites: neither class is said to be the other's bug.
        assert!(!report.to_string().contains("likely the same bug"), "seed {seed}:\n{report}");
    }
}

/// A form whose two fields pass through one validator, which refuses a seven: one panic site,
/// reached through either field, in shapes no formula joins (`Form { code: Some(7), .. }`
/// and `Form { extra: [7], .. }`).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Form {
    code: Option<u8>,
    extra: Vec<u8>,
}

fn validate(x: u8) {
    assert!(x != 7, "seven is reserved");
}

fn form_is_valid(form: &Form) -> bool {
    form.code.into_iter().chain(form.extra.iter().copied()).for_each(validate);
    true
}

#[test]
fn a_later_class_at_an_earlier_ones_panic_site_says_so() {
    let mut several = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), form_is_valid);
        let text = report.to_string();
        let later = report.counterexamples().len().saturating_sub(1);
        let marked = "(the same panic site as counterexample 1: likely the same bug";
        assert_eq!(text.matches(marked).count(), later, "seed {seed}:\n{text}");
        several += usize::from(later > 0);
    }
    assert!(several > 0, "no seed found the bug in two shapes");
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

// --- A class's shape inside a sub-value of another type (§5.3, issue 11.1) ---------------------
//
// A failing candidate that holds a known counterexample's shape anywhere, with other
// constructors around it or between its parts (a statement holding the expression, a struct
// holding the list, calls interleaved in a program), and fails the same way, is that class.

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Expr {
    Lit(i8),
    Add(Box<Expr>, Box<Expr>),
    Div(Box<Expr>, Box<Expr>),
    Rem(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Stmt {
    Print(Expr),
    Assign(u8, Expr),
    Block(Vec<Stmt>),
}

/// Evaluates `e`; `%` by zero is a bug only when `with_rem` (a second panic site).
fn eval(e: &Expr, with_rem: bool) -> i32 {
    match e {
        Expr::Lit(n) => i32::from(*n),
        Expr::Add(a, b) => eval(a, with_rem).wrapping_add(eval(b, with_rem)),
        Expr::Div(a, b) => eval(a, with_rem) / eval(b, with_rem),
        Expr::Rem(a, b) if with_rem => eval(a, with_rem) % eval(b, with_rem),
        Expr::Rem(a, _) => eval(a, with_rem),
    }
}

fn run(s: &Stmt, with_rem: bool) {
    match s {
        Stmt::Print(e) | Stmt::Assign(_, e) => {
            eval(e, with_rem);
        }
        Stmt::Block(body) => body.iter().for_each(|s| run(s, with_rem)),
    }
}

#[test]
fn one_bug_in_an_expression_held_by_statements_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |s: &Stmt| run(s, false));
        assert_classes(seed, &report, &["divide by zero"]);
    }
}

#[test]
fn two_panic_sites_in_expressions_held_by_statements_are_two_classes() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |s: &Stmt| run(s, true));
        assert_classes(seed, &report, &["divide by zero", "remainder with a divisor of zero"]);
    }
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Op {
    Push(u8),
    Pop,
    Dup,
    Swap,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Machine {
    name: String,
    ops: Vec<Op>,
}

/// Runs `m`'s ops on a stack: `Pop` on an empty stack is the bug; `Swap` on fewer than two
/// values a second one when `with_swap`.
fn execute(m: &Machine, with_swap: bool) {
    let mut stack: Vec<u8> = Vec::new();
    for op in &m.ops {
        match op {
            Op::Push(n) => stack.push(*n),
            Op::Pop => assert!(stack.pop().is_some(), "pop on an empty stack"),
            Op::Dup => {
                if let Some(&top) = stack.last() {
                    stack.push(top);
                }
            }
            Op::Swap if with_swap => {
                assert!(stack.len() >= 2, "swap needs two values");
                let n = stack.len();
                stack.swap(n - 1, n - 2);
            }
            Op::Swap => {}
        }
    }
}

#[test]
fn one_bug_in_a_list_held_by_a_struct_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |m: &Machine| execute(m, false));
        assert_classes(seed, &report, &["pop on an empty stack"]);
    }
}

#[test]
fn two_panic_sites_in_a_list_held_by_a_struct_are_two_classes() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |m: &Machine| execute(m, true));
        assert_classes(seed, &report, &["pop on an empty stack", "swap needs two values"]);
    }
}

/// A stack of bounded capacity whose `push` does not check it: one bug, one panic site, reached
/// by programs that push past the capacity with any other calls between.
#[derive(Debug)]
pub struct Bounded {
    items: Vec<u8>,
    len: usize,
}

#[smartcheck::api]
impl Bounded {
    /// An empty stack of at most `capacity` (at most 3) values.
    pub fn new(capacity: u8) -> Bounded {
        Bounded { items: vec![0; usize::from(capacity % 4)], len: 0 }
    }

    /// Pushes `x`; the bug: nothing stops a push onto a full stack.
    pub fn push(&mut self, x: u8) {
        self.items[self.len] = x;
        self.len += 1;
    }

    /// Removes the top value.
    pub fn pop(&mut self) -> Option<u8> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }

    /// The top value.
    pub fn peek(&self) -> Option<u8> {
        self.len.checked_sub(1).map(|top| self.items[top])
    }
}

/// A program of a queue of two slots, each step holding the rest: a chain of the user's own
/// type, which a later round's counterexample may hold in another order.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Steps {
    End,
    Write(u8, Box<Steps>),
    Read(Box<Steps>),
}

/// The queue forgets to wrap its write position when it lands on the end.
fn steps_run(steps: &Steps) -> bool {
    let (mut buf, mut head, mut len, mut at) = ([0u8; 2], 0, 0, steps);
    loop {
        at = match at {
            Steps::End => return true,
            Steps::Write(x, rest) if len < 2 => {
                let tail = if head + len > 2 { head + len - 2 } else { head + len };
                buf[tail] = *x; // panics when `tail` is 2
                len += 1;
                rest
            }
            Steps::Read(rest) if len > 0 => {
                head = (head + 1) % 2;
                len -= 1;
                rest
            }
            Steps::Write(_, rest) | Steps::Read(rest) => rest,
        }
    }
}

/// The write position lands on the end after writes and a read in several orders (`Write,
/// Read, Write, Write` and `Write, Write, Read, Write`): a later round's counterexample with
/// one step moved elsewhere in its chain, an instance of a known class failing the same way,
/// is that bug again.
#[test]
fn one_bug_in_a_chain_of_steps_is_one_class_whatever_their_order() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), steps_run);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

#[test]
fn one_bug_in_an_api_program_is_one_class() {
    for seed in SEEDS {
        let args = Args { tests: 1000, ..seeded(seed) };
        let report = smartcheck::api::test_api::<BoundedProgram>(&args);
        assert_eq!(report.printed().len(), 1, "seed {seed}:\n{report}");
    }
}

// --- NaN, infinite and finite floats are different classes (issue 11.3) ----------------------

/// A sensor's sample.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Sample {
    value: f64,
    channel: u8,
}

/// `s`'s value stored as `f32` to halve the memory traffic. Two bugs: a value past `f32::MAX`
/// overflows to infinity, and a NaN goes through.
fn stored(s: &Sample) -> f64 {
    f64::from(s.value as f32)
}

#[test]
fn a_nan_failure_and_an_overflow_failure_are_two_classes() {
    // Both fail with one signature (`false`) on one shape (`Sample { value, channel }`): they
    // differ only in the value being NaN. Infinite inputs are out of scope.
    // More tests per round than the default, so that both bugs are found whatever the seed:
    // what is pinned is that they are two classes, not how soon NaN is drawn.
    let prop = |s: &Sample| s.value.is_infinite() || stored(s).is_finite();
    for seed in SEEDS {
        let report = smart_check(&Args { tests: 500, ..seeded(seed) }, prop);
        let cexes = report.counterexamples();
        assert_eq!(cexes.len(), 2, "seed {seed}:\n{report}");
        let nan = cexes.iter().filter(|c| c.value().value.is_nan()).count();
        assert_eq!(nan, 1, "seed {seed}: one class is NaN\n{report}");
    }
}

// --- Lists of lists: one bug whatever the split ----------------------------------------------

/// Asserts that every seed's report has exactly one class.
fn one_class<T: SubTypes, R: smartcheck::PropertyResult>(prop: impl Fn(&T) -> R) {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), &prop);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// The paper's large union list: fails once the inner lists hold five distinct numbers in
/// all, however they are split among the lists.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn union_small(v: &Vec<Vec<i64>>) -> bool {
    let mut all: Vec<i64> = v.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    all.len() < 5
}

/// The same on another list type of lists: four distinct bytes in all.
fn bytes_few(v: &std::collections::VecDeque<Vec<u8>>) -> bool {
    let mut all: Vec<u8> = v.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    all.len() < 4
}

/// One bug, one class, however a later round's counterexample splits the elements among
/// the inner lists: its lists concatenated are an instance of the first class and fail the
/// same way. Each split was a class of its own before (three in every run of the first).
#[test]
fn one_bug_in_a_list_of_lists_is_one_class_whatever_its_split() {
    one_class(union_small);
    one_class(bytes_few);
}

/// Two bugs in lists of lists: an inner list that holds both 1 and 2, and more than three
/// inner lists. The second's counterexample concatenated (`[[]]`) passes: two classes.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn batches_ok(v: &Vec<Vec<u8>>) -> bool {
    !v.iter().any(|b| b.contains(&1) && b.contains(&2)) && v.len() <= 3
}

#[test]
fn a_second_bug_in_lists_of_lists_stays_a_class_of_its_own() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), batches_ok);
        let many = report.counterexamples().iter().filter(|c| c.value().len() > 3).count();
        let pair = report.counterexamples().len() - many;
        assert!(many <= 1 && pair <= 1, "seed {seed}:\n{report}");
        both += usize::from(many == 1 && pair == 1);
    }
    // 27 of 30 when this was written; the others miss one bug at discovery.
    println!("two bugs in lists of lists: both, once each, in {both} of 30 seeds");
    assert!(both >= 25, "both bugs, once each, in {both} of 30 seeds");
}

// --- Another order or another split: one bug ---------------------------------------------------

/// Fails once the list holds both a `None` and a `Some`, in either order.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn not_mixed(v: &Vec<Option<u8>>) -> bool {
    !(v.contains(&None) && v.iter().any(Option::is_some))
}

/// Fails once the list holds both an `Ok` and an `Err`, in either order.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn outcomes_agree(v: &Vec<Result<u8, String>>) -> bool {
    v.iter().all(Result::is_ok) || v.iter().all(Result::is_err)
}

/// A later round's counterexample whose elements, in their order of simplicity, are an
/// instance of a known class and fail the same way is that bug again: `[Some(0), None]`
/// after `[None, Some(0)]`. It was a class of its own before (two in most runs).
#[test]
fn one_bug_in_another_order_is_one_class() {
    one_class(not_mixed);
    one_class(outcomes_agree);
}

/// Rows of a matrix of unequal lengths, five cells in all: `[[], [0, 0, 0, 0, 0]]`, or any
/// other split of the cells among two rows.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn rows_even(m: &Vec<Vec<u8>>) -> bool {
    let w = m.first().map_or(0, Vec::len);
    m.iter().all(|r| r.len() == w) || m.len() < 2 || m.iter().map(Vec::len).sum::<usize>() < 5
}

/// The same on a grid of flags, four cells.
fn grid_even(m: &std::collections::VecDeque<Vec<bool>>) -> bool {
    let w = m.front().map_or(0, Vec::len);
    m.iter().all(|r| r.len() == w) || m.len() < 2 || m.iter().map(Vec::len).sum::<usize>() < 4
}

/// A later round's split of the cells among the rows (`[[0], [0, 0, 0, 0]]`) with every cell
/// moved into the last row is the first class's instance (`[[], [0, 0, 0, 0, 0]]`): one bug.
#[test]
fn one_bug_in_another_split_among_rows_is_one_class() {
    one_class(rows_even);
    one_class(grid_even);
}

// --- An element nested one list deeper: one bug ------------------------------------------------

/// A later round's counterexample whose nested element, lifted out in front of its list, is
/// an instance of a known class and fails the same way is that bug again:
/// `Arr([Arr([Num(11)])])` after `Arr([Num(11), Arr([])])` (the reducer's own cases of
/// `lift`: a document two arrays deep holding a number over 10, a menu with a submenu and an
/// action other than `'a'`). Two classes in most runs before.
#[test]
fn one_bug_one_list_deeper_is_one_class() {
    one_class(crate::reducer::shallow_or_small);
    one_class(crate::reducer::flat_or_plain);
}

// --- Two tags that differ: one bug ---------------------------------------------------------------

/// A currency: an enum of fieldless variants.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
enum Currency {
    Eur,
    Usd,
    Gbp,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Money {
    cents: i64,
    currency: Currency,
}

/// Adding money keeps the first currency: wrong whenever the currencies differ and the
/// second amount is not zero, whichever two currencies they are.
fn sum_keeps_currency(p: &(Money, Money)) -> bool {
    let (a, b) = p;
    a.currency == b.currency || b.cents == 0
}

/// A unit of length.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
enum Unit {
    Mm,
    Cm,
    M,
    Km,
}

/// A conversion that forgets to scale: wrong whenever the units differ and the length is
/// not zero.
fn converts(p: &(u16, Unit, Unit)) -> bool {
    let factor = |u: Unit| match u {
        Unit::Mm => 1u64,
        Unit::Cm => 10,
        Unit::M => 1_000,
        Unit::Km => 1_000_000,
    };
    let (length, from, to) = *p;
    let converted = u64::from(length); // the bug: no scaling
    converted * factor(to) == u64::from(length) * factor(from)
}

/// The first class's formula in `report`.
fn formula<T: SubTypes>(report: Report<T>) -> String {
    let g = report.counterexamples()[0].generalization().expect("generalized");
    g.formula().to_string()
}

/// A later round's counterexample with two other fieldless variants that differ (`Usd` and
/// `Gbp` after `Eur` and `Usd`) is the same bug: the first class says `x1 != x2` of the two
/// tags, and an input that holds its shape with two tags that differ is its instance. Three
/// classes in every run before (one per pair of currencies found).
#[test]
fn one_bug_between_two_tags_that_differ_is_one_class() {
    one_class(sum_keeps_currency);
    one_class(converts);
    for seed in SEEDS {
        assert_eq!(
            formula(smart_check(&seeded(seed), sum_keeps_currency)),
            "forall values x0 x1 x2 with x1 != x2:\n  \
             (Money { cents: x0, currency: x1 }, Money { cents: 1, currency: x2 })",
            "seed {seed}"
        );
        assert_eq!(
            formula(smart_check(&seeded(seed), converts)),
            "forall values x0 x1 with x0 != x1:\n  (1, x0, x1)",
            "seed {seed}"
        );
    }
}

/// Two bugs in adding money, both returning false: currencies that differ, and the same
/// currency with a debt first (a sign bug). The second's counterexample has two equal tags,
/// so it is no instance of the first class, whose tags differ: two classes.
fn sum_two_bugs(p: &(Money, Money)) -> bool {
    let (a, b) = p;
    let sign_bug = a.currency == b.currency && a.cents < 0;
    sum_keeps_currency(p) && !sign_bug
}

#[test]
fn equal_tags_stay_a_class_of_their_own() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), sum_two_bugs);
        let same = |c: &&smartcheck::Counterexample<(Money, Money)>| {
            c.value().0.currency == c.value().1.currency
        };
        let equal = report.counterexamples().iter().filter(same).count();
        let differ = report.counterexamples().len() - equal;
        assert!(equal <= 1 && differ <= 1, "seed {seed}:\n{report}");
        both += usize::from(equal == 1 && differ == 1);
    }
    println!("two bugs in adding money: both, once each, in {both} of 30 seeds");
    assert!(both >= 25, "both bugs, once each, in {both} of 30 seeds");
}

// --- A map's lists split among its keys: one bug ---------------------------------------------

/// An inverted index keeps at most two keys per value: fails once a value appears three times
/// across the map's lists, however the lists split them among the keys.
fn index_small(m: &std::collections::BTreeMap<u8, Vec<u8>>) -> bool {
    let mut seen = std::collections::BTreeMap::<u8, usize>::new();
    m.values().flatten().for_each(|v| *seen.entry(*v).or_default() += 1);
    seen.values().all(|&n| n < 3)
}

/// The same on a hash map of signed numbers: four elements in all across its lists.
fn tags_few(m: &std::collections::HashMap<String, Vec<i32>>) -> bool {
    m.values().map(Vec::len).sum::<usize>() < 4
}

/// A later round's counterexample whose map's lists, concatenated under its first key, are an
/// instance of a known class and fail the same way is that bug again: `{0: [1], 1: [1, 1]}`
/// after `{0: [0, 0, 0]}`. Two or three classes in 8 of 10 runs of a probe before.
#[test]
fn one_bug_in_a_map_of_lists_is_one_class_whatever_its_split() {
    one_class(tags_few);
    one_class(index_small);
}

// --- One bug in a sequence of operations, reached in several orders ---------------------------

/// A bounded buffer of `capacity` slots against a queue: `Some(x)` writes `x` (ignored when
/// full), `None` reads. The bug: the read index wraps at `read_wrap`, not at `capacity`.
fn buffer_in_order<T: Copy + Default + PartialEq>(
    ops: impl Iterator<Item = Option<T>>,
    capacity: usize,
    read_wrap: usize,
) -> bool {
    let mut slots = vec![T::default(); capacity.max(read_wrap)];
    let (mut read, mut write, mut len) = (0, 0, 0);
    let mut model = std::collections::VecDeque::new();
    for op in ops {
        match op {
            Some(x) if len < capacity => {
                slots[write] = x;
                write = (write + 1) % capacity;
                len += 1;
                model.push_back(x);
            }
            Some(_) => {}
            None => {
                let got = (len > 0).then(|| {
                    let x = slots[read];
                    read = (read + 1) % read_wrap;
                    len -= 1;
                    x
                });
                if got != model.pop_front() {
                    return false;
                }
            }
        }
    }
    true
}

/// An operation on a ring buffer.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum RingOp {
    Write(u8),
    Read,
}

/// A ring buffer of three slots whose read index wraps at four.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn ring_reads_in_order(ops: &Vec<RingOp>) -> bool {
    let ops = ops.iter().map(|op| match *op {
        RingOp::Write(x) => Some(x),
        RingOp::Read => None,
    });
    buffer_in_order(ops, 3, 4)
}

/// A message of a bounded channel.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Msg {
    Send { value: u16 },
    Recv,
}

/// A channel of two slots whose receiving index wraps at three.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn channel_delivers_in_order(msgs: &Vec<Msg>) -> bool {
    let msgs = msgs.iter().map(|msg| match *msg {
        Msg::Send { value } => Some(value),
        Msg::Recv => None,
    });
    buffer_in_order(msgs, 2, 3)
}

/// A wrapped index shows after writes and reads in several orders of one size
/// (`[Write(0), Write(0), Write(0), Read, Write(1), Read, Read, Read]`, the `Write(1)` one
/// read later, or the first read one write earlier). A later round's counterexample with one
/// operation moved elsewhere in its list that is an instance of a known class and fails the
/// same way is that bug again. Before, three classes in 29 and 30 of 30 runs.
#[test]
fn one_bug_in_a_sequence_of_operations_is_one_class_whatever_their_order() {
    one_class(ring_reads_in_order);
    one_class(channel_delivers_in_order);
}

// --- One bug where some constructors fail and others pass -------------------------------------

/// A path segment.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Seg {
    Name(u8),
    Dot,
    DotDot,
}

/// Normalizes a path: names kept, `.` dropped, `..` drops the name before it (or counts a
/// step up). The bug: `.` also swallows the segment after it (unless that is a `.` too).
fn normalized(segs: &[Seg], buggy: bool) -> (Vec<u8>, usize) {
    let (mut out, mut up, mut i) = (Vec::new(), 0, 0);
    while i < segs.len() {
        match segs[i] {
            Seg::Name(n) => out.push(n),
            Seg::Dot if buggy && segs.get(i + 1) != Some(&Seg::Dot) => i += 1,
            Seg::Dot => {}
            Seg::DotDot => {
                if out.pop().is_none() {
                    up += 1;
                }
            }
        }
        i += 1;
    }
    (out, up)
}

#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn path_normalizes(segs: &Vec<Seg>) -> bool {
    normalized(segs, true) == normalized(segs, false)
}

/// The segment after a `.` is lost whether it is a name or a `..` (a `.` after it passes):
/// one bug, reported as two classes, `[Dot, Name(0)]` and `[Dot, DotDot]`, in 30 of 30 runs
/// before. The second's formula now says which constructors fail there, `c0 in {Name,
/// DotDot}`; the first is an instance of it, so they are one class, reported by the simpler
/// of the two. (Where the formula also claims any tail after it, `..x0`, a name there
/// passes under some tails: two classes, as before.)
#[test]
fn one_bug_where_some_constructors_fail_and_others_pass_is_one_class() {
    let mut one = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), path_normalizes);
        let n = report.counterexamples().len();
        assert!((1..=2).contains(&n), "seed {seed}:\n{report}");
        one += usize::from(n == 1);
    }
    println!("path normalizer: one class in {one} of 30 seeds");
    assert!(one >= 25, "one class in {one} of 30 seeds");
}

/// An account of a bank.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
enum Account {
    Checking,
    Savings,
    Joint,
}

/// An operation on the bank.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum BankOp {
    Deposit(Account, u16),
    Withdraw(Account, u16),
    Transfer { from: Account, to: Account, amount: u16 },
}

/// A transfer reads both balances, then writes both: to the same account it adds the amount.
#[allow(clippy::ptr_arg)] // a property takes its input type by reference
fn transfers_keep_the_total(ops: &Vec<BankOp>) -> bool {
    let mut balances = [0u64; 3];
    ops.iter().all(|op| {
        let before: u64 = balances.iter().sum();
        match *op {
            BankOp::Deposit(a, n) => balances[a as usize] += u64::from(n),
            BankOp::Withdraw(a, n) => {
                let b = &mut balances[a as usize];
                *b = b.checked_sub(u64::from(n)).unwrap_or(*b);
            }
            BankOp::Transfer { from, to, amount } => {
                let (f, t) = (balances[from as usize], balances[to as usize]);
                if f >= u64::from(amount) {
                    balances[from as usize] = f - u64::from(amount);
                    balances[to as usize] = t + u64::from(amount);
                }
            }
        }
        let after: u64 = balances.iter().sum();
        match op {
            BankOp::Deposit(_, n) => after == before + u64::from(*n),
            BankOp::Withdraw(..) => after <= before,
            BankOp::Transfer { .. } => after == before,
        }
    })
}

/// One tag variable in three places (`Deposit(x1, 1), Transfer { from: x1, to: x1, .. }`)
/// asks for three equal tags, whichever: a transfer to the same account in another account
/// is the same bug. (Only a variable in two places was related before: each account was a
/// class of its own, three classes in most seeds.)
#[test]
fn a_tag_repeated_in_three_places_is_one_class_whichever_tag() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), transfers_keep_the_total);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// A product of a shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
enum Product {
    Apple,
    Pear,
    Plum,
    Fig,
}

/// A product's stock.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Stock {
    #[smartcheck(range = 1..=10)]
    units: u8,
    price_cents: u16,
}

/// An order.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Order {
    product: Product,
    #[smartcheck(range = 1..=5)]
    qty: u8,
}

/// Products listed in stock have some left after the orders: a product sold out is kept at
/// zero, not removed.
fn listed_products_are_in_stock(input: &(BTreeMap<Product, Stock>, Vec<Order>)) -> bool {
    let (mut stock, orders) = input.clone();
    for o in &orders {
        if let Some(s) = stock.get_mut(&o.product).filter(|s| s.units >= o.qty) {
            s.units -= o.qty;
        }
    }
    stock.values().all(|s| s.units > 0)
}

/// The first class names the product sold out as the map's first key; a later round must
/// stay out of that class, so its counterexample keeps another entry before the one sold
/// out. With that entry left out it is an instance of the first class, failing the same way:
/// the same bug (two classes in 9 of 10 seeds before).
#[test]
fn a_map_entry_beside_a_known_bug_is_that_bug() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), listed_products_are_in_stock);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// A min-heap as a binary tree, keys in 0..=3.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Heap {
    Empty,
    Node(Box<Heap>, #[smartcheck(range = 0..=3)] u8, Box<Heap>),
}

fn top(h: &Heap) -> Option<u8> {
    match h {
        Heap::Empty => None,
        Heap::Node(_, k, _) => Some(*k),
    }
}

/// Each node's key is at most its children's.
fn is_heap(h: &Heap) -> bool {
    match h {
        Heap::Empty => true,
        Heap::Node(l, k, r) => {
            [l, r].iter().all(|c| top(c).is_none_or(|c| *k <= c)) && is_heap(l) && is_heap(r)
        }
    }
}

/// A check with a bug: the root against its children only, not below.
fn root_is_heap(h: &Heap) -> bool {
    match h {
        Heap::Empty => true,
        Heap::Node(l, k, r) => [l, r].iter().all(|c| top(c).is_none_or(|c| *k <= c)),
    }
}

/// A mobile: a leaf's weight, or a bar holding two mobiles.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Mobile {
    Weight(#[smartcheck(range = 0..=2)] u8),
    Bar(Box<Mobile>, Box<Mobile>),
}

fn weight(m: &Mobile) -> u32 {
    match m {
        Mobile::Weight(w) => u32::from(*w),
        Mobile::Bar(l, r) => weight(l) + weight(r),
    }
}

/// Balanced at every bar, against a check of the top bar only (the bug).
fn balance_checked_at_the_top(m: &Mobile) -> bool {
    fn balanced(m: &Mobile) -> bool {
        match m {
            Mobile::Weight(_) => true,
            Mobile::Bar(l, r) => weight(l) == weight(r) && balanced(l) && balanced(r),
        }
    }
    let top_only = match m {
        Mobile::Weight(_) => true,
        Mobile::Bar(l, r) => weight(l) == weight(r),
    };
    top_only == balanced(m)
}

/// A bug that shows on either side of a symmetric structure, or a level down on the other
/// side, is one class: the mirror image and one node's two sides swapped are shapes of a
/// known class. The heap's three placements of the bad grandchild came out three classes in
/// 30 of 30 runs (1,000 tests), the mobile and its mirror two in 25 of 30.
#[test]
fn one_bug_on_either_side_of_a_tree_is_one_class() {
    for seed in SEEDS {
        let args = Args { tests: 1000, persist: false, ..seeded(seed) };
        let report = smart_check(&args, |h: &Heap| root_is_heap(h) == is_heap(h));
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let report = smart_check(&args, balance_checked_at_the_top);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// A job's priority, low to high, as declared (the order `derive(PartialOrd)` gives).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
enum Priority {
    Low,
    Normal,
    High,
    Urgent,
}

/// Two jobs' priorities, and whether the second wins ties.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Contest {
    a: Priority,
    b: Priority,
    prefer_b: bool,
}

/// Should pick the higher priority, `prefer_b` deciding ties only; the bug lets `prefer_b`
/// decide every time `a` is not higher. Fails exactly when `a < b` and not `prefer_b`.
fn picks_the_higher(c: &Contest) -> bool {
    let picked = if c.a > c.b || !c.prefer_b { c.a } else { c.b };
    picked == c.a.max(c.b)
}

/// One bug over an order of fieldless variants is one class: `a < b` relates the two tags
/// in declaration order. With `!=` only, an outside audit saw three classes in 10 of 10 runs
/// (`(Low, Normal)`, `(Normal, High)`, `(High, Urgent)`), each claimed over some
/// constructors, each on a sample of 100 tries.
#[test]
fn one_bug_over_an_order_of_tags_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), picks_the_higher);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let formula = report.counterexamples()[0].generalization().map(|g| g.formula().to_string());
        let expected =
            "forall values x0 x1 with x0 < x1:\n  Contest { a: x0, b: x1, prefer_b: false }";
        assert_eq!(formula.as_deref(), Some(expected), "seed {seed}");
        // A type of fieldless variants has few known values: every pair in order is tried.
        let text = report.to_string();
        assert!(text.contains("(no pass in all 6 values; 6 met the precondition)"), "{text}");
    }
}

/// Sixteen fieldless variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
enum Sixteen {
    V0,
    V1,
    V2,
    V3,
    V4,
    V5,
    V6,
    V7,
    V8,
    V9,
    V10,
    V11,
    V12,
    V13,
    V14,
    V15,
}

/// Two of them.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct TwoOfSixteen {
    a: Sixteen,
    b: Sixteen,
}

/// `x0 < x1` between two tags is claimed only when every pair in order was run: a reviewer
/// saw it claimed in 6 of 30 runs over 16 variants where `(V7, V13)` passes, one place's
/// values known and the other's drawn.
#[test]
fn an_order_over_tags_is_claimed_only_on_every_pair() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &TwoOfSixteen| {
            x.a >= x.b || (x.a == Sixteen::V7 && x.b == Sixteen::V13)
        });
        for cex in report.counterexamples() {
            let formula = cex.generalization().map(|g| g.formula().to_string()).unwrap_or_default();
            assert!(!formula.contains("x0 < x1"), "seed {seed}: {formula}");
        }
    }
}

/// The bits of `v` as 64-bit words.
fn words(v: &[u8]) -> Vec<u64> {
    let mut out = Vec::new();
    for &x in v {
        out.resize(out.len().max(usize::from(x) / 64 + 1), 0);
        out[usize::from(x) / 64] |= 1 << (x % 64);
    }
    out
}

/// A bitset union that stops at the shorter operand: one bug, from either side.
fn union_keeps_every_bit(v: &(Vec<u8>, Vec<u8>)) -> bool {
    let union: Vec<u64> = words(&v.0).iter().zip(&words(&v.1)).map(|(a, b)| a | b).collect();
    v.0.iter()
        .chain(&v.1)
        .all(|&x| union.get(usize::from(x) / 64).is_some_and(|w| w >> (x % 64) & 1 == 1))
}

/// `([0], [])` and its mirror `([], [0])` are one bug: a later class whose formula has the
/// earlier counterexample as an instance (the tuple's fields in any order, or a variable
/// where the earlier check claimed none) takes it in.
#[test]
fn a_later_formula_that_covers_an_earlier_counterexample_is_one_class_with_it() {
    let mut several = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), union_keeps_every_bit);
        several += usize::from(report.counterexamples().len() > 1);
    }
    // Left apart: mirror formulas with an existential claim on the empty side, `(c0(..),
    // [x1, ..x0])` beside `([x1, ..x0], c0(..))`, neither of which covers the other.
    assert!(several <= 2, "two classes in {several} of 30 seeds (6 before)");
}

/// An order with two limits, each checked with an error message of its own.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Purchase {
    qty: Option<u8>,
    notes: Vec<i8>,
}

fn purchase_is_valid(o: &Purchase) -> Result<(), String> {
    if let Some(q) = o.qty.filter(|&q| q > 100) {
        return Err(format!("quantity {q} over the limit"));
    }
    if o.notes.iter().any(|&n| n < -50) {
        return Err("a note is negative".to_string());
    }
    Ok(())
}

/// An `Err` of a string names no variant: two such failures share their signature whatever
/// their bugs, and are never said to be likely the same bug (they were in 30 of 30 seeds).
#[test]
fn errors_of_strings_are_not_said_to_be_the_same_bug() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), purchase_is_valid);
        assert!(!report.to_string().contains("likely the same bug"), "seed {seed}:\n{report}");
    }
}

/// A one-slot queue over a chain of steps with two bugs that both return `false`: a read of
/// an empty queue leaves a waiter that swallows the next write (`bug_a`), and a write to a
/// full one overwrites (`bug_b`).
fn one_slot(steps: &Steps, bug_a: bool, bug_b: bool) -> bool {
    let (mut slot, mut waiting, mut model) = (None::<u8>, false, None::<u8>);
    let mut at = steps;
    loop {
        at = match at {
            Steps::End => return slot.is_some() == model.is_some(),
            Steps::Write(x, rest) => {
                model = model.or(Some(*x));
                if !waiting && (slot.is_none() || bug_b) {
                    slot = Some(*x);
                }
                rest
            }
            Steps::Read(rest) => {
                let (want, got) = (model.take(), slot.take());
                waiting = match got {
                    None => bug_a || waiting,
                    Some(_) => false,
                };
                if want != got {
                    return false;
                }
                rest
            }
        }
    }
}

/// A step moved elsewhere in the chain lands in the first bug's class and fails there,
/// whatever bug the counterexample shows: for a plain `false`, which names no bug, no moved
/// step joins two classes. The overwrite was reported in 11 of 30 seeds before moves were
/// tried, 4 with them for any failure, 11 again now. (Both bugs fail in one shape of steps,
/// so the rest of the time the second is counted among the first's instances: a class is its
/// failure and its shape.)
#[test]
fn a_moved_step_does_not_join_two_bugs_that_both_return_false() {
    let both = |s: &Steps| one_slot(s, true, true);
    let mut overwrite = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), both);
        let found = report.counterexamples().iter().any(|c| !one_slot(c.value(), false, true));
        overwrite += usize::from(found);
    }
    assert!(overwrite >= 9, "the overwrite reported in {overwrite} of 30 seeds");
}

/// A bug over a sum, beside a first byte of 7, both returning `false` on one shape: the sum's
/// class is a literal over its second byte (`forall x0: (x0, 101)`) and fails with other
/// values too, so once a later round finds that (`(50, 60)`, reduced in the open to
/// `(0, 101)`), the class takes in its whole shape. Either both bugs are reported, or the
/// report says what the widened class may hide, with the first such input.
#[test]
fn a_class_widened_by_a_sum_says_what_it_may_hide() {
    let (mut two, mut said) = (0, 0);
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &(u8, u8)| {
            u16::from(x.0) + u16::from(x.1) <= 100 && x.0 != 7
        });
        let text = report.to_string();
        let first = text.lines().next().unwrap_or_default();
        match report.counterexamples().len() {
            2 => {
                assert!(text.contains("(7, 0)") && text.contains("(0, 101)"), "{text}");
                two += 1;
            }
            _ => {
                assert!(first.contains("of its shape but not of its formula"), "{text}");
                assert!(first.contains("or another bug may hide among them"), "{first}");
                said += 1;
            }
        }
    }
    assert!(two >= 10, "both bugs in {two} of 30 seeds ({said} said what may hide)");
}

/// Two bugs of a pair of bytes that both return `false`, on one shape: a first byte of 7, a
/// second of 128 or more. A class is its failure, its shape and its formula's literals: an
/// input of the shape with another value at a literal is an instance only when the class's
/// counterexample with that value fails too (`(0, 200)` beside `(0, 128)`; `(0, 5)` beside
/// `(7, 0)` passes). Before, the second bug was an instance of the first's shape in 30 of 30
/// seeds and never reported.
#[test]
fn two_bugs_that_both_return_false_on_one_shape_are_two_classes() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &(u8, u8)| x.0 != 7 && x.1 < 128);
        let text = report.to_string();
        assert!(report.counterexamples().len() <= 2, "seed {seed}:\n{text}");
        let seven = text.contains("(7, 0)");
        let high = text.contains("(0, 128)");
        both += usize::from(seven && high);
    }
    assert!(both >= 25, "both bugs in {both} of 30 seeds");
}

/// A reading whose sensor must not be 3 and whose value must not fall below -100: two bugs
/// of one derived struct that both return `false`, at leaves of two types.
#[derive(Clone, Debug, Arbitrary, SubTypes)]
struct Reading {
    sensor: u8,
    value: i16,
}

#[test]
fn two_bugs_that_both_return_false_in_a_struct_are_two_classes() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |r: &Reading| r.sensor != 3 && r.value >= -100);
        let text = report.to_string();
        assert!(report.counterexamples().len() <= 2, "seed {seed}:\n{text}");
        let sensor = report.counterexamples().iter().any(|c| c.value().value >= -100);
        let value = report.counterexamples().iter().any(|c| c.value().sensor != 3);
        both += usize::from(sensor && value);
    }
    assert!(both >= 25, "both bugs in {both} of 30 seeds");
}

/// One bug past a threshold, or over a sum, that a formula can only show as literals: a
/// later input with other numbers is the same bug (its reduction, let into the known class,
/// lands there), never a second class.
#[test]
fn one_bug_past_a_threshold_or_over_a_sum_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &u16| *x <= 1000);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let report =
            smart_check(&seeded(seed), |x: &(u8, u8)| u16::from(x.0) + u16::from(x.1) <= 100);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let report = smart_check(&seeded(seed), |r: &Reading| {
            i32::from(r.sensor) * 2 + i32::from(r.value).abs() <= 300
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        // A list's length and a number: reduced in the open with values-only passes, the
        // later finds (`([0; 14], 7)`) could not shed elements, and came out as 3 classes.
        let report =
            smart_check(&seeded(seed), |x: &(Vec<u8>, u8)| x.0.len() + usize::from(x.1) <= 20);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

// --- A second bug hidden in the instances of a first (issue 9) ----------------------------------

/// An expression compiled for a stack machine: `Sub` with its operands swapped and `Neg` as a
/// bitwise not, two bugs in two variants that both return `false`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Calc {
    Lit(i8),
    Add(Box<Calc>, Box<Calc>),
    Sub(Box<Calc>, Box<Calc>),
    Neg(Box<Calc>),
}

fn interpret(e: &Calc) -> i8 {
    match e {
        Calc::Lit(n) => *n,
        Calc::Add(a, b) => interpret(a).wrapping_add(interpret(b)),
        Calc::Sub(a, b) => interpret(a).wrapping_sub(interpret(b)),
        Calc::Neg(a) => interpret(a).wrapping_neg(),
    }
}

fn compiled(e: &Calc) -> i8 {
    match e {
        Calc::Lit(n) => *n,
        Calc::Add(a, b) => compiled(a).wrapping_add(compiled(b)),
        Calc::Sub(a, b) => compiled(b).wrapping_sub(compiled(a)),
        Calc::Neg(a) => !compiled(a),
    }
}

/// Most random expressions hold a `Neg` somewhere, so once `Neg(Lit(0))` is known nearly
/// every failing input is its instance and the round ends early: the `Sub` bug beside it was
/// lost in 11 of 30 seeds. Cut out of those instances, it fails on its own (30 of 30).
#[test]
fn a_second_bug_hidden_in_the_instances_of_a_first_is_found() {
    let mut both = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |e: &Calc| compiled(e) == interpret(e));
        let text = report.to_string();
        assert!(report.counterexamples().len() <= 2, "seed {seed}:\n{text}");
        let neg = text.contains("Neg(Lit(0))");
        let sub = text.contains("Sub(Lit(0), Lit(1))");
        both += usize::from(neg && sub);
    }
    assert!(both >= 27, "both bugs in {both} of 30 seeds");
}

/// A trade whose kind must not be `Hold` and whose quantity must stay within 1,000: two bugs
/// at fields of two types that both return `false`.
#[derive(Clone, Debug, PartialEq, Arbitrary, SubTypes)]
enum Side {
    Buy,
    Sell,
    Hold,
}

#[derive(Clone, Debug, Arbitrary, SubTypes)]
struct Trade {
    kind: Side,
    quantity: u16,
}

/// A later find of a known class's shape whose failure needs nothing at the class's
/// literals (`(Some(9), 0)` beside `forall x0: (x0, 150)`) is another bug: reduced with
/// nothing excluded it slid into the known class (`Some(9)` dropped as the second byte rose
/// to its top), and the second bug was never reported (0 of 30 seeds on either type; now 18 and 30).
#[test]
fn a_second_bug_that_needs_nothing_at_a_known_formulas_literals_is_a_second_class() {
    let (mut nine, mut hold) = (0, 0);
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &(Option<u8>, u8)| x.0 != Some(9) && x.1 < 150);
        let text = report.to_string();
        assert!(report.counterexamples().len() <= 2, "seed {seed}:\n{text}");
        let values: Vec<_> = report.counterexamples().iter().map(|c| *c.value()).collect();
        nine +=
            usize::from(values.iter().any(|v| v.0 == Some(9)) && values.iter().any(|v| v.1 >= 150));
        let report =
            smart_check(&seeded(seed), |o: &Trade| o.kind != Side::Hold && o.quantity <= 1000);
        let text = report.to_string();
        assert!(report.counterexamples().len() <= 2, "seed {seed}:\n{text}");
        let cexes = report.counterexamples();
        hold += usize::from(
            cexes.iter().any(|c| c.value().kind == Side::Hold)
                && cexes.iter().any(|c| c.value().quantity > 1000),
        );
    }
    assert!(nine >= 15, "both bugs of the pair in {nine} of 30 seeds");
    assert!(hold >= 27, "both bugs of the trade in {hold} of 30 seeds");
}

/// A name and a nickname written with a backslash that is never escaped: one bug, in either
/// field.
fn written_back(p: &(String, Option<String>)) -> bool {
    let write = |s: &str| format!("\"{s}\"");
    let read = |s: &str| {
        let inner = s.strip_prefix('"')?.strip_suffix('"')?;
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            out.push(if c == '\\' { chars.next()? } else { c });
        }
        Some(out)
    };
    let name = read(&write(&p.0));
    let nick = p.1.as_deref().map(|n| read(&write(n)));
    name.as_ref() == Some(&p.0) && nick.is_none_or(|n| n.as_ref() == p.1.as_ref())
}

/// A later find that holds a known class's literal at another place (a backslash in the
/// nickname beside the known one in the name) is that bug's value moved, and stays in its
/// class: taken for another bug, it was a second class in 10 of 10 runs of the honesty
/// bench's JSON record before `fails_apart` looked for it.
#[test]
fn one_bug_in_either_of_two_fields_of_one_type_is_one_class() {
    let mut failed = 0;
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), written_back);
        assert!(report.counterexamples().len() <= 1, "seed {seed}:\n{report}");
        failed += usize::from(report.failed());
    }
    assert!(failed >= 25, "found in {failed} of 30 seeds");
}

/// A limit on two fields of two integer types: one bug, whichever field goes over it.
#[derive(Clone, Debug, Arbitrary, SubTypes)]
struct Limits {
    id: u8,
    limit: u16,
    active: bool,
}

/// A find holding the class's literal in a field of another integer type (`(201, 0)` of a
/// `(u8, u16)` beside `(0, 201)`) is the same number moved: compared by type and bits, it
/// was not, and one bug came out two classes in 29 of 30 seeds (an outside review's probe).
#[test]
fn one_bug_over_either_of_two_integer_types_is_one_class() {
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |x: &(u8, u16)| u16::from(x.0).max(x.1) <= 200);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
        let report = smart_check(&seeded(seed), |a: &Limits| a.id <= 200 && a.limit <= 200);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}:\n{report}");
    }
}

/// The classes a run reported, each as its counterexample's `Debug` text.
fn reported<T: SubTypes + std::fmt::Debug>(report: &Report<T>) -> Vec<String> {
    report.counterexamples().iter().map(|c| format!("{:?}", c.value())).collect()
}

/// Two bugs over one list: an element of a given value anywhere, and a length over a bound.
/// Once `forall values x0: [7, ..x0]` was known, a list with a 7 behind its first element
/// (`[3, 7]`) was judged at its first element only (`[3]` passes: no instance), found,
/// reduced to `[1, 7]` and kept as another shape of the first bug, of no formula: a shape
/// that every failing list of two or more elements holds, the long lists included. The
/// second bug was reported in 4 of 30 seeds (`Vec<u16>`) and 7 of 30 (`Vec<Option<u8>>`).
#[test]
fn a_second_bug_beside_a_literal_anywhere_in_a_list_is_a_second_class() {
    let (mut numbers, mut options) = (0, 0);
    let long = |n: &str| vec![n; 13].join(", ");
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |v: &Vec<u16>| !v.contains(&7) && v.len() <= 12);
        let mut found = reported(&report);
        found.sort();
        let both = [format!("[{}]", long("0")), "[7]".to_string()];
        assert!(found.iter().all(|c| both.contains(c)), "seed {seed}: {found:?}");
        numbers += usize::from(found == both);
        let report = smart_check(&seeded(seed), |v: &Vec<Option<u8>>| {
            !v.contains(&Some(7)) && v.len() <= 12
        });
        let mut found = reported(&report);
        found.sort();
        let both = [format!("[{}]", long("None")), "[Some(7)]".to_string()];
        assert!(found.iter().all(|c| both.contains(c)), "seed {seed}: {found:?}");
        options += usize::from(found == both);
        // One bug alone stays one class.
        let report = smart_check(&seeded(seed), |v: &Vec<u16>| !v.contains(&7));
        assert_eq!(reported(&report), ["[7]"], "seed {seed}");
    }
    assert!(numbers >= 20, "both bugs of the numbers in {numbers} of 30 seeds");
    assert!(options >= 25, "both bugs of the options in {options} of 30 seeds");
}

/// Beside a bug at one place of a list (its first element `Some(0)`), a long list with a
/// `Some(0)` further on fails for its length, not as an instance: the tail holding it is an
/// instance of `forall values x0: [Some(0), ..x0]`, but the list still fails with it cut out.
/// Taking every such tail for the class (c2f4792, found by a review) hid the length bug in
/// 17 of 30 seeds.
#[test]
fn a_second_bug_beside_a_literal_at_one_place_of_a_list_is_a_second_class() {
    let mut both = 0;
    let expected = [format!("[{}]", ["None"; 12].join(", ")), "[Some(0)]".to_string()];
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |v: &Vec<Option<u8>>| {
            v.first() != Some(&Some(0)) && v.len() < 12
        });
        let mut found = reported(&report);
        found.sort();
        assert!(found.iter().all(|c| expected.contains(c)), "seed {seed}: {found:?}");
        both += usize::from(found == expected);
    }
    assert!(both >= 28, "both bugs in {both} of 30 seeds");
}

/// Two bugs beside a class whose literal is its type's simplest value, 0: below it no
/// value is left for a threshold bug to fail beyond, so a second bug's counterexample
/// unlike the literal is another bug, not another value of the class's. It was merged into
/// the class in every seed: `[1001]` (a sum over 1000) judged an instance of `forall
/// values x0: [0, ..x0]` because the class's counterexample with its value is itself, which
/// fails; and `[1000]` (an element of 1000 or more) so too.
#[test]
fn a_second_bug_beside_a_literal_at_its_types_simplest_value_is_a_second_class() {
    let (mut sums, mut elements) = (0, 0);
    let sum = ["[0]".to_string(), "[1001]".to_string()];
    let element = ["[0]".to_string(), "[1000]".to_string()];
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), |v: &Vec<i32>| {
            !v.contains(&0) && v.iter().map(|&x| i64::from(x)).sum::<i64>() <= 1000
        });
        let found = reported(&report);
        assert!(found.iter().all(|c| sum.contains(c)), "seed {seed}: {found:?}");
        sums += usize::from(found == sum);
        let report =
            smart_check(&seeded(seed), |v: &Vec<u16>| v.iter().all(|&x| x != 0 && x < 1000));
        let found = reported(&report);
        assert!(found.iter().all(|c| element.contains(c)), "seed {seed}: {found:?}");
        elements += usize::from(found == element);
    }
    assert!(sums >= 27, "both bugs of the sum in {sums} of 30 seeds");
    assert!(elements >= 27, "both bugs of the element in {elements} of 30 seeds");
}

/// Runs `run` over [`SEEDS`]: each case's run must report only its two expected classes,
/// and both in at least 27 of the 30 seeds.
fn both_reported<const N: usize>(
    cases: &[(&str, [String; 2]); N],
    run: impl Fn(&Args) -> [Vec<String>; N],
) {
    let mut both = [0; N];
    for seed in SEEDS {
        for (k, ((name, expected), found)) in cases.iter().zip(run(&seeded(seed))).enumerate() {
            assert!(found.iter().all(|c| expected.contains(c)), "seed {seed}, {name}: {found:?}");
            both[k] += usize::from(found == *expected);
        }
    }
    for ((name, _), both) in cases.iter().zip(both) {
        assert!(both >= 27, "{name}: both bugs in {both} of 30 seeds");
    }
}

/// A shipment whose quantity may not be 0 and whose lines may not be too many or too large.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Shipment {
    express: bool,
    qty: u16,
    lines: Vec<u8>,
}

/// Two bugs beside a class whose literal is its type's simplest value in a field (no list
/// element on the way): a second bug's counterexample, reduced in the open, slid onto the
/// literal (`(true, [0; 7])` to `(false, [])`) and was taken for the class's, in every seed
/// (a string's `""` and a float's `0.0` too, which have no ranks: judged at their type's edge
/// values).
/// A find that fails whatever its value at such a field, where the class's counterexample
/// with its value passes, is another bug, where the class's formula holds nothing else: a
/// length limit that depends on a flag (`(false, [x1, .., x6, ..x0])`) stays one class, as
/// does a limit that grows with a number or a text beside the list. Where one bug's failing
/// inputs are those of two (a limit of 0 for `false` and 7 for `true`, an off-by-one), no
/// rule can tell: it is two classes. (One bug at any index of a list
/// is not so told: `one_bug_failing_at_0_and_elsewhere_is_one_class`.)
#[test]
fn a_second_bug_beside_a_field_at_its_types_simplest_value_is_a_second_class() {
    let seven = "[0, 0, 0, 0, 0, 0, 0]";
    let cases: [(&str, [String; 2]); 6] = [
        ("flag", ["(false, [])".into(), format!("(true, {seven})")]),
        ("number", ["(0, [])".into(), format!("(1, {seven})")]),
        (
            "quantity",
            [
                "Shipment { express: false, qty: 0, lines: [] }".into(),
                format!("Shipment {{ express: false, qty: 1, lines: {seven} }}"),
            ],
        ),
        (
            "line",
            [
                "Shipment { express: false, qty: 0, lines: [] }".into(),
                "Shipment { express: false, qty: 1, lines: [200] }".into(),
            ],
        ),
        ("text", ["(\"\", [])".into(), "(\"a\", [0])".into()]),
        ("float", ["(0.0, [])".into(), format!("(1.0, {seven})")]),
    ];
    both_reported(&cases, |args| {
        [
            reported(&smart_check(args, |t: &(bool, Vec<u8>)| t.0 && t.1.len() <= 6)),
            reported(&smart_check(args, |t: &(u8, Vec<u8>)| t.0 != 0 && t.1.len() <= 6)),
            reported(&smart_check(args, |o: &Shipment| o.qty != 0 && o.lines.len() <= 6)),
            reported(&smart_check(args, |o: &Shipment| {
                o.qty != 0 && o.lines.iter().all(|&x| x < 200)
            })),
            reported(&smart_check(args, |t: &(String, Vec<u8>)| {
                !t.0.is_empty() && !t.1.contains(&0)
            })),
            reported(&smart_check(args, |t: &(f64, Vec<u8>)| t.0 != 0.0 && t.1.len() <= 6)),
        ]
    });
    for seed in SEEDS {
        let args = seeded(seed);
        let report = smart_check(&args, |t: &(bool, Vec<u8>)| t.1.len() <= if t.0 { 8 } else { 5 });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, flag's limit:\n{report}");
        let report = smart_check(&args, |t: &(u8, Vec<u8>)| t.1.len() <= usize::from(t.0) + 6);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, number's limit:\n{report}");
        // The review's: a list's length under seven times a text's (every text of one char
        // fails beside seven elements, a longer one passes: it was a class per text length),
        // and a flag's limit on two numbers (a formula with another literal, `(false, x0,
        // 6)`, claims more than its flag).
        let report =
            smart_check(&args, |t: &(String, Vec<u8>)| t.1.len() < 7 * t.0.chars().count());
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, text's limit:\n{report}");
        let report = smart_check(&args, |t: &(bool, u8, u8)| {
            u32::from(t.1) + u32::from(t.2) <= if t.0 { 8 } else { 5 }
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, two numbers:\n{report}");
    }
}

/// One bug whose failing values at a place are 0 and others not next to it stays one
/// class: a first element other than 1 (`[2]` beside `[0]`), even, or under the list's
/// length, a number divisible by 7, and an element at most (or equal to) its index. Their
/// values unlike the literal fail at few values between or at isolated ones, not as a
/// threshold of their own.
#[test]
fn one_bug_failing_at_0_and_elsewhere_is_one_class() {
    for seed in SEEDS {
        let first = |v: &Vec<u8>| v.first().copied();
        let report = smart_check(&seeded(seed), |v: &Vec<u8>| first(v).is_none_or(|x| x == 1));
        assert_eq!(reported(&report), ["[0]"], "seed {seed}: other than 1");
        let report = smart_check(&seeded(seed), |v: &Vec<u8>| first(v).is_none_or(|x| x % 2 == 1));
        assert_eq!(reported(&report), ["[0]"], "seed {seed}: even");
        let report = smart_check(&seeded(seed), |v: &Vec<u8>| {
            first(v).is_none_or(|x| x as usize >= v.len())
        });
        assert_eq!(reported(&report), ["[0]"], "seed {seed}: under the length");
        let report = smart_check(&seeded(seed), |x: &u16| !x.is_multiple_of(7));
        assert_eq!(reported(&report), ["0"], "seed {seed}: divisible by 7");
        // An element at most its index, or equal to it: one bug wherever it sits (a long
        // list's later element was taken for another bug in 29 and 30 of 30 seeds, when a
        // list failing whatever its first element was judged apart, ab9f5c6).
        let at_most = |v: &Vec<u8>| v.iter().enumerate().all(|(i, &x)| usize::from(x) > i);
        assert_eq!(smart_check(&seeded(seed), at_most).counterexamples().len(), 1, "seed {seed}");
        let equal = |v: &Vec<u8>| v.iter().enumerate().all(|(i, &x)| usize::from(x) != i);
        assert_eq!(smart_check(&seeded(seed), equal).counterexamples().len(), 1, "seed {seed}");
    }
}

/// A cart's line, for [`a_second_bug_beside_a_list_elements_simplest_value_is_a_second_class`].
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Line {
    qty: u8,
    price: u16,
}

/// A cart of lines.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Cart {
    lines: Vec<Line>,
}

/// Two bugs beside a class whose literal is its type's simplest value in a list's element
/// (`forall x0: [0, ..x0]`, a first line's quantity of 0): the second bug's counterexample,
/// a list too long, sorted onto the literal (`[1, 0, 0, 0, 0, 0, 0]` to `[0, 0, 0, 0, 0, 0,
/// 1]`) or reduced in the open onto it, was taken for the class's, in every seed. A find
/// that fails whatever its elements hold at that place, all at once, where the class's
/// counterexample with its value passes, is another bug. One bug at any index (an element
/// equal to its index, a line's quantity at most its position) or a limit that grows with
/// the first element fails at some values there and passes at others: one class.
#[test]
fn a_second_bug_beside_a_list_elements_simplest_value_is_a_second_class() {
    let cart = |qtys: &[u8]| {
        let lines = qtys.iter().map(|&qty| Line { qty, price: 0 });
        format!("{:?}", Cart { lines: lines.collect() })
    };
    let cases: [(&str, [String; 2]); 4] = [
        ("list", ["[0]".into(), "[1, 0, 0, 0, 0, 0, 0]".into()]),
        ("cart", [cart(&[0]), cart(&[1, 0, 0, 0, 0, 0, 0])]),
        ("chars", ["['a']".into(), "['b', 'a', 'a', 'a', 'a', 'a', 'a']".into()]),
        ("texts", ["[\"\"]".into(), "[\"a\", \"a\", \"a\", \"a\", \"a\"]".into()]),
    ];
    both_reported(&cases, |args| {
        [
            reported(&smart_check(args, |v: &Vec<u8>| v.first() != Some(&0) && v.len() <= 6)),
            reported(&smart_check(args, |c: &Cart| {
                c.lines.first().is_none_or(|l| l.qty != 0) && c.lines.len() <= 6
            })),
            reported(&smart_check(args, |v: &Vec<char>| v.first() != Some(&'a') && v.len() <= 6)),
            reported(&smart_check(args, |v: &Vec<String>| {
                v.first().is_none_or(|s| !s.is_empty()) && v.len() <= 4
            })),
        ]
    });
    for seed in SEEDS {
        let args = seeded(seed);
        let report = smart_check(&args, |v: &Vec<u8>| {
            v.first().is_none_or(|&f| v.len() <= 3 * usize::from(f))
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, first's limit:\n{report}");
        let report = smart_check(&args, |c: &Cart| {
            c.lines.iter().enumerate().all(|(i, l)| usize::from(l.qty) > i)
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, positions:\n{report}");
        let report = smart_check(&args, |v: &Vec<char>| {
            (v.iter().enumerate()).all(|(i, &c)| c != char::from(b'a' + (i % 26) as u8))
        });
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}, letters:\n{report}");
    }
}

/// An address block, for [`a_bug_its_class_claims_too_little_of_stays_one_class`].
#[derive(Clone, Debug, PartialEq, SubTypes, Arbitrary)]
struct Block {
    network: std::net::Ipv4Addr,
    #[smartcheck(range = 0..=32)]
    prefix: u8,
}

/// One bug whose class claims a literal at its type's simplest value that the bug does not
/// need stays one class: a block whose network has a host bit set holds no address, at any
/// prefix, beside `(Block { network: 0.0.0.1, prefix: 0 }, x0)`; touching intervals beside
/// `[(x1, 0), (0, 0), ..x0]` with another interval between them. A later value that fails
/// whatever its prefix (or its interval) is no other bug where the class's counterexample
/// fails with that value too: the two were reported apart in 10 and 3 of the first 10 seeds
/// (ab9f5c6).
#[test]
fn a_bug_its_class_claims_too_little_of_stays_one_class() {
    fn mask(prefix: u8) -> u32 {
        u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0)
    }
    let contains = |(block, ip): &(Block, std::net::Ipv4Addr)| {
        let agree = (u32::from(*ip) ^ u32::from(block.network)) & mask(block.prefix) == 0;
        let holds = u32::from(*ip) & mask(block.prefix) == u32::from(block.network);
        holds == agree
    };
    let disjoint = |v: &Vec<(u8, u8)>| {
        let mut sorted: Vec<(u8, u8)> = v.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        sorted.sort_unstable();
        let mut merged: Vec<(u8, u8)> = Vec::new();
        for (a, b) in sorted {
            match merged.last_mut() {
                Some(last) if a < last.1 => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        merged.windows(2).all(|w| w[0].1 < w[1].0)
    };
    for seed in SEEDS {
        let report = smart_check(&seeded(seed), contains);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}: {report}");
        let report = smart_check(&seeded(seed), disjoint);
        assert_eq!(report.counterexamples().len(), 1, "seed {seed}: {report}");
    }
}

/// A job, for [`one_bug_in_two_orders_of_a_list_is_one_class`].
#[derive(Clone, Debug, PartialEq, SubTypes, Arbitrary)]
enum Job {
    Cpu(u8),
    Io(u8),
}

/// A shortest-job picker that reads an `Io` job's length as half: one bug, in either order
/// of a list (`[Io(1), Cpu(0)]`, and `[Cpu(2), Io(3)]`, whose `Io` is picked over a shorter
/// `Cpu`). The formula cannot say the relation (`[Io(1), c0(..), ..x0]`), and the later
/// order holds no known shape: it was a class of its own in 11 of 30 seeds (df434f1). Moved
/// into the class's shape (`[Io(3), Cpu(2)]`, failing the same way), its reduction in the
/// open lands in the class.
#[test]
fn one_bug_in_two_orders_of_a_list_is_one_class() {
    let shortest_job = |jobs: &Vec<Job>| {
        let read = |j: &Job| match *j {
            Job::Cpu(n) => u16::from(n),
            Job::Io(n) => u16::from(n) / 2,
        };
        let real = |j: &Job| match *j {
            Job::Cpu(n) | Job::Io(n) => n,
        };
        match (0..jobs.len()).min_by_key(|&i| (read(&jobs[i]), i)) {
            None => true,
            Some(i) => jobs.iter().all(|j| real(&jobs[i]) <= real(j)),
        }
    };
    let one = (SEEDS)
        .filter(|&seed| smart_check(&seeded(seed), shortest_job).counterexamples().len() == 1)
        .count();
    assert!(one >= 28, "one class in {one} of 30 seeds");
}
