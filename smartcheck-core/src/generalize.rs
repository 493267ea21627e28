//! Counterexample generalization (paper §5): which parts of a reduced counterexample do not
//! matter. Universal sub-value generalization (§5.1, `extrapolate`, in `universal`) and
//! existential constructor generalization (§5.2, `sumTest`, in `existential`) produce a
//! [`Generalization`], printed as a `forall` formula (`formula`).
//!
//! Beyond the paper, generalization is *honest*: the universal variables are also varied
//! together, and a note says so when that refutes the joint reading (the paper's
//! `forall values x0 x1 . Add x0 x1` caveat); a note says when a variable only ranges over
//! values that meet the precondition. A claim is never made that one of its own direct checks
//! refuted: one pass, or one failure of another kind, among the values tried drops it.
//!
//! Invariant: indexes are breadth-first indexes of the counterexample as given; it is never
//! changed, only copies of it with replaced sub-values are run. Every run goes through the
//! caller's [`Tester`], so it is counted, and all randomness comes from the caller's [`Gen`],
//! so a seed gives the same generalization every time.
//!
//! Cost: O(n · (`max_forall` + `max_exists`)) property evaluations for a counterexample with
//! n indexed sub-values, plus `max_forall` for the joint check; each evaluation copies the
//! counterexample once. Like reduction, generalization stops trying new sub-values after
//! `max_reduce_evaluations` evaluations (what it claimed so far stands; a note says so), so an
//! unreduced value of a hundred thousand constructors does not take hours.

mod existential;
mod formula;
mod universal;

use std::fmt;

use crate::args::Args;
use crate::gen::Gen;
use crate::index::{assign_at_path, Bfs};
use crate::property::{Failure, Outcome, PropertyResult};
use crate::reduce::generate_below;
use crate::render::{render, Holes};
use crate::subtypes::{NodeMutRef, NodeRef, SubTypes, SubValue};
use crate::tester::Tester;

/// What generalization found about one reduced counterexample.
///
/// ```
/// use smartcheck_core::{generalize, Args};
/// let args = Args { seed: Some(1), ..Args::default() };
/// // Fails whenever the first field is `Some`: the second does not matter.
/// let prop = |p: &(Option<u8>, Vec<u8>)| p.0.is_none();
/// let g = generalize(&args, prop, &(Some(0), vec![])).unwrap();
/// assert_eq!(g.formula(), "forall values x0:\n  (Some(0), x0)");
/// assert_eq!(g.universal(), [2]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Generalization {
    /// Breadth-first indexes of sub-values that may be any value (`x0`, `x1`, ...).
    pub(crate) universal: Vec<usize>,
    /// Breadth-first indexes of sub-values that may have any constructor (`c0`, ...).
    pub(crate) existential: Vec<usize>,
    /// The formula, rendered.
    pub(crate) formula: String,
    /// Caveats on the claim (joint variation refuted, precondition needed).
    pub(crate) notes: Vec<String>,
}

impl Generalization {
    /// True when anything was generalized.
    pub fn is_general(&self) -> bool {
        !self.universal.is_empty() || !self.existential.is_empty()
    }

    /// Breadth-first indexes of universally generalized sub-values, in order: the first is
    /// `x0`, the next `x1`, and so on.
    pub fn universal(&self) -> &[usize] {
        &self.universal
    }

    /// Breadth-first indexes of sub-values generalized over their constructors, in order: the
    /// first is `c0`, the next `c1`, and so on.
    pub fn existential(&self) -> &[usize] {
        &self.existential
    }

    /// The formula as printed: `forall values x0:\n  Div(x0, Add(C(-5), C(5)))`. When nothing
    /// was generalized, the counterexample alone.
    pub fn formula(&self) -> &str {
        &self.formula
    }

    /// Caveats on the claim: universal variables that may vary alone but not together, and
    /// variables that range only over values meeting the precondition.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

impl fmt::Display for Generalization {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formula)?;
        for note in &self.notes {
            write!(f, "\n({note})")?;
        }
        Ok(())
    }
}

