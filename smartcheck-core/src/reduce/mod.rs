//! Counterexample reduction (paper §4, Figures 3 and 4, and beyond it): a table of small
//! passes, each stated for any type, run to a fixed point under an evaluation budget, as
//! Hypothesis keeps its shrink passes beside its shrinker.
//!
//! - [`order`]: the one order of simplicity every accepted candidate descends.
//! - [`structure`]: sub-value replacement and the sub-value hypothesis (§4, §4.3.1),
//!   lowering a constructor to an earlier one (and a leaf elsewhere back into the valid
//!   inputs when the lowered value is discarded; when it passes, a leaf under it nudged back
//!   among the failures, what it dropped carried into another field of its type, or, for a
//!   fieldless variant, another one of its type lowered by as many places).
//! - [`sequences`]: lists shortened (a prefix cut, runs of 1 to 8 elements deleted anywhere,
//!   one index deleted from every list of one type and length, neighbouring lists merged, a
//!   sub-value moved out of an element into another list, an element of a nested list lifted
//!   into the list around it, an element folded into its neighbour: strings concatenated,
//!   numbers whose sum wraps added).
//! - [`leaves`]: primitive leaves minimised (with `Args::shrink_values`): one at a time,
//!   equal ones together, the negative ones of a type mirrored to positive together, two by
//!   the same amount, size moved from one to a later one, one folded into a later one
//!   (strings), one raised a step where another falls by more, two strings shrunk by the
//!   same edit; as a last resort, an integer's set bits moved lower and its decimal digits
//!   cut or its leading one lowered (`jumps`), two leaves of different types lowered by one
//!   amount or trading size, a failure moved from an earlier string to a later one that
//!   holds none of it by an edge value (`edge_trade`), and, last of all, the small values of
//!   a leaf whose failure is
//!   isolated scanned one by one, then together with another leaf's (`small_values`), and an
//!   isolated char past ASCII replaced by each simpler one of ASCII and Latin-1
//!   (`scan_chars`).
//! - [`normal`]: swaps, sorts and rotations toward one normal form, so runs agree on the
//!   result.
//! - [`compensate`]: the last resort of the structure passes, run only in a round where
//!   every pass before it found nothing, once per shape: a piece removed and another part
//!   raised to make up for it; and [`structure::lower_in_context`], constructors lowered
//!   again where the value around them changed since; before it, [`sequences::delete_across`],
//!   one index deleted from lists of two types and one length at once. The leaf passes have
//!   theirs at the end of the table ([`leaves::across_types`], [`leaves::edge_trade`],
//!   [`leaves::small_values`], [`leaves::scan_chars`]), run only in a round where no pass
//!   found anything.
//!
//! Each round runs every pass in table order, the cheap deterministic ones first, the paper's
//! random search after them, normal form last; rounds repeat while any pass makes progress; a
//! pass that found nothing to do in a value is not run on it again.
//!
//! Invariant: the current value always fails the property the same way as the original, and
//! every accepted candidate is strictly simpler in [`order`], which is well-founded: reduction
//! terminates whatever the passes propose (see [`order`]). No candidate is run twice: what
//! each one did (failed another way, passed, was discarded) is remembered, whichever pass
//! asks (the tester's cache, keyed by a structural hash).
//!
//! Cost: every candidate costs one clone, one comparison and (unless cached) one property
//! call, each O(n) in the value's nodes. A long list shrinks by binary searches (a prefix cut,
//! a suffix kept) in O(log n) candidates before element-wise passes run; leaves are found by
//! one walk with run-length paths (O(n) for a list of n); the walks that try candidates at
//! every node (`hoist`, the paper's random search) visit at most `WORK / n` nodes of a value
//! of n (and at least `MIN_WALK`), so a walk copies O(`WORK`) nodes however large the value,
//! not O(n²); every pass stops at the evaluation budget.