/// Generalizes a reduced counterexample per `args`: universal (§5.1), then existential (§5.2),
/// then the honesty checks. `None` when both phases are turned off.
pub(crate) fn generalize_reduced<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    value: &T,
    failure: &Failure,
) -> Option<Generalization> {
    if !args.run_forall && !args.run_exists {
        return None;
    }
    let budget_end = tester.evaluations.saturating_add(args.max_reduce_evaluations);
    let subject = Subject::new(value, failure, budget_end);
    let (claims, mut stopped) = if args.run_forall {
        universal::extrapolate(args, tester, gen, &subject)
    } else {
        (Vec::new(), None)
    };
    let universal: Vec<usize> = claims.iter().map(|c| c.index).collect();
    let existential = if args.run_exists && stopped.is_none() {
        let (found, stop) = existential::sum_test(args, tester, gen, &subject, &universal);
        stopped = stop;
        found
    } else {
        Vec::new()
    };
    let mut notes = Vec::new();
    if let Some(joint) = universal::vary_together(args, tester, gen, &subject, &universal) {
        notes.push(joint.note());
    }
    notes.extend(universal::precondition_note(&claims));
    notes.extend(constructors_note(existential.len()));
    if let Some(index) = stopped {
        notes.push(format!(
            "generalization spent its budget of {} evaluations (max_reduce_evaluations) and \
             stopped at sub-value {index} of {}",
            args.max_reduce_evaluations,
            subject.len()
        ));
    }
    let formula = formula::formula(value, &universal, &existential, args.format);
    Some(Generalization { universal, existential, formula, notes })
}

/// What one run of a candidate said, relative to the counterexample's failure.
#[derive(Debug)]
enum Trial {
    /// The property held: the replacement is not a counterexample.
    Pass,
    /// The precondition rejected the candidate.
    Discard,
    /// The candidate fails the same way as the counterexample.
    Same,
    /// The candidate fails another way (another panic location, `Err` variant, ...).
    Other(Failure),
}

/// The counterexample being generalized, walked once: its indexed sub-values, the way to
/// each, and how it fails.
struct Subject<'v, T> {
    value: &'v T,
    /// The finished walk: the path to and the parent of every index.
    bfs: Bfs<'v>,
    /// The sub-value at each breadth-first index.
    nodes: Vec<NodeRef<'v>>,
    signature: String,
    /// The tester's evaluation count at which generalization stops trying new sub-values.
    budget_end: usize,
}

impl<'v, T: SubTypes> Subject<'v, T> {
    fn new(value: &'v T, failure: &Failure, budget_end: usize) -> Self {
        let mut bfs = Bfs::new(NodeRef::Value(value.node()));
        let nodes: Vec<NodeRef<'v>> = bfs.by_ref().map(|v| v.node).collect();
        Subject { value, bfs, nodes, signature: failure.signature(), budget_end }
    }

    /// True when the evaluation budget is spent: no new sub-value is tried.
    fn spent<R: PropertyResult, P: Fn(&T) -> R>(&self, tester: &Tester<'_, T, P>) -> bool {
        tester.evaluations >= self.budget_end
    }