pub mod compensate;
pub mod leaves;
pub mod normal;
pub mod order;
pub mod sequences;
pub mod structure;
pub mod tree;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use crate::args::Args;
use crate::gen::Gen;
use crate::index::{assign_at_path, Bfs};
use crate::property::Failure;
use crate::root::Root;
use crate::subtypes::{NodeMutRef, NodeRef, SubValue};
use crate::tester::{Tester, Unlike};

pub use tree::{generate_below, node_at, FastHasher};

/// A reduction pass: tries one kind of simplification, true when it made progress.
type Pass = fn(&mut Reducer<'_, '_>) -> bool;

/// What a pass changes; value passes run only with `Args::shrink_values`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Changes {
    Structure,
    Values,
    /// A last resort (structure and values together, or leaves of different types): run only
    /// with `Args::shrink_values`, and only in a round where no pass before it made progress;
    /// a new round starts after it makes some.
    LastResort,
    /// Structure replaced by values drawn at random (the paper's random search): skipped in
    /// a reduction that must move in steps ([`Reducer::in_steps`]).
    Drawn,
}

/// The passes, in the order each round runs them.
#[allow(clippy::type_complexity)]
fn passes() -> [(&'static str, Changes, Pass); 37] {
    use Changes::{Drawn, LastResort, Structure, Values};
    [
        ("truncate", Structure, sequences::truncate),
        ("hypothesis", Structure, structure::hypothesis),
        ("delete_runs", Structure, sequences::delete_runs),
        ("delete_pairs", Structure, sequences::delete_pairs),
        ("delete_columns", Structure, sequences::delete_columns),
        ("hoist", Structure, structure::hoist),
        ("merge_lists", Structure, sequences::merge_lists),
        ("relocate", Structure, sequences::relocate),
        ("lift", Structure, sequences::lift),
        ("lower_constructor", Structure, structure::lower_constructor),
        ("delete_across", LastResort, sequences::delete_across),
        ("compensate", LastResort, compensate::compensate),
        ("simplest_together", Values, leaves::simplest_together),
        ("minimise_leaves", Values, leaves::minimise_leaves),
        ("lower_equal", Values, leaves::lower_equal),
        ("flip_signs", Values, leaves::flip_signs),
        ("lower_pairs", Values, leaves::lower_pairs),
        ("move_size", Values, leaves::move_size),
        ("fold_neighbours", Values, sequences::fold_neighbours),
        ("fold_leaves", Values, leaves::fold_leaves),
        ("shrink_together", Values, leaves::shrink_together),
        ("trade", Values, leaves::trade),
        ("renumber", Values, sequences::renumber),
        ("subvalues", Drawn, structure::subvalues),
        ("sort_leaves", Values, normal::sort_leaves),
        ("relabel", Values, normal::relabel),
        ("swap_subtrees", Structure, normal::swap_subtrees),
        ("swap_constructors", Structure, normal::swap_constructors),
        ("rotate", Structure, normal::rotate),
        ("sort_lists", Values, normal::sort_lists),
        ("jumps", LastResort, leaves::jumps),
        ("lower_in_context", LastResort, structure::lower_in_context),
        ("across_types", LastResort, leaves::across_types),
        ("edge_trade", LastResort, leaves::edge_trade),
        ("lower_chars", LastResort, leaves::lower_chars),
        ("small_values", LastResort, leaves::small_values),
        ("scan_chars", LastResort, leaves::scan_chars),
    ]
}

/// What became of a candidate (see [`Reducer::probe`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Probe {
    /// Simpler and failing the same way: now the current value.
    Kept,
    /// Not simpler than the current value: not run.
    NotSimpler,
    /// Passed.
    Passed,
    /// Discarded (a precondition, or a field outside its range).
    Discarded,
    /// Failed another way.
    FailedOtherwise,
}

/// The nodes one walk of `hoist` or `subvalues` may copy in all (see [`Reducer::walk_cap`]).
const WORK: usize = 1 << 21;

/// The nodes such a walk visits however large the value: the top of a tree, where lifting a
/// child halves it.
const MIN_WALK: usize = 8;

/// Leaves the pair passes look at (the first ranked ones, depth-first).
const PAIRS: usize = 8;

/// Nodes and leaves the quadratic passes (pairs of nodes or leaves) look at.
const NEAR: usize = 48;

/// A set keyed by hashes already mixed.
pub(crate) type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// The state of one reduction.
pub struct Reducer<'a, 't> {
    args: &'a Args,
    tester: &'a mut Tester<'t>,
    gen: &'a mut Gen,
    /// The smallest counterexample so far.
    pub current: Root,
    /// How it fails.
    pub failure: Failure,
    signature: String,
    budget_end: usize,
    /// The current value's structural hash, once asked for.
    hash: Option<u64>,
    /// What the order reads of the current value, once asked for.
    profile: order::Profile,
    /// The random searches that found nothing, as hashes of (pass, path, sub-value): a later
    /// round does not search the same sub-value at the same place again.
    exhausted: FastSet<u64>,
    /// The leaves (hashes of their paths) whose descent crawled once already (see
    /// `leaves::lower_rank`).
    crawled: FastSet<u64>,
    /// The shapes (constructors, leaves left out) `compensate` found nothing in, each with
    /// its ranked leaves' ranks then.
    compensated: HashMap<u64, Vec<u64>, BuildHasherDefault<FastHasher>>,
    /// True when no pass replaces structure by drawn values ([`Reducer::in_steps`]).
    in_steps: bool,
}

impl<'a, 't> Reducer<'a, 't> {
    /// Prepares to reduce `value`, which fails with `failure`.
    pub fn new(
        args: &'a Args,
        tester: &'a mut Tester<'t>,
        gen: &'a mut Gen,
        value: Root,
        failure: Failure,
    ) -> Self {
        let budget_end = tester.evaluations.saturating_add(args.max_reduce_evaluations);
        let signature = failure.signature();
        tester.failed_as_asked(&*value);
        tester.record_failures(true);
        Reducer {
            args,
            tester,
            gen,
            current: value,
            failure,
            signature,
            budget_end,
            hash: None,
            profile: order::Profile::default(),
            exhausted: FastSet::default(),
            crawled: FastSet::default(),
            compensated: HashMap::default(),
            in_steps: false,
        }
    }

    /// This reduction without the random search (sub-values replaced by drawn ones): each
    /// candidate is a step from the last (a deletion, a fold, a leaf lowered or traded), so
    /// where it ends says something of where it began. A later round's counterexample
    /// reduced in the open to tell whether it is another value of a known bug
    /// (`rounds::in_the_open`) must not jump there: `[0; 13]`, a list over 12 long, was
    /// replaced by a drawn `[7]` beside `forall values x0: [7, ..x0]` in a third of the
    /// seeds, and the length bug was lost.
    pub fn in_steps(mut self) -> Self {
        self.in_steps = true;
        self
    }

    /// Runs the passes to a fixed point or until the evaluation budget is spent.
    pub fn run(mut self) -> (Root, Failure) {
        self.passes_to_fixed_point();
        self.tester.record_failures(false);
        (self.current, self.failure)
    }

    /// [`run`](Self::run)'s loop.
    fn passes_to_fixed_point(&mut self) {
        let table = passes();
        // The value each pass last found nothing to do in: it is not run on it again.
        let mut idle_at: Vec<Option<u64>> = vec![None; table.len()];
        loop {
            let mut progress = false;
            for (i, (name, changes, pass)) in table.into_iter().enumerate() {
                let values = matches!(changes, Changes::Values | Changes::LastResort);
                if (values && !self.args.shrink_values)
                    || (changes == Changes::LastResort && progress)
                    || (changes == Changes::Drawn && self.in_steps)
                {
                    continue;
                }
                if self.spent() {
                    return;
                }
                let here = self.value_hash();
                if idle_at[i] == Some(here) {
                    continue;
                }
                let before = self.tester.evaluations;
                let started = self.args.verbose.then(std::time::Instant::now);
                let made = pass(self);
                progress |= made;
                if !made {
                    idle_at[i] = Some(here);
                }
                if let Some(started) = started {
                    let spent = self.tester.evaluations - before;
                    eprintln!(
                        "smartcheck: {name}: {} in {spent} evaluations and {}µs, size {}",
                        if made { "progress" } else { "nothing" },
                        started.elapsed().as_micros(),
                        self.current.size()
                    );
                }
                if made && changes == Changes::LastResort {
                    // The raised part is left high for the structure passes to cut more
                    // against, before the leaf passes bring it down: a new round.
                    break;
                }
            }
            if !progress {
                return;
            }
        }
    }