    /// The number of indexed sub-values (index 0 is the whole value).
    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, index: usize) -> NodeRef<'v> {
        self.nodes[index]
    }

    /// Which indexes have one of `marked` strictly below them, in one pass from the last
    /// index up (a child's index is larger than its parent's).
    fn above(&self, marked: &[usize]) -> Vec<bool> {
        let mut above = vec![false; self.len()];
        let mut is_marked = vec![false; self.len()];
        for &m in marked {
            is_marked[m] = true;
        }
        for index in (1..self.len()).rev() {
            if let Some(parent) = self.bfs.parent(index) {
                above[parent] |= above[index] || is_marked[index];
            }
        }
        above
    }

    /// A sub-value with nothing below it whose type has one constructor has a single value
    /// (`()`, a unit struct): there is nothing to generalize.
    fn is_trivial(&self, index: usize) -> bool {
        let node = self.node(index);
        node.constructors().len() < 2 && node.children().is_empty()
    }

    /// A fresh value of the type of the sub-value at `index` (the paper's
    /// `newVals (scMaxSize args)`): a constructor budget of at most `max_size` (or the type's
    /// smallest size, if larger), numbers and lengths scaled by the QuickCheck size `size`.
    fn fresh(
        &self,
        index: usize,
        gen: &mut Gen,
        args: &Args,
        size: usize,
    ) -> Option<Box<dyn SubValue>> {
        let node = self.node(index);
        let min = node.type_node().min_size()?;
        generate_below(node, args.max_size.max(min) + 1, gen, size)
    }

    /// The counterexample with each `(index, value)` put in place. The indexes must not lie
    /// under one another; paths, unlike breadth-first indexes, stay valid as siblings change.
    fn with(&self, replacements: Vec<(usize, Box<dyn SubValue>)>) -> Option<T> {
        let mut candidate = self.value.clone();
        for (index, value) in replacements {
            let path = self.bfs.path(index);
            assign_at_path(NodeMutRef::Value(candidate.node_mut()), &path, value).ok()?;
        }
        Some(candidate)
    }

    /// Runs `candidate` against the property itself (strengthening's exclusion aside).
    fn trial<R: PropertyResult, P: Fn(&T) -> R>(
        &self,
        tester: &mut Tester<'_, T, P>,
        candidate: &T,
    ) -> Trial {
        match tester.run_property(candidate) {
            Outcome::Pass => Trial::Pass,
            Outcome::Discard => Trial::Discard,
            Outcome::Fail(f) if f.signature() == self.signature => Trial::Same,
            Outcome::Fail(f) => Trial::Other(f),
        }
    }
}

/// Generalized indexes, and which indexes are covered by one (are one, or lie under one: the
/// paper's `subTrees`). Filled in breadth-first order, so a parent is always decided before
/// its children are asked about: each question is O(1).
struct Marks {
    generalized: Vec<bool>,
    under: Vec<bool>,
}

impl Marks {
    /// Marks for a subject of `len` indexes, with `generalized` already generalized.
    fn new(len: usize, generalized: &[usize]) -> Self {
        let mut marks = Marks { generalized: vec![false; len], under: vec![false; len] };
        for &g in generalized {
            marks.generalized[g] = true;
        }
        marks
    }

    /// True when `index` is generalized or lies under a generalized index. Indexes must be
    /// asked about in increasing order.
    fn covers<T: SubTypes>(&mut self, subject: &Subject<'_, T>, index: usize) -> bool {
        let under = subject.bfs.parent(index).is_some_and(|p| self.generalized[p] || self.under[p]);
        self.under[index] = under;
        under || self.generalized[index]
    }

    fn generalize(&mut self, index: usize) {
        self.generalized[index] = true;
    }
}

/// The QuickCheck size of the `k`-th of `n` tries: a sweep from 0 up to `top`, so that leaves
/// near the simplest (where reduction left the counterexample's) and far from it are tried.
fn sweep(k: usize, n: usize, top: usize) -> usize {
    top * k / n.saturating_sub(1).max(1)
}

/// With several constructor variables, each was witnessed with the other sub-values as in
/// the counterexample: say that the claim is about each alone.
fn constructors_note(count: usize) -> Option<String> {
    if count < 2 {
        return None;
    }
    let names: Vec<String> = (0..count).map(|i| format!("c{i}")).collect();
    let (last, rest) = names.split_last().expect("two or more");
    Some(format!(
        "{} and {last} were each checked with the other sub-values as in the counterexample, \
         not together",
        rest.join(", ")
    ))
}