    /// True once the evaluation budget is spent, or the run's overruns of its time limit in
    /// fork mode (`fork::overruns_spent`).
    fn spent(&self) -> bool {
        self.tester.evaluations >= self.budget_end || crate::fork::overruns_spent()
    }

    /// Keeps `candidate` when it is strictly simpler than the current value (see [`order`])
    /// and fails the same way; true if kept. A candidate that is not simpler costs nothing.
    fn try_candidate(&mut self, candidate: Root) -> bool {
        self.probe(candidate) == Probe::Kept
    }

    /// [`try_candidate`](Self::try_candidate), saying what became of a candidate it did not
    /// keep: for passes that steer by the outcome (a discard on one side, a pass on the other).
    fn probe(&mut self, candidate: Root) -> Probe {
        let (new, old) = (NodeRef::Value(candidate.node()), NodeRef::Value(self.current.node()));
        if !self.profile.compare(new, old).is_lt() {
            return Probe::NotSimpler;
        }
        match self.tester.outcome_as(&*candidate, Some(&self.signature)) {
            Ok(failure) => {
                record(&self.current, &candidate);
                self.current = candidate;
                self.failure = failure;
                self.hash = None;
                self.profile = order::Profile::default();
                Probe::Kept
            }
            Err(Unlike::FailedOtherwise) => Probe::FailedOtherwise,
            Err(Unlike::Passed) => Probe::Passed,
            Err(Unlike::Discarded) => Probe::Discarded,
        }
    }

    /// Whether `value` passes the property, simpler than the current value or not, without
    /// keeping it: for passes that read the shape of the failures around the current value
    /// before spending candidates on it. One evaluation, or none when run before.
    fn passes(&mut self, value: &Root) -> bool {
        self.tester.passes(&**value, Some(&self.signature))
    }

    /// [`try_candidate`](Self::try_candidate), reporting also whether the property ran.
    fn try_fresh(&mut self, candidate: Root) -> (bool, bool) {
        let before = self.tester.evaluations;
        let kept = self.try_candidate(candidate);
        (kept, self.tester.evaluations > before)
    }

    /// The structural hash of the current value.
    fn value_hash(&mut self) -> u64 {
        let current = &self.current;
        *self.hash.get_or_insert_with(|| tree::structural_hash(NodeRef::Value(current.node())))
    }

    /// The memo key of a random search by `pass` at `path` over `node`.
    fn search_key(&self, pass: &str, path: &[u32], node: NodeRef<'_>) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = FastHasher::default();
        pass.hash(&mut h);
        path.hash(&mut h);
        tree::hash_value(node, &mut h);
        h.finish()
    }

    /// The current value with the node at `path` replaced by `value`, if the types agree.
    fn with_replaced(&self, path: &[u32], value: Box<dyn SubValue>) -> Option<Root> {
        self.with_all(vec![(path, value)])
    }

    /// The current value with each `(path, value)` put in place (paths must not lie under one
    /// another).
    fn with_all(&self, replacements: Vec<(&[u32], Box<dyn SubValue>)>) -> Option<Root> {
        let mut candidate = self.current.clone();
        for (path, value) in replacements {
            assign_at_path(NodeMutRef::Value(candidate.node_mut()), path, value).ok()?;
        }
        Some(candidate)
    }

    /// Keeps the current value with each leaf at a path set to its value, when that is
    /// simpler and fails the same way; true if kept.
    fn try_leaves<'p>(
        &mut self,
        replacements: impl IntoIterator<Item = (&'p tree::LeafPath, Box<dyn SubValue>)>,
    ) -> bool {
        self.with_leaves(replacements).is_some_and(|c| self.try_candidate(c))
    }