/// A sub-value printed on one line, for notes.
fn show(value: &dyn SubValue) -> String {
    render(value.as_node(), &Holes::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Format;
    use crate::property::{self, Verdict};

    fn args(seed: u64) -> Args {
        Args { seed: Some(seed), ..Args::default() }
    }

    fn generalized<T: SubTypes, R: PropertyResult>(
        seed: u64,
        prop: impl Fn(&T) -> R,
        value: &T,
    ) -> Generalization {
        crate::run::generalize(&args(seed), prop, value).expect("a counterexample")
    }

    fn some_fails(p: &(Option<u8>, Vec<u8>)) -> bool {
        p.0.is_none()
    }

    fn either_result_even(p: &(Result<u8, u8>, bool)) -> bool {
        match p.0 {
            Ok(x) | Err(x) => x % 2 == 1,
        }
    }

    fn either_true(p: &(Option<bool>, Option<bool>)) -> bool {
        p.0 != Some(true) && p.1 != Some(true)
    }

    fn guarded(p: &(Option<u8>, Vec<u8>)) -> Verdict {
        Verdict::implies(p.1.first() != Some(&0), p.0.is_none())
    }

    fn two_bugs(p: &(Option<u8>, Option<u8>)) -> bool {
        if let Some(x) = p.1 {
            assert!(x % 2 == 1, "even");
        }
        p.0.is_none()
    }

    #[allow(clippy::ptr_arg)] // a property of `Vec<Option<u8>>` takes `&Vec<Option<u8>>`
    fn long_list(v: &Vec<Option<u8>>) -> bool {
        v.len() < 2
    }

    #[test]
    fn a_sub_value_that_does_not_matter_is_universal() {
        for seed in 0..20 {
            let g = generalized(seed, some_fails, &(Some(0), vec![]));
            assert_eq!(g.universal(), [2], "seed {seed}: {g:?}");
            assert!(g.existential().is_empty(), "seed {seed}: {g:?}");
            assert_eq!(g.formula(), "forall values x0:\n  (Some(0), x0)");
            assert!(g.notes().is_empty(), "seed {seed}: {g:?}");
            assert_eq!(g.to_string(), g.formula());
        }
    }

    #[test]
    fn a_list_tail_that_does_not_matter_prints_as_rest() {
        for seed in 0..20 {
            let g = generalized(seed, long_list, &vec![None, Some(3)]);
            // 0 the list, 1 its first element, 2 the tail [Some(3)], 3 Some(3), 4 [].
            assert_eq!(g.universal(), [1, 3, 4], "seed {seed}: {g:?}");
            assert_eq!(g.formula(), "forall values x0 x1 x2:\n  [x0, x1, ..x2]");
        }
    }

    #[test]
    fn every_constructor_failing_is_existential() {
        for seed in 0..20 {
            let g = generalized(seed, either_result_even, &(Ok(0), false));
            assert!(g.universal().is_empty(), "seed {seed}: {g:?}");
            assert_eq!(g.existential(), [1], "seed {seed}: {g:?}");
            assert_eq!(
                g.formula(),
                "forall constructors c0: there exist arguments such that\n  (c0(..), false)"
            );
        }
    }

    #[test]
    fn an_empty_list_generalizes_over_its_constructors() {
        // The first fresh values are drawn at QuickCheck size 0, where every list is empty:
        // the search for a non-empty witness must go on to larger sizes.
        let prop = |p: &(Vec<u8>, Option<bool>)| {
            assert!(p.0.len() <= 3, "too long");
            p.1 != Some(true)
        };
        for seed in 0..20 {
            let g = generalized(seed, prop, &(vec![], Some(true)));
            assert_eq!((g.universal(), g.existential()), (&[][..], &[1][..]), "seed {seed}");
        }
    }

    #[test]
    fn a_sub_value_with_a_single_value_is_left_alone() {
        let g = generalized(2, |p: &((), Option<bool>)| p.1 != Some(true), &((), Some(true)));
        assert!(!g.is_general(), "{g:?}");
        assert_eq!(g.formula(), "((), Some(true))");
    }

    #[test]
    fn several_constructor_variables_say_they_were_checked_one_at_a_time() {
        let even = |r: &Result<u8, u8>| match r {
            Ok(x) | Err(x) => x % 2 == 0,
        };
        let prop = move |p: &(Result<u8, u8>, Result<u8, u8>)| !(even(&p.0) && even(&p.1));
        let mut seen_two = 0;
        for seed in 0..20 {
            let g = generalized(seed, prop, &(Ok(0), Ok(0)));
            let note = g.notes().iter().find(|n| n.contains("not together"));
            if g.existential().len() == 2 {
                seen_two += 1;
                let note = note.expect("two constructor variables get the note");
                assert_eq!(
                    note,
                    "c0 and c1 were each checked with the other sub-values as in the \
                     counterexample, not together"
                );
            } else {
                assert!(note.is_none(), "seed {seed}: {g:?}");
            }
        }
        assert!(seen_two > 10, "both results generalize in most seeds: {seen_two}");
    }

    #[test]
    fn a_constructor_that_never_fails_is_not_existential() {
        for seed in 0..20 {
            // `.0` must be Some: None never fails, so neither phase generalizes it.
            let g = generalized(seed, some_fails, &(Some(0), vec![]));
            assert!(!g.existential().contains(&1), "seed {seed}: {g:?}");
        }
    }

    #[test]
    fn variables_that_cannot_vary_together_get_a_note() {
        for seed in 0..20 {
            let g = generalized(seed, either_true, &(Some(true), Some(true)));
            assert_eq!(g.universal(), [1, 2], "seed {seed}: {g:?}");
            assert_eq!(g.notes().len(), 1, "seed {seed}: {g:?}");
            let note = &g.notes()[0];
            assert!(
                note.starts_with("each of x0, x1 may vary alone, but not together: e.g. x0 = "),
                "seed {seed}: {note}"
            );
            assert!(note.ends_with(" passes"), "seed {seed}: {note}");
            assert!(g.to_string().ends_with(&format!("\n({note})")));
        }
    }

    #[test]
    fn a_variable_needing_the_precondition_gets_a_note() {
        for seed in 0..20 {
            let g = generalized(seed, guarded, &(Some(1), vec![]));
            assert_eq!(g.universal(), [2], "seed {seed}: {g:?}");
            assert_eq!(g.notes().len(), 1, "seed {seed}: {g:?}");
            assert!(
                g.notes()[0].starts_with("x0 ranges over values that satisfy the precondition"),
                "seed {seed}: {g:?}"
            );
        }
    }

    #[test]
    fn a_failure_of_another_kind_refutes_a_claim() {
        for seed in 0..20 {
            // Replacing `.1` by an even `Some` panics instead of returning false.
            let g = generalized(seed, two_bugs, &(Some(0), None));
            assert!(!g.universal().contains(&2), "seed {seed}: {g:?}");
        }
    }

    #[test]
    fn generalization_stops_at_its_budget() {
        // Every element of a long list generalizes, at 20 evaluations each.
        let value: Vec<Option<u8>> = vec![None; 500];
        let prop = |v: &Vec<Option<u8>>| v.len() < 500;
        let args = Args { max_reduce_evaluations: 1000, ..args(1) };
        let mut tester = Tester::new(&prop, None);
        let mut gen = Gen::new(1, 10);
        let g = generalize_reduced(&args, &mut tester, &mut gen, &value, &Failure::False).unwrap();
        assert!(tester.evaluations < 1000 + 2 * 20, "{}", tester.evaluations);
        // What was claimed before the budget ran out stands.
        assert!((1..=1000 / 20).contains(&g.universal().len()), "{:?}", g.universal());
        let last = g.notes().last().expect("a note");
        assert!(last.starts_with("generalization spent its budget of 1000 evaluations"), "{last}");
    }

    #[test]
    fn nothing_to_generalize_leaves_the_value() {
        let g = generalized(1, |v: &Option<bool>| *v != Some(true), &Some(true));
        assert!(!g.is_general());
        assert_eq!(g.formula(), "Some(true)");
    }

    #[test]
    fn the_tree_format_indents_the_tree() {
        let args = Args { seed: Some(4), format: Format::Tree, ..Args::default() };
        let g = crate::run::generalize(&args, some_fails, &(Some(0), vec![])).unwrap();
        assert_eq!(g.formula(), "forall values x0:\n  (Some(0), x0)\n  +- Some(0)\n  `- x0");
    }

    #[test]
    fn generalization_is_counted_and_deterministic() {
        let run = |seed: u64| {
            let prop = some_fails;
            let mut tester = Tester::new(&prop, None);
            let mut gen = Gen::new(seed, 10);
            let value = (Some(0), vec![3, 4]);
            let g = generalize_reduced(&args(seed), &mut tester, &mut gen, &value, &Failure::False);
            (g, tester.evaluations)
        };
        let (g, evaluations) = run(9);
        assert_eq!(run(9), (g.clone(), evaluations));
        assert!(g.expect("both phases run").is_general());
        // 5 indexed sub-values: at most 20 universal and 20 existential runs each.
        assert!((10..=5 * 40).contains(&evaluations), "{evaluations}");
        let off = Args { run_forall: false, run_exists: false, ..args(9) };
        let prop = some_fails;
        let mut tester = Tester::new(&prop, None);
        let value = (Some(0), vec![]);
        let none =
            generalize_reduced(&off, &mut tester, &mut Gen::new(9, 10), &value, &Failure::False);
        assert_eq!((none, tester.evaluations), (None, 0));
    }

    /// Replaces each claimed index of `value` by 200 fresh values, one at a time, and returns
    /// the first one that passes or fails another way.
    fn refute<T: SubTypes, R: PropertyResult>(
        prop: &impl Fn(&T) -> R,
        value: &T,
        universal: &[usize],
        seed: u64,
    ) -> Option<String> {
        let Outcome::Fail(failure) = property::run(prop, value) else { panic!("not a cex") };
        let mut g = Gen::new(seed ^ 0xD1EC7, 0);
        for &index in universal {
            let node = value.sub_value(index).expect("claimed index exists");
            let min = node.min_size().expect("generated once already");
            for _ in 0..200 {
                let size = g.range(0, 100);
                g.set_size(size);
                let budget = g.range(min, min.max(10));
                let fresh = g.with_budget(budget, |g| node.generate(g));
                let mut candidate = value.clone();
                candidate.replace_sub_value(index, fresh).expect("same type");
                match property::run(prop, &candidate) {
                    Outcome::Discard => {}
                    Outcome::Fail(f) if f.signature() == failure.signature() => {}
                    other => return Some(format!("index {index}: {candidate:?}: {other:?}")),
                }
            }
        }
        None
    }

    fn never_refuted<T: SubTypes, R: PropertyResult>(prop: impl Fn(&T) -> R, value: T) {
        for seed in 0..8 {
            let g = generalized(seed, &prop, &value);
            if let Some(refuted) = refute(&prop, &value, g.universal(), seed) {
                panic!("seed {seed}: {g:?} refuted by {refuted}");
            }
        }
    }

    #[test]
    fn universal_claims_survive_direct_checks() {
        never_refuted(some_fails, (Some(0), vec![1, 2]));
        never_refuted(either_true, (Some(true), Some(true)));
        never_refuted(guarded, (Some(1), vec![5]));
        never_refuted(two_bugs, (Some(3), Some(1)));
        never_refuted(long_list, vec![Some(1), None, Some(0)]);
        never_refuted(|v: &Vec<u8>| v.iter().all(|&x| x < 3), vec![0, 3, 1, 1]);
        never_refuted(
            |p: &(Vec<u8>, Option<Vec<bool>>)| p.0.len() + p.1.as_ref().map_or(0, Vec::len) < 3,
            (vec![1, 2], Some(vec![true, false])),
        );
    }
}