    /// Offers, for each indexed node breadth-first, the candidates `propose` builds from the
    /// reducer, the node and its path; after one is kept, the walk starts again on the new
    /// value at the same index. True when one was kept.
    /// At most [`Reducer::walk_cap`] nodes are offered per walk.
    fn each_node(
        &mut self,
        mut propose: impl FnMut(&Self, NodeRef<'_>, &[u32]) -> Vec<Root>,
    ) -> bool {
        let mut progress = false;
        let mut start: usize = 0;
        'restart: loop {
            let cex = self.current.clone();
            let cap = start.saturating_add(self.walk_cap());
            let mut bfs = Bfs::new(NodeRef::Value(cex.node()));
            while let Some(visit) = bfs.next() {
                if visit.index < start {
                    continue;
                }
                if self.spent() || visit.index >= cap {
                    return progress;
                }
                let path = bfs.path(visit.index);
                for candidate in propose(self, visit.node, &path) {
                    if self.try_candidate(candidate) {
                        progress = true;
                        start = visit.index;
                        continue 'restart;
                    }
                }
            }
            return progress;
        }
    }

    /// How many nodes a walk that tries candidates at each node (each O(n) to build, compare
    /// and run) visits: all of a small value, fewer of a large one, so that one walk copies
    /// at most about [`WORK`] nodes: `hoist` and `subvalues` stay O(n) per walk, not O(n²),
    /// while the binary searches (`truncate`, `hypothesis`) cut a large value down first.
    fn walk_cap(&self) -> usize {
        (WORK / self.current.size().max(1)).max(MIN_WALK)
    }

    /// The current value with each leaf at a path set to its value.
    fn with_leaves<'p>(
        &self,
        replacements: impl IntoIterator<Item = (&'p tree::LeafPath, Box<dyn SubValue>)>,
    ) -> Option<Root> {
        let mut candidate = self.current.clone();
        for (path, value) in replacements {
            tree::assign_leaf(NodeMutRef::Value(candidate.node_mut()), path, value).ok()?;
        }
        Some(candidate)
    }
}

/// Accepted candidates as (before, after), while [`record_accepted`] runs.
type Accepted = Vec<(Box<dyn SubValue>, Box<dyn SubValue>)>;

thread_local! {
    static ACCEPTED: RefCell<Option<Accepted>> = const { RefCell::new(None) };
}

fn record(before: &Root, after: &Root) {
    ACCEPTED.with(|a| {
        if let Some(log) = a.borrow_mut().as_mut() {
            log.push((before.value().to_value(), after.value().to_value()));
        }
    });
}

/// Runs `f`, recording every candidate a reduction on this thread accepts, with the value it
/// replaced: for tests of the reducer's invariant (each is simpler, and fails the same way).
#[doc(hidden)]
pub fn record_accepted<R>(f: impl FnOnce() -> R) -> (R, Accepted) {
    let saved = ACCEPTED.with(|a| a.replace(Some(Vec::new())));
    let result = f();
    let log = ACCEPTED.with(|a| a.replace(saved)).unwrap_or_default();
    (result, log)
}

#[cfg(test)]
pub(crate) mod testing {
    //! Running one pass, or the whole reducer, on a value, for the passes' unit tests.
    use super::*;
    use crate::property::{Outcome, RootProperty};
    use crate::subtypes::SubTypes;

    /// A recursive type for the passes that need one, written out as the derive would:
    /// `Leaf` first, so that of the shapes of one sequence of leaves the right-leaning tree is
    /// the simplest (`rotate`); `Arr` holds a list of values of its own type (`lift`).
    #[derive(Clone, Debug, PartialEq)]
    pub enum Tree {
        Leaf(u8),
        Arr(Vec<Tree>),
        Node(Box<Tree>, u8, Box<Tree>),
    }

    impl crate::Arbitrary for Tree {
        fn arbitrary(g: &mut Gen) -> Self {
            Tree::Leaf(u8::arbitrary(g))
        }
        fn min_size() -> Option<usize> {
            Some(1)
        }
    }

    impl SubTypes for Tree {
        fn constructor(&self) -> &'static str {
            self.constructors()[match self {
                Tree::Leaf(_) => 0,
                Tree::Arr(_) => 1,
                Tree::Node(..) => 2,
            }]
        }
        fn constructors(&self) -> &'static [&'static str] {
            &["Leaf", "Arr", "Node"]
        }
        fn shape(&self) -> crate::Shape {
            crate::Shape::Tuple
        }
        fn children(&self) -> crate::Children<'_> {
            use crate::Child;
            match self {
                Tree::Leaf(x) => [Child::new(x)].into_iter().collect(),
                Tree::Arr(v) => [Child::new(v)].into_iter().collect(),
                Tree::Node(a, x, b) => {
                    [Child::new(&**a), Child::new(x), Child::new(&**b)].into_iter().collect()
                }
            }
        }
        fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
            let node: &mut dyn crate::NodeMut = match (self, k) {
                (Tree::Leaf(x), 0) => x,
                (Tree::Arr(v), 0) => v,
                (Tree::Node(a, _, _), 0) => &mut **a,
                (Tree::Node(_, x, _), 1) => x,
                (Tree::Node(_, _, b), 2) => &mut **b,
                _ => return None,
            };
            Some(NodeMutRef::Value(node))
        }
    }

    /// Reduces `v` (which must fail `prop`) with every pass.
    pub fn reduce_with<V: SubTypes>(prop: impl Fn(&V) -> bool, v: V, seed: u64) -> V {
        let args = Args::default();
        let prop = crate::property::erase(prop);
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(&v) {
            Outcome::Fail(f) => f,
            other => panic!("not a counterexample: {other:?}"),
        };
        let mut gen = Gen::new(seed, 10);
        Reducer::new(&args, &mut tester, &mut gen, Root::new(v), failure).run().0.downcast()
    }

    /// Runs one pass on `v` (which must fail `prop`) until it makes no more progress.
    pub fn one_pass<V: SubTypes>(prop: fn(&V) -> bool, v: V, pass: Pass) -> V {
        run_pass(&crate::property::erase(prop), v, pass)
    }

    /// [`one_pass`] for a property with a precondition.
    pub fn one_pass_verdict<V: SubTypes>(
        prop: fn(&V) -> crate::property::Verdict,
        v: V,
        pass: Pass,
    ) -> V {
        run_pass(&crate::property::erase(prop), v, pass)
    }

    fn run_pass<V: SubTypes>(prop: &RootProperty<'_>, v: V, pass: Pass) -> V {
        let args = Args::default();
        let mut tester = Tester::new(prop, None);
        let failure = match tester.run(&v) {
            Outcome::Fail(f) => f,
            other => panic!("not a counterexample: {other:?}"),
        };
        let mut gen = Gen::new(0, 10);
        let mut r = Reducer::new(&args, &mut tester, &mut gen, Root::new(v), failure);
        while pass(&mut r) {}
        r.current.downcast()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::reduce_with;

    #[test]
    fn reverse_reduces_to_two_elements() {
        for seed in 0..20 {
            let v = vec![5, -3, 8, 8, 1, 0, 12, -7];
            let got = reduce_with(|v| v.iter().rev().cloned().collect::<Vec<_>>() == *v, v, seed);
            assert_eq!(got, vec![0, 1], "seed {seed}");
        }
    }

    #[test]
    fn leaves_find_the_boundary() {
        let got = reduce_with(|v: &Vec<i32>| v.iter().all(|&x| x < 900), vec![3, 1000, 7, 2000], 1);
        assert_eq!(got, vec![900]);
    }

    #[test]
    fn a_long_list_failing_on_its_length_reduces_to_the_shortest() {
        let v: Vec<i32> = (0..100_000).map(|i| i * 7 - 3).collect();
        let got = reduce_with(|v: &Vec<i32>| v.len() < 10, v, 0);
        assert_eq!(got, vec![0; 10]);
    }
}
